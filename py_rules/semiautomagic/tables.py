"""Semiautomagic rule tables as data (seed 002; rules/semiautomagic.md).

The GM may edit these; the rules read them and never hard-code their values.
"""

from py_rules.dice_expr import Form
from py_rules.skill_names import SkillNames

GM_TITLE = "GM"

SCHEMA = "semiautomagic.creature/1"
"""Schema tag of a creature or object state (this engine reads version 1)."""

SHEET_KINDS = ("creature", "object", "vehicle", "robot")
"""What a sheet describes (seed 002, Toughness: "All characters, creatures, and objects"; EMP: "Only objects such as
vehicles, robots, and electronic equipment are vulnerable"): a creature; an object, which has no Endurance and cannot
act; a vehicle or a robot, which acts as a creature does and is electronic as well."""

MACHINE_KINDS = ("vehicle", "robot")
"""Sheet kinds that act as creatures and are electronic devices (seed 002, EMP: "vehicles, robots")."""

ABILITIES = ("Strength", "Dexterity", "Endurance", "Intelligence", "Spirit")
"""rules/semiautomagic.md §2.3 [SRC TheFiveAbilitySores]: the five abilities; 3 is average."""

AVERAGE_ABILITY = 3
"""rules/semiautomagic.md §2.3: human range 2–4, 3 = average (seed: "an average, unarmoured human")."""

OBJECT_ENDURANCE = 3
"""Seed 002, Toughness: "Objects, which have no endurance, are treated as having an endurance of 3"."""

SKILLS = (
    "Acrobatics",
    "Athletics",
    "Discipline",
    "Engineering",
    "Fortitude",
    "Magic",
    "Medicine",
    "Perception",
    "Pilot",
    "Ranged Skill",
    "Reflex",
    "Ride",
    "Shield Use",
    "Stealth",
    "Unarmoured",
    "Weapon Skill",
    "Wrestle",
)
"""Skills the seed and rules/semiautomagic.md §2.3–2.12 name (editable: add your table's skills here)."""

SKILL_NAMES = SkillNames({name: 0 for name in SKILLS}, ())
"""The skill names a creature may list, read as the other games read theirs (:mod:`py_rules.skill_names`): the
seed gives no skill a speciality, so the game declares no family (a table adding one declares it here)."""

MOBILITY_SKILLS = ("Acrobatics", "Athletics", "Wrestle", "Stealth")
"""Seed 002, Mobility Penalty: subtracted from Acrobatics, Athletics, Wrestle and Stealth."""

MOBILITY_SQUARES_PER_POINT = 0.5
"""Seed 002, Mobility Penalty: "Each mobility penalty also subtracts half a square of movement"."""

SCALE_SKILL_SIGN = {"Stealth": -1, "Wrestle": 1, "Fortitude": 1}
"""rules/semiautomagic.md §2.3 [SRC Scale.html]: Scale is subtracted from Stealth and added to Wrestle and Fortitude."""

MOVEMENT_TYPES = ("walk", "fly", "swim", "climb", "burrow")
"""Seed 002, Mobility Penalty: "multiple movement types (such as the ability to either walk or fly)"."""

DEFENCE_SOURCES = ("natural_armour", "worn_armour", "durability", "unarmoured", "other")
"""Seed 002, Toughness: worn armour, Natural Armour, Durability, Unarmoured ("several other types")."""

NATURAL_ARMOUR_FLOOR = 0
"""Seed 002, Natural Armour: "+0 natural armour bonus unless otherwise specified"."""

# (scale, grid square, base Toughness 6 + 3·Scale, size multiplier 4^Scale, attack modifier, Target, example)
SCALE_TABLE = {
    -1: ("0.5 × 0.5 m", 3, 0.25, 1, 5, "cat"),
    0: ("1 × 1 m", 6, 1, 0, 4, "human"),
    1: ("2 × 2 m", 9, 4, -1, 3, "horse"),
    2: ("4 × 4 m", 12, 16, -2, 2, "giant"),
    3: ("8 × 8 m", 15, 64, -3, 1, "titan"),
    4: ("16 × 16 m", 18, 256, -4, 0, ""),
    5: ("32 × 32 m", 21, 1024, -5, -1, ""),
    6: ("64 × 64 m", 24, 4096, -6, -2, ""),
    7: ("128 × 128 m", 27, 16384, -7, -3, ""),
    8: ("256 × 256 m", 30, 65536, -8, -4, ""),
    9: ("512 × 512 m", 33, 262144, -9, -5, ""),
    10: ("1 × 1 km", 36, 1048576, -10, -6, ""),
}
"""rules/semiautomagic.md §2.3 Scale table [SRC Scale.html]; base Toughness = 6 + 3 × Scale (seed 002)."""

WILL_BASE = 6
"""rules/semiautomagic.md §2.8 [SRC Morale.html]: Will = Spirit + 6 + misc."""

