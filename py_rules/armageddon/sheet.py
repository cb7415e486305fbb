"""The Armageddon character sheet, declared once (rules/armageddon.md §1.3, §1.4, §1.8a, §1.14, §1.17).

:func:`py_rules.armageddon.character.from_dict` reads every value through this declaration, the catalog
publishes it and the page builds its guided form, its sheet editor and their limits from it.
"""

from __future__ import annotations

from py_rules.armageddon.qualities import EFFECTS
from py_rules.armageddon.tables import (
    ATTRIBUTE_MAX,
    ATTRIBUTES,
    CHARACTER_KINDS,
    COMBAT_SKILLS,
    DAMAGE_TYPES,
    ESSENCE_CHANNELING_MAX,
    SKILL_MAX,
)
from py_rules.sheet_spec import Derived, Field, SheetSpec

__all__ = (
    "SHEET",
    "QUALITIES_MAX",
    "NAME_MAX",
    "NOTES_MAX",
    "ITEMS_MAX",
    "WEIGHT_MAX",
    "WEAPONS_MAX",
    "ARMOUR_MAX",
    "POOL_LIMIT",
    "DAMAGE_TEXT_MAX",
)

NAME_MAX = 100
"""Longest name (character, item, weapon), in characters: names are repeated in every step of a result."""
NOTES_MAX = 2000
"""Longest notes text."""
ITEMS_MAX = 200
"""Most items carried (each is listed in the encumbrance steps)."""
WEIGHT_MAX = 1_000_000
"""Heaviest item accepted (lb): far beyond any lifting capacity, small enough for exact arithmetic."""
QUALITIES_MAX = 40
"""Most Qualities and Drawbacks a sheet lists."""
WEAPONS_MAX = 30
"""Most weapons a sheet lists."""
ARMOUR_MAX = 50
"""Highest armour value accepted (rules/armageddon.md §1.8a: an armour value subtracted from each hit)."""
POOL_LIMIT = 10_000
"""Lowest (negated) value a pool holds; damage beyond it changes nothing more (the character is long dead)."""
DAMAGE_TEXT_MAX = 40
"""Longest damage text of a weapon ("d6 × Strength + 2")."""

_KIND_WORDS = ("Mundane", "Gifted", "Supernatural")
_DAMAGE_TYPE_WORDS = ("Bludgeoning", "Slashing/stabbing", "Bullet", "Fire", "Other")

