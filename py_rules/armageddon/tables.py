"""Armageddon rule tables as data (rules/armageddon.md §1.6; seed 000 "The Basics").

The Chronicler may edit these; functions read them, never hard-code them.
"""

from dataclasses import replace

from py_rules.dice_expr import Form
from py_rules.skill_names import Family, SkillNames

TARGET_NUMBER = 9
"""Seed 000, The Basics: "The Target Number for nearly all rolls is 9"."""

GM_TITLE = "Chronicler"
"""Seed 000, The Basics: the Game Master is known as "The Chronicler"."""

OUTCOME_TABLE = (
    # (lowest total, Success Levels, name) for TN 9 — rules/armageddon.md §1.6 (Armageddon p. 123)
    (9, 1, "Adequate"),
    (11, 2, "Decent"),
    (13, 3, "Good"),
    (15, 4, "Very Good"),
    (17, 5, "Excellent"),
    (21, 6, "Extraordinary"),
    (24, 7, "Mind-Boggling"),
    (27, 8, "Outrageous"),
    (30, 9, "Superheroic"),
    (33, 10, "Godlike"),
)
"""Outcome Table rows; above the last row each further 3 points adds 1 SL."""

OUTCOME_BAND_BEYOND_TABLE = 3
"""rules/armageddon.md §1.6: "each further 3 points (36–38, 39–41, …) +1"."""

FAILURE_NAME = "Failure"

UNSKILLED_PENALTY = -2
"""Seed 000, Unskilled Attempts: Attribute + 1d10 with a −2 penalty."""

UNSKILLED_MAX_SUCCESS_LEVELS = 2
"""Seed 000, Unskilled Attempts: never better than "Decent" (second Success Level)."""

RULE_OF_ONE_MODES = ("replace", "literal", "afmbe_foundry")
"""rules/armageddon.md §1.5 / §1.16 A1; ``replace`` is the project default."""

# --- Attributes and the character (rules/armageddon.md §1.3, §1.4) ---------------------------------------

ATTRIBUTES = ("Strength", "Dexterity", "Constitution", "Intelligence", "Perception", "Willpower")
"""rules/armageddon.md §1.3: the six primary Attributes."""

MENTAL_ATTRIBUTES = ("Intelligence", "Perception", "Willpower")
"""rules/armageddon.md §1.3: the mental Attributes used by the Essence rules (seed 000, Essence)."""

ATTRIBUTE_MAX = 20
"""Upper bound accepted for an Attribute (supernatural beings exceed the human 1–6; rules/armageddon.md §1.3)."""

CHARACTER_KINDS = ("mundane", "gifted", "supernatural")
"""Seed 000, Fear Tests: Mundanes, the Gifted and supernatural creatures."""

SKILLS = (
    # Classic Unisystem skill names (WitchCraft / Armageddon / AFMBE) [BOOK, editable]. "Handguns" is the
    # seed's own example (seed 000, Tasks). A specialised skill is written "Base (Speciality)", e.g.
    # "Craft (Woodwork)", and is known when its base is listed here.
    "Acrobatics",
    "Acting",
    "Beautician",
    "Brawling",
    "Bureaucracy",
    "Cheating",
    "Climbing",
    "Computers",
    "Craft",
    "Dancing",
    "Demolitions",
    "Disguise",
    "Dodge",
    "Driving",
    "Electronics",
    "Engineer",
    "Escapism",
    "Fine Arts",
    "First Aid",
    "Gambling",
    "Getting Medieval",
    "Guns",
    "Handguns",
    "Rifles",
    "Shotguns",
    "Automatic Weapons",
    "Haggling",
    "Hand Weapon",
    "Humanities",
    "Instruction",
    "Intimidation",
    "Kung Fu",
    "Language",
    "Lock Picking",
    "Martial Arts",
    "Mechanic",
    "Medicine",
    "Myth and Legend",
    "Notice",
    "Occult Knowledge",
    "Pick Pocket",
    "Piloting",
    "Questioning",
    "Research/Investigation",
    "Riding",
    "Rituals",
    "Science",
    "Seduction",
    "Sleight of Hand",
    "Smooth Talking",
    "Sport",
    "Stealth",
    "Streetwise",
    "Survival",
    "Swimming",
    "Throwing",
    "Tracking",
    "Trance",
    "Traps",
    "Writing",
)
"""Skills a character sheet may list (rules/armageddon.md §1.3: skills 0–5+). Add house skills here."""

