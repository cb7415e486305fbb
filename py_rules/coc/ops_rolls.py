"""Operations for the investigator and the dice: C1–C8 (rules/coc.md §3.14)."""

from __future__ import annotations

from py_rules.coc import checks, creation, development, luck, opposed, push
from py_rules.coc.creation_record import read_record as read_creation_record
from py_rules.coc.investigator import EXAMPLE
from py_rules.coc.levels import level_for, level_name, succeeds
from py_rules.coc.params import (
    BONUS,
    CHARACTERISTIC,
    DIFFICULTY,
    EXAMPLE_AFTER_A_FAILED_ROLL,
    EXAMPLE_WITH_TICKS,
    GOAL,
    INVESTIGATOR,
    LABEL,
    OPPONENT,
    PENALTY,
    SKILL,
    with_states,
)
from py_rules.coc.percentile import roll_percentile
from py_rules.coc.settings import settings_from, settings_params
from py_rules.coc.sheet import SHEET
from py_rules.coc.tables import ARMOUR_MAX, CHARACTERISTICS, DIFFICULTIES, LUCK_MAX, SKILL_BASES
from py_rules.coc.weapons import COMMON_WEAPONS, parse_weapons
from py_rules.errors import RulesError
from py_rules.operations import Operation
from py_rules.params import Param
from py_rules.trace import Log, Result

__all__ = ("OPERATIONS",)

FUMBLE_BASIS = settings_params("fumble_basis")
TICKING = settings_params("fumble_basis", "tick_with_bonus_die")
"""The settings of a roll that can tick a skill for improvement (rules/coc.md §3.4, §3.15)."""


def _skills_json(value):
    if not isinstance(value, dict):
        raise RulesError("wrong_type", "Skills must be a JSON object of skill name → value.", "")
    return value


def _items_json(value):
    if not isinstance(value, list):
        raise RulesError("wrong_type", "Items must be a list of items.", "")
    return value


def _create(
    dice,
    *,
    label,
    name,
    age,
    roll_characteristics,
    luck,
    skills,
    weapons=(),
    armour=0,
    occupation="",
    items=(),
    creation_record=None,
    **chars,
):
    kept = {
        "occupation": occupation,
        "items": list(items),
        **({"creation": creation_record} if creation_record else {}),
    }
    try:
        result = creation.create_investigator(
            dice,
            name=name,
            age=age,
            characteristics=chars,
            luck=luck,
            skills=skills,
            roll=roll_characteristics,
            label=label,
            gear={"weapons": list(weapons), "armour": armour, **kept},
        )
    except RulesError as error:  # name the form's field: "skills.Dodge" is reported on "skills"
        field = (error.field or "").split(".")[0]
        if field == "skills":
            raise RulesError(error.code, f"Skills: {error.message}", "skills") from None
        raise
    return with_states(result)


_CHAR_PARAMS = tuple(
    Param(
        key,
        "int",
        key,
        f"rules/coc.md §3.2: {key} (ignored when the characteristics are rolled).",
        default=EXAMPLE["characteristics"][key],
        minimum=SHEET.field(f"characteristics.{key}").minimum,
        maximum=SHEET.field(f"characteristics.{key}").maximum,
    )
    for key in CHARACTERISTICS
)

