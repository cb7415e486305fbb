"""Call of Cthulhu 7e rule tables as data (seed 003; rules/coc.md §3.2–§3.12).

The Keeper may edit these; the functions read them and never hard-code them.
"""

from dataclasses import replace

from py_rules.dice_expr import Form
from py_rules.skill_names import Family, SkillNames

SCHEMA = "coc.investigator/1"
"""Schema tag of an investigator (or NPC) state; rules/cross-system.md §4 state as JSON."""

COMBAT_SCHEMA = "coc.combat/1"
"""Schema tag of a combat (round tracker) state."""

CHARACTERISTICS = ("STR", "CON", "SIZ", "DEX", "APP", "INT", "POW", "EDU")
"""rules/coc.md §3.2: the eight characteristics."""

CHARACTERISTIC_NAMES = {
    "STR": "Strength",
    "CON": "Constitution",
    "SIZ": "Size",
    "DEX": "Dexterity",
    "APP": "Appearance",
    "INT": "Intelligence",
    "POW": "Power",
    "EDU": "Education",
}

CREATION_DICE = {
    # rules/coc.md §3.2 [BOOK]: (number of d6, constant added before ×5)
    "STR": (3, 0),
    "CON": (3, 0),
    "DEX": (3, 0),
    "APP": (3, 0),
    "POW": (3, 0),
    "SIZ": (2, 6),
    "INT": (2, 6),
    "EDU": (2, 6),
    "Luck": (3, 0),
}
"""Characteristic creation rolls: 3D6 × 5, or (2D6 + 6) × 5 (rules/coc.md §3.2)."""

CHARACTERISTIC_MAX = 500
"""Upper bound accepted for a characteristic (monsters can exceed 99)."""

SKILL_MAX = 100
"""A skill above 100 (or below 0) is bad input (rules/coc.md §3.2: skills are percentages)."""

LUCK_MAX = 99
"""rules/coc.md §3.2 / §3.6: Luck is spent and recovered in play, max 99."""

SANITY_CEILING = 99
"""rules/coc.md §3.2: maximum SAN = 99 − Cthulhu Mythos."""

DODGE = "Dodge"
BRAWL = "Fighting (Brawl)"
HANDGUN = "Firearms (Handgun)"
RIFLE = "Firearms (Rifle/Shotgun)"
FIRST_AID = "First Aid"
MEDICINE = "Medicine"
MYTHOS = "Cthulhu Mythos"
OWN_LANGUAGE = "Language (Own)"

_SKILLS = {
    # rules/coc.md §3.2 (skills the seed names) and §3.2a: the 1920s investigator sheet of the Keeper Rulebook [BOOK].
    # None = derived: Dodge = DEX / 2, Language (Own) = EDU. The families and their specialities are declared below.
    "Accounting": 5,
    "Anthropology": 1,
    "Appraise": 5,
    "Archaeology": 1,
    "Charm": 15,
    "Climb": 20,
    "Credit Rating": 0,
    MYTHOS: 0,
    "Disguise": 5,
    DODGE: None,
    "Drive Auto": 20,
    "Electrical Repair": 10,
    "Fast Talk": 5,
    FIRST_AID: 30,
    "History": 5,
    "Intimidate": 15,
    "Jump": 20,
    OWN_LANGUAGE: None,
    "Law": 5,
    "Library Use": 20,
    "Listen": 20,
    "Locksmith": 1,
    "Mechanical Repair": 10,
    MEDICINE: 1,
    "Natural World": 10,
    "Navigate": 10,
    "Occult": 5,
    "Operate Heavy Machinery": 1,
    "Persuade": 10,
    "Psychoanalysis": 1,
    "Psychology": 10,
    "Ride": 5,
    "Sleight of Hand": 10,
    "Spot Hidden": 25,
    "Stealth": 20,
    "Swim": 20,
    "Throw": 20,
    "Track": 10,
}
"""Base values of the investigator skills that are no family's (rules/coc.md §3.2, §3.2a)."""

