"""Medicine, Resuscitate, daily healing and repair (M10, M11, M12; seed 002 Health; rules/semiautomagic.md §2.6, §2.7).

:func:`healed_wounds` is the pure daily-healing rule; the rest change a creature copy.
"""

from __future__ import annotations

from py_rules.dice import DiceSource
from py_rules.errors import RulesError
from py_rules.semiautomagic import creature as C, tables as T
from py_rules.semiautomagic.checks import D6, check_total, passes
from py_rules.semiautomagic.dying import fall_unconscious, stabilise
from py_rules.trace import Log, Modifier

__all__ = ("medicine_check", "medicine_stabilise", "resuscitate", "healed_wounds", "repair")


def medicine_check(
    dice: DiceSource, bonus: int, dc: int, log: Log, what: str, skill: str = "Medicine", situational=(), said=None
) -> bool:
    """d6 + skill bonus + modifiers ≥ DC, written to ``log``; the total and the DC added to ``said`` when given (a
    post names the check's numbers)."""
    mods = [Modifier(f"{skill} bonus", bonus, "rules/semiautomagic.md §2.2")] + list(situational)
    face = dice.roll(D6, f"{skill} ({what}, DC {dc})")
    total = check_total(face, mods)
    ok = passes(total, dc)
    if said is not None:
        said.append((total, dc))
    log.step(
        f"{skill} ({what}): d6 {face} {' '.join(f'{m.value:+d} ({m.label})' for m in mods)} = {total} "
        f"{'≥' if ok else '<'} DC {dc}: {'success' if ok else 'failure'}",
        "rules/semiautomagic.md §2.2",
    )
    return ok


def medicine_stabilise(
    dice: DiceSource, c: dict, bonus: int, dc: int | None, log: Log, situational=(), said=None
) -> bool:
    """A successful Medicine check stabilises a dying character (seed 002); the DC defaults to the current dying DC (S6)."""
    if "Dying" not in c["conditions"] or c["dead"]:
        raise RulesError("not_dying", f"{c['name'] or 'This creature'} is not dying.", "creature")
    if dc is None:
        dc = c["conditions"]["Dying"]["dc"]
        log.step(f"Medicine DC = the current dying DC {dc}", "rules/semiautomagic.md §2.14 S6")
    ok = medicine_check(dice, bonus, dc, log, "stabilise", situational=situational, said=said)
    if ok:
        stabilise(dice, c, log, "a successful Medicine check")
    return ok


def resuscitate(
    dice: DiceSource, c: dict, bonus: int, dc: int, window_rounds: int, log: Log, situational=(), said=None
) -> bool:
    """Resuscitate (Medicine technique): a timely check brings a dead character back to life (seed 002).

    "Timely" = within ``window_rounds`` rounds of death (rules/semiautomagic.md §2.14 S6). Revived characters are
    unconscious and stable, wounds unchanged.
    """
    if not c["dead"]:
        raise RulesError("not_dead", f"{c['name'] or 'This creature'} is not dead.", "creature")
    window = window_rounds * T.ROUND_SECONDS
    if c["seconds_dead"] > window:
        raise RulesError(
            "too_late",
            f"Dead for {c['seconds_dead']} seconds: Resuscitate only works within "
            f"{window_rounds} rounds ({window} seconds).",
            "creature",
        )
    log.step(
        f"Dead for {c['seconds_dead']} s, within the {window} s window: Resuscitate may be tried",
        "rules/semiautomagic.md §2.14 S6",
    )
    ok = medicine_check(dice, bonus, dc, log, "Resuscitate", situational=situational, said=said)
    if ok:
        c["dead"] = False
        c["seconds_dead"] = 0
        log.event(f"{c['name'] or 'The character'} is brought back to life.")
        log.flag("resuscitated")
        fall_unconscious(dice, c, log, "resuscitated")
    return ok


def healed_wounds(wounds: int, endurance: int, slept_8h: bool, bedridden: bool) -> int:
    """Wounds healed in one day: Endurance if bedridden, else 1 with 8 hours of sleep (not both, S10).

    >>> healed_wounds(5, 3, True, False), healed_wounds(5, 3, True, True), healed_wounds(2, 3, False, True), healed_wounds(5, 3, False, False)
    (1, 3, 2, 0)
    """
    rate = endurance if bedridden else (T.SLEEP_HEAL_WOUNDS if slept_8h else 0)
    return min(wounds, rate)


def repair(
    dice: DiceSource, c: dict, bonus: int, dc: int, wounds: int, log: Log, skill: str = "Engineering", situational=()
) -> bool:
    """Repair an object, a vehicle or a robot with the Engineering (or Repair) skill: success removes up to ``wounds``
    wounds and makes a destroyed or EMP-disabled one work again (seed 002: "Objects can be repaired using the
    Engineering skill"; EMP: "ceases to function without repairs"; the DC and extent are the GM's, rules/semiautomagic.md §2.14
    S13)."""
    if not (C.is_object(c) or C.is_machine(c)):
        raise RulesError(
            "not_an_object",
            f"{c['name'] or 'This'} is a living creature: creatures heal; objects, vehicles and robots are repaired.",
            "creature",
        )
    ok = medicine_check(dice, bonus, dc, log, "repair", skill=skill, situational=situational)
    if not ok:
        return False
    name = c["name"] or "The object"
    fixed = min(wounds, c["wounds"])
    if fixed:
        c["wounds"] -= fixed
        log.event(f"{name}: {fixed} wound{'s' if fixed != 1 else ''} repaired (Toughness {C.toughness(c)}).")
    if c["destroyed"]:
        c["destroyed"] = False
        log.event(f"{name} is usable again.")
    if c["emp_disabled"]:
        c["emp_disabled"] = False
        log.event(f"{name} works again after the EMP.")
    if not (fixed or log.events):
        log.step("Nothing needed repairing", "seed 002")
    return True
