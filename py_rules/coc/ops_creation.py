"""Operations for creating an investigator by the book (C23; rules/coc.md §3.2a): the characteristics rolled with
age applied and their dice kept, the occupations offered, and the skill points by occupation."""

from __future__ import annotations

from py_rules.coc.age import AGE_HIGH, AGE_LOW, AGE_TABLE
from py_rules.coc.creation_points import creation_points
from py_rules.coc.creation_record import roll_characteristics
from py_rules.coc.investigator import EXAMPLE
from py_rules.coc.occupation_data import OCCUPATIONS, parse_occupation
from py_rules.coc.occupations import FORMULA_WORDS, FORMULAS
from py_rules.coc.params import LABEL
from py_rules.coc.settings import settings_from, settings_params
from py_rules.coc.tables import CHARACTERISTIC_MAX, CHARACTERISTICS
from py_rules.errors import RulesError
from py_rules.operations import Operation
from py_rules.params import Param
from py_rules.trace import Log, Result

__all__ = ("OPERATIONS", "ROLL", "POINTS", "OCCUPATION_LIST", "AGE_TABLE_OP")

SOURCE = "rules/coc.md §3.2, §3.2a [BOOK]"


def _loss(value):
    if not isinstance(value, dict):
        raise RulesError("wrong_type", "Say what each characteristic loses, e.g. STR 3 and CON 2.", "")
    return value


def _roll(dice, *, age, age_loss, label):
    return roll_characteristics(dice, age=age, age_loss=age_loss or None, label=label)


ROLL = Operation(
    id="coc.roll_characteristics",
    system="coc",
    title="Roll the characteristics (with age)",
    summary="Roll STR, CON, DEX, APP, POW and Luck (3D6 × 5) and SIZ, INT, EDU ((2D6 + 6) × 5), then apply the age "
    "table: EDU improvement checks, the loss shared by STR, CON and DEX (STR and SIZ when young), APP and EDU loss, "
    "Luck twice at 15–19. Every die is kept for the sheet.",
    covers=("C1", "C23"),
    params=(
        Param(
            "age",
            "int",
            "Age",
            f"rules/coc.md §3.2a: the age table at creation runs from {AGE_LOW} to {AGE_HIGH}.",
            default=25,
            minimum=AGE_LOW,
            maximum=AGE_HIGH,
            example=45,
        ),
        Param(
            "age_loss",
            "json",
            "Age loss shared as",
            "rules/coc.md §3.2a: how the loss an age shares is taken, "
            "characteristic → points (they add up to the loss; at least 1 stays in each); empty = evenly.",
            default={},
            parse=_loss,
            example={"STR": 3, "CON": 1, "DEX": 1},
            max_length=200,
        ),
        LABEL,
    ),
    run=_roll,
    source=SOURCE,
)


def _occupation(value):
    """Checked at the door; the rule reads it again (a request's arguments stay plain JSON)."""
    parse_occupation(value)
    return value


_CHAR_PARAMS = tuple(
    Param(
        key,
        "int",
        key,
        f"rules/coc.md §3.2: {key}, after age.",
        default=EXAMPLE["characteristics"][key],
        minimum=0,
        maximum=CHARACTERISTIC_MAX,
    )
    for key in CHARACTERISTICS
)


def _points_json(value):
    if not isinstance(value, dict):
        raise RulesError("wrong_type", "Name each skill and its points.", "")
    return value


def _points(*, occupation, formula, occupation_points, personal_points, age, complete, label, **rest):
    settings, chars = settings_from(rest)
    return creation_points(
        characteristics=chars,
        age=age,
        occupation=parse_occupation(occupation),
        formula=formula,
        occupation_points_spent=occupation_points,
        personal_points_spent=personal_points,
        skill_cap=settings.creation_skill_cap,
        complete=complete,
        label=label,
    )


