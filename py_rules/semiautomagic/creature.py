"""Creatures, objects, vehicles and robots: derived values (M1, M2, M14, M21; rules/semiautomagic.md §2.3, §2.9) and examples.

A sheet is a plain JSON dict tagged ``"schema": "semiautomagic.creature/1"``, declared in
:mod:`py_rules.semiautomagic.sheet` and checked by :func:`py_rules.semiautomagic.sheet_check.from_dict` (read here as
``from_dict``); every derived number comes from the pure functions below, never stored.
"""

from __future__ import annotations

import copy

from py_rules.semiautomagic import condition_registry as R, tables as T
from py_rules.semiautomagic.sheet_bounds import COUNT_MAX
from py_rules.semiautomagic.sheet_check import from_dict

__all__ = (
    "from_dict",
    "new_creature",
    "EXAMPLE_HUMAN",
    "EXAMPLE_ATTACKER",
    "EXAMPLE_OBJECT",
    "defence_value",
    "defence_of",
    "toughness",
    "will",
    "target",
    "effective_conditions",
    "has",
    "can_defend",
    "mobility_total",
    "movement",
    "is_object",
    "is_machine",
    "is_electronic",
    "endurance_for_toughness",
    "derive",
    "COUNT_MAX",
)


def new_creature(name: str = "", **fields) -> dict:
    """A valid creature with average abilities, overridden by ``fields``.

    >>> toughness(new_creature("Average human"))
    9
    """
    base = {"schema": T.SCHEMA, "name": name, "kind": "creature"}
    base.update(fields)
    return from_dict(base)


# ---------------------------------------------------------------- derived values


def is_object(c: dict) -> bool:
    """An object: no Endurance (it counts as 3), no Will, cannot act; destroyed rather than killed (seed 002)."""
    return c["kind"] == "object"


def is_machine(c: dict) -> bool:
    """A vehicle or a robot: acts as a creature does, and is electronic (seed 002, EMP: "vehicles, robots")."""
    return c["kind"] in T.MACHINE_KINDS


def is_electronic(c: dict) -> bool:
    """Whether an EMP can reach it: it has an EMP complexity (seed 002, EMP; vehicles and robots always do)."""
    return c.get("emp_complexity") is not None


def endurance_for_toughness(c: dict) -> int:
    """Endurance used in Toughness: 3 for objects (seed 002)."""
    return T.OBJECT_ENDURANCE if is_object(c) else c["abilities"]["Endurance"]


def defence_value(sources: dict) -> tuple[int, str]:
    """The best single Defence source; sources do not stack and natural armour's +0 is the floor (M2).

    >>> defence_value({"worn_armour": -3})
    (0, 'natural_armour')
    >>> defence_value({"worn_armour": 2, "unarmoured": 3, "durability": 1})
    (3, 'unarmoured')
    """
    best, best_name = T.NATURAL_ARMOUR_FLOOR, "natural_armour"
    for name in T.DEFENCE_SOURCES:
        if name in sources and sources[name] > best:
            best, best_name = sources[name], name
    return best, best_name


def defence_of(c: dict) -> tuple[int, str]:
    """The creature's Defence and its source: the sheet's Defence sources with its worn armour counted as the
    worn armour source (seed 002: "the most common form of defence boost comes from worn armour"; sources do
    not stack, so the better of the two worn-armour values counts).

    >>> defence_of(new_creature(armour={"name": "chain shirt", "defence": 2, "mobility_penalty": 1}))
    (2, 'chain shirt')
    """
    sources = dict(c["defence"])
    armour = c.get("armour")
    worn = armour is not None and armour["defence"] > sources.get("worn_armour", -(10**6))
    if worn:
        sources["worn_armour"] = armour["defence"]
    value, name = defence_value(sources)
    if worn and name == "worn_armour":
        name = armour["name"] or name
    return value, name


def base_toughness(c: dict) -> int:
    """6 + 3 × Scale + Endurance + Defence, before wounds (seed 002)."""
    return T.SCALE_TABLE[c["scale"]][1] + endurance_for_toughness(c) + defence_of(c)[0]


