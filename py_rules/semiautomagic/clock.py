"""Time: rounds, hours and days, ticking every timer (rules/cross-system.md §4; rules/semiautomagic.md §2.15 M9, M11, M15, M16, M18, M19, M20).

A round is 6 seconds. Every condition timer is kept in seconds; :func:`tick` lowers them all, ends the
expired ones (waking up leaves the character Flat-Footed one round) and makes Soul Coma's hourly check
when its hour is up. Each new round then runs the per-round rules in a fixed order: the dying round,
the Staggered stun roll, the Confusion chart.
"""

from __future__ import annotations

from py_rules.dice import DiceSource
from py_rules.durations import time_left
from py_rules.errors import RulesError
from py_rules.semiautomagic import condition_registry as R, creature as C, tables as T
from py_rules.semiautomagic.conditions import soul_coma_hour, staggered_round, wake
from py_rules.semiautomagic.confusion import confusion_round
from py_rules.semiautomagic.dying import dying_round
from py_rules.semiautomagic.recovery import healed_wounds
from py_rules.trace import Log
from py_rules.words import counted

__all__ = ("tick", "advance_rounds", "advance_hours", "advance_days")

_TIME = "rules/semiautomagic.md §2.13, rules/cross-system.md §4: one entry point runs every periodic rule"


def tick(
    dice: DiceSource, c: dict, seconds: int, log: Log, *, caretaker_medicine: int | None = None, rule: str = "health"
) -> None:
    """Let ``seconds`` (at most an hour) pass for ``c`` (changed in place)."""
    if not 0 < seconds <= T.HOUR_SECONDS:
        raise ValueError("tick by 1 second to 1 hour")
    if c["dead"]:
        c["seconds_dead"] += seconds
        return
    if C.is_object(c):
        return
    name = c["name"] or "The creature"
    round_statuses = [s for s in c["statuses"] if s in T.ROUND_STATUSES]
    if round_statuses:
        c["statuses"] = [s for s in c["statuses"] if s not in T.ROUND_STATUSES]
        log.event(f"{name} is no longer {', '.join(round_statuses)} (those last one round).")
    woken = []
    for cond in list(c["conditions"]):
        entry = c["conditions"].get(cond)
        if entry is None:
            continue
        if cond == "Confused" and entry["control_seconds"]:
            entry["control_seconds"] = max(0, entry["control_seconds"] - seconds)
            if not entry["control_seconds"]:
                log.event(f"The player's control of {name} ends; the Confusion chart resumes.")
        if entry["seconds"] is not None:
            entry["seconds"] -= seconds
            if entry["seconds"] <= 0:
                del c["conditions"][cond]
                log.event(f"{name} {R.CONDITIONS[cond].ends} (its time is up).")
                if not (cond == "Stunned" and "Staggered" in c["conditions"]):  # the next stun roll says it
                    log.tell(f"{cond} ends (its time is up)")
                if R.CONDITIONS[cond].wakes:
                    woken.append(cond)
        if cond == "Soul Coma" and "Soul Coma" in c["conditions"]:
            entry["seconds_to_check"] -= seconds
            if entry["seconds_to_check"] <= 0:
                log.step("An hour of Soul Coma has passed", "seed 002, Soul Coma")
                soul_coma_hour(dice, c, log, caretaker_medicine=caretaker_medicine, rule=rule)
    for cond in woken:
        if not C.has(c, "Unconscious") and not C.has(c, "Sleeping"):
            wake(c, log, cond)


def advance_rounds(
    dice: DiceSource,
    c: dict,
    rounds: int,
    log: Log,
    *,
    rule: str = "health",
    order: str = "stabilise_first",
    blank_rows: str = "reroll",
    caretaker_medicine: int | None = None,
    confusion: bool = True,
) -> None:
    """Start ``rounds`` new rounds: tick 6 seconds, then the dying round, the Staggered roll and the Confusion chart
    (``confusion`` False: not rolled here, the encounter rolls it at the start of the character's turn; seed 002,
    Confused: "Roll once on the Confusion chart every round to see what the character does").

    What decided something is told (:meth:`Log.tell`), each line led by its round when more than one round passes,
    then every condition timer still running (``Stunned: 2 rounds left``)."""
    for number in range(1, rounds + 1):
        log.step(f"— Round {number} —")
        first = len(log.told)
        _one_round(dice, c, log, rule, order, blank_rows, caretaker_medicine, confusion)
        if rounds > 1:
            log.told[first:] = [f"Round {number}: {line}" for line in log.told[first:]]
    if not c["dead"] and not C.is_object(c):
        for cond, entry in c["conditions"].items():
            if entry.get("seconds") is not None and entry["seconds"] >= T.ROUND_SECONDS:  # less: ends this round
                log.tell(time_left(cond, entry["seconds"], T.ROUND_SECONDS))