SHEET = SheetSpec(
    game="armageddon",
    schema="armageddon.character/1",
    sheet_kinds=("character",),
    words={
        "person": "character",
        "attributes": "Attributes",
        "skills": "Skills",
        "effects": {effect.name: effect.words for effect in EFFECTS},
        "weapon_skills": list(COMBAT_SKILLS),
    },
    fields=(
        Field("name", "Name", "text", max_length=NAME_MAX, default=""),
        Field(
            "kind",
            "Kind",
            "choice",
            choices=CHARACTER_KINDS,
            choice_labels=_KIND_WORDS,
            default="mundane",
            section="Who",
            source="seed 000, Fear Tests: Mundanes, the Gifted and supernatural creatures",
        ),
        *(
            Field(
                f"attributes.{name}",
                name,
                minimum=0,
                maximum=ATTRIBUTE_MAX,
                default=2,
                section="Attributes",
                group="Attributes",
                source="rules/armageddon.md §1.3: human 1–6; supernatural beings go beyond",
            )
            for name in ATTRIBUTES
        ),
        Field(
            "essence_channeling",
            "Essence Channeling",
            minimum=0,
            maximum=ESSENCE_CHANNELING_MAX,
            default=0,
            section="Essence",
            help="Gifted and Supernatural characters only.",
            source="seed 000, Essence: regain its level in Essence per minute",
        ),
        Field("skills", "Skills", "map", default={}, max_count=500),
        Field(
            "skills.*",
            "Skill",
            minimum=0,
            maximum=SKILL_MAX,
            default=1,
            group="Skills",
            source="rules/armageddon.md §1.3: skills 0–5 for humans, more for the supernatural",
        ),
        Field("skills.*.level", "Skill level", minimum=0, maximum=SKILL_MAX, default=0),
        Field(
            "skills.*.untrained_penalty",
            "Untrained penalty",
            minimum=-10,
            maximum=0,
            default=0,
            source="rules/armageddon.md §1.6: a skill some cannot try untrained, or only with a further penalty",
        ),
        Field(
            "qualities",
            "Qualities and Drawbacks",
            "list",
            default=[],
            max_count=QUALITIES_MAX,
            source="rules/armageddon.md §1.4; py_rules/armageddon/qualities.py lists those with an effect",
        ),
        Field("qualities.*.name", "Name", "text", max_length=NAME_MAX, default=""),
        Field(
            "qualities.*.kind",
            "Quality or Drawback",
            "choice",
            choices=("quality", "drawback"),
            choice_labels=("Quality", "Drawback"),
            default="quality",
        ),
        Field("qualities.*.level", "Level", minimum=1, maximum=10, default=1),
        Field(
            "qualities.*.points",
            "Points",
            minimum=0,
            maximum=50,
            default=1,
            help="What the Quality cost or the Drawback gave, in character points",
        ),
        Field(
            "items",
            "Items carried",
            "list",
            default=[],
            max_count=ITEMS_MAX,
            source="rules/armageddon.md §1.14: encumbrance by the weight carried",
        ),
        Field("items.*.name", "Item", "text", max_length=NAME_MAX, default=""),
        Field("items.*.weight", "Weight (lb)", "number", minimum=0, maximum=WEIGHT_MAX, default=0),
        Field("weapons", "Weapons", "list", default=[], max_count=WEAPONS_MAX, optional=True),
        Field("weapons.*.name", "Name", "text", max_length=NAME_MAX, default=""),
        Field("weapons.*.skill", "Skill", "text", max_length=NAME_MAX, default="Brawling"),
        Field(
            "weapons.*.damage",
            "Damage",
            "text",
            max_length=DAMAGE_TEXT_MAX,
            default="d4 × Strength",
            help="As the book prints it, e.g. d4 × Strength or d6 × 4",
            source="rules/armageddon.md §1.8",
        ),
        Field(
            "weapons.*.damage_type",
            "Damage type",
            "choice",
            choices=DAMAGE_TYPES,
            choice_labels=_DAMAGE_TYPE_WORDS,
            default="bludgeoning",
            source="rules/armageddon.md §1.8",
        ),
        Field(
            "weapons.*.success_levels",
            "Success Levels add to damage",
            "bool",
            default=False,
            source="rules/armageddon.md §1.8: hand-to-hand damage adds the attack's Success Levels",
        ),
        Field("armour", "Armour", "record", optional=True),
        Field("armour.name", "Armour", "text", max_length=NAME_MAX, default=""),
        Field(
            "armour.value",
            "Armour value",
            minimum=0,
            maximum=ARMOUR_MAX,
            default=0,
            help="Taken off the damage of every hit",
            source="rules/armageddon.md §1.8a",
        ),
        Field("bonuses", "Bonuses", "record", default={}),
        *(
            Field(
                f"bonuses.{key}",
                label,
                minimum=-100,
                maximum=1000,
                default=0,
                source="rules/armageddon.md §1.4: Qualities such as Hard to Kill add to the pools",
            )
            for key, label in (
                ("life_points", "Life Points bonus"),
                ("endurance_points", "Endurance Points bonus"),
                ("essence", "Essence bonus"),
                ("speed", "Speed bonus"),
            )
        ),
        Field("current", "Current points", "record", default={}),
        *(
            Field(
                f"current.{key}",
                label,
                minimum=-POOL_LIMIT,
                default=None,
                optional=True,
                help="Up to the pool's maximum (derived)",
            )
            for key, label in (
                ("life_points", "Life Points"),
                ("endurance_points", "Endurance Points"),
                ("essence", "Essence"),
            )
        ),
        Field("sleep_debt", "Sleep debt", minimum=0, maximum=POOL_LIMIT, default=0, source="rules/armageddon.md §1.11"),
        Field("conditions", "Conditions", "list", default=[]),
        Field(
            "lost_attributes",
            "Attribute points lost for a while",
            "map",
            default={},
            source="seed 000, Essence: mental Attribute points lost below 0 Essence",
        ),
        Field("temporary_drawbacks", "Temporary Drawbacks", "list", default=[], max_count=20),
        Field("first_aid_received", "First Aid received", "bool", default=False, source="rules/armageddon.md §1.10"),
        Field("timers", "Timers", "record", default={}),
        Field("notes", "Notes", "note", max_length=NOTES_MAX, default=""),
    ),
    derived=(
        Derived(
            "life_points",
            "Life Points",
            "(Strength + Constitution) × 4 + 10, + Hard to Kill and bonus",
            "rules/armageddon.md §1.4",
        ),
        Derived(
            "endurance_points",
            "Endurance Points",
            "(Strength + Constitution + Willpower) × 3 + 5 + bonus",
            "rules/armageddon.md §1.4",
        ),
        Derived(
            "essence",
            "Essence Pool",
            "the sum of the six Attributes, + Increased Essence and bonus",
            "rules/armageddon.md §1.4",
        ),
        Derived(
            "speed",
            "Speed",
            "(Constitution + Dexterity) × 2 + bonus, less the encumbrance penalty",
            "rules/armageddon.md §1.4, §1.14",
        ),
        Derived("initiative_base", "Initiative", "d10 + Dexterity", "rules/armageddon.md §1.4"),
        Derived(
            "encumbrance",
            "Encumbrance",
            "the weight carried against the carrying capacity",
            "seed 000, Encumbrance; rules/armageddon.md §1.14",
        ),
        Derived(
            "encumbrance_penalty",
            "Encumbrance penalty",
            "None 0, Light −1, Medium −2, Heavy −3, Extra Heavy −5",
            "rules/armageddon.md §1.14",
        ),
        Derived(
            "speed_encumbered", "Speed, as loaded", "Speed + the encumbrance penalty", "rules/armageddon.md §1.4, §1.14"
        ),
        Derived(
            "initiative_encumbered",
            "Initiative, as loaded",
            "d10 + Dexterity + the encumbrance penalty",
            "seed 000, Encumbrance",
        ),
        Derived("lifting_capacity", "Lifting capacity", "the Strength table, in lb", "rules/armageddon.md §1.4"),
        Derived("carrying_capacity", "Carrying capacity", "lifting capacity ÷ 2, in lb", "rules/armageddon.md §1.4"),
    ),
)
