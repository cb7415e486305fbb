"""Operations: attacks with their damage, defence rolls, action seconds, example weapons (M4, M5, M7, M21, M22;
rules/semiautomagic.md §2.4 Attack sequence, §2.5 damage types, §2.13 Time and actions)."""

from __future__ import annotations

from py_rules.errors import RulesError
from py_rules.modifiers import parse_modifiers
from py_rules.operations import Operation
from py_rules.params import Param
from py_rules.semiautomagic import creature as C, tables as T
from py_rules.semiautomagic.actions import plan_action
from py_rules.semiautomagic.checks import attack_roll, defence_allowed, defence_roll
from py_rules.semiautomagic.damage import apply_hit, weapon_damage
from py_rules.semiautomagic.fields import ATTACKER, CREATURE, DYING_RULE, DYING_TRIGGER, LABEL, MODIFIERS
from py_rules.semiautomagic.ops_result import GM as _GM, finish
from py_rules.semiautomagic.weapons import COMMON_WEAPONS, WEAPONS_ARE_EXAMPLES, find_weapon, type_key
from py_rules.trace import Log, Modifier, Step, rolled
from py_rules.words import counted

__all__ = ("OPERATIONS",)


def _attack(
    dice,
    *,
    attacker,
    creature,
    label,
    kind,
    defence,
    modifiers,
    weapon="",
    dying_rule="health",
    dying_trigger="by_rule",
):
    arm = find_weapon(attacker, weapon)
    kind, why = attack_kind(kind, arm)
    result = _attack_roll(dice, attacker, creature, label, kind, defence, modifiers)
    result.steps.insert(0, why)
    result.details["kind"] = kind
    if arm is None:
        return result
    result.details["weapon"] = arm
    result.steps.insert(
        0,
        Step(
            f"{attacker['name'] or 'The attacker'} attacks with {arm['name']} ({arm['damage']} "
            f"{type_key(arm['damage_type'])}{', nonlethal' if arm['nonlethal'] else ''})",
            "seed 002, damage types",
        ),
    )
    target = C.copy_of(creature)
    result.state = target
    result.states = {"semiautomagic.creature": target, "semiautomagic.attacker": C.copy_of(attacker)}
    if not result.success:
        return result
    log = Log()
    amount = weapon_damage(dice, arm, log)
    log.event(
        f"{attacker['name'] or 'The attacker'} hits {creature['name'] or 'the target'} with {arm['name']} for "
        f"{amount} {type_key(arm['damage_type'])} damage."
    )
    if arm["nonlethal"]:
        log.step(f"Nonlethal {type_key(arm['damage_type'])} damage", "seed 002, Nonlethal Damage")
    apply_hit(
        dice,
        target,
        amount,
        type_key(arm["damage_type"]),
        log,
        nonlethal=arm["nonlethal"],
        rule=dying_rule,
        trigger=dying_trigger,
    )
    result.steps += log.steps
    result.events = list(result.events) + log.events
    result.flags += [f for f in log.flags if f not in result.flags]
    result.details.update(damage=amount, derived=C.derive(target))
    result.level_name = f"hit: {amount} {type_key(arm['damage_type'])} damage"
    return result


def attack_kind(kind: str, arm: dict | None) -> tuple[str, Step]:
    """The attack's kind and the line saying why: the one picked, else the weapon's declared kind (a bow rolls
    Ranged Skill), else melee (rules/semiautomagic.md §2.4: Weapon Skill for melee, Ranged Skill for ranged)."""
    if kind != T.KIND_OF_WEAPON:
        said = f"{kind.capitalize()} attack, as picked: {T.ATTACK_SKILLS[kind]}"
        if arm is not None and arm["kind"] != kind:
            said += f" (the {arm['name']} is a {arm['kind']} weapon)"
        return kind, Step(said, _SKILLS)
    if arm is None:
        return "melee", Step("No weapon: a melee attack, Weapon Skill", _SKILLS)
    chosen = arm["kind"]
    return chosen, Step(f"The {arm['name']} is a {chosen} weapon: {T.ATTACK_SKILLS[chosen]}", _SKILLS)


_SKILLS = "rules/semiautomagic.md §2.4"


