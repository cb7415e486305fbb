"""Armageddon operations for the JSON door (rules/armageddon.md §1.17 checklist U1–U24).

The declarations live in :mod:`ops_rolls` (Tasks, Tests, Initiative), :mod:`ops_resisted`, :mod:`ops_damage_roll`,
:mod:`ops_state` (the character's state and time), :mod:`ops_combat` and :mod:`ops_stat_block`; this module gathers
them in the catalog's order and is the entry point :mod:`py_rules.systems` reads.
"""

from __future__ import annotations

from py_rules.armageddon.capacity import capacity
from py_rules.armageddon.fields import CHARACTER, PENALTY_SETTINGS, TURN_SECONDS
from py_rules.armageddon.ops_combat import COMBAT_OPERATIONS
from py_rules.armageddon.ops_damage_roll import ROLL_DAMAGE
from py_rules.armageddon.ops_essence import ESSENCE_CHECKS, LOSE_ESSENCE
from py_rules.armageddon.ops_fear import FEAR, FEAR_TABLE_OP
from py_rules.armageddon.ops_health import CONSCIOUSNESS, FIRST_AID, RESUSCITATE, SURVIVAL
from py_rules.armageddon.ops_points import APPLY_DAMAGE, RESTORE
from py_rules.armageddon.ops_resisted import RESISTED
from py_rules.armageddon.ops_rolls import CHARACTER_TASK, INITIATIVE, TASK, TEST
from py_rules.armageddon.ops_stat_block import OPERATIONS as STAT_BLOCK_OPERATIONS
from py_rules.armageddon.ops_state import ENCUMBRANCE, PENALTIES, SHEET, SYSTEM_INFO
from py_rules.armageddon.ops_time import ADVANCE_DAYS, ADVANCE_TIME, SET_CONDITION
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

ROLL_OPERATIONS = (TASK, CHARACTER_TASK, TEST, RESISTED, ROLL_DAMAGE, INITIATIVE)
"""The rolls (U2–U8, U10, U22), in the catalog's order."""

STATE_OPERATIONS = (
    SYSTEM_INFO,
    SHEET,
    PENALTIES,
    ENCUMBRANCE,
    APPLY_DAMAGE,
    RESTORE,
    CONSCIOUSNESS,
    SURVIVAL,
    FIRST_AID,
    RESUSCITATE,
    LOSE_ESSENCE,
    ESSENCE_CHECKS,
    FEAR,
    FEAR_TABLE_OP,
    SET_CONDITION,
    ADVANCE_TIME,
    ADVANCE_DAYS,
)
"""The character's state, health and time (U1, U9, U10–U21, U23, U24), in the catalog's order."""

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
    title="Who can act (and what their state costs them)",
    summary="Whether the character can act and defend now (frozen by fear, unconscious, dying, stunned, asleep), "
    "the rolls still theirs, every penalty their state puts on their rolls with the rolls it reaches, and the Attributes "
    "they have lost for a while.",
    covers=("U10", "U23"),
    params=(CHARACTER, TURN_SECONDS) + PENALTY_SETTINGS,
    run=_capacity,
    source="seed 000, Fear Tests, Life Points, Endurance Points, Essence, Encumbrance; rules/armageddon.md §1.8a, §1.15",
    rolls=False,
)

OPERATIONS = ROLL_OPERATIONS + STATE_OPERATIONS + COMBAT_OPERATIONS + (SKILL_LIST, CAPACITY) + STAT_BLOCK_OPERATIONS
