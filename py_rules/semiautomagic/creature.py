"""Creatures and objects: validation, JSON schema, derived values (M1, M2, M14; RULES.md §2.3, §2.9).

A creature or object is a plain JSON dict tagged ``"schema": "semiautomagic.creature/1"``.
:func:`from_dict` validates strictly and returns a normalised copy (defaults filled in);
every derived number comes from the pure functions below, never stored.
"""

from __future__ import annotations

import copy
import math

from py_rules.errors import RulesError
from py_rules.limits import sheet_text, shown as _shown
from py_rules.semiautomagic import tables as T
from py_rules.semiautomagic.weapons import armour_of, weapons_of
from py_rules.text import check_sheet as check_texts
from py_rules.words import field_words, listed

__all__ = (
    "from_dict", "new_creature", "EXAMPLE_HUMAN", "EXAMPLE_ATTACKER", "EXAMPLE_OBJECT",
    "defence_value", "defence_of", "toughness", "will", "target", "effective_conditions", "has", "can_defend",
    "mobility_total", "movement", "is_object", "endurance_for_toughness", "derive",
)

_TOUGHNESS = "seed 002, Creature or Object Toughness"
_FIELDS = {
    "schema", "name", "kind", "scale", "abilities", "skills", "defence", "will_bonus", "wounds",
    "morale_penalties", "mobility_penalties", "movement", "emp_complexity", "conditions",
    "statuses", "dead", "seconds_dead", "destroyed", "emp_disabled", "weapons", "armour", "notes",
}


_NAME_MAX = 100
"""Longest name of a creature or of a mobility penalty's source."""
COUNT_MAX = 200
"""Most wounds or morale penalties a sheet holds; a hit beyond it changes nothing more (Toughness and Will
are long below anything that matters)."""
_NOTES_MAX = 2000
"""Longest notes text."""
_MOBILITY_MAX = 20
"""Most separate mobility penalties (each is named on the sheet)."""


def new_creature(name: str = "", **fields) -> dict:
    """A valid creature with average abilities, overridden by ``fields``.

    >>> toughness(new_creature("Average human"))
    9
    """
    base = {"schema": T.SCHEMA, "name": name, "kind": "creature"}
    base.update(fields)
    return from_dict(base)


