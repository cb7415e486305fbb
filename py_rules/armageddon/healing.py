"""Healing: First Aid, resuscitation and a day's healing, with or without medical care (U13–U15; seed 000,
Healing & Resuscitation; rules/armageddon.md §1.10, §1.16 A9–A11).

Penalty arithmetic is pure (:func:`resuscitation_penalty`, :func:`daily_healing`); the procedures roll through
:class:`py_rules.armageddon.work.Work` and change only its copy. What rising Life Points undo (dying, unconscious,
knocked down) is :func:`py_rules.armageddon.life.after_life_points_rise`.
"""

from __future__ import annotations

from py_rules.armageddon.character import add, attribute, has, name_of, remove
from py_rules.armageddon.life import (
    LIFE_POINTS_SOURCE as _LP,
    after_life_points_rise,
    below_zero_penalty,
    con_will as _con_will,
    die,
    start_dying as _start_dying,
)
from py_rules.armageddon.tables import (
    DAILY_HEALING,
    HOSPITAL_BONUS,
    RESUSCITATION_LP_STEP,
    SURVIVAL_LP_STEP,
    SURVIVAL_THRESHOLD,
    UNSKILLED_MAX_SUCCESS_LEVELS,
)
from py_rules.armageddon.task import task_parts
from py_rules.errors import RulesError
from py_rules.trace import Modifier
from py_rules.words import counted

__all__ = ("resuscitation_penalty", "first_aid", "resuscitate", "heal_one_day", "daily_healing")

_HEAL = "seed 000, Healing & Resuscitation"


def resuscitation_penalty(life_points: int) -> int:
    """−1 for every 5 LPs below 0 on the resuscitation Survival Test (seed 000).

    >>> resuscitation_penalty(-12)
    -2
    """
    return below_zero_penalty(life_points, RESUSCITATION_LP_STEP)


def _gain_life_points(work, gain: int, why: str) -> None:
    maximum = work.char["derived"]["life_points"]
    before = work.current["life_points"]
    after = min(maximum, before + gain)
    work.current["life_points"] = after
    if after == before:
        work.event(f"{name_of(work.char)} is already at {after} of {maximum} LP.")
    else:
        work.event(f"{name_of(work.char)} gains {after - before} LP from {why} ({before} → {after}).")
    after_life_points_rise(work)


def _medic_task(work, title, attribute_value, skill_name, skill_value, extra):
    unskilled = skill_value == 0
    roll = work.roll(
        title,
        kind="task",
        parts=task_parts("Intelligence", attribute_value, skill_name, skill_value),
        extra=extra,
        exclude=("injury", "tired", "essence", "encumbrance"),
        level_cap=UNSKILLED_MAX_SUCCESS_LEVELS if unskilled else None,
        cap_source="seed 000, Unskilled Attempts: never better than Decent",
    )
    return roll


def first_aid(work, *, medic_intelligence: int, medic_first_aid: int, extra=()):
    """First Aid Task (First Aid + Int): stabilise at −10 or below, +1 LP per Success Level (U13; A11)."""
    char = work.char
    who = name_of(char)
    if has(char, "death_pending"):
        raise RulesError(
            "needs_resuscitation",
            f"{who} failed a Survival Test: First Aid is not enough, resuscitation is needed.",
            "character",
        )  # seed 000
    lp = work.current["life_points"]
    if lp >= char["derived"]["life_points"]:
        raise RulesError("not_injured", f"{who} is not injured.", "character")
    if work.settings.first_aid_scope == "dying_only" and lp > SURVIVAL_THRESHOLD:
        raise RulesError(
            "not_allowed",
            f'{who} is above −10 LP; with the house rule "First Aid helps only the dying" '
            "First Aid only helps the dying.",
            "character",
        )  # seed 000
    if char["first_aid_received"]:
        raise RulesError(
            "already_treated", f"{who} already received First Aid for this injury (once per injury).", "character"
        )  # rules/armageddon.md §1.16 A11
    roll = _medic_task(work, "First Aid Task (medic)", medic_intelligence, "First Aid", medic_first_aid, extra)
    if not roll.success:
        work.event("The First Aid fails; nothing changes.")
        return roll
    char["first_aid_received"] = True
    if has(char, "dying"):
        remove(char, "dying")
        add(char, "stabilised")
        char["timers"]["survival_tests"] = char["timers"]["survival_seconds"] = 0
        work.event(f"{who} is stabilised: no more Survival Tests.")
    _gain_life_points(work, roll.level, f"First Aid ({counted(roll.level, 'Success Levels')})")
    return roll


