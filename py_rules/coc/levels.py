"""Success levels: Regular, Hard, Extreme, critical and fumble (C3; seed 003 "Rolling Dice"; rules/coc.md §3.4).

Pure functions of the roll and the value rolled against; no dice here.
"""

from __future__ import annotations

from enum import IntEnum

from py_rules.coc.tables import DIFFICULTY_RANK, FUMBLE_LOW_SKILL, FUMBLE_RANGE_START, LEVEL_NAMES

__all__ = ("Level", "threshold", "needed", "is_fumble", "level_for", "level_name", "succeeds")


class Level(IntEnum):
    """rules/coc.md §3.4 ranks."""

    FUMBLE = 0
    FAILURE = 1
    REGULAR = 2
    HARD = 3
    EXTREME = 4
    CRITICAL = 5


def threshold(value: int, level: int) -> int:
    """Highest roll reaching ``level`` against ``value``: v, floor(v/2), floor(v/5); 1 for a critical.

    >>> [threshold(40, lv) for lv in (Level.REGULAR, Level.HARD, Level.EXTREME, Level.CRITICAL)]
    [40, 20, 8, 1]
    """
    if level == Level.CRITICAL:
        return 1
    if level == Level.EXTREME:
        return value // 5
    if level == Level.HARD:
        return value // 2
    if level == Level.REGULAR:
        return value
    raise ValueError(f"no threshold for level {level}")


def needed(value: int, difficulty: str = "Regular") -> int:
    """The value needed for success at the Keeper's ``difficulty``.

    >>> needed(60, "Hard"), needed(60, "Extreme")
    (30, 12)
    """
    return threshold(value, DIFFICULTY_RANK[difficulty])


def is_fumble(roll: int, value: int, difficulty: str = "Regular", basis: str = "needed") -> bool:
    """100 always fumbles; 96–99 fumble when the value needed is below 50 (rules/coc.md §3.4).

    >>> is_fumble(100, 90), is_fumble(97, 45), is_fumble(97, 60), is_fumble(97, 60, "Hard"), is_fumble(97, 60, "Hard", "raw_skill")
    (True, True, False, True, False)
    """
    if roll == 100:
        return True
    base = value if basis == "raw_skill" else needed(value, difficulty)
    return base < FUMBLE_LOW_SKILL and roll >= FUMBLE_RANGE_START and roll > base


def level_for(roll: int, value: int, difficulty: str = "Regular", basis: str = "needed") -> Level:
    """The level ``roll`` reaches against ``value`` (01 critical, fumble, Extreme, Hard, Regular, failure).

    >>> [level_for(r, 40).name for r in (1, 8, 9, 20, 21, 40, 41, 96, 100)]
    ['CRITICAL', 'EXTREME', 'HARD', 'HARD', 'REGULAR', 'REGULAR', 'FAILURE', 'FUMBLE', 'FUMBLE']
    """
    if roll == 1:
        return Level.CRITICAL
    if is_fumble(roll, value, difficulty, basis):
        return Level.FUMBLE
    for level in (Level.EXTREME, Level.HARD, Level.REGULAR):
        if roll <= threshold(value, level):
            return level
    return Level.FAILURE


def level_name(level: int) -> str:
    """``"Hard success"``, ``"Fumble"`` …"""
    return LEVEL_NAMES[int(level)]


def succeeds(level: int, difficulty: str = "Regular") -> bool:
    """Success = the level achieved is at least the level the Keeper demanded.

    >>> succeeds(Level.REGULAR, "Hard"), succeeds(Level.CRITICAL, "Extreme")
    (False, True)
    """
    return int(level) >= DIFFICULTY_RANK[difficulty]