def _attack_roll(dice, attacker, creature, label, kind, defence, modifiers):
    budget, reasons = C.action_seconds(attacker)
    if budget <= 0:
        why = "dead" if attacker["dead"] else ("; ".join(reasons) or "no action seconds")
        raise RulesError("not_allowed", f"{attacker['name'] or 'The attacker'} cannot attack now ({why}).", "attacker")
    situational = parse_modifiers(modifiers, _GM)
    result = attack_roll(dice, attacker, creature, kind, situational, label=label)
    result.details["defence"] = defence
    hit = "success" if result.success else "failure"
    said = [rolled(attacker["name"] or "The attacker", f"{kind} attack", result.total, result.target, hit)]
    result.details["who_rolled"] = said
    if not result.success or defence == "none":
        return result
    allowed, why, _penalty = defence_allowed(creature, defence)
    if not allowed:
        result.steps.append(
            Step(f"{creature['name'] or 'The defender'} cannot {defence}: {why}", "seed 002, Conditions")
        )
        result.flags.append("no_defence_allowed")
        return result
    bare = result.details["defence_dc"] - T.DEFENCE_BASE
    block = defence_roll(dice, creature, defence, bare)
    result.modifiers += [Modifier(f"defence roll: {m.label}", m.value, m.source) for m in block.modifiers]
    result.steps += [Step(f"Defence ({defence}): {s.text}", s.source) for s in block.steps]
    result.details["defence_roll"] = {"total": block.total, "dc": block.target, "success": block.success}
    blocked = "success" if block.success else "failure"
    said.append(rolled(creature["name"] or "The defender", defence, block.total, block.target, blocked))
    if block.success:
        result.success = False
        result.level_name = (
            f"the attack roll hit, but the {defence} negates it ({block.total} ≥ DC {block.target}): no damage"
        )
        result.flags.append("defended")
    return result


ATTACK = Operation(
    id="semiautomagic.attack",
    system="semiautomagic",
    title="Attack (roll to hit, then defence)",
    summary="d6 + attack skill − attacker's Scale against the defender's Target (4 − Scale); melee against a "
    "Helpless defender hits automatically. The defender may then block, dodge or parry if its conditions allow.",
    covers=("M4", "M5"),
    params=(
        ATTACKER,
        CREATURE,
        LABEL,
        Param(
            "kind",
            "choice",
            "Attack kind",
            "rules/semiautomagic.md §2.4: melee (Weapon Skill), ranged (Ranged Skill), spell (Magic); by default "
            "the weapon's own kind (melee without a weapon).",
            default=T.KIND_OF_WEAPON,
            choices=(T.KIND_OF_WEAPON,) + tuple(T.ATTACK_SKILLS),
        ),
        Param(
            "defence",
            "choice",
            "Defender's defence roll",
            "rules/semiautomagic.md §2.4: none, block (Shield Use), dodge (Reflex) or parry (Weapon Skill); the defender's "
            "conditions may forbid it (seed 002: Flat-Footed, Helpless, Broken, Held).",
            default="none",
            choices=("none",) + tuple(T.DEFENCE_OPTIONS),
        ),
        MODIFIERS,
        Param(
            "weapon",
            "text",
            "Weapon",
            "A weapon on the attacker's sheet: on a hit its damage is rolled and "
            "applied to the defender (seed 002, damage types). Empty: its first weapon; none listed: the roll only.",
            default="",
        ),
        DYING_RULE,
        DYING_TRIGGER,
    ),
    run=_attack,
    source="rules/semiautomagic.md §2.4 [SRC Attacking.html]; seed 002, Helpless; Flat-Footed; damage types; "
    "Nonlethal Damage; Health",
)


def _defence(dice, *, creature, label, option, attack_bonus, modifiers):
    return defence_roll(dice, creature, option, attack_bonus, parse_modifiers(modifiers, _GM), label=label)