def resuscitate(work, *, doctor_intelligence: int, doctor_medicine: int, in_hospital: bool, extra=()):
    """Medicine Task, then a new Survival Test at +SL, +3 in hospital, −1 per 5 LP below 0 (U14; A9)."""
    char = work.char
    who = name_of(char)
    if not has(char, "death_pending"):
        raise RulesError(
            "not_dying", f"{who} has not failed a Survival Test; resuscitation is for those who have.", "character"
        )  # seed 000
    doctor = _medic_task(work, "Medicine Task (doctor)", doctor_intelligence, "Medicine", doctor_medicine, extra)
    levels = doctor.level if doctor.success else 0
    lp = work.current["life_points"]
    mods = []
    if levels:
        mods.append(Modifier(f"doctor's Medicine Task ({counted(levels, 'Success Levels')})", levels, _HEAL))
    if in_hospital:
        mods.append(Modifier("in a hospital", HOSPITAL_BONUS, _HEAL))
    penalty = resuscitation_penalty(lp)
    if penalty:
        mods.append(Modifier(f"{lp} LP (−1 per 5 below 0)", penalty, _HEAL))
    roll = work.roll(
        "Resuscitation Survival Test",
        kind="survival_test",
        parts=_con_will(work),
        attributes=("Constitution", "Willpower"),
        exclude=("injury",),
        extra=mods,
    )
    if roll.success:
        remove(char, "death_pending")
        add(char, "stabilised")
        char["timers"]["death_seconds"] = char["timers"]["survival_tests"] = 0
        work.event(f"{who} is resuscitated and lives (stabilised).")
    else:
        die(work, "the resuscitation Survival Test failed")
    return roll


def daily_healing(lp: int, constitution: int, care: bool, overshoot: str = "cap_at_zero") -> int | None:
    """LP after a day of healing when no roll is needed, else None (untreated below 0) (U15).

    >>> daily_healing(3, 2, False), daily_healing(-5, 3, True), daily_healing(-2, 3, True), daily_healing(-2, 3, False)
    (5, -2, 0, None)
    >>> daily_healing(-2, 3, True, "carry_surplus")
    1
    """
    if lp >= 0:
        return lp + DAILY_HEALING
    if not care:
        return None
    after = lp + constitution
    if after > 0 and overshoot == "cap_at_zero":
        return 0
    return after


def heal_one_day(work, care: bool) -> None:
    """One day of LP healing with or without proper medical care (U15; rules/armageddon.md §1.10, A9, A10)."""
    char = work.char
    lp = work.current["life_points"]
    con = attribute(char, "Constitution")
    target = daily_healing(lp, con, care, work.settings.care_overshoot)
    if target is not None:
        why = "a day's natural healing (2 LP)" if lp >= 0 else f"a day of medical care (Constitution {con})"
        _gain_life_points(work, target - lp, why)
        return
    mods = []
    penalty = below_zero_penalty(lp, SURVIVAL_LP_STEP)
    if penalty:
        mods.append(Modifier(f"{lp} LP (−1 per 10 below 0)", penalty, _LP))
    roll = work.roll(
        "Daily Survival Test (no medical care)",
        kind="survival_test",
        parts=_con_will(work),
        attributes=("Constitution", "Willpower"),
        exclude=("injury",),
        extra=mods,
    )
    if roll.success:
        _gain_life_points(
            work,
            min(roll.level, con),
            f"the daily Survival Test ({counted(roll.level, 'Success Levels')}, at most Constitution {con})",
        )
    else:
        work.current["life_points"] = lp - 1
        work.event(f"{name_of(char)} fails the daily Survival Test and loses 1 LP ({lp} → {lp - 1}).")
        if lp - 1 <= SURVIVAL_THRESHOLD and not has(char, "stabilised") and not has(char, "dying"):
            _start_dying(work)