def from_dict(value) -> dict:
    """Validate a creature/object dict and return a normalised copy.

    Errors name the path inside the JSON (``"skills.Brawl"``); the input is never changed.
    """
    if not isinstance(value, dict):
        raise RulesError("wrong_type", "A creature must be a JSON object.", None)
    check_texts(value)  # every name, key and note: one rule for the text a sheet holds (py_rules.text)
    schema = value.get("schema")
    if schema != T.SCHEMA:
        if isinstance(schema, str) and schema.startswith("semiautomagic.creature/"):
            raise RulesError("schema_version", "This sheet was saved by another version of the app; update the app to read "
                             "it.", "schema")
        raise RulesError("schema", "This is not a Semiautomagic creature or object sheet.", "schema")
    for key in value:
        if key not in _FIELDS:
            raise RulesError("unknown_field", f"A creature or object sheet has no field {key!r}.", str(key))
    kind = value.get("kind", "creature")
    if not isinstance(kind, str) or kind not in ("creature", "object"):
        raise RulesError("bad_choice", "The kind must be creature or object.", "kind")
    scale = _int(value.get("scale", 0), "scale", -100, 100)
    if scale not in T.SCALE_TABLE:
        low, high = min(T.SCALE_TABLE), max(T.SCALE_TABLE)
        raise RulesError("out_of_range", f"Scale {scale} is not in the Scale table ({low} to {high}).", "scale")
    name = value.get("name", "")
    if not isinstance(name, str) or len(name) > 100:
        raise RulesError("wrong_type", "The name must be text of at most 100 characters.", "name")

    out = {"schema": T.SCHEMA, "name": name, "kind": kind, "scale": scale}
    abilities = _dict(value.get("abilities", {}), "abilities")
    if kind == "object":
        if abilities:
            raise RulesError("not_allowed", "Objects have no abilities (their Endurance counts as 3).", "abilities")
        out["abilities"] = {}
    else:
        for key in abilities:
            if key not in T.ABILITIES:
                raise RulesError("unknown_ability", f"Unknown ability {key!r}; abilities are {listed(T.ABILITIES)}.", f"abilities.{key}")
        out["abilities"] = {a: _int(abilities.get(a, T.AVERAGE_ABILITY), f"abilities.{a}", 0, 30) for a in T.ABILITIES}
    skills = _dict(value.get("skills", {}), "skills")
    for key in skills:
        if key not in T.SKILLS:
            raise RulesError("unknown_skill", f"Unknown skill {key!r}; known skills: {listed(T.SKILLS)}.", f"skills.{key}")
    out["skills"] = {k: _int(v, f"skills.{k}", -20, 40) for k, v in skills.items()}
    defence = _dict(value.get("defence", {}), "defence")
    for key in defence:
        if key not in T.DEFENCE_SOURCES:
            raise RulesError("unknown_defence", f"Unknown Defence source {key!r}; sources: {listed(T.DEFENCE_SOURCES)}.", f"defence.{key}")
    out["defence"] = {k: _int(v, f"defence.{k}", -20, 40) for k, v in defence.items()}
    out["will_bonus"] = _int(value.get("will_bonus", 0), "will_bonus", -20, 40)
    out["wounds"] = _int(value.get("wounds", 0), "wounds", 0, COUNT_MAX)
    out["morale_penalties"] = _int(value.get("morale_penalties", 0), "morale_penalties", 0, COUNT_MAX)
    if kind == "object" and out["morale_penalties"]:
        raise RulesError("not_allowed", "Objects have no Will, so no morale penalties.", "morale_penalties")
    mobility = _dict(value.get("mobility_penalties", {}), "mobility_penalties")
    if len(mobility) > _MOBILITY_MAX or any(len(k) > _NAME_MAX for k in mobility):
        raise RulesError("out_of_range", f"Mobility penalties: at most {_MOBILITY_MAX}, each named in at most "
                         f"{_NAME_MAX} characters.", "mobility_penalties")
    out["mobility_penalties"] = {str(k): _int(v, f"mobility_penalties.{k}", 0, 50) for k, v in mobility.items()}
    movement_in = _dict(value.get("movement", {}), "movement")
    out["movement"] = {}
    for key, speed in movement_in.items():
        if key not in T.MOVEMENT_TYPES:
            raise RulesError("unknown_movement", f"Unknown movement type {key!r}; types: {listed(T.MOVEMENT_TYPES)}.", f"movement.{key}")
        if isinstance(speed, bool) or not isinstance(speed, (int, float)) or not (
                isinstance(speed, int) or math.isfinite(speed)) or not 0 <= speed <= 1000:
            raise RulesError("wrong_type", f"Speed for {key} must be a number of squares from 0 to 1000.", f"movement.{key}")
        out["movement"][key] = speed
    emp = value.get("emp_complexity")
    if emp is not None and (not isinstance(emp, str) or emp not in T.EMP_TOUGHNESS):
        raise RulesError("bad_choice", f"The EMP complexity must be one of: {listed(T.EMP_TOUGHNESS)}, or empty.", "emp_complexity")
    if emp is not None and kind != "object":
        raise RulesError("not_allowed", "Only objects (vehicles, robots, electronic equipment) have an EMP complexity.", "emp_complexity")
    out["emp_complexity"] = emp
    out["conditions"] = _conditions(value.get("conditions", {}), kind)
    statuses = value.get("statuses", [])
    if not isinstance(statuses, list):
        raise RulesError("wrong_type", "Statuses must be a list.", "statuses")
    for index, status in enumerate(statuses):
        if not isinstance(status, str) or status not in T.STATUSES:
            raise RulesError("unknown_status", f"Unknown status {status!r}; statuses: {listed(T.STATUSES)}.", f"statuses.{index}")
    out["statuses"] = sorted(set(statuses))
    for flag in ("dead", "destroyed", "emp_disabled"):
        flag_value = value.get(flag, False)
        if not isinstance(flag_value, bool):
            raise RulesError("wrong_type", f"{_said(flag)} must be true or false.", flag)
        out[flag] = flag_value
    out["seconds_dead"] = _int(value.get("seconds_dead", 0), "seconds_dead", 0, 10**9)
    if kind == "object" and out["dead"]:
        raise RulesError("not_allowed", "Objects are destroyed, not dead.", "dead")
    if kind == "creature" and out["emp_disabled"]:
        raise RulesError("not_allowed", "Only electronic objects can be stopped by an EMP.", "emp_disabled")
    if kind == "creature" and out["destroyed"]:
        raise RulesError("not_allowed", "Creatures die; only objects are destroyed.", "destroyed")
    weapons = weapons_of(value.get("weapons"))
    if weapons:
        out["weapons"] = weapons
    armour = armour_of(value.get("armour"))
    if armour is not None:
        if kind == "object":
            raise RulesError("not_allowed", "Objects wear no armour (their Defence comes from Durability).", "armour")
        out["armour"] = armour
    notes = sheet_text(value.get("notes", ""), "notes", _NOTES_MAX)
    if notes:
        out["notes"] = notes
    return out


