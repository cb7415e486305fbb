"""Damage: dice expressions (read by :mod:`py_rules.dice_expr` with :data:`~py_rules.semiautomagic.tables.DAMAGE_FORM`), "one die smaller", hits against Toughness, EMP (M6, M7, M8, M22; rules/semiautomagic.md §2.5).

:func:`hit_outcome` is the pure arithmetic of one hit; :func:`apply_hit` changes a creature copy.
"""

from __future__ import annotations

from py_rules.dice import DiceSource
from py_rules.dice_expr import Expr, Term, parse, render, roll
from py_rules.errors import RulesError
from py_rules.semiautomagic import creature as C, tables as T
from py_rules.semiautomagic.dying import fall_unconscious, kill, start_dying
from py_rules.trace import Log

__all__ = (
    "step_down",
    "roll_damage",
    "hit_outcome",
    "apply_hit",
    "apply_emp",
    "emp_toughness",
    "trigger_for",
    "weapon_damage",
)

_HEALTH = "seed 002, Health: wounds and dying"
_NONLETHAL = "seed 002, Nonlethal Damage"
_OBJECTS = "seed 002: objects destroyed above Toughness, immune to nonlethal"


def step_down(expr: Expr, steps: int = 1) -> Expr:
    """Every die one rung smaller on the ladder per step (d4 → d3 → d2 → a flat 1); constants unchanged (M7).

    >>> str(step_down(parse("2d6+3", T.DAMAGE_FORM))), str(step_down(parse("d2", T.DAMAGE_FORM)))
    ('2d4+3', '1')
    """
    terms = []
    for term in expr.terms:
        if not term.sides:
            terms.append(term)
            continue
        sides = T.DIE_LADDER[max(0, T.DIE_LADDER.index(term.sides) - steps)]
        terms.append(Term(term.sign, term.count, sides if sides > 1 else 0))
    smaller = Expr(tuple(terms))
    return Expr(smaller.terms, render(smaller))


def roll_damage(dice: DiceSource, expr: Expr, purpose: str = "damage") -> tuple[int, tuple[int, ...]]:
    """Roll ``expr``; the total (at least 0, rules/semiautomagic.md §2.5) and the faces."""
    rolled = roll(dice, expr, purpose, floor=T.DAMAGE_FORM.floor)
    return rolled.total, rolled.faces


def trigger_for(rule: str, trigger: str) -> str:
    """The dying trigger comparison (``equal_or_more`` or ``more``) for a rule and trigger setting."""
    return T.DYING_RULES[rule]["trigger"] if trigger == "by_rule" else trigger


def hit_outcome(
    damage: int, toughness: int, *, is_object: bool = False, trigger: str = "equal_or_more"
) -> tuple[bool, bool]:
    """(wounded, lethal) for one hit: a wound above Minimum Toughness; lethal at Toughness
    (dying for creatures: ``>=`` by default; destroyed for objects: strictly more, S12).

    >>> hit_outcome(3, 9), hit_outcome(4, 9), hit_outcome(8, 9), hit_outcome(9, 9)
    ((False, False), (True, False), (True, False), (True, True))
    >>> hit_outcome(9, 9, is_object=True), hit_outcome(9, 9, trigger="more")
    ((True, False), (True, False))

    A hit that deals no damage has no effect, even once wounds have pushed Minimum Toughness (or
    Toughness) to 0 or below: the seed's rules are about damage *taken*.

    >>> hit_outcome(0, 5), hit_outcome(0, 0), hit_outcome(1, 5)
    ((False, False), (False, False), (True, False))
    """
    if damage <= 0:
        return False, False
    wounded = damage > toughness - T.MINIMUM_GAP
    if is_object or trigger == "more":
        return wounded, damage > toughness
    return wounded, damage >= toughness