def toughness(c: dict) -> int:
    """Toughness after wounds: each wound lowers it by 1 (seed 002, Wound)."""
    return base_toughness(c) - c["wounds"]


def min_toughness(c: dict) -> int:
    """Minimum Toughness: 6 lower than Toughness (seed 002)."""
    return toughness(c) - T.MINIMUM_GAP


def discipline(c: dict) -> int:
    """The Discipline bonus that raises Will (rules/semiautomagic.md §2.3, §2.8); 0 untrained."""
    return c["skills"].get(T.WILL_SKILL, 0)


def will(c: dict) -> int | None:
    """Will = Spirit + 6 + Discipline + other Will bonuses − morale penalties (rules/semiautomagic.md §2.3, §2.8);
    None for objects."""
    if is_object(c):
        return None
    return c["abilities"]["Spirit"] + T.WILL_BASE + discipline(c) + c["will_bonus"] - c["morale_penalties"]


def target(c: dict) -> int:
    """Target = 4 − Scale (rules/semiautomagic.md §2.3 Scale table)."""
    return T.SCALE_TABLE[c["scale"]][4]


def effective_conditions(c: dict) -> list[str]:
    """Stored conditions plus those they imply (Dying, Soul Coma → Unconscious → Helpless; Broken, Sleeping → Helpless;
    Will 0 → Broken), in seed order. The dead and the destroyed have none."""
    if c.get("dead") or c.get("destroyed"):
        return []
    found = set(c["conditions"])
    w = will(c)
    if w is not None and w <= 0:
        found.add("Broken")
    changed = True
    while changed:
        changed = False
        for name in list(found):
            for implied in R.IMPLIED.get(name, ()):
                if implied not in found:
                    found.add(implied)
                    changed = True
    return [name for name in R.NAMES if name in found]


def has(c: dict, condition: str) -> bool:
    return condition in effective_conditions(c)


def can_defend(c: dict) -> tuple[bool, str]:
    """Whether defence rolls are allowed, and why not (the conditions that forbid defending: seed 002, Flat-Footed;
    Helpless, and so Broken)."""
    if c.get("dead") or c.get("destroyed"):
        return False, "dead" if c.get("dead") else "destroyed"
    if is_object(c):
        return False, "an object"
    if c.get("emp_disabled"):
        return False, "stopped by an EMP"
    conditions = effective_conditions(c)
    for name in R.CONDITIONS.forbidding("defend"):
        if name in conditions:
            return False, name
    return True, ""


def mobility_sources(c: dict) -> list[tuple[str, int]]:
    """Each mobility penalty with what gives it: the worn armour, each item carried, each other load named on the
    sheet (seed 002, Mobility Penalty: "usually from armour or from carrying heavy objects")."""
    armour = c.get("armour")
    found = [(armour["name"] or "armour", armour["mobility_penalty"])] if armour and armour["mobility_penalty"] else []
    found += [(item["name"], item["mobility_penalty"]) for item in c.get("items", ()) if item["mobility_penalty"]]
    return found + [(name or "load", points) for name, points in c["mobility_penalties"].items() if points]


def mobility_total(c: dict) -> int:
    """All mobility penalties stack (seed 002, Mobility Penalty: "Multiple mobility penalties stack")."""
    return sum(points for _, points in mobility_sources(c))


def movement(c: dict) -> dict:
    """Each movement type's speed in squares, minus ½ square per mobility penalty, never below 0."""
    loss = mobility_total(c) * T.MOBILITY_SQUARES_PER_POINT
    return {kind: _tidy(max(0, speed - loss)) for kind, speed in c["movement"].items()}


def _tidy(number):
    return int(number) if float(number).is_integer() else number


