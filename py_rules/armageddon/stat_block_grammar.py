r"""The words an Armageddon (Classic Unisystem) stat block is read by and the patterns built from them (what
:mod:`py_rules.armageddon.stat_block` reads): the six Attributes as the books print them (rules/armageddon.md §1.3),
the pools (Life Points, Endurance Points, Speed, Essence: rules/armageddon.md §1.4), the heads of the skill,
Quality and attack lists, damage as the book prints it (rules/armageddon.md §1.8: ``d4 × Str``, ``d6 × 4``) and
armour (§1.8a).

Every pattern here keeps the linear-time rule written at the top of :mod:`py_rules.coc.stat_block_grammar`: a run
of white space is matched by one quantifier only. :data:`KEYWORDS` lists every word the reader looks for, so a test
can feed each to the reader followed by long runs of spaces, digits and signs.
"""

from __future__ import annotations

import re

from py_rules.stat_block_core import SEP, alternation, cased
from py_rules.stat_block_table import Keys

__all__ = (
    "ARMOUR",
    "ATTACK",
    "ATTACKS_HEAD",
    "ATTRIBUTE",
    "ATTRIBUTE_WORDS",
    "BY_WORD",
    "KEYWORDS",
    "KIND",
    "KIND_WORDS",
    "NEEDED",
    "POOLS",
    "POOL_SAID",
    "POOL_WORDS",
    "QUALITIES_HEAD",
    "QUALITY_ITEM",
    "SKILLS_HEAD",
    "SKILL_ITEM",
    "STAT_LINE",
    "STAT_START",
    "TABLE",
    "TYPE_WORDS",
)

ATTRIBUTE_WORDS = {
    "Strength": ("Str", "Strength"),
    "Dexterity": ("Dex", "Dexterity"),
    "Constitution": ("Con", "Constitution"),
    "Intelligence": ("Int", "Intelligence"),
    "Perception": ("Per", "Perception"),
    "Willpower": ("Wil", "Will", "Willpower"),
}
"""Each Attribute and the words the books print it by (rules/armageddon.md §1.3)."""
POOL_WORDS = {
    "life_points": ("LP", "Life Points", "Dead Points"),
    "endurance_points": ("EP", "Endurance Points"),
    "speed": ("Spd", "Speed"),
    "essence": ("Essence Pool", "Essence"),
    "essence_channeling": ("Essence Channeling",),
}
"""The pools a block prints (rules/armageddon.md §1.4) and Essence Channeling (seed 000, Essence)."""
POOL_SAID = {
    "life_points": "Life Points",
    "endurance_points": "Endurance Points",
    "speed": "Speed",
    "essence": "Essence",
    "essence_channeling": "Essence Channeling",
}
_SKILL_HEADS = ("Skills", "Skill")
_QUALITY_HEADS = ("Qualities/Drawbacks", "Qualities and Drawbacks", "Qualities", "Quality", "Drawbacks", "Drawback")
_ATTACK_HEADS = ("Attacks", "Attack", "Weapons", "Weapon", "Combat")
_ARMOUR_WORDS = ("Armour", "Armor")
KIND_WORDS = {"supernatural": "supernatural", "gifted": "gifted", "mundane": "mundane"}
TYPE_WORDS = {
    "bludgeoning": "bludgeoning",
    "slashing/stabbing": "slashing/stabbing",
    "slashing": "slashing/stabbing",
    "stabbing": "slashing/stabbing",
    "bullet": "bullet",
    "fire": "fire",
    "other": "other",
}
_HEADS = ("ATTRIBUTE", "ATTRIBUTES", "VALUE", "LEVEL", "SCORE", "POOLS", "SECONDARY ATTRIBUTES")

TABLE = Keys(
    {
        **{word.upper(): name for name, words in ATTRIBUTE_WORDS.items() for word in words},
        **{word.upper(): key for key, words in POOL_WORDS.items() for word in words},
    },
    frozenset(_HEADS),
)


ATTRIBUTE = re.compile(
    rf"\b({cased(w for words in ATTRIBUTE_WORDS.values() for w in words)})\b{SEP}"
    r"(\d{1,4})(?!\d)"
)
BY_WORD = {form: name for name, words in ATTRIBUTE_WORDS.items() for word in words for form in (word, word.upper())}
POOLS = {
    key: re.compile(rf"\b(?:{cased(words)})\b(?!\s*Channeling){SEP}([+\-]?\d{{1,4}})(?!\d)")
    for key, words in POOL_WORDS.items()
}
NEEDED = {name: re.compile(rf"\b(?:{cased(words)})\b") for name, words in ATTRIBUTE_WORDS.items()}

