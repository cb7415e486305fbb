"""Success Levels from the Outcome Table (U3; rules/armageddon.md §1.6)."""

from __future__ import annotations

from py_rules.armageddon.tables import (
    FAILURE_NAME,
    OUTCOME_BAND_BEYOND_TABLE,
    OUTCOME_TABLE,
    TARGET_NUMBER,
)

__all__ = ("success_levels", "outcome_name", "describe_level")


def success_levels(total: int, tn: int = TARGET_NUMBER, table=OUTCOME_TABLE) -> int:
    """Success Levels for ``total``; the table shifts by ``tn − 9`` (rules/armageddon.md §1.6).

    >>> [success_levels(t) for t in (8, 9, 12, 20, 21, 35, 36, 39)]
    [0, 1, 2, 5, 6, 10, 11, 12]
    """
    shifted = total - (tn - TARGET_NUMBER)
    levels = 0
    for lowest, level, _name in table:
        if shifted >= lowest:
            levels = level
    last_lowest, last_level, _ = table[-1]
    band_end = last_lowest + OUTCOME_BAND_BEYOND_TABLE
    if shifted >= band_end:
        levels = last_level + (shifted - last_lowest) // OUTCOME_BAND_BEYOND_TABLE
    return levels


def outcome_name(levels: int, table=OUTCOME_TABLE) -> str:
    """The Outcome Table's name for ``levels`` ("Godlike" is reused above 10)."""
    if levels <= 0:
        return FAILURE_NAME
    name = table[-1][2]
    for _lowest, level, row_name in table:
        if level == levels:
            name = row_name
    return name


def describe_level(levels: int) -> str:
    """``"2 Success Levels (Decent)"``; ``"0 Success Levels (Failure)"``."""
    noun = "Success Level" if levels == 1 else "Success Levels"
    return f"{levels} {noun} ({outcome_name(levels)})"
