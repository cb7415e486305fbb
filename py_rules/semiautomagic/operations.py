"""Semiautomagic operations for the JSON door (rules/semiautomagic.md §2.15 checklist M1–M22).

Declarations live one module per rule topic: ``ops_checks`` (the sheet, checks: §2.2–2.3), ``ops_combat`` (attacks,
defence, action seconds, weapons: §2.4, §2.13), ``ops_damage`` (hits and damage dice: §2.5), ``ops_health`` (dying,
medicine, healing, repair: §2.6–2.7), ``ops_morale`` (§2.8), ``ops_conditions`` (conditions, statuses, Staggered,
waking: §2.10), ``ops_confusion`` (§2.11), ``ops_soul_coma`` (§2.12), ``ops_time`` (rounds and hours: §2.13),
``ops_tables`` (the rule tables) and ``ops_stat_block``; each answers through ``ops_result``. The catalog lists
them in the order of :data:`OPERATIONS`.
"""

from py_rules.operations import Operation, System
from py_rules.semiautomagic import (
    ops_checks,
    ops_combat,
    ops_conditions,
    ops_confusion,
    ops_damage,
    ops_health,
    ops_morale,
    ops_soul_coma,
    ops_stat_block,
    ops_tables,
    ops_time,
)
from py_rules.semiautomagic.capacity import capacity
from py_rules.semiautomagic.fields import CREATURE
from py_rules.semiautomagic.tables import GM_TITLE
from py_rules.skill_lists import skill_list_operation, skill_rows

__all__ = ("SYSTEM", "OPERATIONS")

SYSTEM = System(
    "semiautomagic",
    "Semiautomagic",
    GM_TITLE,
    "seed 002; rules/semiautomagic.md",
    dice_help="each die in the order the rule asks for it: the d6 of a check, then any others (d10, d20 …)",
)


def _skills():
    from py_rules.semiautomagic.tables import SKILL_NAMES

    return skill_rows(SKILL_NAMES)


SKILL_LIST = skill_list_operation(
    "semiautomagic",
    _skills,
    "The rules give no full skill list: these are the skills they mention. A skill without ranks adds 0 to the d6.",
    source="seed 002 (skills named in Toughness, Mobility Penalty, Conditions); rules/semiautomagic.md §2.2–2.4; "
    "semiautomagic.tables.SKILLS",
    summary="The skills the rules mention (they give no full list), for building a creature.",
)


def _capacity(*, creature):
    return capacity(creature)


CAPACITY = Operation(
    id="semiautomagic.capacity",
    system="semiautomagic",
    title="Who can act (and what the state costs)",
    summary="Whether the creature can act and make defence rolls now (Broken, Helpless, Unconscious, Sleeping, Dying, "
    "Stunned, Confused, Flat-Footed), what Disabled, Held and Staggered limit, the rolls still theirs, and the wounds, "
    "morale and mobility penalties with what each lowers.",
    covers=("M15", "M21"),
    params=(CREATURE,),
    run=_capacity,
    source="seed 002, Conditions, Wound, Morale Penalty, Mobility Penalty; rules/semiautomagic.md §2.4, §2.10",
    rolls=False,
)

# The catalog's order, which the page's lists of operations follow.
OPERATIONS = (
    ops_checks.OPERATIONS
    + ops_combat.OPERATIONS
    + ops_damage.OPERATIONS
    + ops_health.OPERATIONS
    + ops_morale.OPERATIONS
    + (ops_conditions.SET_CONDITION, ops_conditions.SET_STATUS)
    + ops_time.OPERATIONS
    + ops_confusion.OPERATIONS
    + (ops_conditions.STAGGERED, ops_conditions.NOISE)
    + ops_soul_coma.OPERATIONS
    + ops_tables.OPERATIONS
    + (SKILL_LIST, CAPACITY)
    + ops_stat_block.OPERATIONS
)
