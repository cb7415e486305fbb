"""The Armageddon character as JSON state (U1, U23; RULES.md §1.3, §1.4, §1.17).

A character is a plain JSON-ready dict with ``"schema": "armageddon.character/1"``.
:func:`from_dict` validates strictly and returns a normalized copy (current pools
default to their maximum, the ``derived`` block is recomputed); operations never
change their input, they work on :func:`copy_of` and return the new state.
"""

from __future__ import annotations

import copy
import math

from py_rules.armageddon.tables import (
    ATTRIBUTE_MAX,
    ATTRIBUTES,
    CHARACTER_KINDS,
    ENDURANCE_POINTS_FORMULA,
    ESSENCE_CHANNELING_MAX,
    ESSENCE_FORMULA,
    LIFE_POINTS_FORMULA,
    MENTAL_ATTRIBUTES,
    SKILL_MAX,
    SKILLS,
    SPEED_FORMULA,
    STORED_CONDITIONS,
    STRENGTH_LIFT_TABLE,
)
from py_rules.armageddon.weapons import armour_of, weapons_of
from py_rules.errors import RulesError
from py_rules.limits import sheet_text as _text, shown as _shown
from py_rules.text import check_sheet as check_texts
from py_rules.words import field_words, listed

__all__ = (
    "SCHEMA", "EXAMPLE", "from_dict", "derive", "lifting_capacity", "attribute", "skill_entry",
    "copy_of", "has", "add", "remove", "name_of", "check_alive", "POOL_FLOOR",
)

SCHEMA = "armageddon.character/1"
_SCHEMA_PREFIX = "armageddon.character/"
_VERSION = 1

_POOL_LIMIT = 10_000
POOL_FLOOR = -_POOL_LIMIT
"""Lowest value a pool holds; damage beyond it changes nothing more (the character is long dead)."""
_WEIGHT_LIMIT = 1_000_000
"""Heaviest item accepted (lb): far beyond any lifting capacity, small enough for exact arithmetic."""
_NAME_MAX = 100
"""Longest name (character or item), in characters."""
_NOTES_MAX = 2000
"""Longest notes text."""
_ITEMS_MAX = 200
"""Most items carried (each is listed in the encumbrance steps)."""
_DRAWBACKS_MAX = 20
_BONUS_KEYS = ("life_points", "endurance_points", "essence", "speed")
_POOLS = ("life_points", "endurance_points", "essence")
_TIMERS = ("clock_seconds", "frozen_seconds", "survival_seconds", "survival_tests", "death_seconds")
_KEYS = (
    "schema", "name", "kind", "attributes", "skills", "essence_channeling", "items", "bonuses", "current",
    "sleep_debt", "conditions", "lost_attributes", "temporary_drawbacks", "first_aid_received", "timers",
    "derived", "notes", "weapons", "armour",
)

EXAMPLE = {
    "schema": SCHEMA,
    "name": "Jack Hawthorne",
    "kind": "gifted",
    "attributes": {"Strength": 2, "Dexterity": 2, "Constitution": 3, "Intelligence": 3, "Perception": 3,
                   "Willpower": 3},
    "skills": {"Handguns": 3, "First Aid": 2, "Stealth": 2, "Notice": 2, "Occult Knowledge": 2,
               "Medicine": {"level": 0, "untrained_penalty": -6}},
    "essence_channeling": 2,
    "items": [{"name": "Pistol", "weight": 3}, {"name": "Backpack", "weight": 20}],
}
"""A sample character (the page pre-fills it)."""


def _fail(code: str, message: str, field: str) -> RulesError:
    return RulesError(code, message, field)


_NAMES = {"essence_channeling": "Essence Channeling", "life_points": "Life Points", "endurance_points": "Endurance Points",
          "essence": "Essence", "current": "current points", "untrained_penalty": "untrained penalty",
          "first_aid_received": "First Aid received", "temporary_drawbacks": "temporary Drawbacks"}


def _said(field: str) -> str:
    """A field of the sheet in words (``essence_channeling`` → ``Essence Channeling``)."""
    return field_words(field, _NAMES)


