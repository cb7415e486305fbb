"""Operations on a character's health: Consciousness and Survival Tests, First Aid, resuscitation (U11–U14; seed 000,
Life Points, Consciousness Tests & Survival Tests, Healing & Resuscitation; rules/armageddon.md §1.9, §1.10). Essence
is in :mod:`.ops_essence`, Fear in :mod:`.ops_fear`."""

from __future__ import annotations

from py_rules.armageddon.character import add, has, name_of
from py_rules.armageddon.fields import (
    CHARACTER,
    EXAMPLE_BELOW_0_LP,
    EXAMPLE_DEATH_PENDING,
    EXAMPLE_DYING,
    FIRST_AID_SCOPE,
    LABEL,
    MODIFIERS,
    ROLL_SETTINGS,
    WAKE_AT,
)
from py_rules.armageddon.healing import first_aid, resuscitate
from py_rules.armageddon.life import consciousness_test, survival_test
from py_rules.armageddon.tables import ATTRIBUTE_MAX, SKILL_MAX
from py_rules.armageddon.work import GM_MODIFIER as _GM_MODS, SYSTEM as _SYS, work_for as _work
from py_rules.errors import RulesError
from py_rules.medic import MEDIC_NAME, treated_label
from py_rules.modifiers import parse_modifiers
from py_rules.operations import Operation
from py_rules.params import Param
from py_rules.trace import headline_of

__all__ = ("CONSCIOUSNESS", "SURVIVAL", "FIRST_AID", "RESUSCITATE")


def _consciousness(dice, *, character, cause, modifiers, label, **options):
    work = _work(character, dice, options)
    key = "life_points" if cause == "LP" else "endurance_points"
    if (cause == "LP" and work.current[key] > 0) or (cause == "EP" and work.current[key] >= 0):
        raise RulesError(
            "not_owed",
            f"{name_of(character)} owes no Consciousness Test for {cause}: it is needed at "
            "0 LP or below, or below 0 EP.",
            "cause",
        )  # seed 000
    if has(work.char, "unconscious") or (cause == "EP" and has(work.char, "asleep")):
        raise RulesError("not_owed", f"{name_of(character)} is already out.", "character")
    if cause == "LP":
        add(work.char, "semi_conscious")
    consciousness_test(work, cause, parse_modifiers(modifiers, _GM_MODS))
    result = work.result(
        "consciousness_test", label or f"{name_of(character)}: Consciousness Test", main=work.rolls[-1]
    )
    result.headline = headline_of(work.told)  # the test with its target and what came of it, as time passing says it
    return result


CONSCIOUSNESS = Operation(
    id="armageddon.consciousness_test",
    system=_SYS,
    title="Consciousness Test",
    summary="Constitution + Willpower + 1d10 to stay awake: −1 per LP below 0, or −1 per 5 EP below 0 (every Turn "
    "while below 0 EP). Failure: unconscious (LP) or passes out asleep (EP).",
    covers=("U11",),
    params=(
        CHARACTER.with_example(EXAMPLE_BELOW_0_LP),
        Param(
            "cause",
            "choice",
            "Because of",
            "Seed 000: Life Points at 0 or below, or Endurance below 0.",
            default="LP",
            choices=("LP", "EP"),
        ),
        MODIFIERS,
        LABEL,
    )
    + ROLL_SETTINGS,
    run=_consciousness,
    source="seed 000, Life Points …; Endurance Points; rules/armageddon.md §1.9, §1.11",
)


def _survival(dice, *, character, label, **options):
    work = _work(character, dice, options)
    if not has(work.char, "dying") or has(work.char, "stabilised"):
        raise RulesError(
            "not_owed",
            f"{name_of(character)} is not dying: Survival Tests are owed every minute at "
            "−10 LP or less until First Aid.",
            "character",
        )  # seed 000
    survival_test(work)
    result = work.result("survival_test", label or f"{name_of(character)}: Survival Test", main=work.rolls[-1])
    result.headline = headline_of(work.told)  # the test with its target and the death timer, as time passing says it
    return result