CREATE = Operation(
    id="coc.create_investigator",
    system="coc",
    title="Create an investigator",
    summary="Enter or roll the characteristics and Luck; derives HP, MP, SAN (max 99 − Cthulhu Mythos), Damage Bonus, "
    "Build, MOV and Dodge.",
    covers=("C1",),
    params=(
        LABEL,
        Param("name", "text", "Name", "The investigator's name.", default="New investigator"),
        Param(
            "age",
            "int",
            "Age",
            "rules/coc.md §3.2: age lowers MOV from 40 on.",
            default=SHEET.field("age").default,
            minimum=SHEET.field("age").minimum,
            maximum=SHEET.field("age").maximum,
        ),
        Param(
            "roll_characteristics",
            "bool",
            "Roll characteristics",
            "rules/coc.md §3.2: roll STR, CON, DEX, APP, POW and Luck as 3D6×5, SIZ, INT, EDU as (2D6+6)×5.",
            default=False,
            example=True,
        ),
        *_CHAR_PARAMS,
        Param(
            "luck",
            "int",
            "Luck",
            "rules/coc.md §3.2: Luck (3D6×5 when rolled).",
            default=50,
            minimum=0,
            maximum=LUCK_MAX,
        ),
        Param(
            "skills",
            "json",
            "Skills",
            "Skill name → value (0–100); unlisted skills keep their base values (rules/coc.md §3.2).",
            default={},
            parse=_skills_json,
            example=EXAMPLE["skills"],
        ),
        Param(
            "weapons",
            "json",
            "Weapons",
            "The investigator's weapons: name, skill, damage without the Damage Bonus, "
            "its share of the Damage Bonus, impales (rules/coc.md §3.8).",
            default=[],
            parse=parse_weapons,
            example=[dict(COMMON_WEAPONS[1])],
        ),
        Param(
            "items",
            "json",
            "Items",
            "What the investigator carries: each a name, how many and a note (the sheet's items).",
            default=[],
            parse=_items_json,
            example=[{"name": "Lantern", "quantity": 1, "note": ""}],
        ),
        Param(
            "armour",
            "int",
            "Armour points",
            "Taken off the damage of every hit (rules/coc.md §3.8 [BOOK]).",
            default=0,
            minimum=0,
            maximum=ARMOUR_MAX,
        ),
        Param(
            "occupation",
            "text",
            "Occupation",
            "What the investigator does for a living (rules/coc.md §3.2a).",
            default="",
            max_length=SHEET.field("occupation").max_length,
        ),
        Param(
            "creation_record",
            "json",
            "Dice rolled at creation",
            "rules/coc.md §3.2a: the record "
            "of Roll the characteristics (each characteristic's dice, the age steps), kept on the sheet.",
            default=None,
            parse=read_creation_record,
            max_length=8000,
        ),
    ),
    run=_create,
    source="rules/coc.md §3.2 [BOOK]; seed 003 (HP, SAN, Luck, Build used throughout)",
)


def _d100(dice, *, label, bonus, penalty, value, difficulty, fumble_basis):
    perc = roll_percentile(dice, bonus, penalty, "d100")
    log, read = Log(), {}
    log.extend(perc.steps)
    if value is not None:
        level = level_for(perc.value, value, difficulty, fumble_basis)
        read = dict(target=value, level=int(level), level_name=level_name(level), success=succeeds(level, difficulty))
        log.step(f"{perc.value} vs {value}: {level_name(level)}", "seed 003, Rolling Dice; rules/coc.md §3.4")
    details = {"units": perc.units, "tens": list(perc.tens), "net_dice": perc.net}
    return Result.of(log, "coc", "d100", label=label, total=perc.value, details=details, **read)


D100 = Operation(
    id="coc.d100",
    system="coc",
    title="Percentile roll (d100)",
    summary="Roll 1D100 with bonus/penalty dice (cancel, at most 2; 00 + 0 = 100); optionally read the level against "
    "a value.",
    covers=("C2", "C3"),
    params=(
        LABEL,
        BONUS,
        PENALTY,
        Param(
            "value",
            "int",
            "Value to roll against",
            "Optional skill or characteristic value; the result shows "
            "Regular/Hard/Extreme, critical or fumble (rules/coc.md §3.4).",
            default=None,
            minimum=0,
            maximum=500,
        ),
        DIFFICULTY,
        *FUMBLE_BASIS,
    ),
    run=_d100,
    source="seed 003, Bonus Dice and Penalty Dice; rules/coc.md §3.3",
)


def _skill(dice, *, investigator, skill, difficulty, bonus, penalty, goal, label, **rest):
    settings, _ = settings_from(rest)
    return with_states(
        checks.skill_roll(
            dice,
            investigator,
            skill,
            difficulty=difficulty,
            bonus=bonus,
            penalty=penalty,
            goal=goal,
            label=label,
            settings=settings,
        )
    )


SKILL_ROLL = Operation(
    id="coc.skill_roll",
    system="coc",
    title="Skill roll",
    summary="1D100 against a skill: Regular (≤ skill), Hard (≤ half), Extreme (≤ fifth), 01 critical, fumble; the "
    "Keeper may demand a difficulty. Kept on the sheet for pushing or spending Luck.",
    covers=("C2", "C3"),
    params=(INVESTIGATOR, SKILL, DIFFICULTY, BONUS, PENALTY, GOAL, LABEL, *TICKING),
    run=_skill,
    source="seed 003, Rolling Dice; rules/coc.md §3.3, §3.4",
)


def _characteristic(dice, *, investigator, characteristic, difficulty, bonus, penalty, goal, label, **rest):
    settings, _ = settings_from(rest)
    return with_states(
        checks.characteristic_roll(
            dice,
            investigator,
            characteristic,
            difficulty=difficulty,
            bonus=bonus,
            penalty=penalty,
            goal=goal,
            label=label,
            settings=settings,
        )
    )


