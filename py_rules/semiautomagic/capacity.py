"""Who can act, and what the state costs (TABLE.md; seed 002 Conditions, Wound, Morale Penalty, Mobility Penalty;
rules/semiautomagic.md §2.4 defence, §2.10 conditions, §2.13 seconds of action).

:func:`capacity` is pure: it reads the conditions (stored and implied, :func:`creature.effective_conditions`) and
what each one's record (:mod:`.condition_registry`) says it forbids or limits, the rolls still made and the
modifiers it adds, then the wounds, morale and mobility penalties.
"""

from __future__ import annotations

from py_rules.capacity import Limit, Penalty, answer
from py_rules.semiautomagic import condition_registry as R, creature as C, tables as T
from py_rules.words import counted

__all__ = ("capacity", "limits_of", "penalties_of", "condition_penalties", "ACT_OPS", "DEFENCE_OPS")

ACT_OPS = (
    "semiautomagic.skill_check",
    "semiautomagic.attack",
    "semiautomagic.take_action",
    "semiautomagic.roll_damage",
)
"""What a creature does by its own choice: a check, an attack, an action of the round (and an attack's damage)."""
DEFENCE_OPS = ("semiautomagic.defence_roll",)


def limits_of(c: dict) -> tuple[list[Limit], list[tuple[str, str]]]:
    """What the conditions forbid or limit, most serious first (each record's own words), and the rolls still made
    (``(words, operation)``)."""
    if c.get("dead"):
        return [Limit("act", "dead", "seed 002, Health"), Limit("defend", "dead", "seed 002, Health")], []
    if c.get("destroyed") or C.is_object(c):
        why = "destroyed" if c.get("destroyed") else "an object"
        return [Limit("act", why, "seed 002, Health"), Limit("defend", why, "seed 002, Health")], []
    if c.get("emp_disabled"):  # seed 002, EMP: "ceases to function without repairs"
        why = "stopped by an EMP (until repaired)"
        return [Limit("act", why, "seed 002, EMP"), Limit("defend", why, "seed 002, EMP")], []
    on = C.effective_conditions(c)
    limits, still = [], []
    for record in R.CONDITIONS.ranked():
        if record.name in on:
            limits += record.limits(c, on) if record.limits else []
            still += record.still
    mobility = C.mobility_total(c)
    if mobility and c["movement"]:
        squares = "%g" % (mobility * T.MOBILITY_SQUARES_PER_POINT)
        limits.append(
            Limit(
                "note",
                f"Moves {squares} {'square' if squares == '1' else 'squares'} less (mobility penalties)",
                "seed 002, Mobility Penalty",
            )
        )
    return limits, still


def condition_penalties(c: dict) -> list[Penalty]:
    """What the conditions on ``c`` add to rolls (each record's modifiers; a GM's modifier from the sheet)."""
    on = C.effective_conditions(c)
    found = []
    for record in R.CONDITIONS.ranked():
        if record.name not in on:
            continue
        for m in record.modifiers:
            value = c["conditions"].get(record.name, {}).get("modifier", 0) if m.value is None else m.value
            if value:
                found.append(Penalty(value, m.applies, m.said, m.source))
    return found


def penalties_of(c: dict) -> list[Penalty]:
    """Wounds (Toughness), morale penalties (Will), mobility penalties (skills and movement), then what the
    conditions add (the GM's Tired modifier, Held's dodge, Sleeping's Perception) — each with what it lowers."""
    if C.is_object(c):
        return (
            [Penalty(-c["wounds"], "Toughness", counted(c["wounds"], "wounds"), "seed 002, Wound")]
            if c["wounds"]
            else []
        )
    found = []
    wounds = c["wounds"]
    if wounds:
        found.append(Penalty(-wounds, "Toughness and Minimum Toughness", counted(wounds, "wounds"), "seed 002, Wound"))
        if C.has(c, "Dying"):
            found.append(Penalty(-wounds, "dying endurance checks", counted(wounds, "wounds"), "seed 002, Health"))
    morale = c["morale_penalties"]
    if morale:
        found.append(
            Penalty(
                -morale,
                "Will and Minimum Will",
                f"{morale} morale {'penalty' if morale == 1 else 'penalties'}",
                "seed 002, Morale Penalty",
            )
        )
    mobility = C.mobility_total(c)
    if mobility:
        names = ", ".join(f"{name} {points}" for name, points in C.mobility_sources(c))
        found.append(
            Penalty(
                -mobility,
                "Acrobatics, Athletics, Wrestle and Stealth",
                f"mobility penalties ({names})",
                "seed 002, Mobility Penalty",
            )
        )
    return found + condition_penalties(c)


def capacity(c: dict):
    """The door's answer for one creature (see :mod:`py_rules.capacity`)."""
    limits, still = limits_of(c)
    act = [limit for limit in limits if limit.what == "act"]
    allowed = {op for _words, op in still}
    forbidden = {op: f"can't act: {act[0].reason}" for op in ACT_OPS if op not in allowed} if act else {}
    only = [words for words, _op in dict.fromkeys(still)] if act else []
    return answer(
        "semiautomagic",
        c["name"] or "The creature",
        limits=limits,
        penalties=penalties_of(c),
        only=only,
        forbidden=forbidden,
        defence_ops=DEFENCE_OPS,
        refused=("semiautomagic.attack",) if C.action_seconds(c)[0] <= 0 else (),
        none_said="Nothing in their state limits them.",
        source="seed 002, Conditions",
    )
