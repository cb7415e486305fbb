"""Who can act (TABLE.md; seed 003 Hit points, Wounds, and Healing; Failing a Sanity Roll; Going Mad; rules/coc.md
§3.9, §3.11).

:func:`capacity` is pure: the dead, the dying and the unconscious neither act nor defend (the dying make only
their CON roll at the end of each round); after a failed Sanity roll the Keeper controls the next action; a
permanently insane investigator is out of the player's hands; a major wound, prone, stabilised and temporary or
indefinite insanity are said as they stand.
"""

from __future__ import annotations

from py_rules.capacity import Limit, answer
from py_rules.coc import condition_registry as R
from py_rules.coc.investigator import who
from py_rules.words import counted

__all__ = ("capacity", "limits_of", "ACT_OPS", "DEAD_OPS")

ACT_OPS = (
    "coc.skill_roll",
    "coc.characteristic_roll",
    "coc.push_roll",
    "coc.opposed_roll",
    "coc.combined_roll",
    "coc.attack",
    "coc.roll_damage",
)
"""What an investigator does by their own choice: a skill or characteristic roll, pushing it, an opposed or
combined roll, an attack and its damage (Luck, Sanity and the dying CON roll are not chosen)."""


DEAD_OPS = (
    "coc.luck_roll",
    "coc.spend_luck",
    "coc.recover_luck",
    "coc.development_phase",
    "coc.dying_round",
    "coc.first_aid",
    "coc.medicine",
    "coc.weekly_healing_roll",
    "coc.sanity_roll",
    "coc.gain_sanity",
    "coc.set_condition",
)
"""What each operation refuses a dead investigator besides acting (seed 003, Hit points, Wounds, and Healing: death
ends the investigator): no Luck, development, dying round, treatment, healing, Sanity or condition
(prone and unconscious; 'dead' itself is the sheet's). Listed in the answer so a
card offers none of them (tests/test_capacity_dead.py checks each one refuses)."""


_TEMPORARY_INSANITY_RANK = 5
"""Temporary insanity is a counter of hours, not a condition: said after what forbids acting and the Keeper's
control, before indefinite insanity."""


def limits_of(state: dict) -> tuple[list[Limit], list[str]]:
    """What the conditions forbid or say, most serious first (each record's own words), and the rolls still made
    (in words). The dead: nothing else."""
    c = state["conditions"]
    on = [name for name in R.NAMES if c[name]]
    if "dead" in on:
        return R.CONDITIONS["dead"].limits(state, on), []
    said = [(r.rank, r.limits(state, on)) for r in R.CONDITIONS if r.name in on and r.limits]
    hours = state["temporary_insanity_hours"]
    if hours:
        said.append(
            (
                _TEMPORARY_INSANITY_RANK,
                [Limit("note", f"Temporarily insane ({counted(hours, 'hours')} left)", "seed 003, Going Mad")],
            )
        )
    limits = [limit for _rank, each in sorted(said, key=lambda x: x[0]) for limit in each]
    only = [words for r in R.CONDITIONS.ranked() if r.name in on for words, _op in r.still]
    return limits, only


def capacity(state: dict):
    """The door's answer for one investigator (see :mod:`py_rules.capacity`)."""
    limits, only = limits_of(state)
    act = [limit for limit in limits if limit.what == "act"]
    if act:
        forbidden = {op: f"can't act: {act[0].reason}" for op in ACT_OPS}
    elif state["conditions"]["involuntary_action"]:
        forbidden = {op: "the Keeper controls this action (failed Sanity roll)" for op in ACT_OPS}
    else:
        forbidden = {}
    conditions = state["conditions"]
    refused = [op for op in ACT_OPS if conditions["dead"] or (conditions["unconscious"] and op != "coc.roll_damage")]
    if conditions["dead"]:
        forbidden.update({op: "dead" for op in DEAD_OPS})
        refused += DEAD_OPS
    return answer(
        "coc",
        who(state),
        limits=limits,
        only=only,
        forbidden=forbidden,
        refused=refused,
        none_said="Nothing in their state limits them.",
        source="seed 003, Hit points, Wounds, and Healing",
    )