WILL_SKILL = "Discipline"
"""The skill whose bonus raises Will (rules/semiautomagic.md §2.3, §2.8 [SRC Morale.html]: Will = Spirit + 6 + misc,
"e.g. Discipline"); other bonuses are the sheet's Will bonus."""

MINIMUM_GAP = 6
"""Seed 002: Minimum Toughness is "simply 6 lower than their toughness"; Minimum Will likewise (Morale.html)."""

ROUND_SECONDS = 6
"""rules/semiautomagic.md §2.13: a round is 6 seconds."""

DISABLED_ACTION_SECONDS = 3
"""Seed 002, Disabled: "only take the equivalent of 3 seconds of action every round"."""

CRAWL_SECONDS = 4
"""Seed 002, Disabled: "can crawl as a 4SA one square"."""

DAMAGE_TYPES = {
    "Piercing": "Stabbing injuries: spears, some swords and knives, bows, firearms.",
    "Bludgeoning": "Blunt-force trauma. Bludgeoning weapons of light materials (aluminium, titanium, "
    "mithril) deal one die smaller damage.",
    "Slashing": "A sharp edge: most blades, axes, shrapnel from explosions.",
    "Electric": "Magic or advanced technology; a sudden jolt.",
    "Heat": "Extreme heat (fire magic, lasers, plasma, flames); may include a risk of being lit on fire.",
    "Cold": "Extreme cold, usually magic or extreme environments.",
    "Chemical": "A corrosive substance, such as a powerful acid or base.",
    "EMP": "Only affects electronic devices; armour and size are irrelevant; compared with EMP Toughness.",
}
"""Seed 002, damage types (eight); "nonlethal" is a modifier on any of them."""

LIGHT_MATERIAL_TYPES = ("Bludgeoning",)
"""Seed 002, Bludgeoning: light-material weapons deal one die smaller damage."""

FIRE_RISK_TYPES = ("Heat",)
"""Seed 002, Heat: "may include a risk of being lit on fire" (a flag for the GM)."""

DIE_LADDER = (1, 2, 3, 4, 6, 8, 10, 12, 20)
"""rules/semiautomagic.md §2.5 [REC] S9: die sizes from smallest to largest; "one die smaller" steps down one rung (1 = a flat 1)."""

DAMAGE_FORM = Form(
    "semiautomagic.damage",
    "a damage number or dice expression",
    "Write a number such as 9 or dice such as 2d6+3.",
    "bad_damage",
    sides=DIE_LADDER[1:],
    count=(0, 50),
    dice_max=50,
    damage=True,
    floor=0,
    empty="Damage is required: a number such as 9 or dice such as 2d6+3.",
    sides_said="on the die ladder (" + ", ".join(f"d{s}" for s in DIE_LADDER[1:]) + ")",
)
"""rules/semiautomagic.md §2.5, §2.14 S9: damage is a number or dice on the die ladder joined by + and -, at most 50 dice; a hit
never deals less than 0. Read by :mod:`py_rules.dice_expr`."""

EMP_TOUGHNESS = {
    "Very Simple": (8, "a flashlight"),
    "Simple": (7, ""),
    "Moderate": (6, "civilian cars, motorcycles and aeroplanes, a radio"),
    "Complicated": (4, "cell phone, desktop or laptop computer"),
    "Advanced": (3, "extremely complicated precision computers, robots"),
}
"""Seed 002, EMP table: complexity → EMP Toughness (no 5 row, S16; kept as data)."""

DYING_RULES = {
    "health": {"start_dc": 4, "wound_penalty": True, "trigger": "equal_or_more"},
    "conditions": {"start_dc": 6, "wound_penalty": False, "trigger": "more"},
}
"""rules/semiautomagic.md §2.14 S1: the Health-section rule (default: D ≥ T, DC 4, −1 per wound) and the
Conditions-section rule (D > T, DC 6, no wound penalty)."""

DYING_TRIGGERS = ("by_rule", "equal_or_more", "more")
"""rules/semiautomagic.md §2.14 S1: the trigger comparison as its own option ("by_rule" follows the dying rule)."""

STABILISE_DIE = 10
STABILISE_FACE = 10
"""Seed 002: "A dying character has a 10% (a roll of 10 on a d10) chance to stabilize each round"."""

WAKE_DIE = 4
WAKE_SECONDS_PER_FACE = 3600
"""Seed 002, Unconscious: "wakes up in 1d4 hours per wound" (S7: roll max(1, wounds) d4)."""

SLEEP_WAKE_DC = -5
"""Seed 002, Sleeping: wakes on "a noise louder than DC -5" (S8: DC ≤ −5 wakes at once)."""

SOUL_COMA_START_DC = 1
SOUL_COMA_DETECT = {"Medicine": 7, "Perception": 8}
"""Seed 002, Soul Coma: hourly Fortitude check from DC 1; DC 7 Medicine or DC 8 Perception reveals life."""

