"""The bounds of the Semiautomagic sheet (the longest name, the most wounds, weapons, items, the longest timer) and
which kinds of sheet act or are made (seed 002, Toughness; EMP; rules/semiautomagic.md §2.3, §2.5), declared once
for the sheet's declaration (:mod:`.sheet`), its check and the rules that read them."""

from __future__ import annotations

from py_rules.semiautomagic import tables as T

__all__ = (
    "NAME_MAX",
    "NOTES_MAX",
    "COUNT_MAX",
    "MOBILITY_MAX",
    "WEAPONS_MAX",
    "ITEMS_MAX",
    "DAMAGE_TEXT_MAX",
    "PENALTY_MAX",
    "TIMER_MAX",
    "LIVING",
    "MADE",
)

NAME_MAX = 100
"""Longest name (of a creature, a weapon, an item, a mobility penalty's source): names are repeated in every step."""
NOTES_MAX = 2000
"""Longest notes text."""
COUNT_MAX = 200
"""Most wounds or morale penalties a sheet holds; a hit beyond it changes nothing more (Toughness and Will are long
below anything that matters)."""
MOBILITY_MAX = 20
"""Most separate mobility penalties (each is named on the sheet)."""
WEAPONS_MAX = 30
"""Most weapons a sheet lists."""
ITEMS_MAX = 200
"""Most items carried (each may carry a mobility penalty, listed by name)."""
DAMAGE_TEXT_MAX = 40
"""Longest damage text of a weapon ("2d6+3")."""
PENALTY_MAX = 50
"""Largest single mobility penalty: 25 squares of speed, far beyond any creature's."""
TIMER_MAX = 10**9
"""Longest time a condition or death is counted, in seconds (about 31 years)."""

LIVING = ("creature",) + T.MACHINE_KINDS
"""The kinds that act: abilities, Will, conditions, armour (seed 002: objects have no Endurance; rules/semiautomagic.md §2.5)."""
MADE = ("object",) + T.MACHINE_KINDS
"""The kinds that are made, not born: Durability from their material, and an EMP complexity when electronic (seed 002,
EMP: "Only objects such as vehicles, robots, and electronic equipment"); vehicles and robots always are."""
