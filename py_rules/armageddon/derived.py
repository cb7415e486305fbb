"""The derived values of an Armageddon character (U1, U21; rules/armageddon.md §1.4, §1.14): pools, Speed, Initiative, the
Strength table's capacities, and what the load leaves of Speed and Initiative."""

from __future__ import annotations

from py_rules.armageddon.encumbrance import encumbrance_level
from py_rules.armageddon.qualities import pool_bonuses
from py_rules.armageddon.tables import (
    ENDURANCE_POINTS_FORMULA,
    ESSENCE_FORMULA,
    LIFE_POINTS_FORMULA,
    SPEED_FORMULA,
    STRENGTH_LIFT_TABLE,
)

__all__ = ("lifting_capacity", "derive", "encumbered")


def lifting_capacity(strength: int, table=STRENGTH_LIFT_TABLE) -> int:
    """Lifting capacity in lb for ``strength`` (rules/armageddon.md §1.4 Strength table).

    >>> [lifting_capacity(s) for s in (1, 2, 5, 6, 10, 11, 15, 16)]
    [50, 100, 250, 450, 1250, 1750, 3750, 4750]
    """
    lowest, base, per = table[0]
    for row in table:
        if strength >= row[0]:
            lowest, base, per = row
    return base + per * (strength - lowest)


def _formula(attributes: dict, formula) -> int:
    weights, constant = formula
    return sum(attributes[name] * weight for name, weight in weights.items()) + constant


def derive(attributes: dict, bonuses: dict | None = None, qualities: list | None = None) -> dict:
    """Derived values from the Attributes (U1; rules/armageddon.md §1.4), plus the bonuses of the Qualities listed (Hard to Kill,
    Increased Essence: :mod:`py_rules.armageddon.qualities`) and any other bonus typed.

    >>> derive({"Strength": 2, "Dexterity": 2, "Constitution": 3, "Intelligence": 3, "Perception": 3,
    ...         "Willpower": 3})["life_points"]
    30
    """
    bonuses = dict(bonuses or {})
    for pool, bonus in pool_bonuses(qualities or []).items():
        bonuses[pool] = bonuses.get(pool, 0) + bonus
    lift = lifting_capacity(attributes["Strength"])
    return {
        "life_points": _formula(attributes, LIFE_POINTS_FORMULA) + bonuses.get("life_points", 0),
        "endurance_points": _formula(attributes, ENDURANCE_POINTS_FORMULA) + bonuses.get("endurance_points", 0),
        "essence": _formula(attributes, ESSENCE_FORMULA) + bonuses.get("essence", 0),
        "speed": _formula(attributes, SPEED_FORMULA) + bonuses.get("speed", 0),
        "initiative_base": attributes["Dexterity"],
        "lifting_capacity": lift,
        "carrying_capacity": lift / 2 if lift % 2 else lift // 2,
    }


def encumbered(derived: dict, items: list) -> dict:
    """The load's level and penalty, and the Speed and Initiative it leaves (seed 000, Encumbrance: the penalty
    applies to Speed and to rolls needing fast reactions such as Initiative; rules/armageddon.md §1.14)."""
    weight = sum(item["weight"] for item in items)
    level, penalty, _drain, _over = encumbrance_level(weight, derived["carrying_capacity"])
    return {
        "encumbrance": level,
        "encumbrance_penalty": penalty,
        "speed_encumbered": max(0, derived["speed"] + penalty),
        "initiative_encumbered": derived["initiative_base"] + penalty,
    }
