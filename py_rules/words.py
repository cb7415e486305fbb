"""Plain words for what a message says: a value, a place in a sheet, a count, a list (TABLE.md, Words and Rules).

These are the small text helpers every module may use to speak to a player (``counted(2, "hours")`` →
``"2 hours"``, ``field_words("items.0.weight")`` → ``"Weight of item 1"``); they know no game and import nothing of
the engine, so dice, traces and sheets can all use them. A game's own words for its declared fields (its
``words`` module, the catalog entries, the house-rule steps of a trace) are :mod:`py_rules.game_words`.
"""

from __future__ import annotations

from typing import Any

__all__ = ("is_whole_number", "humanize", "field_words", "listed", "counted", "passes")


def humanize(value: Any) -> str:
    """A choice value as words when nobody wrote better ones: ``"knocked_down"`` → ``"Knocked down"``.

    >>> humanize("very_strenuous"), humanize("Spot Hidden"), humanize("1d6"), humanize("")
    ('Very strenuous', 'Spot Hidden', '1d6', '(none)')
    """
    text = str(value).replace("_", " ").strip()
    if not text:
        return "(none)"
    if text.islower() and not text[0].isdigit() and not (text[0] == "d" and text[1:2].isdigit()):
        return text[0].upper() + text[1:]
    return text


_NAMED_BY_KEY = {"attributes", "characteristics", "skills", "abilities", "conditions", "lost_attributes"}
"""Parts of a sheet whose keys are already names a player knows ("STR", "Spot Hidden"): the key alone is said."""


def is_whole_number(text: str) -> bool:
    """Plain ASCII digits, at most 18 of them: a list index in a path or a format's version. ``str.isdigit``
    alone also takes "²" and a key of thousands of digits, both of which ``int`` refuses.

    >>> is_whole_number("12"), is_whole_number("²"), is_whole_number(""), is_whole_number("1" * 5000)
    (True, False, False, False)
    """
    return len(text) <= 18 and text.isascii() and text.isdigit()


def _singular(word: str) -> str:
    return word[:-1] if word.endswith("s") and not word.endswith("ss") else word


def field_words(path: str, names: dict | None = None) -> str:
    """A place in a sheet, said in words instead of its path (a message never shows ``items.0.weight``).

    ``names`` maps a key to its words where humanizing it reads badly.

    >>> [field_words(p) for p in ("essence_channeling", "characteristics.STR", "items.0", "items.0.weight",
    ...                           "defence.worn_armour", "skills.Spot Hidden.level", "combatants.2")]
    ['Essence channeling', 'STR', 'Item 1', 'Weight of item 1', 'Worn armour (defence)', 'Level of Spot Hidden', 'Combatant 3']
    """
    names = names or {}
    said: list[tuple[str, bool]] = []  # (words, whether they name one thing: an item, a skill)
    parent = ""
    for part in str(path).split("."):
        if is_whole_number(part) and said:
            said[-1] = (f"{_singular(said[-1][0])} {int(part) + 1}", True)
        elif parent in _NAMED_BY_KEY and said:
            said[-1] = (part, True)
        else:
            said.append((names.get(part) or humanize(part).lower(), False))
        parent = part
    if not said:
        return ""
    head = said[-1][0]
    if len(said) > 1:
        owner, one_thing = said[-2]
        head = f"{head} of {owner}" if one_thing else f"{head} ({owner})"
    return head[:1].upper() + head[1:]


_IRREGULAR = {"dice": "die", "penalties": "penalty", "successes": "success", "times": "time", "entries": "entry"}


def counted(number: int, unit: str) -> str:
    """A count as it is spoken: the unit in the plural unless there is one (``unit`` is given in the plural).

    >>> counted(1, "hours"), counted(2, "hours"), counted(0, "rounds"), counted(1, "dice"), counted(1, "Turns")
    ('1 hour', '2 hours', '0 rounds', '1 die', '1 Turn')
    >>> counted(1, "entries"), counted(3, "entries")
    ('1 entry', '3 entries')
    """
    if abs(number) != 1:
        return f"{number} {unit}"
    return f"{number} {_IRREGULAR.get(unit) or (unit[:-1] if unit.endswith('s') else unit)}"


_SPELLED = (
    "zero",
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
    "thirteen",
    "fourteen",
    "fifteen",
    "sixteen",
    "seventeen",
    "eighteen",
    "nineteen",
    "twenty",
)


def spelled(number: int) -> str:
    """A small count in words, as prose writes it; digits past twenty.

    >>> spelled(14), spelled(21)
    ('fourteen', '21')
    """
    return _SPELLED[number] if 0 <= number < len(_SPELLED) else str(number)


def passes(number: int, unit: str) -> str:
    """Time passing, the verb agreeing: ``1 hour passes``, ``2 hours pass``."""
    return f"{counted(number, unit)} {'passes' if abs(number) == 1 else 'pass'}"


def listed(values) -> str:
    """Values of a list said in words: ``natural_armour, worn_armour`` → ``natural armour, worn armour``."""
    return ", ".join(humanize(v).lower() if str(v).islower() else str(v) for v in values)