CHARACTERISTIC_ROLL = Operation(
    id="coc.characteristic_roll",
    system="coc",
    title="Characteristic roll (CON, INT …)",
    summary="1D100 against a characteristic, e.g. a CON roll or an INT roll.",
    covers=("C4",),
    params=(INVESTIGATOR, CHARACTERISTIC, DIFFICULTY, BONUS, PENALTY, GOAL, LABEL, *FUMBLE_BASIS),
    run=_characteristic,
    source="rules/coc.md §3.2; seed 003 (CON roll, INT roll)",
)


def _luck(dice, *, investigator, difficulty, bonus, penalty, label, **rest):
    settings, _ = settings_from(rest)
    return with_states(
        checks.luck_roll(
            dice, investigator, difficulty=difficulty, bonus=bonus, penalty=penalty, label=label, settings=settings
        )
    )


LUCK_ROLL = Operation(
    id="coc.luck_roll",
    system="coc",
    title="Luck roll",
    summary="1D100 against current Luck, when fate or external circumstances matter.",
    covers=("C6",),
    params=(INVESTIGATOR, DIFFICULTY, BONUS, PENALTY, LABEL, *FUMBLE_BASIS),
    run=_luck,
    source="seed 003, Luck",
)


def _push(dice, *, investigator, justification, bonus, penalty, label, **rest):
    settings, _ = settings_from(rest)
    return with_states(
        push.push_roll(dice, investigator, justification, label=label, bonus=bonus, penalty=penalty, settings=settings)
    )


PUSH = Operation(
    id="coc.push_roll",
    system="coc",
    title="Push the last roll",
    summary="Roll the same failed skill or characteristic roll once more, if justified. Not combat, not opposed, only "
    "once, not after spending Luck; a failed push is flagged for the Keeper's harsher consequence.",
    covers=("C5",),
    params=(
        INVESTIGATOR.with_example(EXAMPLE_AFTER_A_FAILED_ROLL),
        Param(
            "justification",
            "text",
            "Justification",
            "Seed 003, Pushing a Roll: 'If justified' — how the new attempt differs.",
            default="",
            example="He empties every drawer onto the floor",
        ),
        Param(
            "bonus",
            "int",
            "Bonus dice (if changed)",
            "rules/coc.md §3.5: the push keeps the first roll's bonus "
            "dice unless the Keeper changes them; leave empty to keep them.",
            default=None,
            minimum=0,
            maximum=5,
        ),
        Param(
            "penalty",
            "int",
            "Penalty dice (if changed)",
            "rules/coc.md §3.5: the push keeps the first roll's "
            "penalty dice unless the Keeper changes them; leave empty to keep them.",
            default=None,
            minimum=0,
            maximum=5,
        ),
        LABEL,
        *settings_params("push_after_fumble", "fumble_basis", "tick_with_bonus_die"),
    ),
    run=_push,
    source="seed 003, Pushing a Roll; rules/coc.md §3.5, §3.12 D1",
)


def _spend(*, investigator, points, target_level, label, **rest):
    settings, _ = settings_from(rest)
    return with_states(
        luck.spend_luck(investigator, points=points, target_level=target_level, label=label, settings=settings)
    )


SPEND_LUCK = Operation(
    id="coc.spend_luck",
    system="coc",
    title="Spend Luck on the last roll",
    summary="Lower the last skill roll point for point, even after a success. Not on pushed rolls, fumbles, damage, "
    "Luck or Sanity rolls; never buys a critical.",
    covers=("C6",),
    params=(
        INVESTIGATOR,
        Param(
            "points",
            "int",
            "Luck points",
            "Seed 003, Luck: reduce the roll by the Luck points spent.",
            default=0,
            minimum=0,
            maximum=LUCK_MAX,
        ),
        Param(
            "target_level",
            "choice",
            "…or reach level",
            "Spend exactly what reaches this level "
            "(rules/coc.md §3.6: cost = roll − threshold); leave empty to spend the points above.",
            default="",
            choices=("",) + DIFFICULTIES,
        ),
        LABEL,
        *FUMBLE_BASIS,
    ),
    run=_spend,
    source="seed 003, Luck; rules/coc.md §3.6, §3.12 D15",
    rolls=False,
)


def _recover(dice, *, investigator, label):
    return with_states(luck.recover_luck(dice, investigator, label=label))


RECOVER_LUCK = Operation(
    id="coc.recover_luck",
    system="coc",
    title="Recover Luck (after a session)",
    summary="Optional book rule: roll 1D100; above current Luck, gain 1D10 Luck (max 99).",
    covers=("C6",),
    params=(INVESTIGATOR, LABEL),
    run=_recover,
    source="rules/coc.md §3.6 [BOOK optional]",
)


