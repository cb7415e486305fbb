r"""The words a stat block is read by and the patterns built from them (what :mod:`py_rules.coc.stat_block` reads).

Every pattern here runs in time linear in the text it reads (the team's guide: every parser of user text runs in
time linear in its input; a pasted block is often a PDF's, with long runs of spaces, tabs and line breaks). The
rule that keeps them so: **a run of white space is matched by one quantifier only**. Two quantifiers that can
match the same character never stand side by side, nor one inside the other, unless a character neither can
match stands between them: an optional colon is written ``\s*(?:[:=]\s*)?``, never ``\s*[:=]?\s*``, an optional
sign ``(?:[+\-]\s*)?``, never ``[+\-]?\s*``, and a name that runs up to the spaces before its number ends on a
character that is not a space. So a keyword followed by thousands of spaces and no value is given up after one
pass over the spaces, not after trying every way of sharing them among the quantifiers (which took minutes).

The keywords are data (:data:`VALUE_WORDS`, :data:`HEADER_WORDS`, …); :data:`KEYWORDS` lists every one, so a test
can feed each to the reader followed by long runs of spaces, digits and signs.
"""

from __future__ import annotations

import re

from py_rules.coc.tables import CHARACTERISTICS
from py_rules.stat_block_core import SEP
from py_rules.stat_block_table import Keys

__all__ = (
    "ARMOUR",
    "ATTACK",
    "CHAR_RE",
    "FULL_NAMES",
    "HEADERS",
    "INLINE_HEADERS",
    "KEYWORDS",
    "LOOSE_SKILL",
    "NAME_AGE",
    "NEEDED_NAMES",
    "SAN_LOSS",
    "SKILL_ITEM",
    "SKILLS_HEAD",
    "SPELLS",
    "STAT_LINE",
    "STAT_START",
    "TABLE",
    "TABLE_HEAD_WORDS",
    "TABLE_KEYS",
    "VALUE_RES",
    "VALUE_WORDS",
)

FULL_NAMES = {
    "STRENGTH": "STR",
    "CONSTITUTION": "CON",
    "SIZE": "SIZ",
    "DEXTERITY": "DEX",
    "APPEARANCE": "APP",
    "INTELLIGENCE": "INT",
    "POWER": "POW",
    "EDUCATION": "EDU",
}
"""Characteristics printed in full, and the sheet's name for each."""

VALUE_WORDS = {  # key: (the words printed for it, what the reader says it read)
    "HP": (("HP", "Hit Points"), "HP"),
    "MP": (("MP", "Magic Points"), "MP"),
    "DB": (("DB", "Damage Bonus"), "Damage Bonus"),
    "Build": (("Build",), "Build"),
    "MOV": (("Move", "MOV"), "MOV"),
    "Luck": (("Luck",), "Luck"),
    "SAN": (("SAN", "Sanity"), "Sanity"),
    "Age": (("age",), "Age"),
    "APR": (
        (
            "Attacks per round",
            "Attack per round",
            "Attacks / round",
            "Attack / round",
            "Attacks a round",
            "Attack a round",
            "# Attacks",
        ),
        "Attacks per round",
    ),
    "Dodge": (("Dodge",), "Dodge"),
}
"""The values a block prints after a keyword (``HP 12``, ``Damage Bonus: +1D4``), in the order they are read."""

