"""The one shape of a game's part in an encounter (TABLE.md, Encounter; rules/cross-system.md §4: one entry point runs every
periodic rule).

Each game package has a module ``py_rules.<game>.encounter_hooks`` whose ``HOOKS`` is an :class:`EncounterHooks`:
how its combatants are ordered, what runs when a turn starts, when a round ends and when time is skipped, what a
quick NPC and a combatant carry for it, and what time passing would run that the GM must be asked about first.
The encounter (:mod:`.flow`, :mod:`.state`, :mod:`.sheet_time`) calls these and holds no game's rules; a hook
module is looked up by name (:func:`hooks_of`), so a game's rules still load the first time they are used.

A hook that runs rules receives the step's context (:class:`py_rules.encounter.context.Context`): ``sheet(id)``,
``run(op, args, combatants, character_id, who)``, ``effect(combatant, op, args, label)``, ``step(text, source)``,
``decide(label, line)``; a rule that refuses one sheet raises :class:`~py_rules.encounter.context.Refused`.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

from py_rules.bounded import problem

__all__ = ("EncounterHooks", "hooks_of", "no_firearm", "no_activity", "nothing_to_warn")


def nothing_to_warn(*_args) -> list[str]:
    """A time move that runs no roll the GM must be asked about first (or that refuses the dying itself)."""
    return []


@dataclass(frozen=True)
class EncounterHooks:
    """How one game takes part in an encounter.

    Attributes:
        title: the game's name in a message that lists the games.
        sheet: the name of the parameter holding a sheet in the game's operations.
        npc_fields: ``{field: (lowest, highest)}``, the few numbers a quick NPC needs for the order.
        round_op, round_args: the end of a round: the operation run on every sheet and
            ``round_args(combatant, settings)``.
        time_ops: unit → (operation, ``args(amount, activity)``) for skipping time.
        time_warnings: ``(sheet, name, unit, amount)`` → what skipping time would run that the GM must know first.
        sheet_moves: each time move on one sheet → (its sheet field, ``warnings(sheet, name, args)``).
        order: the order of action, ``order(ctx, combatants)`` setting each one's ``initiative`` and ``order_key``
            (highest first); None when the game has no order rule (``no_order`` says so).
        order_source: the rule the order cites.
        start_of_turn: ``start_of_turn(ctx, combatant, sheet)`` when a character's turn starts, or None.
        end_of_encounter: ``end_of_encounter(ctx)`` when the encounter ends, or None.
        combatant_problems: ``(combatant, path)`` → problems of the game's own combatant fields.
        activity_default: a new combatant's ``activity`` when none is given.
        update_words: ``(combatant)`` → what an update changed, in words.
    """

    title: str
    sheet: str
    npc_fields: dict
    round_op: str
    round_args: Callable[[dict, dict], dict]
    time_ops: dict
    time_warnings: Callable[[dict, str, str, int], list]
    sheet_moves: dict
    combatant_problems: Callable[[dict, str], list]
    update_words: Callable[[dict], str]
    order: Callable | None = None
    order_source: str = ""
    no_order: str = ""
    start_of_turn: Callable | None = None
    end_of_encounter: Callable | None = None
    activity_default: str | None = None

    @property
    def orders(self) -> bool:
        """Whether the game has an order rule."""
        return self.order is not None


@cache
def hooks_of(game: str) -> EncounterHooks:
    """The encounter hooks of ``game`` (``py_rules.<game>.encounter_hooks.HOOKS``), loaded on first use."""
    return importlib.import_module(f"py_rules.{game}.encounter_hooks").HOOKS


def no_firearm(c: dict, path: str) -> list[dict]:
    """A game that does not order by a drawn firearm."""
    return (
        [problem(f"{path}.firearm_ready", "Only Call of Cthulhu orders by a drawn firearm.")]
        if c["firearm_ready"] is True
        else []
    )


def no_activity(c: dict, path: str) -> list[dict]:
    """A game that does not track what a combatant does each Turn."""
    return (
        [problem(f"{path}.activity", "Only Armageddon tracks an activity (null here).")]
        if c["activity"] is not None
        else []
    )
