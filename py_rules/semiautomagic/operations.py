"""Semiautomagic operations for the JSON door (RULES.md §2.15 checklist M1–M22).

Declarations live in ``ops_combat`` (creatures, checks, attacks, actions), ``ops_health`` (damage, dying,
medicine, healing, repair, morale) and ``ops_conditions`` (conditions, Confusion, time, tables).
"""

from py_rules.operations import System
from py_rules.semiautomagic import ops_combat, ops_conditions, ops_health
from py_rules.semiautomagic.tables import GM_TITLE

__all__ = ("SYSTEM", "OPERATIONS")

SYSTEM = System(
    "semiautomagic", "Semiautomagic", GM_TITLE, "seed 002; RULES.md part 2",
    dice_help="each die in the order the rule asks for it: the d6 of a check, then any others (d10, d20 …)",
)

OPERATIONS = ops_combat.OPERATIONS + ops_health.OPERATIONS + ops_conditions.OPERATIONS
