"""The Attack's small decisions, shared by the Attack itself (:mod:`.ops_combat`) and its exact odds
(:mod:`.odds_attack`), so both follow one rule (rules/armageddon.md §1.8, §1.8a)."""

from __future__ import annotations

from py_rules.armageddon.checks import resisted_outcome
from py_rules.armageddon.tables import DOUBLED_DAMAGE_TYPES

__all__ = ("avoided", "damage_through", "doubles")


def avoided(rule: str, tie_rule: str, tn: int, strike: tuple, guard: tuple) -> bool:
    """Whether a defence avoids the attack; ``strike`` and ``guard`` are (total, success, Success Levels).

    Default rule: avoided when the defender's Success Levels are at least the attacker's; rule "resisted": the
    seed's Resisted Task, the attack lands only when it wins (rules/armageddon.md §1.8a).

    >>> avoided("success_levels", "stalemate", 9, (12, True, 2), (11, True, 2))
    True
    >>> avoided("resisted", "stalemate", 9, (12, True, 2), (11, True, 2))
    False
    """
    if rule == "resisted":
        return resisted_outcome(strike[0], guard[0], tn, tie_rule)[0] != "A"
    return bool(guard[1]) and guard[2] >= strike[2]


def doubles(damage_type: str, doubled_types: bool) -> bool:
    """The house rule doubling slashing/stabbing and bullet damage past armour (rules/armageddon.md §1.8a)."""
    return bool(doubled_types) and damage_type in DOUBLED_DAMAGE_TYPES


def damage_through(value: int, armour: int, doubled: bool) -> int:
    """What reaches Life Points: the damage less armour, never below 0, doubled by the house rule.

    >>> damage_through(12, 4, False), damage_through(3, 4, True), damage_through(7, 2, True)
    (8, 0, 10)
    """
    through = max(0, value - armour)
    return through * 2 if doubled else through
