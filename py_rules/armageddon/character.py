"""The Armageddon character as JSON state (U1, U23; rules/armageddon.md §1.3, §1.4, §1.17).

A character is a plain JSON-ready dict with ``"schema": "armageddon.character/1"``.
:func:`from_dict` validates strictly and returns a normalized copy (current pools
default to their maximum, the ``derived`` block is recomputed); operations never
change their input, they work on :func:`copy_of` and return the new state. Its parts (numbers, skills, Qualities
and Drawbacks, items) are read by :mod:`.character_parts`.
"""

from __future__ import annotations

import copy

from py_rules.armageddon.character_parts import (
    FIELD_NAMES as _NAMES,
    json_object as _dict,
    read_items as _items,
    read_qualities as _qualities,
    read_skills as _skills,
    skill_known as _skill_known,
    whole_number as _int,
)
from py_rules.armageddon.condition_registry import NAMES as STORED_CONDITIONS
from py_rules.armageddon.derived import derive, encumbered, lifting_capacity
from py_rules.armageddon.qualities import channeling_of, is_gifted
from py_rules.armageddon.sheet import NAME_MAX as _NAME_MAX, NOTES_MAX as _NOTES_MAX, POOL_LIMIT as _POOL_LIMIT, SHEET
from py_rules.armageddon.tables import ATTRIBUTES, MENTAL_ATTRIBUTES
from py_rules.armageddon.weapons import armour_of, weapons_of
from py_rules.errors import RulesError
from py_rules.limits import sheet_text as _text
from py_rules.text import check_sheet as check_texts
from py_rules.words import listed

__all__ = (
    "SCHEMA",
    "EXAMPLE",
    "from_dict",
    "derive",
    "lifting_capacity",
    "attribute",
    "skill_entry",
    "copy_of",
    "has",
    "add",
    "remove",
    "name_of",
    "check_alive",
    "POOL_FLOOR",
)

SCHEMA = "armageddon.character/1"
_SCHEMA_PREFIX = "armageddon.character/"
_VERSION = 1

POOL_FLOOR = -_POOL_LIMIT
"""Lowest value a pool holds; damage beyond it changes nothing more (the character is long dead)."""
_DRAWBACKS_MAX = SHEET.field("temporary_drawbacks").max_count
_BONUS_KEYS = ("life_points", "endurance_points", "essence", "speed")
_POOLS = ("life_points", "endurance_points", "essence")
_TIMERS = ("clock_seconds", "frozen_seconds", "survival_seconds", "survival_tests", "death_seconds")
_KEYS = (
    "schema",
    "name",
    "kind",
    "attributes",
    "skills",
    "essence_channeling",
    "items",
    "bonuses",
    "current",
    "sleep_debt",
    "conditions",
    "lost_attributes",
    "temporary_drawbacks",
    "first_aid_received",
    "timers",
    "derived",
    "notes",
    "weapons",
    "armour",
    "qualities",
)

