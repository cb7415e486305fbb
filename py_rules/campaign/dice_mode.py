"""The campaign's dice: the table rolls its own dice ("physical", each face typed as the rules ask for it) or lets
the app roll ("digital"). One choice per campaign, kept in its record (the optional ``dice`` field of the campaign
file, :mod:`py_rules.campaign.file`), so the roll drawer and the encounter read the same one, it survives a reload
and travels with an export. A file without it rolls digitally, as before the record held it.
"""

from __future__ import annotations

from typing import Any

from py_rules.campaign.problems import problem

__all__ = ("DICE_MODES", "DICE_DEFAULT", "dice_mode")

DICE_MODES = {"digital": "the app rolls", "physical": "the table's own dice"}
"""Each dice mode and what it means, in plain words."""
DICE_DEFAULT = "digital"


def dice_mode(value: Any, problems: list) -> str | None:
    """The campaign's dice mode checked; None with the problem listed.

    >>> dice_mode("physical", [])
    'physical'
    >>> wrong = []; dice_mode("loaded", wrong); wrong[0]["path"]
    'dice'
    """
    if isinstance(value, str) and value in DICE_MODES:
        return value
    problems.append(problem("dice", f"The campaign's dice must be digital or physical (got {str(value)[:40]!r})."))
    return None
