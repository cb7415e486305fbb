"""Dying, stabilising, death, resuscitation and waking times (M9, M10, M19; seed 002 Health, Dying; rules/semiautomagic.md §2.6).

Pure parts: :func:`dying_modifiers`, :func:`impossible`, :func:`stabilises`. The rest change a
creature copy and record what happened in a :class:`Log`.
"""

from __future__ import annotations

from py_rules.dice import DiceSource, d
from py_rules.errors import RulesError
from py_rules.semiautomagic import creature as C, tables as T
from py_rules.semiautomagic.checks import D6, best_possible, check_total, passes, tired_modifiers
from py_rules.trace import Log, Modifier
from py_rules.words import counted

__all__ = (
    "DYING_ORDERS",
    "dying_modifiers",
    "impossible",
    "stabilises",
    "start_dying",
    "kill",
    "stabilise",
    "roll_wake_seconds",
    "dying_round",
    "fall_unconscious",
)

_DYING = "seed 002, Dying (Health section); rules/semiautomagic.md §2.6"
_DYING_COND = "seed 002, Dying (Conditions section); rules/semiautomagic.md §2.14 S1"
DYING_ORDERS = ("stabilise_first", "check_first")
"""rules/semiautomagic.md §2.14 S5: the stabilisation roll comes before the endurance check (default) or after."""
D10 = d(T.STABILISE_DIE)
D4 = d(T.WAKE_DIE)


def _source(rule: str) -> str:
    return _DYING if rule == "health" else _DYING_COND


def dying_modifiers(c: dict, rule: str = "health", extra=()) -> list[Modifier]:
    """Endurance, −1 per wound (Health rule only) and other modifiers of the dying endurance check.

    >>> [(m.label, m.value) for m in dying_modifiers(C.new_creature(wounds=2))]
    [('Endurance', 3), ('2 wounds', -2)]
    """
    mods = [Modifier("Endurance", C.endurance_for_toughness(c), _source(rule))]
    if T.DYING_RULES[rule]["wound_penalty"] and c["wounds"]:
        mods.append(Modifier(f"{c['wounds']} wound{'s' if c['wounds'] != 1 else ''}", -c["wounds"], _DYING))
    return mods + tired_modifiers(c) + list(extra)


def impossible(dc: int, modifiers) -> bool:
    """The DC is too high to succeed: above 6 + modifiers (seed 002: Endurance 3 cannot beat a DC above 9).

    >>> impossible(9, [Modifier("Endurance", 3, "")]), impossible(10, [Modifier("Endurance", 3, "")])
    (False, True)
    """
    return dc > best_possible(modifiers)


def stabilises(face: int) -> bool:
    """A 10 on the d10 stabilises (seed 002: a 10% chance each round).

    >>> stabilises(10), stabilises(9)
    (True, False)
    """
    return face == T.STABILISE_FACE


def kill(c: dict, log: Log, why: str, source: str) -> None:
    """The creature dies: every condition ends (resuscitation timing starts at 0 seconds)."""
    c["dead"] = True
    c["seconds_dead"] = 0
    c["conditions"] = {}
    c["statuses"] = []
    log.step(why, source)
    log.event(f"{c['name'] or 'The creature'} dies.")
    log.flag("dead")


def check_impossible(c: dict, log: Log, rule: str, extra=()) -> bool:
    """Kill ``c`` if its dying DC can no longer be reached (S4: wound penalty included); True if it died."""
    dc = c["conditions"]["Dying"]["dc"]
    mods = dying_modifiers(c, rule, extra)
    best = best_possible(mods)
    if dc > best:
        kill(
            c,
            log,
            f"DC {dc} is higher than the best possible check 6 {' '.join(f'{m.value:+d}' for m in mods)} = {best}: "
            "the character dies",
            _source(rule),
        )
        return True
    return False


def start_dying(c: dict, log: Log, rule: str = "health", extra=()) -> None:
    """Start Dying at the rule's DC (4 or 6); the DC is tested at once (rules/semiautomagic.md §2.14 S4)."""
    dc = T.DYING_RULES[rule]["start_dc"]
    c["conditions"]["Dying"] = {"seconds": None, "dc": dc}
    c["conditions"].pop("Sleeping", None)
    log.event(f"{c['name'] or 'The creature'} starts dying (unconscious; endurance check DC {dc} every round).")
    log.flag("dying")
    check_impossible(c, log, rule, extra)


def roll_wake_seconds(dice: DiceSource, wounds: int) -> tuple[int, list[int]]:
    """1d4 hours per wound (at least one d4, rules/semiautomagic.md §2.14 S7), in seconds, and the faces."""
    faces = dice.roll_many(max(1, wounds), D4, "hours until waking (1d4 per wound)")
    return sum(faces) * T.WAKE_SECONDS_PER_FACE, faces


