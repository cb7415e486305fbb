"""Labelled situational modifiers typed as text, e.g. ``"-2 darkness, +1 aiming"``.

Each item is a signed whole number followed by an optional label; items are
separated by commas or semicolons. Shared by all three systems, so the player
always sees why a total changed (rules/armageddon.md §1.15, rules/cross-system.md §4).
"""

from __future__ import annotations

import re

from py_rules.errors import RulesError
from py_rules.trace import Modifier

__all__ = ("parse_modifiers", "MODIFIERS_HELP")

MODIFIERS_HELP = (
    "Situational modifiers, each a signed number and a reason, separated by commas, "
    "e.g. '-2 darkness, +1 aiming' (rules/cross-system.md §4: every modifier keeps its label)."
)

_ITEM = re.compile(r"^\s*([+\-−]\s*[0-9]+|[0-9]+)(?:\s+(\S(?:.*\S)?))?\s*$")
r"""A signed whole number, then (after a space) its reason: ``-2 darkness``; ``+1e9`` is no number. The reason starts
and ends on a character that is not a space, so each run of spaces around it is one quantifier's alone (a lazy
reason followed by ``\s*$`` walked every run of spaces inside it to its end again)."""


def parse_modifiers(text: str | None, source: str, field: str = "modifiers") -> list[Modifier]:
    """Parse ``text`` into :class:`Modifier` objects citing ``source``.

    >>> [(m.label, m.value) for m in parse_modifiers("-2 darkness, +1", "GM")]
    [('darkness', -2), ('situational modifier', 1)]
    """
    if not text or not text.strip():
        return []
    modifiers = []
    for position, item in enumerate(re.split(r"[,;]", text), start=1):
        if not item.strip():
            continue
        match = _ITEM.match(item)
        if not match:
            raise RulesError(
                "bad_modifier",
                f"Modifier {position} ({item.strip()!r}) must start with a number such as +1 or -2.",
                field,
            )
        digits = "".join(match.group(1).replace("−", "-").split())  # "- 2", "−\t2": a sign, any spaces, digits
        sign, number = digits[:1].strip("0123456789"), digits.lstrip("+-").lstrip("0") or "0"
        value = int(sign + number) if len(number) <= 4 else 10**4  # no int() of thousands of digits: out of range
        if abs(value) > 100:
            raise RulesError("out_of_range", f"Modifier {position} must be between -100 and +100.", field)
        modifiers.append(Modifier(match.group(2) or "situational modifier", value, source))
    return modifiers