def action_seconds(c: dict) -> tuple[int, list[str]]:
    """Seconds of action this round (M21): 6; a condition that forbids acting (Broken, Helpless) 0; one that caps
    them (Disabled) its seconds; one that costs them (Stunned) loses its own (the condition records)."""
    if c.get("dead") or c.get("destroyed") or is_object(c):
        return 0, ["cannot act"]
    if c.get("emp_disabled"):
        return 0, ["stopped by an EMP: no actions until repaired"]
    conditions = effective_conditions(c)
    reasons = []
    for name in R.CONDITIONS.forbidding("act"):
        if name in conditions:
            return 0, [f"{name}: no actions"]
    budget = T.ROUND_SECONDS
    on = [record for record in R.CONDITIONS if record.name in conditions]
    for record in on:  # first what caps the round's seconds, then what costs some of them
        if record.action_seconds is not None:
            budget = min(budget, record.action_seconds)
            reasons.append(f"{record.name}: {record.action_seconds} seconds of action per round")
    for record in on:
        if record.costs_seconds:
            left = c["conditions"].get(record.name, {}).get("seconds")
            lost = T.ROUND_SECONDS if left is None else min(T.ROUND_SECONDS, left)
            budget = max(0, budget - lost)
            reasons.append(f"{record.name} for {lost} s: no actions while {record.name.lower()}")
    return budget, reasons


def derive(c: dict) -> dict:
    """Every derived value of a creature or object (M1, M2, M14, M21)."""
    scale_row = T.SCALE_TABLE[c["scale"]]
    defence, source = defence_of(c)
    w = will(c)
    defend, why = can_defend(c)
    seconds, _ = action_seconds(c)
    data = {
        "scale": c["scale"],
        "square": scale_row[0],
        "size_multiplier": scale_row[2],
        "attack_modifier": scale_row[3],
        "target": scale_row[4],
        "base_toughness": scale_row[1],
        "endurance_used": endurance_for_toughness(c),
        "defence": defence,
        "defence_source": source,
        "wounds": c["wounds"],
        "toughness": toughness(c),
        "min_toughness": min_toughness(c),
        "will": w,
        "min_will": None if w is None else w - T.MINIMUM_GAP,
        "mobility_penalty": mobility_total(c),
        "movement": movement(c),
        "conditions": effective_conditions(c),
        "can_defend": defend,
        "no_defence_reason": why,
        "action_seconds": seconds,
        "dead": c["dead"],
        "destroyed": c["destroyed"],
        "emp_disabled": c["emp_disabled"],
        "kind": c["kind"],
    }
    if c["emp_complexity"]:
        data["emp_toughness"] = T.EMP_TOUGHNESS[c["emp_complexity"]][0]
    return data


def copy_of(c: dict) -> dict:
    """A deep copy to change (operations never mutate their input)."""
    return copy.deepcopy(c)


EXAMPLE_HUMAN = {
    "schema": T.SCHEMA,
    "name": "Average human",
    "kind": "creature",
    "scale": 0,
    "abilities": {"Strength": 3, "Dexterity": 3, "Endurance": 3, "Intelligence": 3, "Spirit": 3},
    "skills": {"Weapon Skill": 2, "Reflex": 1, "Perception": 1, "Fortitude": 1, "Medicine": 0},
    "defence": {"worn_armour": -3},
    "wounds": 0,
    "mobility_penalties": {},
    "movement": {"walk": 6},
    "conditions": {},
}
"""The seed's average unarmoured human (a paper shirt, defence −3): Toughness 9, Minimum Toughness 3.
Speeds are the user's to fill in; the seed gives none."""

EXAMPLE_ATTACKER = {
    "schema": T.SCHEMA,
    "name": "Swordsman",
    "kind": "creature",
    "scale": 0,
    "abilities": {"Strength": 4, "Dexterity": 3, "Endurance": 3, "Intelligence": 2, "Spirit": 3},
    "skills": {"Weapon Skill": 3, "Ranged Skill": 1, "Reflex": 1},
    "defence": {"worn_armour": 2},
    "mobility_penalties": {"chain shirt": 1},
    "movement": {"walk": 6},
}
"""A sample attacker (field values are examples, not seed data)."""

EXAMPLE_OBJECT = {
    "schema": T.SCHEMA,
    "name": "Radio",
    "kind": "object",
    "scale": -1,
    "defence": {"durability": 2},
    "emp_complexity": "Moderate",
}
"""A sample object: Endurance counts as 3, Defence from Durability, Moderate EMP complexity (6)."""
