"""Armageddon in plain words for the page (TABLE.md, Words): what each table option changes, choice labels, and
help where the declaration's own reads badly without its citation. Read by :mod:`py_rules.words`; the rules
behind each option are rules/armageddon.md §1.16 and the seed 000 headings cited in :mod:`py_rules.armageddon.fields`."""

SETTINGS = {
    "tn": ("The number a roll's total must reach: 9 for nearly all rolls. It changes every Task and Test.", {}),
    "rule_of_one_mode": (
        "How a natural 1 is read once the die is rolled again.",
        {
            "replace": "The reroll minus 5 replaces the 1 (1 then 3 = −2, as in the rules' example)",
            "literal": "The reroll minus 5 is added to the 1 (1 then 3 = −1, the text read word for word)",
            "afmbe_foundry": "As the All Flesh Must Be Eaten module for Foundry does (a reroll of 1–5 gives the "
            "reroll minus 5; each further 1 costs 5 more)",
        },
    ),
    "injury_penalty_cap": (
        "The most that injuries can take off a roll: 0 = no limit (−1 for each Life Point below 6: −6 at 0 LP, "
        "−7 at −1 …); e.g. 5 stops it at −5.",
        {},
    ),
    "stack_essence_penalties": (
        "Off: at Essence 1 or less only the worse penalty counts (−3). On: the −1 for half Essence is added to "
        "it on mental rolls.",
        {},
    ),
    "essence_penalty_on_mental_tests": (
        "On: the −1 for half Essence applies to mental Tests as well as mental Tasks. Off: mental Tasks only, as "
        "the rules' text says.",
        {},
    ),
    "tie_rule": (
        "What happens when both sides of a Resisted roll reach 9 with equal totals.",
        {
            "stalemate": "Stalemate: things stay as they are",
            "defender_wins": "The defender wins",
            "reroll": "Both sides roll again",
            "compare_sl": "Compare Success Levels (equal totals: still a stalemate)",
        },
    ),
    "add_success_levels": (
        "On: the attack's Success Levels are added to the damage (a weapon option the rules do not mention). "
        "Off: the damage roll alone.",
        {},
    ),
    "defence_rule": (
        "When a dodge or parry avoids an attack.",
        {
            "success_levels": "When the defender's Success Levels are at least the attacker's",
            "resisted": "As a Resisted Task: the higher total of 9 or more wins",
        },
    ),
    "doubled_types": (
        "On: slashing/stabbing and bullet damage that gets past armour is doubled, as the book says. Off: it counts "
        "once.",
        {},
    ),
    "essence_check_timing": (
        "When a character below 0 Essence rolls a Willpower Test (and, at −30 or less, a Survival Test).",
        {"each_loss": "On each loss of Essence", "daily": "Once a day"},
    ),
    "essence_failure_effect": (
        "What each failed Willpower Test below 0 Essence costs.",
        {
            "attribute": "A point of a mental Attribute",
            "drawback": "A temporary 2-point Mental Drawback (the Chronicler's choice)",
        },
    ),
    "wake_at": (
        "At how many Life Points an unconscious character wakes up while healing.",
        {"0": "0 Life Points", "1": "1 Life Point"},
    ),
    "first_aid_scope": (
        "Whom First Aid helps.",
        {
            "any_injury": "Any injured character: +1 Life Point per Success Level, once per injury",
            "dying_only": "Only a character at −10 Life Points or below, as the rules describe",
        },
    ),
    "use_fear_table_effects": (
        "On: a failed Fear Test also applies its Fear Table row's extra effect (such as a longer freeze). Off: "
        "only the one-Turn freeze and the Essence loss. The built-in table stands in for the book's.",
        {},
    ),
    "fear_table": (
        "Your own Fear Table in place of the built-in stand-in: rows with the lowest and highest margin failed by, "
        "the effect, the Essence lost (dice) and the Turns frozen. Empty: the built-in table.",
        {},
    ),
    "turn_seconds": (
        "How many seconds a Turn lasts; it sets how many Turns a minute holds for drains, timers and recovery.",
        {},
    ),
    "consciousness_timing": (
        "When a character at 0 Life Points or below rolls to stay conscious.",
        {
            "on_damage": "When first dropping to 0 or below, and on each new damage",
            "every_turn": "Also once every Turn",
        },
    ),
    "care_overshoot": (
        "Medical care heals +Constitution a day below 0 Life Points; what happens on the day it reaches 0.",
        {"cap_at_zero": "It stops at 0 that day", "carry_surplus": "The rest of that day's healing counts above 0"},
    ),
}
"""Each table option: what it changes, and plain words per choice (on/off options say both in the help)."""

_POOLS = {"LP": "Life Points", "EP": "Endurance Points", "Essence": "Essence"}

CHOICES = {
    "tags": {
        "none": "Neither",
        "silence": "Needs silence",
        "reaction": "Needs fast reactions",
        "silence and reaction": "Needs silence and fast reactions",
    },
    "a_kind": {"task": "Task (Attribute + Skill)", "simple": "Simple Test", "difficult": "Difficult Test"},
    "b_kind": {"task": "Task (Attribute + Skill)", "simple": "Simple Test", "difficult": "Difficult Test"},
    "pool": _POOLS,
    "cause": {"LP": "Life Points at 0 or below", "EP": "Endurance Points below 0"},
    "leak_die": {"none": "No die: the amount above"},
    "armageddon.set_condition:action": {"set": "Set", "clear": "Clear"},
    "condition": {"semi_conscious": "Semi-conscious"},
    "armageddon.attack:defence": {"none": "No defence", "dodge": "Dodge", "parry": "Block or parry"},
}

HELP = {
    "armageddon.attack:attacker": "The attacker's sheet: their weapons, skills and Strength are used, with the penalties "
    "of their state.",
    "armageddon.attack:defender": "The defender's sheet: they dodge or parry, their armour stops damage, and they take "
    "the hit.",
    "armageddon.set_condition:condition": "The condition to set or clear.",
    "armageddon.character_task:skill_name": "A skill from the skill list, e.g. Handguns.",
    "character": "The character sheet: kind (mundane, Gifted or supernatural), the six Attributes, skills, Essence "
    "Channeling and the items carried with their weights in lb; the current pools, conditions and timers "
    "are kept by the operations.",
    "armageddon.task:character": "The character sheet (optional): when given, the penalties of their state apply.",
    "armageddon.test:character": "The character sheet (optional): when given, the penalties of their state apply.",
    "armageddon.resisted:character": "The acting character's sheet (optional): when given, the penalties of their "
    "state apply to their roll.",
    "armageddon.resisted:opponent": "The opponent's sheet (optional): when given, their Attribute and skill are read "
    "from it by name and the penalties of their state apply to their roll; without it, type their levels.",
}