_FIGHTING = {"Axe": 15, "Brawl": 25, "Chainsaw": 10, "Flail": 10, "Garrote": 15, "Spear": 20, "Sword": 20, "Whip": 5}
_FIREARMS = {
    "Bow": 15,
    "Flamethrower": 10,
    "Handgun": 20,
    "Heavy Weapons": 10,
    "Machine Gun": 10,
    "Rifle/Shotgun": 25,
    "Submachine Gun": 15,
}

SKILL_FAMILIES = (
    # rules/coc.md §3.2a [BOOK]: the families; an investigator holds any number of specialities of each, each its own
    # skill at the family's base. Fighting and Firearms: the book gives each listed speciality its own base; one it
    # does not list starts at 01, as the book's uncommon skills do [REC].
    Family(
        "Art/Craft",
        5,
        ("Acting", "Fine Art", "Forgery", "Photography", "Writing"),
        aliases=("Art", "Craft", "Art / Craft"),
    ),
    Family("Fighting", 1, tuple(_FIGHTING), _FIGHTING),
    Family("Firearms", 1, tuple(_FIREARMS), _FIREARMS),
    Family("Language (Other)", 1, ("French", "German", "Greek", "Latin"), aliases=("Language", "Other Language")),
    Family("Pilot", 1, ("Aircraft", "Boat")),
    Family("Science", 1, ("Astronomy", "Biology", "Chemistry", "Geology", "Pharmacy", "Physics")),
    Family("Survival", 10, ("Arctic", "Desert", "Sea")),
    Family("Lore", 1),  # "where a table uses it" (rules/coc.md §3.2a): offered with no speciality ready
)
"""The skill families of the investigator sheet (rules/coc.md §3.2a), read by :mod:`py_rules.skill_names`."""

SKILL_BASES_FROM = {DODGE: ("DEX", 2), OWN_LANGUAGE: ("EDU", 1)}
"""rules/coc.md §3.2: the skills whose base is the character's own: Dodge = floor(DEX / 2), Language (Own) = EDU
(skill -> (characteristic, divisor)); their entry in SKILL_BASES is None."""

THROW = "Throw"

NEVER_TICKED = (MYTHOS, "Credit Rating")
"""rules/coc.md §3.15: Cthulhu Mythos and Credit Rating are never ticked for improvement."""

SKILL_IMPROVEMENT_MAX = 99
"""rules/coc.md §3.15: the development phase raises a skill to 99 at most."""

SKILL_IMPROVEMENT_ALWAYS = 96
"""rules/coc.md §3.15: an improvement roll of 96 or more improves the skill whatever its value."""

SKILL_IMPROVEMENT_DICE = "1D10"
"""rules/coc.md §3.15: what an improved skill gains."""

SANITY_MASTERY_SKILL = 90
"""rules/coc.md §3.15: a skill rising to 90 or more for the first time gives Sanity ..."""

SANITY_MASTERY_DICE = "2D6"
"""... of 2D6 (max 99 − Cthulhu Mythos)."""

LUCK_RECOVERY_DICE = "1D10"
"""rules/coc.md §3.6 [BOOK optional]: Luck recovered when the recovery roll is above current Luck."""

COMBAT_FAMILIES = ("Fighting", "Firearms")
"""The families of the attack skills (seed 003, Combat Round Duration; rules/coc.md §3.8)."""

SKILL_ALIASES = {
    # the seed's own spellings (seed 003, Combat Round Duration) → sheet names
    "Brawl": BRAWL,
    "Fighting": BRAWL,
    "Handgun": HANDGUN,
    "Handguns": HANDGUN,
    "Firearms (Handguns)": HANDGUN,
    "Rifle": RIFLE,
    "Firearms (Rifle)": RIFLE,
    "Rifle/Shotgun": RIFLE,
    "Shotgun": RIFLE,
    "Mythos": MYTHOS,
    "Own Language": OWN_LANGUAGE,
}