def _conditions(raw, kind: str) -> dict:
    raw = _dict(raw, "conditions")
    out = {}
    for name, entry in raw.items():
        if name not in T.CONDITIONS:
            raise RulesError("unknown_condition", f"Unknown condition {name!r}; conditions: {listed(T.CONDITIONS)}.", f"conditions.{name}")
        if kind == "object":
            raise RulesError("not_allowed", "Objects have no conditions.", f"conditions.{name}")
        entry = _dict(entry, f"conditions.{name}")
        allowed = ("seconds",) + T.CONDITION_TIMER_FIELDS.get(name, ())
        for key in entry:
            if key not in allowed:
                raise RulesError("unknown_field", f"{name} has no field {key!r}; fields: {listed(allowed)}.", f"conditions.{name}.{key}")
        clean = {"seconds": None if entry.get("seconds") is None else _int(entry["seconds"], f"conditions.{name}.seconds", 0, 10**9)}
        if name == "Dying":
            clean["dc"] = _int(entry.get("dc", T.DYING_RULES["health"]["start_dc"]), "conditions.Dying.dc", -50, 100)
        elif name == "Confused":
            clean["control_seconds"] = _int(entry.get("control_seconds", 0), "conditions.Confused.control_seconds", 0, 10**9)
            until = entry.get("until_morale_removed", False)
            if not isinstance(until, bool):
                raise RulesError("wrong_type", "Confused: whether it lasts until the morale penalties are removed must be true or false.", "conditions.Confused.until_morale_removed")
            clean["until_morale_removed"] = until
        elif name == "Soul Coma":
            clean["dc"] = _int(entry.get("dc", T.SOUL_COMA_START_DC), "conditions.Soul Coma.dc", -50, 1000)
            clean["seconds_to_check"] = _int(entry.get("seconds_to_check", T.HOUR_SECONDS), "conditions.Soul Coma.seconds_to_check", 0, T.HOUR_SECONDS)
        elif name == "Tired":
            clean["modifier"] = _int(entry.get("modifier", 0), "conditions.Tired.modifier", -20, 0)
        out[name] = clean
    return {name: out[name] for name in T.CONDITIONS if name in out}


_NAMES = {"emp_complexity": "EMP complexity", "emp_disabled": "Stopped by an EMP", "dc": "DC",
          "seconds_to_check": "seconds to the next check", "will_bonus": "Will bonus"}


