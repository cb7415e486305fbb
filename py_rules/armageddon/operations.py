"""Armageddon operations for the JSON door (rules/armageddon.md §1.17 checklist U1–U24).

The declarations live in :mod:`ops_rolls` (Tasks, Tests, Resisted, damage,
Initiative) and :mod:`ops_state` (the character's state and time); this module
is the entry point :mod:`py_rules.systems` reads.
"""

from __future__ import annotations

from py_rules.armageddon.capacity import capacity
from py_rules.armageddon.fields import CHARACTER, PENALTY_SETTINGS, TURN_SECONDS
from py_rules.armageddon.ops_combat import COMBAT_OPERATIONS
from py_rules.armageddon.ops_rolls import ROLL_OPERATIONS
from py_rules.armageddon.ops_stat_block import OPERATIONS as STAT_BLOCK_OPERATIONS
from py_rules.armageddon.ops_state import STATE_OPERATIONS
from py_rules.armageddon.penalties import PenaltySettings
from py_rules.armageddon.tables import GM_TITLE
from py_rules.operations import Operation, System
from py_rules.skill_lists import skill_list_operation, skill_rows

__all__ = ("SYSTEM", "OPERATIONS", "CHECKLIST")

SYSTEM = System(
    "armageddon",
    "Armageddon (Classic Unisystem)",
    GM_TITLE,
    "seed 000; rules/armageddon.md",
    dice_help="the d10 first, then each Rule of 10 or Rule of 1 reroll; damage dice as rolled",
)

CHECKLIST = tuple(f"U{n}" for n in range(1, 25))
"""rules/armageddon.md §1.17: the operations the engine must offer."""


def _skills():
    from py_rules.armageddon.tables import SKILL_NAMES

    return skill_rows(SKILL_NAMES)


SKILL_LIST = skill_list_operation(
    "armageddon",
    _skills,
    "Skills have no starting value: one not on the sheet is rolled unskilled (level 0, "
    "−2, never better than Decent). A family (Craft, Language, Science …) takes any number of types, each its own "
    "skill, written 'Craft (Woodwork)'.",
    source="seed 000, Tasks and Unskilled Attempts; rules/armageddon.md §1.3; armageddon.tables.SKILL_NAMES",
    summary="The skills a character sheet may list, for building a character.",
)


def _capacity(*, character, turn_seconds, **options):
    settings = PenaltySettings(**{p.name: options[p.name] for p in PENALTY_SETTINGS})
    return capacity(character, turn_seconds=turn_seconds, settings=settings)


CAPACITY = Operation(
    id="armageddon.capacity",
    system="armageddon",
    title="Who can act (and what his state costs him)",
    summary="Whether the character can act and defend now (frozen by fear, unconscious, dying, stunned, asleep), "
    "the rolls still his, every penalty his state puts on his rolls with the rolls it reaches, and the Attributes "
    "he has lost for a while.",
    covers=("U10", "U23"),
    params=(CHARACTER, TURN_SECONDS) + PENALTY_SETTINGS,
    run=_capacity,
    source="seed 000, Fear Tests, Life Points, Endurance Points, Essence, Encumbrance; rules/armageddon.md §1.8a, §1.15",
    rolls=False,
)

OPERATIONS = ROLL_OPERATIONS + STATE_OPERATIONS + COMBAT_OPERATIONS + (SKILL_LIST, CAPACITY) + STAT_BLOCK_OPERATIONS