SKILLS_HEAD = re.compile(rf"\b(?:{alternation(_SKILL_HEADS)})\s*:", re.I)
SKILL_ITEM = re.compile(
    r"(?:and\s+)?(?P<name>[A-Za-z](?:[^\x00,;:0-9\n]{0,58}?[^\s\x00,;:0-9])??)\s*(?:[:=]\s*)?"
    r"(?P<level>\d{1,2})(?!\d)"
)
"""``Guns (Handgun) 3``: the name (ending on a character that is not a space) and the level."""
QUALITIES_HEAD = re.compile(rf"\b(?P<head>{alternation(_QUALITY_HEADS)})\s*:", re.I)
QUALITY_ITEM = re.compile(
    r"(?P<name>[A-Za-z](?:[^\x00,;:0-9\n()+\-]{0,58}?[^\s\x00,;:0-9()+\-])??"
    r"(?:\s*\([A-Za-z][^\x00,;:0-9\n()]{0,38}\))?)"
    r"(?:\s*(?:\(\s*)?(?P<level>[+\-]?\d{1,2})(?!\d)(?:\s*\))?)?(?=[^\S\n]*(?:[,;.\n]|\Z))"
)
"""``Hard to Kill 3``, ``Addiction (Alcohol) (-2)``, ``The Gifted``: the name and perhaps a number."""
_DAMAGE = (
    r"(?P<dice>(?:\d{1,2}\s*)?[dD]\s*\d{1,3})(?:\s*[x×*]\s*(?P<times>\d{1,3}|Str(?:ength)?|STR)\b)?"
    r"(?:\s*(?P<sign>[+\-])\s*(?P<plus>\d{1,3}))?(?:\s*\(\s*\d{1,4}\s*\))?"
)
ATTACK = re.compile(
    rf"(?<![^\s\x00,;:(])(?P<name>[A-Za-z.][^\x00,;:\n]{{0,39}}?[^\s\x00,;:])\s*(?:[:,]\s*)?{_DAMAGE}"
    rf"(?:\s*(?P<type>{alternation(TYPE_WORDS)})\b)?",
    re.I,
)
"""``Punch d4 × Str (6) bludgeoning``: the name, the damage as the book prints it (perhaps with its average in
parentheses) and perhaps its damage type (rules/armageddon.md §1.8)."""
ATTACKS_HEAD = re.compile(rf"\b(?:{alternation(_ATTACK_HEADS)})\s*:", re.I)
ARMOUR = re.compile(
    rf"\b(?:{alternation(_ARMOUR_WORDS)})\b\s*(?:[:=]\s*)?(?:(?P<none>none)\b|"
    r"(?:(?P<name>[A-Za-z][^\n\x00(,;:0-9]{0,58}?[^\s\x00(,;:0-9])\s*(?:[(,]\s*)?)??"
    r"(?:(?:AV|Armou?r\s+Value)\s*(?:[:=]\s*)?)?(?P<value>\d{1,3})(?!\d)(?:\s*\))?)",
    re.I,
)
"""``Armor: Kevlar vest (AV 10)``, ``Armour 2``, ``Armour: none``."""
KIND = re.compile(r"\b(Supernatural|Gifted|Mundane)\b")
STAT_LINE = re.compile(
    rf"{ATTRIBUTE.pattern}|\b(?:{cased(w for ws in POOL_WORDS.values() for w in ws)})\b"
    rf"{SEP}\d"
)
_STARTS = (*_SKILL_HEADS, *_QUALITY_HEADS, *_ATTACK_HEADS, *_ARMOUR_WORDS, *(word.title() for word in KIND_WORDS))
"""A line that starts with one of these is a line of the block, not the name or description."""
STAT_START = re.compile(rf"[\s|]*(?:{alternation(_STARTS)})\b", re.I)

KEYWORDS = tuple(
    dict.fromkeys(
        [
            *(w for ws in ATTRIBUTE_WORDS.values() for w in ws),
            *(w for ws in POOL_WORDS.values() for w in ws),
            *_SKILL_HEADS,
            *_QUALITY_HEADS,
            *_ATTACK_HEADS,
            *_ARMOUR_WORDS,
            *TYPE_WORDS,
            *KIND_WORDS,
            *_HEADS,
            "AV",
            "x",
            "×",
            "d4 × Str",
            "Str 3",
            "Punch d4",
            "Guns (Handgun) 3",
            "Hard to Kill (",
            "Armor: AV",
        ]
    )
)
"""Every word the reader looks for (tests/test_readers_run_in_linear_time.py feeds each before long runs)."""
