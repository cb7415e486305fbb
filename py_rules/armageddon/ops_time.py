"""Operations on conditions and time: a condition set or cleared by the Chronicler, minutes and days passing with
what they bring (U15, U16, U23; seed 000, Endurance Points, Essence, Healing & Resuscitation; rules/armageddon.md
§1.9–1.12, §1.17 U23)."""

from __future__ import annotations

from py_rules.armageddon.character import add, attribute, has, name_of, remove
from py_rules.armageddon.clock import MAX_DAYS, MAX_SECONDS, _duration, advance_days, advance_time
from py_rules.armageddon.condition_registry import CLOCKS, NAMES as STORED_CONDITIONS
from py_rules.armageddon.fields import (
    CARE_OVERSHOOT,
    CHARACTER,
    CONSCIOUSNESS_TIMING,
    ESSENCE_SETTINGS,
    EXAMPLE_BELOW_0_LP,
    EXAMPLE_DYING,
    LABEL,
    ROLL_SETTINGS,
    TURN_SECONDS,
    WAKE_AT,
)
from py_rules.armageddon.tables import ACTIVITIES, DEATH_TIMER_MINUTES_PER_CON, SURVIVAL_INTERVAL
from py_rules.armageddon.work import SYSTEM as _SYS, conditions_said as _conditions_said, work_for as _work
from py_rules.errors import RulesError
from py_rules.operations import Operation
from py_rules.params import Param
from py_rules.trace import headline_of
from py_rules.words import passes

__all__ = ("SET_CONDITION", "ADVANCE_TIME", "ADVANCE_DAYS")


def _set_condition(*, character, condition, action, turn_seconds):
    work = _work(character, None, {"turn_seconds": turn_seconds}, allow_dead=True)
    char, timers = work.char, work.char["timers"]
    who = name_of(char)
    if action == "set":
        if has(char, "dead") and condition != "dead":
            raise RulesError(
                "dead", f"{who} is dead; clear 'dead' first to set {condition.replace('_', ' ')}.", "condition"
            )
        if condition == "dead":
            char["conditions"] = [c for c in char["conditions"] if c == "dead"]
            for key in ("frozen_seconds", "survival_seconds", "survival_tests", "death_seconds"):
                timers[key] = 0
        if not add(char, condition):
            raise RulesError("no_change", f"{who} is already {condition.replace('_', ' ')}.", "condition")
        if condition == "frozen":
            timers["frozen_seconds"] = max(timers["frozen_seconds"], turn_seconds)
        elif condition == "dying":
            remove(char, "stabilised")
            timers["survival_seconds"], timers["survival_tests"] = SURVIVAL_INTERVAL, 0
        elif condition == "death_pending":
            remove(char, "dying")
            timers["death_seconds"] = attribute(char, "Constitution") * DEATH_TIMER_MINUTES_PER_CON * 60
        elif condition == "stabilised":
            remove(char, "dying")
        work.event(f"{who} is now {condition.replace('_', ' ')}.")
    else:
        if not remove(char, condition):
            raise RulesError("no_change", f"{who} is not {condition.replace('_', ' ')}.", "condition")
        key = CLOCKS.get(condition)
        if key:
            timers[key] = 0
        work.event(f"{who} is no longer {condition.replace('_', ' ')}.")
    work.step("Conditions: " + _conditions_said(char["conditions"]), "rules/armageddon.md §1.17 U23")
    return work.result("conditions", f"{who}: {_conditions_said([condition])}")


SET_CONDITION = Operation(
    id="armageddon.set_condition",
    system=_SYS,
    title="Set or clear a condition",
    summary="The Chronicler's bookkeeping: set or clear frozen, knocked down, semi-conscious, unconscious, asleep, "
    "stabilised, dying, death pending or dead (timers start as the rules say; time expires them).",
    covers=("U23",),
    params=(
        CHARACTER,
        Param(
            "condition",
            "choice",
            "Condition",
            "rules/armageddon.md §1.17 U23.",
            default="knocked_down",
            choices=STORED_CONDITIONS,
        ),
        Param(
            "action",
            "choice",
            "Set or clear",
            "Set starts its timer (frozen 1 Turn, Survival Test in a minute, death in Con × 2 minutes).",
            default="clear",
            choices=("set", "clear"),
        ),
        TURN_SECONDS,
    ),
    run=_set_condition,
    source="seed 000 (state bullets); rules/armageddon.md §1.17 U23",
    rolls=False,
)


