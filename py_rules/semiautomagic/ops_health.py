"""Operations: the dying round, Medicine (stabilise, Resuscitate), days of healing, repairing an object, vehicle or
robot (M9–M12; rules/semiautomagic.md §2.6 Dying procedure, §2.7 Healing, §2.14 S6, S10, S13)."""

from __future__ import annotations

from py_rules.dice import TypedDice
from py_rules.medic import MEDIC_NAME, treated_label
from py_rules.modifiers import parse_modifiers
from py_rules.operations import Operation
from py_rules.params import Param
from py_rules.semiautomagic import creature as C
from py_rules.semiautomagic.clock import advance_days
from py_rules.semiautomagic.dying import dying_round
from py_rules.semiautomagic.fields import (
    CREATURE,
    DYING_ORDER,
    DYING_RULE,
    EXAMPLE_DEAD,
    EXAMPLE_DYING,
    EXAMPLE_OBJECT,
    LABEL,
    MODIFIERS,
    skill_bonus,
)
from py_rules.semiautomagic.ops_result import GM as _GM, finish, told
from py_rules.semiautomagic.recovery import medicine_stabilise, repair, resuscitate
from py_rules.trace import Log, rolled
from py_rules.words import counted

__all__ = ("OPERATIONS",)


def _dying_round(dice, *, creature, label, dying_rule, dying_order, modifiers):
    c = C.copy_of(creature)
    log = Log()
    dc_before = c["conditions"].get("Dying", {}).get("dc")
    dying_round(dice, c, log, rule=dying_rule, order=dying_order, extra=parse_modifiers(modifiers, _GM))
    state = "dead" if c["dead"] else ("stable" if "Dying" not in c["conditions"] else "still dying")
    return told(
        finish(
            "dying_round",
            label,
            c,
            log,
            level_name=state,
            target=c["conditions"].get("Dying", {}).get("dc"),
            details={"dc_before": dc_before},
        ),
        log,
    )


DYING_ROUND = Operation(
    id="semiautomagic.dying_round",
    system="semiautomagic",
    title="Dying round",
    summary="A d10 (10 stabilises), then the endurance check: d6 + Endurance − 1 per wound vs the DC; a failure "
    "raises the DC by 1, and a DC the character can no longer reach kills them.",
    covers=("M9",),
    params=(CREATURE.with_example(EXAMPLE_DYING), LABEL, DYING_RULE, DYING_ORDER, MODIFIERS),
    run=_dying_round,
    source="seed 002, Health; Dying; rules/semiautomagic.md §2.6, §2.14 S1, S4, S5",
)


def _treated(kind, c, log, ok, said, label, medic, what, level_name):
    """A medic's check on ``c``: posted under the medic's and the patient's names, with its total against the DC."""
    total, dc = said[0]
    patient = c["name"] or "the patient"
    details = {"who_rolled": [rolled(medic.strip(), f"{what} on {patient}", total, dc, "success" if ok else "failure")]}
    label = treated_label(label, medic, what, patient)
    return finish(kind, label, c, log, success=ok, level_name=level_name, total=total, target=dc, details=details)


def _medicine(dice, *, creature, label, medicine, stabilise_dc, modifiers, medic_name=""):
    c, log, said = C.copy_of(creature), Log(), []
    ok = medicine_stabilise(dice, c, medicine, stabilise_dc, log, parse_modifiers(modifiers, _GM), said)
    return _treated("medicine", c, log, ok, said, label, medic_name, "Medicine", "stabilised" if ok else "still dying")


MEDICINE = Operation(
    id="semiautomagic.medicine_stabilise",
    system="semiautomagic",
    title="Medicine: stabilise the dying",
    summary="A successful Medicine check stabilises a dying character (still unconscious).",
    covers=("M10",),
    params=(
        CREATURE.with_example(EXAMPLE_DYING),
        LABEL,
        skill_bonus("medicine", "Medic's Medicine bonus", "rules/semiautomagic.md §2.2: d6 + Medicine bonus."),
        MEDIC_NAME,
        Param(
            "stabilise_dc",
            "int",
            "Medicine DC to stabilise",
            "Not given by the seed; empty = the patient's current dying DC (rules/semiautomagic.md §2.14 S6).",
            default=None,
            minimum=-30,
            maximum=50,
            setting=True,
        ),
        MODIFIERS,
    ),
    run=_medicine,
    source="seed 002, Health: 'A successful Medicine check can also stabilize a dying character'",
)


def _resuscitate(dice, *, creature, label, medicine, resuscitate_dc, window_rounds, modifiers, medic_name=""):
    c, log, said = C.copy_of(creature), Log(), []
    ok = resuscitate(dice, c, medicine, resuscitate_dc, window_rounds, log, parse_modifiers(modifiers, _GM), said)
    level = "alive again" if ok else "still dead"
    return _treated("resuscitate", c, log, ok, said, label, medic_name, "Resuscitate", level)