POINTS = Operation(
    id="coc.creation_points",
    system="coc",
    title="Skill points by occupation",
    summary="The occupation's skill points by its formula and the personal interest points (INT × 2): what is spent "
    "and left of each, and each skill as base + occupation + personal points. Refuses overspending, occupation "
    "points on a skill the occupation does not list, any points on Cthulhu Mythos and a Credit Rating outside the "
    "occupation's range.",
    covers=("C23",),
    params=(
        Param(
            "occupation",
            "json",
            "Occupation",
            "rules/coc.md §3.2a: the name of one the app ships, or one "
            "typed by the table with its name, its formulas, its skills (text such as 'Library Use, Science (any), "
            "Charm or Persuade, any two others') and its Credit Rating range, lowest and highest.",
            default={"name": OCCUPATIONS[0].name},
            parse=_occupation,
            max_length=4000,
            example={"name": "Private eye"},
        ),
        Param(
            "formula",
            "choice",
            "Skill points formula",
            "rules/coc.md §3.2a: where the occupation offers two, the player takes one; empty = its first.",
            default="",
            choices=("", *FORMULAS),
            example="EDU2_DEX2",
        ),
        *_CHAR_PARAMS,
        Param(
            "age",
            "int",
            "Age",
            "rules/coc.md §3.2a: the age the characteristics were rolled at.",
            default=25,
            minimum=15,
            maximum=120,
        ),
        Param(
            "occupation_points",
            "json",
            "Occupation points",
            "rules/coc.md §3.2a: skill → occupation points, on the occupation's skills and Credit Rating.",
            default={},
            parse=_points_json,
            max_length=20_000,
            example={"Spot Hidden": 40, "Credit Rating": 20, "Firearms (Handgun)": 30},
        ),
        Param(
            "personal_points",
            "json",
            "Personal interest points",
            "rules/coc.md §3.2a: skill → personal interest points (INT × 2), on any skill but Cthulhu Mythos.",
            default={},
            parse=_points_json,
            max_length=20_000,
            example={"Library Use": 30},
        ),
        Param(
            "complete",
            "bool",
            "The draft is complete",
            "Check it as finished: a Credit Rating below the "
            "occupation's range is then refused (while drafting it is a note).",
            default=True,
        ),
        LABEL,
        *settings_params("creation_skill_cap"),
    ),
    run=_points,
    source=SOURCE,
    rolls=False,
)


def _list(*, label):
    occupations = [occupation.to_dict() for occupation in OCCUPATIONS]
    log = Log()
    for o in occupations:
        log.step(
            f"{o['name']}: {' or '.join(f['words'] for f in o['formulas'])}; Credit Rating "
            f"{o['credit_rating'][0]}–{o['credit_rating'][1]}",
            SOURCE,
        )
    return Result.of(
        log,
        "coc",
        "occupation_list",
        label=label,
        details={
            "occupations": occupations,
            "formulas": [{"key": key, "words": words} for key, words in FORMULA_WORDS.items()],
        },
    )


OCCUPATION_LIST = Operation(
    id="coc.occupation_list",
    system="coc",
    title="Occupations",
    summary="The occupations the app ships (generic, with values of our own): each one's skill-point formulas, "
    "skills and Credit Rating range; a table may type its own.",
    covers=("C23",),
    params=(LABEL,),
    run=_list,
    source=SOURCE,
    rolls=False,
)


def _age_table(*, label):
    bands = [band.to_dict() for band in AGE_TABLE]
    log = Log()
    for band in bands:
        log.step(band["words"], SOURCE)
    return Result.of(log, "coc", "age_table", label=label, details={"bands": bands})


AGE_TABLE_OP = Operation(
    id="coc.age_table",
    system="coc",
    title="The age table",
    summary="Each age band at creation: its EDU improvement checks, the loss its characteristics share and how it "
    "splits evenly, APP and EDU lost, and whether Luck is rolled twice. The player may split the shared loss "
    "otherwise when rolling the characteristics.",
    covers=("C23",),
    params=(LABEL,),
    run=_age_table,
    source=SOURCE,
    rolls=False,
)

OPERATIONS = (ROLL, POINTS, OCCUPATION_LIST, AGE_TABLE_OP)
