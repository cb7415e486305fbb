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

from py_rules.coc.condition_registry import CONDITIONS as REGISTRY, NAMES
from py_rules.coc.creation_record import RECORD_FIELDS
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
from py_rules.limits import DAMAGE_MAX
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
TEXT_MAX = 200
"""Longest short text kept by the rules (a scheduled heal's source, the last roll's name)."""
COUNTER_MAX = 1_000_000_000
"""Highest value of an open-ended counter (hours of insanity, damage this round …)."""
DICE_MAX = 10
"""Most bonus or penalty dice a recorded roll holds: a form's 5 plus those the rules add (surprise, outnumbered,
the manoeuvre's Build penalty); at most 2 of them count (seed 003, Bonus Dice)."""
ITEMS_MAX = 200
"""Most items listed on a sheet."""
MOV_MAX = 50
"""Highest MOV a sheet keeps (a creature's printed MOV: flyers and swimmers print two figures, the larger kept)."""
HEALS_MAX = 50
"""Most healings waiting on a sheet (Medicine's week-later 1D3)."""

CONDITIONS = NAMES
"""Boolean conditions (seed 003 Hit points, Wounds, and Healing; Sanity), each a record of :mod:`.condition_registry`."""

COUNTERS = (
    # (name, words, lowest, highest, rule)
    ("damage_this_round", "Damage this round", 0, COUNTER_MAX, "rules/coc.md §3.9: per-round accumulator"),
    ("defences_this_round", "Defences this round", 0, COUNTER_MAX, "rules/coc.md §3.12 D11: dodged or fought back"),
    ("temporary_insanity_hours", "Hours of temporary insanity", 0, COUNTER_MAX, "seed 003, Going Mad: 1D10 hours"),
    ("days_toward_week", "Days toward the week's healing roll", 0, 6, "seed 003: a major wound's roll each week"),
    ("hour_of_day", "Hour of the day", 0, 23, "seed 003, Regaining Sanity: a day's loss"),
    ("san_at_start_of_day", "Sanity at the start of the day", 0, SANITY_CEILING, "seed 003, Going Mad"),
)
"""Counters the rules keep on the sheet; ``san_at_start_of_day`` starts at the current SAN, the rest at 0."""

FLAGS = (("first_aid_given", "First Aid given"), ("medicine_given", "Medicine given"))
"""Whether this injury had its First Aid and its Medicine (seed 003, First Aid: one attempt each)."""

ROLL_KINDS = ("skill", "characteristic", "luck", "combined", "opposed", "combat", "sanity", "damage")
"""Kinds of recorded rolls (what may be pushed or take Luck depends on it; rules/coc.md §3.5, §3.6)."""

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
        Field("weapons.*.attacks", "Attacks per round", minimum=1, maximum=ATTACKS_MAX, default=1),
        Field("weapons.*.ammo", "Shots in the weapon", minimum=0, maximum=1000, optional=True, default=None),
        Field("weapons.*.malfunction", "Malfunction", minimum=1, maximum=100, optional=True, default=None),
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
        Field("conditions", "Conditions", "record", default={}),
        *(
            Field(
                f"conditions.{key}",
                key.replace("_", " "),
                "bool",
                default=False,
                help=REGISTRY[key].words,
                source=REGISTRY[key].source,
            )
            for key in CONDITIONS
        ),
        *(
            Field(key, words, minimum=low, maximum=high, default=0, source=rule)
            for key, words, low, high, rule in COUNTERS
        ),
        *(Field(key, words, "bool", default=False, source="seed 003, First Aid") for key, words in FLAGS),
        Field("scheduled_heals", "Scheduled heals", "list", default=[], max_count=HEALS_MAX),
        Field("scheduled_heals.*.days", "Days to wait", minimum=0, maximum=365, default=0),
        Field("scheduled_heals.*.amount", "HP healed", minimum=0, maximum=100, default=0),
        Field("scheduled_heals.*.source", "Healed by", "text", max_length=TEXT_MAX, default="healing"),
        Field(
            "last_roll",
            "The last roll",
            "record",
            optional=True,
            help="Kept to push it or spend Luck on it (rules/coc.md §3.5, §3.6).",
        ),
        Field("last_roll.kind", "Kind (the last roll)", "choice", choices=ROLL_KINDS, default="skill"),
        Field("last_roll.name", "Name (the last roll)", "text", max_length=TEXT_MAX, default=""),
        Field("last_roll.value", "Value (the last roll)", minimum=0, maximum=CHARACTERISTIC_MAX, default=0),
        Field("last_roll.roll", "Roll (the last roll)", minimum=0, maximum=DAMAGE_MAX, default=0),
        Field("last_roll.level", "Level (the last roll)", minimum=0, maximum=5, default=0),
        Field("last_roll.luck_spent", "Luck spent (the last roll)", minimum=0, maximum=LUCK_MAX, default=0),
        Field("last_roll.bonus", "Bonus (the last roll)", minimum=0, maximum=DICE_MAX, default=0),
        Field("last_roll.penalty", "Penalty (the last roll)", minimum=0, maximum=DICE_MAX, default=0),
        Field("last_roll.success", "Success (the last roll)", "bool", default=False),
        Field("last_roll.pushed", "Pushed (the last roll)", "bool", default=False),
        Field(
            "last_roll.difficulty",
            "Difficulty (the last roll)",
            "choice",
            choices=("Regular", "Hard", "Extreme"),
            default="Regular",
        ),
        Field("last_roll.mode", "Mode (the last roll)", "choice", choices=("all", "any"), default="all", optional=True),
        Field("last_roll.names", "Skills (the last roll)", "list", optional=True, max_count=len(SKILL_BASES)),
        Field(
            "last_roll.characteristic",
            "Characteristic (the last roll)",
            "choice",
            choices=CHARACTERISTICS,
            default="CON",
            optional=True,
        ),
        Field(
            "ticks",
            "Ticked skills",
            "list",
            default=[],
            max_count=len(SKILL_BASES),
            help="The skills ticked for improvement, checked in the development phase.",
            source="rules/coc.md §3.15",
        ),
        Field("ticks.*", "Ticked skill", "text", max_length=TEXT_MAX, default=""),
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
