"""Call of Cthulhu 7e operations for the JSON door (RULES.md §3.14)."""

from py_rules.operations import System

SYSTEM = System("coc", "Call of Cthulhu 7e (house rules)", "Keeper", "seed 003; RULES.md part 3")

OPERATIONS = ()