DEFENCE = Operation(
    id="semiautomagic.defence_roll",
    system="semiautomagic",
    title="Defence roll (block, dodge, parry)",
    summary="d6 + Shield Use / Reflex / Weapon Skill ≥ 4 + the attacker's attack bonus; success negates the attack. "
    "Not allowed while Flat-Footed, Helpless or Broken; Held allows only a dodge at −1.",
    covers=("M5",),
    params=(
        CREATURE,
        LABEL,
        Param(
            "option",
            "choice",
            "Defence",
            "rules/semiautomagic.md §2.4: block = Shield Use, dodge = Reflex, parry = Weapon Skill.",
            default="dodge",
            choices=tuple(T.DEFENCE_OPTIONS),
        ),
        Param(
            "attack_bonus",
            "int",
            "Attacker's attack bonus (without Scale)",
            "rules/semiautomagic.md §2.4: the defence DC is 4 + this bonus.",
            default=2,
            minimum=-20,
            maximum=40,
        ),
        MODIFIERS,
    ),
    run=_defence,
    source="rules/semiautomagic.md §2.4; seed 002, Flat-Footed; Held; Broken; Helpless; Stunned; Panicked",
)


def _action(*, creature, label, seconds, seconds_used, weapon, combo, move):
    log = Log()
    plan = plan_action(creature, seconds, seconds_used, weapon, combo, move, log)
    return finish(
        "action", label, None, log, total=plan["rounds"], level_name=counted(plan["rounds"], "rounds"), details=plan
    )


ACTION = Operation(
    id="semiautomagic.take_action",
    system="semiautomagic",
    title="Action seconds",
    summary="Whether an action of n seconds fits this round: 6 s per round, 3 s when Disabled, none while Stunned, "
    "Broken or Helpless; Disabled forbids walking (crawl one square as a 4SA), weapons heavier than light and combos.",
    covers=("M21",),
    params=(
        CREATURE,
        LABEL,
        Param(
            "seconds",
            "int",
            "Action length (seconds)",
            "rules/semiautomagic.md §2.13: an nSA takes n seconds (0SA exists).",
            default=4,
            minimum=0,
            maximum=60,
        ),
        Param(
            "seconds_used",
            "int",
            "Seconds already used this round",
            "rules/semiautomagic.md §2.13: actions use consecutive seconds.",
            default=0,
            minimum=0,
            maximum=6,
        ),
        Param(
            "weapon",
            "choice",
            "Weapon effort",
            "rules/semiautomagic.md §2.4 [SRC WeaponEffort]: light, medium or heavy.",
            default="none",
            choices=T.WEAPON_EFFORTS,
        ),
        Param("combo", "bool", "Combo", "Seed 002, Disabled: no combos, single attacks only.", default=False),
        Param(
            "move",
            "choice",
            "Movement",
            "Seed 002, Disabled: can't walk, can crawl one square as a 4SA.",
            default="none",
            choices=("none", "walk", "crawl"),
        ),
    ),
    run=_action,
    rolls=False,
    source="seed 002, Disabled; Stunned; Broken; rules/semiautomagic.md §2.13",
)


def _weapon_list():
    log = Log()
    if WEAPONS_ARE_EXAMPLES:
        log.step(
            "The rules name the damage types and the weapons that deal them, not their dice: these dice are "
            "examples to change on the sheet.",
            "seed 002, damage types; rules/semiautomagic.md §2.14 S9",
        )
    for w in COMMON_WEAPONS:
        notes = [
            n
            for n, on in (("light material: one die smaller", w["light_material"]), ("nonlethal", w["nonlethal"]))
            if on
        ]
        log.step(
            f"{w['name']}: {w['damage']} {type_key(w['damage_type'])}" + (f" ({', '.join(notes)})" if notes else ""),
            "seed 002, damage types",
        )
    return finish(
        "weapon_list",
        "Example weapons",
        None,
        log,
        level_name=counted(len(COMMON_WEAPONS), "weapons"),
        details={"weapons": [dict(w) for w in COMMON_WEAPONS], "examples": WEAPONS_ARE_EXAMPLES},
    )


WEAPON_LIST = Operation(
    id="semiautomagic.weapon_list",
    system="semiautomagic",
    title="Example weapons",
    summary="One or two weapons for each damage type (piercing, bludgeoning, slashing, electric, heat, cold, "
    "chemical, EMP), with example dice to copy onto a sheet and change.",
    covers=("M22", "M7"),
    params=(),
    run=_weapon_list,
    rolls=False,
    source="seed 002, damage types; Bludgeoning; Nonlethal Damage; semiautomagic.weapons.COMMON_WEAPONS",
)


OPERATIONS = (ATTACK, DEFENCE, ACTION, WEAPON_LIST)
