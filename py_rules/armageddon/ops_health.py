"""Operations on a character's health: Consciousness and Survival Tests, First Aid, resuscitation, Essence spent and
below 0, Fear (U11–U20; seed 000, Life Points, Endurance Points, Essence, Fear Tests; rules/armageddon.md §1.9–§1.13)."""

from __future__ import annotations

from py_rules.armageddon.character import (
    add,
    has,
    name_of,
)
from py_rules.armageddon.damage import roll_damage
from py_rules.armageddon.essence import essence_checks, lose_essence
from py_rules.armageddon.fear import fear_table_lookup, fear_test, is_placeholder
from py_rules.armageddon.fields import (
    CHARACTER,
    ESSENCE_SETTINGS,
    EXAMPLE_BELOW_0_ESSENCE,
    EXAMPLE_BELOW_0_LP,
    EXAMPLE_DEATH_PENDING,
    EXAMPLE_DYING,
    FEAR_TABLE_PARAM,
    FIRST_AID_SCOPE,
    LABEL,
    MODIFIERS,
    ROLL_SETTINGS,
    TURN_SECONDS,
    USE_FEAR_EFFECTS,
    WAKE_AT,
)
from py_rules.armageddon.life import consciousness_test, first_aid, resuscitate, survival_test
from py_rules.armageddon.tables import (
    ATTRIBUTE_MAX,
    DAMAGE_FORM,
    EMOTIONAL_LEAK_DICE,
    FEAR_TABLE,
    SKILL_MAX,
)
from py_rules.armageddon.work import GM_MODIFIER as _GM_MODS, SYSTEM as _SYS, work_for as _work
from py_rules.dice_expr import parse
from py_rules.errors import RulesError
from py_rules.modifiers import parse_modifiers
from py_rules.operations import Operation
from py_rules.params import Param
from py_rules.trace import Result, Step, headline_of
from py_rules.words import counted

__all__ = (
    "CONSCIOUSNESS",
    "SURVIVAL",
    "FIRST_AID",
    "RESUSCITATE",
    "LOSE_ESSENCE",
    "ESSENCE_CHECKS",
    "FEAR",
    "FEAR_TABLE_OP",
)


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


def _first_aid(dice, *, character, medic_intelligence, medic_first_aid, modifiers, label, **options):
    work = _work(character, dice, options)
    roll = first_aid(
        work,
        medic_intelligence=medic_intelligence,
        medic_first_aid=medic_first_aid,
        extra=parse_modifiers(modifiers, _GM_MODS),
    )
    return work.result("first_aid", label or f"First Aid on {name_of(character)}", main=roll)


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


def _resuscitate(dice, *, character, doctor_intelligence, doctor_medicine, in_hospital, modifiers, label, **options):
    work = _work(character, dice, options)
    roll = resuscitate(
        work,
        doctor_intelligence=doctor_intelligence,
        doctor_medicine=doctor_medicine,
        in_hospital=in_hospital,
        extra=parse_modifiers(modifiers, _GM_MODS),
    )
    return work.result("resuscitation", label or f"Resuscitating {name_of(character)}", main=roll)


RESUSCITATE = Operation(
    id="armageddon.resuscitate",
    system=_SYS,
    title="Resuscitation (after a failed Survival Test)",
    summary="Within Constitution × 2 minutes: the doctor's Medicine Task, then a new Survival Test at +1 per "
    "Success Level, +3 in a hospital, −1 per 5 LP below 0. Pass: he lives; fail: he dies.",
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
        Param("in_hospital", "bool", "In a hospital", "Seed 000: being in a hospital gives +3.", default=True),
        Param("modifiers", "text", "Doctor's modifiers", MODIFIERS.help, default=""),
        LABEL,
    )
    + ROLL_SETTINGS,
    run=_resuscitate,
    source="seed 000, Healing & Resuscitation; rules/armageddon.md §1.10, A9",
)

# --- U17, U18: Essence ---------------------------------------------------------------------------


def _lose_essence(dice, *, character, amount, leak_die, cause, label, **options):
    if not amount and leak_die == "none":
        raise RulesError("missing_field", "Give a number of points or an emotional leak die.", "amount")
    work = _work(character, dice, options)
    total = amount
    if leak_die != "none":
        value, _faces, steps = roll_damage(
            dice,
            parse(leak_die, DAMAGE_FORM, "leak_die"),
            "Essence leak",
            "seed 000, Essence: involuntary loss ranges from 1d6 to 1d10",
        )
        work.steps.extend(steps)
        total += value
    lose_essence(work, total, cause or "emotional stress")
    return work.result("lose_essence", label or f"{name_of(character)} loses Essence", details={"lost": total})


