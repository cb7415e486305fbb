"""The Call of Cthulhu sheet (an investigator, an NPC or a creature), declared once (rules/coc.md §3.2, §3.8–§3.11).

:func:`py_rules.coc.investigator.from_dict` reads every bound through this declaration, the catalog publishes it
and the page builds its guided form, its sheet editor, its weapon and item editors and their limits from it.

Three kinds of sheet share the schema: an investigator (a player's), an NPC (the Keeper's; which of the two is the
campaign's record of who plays them, not the sheet) and a creature (``kind`` ``"creature"``). A creature's sheet
may leave out APP, EDU and Luck (a stat block of a monster prints none: absent, never 0), and keeps the MOV its
block prints (``mov``: a MOV on the sheet wins over the rules' formula, and ``derived.mov_from`` says which) and
the Sanity it costs to meet (``san_loss``, offered as the loss of a Sanity roll against it).
"""

from __future__ import annotations

from py_rules.coc.creation_record import RECORD_FIELDS
from py_rules.coc.sheet_play import (
    CONDITIONS,
    COUNTER_MAX,
    COUNTERS,
    DICE_MAX,
    FLAGS,
    PLAY_FIELDS,
    ROLL_KINDS,
    TEXT_MAX,
)
from py_rules.coc.tables import (
    ARMOUR_MAX,
    ATTACKS_MAX,
    CHARACTERISTIC_MAX,
    CHARACTERISTICS,
    COMBAT_FAMILIES,
    LUCK_MAX,
    SANITY_CEILING,
    SCHEMA,
    SKILL_BASES,
    SKILL_MAX,
    SKILL_NAMES,
    THROW,
    WEAPON_DB,
    WEAPONS_MAX,
)
from py_rules.sheet_spec import Derived, Field, SheetSpec

__all__ = (
    "SHEET",
    "SHEET_KINDS",
    "CREATURE_OPTIONAL",
    "CONDITIONS",
    "COUNTERS",
    "FLAGS",
    "ROLL_KINDS",
    "WEAPON_SKILLS",
    "NAME_MAX",
    "NOTES_MAX",
    "TEXT_MAX",
    "COUNTER_MAX",
    "DICE_MAX",
    "kind_of",
)

SHEET_KINDS = ("investigator", "npc", "creature")
"""The kinds of sheet a field may be asked of: an investigator and an NPC are people (``kind`` ``"human"``, the
campaign's record says who plays them); a creature is ``kind`` ``"creature"``."""

CREATURE_OPTIONAL = ("APP", "EDU", "Luck")
"""What a creature's sheet may leave out (a monster has no Appearance, Education or Luck to roll)."""

NAME_MAX = 80
"""Longest name (of the sheet, a weapon, an item)."""
NOTES_MAX = 2000
"""Longest notes, and longest list of possessions (text the sheet shows and does not model)."""
BACKSTORY_MAX = 4000
"""Longest backstory (the Investigator Handbook's sheet has ten headings of it)."""
ITEMS_MAX = 200
"""Most items listed on a sheet."""
CREATURE_SECTION = "Creature"
"""The guided form's heading for what only a creature is asked: its printed MOV and the Sanity it costs to meet."""
MOV_MAX = 50
"""Highest MOV a sheet keeps (a creature's printed MOV: flyers and swimmers print two figures, the larger kept)."""
WEAPON_SKILLS = tuple(name for name in SKILL_BASES if SKILL_NAMES.family_name(name) in COMBAT_FAMILIES) + (THROW,)
"""The listed skills an attack may use (seed 003's three, the book's other specialities, Throw), offered as the
weapon's choices; the check takes any other Fighting or Firearms speciality too (:func:`.weapons.weapon_skill`)."""

_DB_WORDS = ("Full", "Half (thrown)", "None (firearms)")
_CHARACTERISTIC_SOURCE = "rules/coc.md §3.2: 3D6×5 or (2D6+6)×5 for people; monsters go far beyond 99"
_PEOPLE = ("investigator", "npc")


def kind_of(sheet: dict) -> str:
    """``"creature"`` or ``"human"`` (a sheet without a kind is a person's, as every sheet was before creatures)."""
    return "creature" if sheet.get("kind") == "creature" else "human"