RESUSCITATE = Operation(
    id="semiautomagic.resuscitate",
    system="semiautomagic",
    title="Medicine: Resuscitate",
    summary="A timely Medicine check using Resuscitate brings a dead character back to life (unconscious, stable).",
    covers=("M10",),
    params=(
        CREATURE.with_example(EXAMPLE_DEAD),
        LABEL,
        skill_bonus("medicine", "Medic's Medicine bonus", "rules/semiautomagic.md §2.2: d6 + Medicine bonus."),
        MEDIC_NAME,
        Param(
            "resuscitate_dc",
            "int",
            "Resuscitate DC",
            "Set by the GM; the seed gives none (rules/semiautomagic.md §2.14 S6).",
            default=6,
            minimum=-30,
            maximum=50,
            setting=True,
        ),
        Param(
            "window_rounds",
            "int",
            "'Timely' window (rounds)",
            "rules/semiautomagic.md §2.14 S6: how many rounds after death Resuscitate still works (default 10 = one minute).",
            default=10,
            minimum=0,
            maximum=6000,
            setting=True,
        ),
        MODIFIERS,
    ),
    run=_resuscitate,
    source="seed 002, Health: 'a timely Medicine check, using Resuscitate'",
)


def _days(*, creature, label, days, slept_8h, bedridden, morale_per_day):
    c = C.copy_of(creature)
    log = Log()
    before = c["wounds"]
    # Days roll nothing: healing is by the day's rate (seed 002, Health), and the only timers that roll, a Soul Coma's
    # hourly check and the dying rounds, are refused first (advance hours or rounds for them).
    advance_days(TypedDice([]), c, days, log, slept_8h=slept_8h, bedridden=bedridden, morale_per_day=morale_per_day)
    return finish(
        "days",
        label,
        c,
        log,
        total=before - c["wounds"],
        level_name=f"{counted(before - c['wounds'], 'wounds')} healed",
    )


ADVANCE_DAYS = Operation(
    id="semiautomagic.advance_days",
    system="semiautomagic",
    title="Days of rest (healing)",
    summary="Whole days pass: one wound heals per day with 8 hours of sleep, Endurance wounds per day bedridden; "
    "objects don't heal; every timer runs.",
    covers=("M11",),
    params=(
        CREATURE,
        LABEL,
        Param("days", "int", "Days", "How many days pass.", default=1, minimum=1, maximum=365),
        Param("slept_8h", "bool", "At least 8 hours of sleep", "Seed 002: heal one wound per such day.", default=True),
        Param(
            "bedridden",
            "bool",
            "Bedridden",
            "Seed 002: heal Endurance wounds per day; replaces, not adds to, the "
            "sleep rate (rules/semiautomagic.md §2.14 S10).",
            default=False,
        ),
        Param(
            "morale_per_day",
            "int",
            "Morale penalties recovered per day",
            "rules/semiautomagic.md §2.14 S15: recovery is not in the seed; 0 = only by the GM (default), or e.g. 1 per day.",
            default=0,
            minimum=0,
            maximum=20,
            setting=True,
        ),
    ),
    run=_days,
    source="seed 002, Health (healing); rules/semiautomagic.md §2.7",
    rolls=False,
)


def _repair(dice, *, creature, label, repair_skill, bonus, dc, wounds, modifiers):
    c = C.copy_of(creature)
    log = Log()
    ok = repair(dice, c, bonus, dc, wounds, log, skill=repair_skill, situational=parse_modifiers(modifiers, _GM))
    return finish("repair", label, c, log, success=ok, level_name="repaired" if ok else "not repaired")


REPAIR = Operation(
    id="semiautomagic.repair",
    system="semiautomagic",
    title="Repair an object, vehicle or robot",
    summary="An Engineering (Repair) check: success removes wounds and makes a destroyed or EMP-struck object, "
    "vehicle or robot work again.",
    covers=("M12",),
    params=(
        CREATURE.with_example(EXAMPLE_OBJECT),
        LABEL,
        Param(
            "repair_skill",
            "choice",
            "Repair skill's name",
            "rules/semiautomagic.md §2.14 S13: the seed says Engineering and Repair; one skill.",
            default="Engineering",
            choices=("Engineering", "Repair"),
            setting=True,
        ),
        skill_bonus("bonus", "Repairer's skill bonus", "rules/semiautomagic.md §2.2: d6 + skill bonus."),
        Param("dc", "int", "DC", "Set by the GM; the seed gives none.", default=6, minimum=-30, maximum=50),
        Param(
            "wounds",
            "int",
            "Wounds repaired on success",
            "Set by the GM; the seed does not say how much one repair fixes.",
            default=1,
            minimum=0,
            maximum=200,
        ),
        MODIFIERS,
    ),
    run=_repair,
    source="seed 002: 'Objects can be repaired using the Engineering skill'; EMP: 'see the Repair skill'",
)


OPERATIONS = (DYING_ROUND, MEDICINE, RESUSCITATE, ADVANCE_DAYS, REPAIR)