def _int(value, field: str, low: int | None = None, high: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or (
        isinstance(value, float) and not (math.isfinite(value) and value.is_integer())
    ):
        raise _fail("wrong_type", f"{_said(field)} must be a whole number (got {_shown(value)}).", field)
    value = int(value)
    if low is not None and value < low:
        raise _fail("out_of_range", f"{_said(field)} must be at least {low} (got {_shown(value)}).", field)
    if high is not None and value > high:
        raise _fail("out_of_range", f"{_said(field)} must be at most {high} (got {_shown(value)}).", field)
    return value




def _dict(value, field: str) -> dict:
    if not isinstance(value, dict):
        raise _fail("wrong_type", f"{_said(field)} must be a JSON object.", field)
    return value


def lifting_capacity(strength: int, table=STRENGTH_LIFT_TABLE) -> int:
    """Lifting capacity in lb for ``strength`` (RULES.md §1.4 Strength table).

    >>> [lifting_capacity(s) for s in (1, 2, 5, 6, 10, 11, 15, 16)]
    [50, 100, 250, 450, 1250, 1750, 3750, 4750]
    """
    lowest, base, per = table[0]
    for row in table:
        if strength >= row[0]:
            lowest, base, per = row
    return base + per * (strength - lowest)


def _formula(attributes: dict, formula) -> int:
    weights, constant = formula
    return sum(attributes[name] * weight for name, weight in weights.items()) + constant


def derive(attributes: dict, bonuses: dict | None = None) -> dict:
    """Derived values from the Attributes (U1; RULES.md §1.4), plus Quality bonuses.

    >>> derive({"Strength": 2, "Dexterity": 2, "Constitution": 3, "Intelligence": 3, "Perception": 3,
    ...         "Willpower": 3})["life_points"]
    30
    """
    bonuses = bonuses or {}
    lift = lifting_capacity(attributes["Strength"])
    return {
        "life_points": _formula(attributes, LIFE_POINTS_FORMULA) + bonuses.get("life_points", 0),
        "endurance_points": _formula(attributes, ENDURANCE_POINTS_FORMULA) + bonuses.get("endurance_points", 0),
        "essence": _formula(attributes, ESSENCE_FORMULA) + bonuses.get("essence", 0),
        "speed": _formula(attributes, SPEED_FORMULA) + bonuses.get("speed", 0),
        "initiative_base": attributes["Dexterity"],
        "lifting_capacity": lift,
        "carrying_capacity": lift / 2 if lift % 2 else lift // 2,
    }


def _skill_known(name: str) -> bool:
    base = name.split(" (", 1)[0].strip() if name.endswith(")") else name
    return base in SKILLS


def _skills(raw) -> dict:
    skills = {}
    for name, entry in _dict(raw, "skills").items():
        if len(name) > _NAME_MAX:
            raise _fail("out_of_range", f"A skill name must be at most {_NAME_MAX} characters.", "skills")
        field = f"skills.{name}"
        if not _skill_known(name):
            raise _fail("unknown_skill", f"There is no skill called {name!r} in the rules' list; pick one from the "
                        f"list (a speciality is written 'Craft (Woodwork)').", field)
        if isinstance(entry, dict):
            unknown = set(entry) - {"level", "untrained_penalty"}
            if unknown:
                raise _fail("unknown_field", f"{_said(field)} has no field {sorted(unknown)[0]!r} (it has level and untrained penalty).", field)
            level = _int(entry.get("level", 0), f"{field}.level", 0, SKILL_MAX)
            penalty = _int(entry.get("untrained_penalty", 0), f"{field}.untrained_penalty", -10, 0)
        else:
            level, penalty = _int(entry, field, 0, SKILL_MAX), 0
        skills[name] = level if penalty == 0 else {"level": level, "untrained_penalty": penalty}
    return dict(sorted(skills.items()))


def _items(raw) -> list:
    if not isinstance(raw, list):
        raise _fail("wrong_type", "Items must be a list, each with a name and a weight.", "items")
    if len(raw) > _ITEMS_MAX:
        raise _fail("out_of_range", f"At most {_ITEMS_MAX} items.", "items")
    items = []
    for index, item in enumerate(raw):
        field = f"items.{index}"
        item = _dict(item, field)
        unknown = set(item) - {"name", "weight"}
        if unknown:
            raise _fail("unknown_field", f"{_said(field)} has no field {sorted(unknown)[0]!r} (it has a name and a weight).", field)
        name = _text(item.get("name", ""), f"{field}.name", _NAME_MAX)
        weight = item.get("weight")
        if isinstance(weight, bool) or not isinstance(weight, (int, float)) or (
                isinstance(weight, float) and not math.isfinite(weight)):
            raise _fail("wrong_type", f"{_said(field + '.weight')} must be a number of pounds (got {_shown(weight)}).", f"{field}.weight")
        if weight < 0:
            raise _fail("out_of_range", f"{_said(field + '.weight')} cannot be negative (got {weight}).", f"{field}.weight")
        if weight > _WEIGHT_LIMIT:
            raise _fail("out_of_range", f"{_said(field + '.weight')} must be at most {_WEIGHT_LIMIT} lb (got {_shown(weight)}).",
                        f"{field}.weight")
        items.append({"name": name, "weight": int(weight) if float(weight).is_integer() else weight})
    return items


_NOT_OURS = "This is not an Armageddon character sheet."


def from_dict(raw) -> dict:
    """Validate ``raw`` and return a normalized copy (never changes ``raw``).

    >>> c = from_dict(EXAMPLE); c["current"]["life_points"], c["derived"]["essence"]
    (30, 16)
    """
    raw = _dict(raw, "character")
    check_texts(raw)  # every name, key and note: one rule for the text a sheet holds (py_rules.text)
    schema = raw.get("schema", SCHEMA)
    if not isinstance(schema, str) or not schema.startswith(_SCHEMA_PREFIX):
        raise _fail("bad_schema", _NOT_OURS, "schema")
    version = schema[len(_SCHEMA_PREFIX):]
    if not (version.isascii() and version.isdigit() and len(version) <= 6):
        raise _fail("bad_schema", _NOT_OURS, "schema")
    if int(version) > _VERSION:
        raise _fail("newer_schema", "This character was saved by a newer version of the app; update the app to "
                    "read it.", "schema")
    if int(version) < 1:
        raise _fail("bad_schema", _NOT_OURS, "schema")
    unknown = [key for key in raw if key not in _KEYS]
    if unknown:
        raise _fail("unknown_field", f"A character has no field {unknown[0]!r}.", str(unknown[0]))

    name = _text(raw.get("name", ""), "name", _NAME_MAX)
    kind = raw.get("kind", "mundane")
    if not isinstance(kind, str) or kind not in CHARACTER_KINDS:
        raise _fail("bad_choice", f"The kind must be one of: {listed(CHARACTER_KINDS)} (got {kind!r}).", "kind")

    raw_attributes = _dict(raw.get("attributes"), "attributes")
    for key in raw_attributes:
        if key not in ATTRIBUTES:
            raise _fail("unknown_field", f"There is no Attribute called {key!r}.", f"attributes.{key}")
    attributes = {}
    for key in ATTRIBUTES:
        if key not in raw_attributes:
            raise _fail("missing_field", f"{key} is required.", f"attributes.{key}")
        attributes[key] = _int(raw_attributes[key], f"attributes.{key}", 0, ATTRIBUTE_MAX)

    channeling = _int(raw.get("essence_channeling", 0), "essence_channeling", 0, ESSENCE_CHANNELING_MAX)
    if channeling and kind == "mundane":
        raise _fail("not_allowed", "A Mundane character cannot have Essence Channeling: make them Gifted or "
                    "Supernatural, or set Essence Channeling to 0.", "essence_channeling")

    raw_bonuses = _dict(raw.get("bonuses", {}), "bonuses")
    for key in raw_bonuses:
        if key not in _BONUS_KEYS:
            raise _fail("unknown_field", f"Bonuses have no field {key!r} (use {listed(_NAMES.get(k, k) for k in _BONUS_KEYS)}).", f"bonuses.{key}")
    bonuses = {key: _int(raw_bonuses.get(key, 0), f"bonuses.{key}", -100, 1000) for key in _BONUS_KEYS}
    derived = derive(attributes, bonuses)

    raw_current = _dict(raw.get("current", {}), "current")
    for key in raw_current:
        if key not in _POOLS:
            raise _fail("unknown_field", f"Current points have no field {key!r} (use {listed(_NAMES.get(k, k) for k in _POOLS)}).", f"current.{key}")
    current = {}
    for key in _POOLS:
        maximum = derived[key]
        current[key] = _int(raw_current.get(key, maximum), f"current.{key}", -_POOL_LIMIT, maximum)

    sleep_debt = _int(raw.get("sleep_debt", 0), "sleep_debt", 0, _POOL_LIMIT)
    sleep_debt = min(sleep_debt, max(0, derived["endurance_points"] - current["endurance_points"]))

    raw_conditions = raw.get("conditions", [])
    if not isinstance(raw_conditions, list):
        raise _fail("wrong_type", "Conditions must be a list of condition names.", "conditions")
    for index, condition in enumerate(raw_conditions):
        if not isinstance(condition, str) or condition not in STORED_CONDITIONS:
            raise _fail("unknown_condition", f"Unknown condition {condition!r}; known: "
                        f"{listed(STORED_CONDITIONS)}.", f"conditions.{index}")
    conditions = [c for c in STORED_CONDITIONS if c in raw_conditions]

    raw_lost = _dict(raw.get("lost_attributes", {}), "lost_attributes")
    lost = {}
    for key, value in raw_lost.items():
        if key not in MENTAL_ATTRIBUTES:
            raise _fail("unknown_field", f"Only mental Attributes ({', '.join(MENTAL_ATTRIBUTES)}) can be lost "
                        f"temporarily.", f"lost_attributes.{key}")  # seed 000, Essence
        value = _int(value, f"lost_attributes.{key}", 0, attributes[key])
        if value:
            lost[key] = value
    lost = {key: lost[key] for key in MENTAL_ATTRIBUTES if key in lost}

    drawbacks = raw.get("temporary_drawbacks", [])
    if not isinstance(drawbacks, list) or not all(isinstance(x, str) for x in drawbacks):
        raise _fail("wrong_type", "Temporary Drawbacks must be a list of text.", "temporary_drawbacks")
    if len(drawbacks) > _DRAWBACKS_MAX:
        raise _fail("out_of_range", f"At most {_DRAWBACKS_MAX} temporary Drawbacks.", "temporary_drawbacks")
    for index, drawback in enumerate(drawbacks):
        _text(drawback, f"temporary_drawbacks.{index}", _NAME_MAX)

    first_aid = raw.get("first_aid_received", False)
    if not isinstance(first_aid, bool):
        raise _fail("wrong_type", "First Aid received must be true or false.", "first_aid_received")

    raw_timers = _dict(raw.get("timers", {}), "timers")
    for key in raw_timers:
        if key not in _TIMERS:
            raise _fail("unknown_field", f"Timers have no field {key!r}.", f"timers.{key}")
    timers = {key: _int(raw_timers.get(key, 0), f"timers.{key}", 0, 10**9) for key in _TIMERS}

    notes = _text(raw.get("notes", ""), "notes", _NOTES_MAX)
    weapons = weapons_of(raw.get("weapons", []))  # RULES.md §1.8, §1.8a
    armour = armour_of(raw.get("armour"))

    return {
        "schema": SCHEMA,
        "name": name,
        "kind": kind,
        "attributes": attributes,
        "skills": _skills(raw.get("skills", {})),
        "essence_channeling": channeling,
        "items": _items(raw.get("items", [])),
        "bonuses": bonuses,
        "current": current,
        "sleep_debt": sleep_debt,
        "conditions": conditions,
        "lost_attributes": lost,
        "temporary_drawbacks": list(drawbacks),
        "first_aid_received": first_aid,
        "timers": timers,
        "notes": notes,
        **({"weapons": weapons} if weapons else {}),
        **({"armour": armour} if armour is not None else {}),
        "derived": derived,
    }


def copy_of(character: dict) -> dict:
    """A deep copy to change (operations never change their input)."""
    return copy.deepcopy(character)


def normalized(character: dict) -> dict:
    """Re-run :func:`from_dict` on a changed copy (keeps derived values and ordering canonical)."""
    return from_dict(character)


def attribute(character: dict, name: str) -> int:
    """The Attribute's level now: its rating minus temporarily lost points (seed 000, Essence)."""
    return max(0, character["attributes"][name] - character["lost_attributes"].get(name, 0))


def skill_entry(character: dict, name: str) -> tuple[int, int]:
    """(level, extra untrained penalty) of ``name``; an unlisted known skill is (0, 0)."""
    if not _skill_known(name):
        raise _fail("unknown_skill", f"There is no skill called {name!r} in the rules' list.", "skill_name")
    entry = character["skills"].get(name, 0)
    if isinstance(entry, dict):
        return entry["level"], entry["untrained_penalty"]
    return entry, 0


def has(character: dict, condition: str) -> bool:
    return condition in character["conditions"]


def add(character: dict, condition: str) -> bool:
    """Set ``condition``; True if it was new."""
    if condition in character["conditions"]:
        return False
    character["conditions"] = [c for c in STORED_CONDITIONS if c in character["conditions"] or c == condition]
    return True


def remove(character: dict, condition: str) -> bool:
    """Clear ``condition``; True if it was set."""
    if condition not in character["conditions"]:
        return False
    character["conditions"] = [c for c in character["conditions"] if c != condition]
    return True


def name_of(character: dict) -> str:
    return character["name"] or "The character"


def check_alive(character: dict) -> None:
    """Dead characters roll nothing (seed 000: failure of the last Survival Test is death)."""
    if has(character, "dead"):
        raise RulesError("dead", f"{name_of(character)} is dead: he rolls nothing and heals no more (the Chronicler "
                         "can clear 'dead' with Set or clear a condition).", "character")