SKILL_FAMILIES = tuple(
    Family(name, None, offered)
    for name, offered in (
        # Classic Unisystem's "Skill (Type)" skills among SKILLS [BOOK, editable]: each type is its own skill, written
        # "Craft (Woodwork)", any number of them; a few common types are offered ready in the list. No base: a skill
        # not on the sheet is rolled unskilled (seed 000, Unskilled Attempts).
        ("Craft", ("Carpentry", "Metalwork", "Woodwork")),
        ("Driving", ("Car", "Motorcycle")),
        ("Engineer", ()),
        ("Fine Arts", ("Painting", "Sculpture")),
        ("Guns", ("Handgun", "Rifle", "Shotgun")),
        ("Hand Weapon", ("Knife", "Sword")),
        ("Humanities", ("History", "Law")),
        ("Language", ("English", "Latin", "Spanish")),
        ("Piloting", ("Airplane", "Helicopter")),
        ("Riding", ("Horse",)),
        ("Science", ("Biology", "Chemistry", "Physics")),
        ("Sport", ()),
        ("Survival", ()),
    )
)
"""The skills of SKILLS that take a type (:mod:`py_rules.skill_names`)."""

SKILL_NAMES = SkillNames({name: None for name in SKILLS}, SKILL_FAMILIES)
"""Every skill name of a character sheet read one way: the listed skills and any type of a family."""

SKILL_MAX = 20

COMBAT_SKILLS = (
    "Brawling",
    "Hand Weapon",
    "Getting Medieval",
    "Martial Arts",
    "Kung Fu",
    "Throwing",
    "Handguns",
    "Rifles",
    "Shotguns",
    "Guns",
    "Automatic Weapons",
)
"""The book's combat skills, offered first for a weapon's skill (any skill of the list may be one; rules/armageddon.md
§1.8)."""

ESSENCE_CHANNELING_MAX = 10
"""Essence Channeling level bound (seed 000, Essence: regain its level in Essence per minute)."""

# LP, EP and Essence Pool formulas (rules/armageddon.md §1.4): coefficient per Attribute plus a constant.
LIFE_POINTS_FORMULA = ({"Strength": 4, "Constitution": 4}, 10)
"""LP = (Str + Con) × 4 + 10 (rules/armageddon.md §1.4)."""
ENDURANCE_POINTS_FORMULA = ({"Strength": 3, "Constitution": 3, "Willpower": 3}, 5)
"""EP = (Str + Con + Will) × 3 + 5 (rules/armageddon.md §1.4)."""
ESSENCE_FORMULA = ({name: 1 for name in ATTRIBUTES}, 0)
"""Essence Pool = sum of the six Attributes (rules/armageddon.md §1.4)."""
SPEED_FORMULA = ({"Constitution": 2, "Dexterity": 2}, 0)
"""Speed = (Con + Dex) × 2 (rules/armageddon.md §1.4)."""

STRENGTH_LIFT_TABLE = (
    # (lowest Strength, lift in lb at that Strength, lb per further point) — rules/armageddon.md §1.4
    (0, 0, 50),  # 50 × Str for Str 0–5
    (5, 250, 200),  # 200 × (Str − 5) + 250 for Str 6–10
    (10, 1250, 500),  # 500 × (Str − 10) + 1,250 for Str 11–15
    (
        15,
        3750,
        1000,
    ),  # [UNVERIFIED] Str 16+: the continuous reading 1,000 × (Str − 15) + 3,750 (rules/armageddon.md §1.16 A16)
)
"""Lifting capacity (lb) from Strength; carrying capacity is half of it (rules/armageddon.md §1.4, A5, A16)."""

STRENGTH_ABOVE_15_UNVERIFIED = True
"""rules/armageddon.md §1.4/A16: the lifting values above Strength 15 are a reconstruction."""

# --- Encumbrance (seed 000, Encumbrance; rules/armageddon.md §1.14) ---------------------------------------

ENCUMBRANCE_LEVELS = (
    # (upper bound as a fraction of carrying capacity C, name, penalty, EP drain interval in seconds)
    (0.50, "None", 0, None),
    (0.75, "Light", -1, 600),
    (1.00, "Medium", -2, 300),
    (1.25, "Heavy", -3, 120),
    (2.00, "Extra Heavy", -5, 60),
)
"""Each level up to and including its bound; above 2 C (lifting capacity) the load cannot be carried."""

ENCUMBRANCE_DRAIN_DIE = 4
"""Seed 000, Encumbrance: each interval drains 1d4 EP."""

