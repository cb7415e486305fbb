"""Before time passes on one character's sheet: what the move would run that the GM must be asked about first
(TABLE.md, "No default that can hurt": a time skip that runs dying rolls or Survival Tests asks first and says
what it will run). The sheet's own time moves, not an encounter's: each game's hooks list its moves and what
each would run (``sheet_moves``: Survival Tests, the death timer, dying rounds, dying CON rolls). Time the rules
refuse for the dying (hours or days) runs nothing: the move's own refusal says why. Pure: nothing is rolled or
changed.
"""

from __future__ import annotations

from py_rules.encounter.games import sheet_name
from py_rules.encounter.hooks import hooks_of
from py_rules.systems import GAME_IDS

__all__ = ("MOVES", "sheet_time_warnings")

MOVES = {move: said for game in GAME_IDS for move, said in hooks_of(game).sheet_moves.items()}
"""Each time move on a sheet: the name of its sheet field and what it would run that must be asked first."""


def sheet_time_warnings(move: str, args: dict) -> list[str]:
    """What the time move ``move`` with its checked ``args`` (the sheet among them) would run that the GM must
    be asked about first, one plain sentence each; none when nothing."""
    field, warnings = MOVES[move]
    sheet = args[field]
    return warnings(sheet, sheet_name(sheet, "The character"), args)