TABLE_KEYS = {
    **{c: c for c in CHARACTERISTICS},
    **FULL_NAMES,
    "HP": "HP",
    "HIT POINTS": "HP",
    "MP": "MP",
    "MAGIC POINTS": "MP",
    "LUCK": "Luck",
    "SAN": "SAN",
    "SANITY": "SAN",
    "MOV": "MOV",
    "MOVE": "MOV",
    "BUILD": "Build",
    "DB": "DB",
    "DAMAGE BONUS": "DB",
    "AGE": "Age",
    "DODGE": "Dodge",
}
"""The names a table of names and numbers may hold (upper case), and the key of each."""
TABLE_HEAD_WORDS = (
    "CHAR",
    "CHAR.",
    "CHARS",
    "CHARACTERISTIC",
    "CHARACTERISTICS",
    "STAT",
    "STATS",
    "VALUE",
    "VALUES",
    "SCORE",
    "HALF",
    "FIFTH",
    "½",
    "1/2",
    "1/5",
    "REGULAR",
    "HARD",
    "EXTREME",
    "FULL",
)
"""Words that only head a table's columns (``Char. | Value | Half | Fifth``, ``Regular Hard Extreme``)."""
TABLE = Keys(TABLE_KEYS, frozenset(TABLE_HEAD_WORDS), frozenset([*CHARACTERISTICS, "Luck", "SAN", "Dodge"]))
"""A table's names and heads, and the keys printed with their half and fifth (rules/coc.md §3.2)."""

HEADER_WORDS = ("Combat", "Attacks", "Weapons", "Fighting attacks", "Characteristics", "Stats", "Skills", "Languages")
"""A line holding only one of these (and a colon) heads a part of the block."""
INLINE_HEADER_WORDS = ("Combat", "Weapons", "Weapon", "Fighting attacks", "Fighting attack")
"""``Combat:`` heads a part on the line it starts (so does ``Attacks:``, unless a count follows it)."""
SKILL_HEAD_WORDS = ("Skills", "Skill", "Languages", "Language")
SAN_LOSS_WORDS = ("Sanity loss", "San loss")
ARMOUR_WORDS = ("Armour", "Armor")
SPELL_WORDS = ("Spells", "Spell")
DAMAGE_WORDS = ("damage", "dmg.", "dmg", "dam.", "dam")
HALF_WORDS = ("½", "1/2", "half", "one-half")
LINE_WORDS = (
    "HP",
    "MP",
    "DB",
    "Build",
    "Move",
    "MOV",
    "Luck",
    "SAN",
    "Sanity",
    "Dodge",
    "Armour",
    "Armor",
    "Skills",
    "Skill",
    "Spells",
    "Spell",
    "Attacks",
    "Attack",
    "damage",
)
"""A line holding one of these followed by a number is a line of numbers, not the name or description."""
START_WORDS = (
    "HP",
    "MP",
    "DB",
    "Build",
    "Move",
    "MOV",
    "Luck",
    "SAN",
    "Sanity",
    "Dodge",
    "Armour",
    "Armor",
    "Skills",
    "Skill",
    "Spells",
    "Spell",
    "Attacks",
    "Attack",
    "Combat",
    "Weapons",
    "Weapon",
)
"""A line that starts with one of these is a line of the block, not the name or description."""


_APART = r"\s+"
"""Words printed apart (``Fighting attacks``), for headers."""


def _words(phrases, gap: str = r"\s*") -> str:
    """An alternation matching each phrase, its words apart by ``gap`` (one quantifier: words are not spaces)."""
    return "|".join(gap.join(re.escape(word) for word in phrase.split()) for phrase in phrases)


_CHAR_WORDS = "|".join([*CHARACTERISTICS, *FULL_NAMES])
_SIGN = r"(?:[+\-]\s*)?"
_HALVES = r"\(\s*\d{1,4}\s*/\s*\d{1,4}\s*\)"
"""Half and fifth of a value, ``(30/12)``."""
_PCT_HALVES = rf"\s*(?:%(?:\s*{_HALVES})?|{_HALVES})?"
"""What may follow a percentage: spaces, a ``%`` and perhaps the halves, or the halves alone."""
_DIE = r"(?:(?:\d{1,2}\s*)?D\s*\d{1,3}|\d{1,3})"
"""One term of a damage roll: ``1D4``, ``D6``, ``2 D 6``, or a number."""
_DICE = rf"{_DIE}(?:\s*[+\-]\s*{_DIE}(?![\w½]))*"
"""A damage roll: terms joined by signs (``1D8+1D4+2``)."""


