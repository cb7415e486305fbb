"""Time passing: every periodic rule of seed 000 (U12, U15, U16, U23; rules/armageddon.md §1.9–1.12, rules/cross-system.md §4).

:func:`advance_time` walks Turn by Turn (``turn_seconds``, default 5 s): frozen
and death timers, Survival Tests every minute, EP drains by activity and
encumbrance, sleep and rest recovery, Essence regeneration and the per-Turn
Consciousness Test below 0 EP. Periodic rules fire when the character's own
clock (``timers.clock_seconds``) crosses a multiple of their interval, so
partial intervals carry over between calls. :func:`advance_days` runs the daily
rules: sleep and missed sleep, Essence regeneration, LP healing.
"""

from __future__ import annotations

from py_rules.armageddon.character import attribute, has, name_of, remove
from py_rules.armageddon.damage import damage_endurance, restore_points
from py_rules.armageddon.encumbrance import load_of
from py_rules.armageddon.essence import essence_checks, gain_essence, regeneration
from py_rules.armageddon.healing import heal_one_day
from py_rules.armageddon.life import consciousness_test, die, survival_test
from py_rules.armageddon.tables import (
    ACTIVITY_DRAIN,
    ENCUMBRANCE_DRAIN_DIE,
    REST_RECOVERY_INTERVAL,
    SLEEP_NEEDED_HOURS,
    SLEEP_RECOVERY_INTERVAL,
    SURVIVAL_THRESHOLD,
)
from py_rules.dice import d
from py_rules.errors import RulesError

__all__ = ("crossings", "advance_time", "advance_days", "MAX_SECONDS", "MAX_DAYS")

MAX_SECONDS = 86_400
"""One call advances at most a day; longer spans go through :func:`advance_days`."""
MAX_DAYS = 60

_EP = "seed 000, Endurance Points"
_ENC = "seed 000, Encumbrance"


def crossings(start: int, end: int, interval: int) -> int:
    """How many multiples of ``interval`` lie in (start, end].

    >>> crossings(0, 600, 600), crossings(590, 610, 600), crossings(0, 599, 600)
    (1, 1, 0)
    """
    return end // interval - start // interval


def _drain_die(work, count: int, why: str) -> int:
    return sum(work.dice.roll_many(count, d(ENCUMBRANCE_DRAIN_DIE), why))


def _out(char) -> bool:
    return any(has(char, c) for c in ("asleep", "unconscious", "dying", "death_pending"))


def _tick(work, start: int, end: int, activity: str, load) -> None:
    """Everything that happens in the span (start, end] of the character's clock."""
    char, timers, settings = work.char, work.char["timers"], work.settings
    span = end - start
    who = name_of(char)
    if has(char, "frozen"):
        timers["frozen_seconds"] = max(0, timers["frozen_seconds"] - span)
        if timers["frozen_seconds"] == 0:
            remove(char, "frozen")
            work.event(f"{who} is no longer frozen.")
    if has(char, "death_pending"):
        timers["death_seconds"] = max(0, timers["death_seconds"] - span)
        if timers["death_seconds"] == 0:
            die(work, "no resuscitation within Constitution × 2 minutes")
            return
    if has(char, "dying") and not has(char, "stabilised"):
        timers["survival_seconds"] -= span
        if timers["survival_seconds"] <= 0:
            survival_test(work)
    effective = "sleeping" if has(char, "asleep") else ("resting" if _out(char) else activity)
    ep_before = work.current["endurance_points"]
    _endurance(work, start, end, effective, load)
    drained = work.current["endurance_points"] < ep_before
    gained, why = regeneration(char, start, end)
    if gained and work.current["essence"] < char["derived"]["essence"]:
        gain_essence(work, gained, why)
    turns = crossings(start, end, settings.turn_seconds)
    # Seed 000: below 0 EP, one Consciousness Test every Turn (however many drains the Turn had).
    if (turns or drained) and work.current["endurance_points"] < 0 and not _out(char):
        consciousness_test(work, "EP")
    if (
        turns
        and settings.consciousness_timing == "every_turn"
        and work.current["life_points"] <= 0
        and not has(char, "unconscious")
        and not has(char, "dead")
    ):
        consciousness_test(work, "LP")
    if has(char, "asleep") and work.current["endurance_points"] >= 0 and activity != "sleeping":
        remove(char, "asleep")
        work.event(f"{who} wakes up: EP are no longer below 0.")  # rules/armageddon.md §1.16 A14


def _endurance(work, start: int, end: int, activity: str, load) -> None:
    char, settings = work.char, work.settings
    con = attribute(char, "Constitution")
    if activity in ACTIVITY_DRAIN:
        interval, amount = ACTIVITY_DRAIN[activity]
        interval = settings.turn_seconds if interval == "turn" else interval
        for _ in range(crossings(start, end, interval)):
            lost = (
                amount
                if isinstance(amount, int)
                else _drain_die(work, amount[0], f"EP drain ({activity.replace('_', ' ')})")
            )
            damage_endurance(work, lost, f"{activity.replace('_', ' ')} activity", test=False)
    if activity not in ("resting", "sleeping") and load.drain_seconds:
        for _ in range(crossings(start, end, load.drain_seconds)):
            damage_endurance(
                work,
                _drain_die(work, 1, f"EP drain ({load.level} Encumbrance)"),
                f"{load.level} Encumbrance",
                test=False,
            )
    if activity == "sleeping":
        ticks = crossings(start, end, SLEEP_RECOVERY_INTERVAL)
        if ticks:
            _sleep_recovery(work, ticks * con, f"sleep (Constitution {con} per ½ hour)")
    elif activity == "resting":
        ticks = crossings(start, end, REST_RECOVERY_INTERVAL)
        if ticks and work.current["endurance_points"] < char["derived"]["endurance_points"]:
            restore_points(work, ticks * con, "EP", f"rest (Constitution {con} per hour)")


