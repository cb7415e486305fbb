"""Reading the parts of an Armageddon sheet, each checked against the sheet's declaration (:mod:`.sheet`) with a
message naming the field: whole numbers, JSON objects, the skills (the rules' list, rules/armageddon.md §1.3; seed
000, Tasks and Unskilled Attempts for the untrained penalty), the Qualities and Drawbacks (rules/armageddon.md §1.4)
and the items carried (seed 000, Encumbrance). :func:`py_rules.armageddon.character.from_dict` reads a whole sheet
with them."""

from __future__ import annotations

import math

from py_rules.armageddon.qualities import check_levels
from py_rules.armageddon.sheet import ITEMS_MAX as _ITEMS_MAX, NAME_MAX as _NAME_MAX, SHEET
from py_rules.armageddon.tables import SKILL_NAMES
from py_rules.errors import RulesError
from py_rules.limits import sheet_text as _text, shown as _shown
from py_rules.words import field_words

__all__ = (
    "FIELD_NAMES",
    "fail",
    "said",
    "whole_number",
    "json_object",
    "skill_known",
    "read_skills",
    "read_qualities",
    "read_items",
)


def fail(code: str, message: str, field: str) -> RulesError:
    """The error a bad sheet raises: its code, a message for people and the field it names."""
    return RulesError(code, message, field)


FIELD_NAMES = {
    "essence_channeling": "Essence Channeling",
    "life_points": "Life Points",
    "endurance_points": "Endurance Points",
    "essence": "Essence",
    "current": "current points",
    "untrained_penalty": "untrained penalty",
    "first_aid_received": "First Aid received",
    "temporary_drawbacks": "temporary Drawbacks",
}


def said(field: str) -> str:
    """A field of the sheet in words (``essence_channeling`` → ``Essence Channeling``)."""
    return field_words(field, FIELD_NAMES)


def whole_number(value, field: str, low: int | None = None, high: int | None = None) -> int:
    """``value`` as a whole number within ``low``..``high`` (a float with no fraction counts)."""
    if (
        isinstance(value, bool)
        or not isinstance(value, (int, float))
        or (isinstance(value, float) and not (math.isfinite(value) and value.is_integer()))
    ):
        raise fail("wrong_type", f"{said(field)} must be a whole number (got {_shown(value)}).", field)
    value = int(value)
    if low is not None and value < low:
        raise fail("out_of_range", f"{said(field)} must be at least {low} (got {_shown(value)}).", field)
    if high is not None and value > high:
        raise fail("out_of_range", f"{said(field)} must be at most {high} (got {_shown(value)}).", field)
    return value


def json_object(value, field: str) -> dict:
    """``value`` when it is a JSON object."""
    if not isinstance(value, dict):
        raise fail("wrong_type", f"{said(field)} must be a JSON object.", field)
    return value


def skill_known(name: str) -> bool:
    """A skill of the rules' list, or a type of one of its families, in the rules' spelling (py_rules.skill_names)."""
    return SKILL_NAMES.canonical(name) == name


def read_skills(raw) -> dict:
    """The skills by name, each a level or ``{level, untrained_penalty}`` (seed 000, Unskilled Attempts), sorted."""
    skills = {}
    for name, entry in json_object(raw, "skills").items():
        if len(name) > _NAME_MAX:
            raise fail("out_of_range", f"A skill name must be at most {_NAME_MAX} characters.", "skills")
        field = f"skills.{name}"
        if not skill_known(name):
            raise fail(
                "unknown_skill",
                f"There is no skill called {name!r} in the rules' list; pick one from the "
                f"list (a speciality is written 'Craft (Woodwork)').",
                field,
            )
        if isinstance(entry, dict):
            unknown = set(entry) - {"level", "untrained_penalty"}
            if unknown:
                raise fail(
                    "unknown_field",
                    f"{said(field)} has no field {sorted(unknown)[0]!r} (it has level and untrained penalty).",
                    field,
                )
            level = SHEET.read(f"{field}.level", entry.get("level", 0), label=name)
            penalty = SHEET.read(
                f"{field}.untrained_penalty",
                entry.get("untrained_penalty", 0),
                label=f"The untrained penalty of {name}",
            )
        else:
            level, penalty = SHEET.read(field, entry, label=name), 0
        skills[name] = level if penalty == 0 else {"level": level, "untrained_penalty": penalty}
    return dict(sorted(skills.items()))


def read_qualities(raw) -> list:
    """The Qualities and Drawbacks: each a name, quality or drawback, a level and its points (rules/armageddon.md §1.4)."""
    raw = SHEET.read("qualities", raw)
    entries = []
    for index, entry in enumerate(raw):
        field = f"qualities.{index}"
        entry = json_object(entry, field)
        unknown = set(entry) - {"name", "kind", "level", "points"}
        if unknown:
            raise fail(
                "unknown_field",
                f"Quality or Drawback {index + 1} has no field {sorted(unknown)[0]!r} (it has "
                "a name, a kind, a level and points).",
                field,
            )
        name = _text(entry.get("name", ""), f"{field}.name", _NAME_MAX).strip()
        if not name:
            raise fail("missing_field", f"Quality or Drawback {index + 1} needs a name.", f"{field}.name")
        entries.append(
            {
                "name": name,
                "kind": SHEET.read(f"{field}.kind", entry.get("kind", "quality")),
                "level": SHEET.read(f"{field}.level", entry.get("level", 1), label=f"The level of {name}"),
                "points": SHEET.read(f"{field}.points", entry.get("points", 1), label=f"The points of {name}"),
            }
        )
    check_levels(entries)
    return entries


def read_items(raw) -> list:
    """The items carried, each a name and a weight in lb (seed 000, Encumbrance)."""
    if not isinstance(raw, list):
        raise fail("wrong_type", "Items must be a list, each with a name and a weight.", "items")
    if len(raw) > _ITEMS_MAX:
        raise fail("out_of_range", f"At most {_ITEMS_MAX} items.", "items")
    items = []
    for index, item in enumerate(raw):
        field = f"items.{index}"
        item = json_object(item, field)
        unknown = set(item) - {"name", "weight"}
        if unknown:
            raise fail(
                "unknown_field",
                f"{said(field)} has no field {sorted(unknown)[0]!r} (it has a name and a weight).",
                field,
            )
        name = _text(item.get("name", ""), f"{field}.name", _NAME_MAX)
        weight = SHEET.read(f"{field}.weight", item.get("weight"), label=said(f"{field}.weight"))
        items.append({"name": name, "weight": weight})
    return items