def _value(words, value: str, before: str = "", after: str = "") -> re.Pattern:
    return re.compile(rf"{before}\b(?:{_words(words)})\b{after}{SEP}{value}", re.I)


_VALUE_PATTERNS = {
    "HP": r"(\d{1,4})(?!\d)",
    "MP": r"(\d{1,4})(?!\d)",
    "DB": rf"(none|{_SIGN}(?:\d{{1,2}}\s*)?D\s*\d{{1,2}}|{_SIGN}\d{{1,2}})\b",
    "Build": rf"({_SIGN}\d{{1,2}})",
    "MOV": r"(\d{1,3})(?!\d)",
    "Luck": rf"(\d{{1,4}})(?!\d){_PCT_HALVES}",
    "SAN": rf"(\d{{1,4}})(?!\d){_PCT_HALVES}",
    "Age": r"(\d{1,3})(?!\d)",
    "APR": r"(\d{1,2})(?:\s*\([^)\n]{0,80}\))?",
    "Dodge": rf"(\d{{1,4}})(?!\d){_PCT_HALVES}",
}
VALUE_RES = {
    key: _value(
        words,
        _VALUE_PATTERNS[key],
        before=r"(?<![+½])(?<![+½]\s)" if key == "DB" else "",  # not the "+ DB" of a weapon's damage
        after=r"(?!\s*loss)" if key == "SAN" else "",
    )  # not "Sanity loss"
    for key, (words, _) in VALUE_WORDS.items()
}
"""Each value of :data:`VALUE_WORDS`: its keyword, perhaps a colon, and the value (group 1)."""

CHAR_RE = re.compile(rf"\b({_CHAR_WORDS})\b{SEP}(\d{{1,5}})(?!\d){_PCT_HALVES}", re.I)
"""A characteristic and its value: ``STR 60 (30/12)``, ``Strength: 60``."""

SAN_LOSS = re.compile(
    rf"\b(?:{_words(SAN_LOSS_WORDS)})\b{SEP}(none|{_DIE}\s*/\s*{_DIE}(?:\s*[+\-]\s*{_DIE})?)"
    r"([^.\n;]{0,120})",
    re.I,
)
"""``Sanity loss: 0/1D4 to see him chant``: the loss (group 1) and what it is for (group 2)."""
ARMOUR = re.compile(
    rf"\b(?:{_words(ARMOUR_WORDS)})\b\s*(?:[:=.]\s*)?(none|\d{{1,2}})(?:\s*(?:-\s*)?points?)?"
    r"(?:\s+of)?([^.\n;]{0,120})",
    re.I,
)
"""``Armour: 1-point heavy coat``: the points (group 1) and what they are (group 2)."""
SPELLS = re.compile(rf"\b(?:{_words(SPELL_WORDS)})\b\s*:\s*([^\n]{{0,600}})", re.I)
"""``Spells: …`` to the end of the line (the spaces before the list are all taken first, then never given
back: the list itself may match anything)."""

HEADERS = re.compile(rf"^[^\S\n]*(?:{_words(HEADER_WORDS, gap=_APART)})[^\S\n]*(?::[^\S\n]*)?$", re.I | re.M)
"""A line that only heads a part (``Combat:``, ``Skills``); its spaces are its own line's, so a run of empty lines
is not walked again from each line of it."""
INLINE_HEADERS = re.compile(rf"\b(?:{_words(INLINE_HEADER_WORDS, gap=_APART)}|Attacks(?!\s*(?::\s*)?\d))\s*:", re.I)
"""``Combat:`` where a part starts on the same line as what follows (not ``Attacks: 2``, a count)."""
SKILLS_HEAD = re.compile(rf"\b(?:{_words(SKILL_HEAD_WORDS)})\b\s*:", re.I)

