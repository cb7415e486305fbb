"""Semiautomagic in plain words for the page (TABLE.md, Words): what each table option changes, choice labels,
and help where the declaration's own reads badly without its citation. Read by :mod:`py_rules.words`; the rules
behind each option are rules/semiautomagic.md §2.14 and the seed 002 headings cited where the options are declared."""

from py_rules.semiautomagic.condition_registry import NAMES
from py_rules.words import spelled

SETTINGS = {
    "dying_rule": (
        "Which of the rules' two Dying rules applies.",
        {
            "health": "Damage equal to Toughness or more; DC 4, −1 per wound (Health section)",
            "conditions": "Damage more than Toughness; DC 6, no wound penalty (Conditions section)",
        },
    ),
    "dying_trigger": (
        "How much damage starts Dying.",
        {
            "by_rule": "As the Dying rule above says",
            "equal_or_more": "Damage equal to Toughness or more",
            "more": "Damage more than Toughness",
        },
    ),
    "dying_order": (
        "The order of a dying round's two rolls.",
        {
            "stabilise_first": "The d10 to stabilise first, then the endurance check",
            "check_first": "The endurance check first, then the d10 to stabilise",
        },
    ),
    "stabilise_dc": (
        "The Medicine DC to stabilise a dying character (the rules give none). Empty: the patient's current dying DC.",
        {},
    ),
    "resuscitate_dc": ("The Medicine DC of Resuscitate (the rules give none).", {}),
    "window_rounds": ("How many rounds after death Resuscitate still works (10 rounds = one minute).", {}),
    "morale_per_day": (
        "Morale penalties that wear off by themselves each day; 0 = only when the GM removes them (the rules "
        "give no recovery).",
        {},
    ),
    "repair_skill": (
        "What the repair skill is called at your table (the rules use both names).",
        {"Engineering": "Engineering", "Repair": "Repair"},
    ),
    "blank_rows": (
        "What rows 16 and 17 of the Confusion chart, blank in the rules, do.",
        {"reroll": "Roll again", "no_action": "Stares into space (no action)"},
    ),
    "wake_noise_dc": ("A noise at this Perception DC or lower (louder) wakes a sleeper without a roll.", {}),
}
"""Each table option: what it changes, and plain words per choice."""

CHOICES = {
    "semiautomagic.attack:defence": {
        "none": "No defence",
        "block": "Block (Shield Use)",
        "dodge": "Dodge (Reflex)",
        "parry": "Parry (Weapon Skill)",
    },
    "semiautomagic.defence_roll:option": {
        "block": "Block (Shield Use)",
        "dodge": "Dodge (Reflex)",
        "parry": "Parry (Weapon Skill)",
    },
    "semiautomagic.attack:kind": {
        "weapon": "As the weapon (melee: Weapon Skill, ranged: Ranged Skill)",
        "melee": "Melee (Weapon Skill)",
        "ranged": "Ranged (Ranged Skill)",
        "spell": "Spell (Magic)",
    },
    "weapon": {"none": "No weapon"},
    "move": {"none": "No move"},
    "table": {"damage_types": "Damage types", "emp": "EMP toughness", "scale": "Scale", "confusion": "Confusion chart"},
}

HELP = {
    "semiautomagic.show_table:table": "Which rule table to show.",
    "semiautomagic.remove_morale_penalties:count": "How many morale penalties the GM removes.",
    "semiautomagic.set_condition:condition": f"One of the {spelled(len(NAMES))} conditions.",
    "semiautomagic.detect_soul_coma:method": "Medicine (DC 7) or Perception (DC 8) to tell a Soul Coma from death.",
    "creature": "The sheet of a creature, object, vehicle or robot: kind, Scale (−1 to 10), abilities, skills, Defence "
    "sources (natural armour, worn armour, durability, unarmoured, other — they do not stack), wounds, "
    "morale and mobility penalties, movement, EMP complexity, conditions, weapons, armour and items.",
}
