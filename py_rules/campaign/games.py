"""What a campaign file needs from each game, looked up lazily (a game's rules load on first use).

Each game validates its own character sheets (the same ``from_dict`` every operation uses) and declares its
house-rule settings as ``setting=True`` parameters of its operations; a campaign keeps a value for each.
"""

from __future__ import annotations

import importlib
import json
from functools import cache
from typing import Any

from py_rules.errors import RulesError
from py_rules.params import Param
from py_rules.systems import GAME_IDS, operations_of, system_of

__all__ = (
    "GAMES",
    "SHEETS",
    "SHEET_UPGRADES",
    "game_name",
    "validate_sheet",
    "upgrade_sheet",
    "setting_params",
    "setting_value",
)

GAMES = GAME_IDS
"""The games a campaign can be played in."""

SHEETS = {
    "armageddon": ("py_rules.armageddon.character", "from_dict"),
    "semiautomagic": ("py_rules.semiautomagic.creature", "from_dict"),
    "coc": ("py_rules.coc.investigator", "from_dict"),
}
"""Where each game's character validation lives (module, function): it returns the normalized sheet or raises
:class:`py_rules.errors.RulesError` naming the field."""


SHEET_UPGRADES = {
    "armageddon": ("py_rules.armageddon.skill_upgrade", "plain_specialities"),
}
"""Where a game reads a sheet saved before one of its rules changed (module, function ``sheet -> (sheet, notes)``),
for the campaign file's migration (:func:`py_rules.campaign.migrations.from_v1`)."""


def game_name(game: str) -> str:
    """The game's own name, e.g. ``"Call of Cthulhu 7e (house rules)"``."""
    return system_of(game).name


def validate_sheet(game: str, sheet) -> dict:
    """``game``'s normalized copy of ``sheet``, or the game's RulesError."""
    module_name, function = SHEETS[game]
    return getattr(importlib.import_module(module_name), function)(sheet)


def upgrade_sheet(game, sheet):
    """``sheet`` as ``game``'s upgrade reads a sheet saved before its rules changed (itself when the game has none)."""
    if game not in SHEET_UPGRADES:
        return sheet
    module_name, function = SHEET_UPGRADES[game]
    return getattr(importlib.import_module(module_name), function)(sheet)[0]


@cache
def setting_params(game: str) -> dict[str, Param]:
    """Every house-rule setting ``game``'s operations declare, by name, in declaration order."""
    found: dict[str, Param] = {}
    for op in operations_of(game).values():
        for param in op.params:
            if param.setting:
                found.setdefault(param.name, param)
    return found


def setting_value(game: str, name: str, value: Any) -> Any:
    """``value`` checked and converted by ``game``'s declaration of the setting ``name`` (JSON-ready), or a
    RulesError in plain words."""
    declared = setting_params(game)
    param = declared.get(name)
    if param is None:
        owners = [game_name(g) for g in GAMES if g != game and name in setting_params(g)]
        where = f"; it belongs to {owners[0]}" if owners else ""
        raise RulesError("unknown_setting", f"{name!r} is not a house rule of {game_name(game)}{where}.", name)
    coerced = param.coerce(value)
    if param.kind == "json":  # keep the JSON the table wrote; its parse only checked it
        return json.loads(value) if isinstance(value, str) else value
    return coerced