def _said(field: str) -> str:
    """A field of the sheet in words (``defence.worn_armour`` → ``Worn armour (defence)``)."""
    return field_words(field, _NAMES)


def _dict(raw, field: str) -> dict:
    if not isinstance(raw, dict):
        raise RulesError("wrong_type", f"{_said(field)} must be a JSON object.", field)
    return raw


def _int(raw, field: str, low: int, high: int) -> int:
    if isinstance(raw, bool) or not isinstance(raw, (int, float)) or (isinstance(raw, float) and not raw.is_integer()):
        raise RulesError("wrong_type", f"{_said(field)} must be a whole number (got {_shown(raw)}).", field)
    raw = int(raw)
    if not low <= raw <= high:
        raise RulesError("out_of_range", f"{_said(field)} must be between {low} and {high} (got {_shown(raw)}).", field)
    return raw



# ---------------------------------------------------------------- derived values

def is_object(c: dict) -> bool:
    return c["kind"] == "object"


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


def will(c: dict) -> int | None:
    """Will = Spirit + 6 + misc − morale penalties (RULES.md §2.8); None for objects."""
    if is_object(c):
        return None
    return c["abilities"]["Spirit"] + T.WILL_BASE + c["will_bonus"] - c["morale_penalties"]


def target(c: dict) -> int:
    """Target = 4 − Scale (RULES.md §2.3 Scale table)."""
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
            for implied in T.IMPLIED_CONDITIONS.get(name, ()):
                if implied not in found:
                    found.add(implied)
                    changed = True
    return [name for name in T.CONDITIONS if name in found]


def has(c: dict, condition: str) -> bool:
    return condition in effective_conditions(c)


def can_defend(c: dict) -> tuple[bool, str]:
    """Whether defence rolls are allowed, and why not (seed 002: Flat-Footed, Broken, Helpless)."""
    if c.get("dead") or c.get("destroyed"):
        return False, "dead" if c.get("dead") else "destroyed"
    if is_object(c):
        return False, "an object"
    conditions = effective_conditions(c)
    for name in T.NO_DEFENCE_CONDITIONS:
        if name in conditions:
            return False, name
    return True, ""


def mobility_total(c: dict) -> int:
    """All mobility penalties stack, the worn armour's with the others (seed 002, Mobility Penalty: "usually from
    armour or from carrying heavy objects")."""
    armour = c.get("armour")
    return sum(c["mobility_penalties"].values()) + (armour["mobility_penalty"] if armour else 0)


def movement(c: dict) -> dict:
    """Each movement type's speed in squares, minus ½ square per mobility penalty, never below 0."""
    loss = mobility_total(c) * T.MOBILITY_SQUARES_PER_POINT
    return {kind: _tidy(max(0, speed - loss)) for kind, speed in c["movement"].items()}


def _tidy(number):
    return int(number) if float(number).is_integer() else number


def action_seconds(c: dict) -> tuple[int, list[str]]:
    """Seconds of action this round (M21): 6; Disabled 3; Stunned loses its seconds; Broken/Helpless 0."""
    if c.get("dead") or c.get("destroyed") or is_object(c):
        return 0, ["cannot act"]
    conditions = effective_conditions(c)
    reasons = []
    for name in T.NO_ACTION_CONDITIONS:
        if name in conditions:
            return 0, [f"{name}: no actions"]
    budget = T.ROUND_SECONDS
    if "Disabled" in conditions:
        budget = T.DISABLED_ACTION_SECONDS
        reasons.append("Disabled: 3 seconds of action per round")
    if "Stunned" in conditions:
        stunned = c["conditions"]["Stunned"]["seconds"]
        lost = T.ROUND_SECONDS if stunned is None else min(T.ROUND_SECONDS, stunned)
        budget = max(0, budget - lost)
        reasons.append(f"Stunned for {lost} s: no actions while stunned")
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