ENCUMBRANCE_TAGS = ("silence", "reaction")
"""Seed 000, Encumbrance: penalties apply to Tasks and Tests requiring silence or fast reaction times."""

# --- Life Points (seed 000, LPs, Consciousness Tests & Survival Tests; rules/armageddon.md §1.9) ---------

INJURY_THRESHOLD = 6
"""Seed 000: less than 6 LPs is serious injury, −1 per LP below 6."""
SURVIVAL_THRESHOLD = -10
"""Seed 000: at −10 LPs or less, a Survival Test every minute."""
SURVIVAL_INTERVAL = 60
"""Seed 000: Survival Tests every minute (seconds)."""
SURVIVAL_LP_STEP = 10
"""Seed 000: −1 for every 10 LPs below 0 on Survival Tests."""
DEATH_TIMER_MINUTES_PER_CON = 2
"""Seed 000: death within Constitution × 2 minutes after a failed Survival Test."""
RESUSCITATION_LP_STEP = 5
"""Seed 000, Healing & Resuscitation: −1 for every 5 LPs below 0."""
HOSPITAL_BONUS = 3
"""Seed 000: being in a hospital gives +3 to the resuscitation Survival Test."""

# --- Healing (seed 000, Healing & Resuscitation; rules/armageddon.md §1.10) ------------------------------

DAILY_HEALING = 2
"""Seed 000: a character at 0 LPs or higher recovers 2 LPs per day."""

# --- Endurance (seed 000, Endurance Points; rules/armageddon.md §1.11) ------------------------------------

ACTIVITIES = ("normal", "moderate", "strenuous", "very_strenuous", "resting", "sleeping")
"""What the character does while time passes (seed 000, Endurance Points)."""

ACTIVITY_DRAIN = {
    # activity: (interval in seconds or "turn", EP lost per interval as (dice count, die sides) or a fixed int)
    "moderate": (600, 1),  # 1 every ten minutes
    "strenuous": (60, (1, 4)),  # 1d4 per minute
    "very_strenuous": ("turn", (1, 4)),  # 1d4 per Turn
}
"""Seed 000, Endurance Points: EP drained by physical activity."""

SLEEP_RECOVERY_INTERVAL = 1800
"""Seed 000: EP recovered at 1 per Constitution level per ½ hour of sleep (seconds)."""
REST_RECOVERY_INTERVAL = 3600
"""Seed 000: … or per hour of rest (seconds)."""
SLEEP_NEEDED_HOURS = 7
"""Seed 000: sleeping less than seven hours in 24 loses 1 EP per missed hour."""
TIRED_THRESHOLD = 5
"""Seed 000: at 5 EPs or less the character is tired, −2 to all actions."""
TIRED_PENALTY = -2
EP_CONSCIOUSNESS_STEP = 5
"""Seed 000: below 0 EP, −1 per 5 points below 0 on the Consciousness Test each Turn."""

DEFAULT_TURN_SECONDS = 5
"""rules/armageddon.md §1.2/A15: a Turn is about 5 seconds (setting)."""

# --- Essence (seed 000, Essence; rules/armageddon.md §1.12) -----------------------------------------------

NUMB_PENALTY = -1
"""Seed 000: Essence at half or lower, −1 to all mental Tasks."""
DEPRESSED_THRESHOLD = 1
DEPRESSED_PENALTY = -3
"""Seed 000: at 1 or 0 Essence, all actions at −3."""
ESSENCE_WILLPOWER_STEP = 5
"""Seed 000: below 0 Essence, Difficult Willpower Test at −1 per 5 points below 0."""
ESSENCE_DEATH_THRESHOLD = -30
ESSENCE_SURVIVAL_STEP = 10
"""Seed 000: at −30 or below, Survival Test at −1 per 10 points below 0; failure is death."""
EMOTIONAL_LEAK_DICE = (6, 8, 10)
"""Seed 000: involuntary Essence loss ranges from 1d6 to 1d10."""
CHANNELING_REGEN_INTERVAL = 60
"""Seed 000: Essence Channeling regains its level in Essence per minute."""
WILLPOWER_REGEN_INTERVAL = 3600
"""Seed 000: without Essence Channeling, 1 Essence per Willpower level every hour."""
DRAWBACK_POINTS = 2
"""Seed 000: failing may instead give a temporary 2-point Mental Drawback."""

# --- Fear (seed 000, Fear Tests; rules/armageddon.md §1.13) -----------------------------------------------

