"""Semiautomagic operations for the JSON door (RULES.md §2.15)."""

from py_rules.operations import System

SYSTEM = System("semiautomagic", "Semiautomagic", "GM", "seed 002; RULES.md part 2")

OPERATIONS = ()