def _sleep_recovery(work, amount: int, why: str) -> None:
    """Sleep restores EP up to the maximum, sleep debt included (seed 000: only sleep restores it)."""
    char = work.char
    maximum = char["derived"]["endurance_points"]
    before = work.current["endurance_points"]
    after = max(before, min(maximum, before + amount))
    if after == before:
        return
    work.current["endurance_points"] = after
    char["sleep_debt"] = min(char["sleep_debt"], maximum - after)
    work.event(f"{name_of(char)} regains {after - before} EP from {why} ({before} → {after}).")


def _duration(seconds: int) -> str:
    """``"1 h 2 min 5 s"``; ``"10 s"``.

    >>> _duration(10), _duration(3725), _duration(120)
    ('10 s', '1 h 2 min 5 s', '2 min')
    """
    hours, rest = divmod(seconds, 3600)
    minutes, secs = divmod(rest, 60)
    parts = [f"{hours} h" if hours else "", f"{minutes} min" if minutes else "", f"{secs} s" if secs else ""]
    return " ".join(p for p in parts if p) or "0 s"


def advance_time(work, seconds: int, activity: str) -> None:
    """Advance the character's clock by ``seconds`` doing ``activity`` (U16)."""
    char = work.char
    if seconds > MAX_SECONDS:
        raise RulesError("out_of_range", "Advance at most one day at a time; use Advance days for longer.", "seconds")
    timers = char["timers"]
    clock = timers["clock_seconds"]
    end = clock + seconds
    step = work.settings.turn_seconds
    work.step(
        f"{_duration(seconds)} {'passes' if _duration(seconds) in ('1 h', '1 min', '1 s') else 'pass'}, {activity.replace('_', ' ')}; Turns of "
        f"{step} s.",
        "rules/cross-system.md §4, rules/armageddon.md §1.16 A15",
    )
    load = load_of(char)  # the items do not change while time passes
    while clock < end and not has(char, "dead"):
        nxt = min(end, (clock // step + 1) * step)
        _tick(work, clock, nxt, activity, load)
        clock = nxt
    timers["clock_seconds"] = end


def advance_days(work, days: int, care: bool, sleep_hours: int) -> None:
    """``days`` days of healing, sleep and Essence regeneration (U15; seed 000, Healing; EP; Essence)."""
    char = work.char
    who = name_of(char)
    if has(char, "death_pending"):
        raise RulesError(
            "death_pending",
            f"{who} is dying within minutes: resuscitate them or advance time in minutes first.",
            "character",
        )
    if has(char, "dying") and not has(char, "stabilised"):
        raise RulesError(
            "dying",
            f"{who} is at −10 LP or less and owes a Survival Test every minute: give First Aid "
            "or advance time in minutes first.",
            "character",
        )  # seed 000
    con = attribute(char, "Constitution")
    for day in range(1, days + 1):
        work.step(f"Day {day}:", "seed 000, Healing & Resuscitation")
        if work.settings.essence_check_timing == "daily" and work.current["essence"] < 0:
            essence_checks(work)
            if has(char, "dead"):
                return
        if sleep_hours:
            _sleep_recovery(work, sleep_hours * 2 * con, f"{sleep_hours} h of sleep (Constitution {con} per ½ hour)")
        missed = max(0, SLEEP_NEEDED_HOURS - sleep_hours)
        if missed:
            damage_endurance(work, missed, f"{missed} missed hour{'s' if missed != 1 else ''} of sleep")
            maximum = char["derived"]["endurance_points"]
            char["sleep_debt"] = min(char["sleep_debt"] + missed, max(0, maximum - work.current["endurance_points"]))
            work.step(f"Sleep debt now {char['sleep_debt']} EP (only sleep restores it)", _EP)
        start = char["timers"]["clock_seconds"]
        gained, why = regeneration(char, start, start + 86_400)
        if gained and work.current["essence"] < char["derived"]["essence"]:
            gain_essence(work, gained, why)
        heal_one_day(work, care)
        if has(char, "frozen"):
            remove(char, "frozen")
            char["timers"]["frozen_seconds"] = 0
        char["timers"]["clock_seconds"] = start + 86_400
        pools = work.current
        work.step(
            f"End of day {day}: LP {pools['life_points']}, EP {pools['endurance_points']} (sleep debt "
            f"{char['sleep_debt']}), Essence {pools['essence']}",
            "seed 000, Healing & Resuscitation",
        )
        if has(char, "dead"):
            return
        if has(char, "death_pending") or (
            has(char, "dying") and not has(char, "stabilised") and work.current["life_points"] <= SURVIVAL_THRESHOLD
        ):
            work.event("Healing stops: dying again (a Survival Test every minute).")  # seed 000
            return
    if has(char, "asleep") and work.current["endurance_points"] >= 0:
        remove(char, "asleep")
        work.event(f"{who} wakes up.")
