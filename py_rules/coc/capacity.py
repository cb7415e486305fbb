"""Who can act (TABLE.md; seed 003 Hit points, Wounds, and Healing; Failing a Sanity Roll; Going Mad; RULES.md
§3.9, §3.11).

:func:`capacity` is pure: the dead, the dying and the unconscious neither act nor defend (the dying make only
their CON roll at the end of each round); after a failed Sanity roll the Keeper controls the next action; a
permanently insane investigator is out of the player's hands; a major wound, prone, stabilised and temporary or
indefinite insanity are said as they stand.
"""

from __future__ import annotations

from py_rules.capacity import Limit, answer
from py_rules.coc.investigator import who
from py_rules.words import counted

__all__ = ("capacity", "limits_of", "ACT_OPS")

_HP = "seed 003, Hit points, Wounds, and Healing: When HP Falls Below Zero"
_DYING = "RULES.md §3.9: dying, a CON roll at the end of each round"
ACT_OPS = ("coc.skill_roll", "coc.characteristic_roll", "coc.push_roll", "coc.opposed_roll", "coc.combined_roll",
           "coc.attack", "coc.roll_damage")
"""What an investigator does by their own choice: a skill or characteristic roll, pushing it, an opposed or
combined roll, an attack and its damage (Luck, Sanity and the dying CON roll are not chosen)."""


def limits_of(state: dict) -> tuple[list[Limit], list[str]]:
    """What the conditions forbid or say, most serious first, and the rolls still made (in words)."""
    c = state["conditions"]
    if c["dead"]:
        return [Limit("act", "dead", _HP), Limit("defend", "dead", _HP)], []
    limits, only = [], []
    if c["dying"]:
        limits += [Limit("act", "dying", _DYING), Limit("defend", "dying", _DYING)]
        only.append("the CON roll at the end of each round")
    if c["unconscious"] and not c["dying"]:
        limits += [Limit("act", "unconscious", _HP), Limit("defend", "unconscious", _HP)]
        if state["hp"] > 0:
            limits.append(Limit("note", "First Aid revives them", "seed 003, First Aid"))
    if c["permanently_insane"]:
        limits.append(Limit("act", "permanently insane (0 SAN): out of the player's hands", "RULES.md §3.11"))
    if c["involuntary_action"]:
        limits.append(Limit("note", "The Keeper controls the next action (failed Sanity roll)",
                            "seed 003, Failing a Sanity Roll"))
    hours = state["temporary_insanity_hours"]
    if hours:
        limits.append(Limit("note", f"Temporarily insane ({counted(hours, 'hours')} left)", "seed 003, Going Mad"))
    if c["indefinitely_insane"]:
        limits.append(Limit("note", "Indefinitely insane (for months)", "RULES.md §3.11"))
    if c["major_wound"]:
        limits.append(Limit("note", "Major wound: heals only by the weekly CON roll; at 0 HP dying",
                            "seed 003, Major Wound Characters"))
    if c["stabilised"]:
        limits.append(Limit("note", "Stabilised: Medicine should follow", "seed 003, First Aid"))
    if c["prone"]:
        limits.append(Limit("note", "Prone", "RULES.md §3.9"))
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
    return answer("coc", who(state), limits=limits, only=only, forbidden=forbidden, refused=refused,
                  none_said="Nothing in their state limits them.", source="seed 003, Hit points, Wounds, and Healing")