HOUR_SECONDS = 3600
DAY_SECONDS = 86400

SLEEP_HEAL_WOUNDS = 1
"""Seed 002: one wound per day with at least eight hours of sleep; bedridden: Endurance wounds (S10)."""

DEFENCE_OPTIONS = {"block": "Shield Use", "dodge": "Reflex", "parry": "Weapon Skill"}
"""rules/semiautomagic.md §2.4 [SRC Attacking.html]: Block = Shield Use, Dodge = Reflex, Parry = Weapon Skill."""

ATTACK_SKILLS = {"melee": "Weapon Skill", "ranged": "Ranged Skill", "spell": "Magic"}
"""rules/semiautomagic.md §2.4: Weapon Skill for melee, Ranged Skill for ranged, a magic skill for attack spells.
Its keys are also the kinds a weapon on the sheet declares (``weapons.*.kind``)."""

KIND_OF_WEAPON = "weapon"
"""The attack's kind when none is picked: the weapon's own declared kind (a bow rolls Ranged Skill), melee without
a weapon (rules/semiautomagic.md §2.4)."""

DEFENCE_BASE = 4
"""rules/semiautomagic.md §2.4: defence roll against 4 + the attacker's attack bonus (Scale excluded)."""

STATUSES = ("flanked", "prone", "crouching", "screaming", "frenzy", "on fire")
"""rules/semiautomagic.md §2.14 S14: named statuses without mechanics (Confusion rows 6, 13–15; Rage; Heat)."""

SCATTER_DIRECTIONS = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")
"""rules/semiautomagic.md §2.14 S17: the scatter die is a d8 read as the eight compass directions."""

MORALE_SOURCES = {
    "fear": "Panicked",
    "insanity": "Confused",
    "rage": "frenzy",
    "other": None,
}
"""rules/semiautomagic.md §2.8 [SRC Morale.html]: morale damage above Will — Fear → Panicked, Insanity → Confused
(until a morale penalty is removed), Rage → frenzy; other sources: no extra effect."""

WEAPON_EFFORTS = ("none", "light", "medium", "heavy")
"""rules/semiautomagic.md §2.4 [SRC WeaponEffort.html]: light, medium, heavy weapons."""

# d20 → (action, effect). Effects: reroll (with ignore_add), extra_d6_rounds, scatter, panicked_rounds,
# screaming, status, control_rounds / control_d6_rounds, blank.
CONFUSION_CHART = {
    1: (
        "Roll again, ignoring any future 1s; confused for an additional 1d6 rounds.",
        {"reroll": True, "ignore_add": 1, "extra_d6_rounds": True},
    ),
    2: (
        "Scatter die: uses the deadliest spell, combo and weapon combination (GM's choice) against the "
        "creature closest to that direction.",
        {"scatter": True},
    ),
    3: ("Uses the deadliest spell, combo and weapon combination against the creature it dislikes most.", {}),
    4: ("Uses the deadliest spell, combo and weapon combination against the closest creature.", {}),
    5: ("Panicked for this round.", {"panicked_rounds": 1}),
    6: (
        "Reroll: screams as loudly as it can while doing whatever the reroll says, ignoring results of 5.",
        {"reroll": True, "ignore_add": 5, "screaming": True},
    ),
    7: ("Scatter die: throws whatever it holds at the creature closest to that direction.", {"scatter": True}),
    8: ("Attacks the nearest creature once with its least powerful (but still harmful) attack.", {}),
    9: ("Drops what it is holding.", {}),
    10: ("Stares off into space.", {}),
    11: ("Scatter die: walks in that direction (3 seconds of movement).", {"scatter": True}),
    12: ("Scatter die: runs in that direction.", {"scatter": True}),
    13: ("Hallucinates ghostly attackers and attacks empty space; flanked for the round.", {"status": "flanked"}),
    14: ("Falls prone.", {"status": "prone"}),
    15: ("Sits down (counts as a crouch).", {"status": "crouching"}),
    16: ("(blank in the seed)", {"blank": True}),
    17: ("(blank in the seed)", {"blank": True}),
    18: ("The player regains control for the round.", {"control_rounds": 1}),
    19: ("The player regains control for 1d6 rounds.", {"control_d6_rounds": True}),
    20: ("The player regains control for one minute (10 rounds).", {"control_rounds": 10}),
}
"""Seed 002, Confusion chart (d20, once per round); rules/semiautomagic.md §2.11."""

BLANK_CONFUSION_ROWS = ("reroll", "no_action")
"""rules/semiautomagic.md §2.14 S2: blank rows 16–17 are rerolled (default) or read as "stares into space"."""

NO_ACTION_ROW = 10
"""rules/semiautomagic.md §2.14 S2 option ``no_action``: a blank row reads as row 10 ("stares off into space")."""

ROUND_STATUSES = ("flanked", "screaming")
"""Confusion rows 6 and 13 last "for the round": cleared when the next round starts."""
