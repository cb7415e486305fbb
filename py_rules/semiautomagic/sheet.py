"""The Semiautomagic sheet of a creature, an object, a vehicle or a robot, declared once (seed 002; rules/semiautomagic.md §2.3,
§2.5, §2.8–2.10).

:func:`py_rules.semiautomagic.sheet_check.from_dict` reads every value through this declaration, the catalog
publishes it and the page builds its guided form (with the kind of sheet picked first), its sheet editor, the
weapons, armour and items editors and their limits from it. A field's ``sheet_kinds`` say which kinds of sheet have
it: an object has Durability and no abilities (its Endurance counts as 3), no Will and no conditions, and cannot act;
a vehicle or a robot has everything a creature has and an EMP complexity as well.
Its bounds and the kinds that act or are made are declared in :mod:`.sheet_bounds`, the conditions' own fields
in :mod:`.sheet_conditions`.
"""

from __future__ import annotations

from py_rules.semiautomagic import tables as T
from py_rules.semiautomagic.sheet_bounds import (
    COUNT_MAX,
    DAMAGE_TEXT_MAX,
    ITEMS_MAX,
    LIVING,
    MADE,
    MOBILITY_MAX,
    NAME_MAX,
    NOTES_MAX,
    PENALTY_MAX,
    TIMER_MAX,
    WEAPONS_MAX,
)
from py_rules.semiautomagic.sheet_conditions import condition_fields
from py_rules.sheet_spec import Derived, Field, SheetSpec

__all__ = ("SHEET",)

_TOUGHNESS = "seed 002, Creature or Object Toughness"
_EMP = "seed 002, EMP table"
_MOBILITY = "seed 002, Mobility Penalty; rules/semiautomagic.md §2.9"
_DEFENCE_WORDS = {
    "natural_armour": ("Natural armour", LIVING, "Thick skin, scales, bony plates; +0 unless said"),
    "worn_armour": ("Worn armour (Defence)", LIVING, "Kept for older sheets: the armour below is worn"),
    "durability": ("Durability", MADE, "From the material it is made of"),
    "unarmoured": ("Unarmoured", LIVING, "Granted by the Unarmoured skill"),
    "other": ("Other Defence", (), ""),
}
_FORM_DEFENCE = ("natural_armour", "durability")
_MOVEMENT_WORDS = {"walk": "Walk", "fly": "Fly", "swim": "Swim", "climb": "Climb", "burrow": "Burrow"}
_EMP_CHOICES = tuple(T.EMP_TOUGHNESS)
_EMP_LABELS = tuple(f"{name} (EMP Toughness {value})" for name, (value, _) in T.EMP_TOUGHNESS.items())
_TYPE_KEYS = tuple(name.lower() for name in T.DAMAGE_TYPES)

