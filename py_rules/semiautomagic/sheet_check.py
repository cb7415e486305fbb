"""The check of a Semiautomagic sheet (creature, object, vehicle or robot): every value read through its declaration
(:data:`py_rules.semiautomagic.sheet.SHEET`), then the rules about which kind of sheet may hold what (seed 002:
objects have no Endurance, no Will and are destroyed rather than killed; only electronic things meet an EMP).

:func:`from_dict` validates strictly and returns a normalised copy (defaults filled in); the input is never changed.
"""

from __future__ import annotations

from py_rules.errors import RulesError
from py_rules.semiautomagic import condition_registry as R, tables as T
from py_rules.semiautomagic.sheet import SHEET
from py_rules.semiautomagic.sheet_bounds import LIVING, NAME_MAX
from py_rules.semiautomagic.weapons import armour_of, weapons_of
from py_rules.text import check_sheet as check_texts
from py_rules.words import listed

__all__ = ("from_dict",)

_FIELDS = {
    "schema",
    "name",
    "kind",
    "scale",
    "abilities",
    "skills",
    "defence",
    "will_bonus",
    "wounds",
    "morale_penalties",
    "mobility_penalties",
    "movement",
    "emp_complexity",
    "conditions",
    "statuses",
    "dead",
    "seconds_dead",
    "destroyed",
    "emp_disabled",
    "weapons",
    "armour",
    "items",
    "notes",
}
_NOT_FOR = {
    "abilities": "Objects have no abilities (their Endurance counts as 3).",
    "morale_penalties": "Objects have no Will, so no morale penalties.",
    "conditions": "Objects have no conditions.",
    "statuses": "Objects have no statuses.",
    "dead": "Objects are destroyed, not dead.",
    "destroyed": "Creatures die; only objects are destroyed.",
    "emp_complexity": "Only objects, vehicles and robots (electronic things) have an EMP complexity.",
    "emp_disabled": "Only electronic things (objects, vehicles, robots) can be stopped by an EMP.",
    "armour": "Objects wear no armour (their Defence comes from Durability).",
}
"""Why a kind of sheet may not hold a field its declaration does not ask of it (seed 002, Toughness; EMP)."""
_EMPTY = (None, False, 0, {}, [])


def _kept_for_kind(value: dict, kind: str) -> None:
    """Refuses a field holding something a sheet of ``kind`` does not have (an empty or false value is no value)."""
    for key, why in _NOT_FOR.items():
        if key in value and not SHEET.allows(key, kind) and value[key] not in _EMPTY:
            raise RulesError("not_allowed", why, key)


def _map(value, path: str) -> dict:
    return SHEET.read(path, value)