def _advance_time(dice, *, character, minutes, seconds, activity, label, **options):
    total = minutes * 60 + seconds
    if total <= 0:
        raise RulesError("out_of_range", "Let at least one second pass.", "minutes")
    if total > MAX_SECONDS:
        raise RulesError("out_of_range", "Advance at most 24 hours at a time; use Advance days for longer.", "minutes")
    work = _work(character, dice, options, allow_dead=True)
    advance_time(work, total, activity)
    result = work.result(
        "advance_time",
        label
        or f"{name_of(character)}: {_duration(total)} {'passes' if _duration(total) in ('1 min', '1 s') else 'pass'}",
        details={"seconds": total, "activity": activity},
    )
    result.headline = headline_of(work.told)  # each Survival or Consciousness Test the time ran, in order
    return result


ADVANCE_TIME = Operation(
    id="armageddon.advance_time",
    system=_SYS,
    title="Advance time (minutes)",
    summary="Let time pass Turn by Turn: EP drained by activity and encumbrance, recovered by sleep or rest (missed "
    "sleep only by sleep), Essence regenerates, Survival Tests every minute, the death timer, frozen ends, a "
    "Consciousness Test every Turn below 0 EP.",
    covers=("U16", "U12", "U23"),
    params=(
        CHARACTER.with_example(EXAMPLE_DYING),
        Param("minutes", "int", "Minutes", "Minutes that pass (at most 1440).", default=10, minimum=0, maximum=1440),
        Param("seconds", "int", "Seconds", "Extra seconds.", default=0, minimum=0, maximum=3599),
        Param(
            "activity",
            "choice",
            "Doing",
            "Seed 000, Endurance Points: moderate (jogging) −1 EP per 10 min, "
            "strenuous (sprinting) −1d4 per minute, very strenuous (close combat) −1d4 per Turn; resting +Con "
            "per hour; sleeping +Con per ½ hour; encumbrance drains while active.",
            default="normal",
            choices=ACTIVITIES,
        ),
        LABEL,
        TURN_SECONDS,
        CONSCIOUSNESS_TIMING,
    )
    + ROLL_SETTINGS
    + ESSENCE_SETTINGS,
    run=_advance_time,
    source="seed 000, Endurance Points; Essence; Encumbrance; Life Points …; rules/armageddon.md §1.9–1.12, rules/cross-system.md §4",
)


def _advance_days(dice, *, character, days, care, sleep_hours, label, **options):
    work = _work(character, dice, options)
    advance_days(work, days, care, sleep_hours)
    result = work.result(
        "advance_days",
        label or f"{name_of(character)}: {passes(days, 'days')}",
        details={"days": days, "care": care, "sleep_hours": sleep_hours},
    )
    result.headline = headline_of(work.told)
    return result


ADVANCE_DAYS = Operation(
    id="armageddon.advance_days",
    system=_SYS,
    title="Advance days (healing)",
    summary="Whole days: +2 LP a day at 0 LP or more; below 0, +Constitution a day with medical care, or a daily "
    "Survival Test without (+1 LP per Success Level up to Con, failure −1 LP); sleep and missed sleep; Essence "
    "regenerates.",
    covers=("U15",),
    params=(
        CHARACTER.with_example(EXAMPLE_BELOW_0_LP),
        Param("days", "int", "Days", "How many days pass.", default=1, minimum=1, maximum=MAX_DAYS),
        Param(
            "care",
            "bool",
            "Proper medical care",
            "Seed 000, Healing: with proper medical care a character "
            "below 0 LP regains 1 LP per Constitution level per day.",
            default=False,  # a bonus the scene grants starts off: without care the daily Survival Test applies
        ),
        Param(
            "sleep_hours",
            "int",
            "Hours of sleep each day",
            "Seed 000: less than seven hours loses 1 EP per "
            "missed hour (only sleep restores it); sleep restores Con EP per ½ hour.",
            default=8,
            minimum=0,
            maximum=24,
        ),
        LABEL,
        CARE_OVERSHOOT,
        WAKE_AT,
    )
    + ROLL_SETTINGS
    + ESSENCE_SETTINGS,
    run=_advance_days,
    source="seed 000, Healing & Resuscitation; Endurance Points; Essence; rules/armageddon.md §1.10, §1.11",
)