EXAMPLE = {
    "schema": SCHEMA,
    "name": "Jack Hawthorne",
    "kind": "gifted",
    "attributes": {
        "Strength": 2,
        "Dexterity": 2,
        "Constitution": 3,
        "Intelligence": 3,
        "Perception": 3,
        "Willpower": 3,
    },
    "skills": {
        "Handguns": 3,
        "First Aid": 2,
        "Stealth": 2,
        "Notice": 2,
        "Occult Knowledge": 2,
        "Medicine": {"level": 0, "untrained_penalty": -6},
    },
    "essence_channeling": 2,
    "items": [{"name": "Pistol", "weight": 3}, {"name": "Backpack", "weight": 20}],
}
"""A sample character (the page pre-fills it)."""


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
        raise RulesError("bad_schema", _NOT_OURS, "schema")
    version = schema[len(_SCHEMA_PREFIX) :]
    if not (version.isascii() and version.isdigit() and len(version) <= 6):
        raise RulesError("bad_schema", _NOT_OURS, "schema")
    if int(version) > _VERSION:
        raise RulesError(
            "newer_schema",
            "This character was saved by a newer version of the app; update the app to read it.",
            "schema",
        )
    if int(version) < 1:
        raise RulesError("bad_schema", _NOT_OURS, "schema")
    unknown = [key for key in raw if key not in _KEYS]
    if unknown:
        raise RulesError("unknown_field", f"A character has no field {unknown[0]!r}.", str(unknown[0]))

    name = _text(raw.get("name", ""), "name", _NAME_MAX)
    kind = SHEET.read("kind", raw.get("kind", "mundane"))

    raw_attributes = _dict(raw.get("attributes"), "attributes")
    for key in raw_attributes:
        if key not in ATTRIBUTES:
            raise RulesError("unknown_field", f"There is no Attribute called {key!r}.", f"attributes.{key}")
    attributes = {}
    for key in ATTRIBUTES:
        if key not in raw_attributes:
            raise RulesError("missing_field", f"{key} is required.", f"attributes.{key}")
        attributes[key] = SHEET.read(f"attributes.{key}", raw_attributes[key])

    qualities = _qualities(raw.get("qualities", []))
    channeling = SHEET.read("essence_channeling", raw.get("essence_channeling", 0))
    listed_channeling = channeling_of(qualities)
    if listed_channeling is not None:  # the Quality's level is the channeling (seed 000, Essence)
        if channeling not in (0, listed_channeling):
            raise RulesError(
                "not_allowed",
                f"Essence Channeling is {channeling} but the Quality Essence Channeling is at "
                f"level {listed_channeling}: make them the same.",
                "essence_channeling",
            )
        channeling = listed_channeling
    if is_gifted(qualities) and kind == "mundane":
        raise RulesError(
            "not_allowed",
            "The Gifted makes a character Gifted: set the kind to Gifted (or remove the Quality).",
            "kind",
        )
    if channeling and kind == "mundane":
        raise RulesError(
            "not_allowed",
            "A Mundane character cannot have Essence Channeling: make them Gifted or "
            "Supernatural, or set Essence Channeling to 0.",
            "essence_channeling",
        )

    raw_bonuses = _dict(raw.get("bonuses", {}), "bonuses")
    for key in raw_bonuses:
        if key not in _BONUS_KEYS:
            raise RulesError(
                "unknown_field",
                f"Bonuses have no field {key!r} (use {listed(_NAMES.get(k, k) for k in _BONUS_KEYS)}).",
                f"bonuses.{key}",
            )
    bonuses = {key: _int(raw_bonuses.get(key, 0), f"bonuses.{key}", -100, 1000) for key in _BONUS_KEYS}
    derived = derive(attributes, bonuses, qualities)

    raw_current = _dict(raw.get("current", {}), "current")
    for key in raw_current:
        if key not in _POOLS:
            raise RulesError(
                "unknown_field",
                f"Current points have no field {key!r} (use {listed(_NAMES.get(k, k) for k in _POOLS)}).",
                f"current.{key}",
            )
    current = {}
    for key in _POOLS:
        maximum = derived[key]
        current[key] = _int(raw_current.get(key, maximum), f"current.{key}", -_POOL_LIMIT, maximum)

    sleep_debt = _int(raw.get("sleep_debt", 0), "sleep_debt", 0, _POOL_LIMIT)
    sleep_debt = min(sleep_debt, max(0, derived["endurance_points"] - current["endurance_points"]))

    raw_conditions = raw.get("conditions", [])
    if not isinstance(raw_conditions, list):
        raise RulesError("wrong_type", "Conditions must be a list of condition names.", "conditions")
    for index, condition in enumerate(raw_conditions):
        if not isinstance(condition, str) or condition not in STORED_CONDITIONS:
            raise RulesError(
                "unknown_condition",
                f"Unknown condition {condition!r}; known: {listed(STORED_CONDITIONS)}.",
                f"conditions.{index}",
            )
    conditions = [c for c in STORED_CONDITIONS if c in raw_conditions]

    raw_lost = _dict(raw.get("lost_attributes", {}), "lost_attributes")
    lost = {}
    for key, value in raw_lost.items():
        if key not in MENTAL_ATTRIBUTES:
            raise RulesError(
                "unknown_field",
                f"Only mental Attributes ({', '.join(MENTAL_ATTRIBUTES)}) can be lost temporarily.",
                f"lost_attributes.{key}",
            )  # seed 000, Essence
        value = _int(value, f"lost_attributes.{key}", 0, attributes[key])
        if value:
            lost[key] = value
    lost = {key: lost[key] for key in MENTAL_ATTRIBUTES if key in lost}

    drawbacks = raw.get("temporary_drawbacks", [])
    if not isinstance(drawbacks, list) or not all(isinstance(x, str) for x in drawbacks):
        raise RulesError("wrong_type", "Temporary Drawbacks must be a list of text.", "temporary_drawbacks")
    if len(drawbacks) > _DRAWBACKS_MAX:
        raise RulesError("out_of_range", f"At most {_DRAWBACKS_MAX} temporary Drawbacks.", "temporary_drawbacks")
    for index, drawback in enumerate(drawbacks):
        _text(drawback, f"temporary_drawbacks.{index}", _NAME_MAX)

    first_aid = raw.get("first_aid_received", False)
    if not isinstance(first_aid, bool):
        raise RulesError("wrong_type", "First Aid received must be true or false.", "first_aid_received")

    raw_timers = _dict(raw.get("timers", {}), "timers")
    for key in raw_timers:
        if key not in _TIMERS:
            raise RulesError("unknown_field", f"Timers have no field {key!r}.", f"timers.{key}")
    timers = {key: _int(raw_timers.get(key, 0), f"timers.{key}", 0, 10**9) for key in _TIMERS}

    notes = _text(raw.get("notes", ""), "notes", _NOTES_MAX)
    weapons = weapons_of(raw.get("weapons", []))  # rules/armageddon.md §1.8, §1.8a
    armour = armour_of(raw.get("armour"))

    items = _items(raw.get("items", []))
    derived.update(encumbered(derived, items))
    return {
        "schema": SCHEMA,
        "name": name,
        "kind": kind,
        "attributes": attributes,
        "skills": _skills(raw.get("skills", {})),
        "essence_channeling": channeling,
        "items": items,
        "qualities": qualities,
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
        raise RulesError("unknown_skill", f"There is no skill called {name!r} in the rules' list.", "skill_name")
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
        raise RulesError(
            "dead",
            f"{name_of(character)} is dead: they roll nothing and heal no more (the Chronicler "
            "can clear 'dead' with Set or clear a condition).",
            "character",
        )
