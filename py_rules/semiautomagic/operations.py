"""Semiautomagic operations for the JSON door (rules/semiautomagic.md §2.15 checklist M1–M22).

Declarations live in ``ops_combat`` (creatures, checks, attacks, actions), ``ops_health`` (damage, dying,
medicine, healing, repair, morale) and ``ops_conditions`` (conditions, Confusion, time, tables).
"""

from py_rules.operations import Operation, System
from py_rules.semiautomagic import ops_combat, ops_conditions, ops_health, ops_stat_block
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

OPERATIONS = (
    ops_combat.OPERATIONS
    + ops_health.OPERATIONS
    + ops_conditions.OPERATIONS
    + (SKILL_LIST, CAPACITY)
    + ops_stat_block.OPERATIONS
)