def _opposed(
    dice,
    *,
    investigator,
    opponent,
    skill,
    opponent_skill,
    bonus,
    penalty,
    opponent_bonus,
    opponent_penalty,
    luck,
    opponent_luck,
    label,
    **rest,
):
    settings, _ = settings_from(rest)
    return opposed.opposed_roll(
        dice,
        investigator,
        opponent,
        skill,
        opponent_skill,
        bonus_a=bonus,
        penalty_a=penalty,
        bonus_b=opponent_bonus,
        penalty_b=opponent_penalty,
        luck_a=luck,
        luck_b=opponent_luck,
        label=label,
        settings=settings,
    )


OPPOSED = Operation(
    id="coc.opposed_roll",
    system="coc",
    title="Opposed roll",
    summary="Both sides roll their own skill; the higher level wins; a draw goes to the higher skill, equal skills to "
    "a 1D100 roll-off (lower wins); both failing means nobody wins. Cannot be pushed.",
    covers=("C7",),
    params=(
        INVESTIGATOR,
        OPPONENT,
        SKILL,
        Param(
            "opponent_skill",
            "choice",
            "Opponent's skill",
            "The skill the other side rolls (seed 003: e.g. Dodge against Brawl).",
            default="Dodge",
            choices=tuple(SKILL_BASES),
            parse=SKILL.parse,
        ),
        BONUS,
        PENALTY,
        Param("opponent_bonus", "int", "Opponent's bonus dice", BONUS.help, default=0, minimum=0, maximum=5),
        Param("opponent_penalty", "int", "Opponent's penalty dice", PENALTY.help, default=0, minimum=0, maximum=5),
        Param(
            "luck",
            "int",
            "Investigator's Luck to spend",
            "Seed 003, Luck: lower the roll point for point before "
            "the comparison; none is spent on a fumble, and it stops at 02 (never a critical; rules/coc.md §3.6).",
            default=0,
            minimum=0,
            maximum=LUCK_MAX,
        ),
        Param(
            "opponent_luck",
            "int",
            "Opponent's Luck to spend",
            "As above, for the other side.",
            default=0,
            minimum=0,
            maximum=LUCK_MAX,
        ),
        LABEL,
        *TICKING,
    ),
    run=_opposed,
    source="seed 003, Opposed Rolls; rules/coc.md §3.7",
)


def _combined(dice, *, investigator, skills, mode, difficulty, bonus, penalty, label, **rest):
    settings, _ = settings_from(rest)
    names = opposed.parse_skill_list(skills)
    return with_states(
        opposed.combined_roll(
            dice,
            investigator,
            names,
            mode=mode,
            difficulty=difficulty,
            bonus=bonus,
            penalty=penalty,
            label=label,
            settings=settings,
        )
    )


COMBINED = Operation(
    id="coc.combined_roll",
    system="coc",
    title="Combined roll",
    summary="One 1D100 against two or more skills (e.g. Throw and Stealth); the Keeper needs all of them or any one.",
    covers=("C8",),
    params=(
        INVESTIGATOR,
        Param(
            "skills",
            "text",
            "Skills",
            "Seed 003, Combined rolls: skill names separated by commas, e.g. 'Throw, Stealth'.",
            default="Throw, Stealth",
        ),
        Param(
            "mode",
            "choice",
            "The Keeper needs",
            "rules/coc.md §3.7: success in all skills, or in any one.",
            default="all",
            choices=("all", "any"),
        ),
        DIFFICULTY,
        BONUS,
        PENALTY,
        LABEL,
        *TICKING,
    ),
    run=_combined,
    source="seed 003, Combined rolls; rules/coc.md §3.7",
)


def _develop(dice, *, investigator, label, **rest):
    settings, _ = settings_from(rest)
    return with_states(development.development_phase(dice, investigator, label=label, settings=settings))


DEVELOPMENT_PHASE = Operation(
    id="coc.development_phase",
    system="coc",
    title="Development phase (end of a scenario)",
    summary="For each ticked skill roll 1D100: above the skill, or 96 or more, adds 1D10 (at most 99); every tick "
    "is cleared; a skill reaching 90 for the first time gives 2D6 Sanity. With the house rule, Luck recovery too.",
    covers=("C24",),
    params=(INVESTIGATOR.with_example(EXAMPLE_WITH_TICKS), LABEL, *settings_params("luck_recovery")),
    run=_develop,
    source="rules/coc.md §3.15, §3.6 [BOOK]",
)

OPERATIONS = (
    CREATE,
    D100,
    SKILL_ROLL,
    CHARACTERISTIC_ROLL,
    LUCK_ROLL,
    PUSH,
    SPEND_LUCK,
    RECOVER_LUCK,
    OPPOSED,
    COMBINED,
    DEVELOPMENT_PHASE,
)