SURVIVAL = Operation(
    id="armageddon.survival_test",
    system=_SYS,
    title="Survival Test (dying, every minute)",
    summary="The next minute's Survival Test at −10 LP or less: Constitution + Willpower + 1d10, −1 per 10 LP below "
    "0 and −1 per earlier test. Failure starts the death timer (Constitution × 2 minutes).",
    covers=("U12",),
    params=(CHARACTER.with_example(EXAMPLE_DYING), LABEL) + ROLL_SETTINGS,
    run=_survival,
    source="seed 000, Life Points …: Survival Tests; rules/armageddon.md §1.9",
)


def _first_aid(dice, *, character, medic_intelligence, medic_first_aid, modifiers, label, medic_name="", **options):
    work = _work(character, dice, options)
    roll = first_aid(
        work,
        medic_intelligence=medic_intelligence,
        medic_first_aid=medic_first_aid,
        extra=parse_modifiers(modifiers, _GM_MODS),
    )
    return work.result("first_aid", treated_label(label, medic_name, "First Aid", name_of(character)), main=roll)


FIRST_AID = Operation(
    id="armageddon.first_aid",
    system=_SYS,
    title="First Aid",
    summary="The medic's First Aid Task (First Aid + Intelligence): success stabilises a dying character (no more "
    "Survival Tests) and gives +1 LP per Success Level.",
    covers=("U13",),
    params=(
        CHARACTER.with_example(EXAMPLE_DYING),
        Param(
            "medic_intelligence",
            "int",
            "Medic's Intelligence",
            "Seed 000: First Aid + Intelligence.",
            default=2,
            minimum=0,
            maximum=ATTRIBUTE_MAX,
        ),
        Param(
            "medic_first_aid",
            "int",
            "Medic's First Aid",
            "0 = unskilled (−2, at most Decent).",
            default=2,
            minimum=0,
            maximum=SKILL_MAX,
        ),
        MEDIC_NAME,
        Param(
            "modifiers", "text", "Medic's modifiers", MODIFIERS.help + " Include the medic's own penalties.", default=""
        ),
        LABEL,
        FIRST_AID_SCOPE,
        WAKE_AT,
    )
    + ROLL_SETTINGS,
    run=_first_aid,
    source="seed 000, Healing & Resuscitation (First Aid); rules/armageddon.md §1.10, A11",
)


def _resuscitate(
    dice, *, character, doctor_intelligence, doctor_medicine, in_hospital, modifiers, label, medic_name="", **options
):
    work = _work(character, dice, options)
    roll = resuscitate(
        work,
        doctor_intelligence=doctor_intelligence,
        doctor_medicine=doctor_medicine,
        in_hospital=in_hospital,
        extra=parse_modifiers(modifiers, _GM_MODS),
    )
    said = treated_label(label, medic_name, "Resuscitation", name_of(character))
    return work.result("resuscitation", said, main=roll)


RESUSCITATE = Operation(
    id="armageddon.resuscitate",
    system=_SYS,
    title="Resuscitation (after a failed Survival Test)",
    summary="Within Constitution × 2 minutes: the doctor's Medicine Task, then a new Survival Test at +1 per "
    "Success Level, +3 in a hospital, −1 per 5 LP below 0. Pass: they live; fail: they die.",
    covers=("U14",),
    params=(
        CHARACTER.with_example(EXAMPLE_DEATH_PENDING),
        Param(
            "doctor_intelligence",
            "int",
            "Doctor's Intelligence",
            "Seed 000: Medicine + Intelligence.",
            default=3,
            minimum=0,
            maximum=ATTRIBUTE_MAX,
        ),
        Param("doctor_medicine", "int", "Doctor's Medicine", "0 = unskilled.", default=3, minimum=0, maximum=SKILL_MAX),
        MEDIC_NAME,
        # a bonus the scene grants starts off: a tick nobody looked at must not save anyone
        Param("in_hospital", "bool", "In a hospital", "Seed 000: being in a hospital gives +3.", default=False),
        Param("modifiers", "text", "Doctor's modifiers", MODIFIERS.help, default=""),
        LABEL,
    )
    + ROLL_SETTINGS,
    run=_resuscitate,
    source="seed 000, Healing & Resuscitation; rules/armageddon.md §1.10, A9",
)