SHEET = SheetSpec(
    game="coc",
    schema=SCHEMA,
    sheet_kinds=SHEET_KINDS,
    words={"person": "investigator", "attributes": "Characteristics", "skills": "Skills"},
    fields=(
        Field("name", "Name", "text", max_length=NAME_MAX, default="Investigator"),
        Field(
            "kind",
            "Kind",
            "choice",
            choices=("human", "creature"),
            choice_labels=("Investigator or NPC", "Creature"),
            default="human",
            help="A creature may leave out APP, EDU and Luck, and keeps its printed MOV and Sanity loss.",
        ),
        Field(
            "age",
            "Age",
            minimum=15,
            maximum=120,
            default=25,
            section="Who",
            sheet_kinds=_PEOPLE,
            source="rules/coc.md §3.2: age lowers MOV from 40 on",
        ),
        Field(
            "occupation",
            "Occupation",
            "text",
            max_length=NAME_MAX,
            default="",
            sheet_kinds=_PEOPLE,
            help="Picked or typed in the guided form's By occupation part; edited with the sheet's texts.",
        ),
        Field("characteristics", "Characteristics", "record"),
        *(
            Field(
                f"characteristics.{key}",
                key,
                minimum=0,
                maximum=CHARACTERISTIC_MAX,
                default=50,
                section="Characteristics",
                group="Characteristics",
                source=_CHARACTERISTIC_SOURCE,
                **(
                    {"optional": True, "sheet_kinds": _PEOPLE, "help": "A creature's sheet may leave it out."}
                    if key in CREATURE_OPTIONAL
                    else {}
                ),
            )
            for key in CHARACTERISTICS
        ),
        Field(
            "luck",
            "Luck",
            minimum=0,
            maximum=LUCK_MAX,
            default=50,
            section="Luck",
            group="Characteristics",
            optional=True,
            sheet_kinds=_PEOPLE,
            help="A creature's sheet may leave it out.",
            source="rules/coc.md §3.2, §3.6: spent and recovered in play, at most 99",
        ),
        Field(
            "san",
            "Sanity",
            minimum=0,
            maximum=SANITY_CEILING,
            group="Characteristics",
            help="Starts at POW; at most 99 − Cthulhu Mythos.",
            source="rules/coc.md §3.2, §3.11",
        ),
        Field(
            "hp", "HP", minimum=0, help="Up to the maximum (derived); starts full.", source="rules/coc.md §3.2, §3.9"
        ),
        Field("mp", "MP", minimum=0, help="Up to the maximum (derived); starts full.", source="rules/coc.md §3.2"),
        Field(
            "mov",
            "MOV",
            minimum=0,
            maximum=MOV_MAX,
            optional=True,
            section=CREATURE_SECTION,
            sheet_kinds=("creature",),
            help="As the creature's stat block prints it; left out, MOV follows the rules (DEX, STR, SIZ, age).",
            source="rules/coc.md §3.2: MOV; a creature's own is printed with it",
        ),
        Field(
            "san_loss",
            "Sanity loss",
            "text",
            max_length=40,
            optional=True,
            section=CREATURE_SECTION,
            sheet_kinds=("creature",),
            help="What meeting it costs, X/Y: X on a successful Sanity roll, Y on a failure, e.g. 0/1D6.",
            source="rules/coc.md §3.11",
        ),
        Field("skills", "Skills", "map", default={}, max_count=len(SKILL_BASES)),
        Field(
            "skills.*",
            "Skill",
            minimum=0,
            maximum=SKILL_MAX,
            default=20,
            group="Skills",
            source="rules/coc.md §3.2: a skill from 0 to 100",
        ),
        Field(
            "armour",
            "Armour points",
            minimum=0,
            maximum=ARMOUR_MAX,
            default=0,
            help="Taken off the damage of every hit",
            source="rules/coc.md §3.8 [BOOK]",
        ),
        Field(
            "weapons",
            "Weapons",
            "list",
            default=[],
            max_count=WEAPONS_MAX,
            source="seed 003, Combat Round Duration; rules/coc.md §3.8",
        ),
        Field("weapons.*.name", "Name", "text", max_length=NAME_MAX, default=""),
        Field(
            "weapons.*.skill",
            "Skill",
            "choice",
            choices=WEAPON_SKILLS,
            default="Fighting (Brawl)",
            source="seed 003, Combat Round Duration",
        ),
        Field(
            "weapons.*.damage",
            "Damage",
            "text",
            max_length=40,
            default="1D3",
            help="Dice without the Damage Bonus, e.g. 1D4 or 2D6+4",
            source="rules/coc.md §3.8",
        ),
        Field(
            "weapons.*.db",
            "Damage Bonus",
            "choice",
            choices=WEAPON_DB,
            choice_labels=_DB_WORDS,
            default="full",
            source="rules/coc.md §3.8: full in melee, half thrown, none for firearms",
        ),
        Field(
            "weapons.*.impale",
            "Impales",
            "bool",
            default=False,
            help="Blades and bullets impale.",
            source="rules/coc.md §3.8 [BOOK]: an extreme success impales",
        ),
        Field("weapons.*.range", "Range", "text", max_length=40, default=""),
        Field(
            "weapons.*.attacks",
            "Attacks per round",
            minimum=1,
            maximum=ATTACKS_MAX,
            default=1,
            help="For a firearm, its rate of fire: the most shots a round (a handgun's 1(3) is 3).",
            source="rules/coc.md §3.12 D18",
        ),
        Field("weapons.*.ammo", "Shots in the weapon", minimum=0, maximum=1000, optional=True, default=None),
        Field("weapons.*.malfunction", "Malfunction", minimum=1, maximum=100, optional=True, default=None),
        Field(
            "weapons.*.loaded",
            "Rounds left",
            minimum=0,
            maximum=1000,
            optional=True,
            default=None,
            help="Shots still in the weapon (empty: full); each shot spends one, a reload refills it.",
            source="rules/coc.md §3.8 [BOOK]: ammunition",
        ),
        Field(
            "weapons.*.jammed",
            "Jammed",
            "bool",
            default=False,
            help="A roll at or above the malfunction number jams it; it can't fire until cleared.",
            source="rules/coc.md §3.8 [BOOK]: malfunction",
        ),
        Field(
            "items",
            "Items",
            "list",
            default=[],
            max_count=ITEMS_MAX,
            help="What they carry, each with how many and a note.",
        ),
        Field("items.*.name", "Item", "text", max_length=NAME_MAX, default=""),
        Field("items.*.quantity", "How many", minimum=1, maximum=9999, default=1),
        Field("items.*.note", "Note", "text", max_length=TEXT_MAX, default=""),
        Field(
            "backstory",
            "Backstory",
            "note",
            max_length=BACKSTORY_MAX,
            default="",
            sheet_kinds=_PEOPLE,
            help="Description, beliefs, significant people and places, treasured possessions, traits.",
        ),
        Field(
            "possessions",
            "Possessions",
            "note",
            max_length=NOTES_MAX,
            default="",
            sheet_kinds=_PEOPLE,
            help="Gear, cash and assets as written (the items above are what the sheet counts).",
        ),
        Field(
            "notes",
            "Notes",
            "note",
            max_length=NOTES_MAX,
            default="",
            help="Anything else: spells, a creature's special powers and armour.",
        ),
        *PLAY_FIELDS,
        *(
            Field(
                path,
                label,
                kind,
                help=words,
                optional=True,
                source="rules/coc.md §3.2a",
                **(
                    {
                        "choices": ("digital", "physical"),
                        "choice_labels": ("Digital dice", "Physical dice"),
                        "default": "digital",
                    }
                    if kind == "choice"
                    else {}
                ),
            )
            for path, label, kind, words in RECORD_FIELDS
        ),
    ),
    derived=(
        Derived("hp_max", "HP", "(CON + SIZ) ÷ 10", "rules/coc.md §3.2"),
        Derived("mp_max", "MP", "POW ÷ 5", "rules/coc.md §3.2"),
        Derived("san_max", "Maximum SAN", "99 − Cthulhu Mythos", "rules/coc.md §3.2"),
        Derived("damage_bonus", "Damage Bonus", "the STR + SIZ table", "rules/coc.md §3.2"),
        Derived("build", "Build", "the STR + SIZ table", "rules/coc.md §3.2"),
        Derived(
            "mov",
            "MOV",
            "7, 8 or 9 from DEX and STR against SIZ, less the age penalty; a MOV on the sheet "
            "(a creature's printed one) instead",
            "rules/coc.md §3.2",
        ),
        Derived(
            "mov_from", "MOV from", '"sheet" when the sheet gives its own MOV, "rules" otherwise', "rules/coc.md §3.2"
        ),
        Derived("dodge", "Dodge", "the skill, or DEX ÷ 2", "rules/coc.md §3.2"),
    ),
)
