"""Encumbrance, Speed and Initiative (U21, U22; seed 000, Encumbrance; rules/armageddon.md §1.14).

All load fractions are read against the carrying capacity C, with the lifting
capacity 2 C as the most a character can carry (rules/armageddon.md §1.16 A5).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from py_rules.armageddon.tables import ENCUMBRANCE_LEVELS

__all__ = ("Load", "encumbrance_level", "load_of", "load_words")

_SOURCE = "seed 000, Encumbrance; rules/armageddon.md §1.14"


@dataclass(frozen=True)
class Load:
    """A character's load: total weight, capacity, level, penalty and EP drain interval."""

    weight: float
    carrying_capacity: float
    level: str
    penalty: int
    drain_seconds: int | None
    over_limit: bool


def encumbrance_level(weight, carrying_capacity, table=ENCUMBRANCE_LEVELS) -> tuple[str, int, int | None, bool]:
    """(level name, penalty, EP drain interval, over the lifting capacity?) for ``weight``.

    Exact fractions: "from just above half" up to 75 % is Light, and so on.

    >>> [encumbrance_level(w, 100)[:2] for w in (50, 51, 75, 76, 100, 125, 126, 200)]
    [('None', 0), ('Light', -1), ('Light', -1), ('Medium', -2), ('Medium', -2), ('Heavy', -3), ('Extra Heavy', -5), ('Extra Heavy', -5)]
    """
    if carrying_capacity <= 0:
        fraction = Fraction(0) if weight <= 0 else None
    else:
        fraction = Fraction(weight).limit_denominator(10**6) / Fraction(carrying_capacity).limit_denominator(10**6)
    for bound, name, penalty, drain in table:
        if fraction is not None and fraction <= Fraction(bound).limit_denominator(1000):
            return name, penalty, drain, False
    _bound, name, penalty, drain = table[-1]
    return name, penalty, drain, True


def load_of(character: dict) -> Load:
    """The character's load from his items (U21)."""
    weight = sum(item["weight"] for item in character["items"])
    capacity = character["derived"]["carrying_capacity"]
    level, penalty, drain, over = encumbrance_level(weight, capacity)
    return Load(weight, capacity, level, penalty, drain, over)


def load_words(level: str, penalty: int) -> str:
    """A load as a person says it: ``Heavy encumbrance: −3``; no penalty at all, ``Not encumbered`` (the level
    "None" is a table key, never read out).

    >>> load_words("Heavy", -3), load_words("Extra Heavy", -5), load_words("None", 0)
    ('Heavy encumbrance: −3', 'Extra Heavy encumbrance: −5', 'Not encumbered')
    """
    if not penalty:
        return "Not encumbered"
    return f"{level} encumbrance: {'−' if penalty < 0 else '+'}{abs(penalty)}"
