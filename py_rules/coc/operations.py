"""Call of Cthulhu 7e operations for the JSON door (rules/coc.md §3.14 checklist C1–C22).

Every operation taking characters uses the shared states ``coc.investigator``
and ``coc.opponent`` (and ``coc.combat`` for the round tracker). ``result.state``
is the new value of the operation's first shared state; ``result.details.states``
maps every changed state_key to its new value (an attack changes both sides).
"""

from py_rules.coc.capacity import capacity
from py_rules.coc.ops_combat import OPERATIONS as _COMBAT
from py_rules.coc.ops_create import OPERATIONS as _CREATE
from py_rules.coc.ops_creation import OPERATIONS as _CREATION
from py_rules.coc.ops_development import OPERATIONS as _DEVELOPMENT
from py_rules.coc.ops_health import OPERATIONS as _HEALTH
from py_rules.coc.ops_opposed import OPERATIONS as _OPPOSED
from py_rules.coc.ops_rolls import OPERATIONS as _ROLLS
from py_rules.coc.ops_stat_block import OPERATIONS as _STAT_BLOCK
from py_rules.coc.params import INVESTIGATOR
from py_rules.operations import Operation, System
from py_rules.skill_lists import skill_list_operation, skill_rows

__all__ = ("SYSTEM", "OPERATIONS", "CHECKLIST")

SYSTEM = System(
    "coc",
    "Call of Cthulhu 7e (house rules)",
    "Keeper",
    "seed 003; rules/coc.md",
    dice_help="for each d100 the units die (0–9) first, then each tens die as it reads (00 as 0, then 10 … 90); "
    "other dice as rolled",
)

CHECKLIST = tuple(f"C{i}" for i in range(1, 25))
"""rules/coc.md §3.14: the operations the engine must offer (C23: creating an investigator by occupation, §3.2a; C24:
investigator development, §3.15)."""


def _skills():
    from py_rules.coc.tables import SKILL_BASES_FROM, SKILL_NAMES

    return skill_rows(SKILL_NAMES, SKILL_BASES_FROM)


SKILL_LIST = skill_list_operation(
    "coc",
    _skills,
    "Skills not on the sheet are rolled at their base value; Dodge starts at half DEX and "
    "Language (Own) at EDU. A family (Art/Craft, Language (Other), Science …) takes any number of specialities, each "
    "its own skill at the family's base, written 'Science (Biology)'.",
    source="rules/coc.md §3.2, §3.2a; coc.tables.SKILL_NAMES",
    summary="The investigator skills with their base values, for building a sheet.",
)


def _capacity(*, investigator):
    return capacity(investigator)


CAPACITY = Operation(
    id="coc.capacity",
    system="coc",
    title="Who can act",
    summary="Whether the investigator can act and defend now (dead, dying, unconscious, permanently insane), the "
    "rolls still theirs, and what a failed Sanity roll, insanity, a major wound or being prone mean for them.",
    covers=("C15", "C16", "C20"),
    params=(INVESTIGATOR,),
    run=_capacity,
    source="seed 003, Hit points, Wounds, and Healing; Failing a Sanity Roll; Going Mad; rules/coc.md §3.9, §3.11",
    rolls=False,
)

OPERATIONS = _CREATE + _ROLLS + _OPPOSED + _DEVELOPMENT + _COMBAT + _HEALTH + (SKILL_LIST, CAPACITY)
OPERATIONS += _STAT_BLOCK
OPERATIONS += _CREATION  # rules/coc.md §3.2a: investigators by occupation, age and the dice kept