_ATTACK_NAME = r"[^\s\x00%,;:0-9(](?:[^\n\x00%,;:]{0,39}?[^\s\x00%,;:])??"
"""A weapon's name: up to 41 characters, not across a line or what was read, ending on a character that is not a
space (the spaces before the percentage are the next quantifier's alone)."""
ATTACK = re.compile(
    rf"(?P<name>{_ATTACK_NAME})\s+(?P<pct>\d{{1,3}})\s*(?:%\s*)?(?:{_HALVES}\s*)?(?:[,;]\s*)?"
    rf"(?:{_words(DAMAGE_WORDS)})\s*(?:[:=]\s*)?(?P<dmg>{_DICE})"
    rf"(?P<db>\s*\+\s*(?:(?P<half>{_words(HALF_WORDS)})\s*)?(?:DB|damage\s*bonus))?"
    rf"(?P<ranges>(?:\s*/\s*{_DICE}){{1,3}})?",
    re.I,
)
"""``Knife 40% (20/8), damage 1D4+DB``, ``Shotgun 45%, damage 4D6/2D6/1D6``: the name, the percentage, the damage,
whether the Damage Bonus (or half of it) is added, and the damage at longer ranges."""

SKILL_ITEM = re.compile(
    r"\s*(?:and\s+)?(?P<name>[A-Za-z](?:[^\x00%,;:0-9]{0,49}?[^\s\x00%,;:0-9])??)"
    r"\s+(?P<pct>\d{1,3})\s*(?:%\s*)?(?:" + _HALVES + r"\s*)?[,;.]?",
    re.I,
)
"""One item of a ``Skills:`` list (``Spot Hidden 35%,``), its name up to 51 characters across line breaks."""
LOOSE_SKILL = re.compile(
    r"(?P<name>[A-Za-z](?:[A-Za-z ()/'\-]{0,39}?[A-Za-z()/'\-])??)\s+(?P<pct>\d{1,3})\s*%"
    rf"(?:\s*{_HALVES})?",
    re.I,
)
"""A skill and its percentage anywhere (``Dodge 30% (15/6)``): the name ends on a letter or sign, not a space."""

STAT_LINE = re.compile(rf"\d\s*%|{CHAR_RE.pattern}|\b(?:{_words(LINE_WORDS)})\b\s*(?:[:=.]\s*)?[\d+\-(nN]", re.I)
STAT_START = re.compile(rf"[\s|]*(?:{_CHAR_WORDS}|{_words(START_WORDS)})\b", re.I)
NAME_AGE = re.compile(r"\bage[d]?\s*(?:[:=]\s*)?(\d{1,3})\b", re.I)
"""``age 52`` or ``aged: 52`` on the name line."""

NEEDED_NAMES = {
    key: re.compile(
        rf"\b(?:{key}|{key.title()}"
        + "".join(f"|{full}|{full.title()}" for full, short in FULL_NAMES.items() if short == key)
        + r")\b"
    )
    for key in CHARACTERISTICS
}
NEEDED_NAMES["Luck"] = re.compile(r"\b(?:LUCK|Luck)\b")
"""The names of what a sheet needs, as a block prints them (capitals or a capital first, not a word of its prose),
to say what it prints and was not understood."""

KEYWORDS = tuple(
    dict.fromkeys(
        [
            *CHARACTERISTICS,
            *FULL_NAMES,
            *(word for words, _ in VALUE_WORDS.values() for word in words),
            *TABLE_KEYS,
            *HEADER_WORDS,
            *INLINE_HEADER_WORDS,
            *SKILL_HEAD_WORDS,
            *SAN_LOSS_WORDS,
            *ARMOUR_WORDS,
            *SPELL_WORDS,
            *DAMAGE_WORDS,
            *HALF_WORDS,
            *LINE_WORDS,
            *START_WORDS,
            "aged",
            *TABLE_HEAD_WORDS,
            "|",
            "| STR |",
            "Char. Value Half Fifth",
        ]
    )
)
"""Every word the reader looks for."""
