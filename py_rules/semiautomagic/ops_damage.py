"""Operations: a hit taken (wound, dying, death, destroyed, knocked out, EMP) and damage rolled, one die smaller for
light-material bludgeoning weapons (M6–M8, M22; rules/semiautomagic.md §2.5 Damage, wounds, death, objects, damage
types)."""

from __future__ import annotations

from py_rules.dice_expr import parse
from py_rules.operations import Operation
from py_rules.params import Param
from py_rules.semiautomagic import creature as C, tables as T
from py_rules.semiautomagic.damage import apply_hit, emp_toughness, roll_damage, step_down
from py_rules.semiautomagic.fields import CREATURE, DYING_RULE, DYING_TRIGGER, LABEL
from py_rules.semiautomagic.ops_result import finish, told
from py_rules.trace import Log

__all__ = ("OPERATIONS",)

DAMAGE_TYPE = Param(
    "damage_type",
    "choice",
    "Damage type",
    "Seed 002: Piercing, Bludgeoning, Slashing, Electric, Heat (fire risk), Cold, Chemical, EMP "
    "(electronic devices only).",
    default="Slashing",
    choices=tuple(T.DAMAGE_TYPES),
)
LIGHT = Param(
    "light_material",
    "bool",
    "Light-material bludgeoning weapon",
    "Seed 002, Bludgeoning: weapons of light materials (aluminium, titanium, mithril) deal one die smaller "
    "damage (rules/semiautomagic.md §2.14 S9 die ladder d20 > d12 > d10 > d8 > d6 > d4 > d3 > d2 > 1).",
    default=False,
)


def _damage_terms(text: str, damage_type: str, light: bool, log: Log):
    expr = parse(text, T.DAMAGE_FORM, "damage")
    if light and damage_type in T.LIGHT_MATERIAL_TYPES:
        smaller = step_down(expr)
        log.step(f"Light-material bludgeoning weapon: {expr} → {smaller} (one die smaller)", "seed 002, Bludgeoning")
        return smaller
    if light:
        log.step(
            f"The light-material rule is for bludgeoning weapons only; {damage_type} damage is unchanged",
            "seed 002, Bludgeoning",
        )
    return expr


def _roll_amount(dice, text, damage_type, light, log):
    expr = _damage_terms(text, damage_type, light, log)
    amount, faces = roll_damage(dice, expr)
    if faces:
        log.step(f"Damage {expr}: dice {', '.join(map(str, faces))} → {amount}", "rules/semiautomagic.md §2.5")
    return amount


def _apply_damage(dice, *, creature, label, damage, damage_type, nonlethal, light_material, dying_rule, dying_trigger):
    c = C.copy_of(creature)
    log = Log()
    amount = _roll_amount(dice, damage, damage_type, light_material, log)
    if nonlethal:
        log.step(f"Nonlethal {damage_type} damage", "seed 002, Nonlethal Damage")
    # the number the hit is weighed against: Toughness, or for EMP the EMP Toughness of the device (seed 002, EMP)
    before = emp_toughness(c) if damage_type == "EMP" else C.toughness(c)
    apply_hit(dice, c, amount, damage_type, log, nonlethal=nonlethal, rule=dying_rule, trigger=dying_trigger)
    tough = C.toughness(c)
    result = finish(
        "damage",
        label,
        c,
        log,
        total=amount,
        target=before,
        level_name=hit_outcome_name(log.flags),
        details={"damage": amount, "toughness_after": tough},
    )
    return told(result, log)


def hit_outcome_name(flags) -> str:
    """What one hit did, the worst first, from its flags (rules/semiautomagic.md §2.5)."""
    for flag, name in (
        ("dead", "dead"),
        ("destroyed", "destroyed"),
        ("knocked_out", "knocked out"),
        ("dying", "dying"),
        ("emp_disabled", "disabled by EMP"),
        ("wounded", "wounded"),
        ("immune", "no effect"),
    ):
        if flag in flags:
            return name
    return "no effect"


APPLY_DAMAGE = Operation(
    id="semiautomagic.apply_damage",
    system="semiautomagic",
    title="Take a hit (damage vs Toughness)",
    summary="One hit: more than Minimum Toughness wounds (−1 Toughness); at Toughness the character starts dying "
    "(rule selectable); wounded while dying dies; nonlethal knocks out instead; objects are destroyed above "
    "Toughness and ignore nonlethal; EMP uses the EMP Toughness table.",
    covers=("M6", "M7", "M8", "M22"),
    params=(
        CREATURE,
        LABEL,
        Param(
            "damage",
            "text",
            "Damage",
            "The hit's damage: a number (9) or dice (2d6+3) to roll (rules/semiautomagic.md §2.5).",
            default="4",
            example="2d6",
            dice=T.DAMAGE_FORM,
        ),
        DAMAGE_TYPE,
        Param(
            "nonlethal",
            "bool",
            "Nonlethal",
            "Seed 002, Nonlethal Damage: a would-be-fatal hit knocks the target "
            "unconscious instead; objects are immune.",
            default=False,
        ),
        LIGHT,
        DYING_RULE,
        DYING_TRIGGER,
    ),
    run=_apply_damage,
    source="seed 002, Health; Wound; Nonlethal Damage; damage types; EMP; rules/semiautomagic.md §2.5",
)


def _roll_damage(dice, *, label, damage, damage_type, light_material):
    log = Log()
    amount = _roll_amount(dice, damage, damage_type, light_material, log)
    log.step(f"{damage_type}: {T.DAMAGE_TYPES[damage_type]}", "seed 002, damage types")
    if damage_type in T.FIRE_RISK_TYPES:
        log.flag("fire_risk")
    return finish("damage_roll", label, None, log, total=amount, level_name=f"{amount} {damage_type}")


ROLL_DAMAGE = Operation(
    id="semiautomagic.roll_damage",
    system="semiautomagic",
    title="Roll damage",
    summary="Roll a weapon's damage dice, one die smaller for light-material bludgeoning weapons; shows the damage "
    "type's note (heat: fire risk).",
    covers=("M7", "M22"),
    params=(
        LABEL,
        Param(
            "damage",
            "text",
            "Damage dice",
            "Dice such as 2d6+3 (rules/semiautomagic.md §2.14 S9).",
            default="2d6",
            dice=T.DAMAGE_FORM,
        ),
        DAMAGE_TYPE,
        LIGHT,
    ),
    run=_roll_damage,
    source="seed 002, damage types; Bludgeoning; Heat; rules/semiautomagic.md §2.5",
)


OPERATIONS = (APPLY_DAMAGE, ROLL_DAMAGE)