def fall_unconscious(dice: DiceSource, c: dict, log: Log, why: str) -> None:
    """Unconscious with a wake-up timer of 1d4 hours per wound (seed 002, Unconscious)."""
    seconds, faces = roll_wake_seconds(dice, c["wounds"])
    log.step(
        f"Wakes in {'+'.join(map(str, faces))} = {counted(seconds // 3600, 'hours')} (1d4 per wound, at least one)",
        "seed 002, Unconscious; rules/semiautomagic.md §2.14 S7",
    )
    current = c["conditions"].get("Unconscious")
    if current is not None and (current["seconds"] is None or current["seconds"] > seconds):
        left = "until removed" if current["seconds"] is None else f"{current['seconds'] / 3600:g} more hours"
        log.step(
            f"Already unconscious for longer ({left}): falling unconscious again does not wake them sooner",
            "seed 002, Unconscious",
        )
        log.flag("unconscious")
        return
    c["conditions"]["Unconscious"] = {"seconds": seconds}
    c["conditions"].pop("Sleeping", None)
    log.event(f"{c['name'] or 'The creature'} is unconscious ({why}); wakes in {counted(seconds // 3600, 'hours')}.")
    log.flag("unconscious")


def stabilise(dice: DiceSource, c: dict, log: Log, why: str) -> None:
    """No longer dying, still unconscious (seed 002); the wake-up time is rolled."""
    c["conditions"].pop("Dying", None)
    log.event(f"{c['name'] or 'The creature'} is stabilised ({why}).")
    log.flag("stable")
    fall_unconscious(dice, c, log, "stable")


def dying_round(
    dice: DiceSource, c: dict, log: Log, *, rule: str = "health", order: str = "stabilise_first", extra=()
) -> None:
    """One round of Dying (M9): the d10 stabilisation roll and the endurance check, in ``order``.

    A failed check raises the DC by 1; a DC that can no longer be reached kills. The round is told in one line
    (``Dying: d10 3 (needs 10 to stabilise), Endurance check 6 vs DC 4 — passed: checks again next round``).
    """
    if "Dying" not in c["conditions"] or c["dead"]:
        raise RulesError("not_dying", f"{c['name'] or 'This creature'} is not dying.", "creature")
    if order not in DYING_ORDERS:
        raise RulesError("bad_choice", f"Unknown order {order!r}.", "order")
    steps = ("stabilise", "check") if order == "stabilise_first" else ("check", "stabilise")
    told = []
    for what in steps:
        if c["dead"] or "Dying" not in c["conditions"]:
            break
        if what == "stabilise":
            face = dice.roll(D10, "stabilisation (10 stabilises)")
            if stabilises(face):
                log.step(f"d10 rolled {face}: stabilised", "seed 002: a roll of 10 on a d10 stabilises")
                stabilise(dice, c, log, "a 10 on the d10")
                told.append(f"d10 {face} — stabilised")
            else:
                log.step(f"d10 rolled {face}: not stabilised (needs 10)", "seed 002, Dying")
                told.append(f"d10 {face} (needs 10 to stabilise)")
        else:
            told.append(_endurance_check(dice, c, log, rule, extra))
    log.tell("Dying: " + ", ".join(told))


def _endurance_check(dice: DiceSource, c: dict, log: Log, rule: str, extra) -> str:
    """The dying endurance check; returns it as told (``Endurance check 6 vs DC 4 — passed``)."""
    dying = c["conditions"]["Dying"]
    mods = dying_modifiers(c, rule, extra)
    face = dice.roll(D6, f"dying endurance check (DC {dying['dc']})")
    total = check_total(face, mods)
    arithmetic = " ".join(f"{m.value:+d} ({m.label})" for m in mods)
    said = f"Endurance check {total} vs DC {dying['dc']} — "
    if passes(total, dying["dc"]):
        log.step(
            f"Endurance check: d6 {face} {arithmetic} = {total} ≥ DC {dying['dc']}: success, checks again next round",
            _source(rule),
        )
        return said + "passed: checks again next round"
    log.step(
        f"Endurance check: d6 {face} {arithmetic} = {total} < DC {dying['dc']}: failure, DC rises to {dying['dc'] + 1}",
        _source(rule),
    )
    dying["dc"] += 1
    log.event(f"Dying DC rises to {dying['dc']}.")
    if check_impossible(c, log, rule, extra):
        return said + f"failed: DC {dying['dc']} cannot be reached, dies"
    return said + f"failed: DC rises to {dying['dc']}"