SKILL_NAMES = SkillNames(_SKILLS, SKILL_FAMILIES, SKILL_ALIASES)
"""Every skill name of the sheet read one way (:mod:`py_rules.skill_names`): listed skills, aliases, and any
speciality of a family."""

SKILL_BASES = {name: SKILL_NAMES.base(name) for name in SKILL_NAMES.offered()}
"""Base values of the skills the list offers (rules/coc.md §3.2, §3.2a): the skills, and each family's common
specialities; any other speciality of a family is a skill too, at its family's base (:data:`SKILL_NAMES`)."""

COMBAT_SKILLS = (DODGE, *(name for name in SKILL_BASES if SKILL_NAMES.family_name(name) in COMBAT_FAMILIES))
"""The listed skills of combat rolls (attack: Fighting, Firearms; defence: Dodge, Fighting back), which cannot be
pushed whatever form rolls them (seed 003, Pushing a Roll: "You can't push a combat roll"); any other speciality of
those families is one too (:func:`combat_skill`)."""


def combat_skill(name: str) -> bool:
    """Whether ``name`` is rolled in combat: Dodge, or a Fighting or Firearms speciality (seed 003).

    >>> combat_skill("Fighting (Lance)"), combat_skill("Dodge"), combat_skill("Science (Biology)")
    (True, True, False)
    """
    return SKILL_NAMES.canonical(name) == DODGE or SKILL_NAMES.family_name(name) in COMBAT_FAMILIES


WEAPONS = {
    # seed 003 Combat Round Duration: three attack skills by weapon.
    # (skill, default damage [BOOK typical weapon], melee?, impaling?, attacks or shots per round [BOOK: a
    # handgun's "1(3)", a bolt-action rifle's 1])
    "Brawl": (BRAWL, "1D3", True, False, 1),
    "Handgun": (HANDGUN, "1D10", False, True, 3),
    "Rifle": (RIFLE, "2D6+4", False, True, 1),
}
"""Attack kinds: Fighting (Brawl) for hand-to-hand and simple weapons, Firearms (Handgun), Firearms (Rifle).
The names an attack still accepts when the attacker's sheet lists no weapon of that name."""

WEAPON_DB = ("full", "half", "none")
"""rules/coc.md §3.8: weapon damage + the Damage Bonus for melee; thrown weapons add half the DB, firearms none."""

WEAPONS_MAX = 30
"""Most weapons on one sheet."""

ARMOUR_MAX = 30
"""Highest armour points a sheet holds (rules/coc.md §3.8 [BOOK]: armour points are taken off each hit's damage)."""

ATTACKS_MAX = 5
"""Most attacks per round a weapon lists; for a firearm, its most shots a round (rules/coc.md §3.12 D18)."""

DAMAGE_BANDS_MAX = 3
"""A weapon's damage by range ("4D6/2D6/1D6": base range, up to ×2, up to ×4 [BOOK] shotgun)."""

DAMAGE_BONUS_TABLE = (
    # (lowest STR+SIZ, highest STR+SIZ, Damage Bonus, Build) — rules/coc.md §3.2 [BOOK]
    (2, 64, "-2", -2),
    (65, 84, "-1", -1),
    (85, 124, "0", 0),
    (125, 164, "+1D4", 1),
    (165, 204, "+1D6", 2),
    (205, 284, "+2D6", 3),
    (285, 364, "+3D6", 4),
    (365, 444, "+4D6", 5),
    (445, 524, "+5D6", 6),
)
"""Damage Bonus and Build by STR + SIZ; above the last row each further 80 or part adds +1D6 and +1 Build."""

DAMAGE_BONUS_STEP = 80

MOV_AGE_PENALTY = ((40, 1), (50, 2), (60, 3), (70, 4), (80, 5))
"""rules/coc.md §3.2: MOV −1 at 40–49, −2 at 50–59 … −5 at 80–89 (lowest age of each band, penalty)."""

LEVEL_NAMES = ("Fumble", "Failure", "Regular success", "Hard success", "Extreme success", "Critical success")
"""rules/coc.md §3.4 ranks 0–5."""