FEAR_PENALTY_RANGE = (-8, 0)
"""Seed 000: the Chronicler may impose −1 to −8."""
FEAR_FROZEN_TURNS = 1
"""Seed 000: a failed Fear Test freezes the character for one Turn."""

FEAR_TABLE_IS_PLACEHOLDER = True
"""rules/armageddon.md §1.13 [UNVERIFIED]: the book's p. 124 table was not available; replace FEAR_TABLE with it."""

FEAR_TABLE = (
    # PLACEHOLDER (rules/armageddon.md §1.13), indexed by how much the Fear Test failed by. frozen_turns counts the
    # seed's one Turn; the extra effect text is the Chronicler's option.
    {
        "min_margin": 1,
        "max_margin": 2,
        "effect": "Shaken: frozen 1 Turn only",
        "essence_dice": "1d6",
        "frozen_turns": 1,
    },
    {
        "min_margin": 3,
        "max_margin": 4,
        "effect": "Frightened: frozen, then -1/-2 to actions for the scene",
        "essence_dice": "1d6",
        "frozen_turns": 1,
    },
    {
        "min_margin": 5,
        "max_margin": 6,
        "effect": "Terrified: flees or cowers",
        "essence_dice": "1d8",
        "frozen_turns": 1,
    },
    {
        "min_margin": 7,
        "max_margin": 8,
        "effect": "Paralysed by fear for several Turns",
        "essence_dice": "1d8",
        "frozen_turns": 3,
    },
    {"min_margin": 9, "max_margin": 10, "effect": "Faints", "essence_dice": "1d10", "frozen_turns": 12},
    {
        "min_margin": 11,
        "max_margin": None,
        "effect": "Catatonic / heart strain (Chronicler may call a Survival Test)",
        "essence_dice": "1d10",
        "frozen_turns": 12,
    },
)
"""The Fear Table as data (placeholder within the seed's 1d6–1d10 Essence range)."""

# --- Conditions (rules/armageddon.md §1.17 U23) -------------------------------------------------------------

# The conditions kept in the character's state are declared in condition_registry.py (rules/armageddon.md §1.17 U23).

# --- Weapons and armour (rules/armageddon.md §1.8, §1.8a) ----------------------------------------------------

DAMAGE_TYPES = ("bludgeoning", "slashing/stabbing", "bullet", "fire", "other")
"""Damage types a weapon deals, as the Classic Unisystem books name them (rules/armageddon.md §1.8a [BOOK frame])."""

DOUBLED_DAMAGE_TYPES = ("slashing/stabbing", "bullet")
"""rules/armageddon.md §1.8a: with the house rule on, what passes armour of these types is doubled (the book's ×2)."""

DEFENCE_RULES = ("success_levels", "resisted")
"""rules/armageddon.md §1.8a: the attack is avoided when the defender's Success Levels reach the attacker's (default),
or the seed's Resisted Task decides."""

PARRY_SKILLS = ("Brawling", "Hand Weapon", "Martial Arts", "Kung Fu", "Getting Medieval")
"""rules/armageddon.md §1.8a: the close-combat skills used to block or parry; the defender uses his best."""


DAMAGE_FORM = Form(
    "armageddon.damage",
    "a damage roll",
    "Write NdX×M+K, e.g. d4x2, 2d6+3, d8x4 or a number.",
    "bad_expression",
    sides=tuple(range(2, 101)),
    count=(1, 50),
    multiply=True,
    times_max=100,
    groups_max=1,
    constants_max=1,
    dice_first=True,
    bonus_max=1000,
    damage=True,
    floor=0,
    empty="Give a damage roll such as d6x4+2 or a number.",
)
"""rules/armageddon.md §1.8: damage is ``NdX × M + K`` — one kind of dice (2 to 100 sides, 1 to 50 of them) first, an optional
multiplier (x or * for ×) and an optional number added; or a plain number. A roll is never below 0 (seed 000, The
Basics: damage rolls are the exception to the d10). Read by :mod:`py_rules.dice_expr`."""

WEAPON_DAMAGE_FORM = replace(
    DAMAGE_FORM,
    name="armageddon.weapon_damage",
    names={"strength": "Strength", "str": "Strength"},
    hint="Write it as the book does, e.g. d4 × Strength, d6 × 4 or 2d6+3.",
    empty="Give the damage as the book prints it, e.g. d4 × Strength or d6 × 4.",
)
"""A weapon's damage on the sheet: the book's form where a number may be the wielder's Strength (rules/armageddon.md §1.8 [BOOK]:
punch d4 × Str), read with the Strength of the sheet."""