SHEET = SheetSpec(
    game="semiautomagic",
    schema=T.SCHEMA,
    sheet_kinds=T.SHEET_KINDS,
    kind_field="kind",
    # the EMP table's own examples: "civilian cars … Moderate", "robots … Advanced" (seed 002, EMP table)
    kind_defaults={"vehicle": {"emp_complexity": "Moderate"}, "robot": {"emp_complexity": "Advanced"}},
    cast_kinds=("object",) + T.MACHINE_KINDS,
    words={"person": "creature", "attributes": "Abilities", "skills": "Skills"},
    fields=(
        Field("name", "Name", "text", max_length=NAME_MAX, default=""),
        Field(
            "kind",
            "What it is",
            "choice",
            choices=T.SHEET_KINDS,
            choice_labels=("Creature", "Object", "Vehicle", "Robot"),
            default="creature",
            section="Who",
            help="An object cannot act and has no Endurance; a vehicle or a robot acts and an EMP can stop it.",
            source="seed 002, Toughness; EMP",
        ),
        Field(
            "scale",
            "Scale",
            minimum=min(T.SCALE_TABLE),
            maximum=max(T.SCALE_TABLE),
            default=0,
            section="Who",
            help="0 for a human (1–2 m); 1 for a horse or a car, 2 for a giant, −1 for a cat.",
            source="rules/semiautomagic.md §2.3 Scale table",
        ),
        Field(
            "abilities",
            "Abilities",
            "record",
            default={},
            sheet_kinds=LIVING,
            source="seed 002: objects have no Endurance",
        ),
        *(
            Field(
                f"abilities.{name}",
                name,
                minimum=0,
                maximum=30,
                default=T.AVERAGE_ABILITY,
                section="Abilities",
                group="Abilities",
                sheet_kinds=LIVING,
                source="rules/semiautomagic.md §2.3: human 2–4, 3 average",
            )
            for name in T.ABILITIES
        ),
        Field(
            "emp_complexity",
            "EMP complexity",
            "choice",
            choices=_EMP_CHOICES,
            choice_labels=_EMP_LABELS,
            default=None,
            optional=True,
            section="Electronics",
            sheet_kinds=MADE,
            help="How complex its electronics are: an EMP above its EMP Toughness stops it until repaired.",
            source=_EMP,
        ),
        Field("defence", "Defence sources", "map", default={}, source=_TOUGHNESS),
        *(
            Field(
                f"defence.{key}",
                label,
                minimum=-20,
                maximum=40,
                default=0,
                sheet_kinds=kinds,
                help=help_text,
                section="Defence" if key in _FORM_DEFENCE else "",
                source=_TOUGHNESS,
            )
            for key, (label, kinds, help_text) in _DEFENCE_WORDS.items()
        ),
        Field(
            "will_bonus",
            "Will bonus",
            minimum=-20,
            maximum=40,
            default=0,
            sheet_kinds=LIVING,
            help="Other bonuses to Will (the Discipline skill counts by itself)",
            source="rules/semiautomagic.md §2.8",
        ),
        Field("movement", "Movement", "map", default={}, source=_MOBILITY),
        *(
            Field(
                f"movement.{key}",
                f"{label} (squares)",
                "number",
                minimum=0,
                maximum=1000,
                optional=True,
                default=6 if key == "walk" else None,
                section="Movement" if key == "walk" else "",
                sheet_kinds=LIVING if key == "walk" else (),
                help="Squares of its Scale per round, before mobility penalties" if key == "walk" else "",
                source=_MOBILITY,
            )
            for key, label in _MOVEMENT_WORDS.items()
        ),
        Field("skills", "Skills", "map", default={}, max_count=len(T.SKILLS)),
        Field(
            "skills.*",
            "Skill",
            minimum=-20,
            maximum=40,
            default=1,
            group="Skills",
            source="rules/semiautomagic.md §2.2: d6 + skill bonus against the DC",
        ),
        Field("wounds", "Wounds", minimum=0, maximum=COUNT_MAX, default=0, source="seed 002, Wound"),
        Field(
            "morale_penalties",
            "Morale penalties",
            minimum=0,
            maximum=COUNT_MAX,
            default=0,
            sheet_kinds=LIVING,
            source="seed 002, Morale Penalty",
        ),
        Field("mobility_penalties", "Mobility penalties", "map", default={}, max_count=MOBILITY_MAX, source=_MOBILITY),
        Field("mobility_penalties.*", "Mobility penalty", minimum=0, maximum=PENALTY_MAX, default=0, source=_MOBILITY),
        *condition_fields(),
        Field(
            "statuses",
            "Statuses",
            "list",
            default=[],
            sheet_kinds=LIVING,
            max_count=len(T.STATUSES),
            source="rules/semiautomagic.md §2.14 S14",
        ),
        Field("statuses.*", "Status", "choice", choices=T.STATUSES, default=T.STATUSES[0]),
        Field("dead", "Dead", "bool", default=False, sheet_kinds=LIVING, source="seed 002, Health"),
        Field(
            "seconds_dead",
            "Seconds since death",
            minimum=0,
            maximum=TIMER_MAX,
            default=0,
            source="seed 002, Medicine: a timely Resuscitate",
        ),
        Field(
            "destroyed",
            "Destroyed",
            "bool",
            default=False,
            sheet_kinds=("object",),
            source="seed 002: an object that takes more damage than its Toughness is destroyed",
        ),
        Field(
            "emp_disabled",
            "Stopped by an EMP",
            "bool",
            default=False,
            sheet_kinds=MADE,
            source="seed 002, EMP: ceases to function without repairs",
        ),
        Field("weapons", "Weapons", "list", default=[], max_count=WEAPONS_MAX, optional=True),
        Field("weapons.*.name", "Name", "text", max_length=NAME_MAX, default=""),
        Field(
            "weapons.*.damage",
            "Damage",
            "text",
            max_length=DAMAGE_TEXT_MAX,
            default="1d6",
            help="Dice such as 1d8 or 2d6+3",
            source="rules/semiautomagic.md §2.14 S9",
        ),
        Field(
            "weapons.*.damage_type",
            "Damage type",
            "choice",
            choices=_TYPE_KEYS,
            choice_labels=tuple(T.DAMAGE_TYPES),
            default="bludgeoning",
            source="seed 002, damage types",
        ),
        Field(
            "weapons.*.kind",
            "Melee, ranged or spell",
            "choice",
            choices=tuple(T.ATTACK_SKILLS),
            choice_labels=tuple(f"{kind.capitalize()} ({skill})" for kind, skill in T.ATTACK_SKILLS.items()),
            default="melee",
            help="Which skill its attack rolls with",
            source="rules/semiautomagic.md §2.4",
        ),
        Field(
            "weapons.*.light_material",
            "Light material (aluminium, titanium, mithril)",
            "bool",
            default=False,
            help="A bludgeoning weapon of it deals one die smaller",
            source="seed 002, Bludgeoning",
        ),
        Field(
            "weapons.*.nonlethal",
            "Nonlethal (knocks out instead of killing)",
            "bool",
            default=False,
            source="seed 002, Nonlethal Damage",
        ),
        Field(
            "armour",
            "Worn armour",
            "record",
            optional=True,
            sheet_kinds=LIVING,
            source="seed 002: worn armour is the most common Defence",
        ),
        Field("armour.name", "Armour", "text", max_length=NAME_MAX, default=""),
        Field(
            "armour.defence",
            "Defence",
            minimum=-20,
            maximum=40,
            default=1,
            help="Its Defence bonus (sources do not stack: the best counts)",
            source=_TOUGHNESS,
        ),
        Field(
            "armour.mobility_penalty",
            "Mobility penalty",
            minimum=0,
            maximum=PENALTY_MAX,
            default=0,
            help="Off Acrobatics, Athletics, Wrestle and Stealth; ½ square of speed each",
            source=_MOBILITY,
        ),
        Field(
            "items",
            "Items carried",
            "list",
            default=[],
            max_count=ITEMS_MAX,
            optional=True,
            source="seed 002, Mobility Penalty: heavy objects carried",
        ),
        Field("items.*.name", "Item", "text", max_length=NAME_MAX, default=""),
        Field(
            "items.*.mobility_penalty",
            "Mobility penalty",
            minimum=0,
            maximum=PENALTY_MAX,
            default=0,
            help="A heavy load's penalty; ½ square of speed each",
            source=_MOBILITY,
        ),
        Field("notes", "Notes", "note", max_length=NOTES_MAX, default="", optional=True),
    ),
    derived=(
        Derived("toughness", "Toughness", "6 + 3 × Scale + Endurance + Defence − wounds", "seed 002, Toughness"),
        Derived("min_toughness", "Minimum Toughness", "Toughness − 6", "seed 002, Toughness"),
        Derived(
            "will",
            "Will",
            "Spirit + 6 + Discipline + Will bonus − morale penalties (none for an object)",
            "rules/semiautomagic.md §2.3, §2.8",
        ),
        Derived("defence", "Defence", "the best Defence source (they do not stack), at least +0", "seed 002"),
        Derived("target", "Target", "4 − Scale", "rules/semiautomagic.md §2.3"),
        Derived("emp_toughness", "EMP Toughness", "by the EMP complexity", _EMP),
        Derived("mobility_penalty", "Mobility penalty", "armour + items + other loads", _MOBILITY),
        Derived("movement", "Speed", "each movement type − ½ square per mobility penalty", _MOBILITY),
    ),
)
