"""The systems the engine offers, each contributing its declared operations.

A system's rules are imported the first time one of its operations is used, so the engine starts
with only its core loaded (boot time is the page's most visible number) and grows with each game
without slowing that start.
"""

from __future__ import annotations

import importlib
import importlib.util
from dataclasses import replace
from functools import cache

from py_rules.operations import Operation, System

__all__ = (
    "GAME_IDS",
    "SYSTEM_IDS",
    "system_of",
    "operations_of",
    "all_systems",
    "all_operations",
    "sheet_of",
    "all_sheets",
)

GAME_IDS = ("armageddon", "semiautomagic", "coc")
"""The games a campaign can be of."""
SYSTEM_IDS = GAME_IDS + ("campaign", "encounter", "log", "interchange", "forum", "table")
"""Each is a package ``py_rules.<id>`` whose ``operations`` module has ``SYSTEM`` and ``OPERATIONS``: the games,
then the campaign file that holds characters of one of them and the table's tools (encounters and the
campaign log), characters from other tools and results for forums (TABLE.md)."""


@cache
def _module(system_id: str):
    return importlib.import_module(f"py_rules.{system_id}.operations")


def system_of(system_id: str) -> System:
    """The :class:`System` declared by ``system_id``'s operations module."""
    return _module(system_id).SYSTEM


@cache
def operations_of(system_id: str) -> dict[str, Operation]:
    """``system_id``'s operations by id, checked to belong to it and to be unique; an operation that
    does not say how its dice are typed takes its system's ``dice_help``, and each names in its trace the
    house rules it ran with away from their defaults (:func:`py_rules.game_words.named_house_rules`)."""
    from py_rules.game_words import named_house_rules

    module = _module(system_id)
    operations = [
        named_house_rules(op if op.dice_help else replace(op, dice_help=module.SYSTEM.dice_help))
        for op in module.OPERATIONS
    ]
    by_id = {op.id: op for op in operations}
    if len(by_id) != len(operations) or any(op.system != system_id for op in operations):
        raise RuntimeError(f"{system_id}: operation ids must be unique and belong to the system")
    return by_id


def all_systems() -> tuple[System, ...]:
    return tuple(system_of(system_id) for system_id in SYSTEM_IDS)


def all_operations() -> tuple[Operation, ...]:
    return tuple(op for system_id in SYSTEM_IDS for op in operations_of(system_id).values())


def sheet_of(game_id: str):
    """The :class:`py_rules.sheet_spec.SheetSpec` declared by ``game_id``'s ``sheet`` module."""
    return importlib.import_module(f"py_rules.{game_id}.sheet").SHEET


def all_sheets() -> tuple:
    """Every game's sheet declaration, in the games' order."""
    return tuple(
        sheet_of(game_id) for game_id in GAME_IDS if importlib.util.find_spec(f"py_rules.{game_id}.sheet") is not None
    )