def apply_hit(
    dice: DiceSource,
    c: dict,
    damage: int,
    damage_type: str,
    log: Log,
    *,
    nonlethal: bool = False,
    rule: str = "health",
    trigger: str = "by_rule",
) -> None:
    """One hit of ``damage`` against ``c`` (a copy, changed in place) (M6, M22)."""
    if damage_type not in T.DAMAGE_TYPES:
        raise RulesError(
            "unknown_damage_type",
            f"Unknown damage type {damage_type!r}; types: {', '.join(T.DAMAGE_TYPES)}.",
            "damage_type",
        )
    log.step(f"{damage_type}: {T.DAMAGE_TYPES[damage_type]}", "seed 002, damage types")
    if damage_type in T.FIRE_RISK_TYPES:
        log.flag("fire_risk")
        log.step("Heat damage may set the target on fire (GM's call)", "seed 002, Heat")
    name = c["name"] or ("The object" if C.is_object(c) else "The creature")
    if c["dead"] or c["destroyed"]:
        log.step(f"{name} is already {'dead' if c['dead'] else 'destroyed'}: no further effect", _HEALTH)
        return
    if C.is_object(c) and nonlethal:
        log.step(f"{name} is an object: objects are immune to nonlethal damage", _OBJECTS)
        log.flag("immune")
        return
    if damage_type == "EMP":
        apply_emp(c, damage, log)
        return
    tough = C.toughness(c)
    minimum = tough - T.MINIMUM_GAP
    comparison = trigger_for(rule, trigger)
    wounded, lethal = hit_outcome(damage, tough, is_object=C.is_object(c), trigger=comparison)
    log.step(f"Damage {damage} against Toughness {tough} (Minimum Toughness {minimum})", _HEALTH)
    if damage <= 0:
        log.step("No damage gets through: no effect", _HEALTH)
        return
    if not wounded:
        log.step(f"{damage} ≤ Minimum Toughness {minimum}: no effect", _HEALTH)
        return
    c["wounds"] = min(C.COUNT_MAX, c["wounds"] + 1)
    log.step(f"{damage} > Minimum Toughness {minimum}: one wound (Toughness now {tough - 1})", "seed 002, Wound")
    log.event(f"{name} is wounded ({c['wounds']} wound{'s' if c['wounds'] != 1 else ''}; Toughness {tough - 1}).")
    log.flag("wounded")
    if C.is_object(c):
        if lethal:
            c["destroyed"] = True
            log.step(f"{damage} > Toughness {tough}: the object is destroyed (unusable)", _OBJECTS)
            log.event(f"{name} is destroyed.")
            log.flag("destroyed")
        return
    if "Dying" in c["conditions"]:
        if nonlethal:
            log.step("Wounded while dying would kill, but the damage is nonlethal: no death", _NONLETHAL)
            log.flag("nonlethal_spared")
            return
        kill(c, log, "Wounded while dying: the character dies", "seed 002: a dying character wounded while dying dies")
        return
    if not lethal:
        return
    sign = "≥" if comparison == "equal_or_more" else ">"
    if nonlethal:
        log.step(
            f"{damage} {sign} Toughness {tough} would start dying, but the damage is nonlethal: knocked unconscious instead",
            _NONLETHAL,
        )
        log.flag("knocked_out")
        fall_unconscious(dice, c, log, "knocked out by nonlethal damage")
        return
    log.step(
        f"{damage} {sign} Toughness {tough}: starts dying",
        _HEALTH if rule == "health" else "seed 002, Dying (Conditions)",
    )
    start_dying(c, log, rule)


def emp_toughness(c: dict) -> int | None:
    """The EMP Toughness an EMP hit is weighed against (seed 002, EMP table); None for what is not electronic."""
    return T.EMP_TOUGHNESS[c["emp_complexity"]][0] if c["emp_complexity"] else None


def apply_emp(c: dict, damage: int, log: Log) -> None:
    """EMP damage against the EMP Toughness of the device's complexity (M8); armour and size are irrelevant.
    Its told line compares the damage with that EMP Toughness, the number the rule uses (not Toughness)."""
    name = c["name"] or "The target"
    if not c["emp_complexity"]:
        log.step(f"{name} is not an electronic device: EMP has no effect", "seed 002, EMP")
        log.flag("immune")
        return
    emp_tough, example = T.EMP_TOUGHNESS[c["emp_complexity"]]
    if damage > emp_tough:
        c["emp_disabled"] = True
        log.step(
            f"EMP {damage} > EMP Toughness {emp_tough} ({c['emp_complexity']}): ceases to function until repaired",
            "seed 002, EMP table",
        )
        log.event(f"{name} stops working (EMP).")
        log.flag("emp_disabled")
        log.tell(f"EMP {damage} vs EMP Toughness {emp_tough} — stops working until repaired")
    else:
        log.step(f"EMP {damage} ≤ EMP Toughness {emp_tough} ({c['emp_complexity']}): no effect", "seed 002, EMP table")
        log.tell(f"EMP {damage} vs EMP Toughness {emp_tough} — no effect")


def weapon_damage(dice: DiceSource, weapon: dict, log: Log) -> int:
    """Roll a sheet weapon's damage: one die smaller for a light-material bludgeoning weapon (seed 002,
    Bludgeoning; rules/semiautomagic.md §2.14 S9 die ladder)."""
    expr = parse(weapon["damage"], T.DAMAGE_FORM, "weapon")
    if weapon["light_material"] and weapon["damage_type"] == "bludgeoning":
        smaller = step_down(expr)
        log.step(
            f"{weapon['name']} is a bludgeoning weapon of a light material: {expr} → {smaller} (one die smaller)",
            "seed 002, Bludgeoning",
        )
        expr = smaller
    amount, faces = roll_damage(dice, expr, f"{weapon['name']} damage")
    log.step(f"Damage {expr}: dice {', '.join(map(str, faces)) or 'none'} → {amount}", "rules/semiautomagic.md §2.5")
    return amount
