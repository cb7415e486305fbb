"""Creating a Call of Cthulhu sheet through the JSON door (rules/coc.md §3.14 C1; §3.2): the characteristics
entered or rolled, Luck, skills, gear, and the derived values; by the book's occupations see :mod:`.ops_creation`.

The same operation makes a creature (``kind`` ``"creature"``), as the sheet declares one (:mod:`py_rules.coc.sheet`)
and as a pasted stat block makes one (:mod:`py_rules.coc.stat_block_sheet`): one check, :func:`.investigator.from_dict`,
reads both. A creature's APP, EDU and Luck may be left out (a monster has none to roll), it keeps the MOV its stat
block prints and the Sanity it costs to meet (``san_loss``, X/Y, read by the Sanity roll's dice grammar; rules/coc.md
§3.11). An investigator's or an NPC's MOV is the rules' (rules/coc.md §3.2), never typed.
"""

from __future__ import annotations

from py_rules.coc import creation
from py_rules.coc.creation_record import read_record as read_creation_record
from py_rules.coc.investigator import EXAMPLE
from py_rules.coc.params import (
    LABEL,
    with_states,
)
from py_rules.coc.sheet import CREATURE_OPTIONAL, SHEET
from py_rules.coc.tables import ARMOUR_MAX, CHARACTERISTICS, LUCK_MAX
from py_rules.coc.weapons import COMMON_WEAPONS, parse_weapons
from py_rules.errors import RulesError
from py_rules.operations import Operation
from py_rules.params import Param

__all__ = ("OPERATIONS", "CREATE")


def _skills_json(value):
    if not isinstance(value, dict):
        raise RulesError("wrong_type", "Skills must be a JSON object of skill name → value.", "")
    return value


def _items_json(value):
    if not isinstance(value, list):
        raise RulesError("wrong_type", "Items must be a list of items.", "")
    return value


_PEOPLE_FIRST = {**EXAMPLE["characteristics"], "Luck": EXAMPLE["luck"]}
"""What an investigator's or an NPC's APP, EDU and Luck are when the request leaves them out (the example's, as the
form pre-fills them); a creature's left out stay out of its sheet."""


def _creature_parts(kind, mov, san_loss, roll):
    """The sheet's kind and what only a creature keeps, or a refusal naming the field (rules/coc.md §3.2, §3.11)."""
    if kind != "creature":
        for key, value in (("mov", mov), ("san_loss", san_loss)):
            if value not in (None, ""):
                raise RulesError(
                    "not_allowed",
                    f"{SHEET.field(key).label}: only a creature's sheet keeps its own; an investigator's or an NPC's "
                    + ("MOV follows the rules (DEX, STR, SIZ, age)." if key == "mov" else "has none."),
                    key,
                )
        return {"kind": kind}
    if roll:
        raise RulesError(
            "not_allowed",
            "A creature's characteristics are typed as its stat block prints them; only an investigator's or an "
            "NPC's are rolled.",
            "roll_characteristics",
        )
    return {
        "kind": kind,
        **({"mov": mov} if mov is not None else {}),
        **({"san_loss": san_loss} if san_loss not in (None, "") else {}),
    }


def _create(
    dice,
    *,
    label,
    name,
    age,
    roll_characteristics,
    luck,
    skills,
    kind="human",
    mov=None,
    san_loss=None,
    weapons=(),
    armour=0,
    occupation="",
    items=(),
    creation_record=None,
    **chars,
):
    kept = {
        **_creature_parts(kind, mov, san_loss, roll_characteristics),
        "occupation": occupation,
        "items": list(items),
        **({"creation": creation_record} if creation_record else {}),
    }
    if kind != "creature":  # a person has every characteristic and Luck
        chars = {key: _PEOPLE_FIRST[key] if value is None else value for key, value in chars.items()}
        luck = _PEOPLE_FIRST["Luck"] if luck is None else luck
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


def _left_out(key: str) -> str:
    return (
        f" A creature's sheet may leave it out (empty); left out, an investigator's or an NPC's is {_PEOPLE_FIRST[key]}."
        if key in CREATURE_OPTIONAL
        else ""
    )


_CHAR_PARAMS = tuple(
    Param(
        key,
        "int",
        key,
        f"rules/coc.md §3.2: {key} (ignored when the characteristics are rolled).{_left_out(key)}",
        default=None if key in CREATURE_OPTIONAL else EXAMPLE["characteristics"][key],
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
            "kind",
            "choice",
            SHEET.field("kind").label,
            f"rules/coc.md §3.2: {SHEET.field('kind').help}",
            default=SHEET.field("kind").default,
            choices=SHEET.field("kind").choices,
        ),
        Param(
            "mov",
            "int",
            SHEET.field("mov").label,
            f"{SHEET.field('mov').source}. A creature's only: {SHEET.field('mov').help}",
            default=None,
            minimum=SHEET.field("mov").minimum,
            maximum=SHEET.field("mov").maximum,
        ),
        Param(
            "san_loss",
            "text",
            SHEET.field("san_loss").label,
            f"{SHEET.field('san_loss').source}. A creature's only: {SHEET.field('san_loss').help}",
            default=None,
            max_length=SHEET.field("san_loss").max_length,
        ),
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
            f"rules/coc.md §3.2: Luck (3D6×5 when rolled).{_left_out('Luck')}",
            default=None,
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

OPERATIONS = (CREATE,)