def _one_round(dice, c, log, rule, order, blank_rows, caretaker_medicine, confusion) -> None:
    tick(dice, c, T.ROUND_SECONDS, log, caretaker_medicine=caretaker_medicine, rule=rule)
    if c["dead"] or C.is_object(c):
        log.step("Dead: nothing happens" if c["dead"] else "An object: no timers", _TIME)
        return
    if "Dying" in c["conditions"]:
        dying_round(dice, c, log, rule=rule, order=order)
        if c["dead"]:
            return
    if "Staggered" in c["conditions"]:
        face = staggered_round(dice, c, log)
        log.tell(f"Staggered: d6 {face}, Stunned for {counted(face, 'seconds')}")
    confused = c["conditions"].get("Confused")
    if confused:
        if C.has(c, "Helpless"):
            why = next(n for n in ("Unconscious", "Sleeping", "Broken", "Helpless") if C.has(c, n))
            log.step(
                f"{why}: cannot act, so no Confusion roll this round",
                "seed 002, Confused (the chart says what the character does); Helpless; Broken",
            )
        elif confused["control_seconds"]:
            left = counted(confused["control_seconds"] // T.ROUND_SECONDS, "rounds")
            log.step(f"The player is in control this round ({left} left)", "seed 002, Confusion chart rows 18–20")
            log.tell(f"Confused: the player is in control ({left} left)")
        elif confusion:
            confusion_round(dice, c, log, blank_rows)
        else:
            log.step("Confused: the chart is rolled at the start of the character's turn", "seed 002, Confused")


def _refuse_dying(c: dict) -> None:
    if "Dying" in c["conditions"] and not c["dead"]:
        raise RulesError(
            "dying",
            f"{c['name'] or 'The creature'} is dying: advance round by round until it is stable or dead.",
            "creature",
        )


def advance_hours(
    dice: DiceSource, c: dict, hours: int, log: Log, *, caretaker_medicine: int | None = None, rule: str = "health"
) -> None:
    """Let whole hours pass: wake-up timers, Soul Coma checks, every other timer (Confusion rolls are skipped)."""
    _refuse_dying(c)
    for number in range(1, hours + 1):
        log.step(f"— Hour {number} —")
        tick(dice, c, T.HOUR_SECONDS, log, caretaker_medicine=caretaker_medicine, rule=rule)
        if "Dying" in c["conditions"] and not c["dead"]:
            log.step("The body began dying: time stops here so the dying rounds can be played", _TIME)
            log.flag("stopped_for_dying")
            return
    if "Confused" in c["conditions"]:
        log.step("Still Confused: the chart is rolled round by round in combat, not over hours", _TIME)


def advance_days(
    dice: DiceSource, c: dict, days: int, log: Log, *, slept_8h: bool, bedridden: bool, morale_per_day: int = 0
) -> None:
    """Let whole days pass (M11): every timer runs, then each day heals 1 wound after 8 hours' sleep or
    Endurance wounds when bedridden (seed 002); objects never heal; optional morale recovery (S15)."""
    _refuse_dying(c)
    if "Soul Coma" in c["conditions"] and not c["dead"]:
        raise RulesError("soul_coma", "A body in a Soul Coma needs hourly checks: advance hours instead.", "creature")
    name = c["name"] or "The creature"
    for number in range(1, days + 1):
        for _hour in range(24):
            tick(dice, c, T.HOUR_SECONDS, log)
        if c["dead"]:
            log.step(f"Day {number}: the dead do not heal", "seed 002, Health")
            continue
        if C.is_object(c) or C.is_machine(c):
            what = "objects" if C.is_object(c) else f"{c['kind']}s"
            log.step(f"Day {number}: wounded {what} don't heal (repair them with Engineering)", "seed 002, Health")
            continue
        healed = healed_wounds(c["wounds"], c["abilities"]["Endurance"], slept_8h, bedridden)
        how = (
            "bedridden: Endurance wounds"
            if bedridden
            else ("8 hours of sleep: 1 wound" if slept_8h else "no sleep or bed rest: no healing")
        )
        log.step(f"Day {number}: {how} → {healed} healed", "seed 002, Health; rules/semiautomagic.md §2.14 S10")
        if healed:
            c["wounds"] -= healed
            log.event(
                f"{name} heals {healed} wound{'s' if healed != 1 else ''} ({c['wounds']} left, Toughness {C.toughness(c)})."
            )
        if morale_per_day and c["morale_penalties"]:
            back = min(morale_per_day, c["morale_penalties"])
            c["morale_penalties"] -= back
            log.event(f"{name} recovers {back} morale penalt{'y' if back == 1 else 'ies'} (Will {C.will(c)}).")
            if "Broken" in c["conditions"] and C.will(c) > 0:
                del c["conditions"]["Broken"]
                log.event(f"{name} is no longer Broken.")
            confused = c["conditions"].get("Confused")
            if confused and confused["until_morale_removed"]:
                del c["conditions"]["Confused"]
                log.event(f"{name} is no longer Confused.")