def from_dict(value) -> dict:
    """Validate a sheet and return a normalised copy.

    Errors name the path inside the JSON (``"skills.Brawl"``) in the declaration's words; the input is never changed.
    """
    if not isinstance(value, dict):
        raise RulesError("wrong_type", "A creature must be a JSON object.", None)
    check_texts(value)  # every name, key and note: one rule for the text a sheet holds (py_rules.text)
    schema = value.get("schema")
    if schema != T.SCHEMA:
        if isinstance(schema, str) and schema.startswith("semiautomagic.creature/"):
            raise RulesError(
                "schema_version",
                "This sheet was saved by another version of the app; update the app to read it.",
                "schema",
            )
        raise RulesError("schema", "This is not a Semiautomagic creature or object sheet.", "schema")
    for key in value:
        if key not in _FIELDS:
            raise RulesError("unknown_field", f"A creature or object sheet has no field {key!r}.", str(key))
    kind = SHEET.read("kind", value.get("kind", "creature"))
    _kept_for_kind(value, kind)
    out = {
        "schema": T.SCHEMA,
        "name": SHEET.read("name", value.get("name", "")),
        "kind": kind,
        "scale": SHEET.read("scale", value.get("scale", 0)),
    }
    abilities = _map(value.get("abilities", {}), "abilities")
    for key in abilities:
        if key not in T.ABILITIES:
            raise RulesError(
                "unknown_ability", f"Unknown ability {key!r}; abilities are {listed(T.ABILITIES)}.", f"abilities.{key}"
            )
    out["abilities"] = (
        {a: SHEET.read(f"abilities.{a}", abilities.get(a, SHEET.default_for(f"abilities.{a}"))) for a in T.ABILITIES}
        if kind in LIVING
        else {}
    )
    skills = _map(value.get("skills", {}), "skills")
    for key in skills:
        if T.SKILL_NAMES.canonical(key) != key:  # one reading of skill names in the three games (py_rules.skill_names)
            raise RulesError(
                "unknown_skill", f"Unknown skill {key!r}; known skills: {listed(T.SKILLS)}.", f"skills.{key}"
            )
    out["skills"] = {k: SHEET.read(f"skills.{k}", v, label=k) for k, v in skills.items()}
    defence = _map(value.get("defence", {}), "defence")
    for key in defence:
        if key not in T.DEFENCE_SOURCES:
            raise RulesError(
                "unknown_defence",
                f"Unknown Defence source {key!r}; sources: {listed(T.DEFENCE_SOURCES)}.",
                f"defence.{key}",
            )
    out["defence"] = {k: SHEET.read(f"defence.{k}", v) for k, v in defence.items()}
    for key in ("will_bonus", "wounds", "morale_penalties"):
        out[key] = SHEET.read(key, value.get(key, 0))
    mobility = _map(value.get("mobility_penalties", {}), "mobility_penalties")
    for source in mobility:
        if len(source) > NAME_MAX:
            raise RulesError(
                "out_of_range",
                f"A mobility penalty's source is named in at most {NAME_MAX} characters.",
                "mobility_penalties",
            )
    out["mobility_penalties"] = {
        str(k): SHEET.read(f"mobility_penalties.{k}", v, label=f"Mobility penalty ({k})") for k, v in mobility.items()
    }
    movement = _map(value.get("movement", {}), "movement")
    for key in movement:
        if key not in T.MOVEMENT_TYPES:
            raise RulesError(
                "unknown_movement",
                f"Unknown movement type {key!r}; types: {listed(T.MOVEMENT_TYPES)}.",
                f"movement.{key}",
            )
    out["movement"] = {k: SHEET.read(f"movement.{k}", v) for k, v in movement.items()}
    emp = value.get("emp_complexity")
    if emp is None and kind in T.MACHINE_KINDS:  # a vehicle or a robot is electronic (seed 002, EMP)
        emp = SHEET.default_for("emp_complexity", kind)
    out["emp_complexity"] = None if emp is None else SHEET.read("emp_complexity", emp)
    out["conditions"] = _conditions(value.get("conditions", {}))
    statuses = SHEET.read("statuses", value.get("statuses", []))
    out["statuses"] = sorted({SHEET.read(f"statuses.{index}", status) for index, status in enumerate(statuses)})
    for flag in ("dead", "destroyed", "emp_disabled"):
        out[flag] = SHEET.read(flag, value.get(flag, False))
    out["seconds_dead"] = SHEET.read("seconds_dead", value.get("seconds_dead", 0))
    weapons = weapons_of(value.get("weapons"))
    if weapons:
        out["weapons"] = weapons
    armour = armour_of(value.get("armour"))
    if armour is not None:
        out["armour"] = armour
    items = _items(value.get("items"))
    if items:
        out["items"] = items
    notes = SHEET.read("notes", value.get("notes", ""))
    if notes:
        out["notes"] = notes
    return out


def _items(raw) -> list:
    """Items carried, each with a name and the mobility penalty its load gives (seed 002, Mobility Penalty: "from
    carrying heavy objects")."""
    if raw is None:
        return []
    out = []
    for index, item in enumerate(SHEET.read("items", raw)):
        path = f"items.{index}"
        if not isinstance(item, dict):
            raise RulesError("wrong_type", f"Item {index + 1} must have a name and a mobility penalty.", path)
        unknown = [key for key in item if key not in ("name", "mobility_penalty")]
        if unknown:
            raise RulesError(
                "unknown_field",
                f"Item {index + 1} has no field {unknown[0]!r} (it has a name and a mobility penalty).",
                f"{path}.{unknown[0]}",
            )
        name = SHEET.read(f"{path}.name", item.get("name", ""), label=f"The name of item {index + 1}").strip()
        if not name:
            raise RulesError("missing_field", f"Item {index + 1}: every item needs a name.", f"{path}.name")
        penalty = SHEET.read(
            f"{path}.mobility_penalty", item.get("mobility_penalty", 0), label=f"{name} — Mobility penalty"
        )
        out.append({"name": name, "mobility_penalty": penalty})
    return out


def _conditions(raw) -> dict:
    raw = _map(raw, "conditions")
    out = {}
    for name, entry in raw.items():
        if name not in R.NAMES:
            raise RulesError(
                "unknown_condition", f"Unknown condition {name!r}; conditions: {listed(R.NAMES)}.", f"conditions.{name}"
            )
        entry = SHEET.read(f"conditions.{name}", entry, label=name)
        allowed = ("seconds",) + R.FIELDS.get(name, ())
        for key in entry:
            if key not in allowed:
                raise RulesError(
                    "unknown_field",
                    f"{name} has no field {key!r}; fields: {listed(allowed)}.",
                    f"conditions.{name}.{key}",
                )
        seconds = entry.get("seconds")
        clean = {
            "seconds": None
            if seconds is None
            else SHEET.read(f"conditions.{name}.seconds", seconds, label=f"{name}: time left")
        }
        for key in R.FIELDS.get(name, ()):
            path = f"conditions.{name}.{key}"
            clean[key] = SHEET.read(path, entry.get(key, SHEET.default_for(path)))
        out[name] = clean
    return {name: out[name] for name in R.NAMES if name in out}
