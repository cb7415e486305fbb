"""What each flag on a result means, in words for the table (README, Words; TABLE.md, Words).

A flag is a machine marker on a result (``emp_disabled``, ``pushed``): the page and the tests read the marker, and
people read these words in every text written from a result (the page's trace, the forum posts), through
:func:`py_rules.render.reading.for_players`. Declared once per game; a flag with no entry is said as its own words.
"""

from __future__ import annotations

from py_rules.words import humanize

__all__ = ("FLAG_WORDS", "flag_words")

_CANNOT_ACT = {
    "unconscious": "Unconscious: cannot act",
    "asleep": "Asleep: cannot act",
    "frozen": "Frozen in fear: cannot act",
    "death_pending": "About to die: cannot act",
}

FLAG_WORDS: dict[str, dict[str, str]] = {
    "armageddon": {
        "rule_of_10": "A natural 10: rolled again (the Rule of 10)",
        "unskilled": "An unskilled attempt",
        "unskilled_cap": "Unskilled: no better than Decent",
        "fear_table_placeholder": "The Fear table's entry is the Chronicler's to say",
        "dead": "Dead",
        "armour_absorbed": "The armour stopped the damage",
        "over_limit": "Carrying more than the lifting capacity",
        **_CANNOT_ACT,
        **{f"attacker_{key}": f"The attacker is {words[0].lower() + words[1:]}" for key, words in _CANNOT_ACT.items()},
    },
    "semiautomagic": {
        "auto_hit": "A hit without a roll",
        "sneak_attack_possible": "A sneak attack is possible",
        "no_defence_allowed": "No defence allowed",
        "defended": "The target defended",
        "stopped_for_dying": "Time stopped: someone is dying",
        "woke": "Woke up",
        "destroyed": "Destroyed",
        "emp_disabled": "The EMP stopped it until repaired",
        "fire_risk": "It may catch fire",
        "immune": "Immune to this damage",
        "knocked_out": "Knocked out",
        "nonlethal_spared": "Nonlethal damage: spared from dying",
        "wounded": "Wounded",
        "dead": "Dead",
        "dying": "Dying",
        "stable": "Stable",
        "unconscious": "Unconscious",
        "broken": "Broken: the morale gave way",
        "morale_penalty": "A morale penalty taken",
        "panicked": "Panicked",
        "confused": "Confused",
        "frenzy": "In a frenzy",
        "resuscitated": "Resuscitated",
    },
    "coc": {
        "fumble": "A fumble",
        "critical": "A critical success",
        "outnumbered": "Outnumbered: a bonus die to attack",
        "surprise": "Taken by surprise",
        "combat": "A combat roll",
        "manoeuvre_success": "The manoeuvre worked",
        "luck_spent": "Luck spent",
        "dire_consequence": "A failed pushed roll: something bad happens",
        "no_winner": "Nobody wins",
        "opposed": "An opposed roll",
        "pushed": "A pushed roll",
        "no_luck": "No Luck can be spent on this",
        "out_of_order": "Out of turn order",
        "indefinitely_insane": "Indefinitely insane",
        "int_roll": "An INT roll to see if the mind grasps it",
        "involuntary_action": "An involuntary action",
        "permanently_insane": "Permanently insane",
        "temporarily_insane": "Temporarily insane",
        "major_wound": "A major wound",
        "unconscious": "Unconscious",
        "dying": "Dying",
        "stabilised": "Stabilised",
        "dead": "Dead",
        "malfunction": "The weapon jammed: it fires no more until it is reloaded",
    },
}
"""Per game, each flag's words (what it means to the people at the table)."""


def flag_words(flag: str, game: str | None = None) -> str:
    """The words for ``flag``: the game's own, else any game's, else the flag's own words.

    >>> flag_words("emp_disabled", "semiautomagic"), flag_words("pushed"), flag_words("brand_new")
    ('The EMP stopped it until repaired', 'A pushed roll', 'Brand new')
    """
    own = FLAG_WORDS.get(game or "", {})
    if flag in own:
        return own[flag]
    for words in FLAG_WORDS.values():
        if flag in words:
            return words[flag]
    return humanize(flag)