DIFFICULTIES = ("Regular", "Hard", "Extreme")
"""rules/coc.md §3.4: the difficulty the Keeper demands."""

DIFFICULTY_RANK = {"Regular": 2, "Hard": 3, "Extreme": 4}

FUMBLE_LOW_SKILL = 50
"""rules/coc.md §3.4 [BOOK]: 96–100 fumbles when the value needed is below 50."""

FUMBLE_RANGE_START = 96

BONUS_PENALTY_CAP = 2
"""rules/coc.md §3.3 / §3.12 D17 [BOOK]: at most 2 bonus or 2 penalty dice after cancelling."""

FIREARM_INITIATIVE = 50
"""Seed 003, Attack Order: "Drawing a firearm adds +50 to DEX"."""

MANOEUVRE_MAX_BUILD_GAP = 3
"""Seed 003, Defending: no manoeuvre against a Build "more than 3 points higher" (book: 3 or more)."""

TEMPORARY_INSANITY_DICE = "1D10"
"""Seed 003, Going Mad: temporarily insane for 1D10 hours."""

SANITY_TRAUMA_LOSS = 5
"""Seed 003, Going Mad: losing 5+ Sanity in one roll is a major trauma."""

MEDICINE_DICE = "1D3"
MEDICINE_DELAY_DAYS = 7
"""Seed 003, First Aid: "Medicine: Heal 1D3 HP, after a week, with equipment"."""

MAJOR_WOUND_HEALING = {"seed": ("1D4", "2D4"), "book": ("1D3", "2D3")}
"""Weekly major-wound healing (regular, Extreme); seed 003 vs book (rules/coc.md §3.12 D6)."""

DAYS_PER_WEEK = 7
HOURS_PER_DAY = 24

SANITY_GAIN_REASONS = ("rest", "psychotherapy", "a break", "completed investigation", "other")
"""Seed 003, Regaining Sanity: rest, psychotherapy, breaks, completed investigations."""


DICE_FORM = Form(
    "coc.dice",
    "a dice expression",
    "Write numbers and dice like 1D6, joined by + or -.",
    "bad_dice_expression",
    sides=tuple(range(1, 1001)),
    count=(1, 100),
    empty="Give a number or a dice expression such as 1D6+1.",
    empty_code="bad_dice_expression",
)
"""Dice expressions such as ``1D3``, ``2D6+4``, ``+1D4``, ``-1``: weapon damage, the Damage Bonus (rules/coc.md §3.2
table), healing and Sanity regained. Read by :mod:`py_rules.dice_expr`."""

DAMAGE_FORM = replace(DICE_FORM, name="coc.damage", damage=True)
"""Damage typed for a hit: a dice expression under the one rule for damage amounts (:data:`py_rules.limits.DAMAGE_MAX`)."""

DAMAGE_BANDS_FORM = replace(
    DAMAGE_FORM,
    name="coc.damage_bands",
    parts=(1, DAMAGE_BANDS_MAX),
    parts_said=f"one dice expression such as 1D6, or up to {DAMAGE_BANDS_MAX} by range such as 4D6/2D6/1D6",
)
"""A weapon's damage: one dice expression, or one per range band nearest first (rules/coc.md §3.8 [BOOK] shotgun
4D6/2D6/1D6)."""

SANITY_LOSS_FORM = replace(
    DICE_FORM,
    name="coc.sanity_loss",
    what="a Sanity loss",
    code="bad_sanity_loss",
    empty_code="bad_sanity_loss",
    hint="Sanity loss must be written X/Y with numbers or dice, e.g. 0/1D6 or 1D10/1D100.",
    parts=(2, 2),
    parts_said="Sanity loss must be written X/Y, e.g. 0/1D6 or 1D10/1D100",
    least=0,
    least_said="A Sanity loss cannot be negative",
    empty="Sanity loss must be written X/Y, e.g. 0/1D6 or 1D10/1D100.",
)
"""rules/coc.md §3.11: ``X/Y``, lose X on a success and Y on a failure; "X and Y are integers or dice expressions",
never negative."""