LOSE_ESSENCE = Operation(
    id="armageddon.lose_essence",
    system=_SYS,
    title="Spend or lose Essence (emotional leak)",
    summary="Lower Essence by a number of points and/or an involuntary leak of 1d6 to 1d10; below 0 the Willpower "
    "Test (and at −30 the Survival Test) follow.",
    covers=("U17", "U18"),
    params=(
        CHARACTER,
        Param(
            "amount",
            "int",
            "Points",
            "Essence spent or lost (0 with a leak die).",
            default=1,
            minimum=0,
            maximum=1000,
            example=20,
        ),
        Param(
            "leak_die",
            "choice",
            "Emotional leak die",
            "Seed 000, Essence: involuntary loss from strong emotion ranges from 1d6 to 1d10 (the Chronicler picks).",
            default="none",
            choices=("none",) + tuple(f"1d{n}" for n in EMOTIONAL_LEAK_DICE),
            dice=DAMAGE_FORM,
        ),
        Param("cause", "text", "Cause", "Echoed in the result.", default="emotional stress"),
        LABEL,
    )
    + ROLL_SETTINGS
    + ESSENCE_SETTINGS,
    run=_lose_essence,
    source="seed 000, Essence; rules/armageddon.md §1.12",
)


def _essence_checks(dice, *, character, label, **options):
    work = _work(character, dice, options)
    essence_checks(work)
    return work.result(
        "essence_checks",
        label or f"{name_of(character)}: Essence below 0",
        main=work.rolls[0] if len(work.rolls) == 1 else None,
    )


ESSENCE_CHECKS = Operation(
    id="armageddon.essence_checks",
    system=_SYS,
    title="Essence below 0: Willpower and Survival Tests",
    summary="Below 0 Essence: Difficult Willpower Test at −1 per 5 below 0, failure costs a mental Attribute point "
    "(or a 2-point Mental Drawback); at −30 or below also a Survival Test at −1 per 10 below 0, failure is death.",
    covers=("U18",),
    params=(CHARACTER.with_example(EXAMPLE_BELOW_0_ESSENCE), LABEL) + ROLL_SETTINGS + ESSENCE_SETTINGS,
    run=_essence_checks,
    source="seed 000, Essence; rules/armageddon.md §1.12, A13",
)

# --- U19, U20: Fear ------------------------------------------------------------------------------


def _fear_test(dice, *, character, penalty, modifiers, label, **options):
    work = _work(character, dice, options)
    roll, row = fear_test(work, penalty=penalty, extra=parse_modifiers(modifiers, _GM_MODS))
    return work.result(
        "fear_test",
        label or f"{name_of(character)}: Fear Test",
        main=roll,
        details={
            "fear_table_row": row,
            "margin": roll.target - roll.total if row else 0,
            "fear_table_placeholder": is_placeholder(work.settings.fear_table),
        },
    )


FEAR = Operation(
    id="armageddon.fear_test",
    system=_SYS,
    title="Fear Test",
    summary="Mundanes: Willpower + 1d10; the Gifted and supernatural: Willpower × 2 + 1d10; the Chronicler's "
    "penalty −1 to −8. Failure: frozen for a Turn and Essence lost by the Fear Table (a placeholder until "
    "replaced).",
    covers=("U19", "U20", "U10"),
    params=(
        CHARACTER,
        Param(
            "penalty",
            "int",
            "Chronicler's fear penalty",
            "Seed 000, Fear Tests: −1 to −8 depending on the creature or situation.",
            default=0,
            minimum=-8,
            maximum=0,
        ),
        MODIFIERS,
        LABEL,
        USE_FEAR_EFFECTS,
        FEAR_TABLE_PARAM,
        TURN_SECONDS,
    )
    + ROLL_SETTINGS
    + ESSENCE_SETTINGS,
    run=_fear_test,
    source="seed 000, Fear Tests; rules/armageddon.md §1.13",
)


def _fear_table(*, margin, fear_table):
    table = fear_table or FEAR_TABLE
    row = fear_table_lookup(margin, table)
    placeholder = is_placeholder(table)
    steps = [
        Step(
            f"Failed by {margin}: {row['effect']}; Essence loss {row['essence_dice']}; frozen "
            f"{counted(row['frozen_turns'], 'Turns')}",
            "seed 000, Fear Tests; rules/armageddon.md §1.13",
        )
    ]
    if placeholder:
        steps.append(
            Step(
                "This Fear Table is a stand-in until the book's own table (Armageddon p. 124) is typed in.",
                "rules/armageddon.md §1.13 [UNVERIFIED]",
            )
        )
    return Result(
        system=_SYS,
        kind="fear_table",
        label=f"Fear Table, failed by {margin}",
        level_name=row["effect"],
        flags=["fear_table_placeholder"] if placeholder else [],
        steps=steps,
        details={"row": row, "table": [dict(r) for r in table], "placeholder": placeholder},
    )


FEAR_TABLE_OP = Operation(
    id="armageddon.fear_table",
    system=_SYS,
    title="Fear Table lookup",
    summary="Read the Fear Table for the amount a Fear Test failed by: extra effect, Essence loss dice, Turns "
    "frozen. Ships as a placeholder (rules/armageddon.md §1.13).",
    covers=("U20",),
    params=(
        Param(
            "margin",
            "int",
            "Failed by",
            "Target Number minus the Fear Test's total.",
            default=1,
            minimum=1,
            maximum=100,
        ),
        FEAR_TABLE_PARAM,
    ),
    run=_fear_table,
    source="seed 000, Fear Tests (Fear Table, Armageddon p. 124); rules/armageddon.md §1.13",
    rolls=False,
)
