"""Armageddon operations for the JSON door (RULES.md §1.17 checklist U1–U24).

The declarations live in :mod:`ops_rolls` (Tasks, Tests, Resisted, damage,
Initiative) and :mod:`ops_state` (the character's state and time); this module
is the entry point :mod:`py_rules.systems` reads.
"""

from __future__ import annotations

from py_rules.armageddon.ops_rolls import ROLL_OPERATIONS
from py_rules.armageddon.ops_state import STATE_OPERATIONS
from py_rules.armageddon.tables import GM_TITLE
from py_rules.operations import System

__all__ = ("SYSTEM", "OPERATIONS", "CHECKLIST")

SYSTEM = System(
    "armageddon", "Armageddon (Classic Unisystem)", GM_TITLE, "seed 000; RULES.md part 1",
    dice_help="the d10 first, then each Rule of 10 or Rule of 1 reroll; damage dice as rolled",
)

CHECKLIST = tuple(f"U{n}" for n in range(1, 25))
"""RULES.md §1.17: the operations the engine must offer."""

OPERATIONS = ROLL_OPERATIONS + STATE_OPERATIONS
