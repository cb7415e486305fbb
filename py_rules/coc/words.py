"""Call of Cthulhu in plain words for the page (TABLE.md, Words): what each house rule changes, choice labels, and
help where the declaration's own reads badly without its citation. Read by :mod:`py_rules.words`; the rules
behind each setting are rules/coc.md §3.12 and the seed 003 headings cited in :mod:`py_rules.coc.settings`."""

from py_rules.coc.occupations import FORMULA_WORDS as _FORMULA_WORDS

SETTINGS = {
    "push_after_fumble": (
        "On (the house rules as written): a fumbled roll may be pushed like any failed roll. Off (the book): a "
        "fumble's consequence stands and it cannot be pushed.",
        {},
    ),
    "fumble_basis": (
        "Which value decides whether a roll of 96–99 is a fumble (below 50 it is).",
        {
            "needed": "The value needed at the difficulty the Keeper set (book)",
            "raw_skill": "The skill value itself, whatever the difficulty",
        },
    ),
    "insanity_threshold": (
        "How much Sanity lost at once calls for the INT roll that can bring temporary insanity.",
        {
            "5_or_more": "5 or more (house rules text and the book)",
            "more_than_5": "More than 5 (the house rules' heading)",
        },
    ),
    "zero_hp_always_dying": (
        "Off: at 0 HP an investigator is dying only with a major wound, otherwise unconscious. On: every drop to "
        "0 HP means dying.",
        {},
    ),
    "major_wound_rule": (
        "What counts as a major wound.",
        {
            "round_more_than_half": "More than half the maximum HP lost in one round (house rules)",
            "round_half_or_more": "Half the maximum HP or more lost in one round",
            "attack_more_than_half": "More than half the maximum HP from one attack",
            "attack_half_or_more": "Half the maximum HP or more from one attack (book)",
        },
    ),
    "instant_death_rule": (
        "When damage kills outright.",
        {
            "round_all_hp": "Losing the maximum HP or more in one round (house rules)",
            "attack_over_max": "More than the maximum HP from one attack (book)",
        },
    ),
    "major_wound_healing": (
        "How much the weekly healing roll for a major wound restores.",
        {"seed": "1D4, or 2D4 on an Extreme success (house rules)", "book": "1D3, or 2D3 on an Extreme success (book)"},
    ),
    "medicine_timing": (
        "When a successful Medicine roll heals its 1D3 HP.",
        {
            "after_week": "After a week, with medical equipment (house rules)",
            "immediate": "After about an hour of treatment (book)",
        },
    ),
    "first_aid_on_dying": (
        "What successful First Aid does for a dying investigator.",
        {"stabilise": "Stabilises, no HP (house rules)", "temporary_hp": "Stabilises with 1 temporary HP (book)"},
    ),
    "combat_ties": (
        "Who wins a draw in an opposed roll, combat included.",
        {
            "seed": "The higher skill, then a 1D100 roll-off where lower wins (house rules)",
            "book": "Fight back and Manoeuvre draws go to the attacker, Dodge draws to the defender (book)",
        },
    ),
    "surprise_rule": (
        "What an attacker gets against a surprised target.",
        {"bonus_die": "One bonus die (house rules)", "automatic_hit": "An automatic hit (book option)"},
    ),
    "outnumbered_rule": (
        "When melee attacks on an outnumbered target get a bonus die (never firearms).",
        {
            "after_first_defence": "Once the target has dodged or fought back this round",
            "while_marked": "Every melee attack while the target is marked outnumbered",
        },
    ),
    "manoeuvre_rule": (
        "When a manoeuvre against a bigger opponent (higher Build) is impossible.",
        {
            "seed": "Build more than 3 higher; below that one penalty die per point, at most 2 (house rules)",
            "book": "Build 3 or more higher (book)",
        },
    ),
    "firearms_rule": (
        "How a shot is resolved.",
        {
            "opposed": "Opposed: the target may Dodge (house rules)",
            "book": "The shooter rolls against the range difficulty; no opposed roll (book)",
        },
    ),
    "extreme_damage": (
        "What an Extreme success does to an attack's damage.",
        {
            "normal": "Nothing more: roll damage as usual (the house rules say nothing)",
            "book": "Maximum damage and Damage Bonus; bullets add one more roll of the weapon dice (book)",
        },
    ),
    "fumbled_sanity_max_loss": (
        "On: a fumbled Sanity roll loses the most the failure loss allows. Off: the loss is rolled as for any failure.",
        {},
    ),
    "book_insanity": (
        "On (book options): losing a fifth of the day's starting SAN in one day is indefinite insanity, and SAN 0 "
        "is permanent insanity. Off: only temporary insanity is tracked.",
        {},
    ),
    "creation_skill_cap": (
        "The highest any skill may be when an investigator is made by occupation (some tables use 75); empty: no "
        "cap. Credit Rating follows its occupation's range instead.",
        {},
    ),
    "tick_with_bonus_die": (
        "On: a skill roll that succeeds with a bonus die ticks the skill for improvement like any rolled success. "
        "Off: a success rolled with a bonus die earns no tick.",
        {},
    ),
    "rate_of_fire": (
        "How many shots a firearm fires in one round.",
        {
            "per_round": "At most its rate of fire, counted until the round ends (book)",
            "keeper": "Not counted: the Keeper keeps the count",
        },
    ),
    "luck_recovery": (
        "On (book option): the development phase also rolls 1D100 for Luck; above current Luck, Luck rises by 1D10 "
        "(at most 99). Off: Luck comes back only when the Keeper says.",
        {},
    ),
}
"""Each house-rule setting: what it changes, and plain words per option (bool settings say on/off in the help)."""

