"""What the rules keep on a Call of Cthulhu sheet in play (rules/coc.md §3.5, §3.6, §3.9, §3.11, §3.15), declared
once with the rest of the sheet (:data:`py_rules.coc.sheet.SHEET` holds these fields): the conditions, the counters
(damage this round, hours of insanity …), whether First Aid and Medicine were given, the healings waiting, the last
roll (kept to push it or spend Luck on it) and the skills ticked for improvement.
"""

from __future__ import annotations

from py_rules.coc.condition_registry import CONDITIONS as REGISTRY, NAMES
from py_rules.coc.tables import CHARACTERISTIC_MAX, CHARACTERISTICS, LUCK_MAX, SANITY_CEILING, SKILL_BASES
from py_rules.limits import DAMAGE_MAX
from py_rules.sheet_spec import Field

__all__ = (
    "PLAY_FIELDS",
    "CONDITIONS",
    "COUNTERS",
    "FLAGS",
    "TREATMENT_ROLLS",
    "ROLL_KINDS",
    "TEXT_MAX",
    "COUNTER_MAX",
    "DICE_MAX",
    "HEALS_MAX",
)

TEXT_MAX = 200
"""Longest short text kept by the rules (a scheduled heal's source, the last roll's name)."""
COUNTER_MAX = 1_000_000_000
"""Highest value of an open-ended counter (hours of insanity, damage this round …)."""
DICE_MAX = 10
"""Most bonus or penalty dice a recorded roll holds: a form's 5 plus those the rules add (surprise, outnumbered,
the manoeuvre's Build penalty); at most 2 of them count (seed 003, Bonus Dice)."""
HEALS_MAX = 50
"""Most healings waiting on a sheet (Medicine's week-later 1D3)."""

CONDITIONS = NAMES
"""Boolean conditions (seed 003 Hit points, Wounds, and Healing; Sanity), each a record of :mod:`.condition_registry`."""

COUNTERS = (
    # (name, words, lowest, highest, rule)
    ("damage_this_round", "Damage this round", 0, COUNTER_MAX, "rules/coc.md §3.9: per-round accumulator"),
    ("defences_this_round", "Defences this round", 0, COUNTER_MAX, "rules/coc.md §3.12 D11: dodged or fought back"),
    ("shots_this_round", "Shots this round", 0, COUNTER_MAX, "rules/coc.md §3.12 D18: a firearm's rate of fire"),
    ("temporary_insanity_hours", "Hours of temporary insanity", 0, COUNTER_MAX, "seed 003, Going Mad: 1D10 hours"),
    ("days_toward_week", "Days toward the week's healing roll", 0, 6, "seed 003: a major wound's roll each week"),
    ("hour_of_day", "Hour of the day", 0, 23, "seed 003, Regaining Sanity: a day's loss"),
    ("san_at_start_of_day", "Sanity at the start of the day", 0, SANITY_CEILING, "seed 003, Going Mad"),
)
"""Counters the rules keep on the sheet; ``san_at_start_of_day`` starts at the current SAN, the rest at 0."""

FLAGS = (("first_aid_given", "First Aid given"), ("medicine_given", "Medicine given"))
"""Whether this injury had its First Aid and its Medicine (seed 003, First Aid: one attempt each)."""

TREATMENT_ROLLS = (("first_aid_roll", "First Aid"), ("medicine_roll", "Medicine"))
"""The treatment rolls kept on the patient for the wound: one attempt each (rules/coc.md §3.10), pushed or bought
with Luck when it fails (seed 003, Pushing a Roll; Luck)."""

ROLL_KINDS = ("skill", "characteristic", "luck", "combined", "opposed", "combat", "sanity", "damage")
"""Kinds of recorded rolls (what may be pushed or take Luck depends on it; rules/coc.md §3.5, §3.6)."""


PLAY_FIELDS = (
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
    *(Field(key, words, minimum=low, maximum=high, default=0, source=rule) for key, words, low, high, rule in COUNTERS),
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
    *(
        field
        for key, name in TREATMENT_ROLLS
        for field in (
            Field(
                key,
                f"The {name} roll for this wound",
                "record",
                optional=True,
                help=f"One {name} attempt per wound: kept so a failed one is pushed or takes Luck, never rolled again.",
                source="rules/coc.md §3.5, §3.6, §3.10",
            ),
            Field(f"{key}.value", f"Skill ({name} roll)", minimum=0, maximum=CHARACTERISTIC_MAX, default=0),
            Field(f"{key}.roll", f"Roll ({name} roll)", minimum=1, maximum=100, default=100),
            Field(f"{key}.level", f"Level ({name} roll)", minimum=0, maximum=5, default=0),
            Field(f"{key}.luck_spent", f"Luck spent ({name} roll)", minimum=0, maximum=LUCK_MAX, default=0),
            Field(f"{key}.bonus", f"Bonus ({name} roll)", minimum=0, maximum=DICE_MAX, default=0),
            Field(f"{key}.penalty", f"Penalty ({name} roll)", minimum=0, maximum=DICE_MAX, default=0),
            Field(f"{key}.success", f"Success ({name} roll)", "bool", default=False),
            Field(f"{key}.pushed", f"Pushed ({name} roll)", "bool", default=False),
        )
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
)
"""The fields the rules keep in play, in the order the sheet declares them."""