CHOICES = {
    "target_level": {"": "Spend the points given above"},
    "mode": {"all": "Every skill must succeed", "any": "Any one skill is enough"},
    "coc.combat_round:action": {"act": "A combatant acts", "end_round": "End the round"},
    "coc.set_condition:condition": {"prone": "Prone", "unconscious": "Unconscious"},
    "coc.set_condition:action": {"set": "Set", "clear": "Clear"},
    "attacker": {"investigator": "The investigator attacks", "opponent": "The opponent attacks"},
    "coc.attack:defence": {
        "dodge": "Dodge",
        "fight_back": "Fight back",
        "manoeuvre": "Manoeuvre",
        "none": "No defence",
    },
    "coc.attack:weapon": {
        "Brawl": "Fighting (Brawl)",
        "Handgun": "Firearms (Handgun)",
        "Rifle": "Firearms (Rifle/Shotgun)",
    },
    # rules/coc.md §3.2a: the occupation skill-point formulas in their own words (py_rules/coc/occupations.py)
    "coc.creation_points:formula": {"": "The occupation's first", **_FORMULA_WORDS},
}

HELP = {
    "coc.combat_round:action": "Mark one combatant's action, or end the round.",
    "coc.combat_round:name": "Who acts (when a combatant acts).",
    "coc.attack:defence": "Dodge, Fight back (Brawl; a win hurts the attacker) or Manoeuvre (Brawl; Build limit and "
    "penalty dice); no defence when the target cannot defend.",
    "coc.attack:attacker_bonus": "Bonus dice the attacker gets for other conditions.",
    "coc.attack:attacker_penalty": "Penalty dice the attacker takes for other conditions.",
    "coc.attack:outnumbered": "The target is marked outnumbered (counts only when the Outnumbered house rule is "
    "'every melee attack while marked'; otherwise the target's defences this round count).",
    "coc.gain_sanity:reason": "Why Sanity comes back (echoed in the result).",
    "coc.attack_order:combatants": "Everyone in the fight, each with a name, DEX, whether a firearm is ready and "
    "the combat skill.",
    "investigator": "The investigator sheet: characteristics, Luck, skills (base values for the rest), current HP, MP "
    "and Sanity, and conditions. Results carry the updated sheet.",
    "coc.combat_round:combat": "The combat round tracker made by Attack order: the order, the round and who has acted.",
}
