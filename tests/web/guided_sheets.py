"""Sheets as the guided new-character form makes them, made by the engine in-process: a test not about the form
stores them with campaign_record + open_stored.

The form's first values are the sheet's declaration (py_rules/<game>/sheet.py: every field it asks, a section, at its
default for the kind of sheet made, as web/games/sheet_spec.mjs ``draftOf`` reads them); the numbers a test types
replace some; the game's creation operation makes the sheet from them, as the form's Create does."""

from __future__ import annotations

from py_rules.armageddon.sheet import SHEET as ARMAGEDDON
from py_rules.coc.sheet import SHEET as COC
from py_rules.semiautomagic.sheet import SHEET as SEMIAUTOMAGIC
from py_rules.sheet_spec import SheetSpec
from tests.door import answer


def first_values(spec: SheetSpec, sheet_kind: str = "") -> dict:
    """Every field the form asks of a sheet of ``sheet_kind`` at its declared default, nested by path (a field with
    no default is left out)."""
    values: dict = {}
    for field in spec.fields:
        if not field.section or (sheet_kind and not spec.allows(field.path, sheet_kind)):
            continue
        value = sheet_kind if field.path == spec.kind_field and sheet_kind else spec.default_for(field.path, sheet_kind)
        if value is None:
            continue
        _set(values, field.path, value)
    return values


def _set(values: dict, path: str, value) -> None:
    *parents, last = path.split(".")
    node = values
    for key in parents:
        node = node.setdefault(key, {})
    node[last] = value


def _made(game: str, name: str, numbers: dict, skills: dict | None) -> dict:
    """The game's creation operation on the form's first values with ``numbers`` (by the form's path) typed over
    them, as its Create sends them (web/games/<game>.mjs ``toSheet`` and ``derive``)."""
    if game == "coc":  # the form asks the characteristics by name (STR, not characteristics.STR)
        values = first_values(COC, "investigator")
        flat = {**values.pop("characteristics", {}), **values}
        flat.update({path.removeprefix("characteristics."): value for path, value in numbers.items()})
        args = {**flat, "name": name, "kind": "human", "skills": skills or {}}
        return answer("coc.create_investigator", **args, roll_characteristics=False)["state"]
    spec, sheet_kind = {"armageddon": (ARMAGEDDON, ""), "semiautomagic": (SEMIAUTOMAGIC, "creature")}[game]
    values = first_values(spec, sheet_kind)
    for path, value in numbers.items():
        _set(values, path, value)
    values.update({"schema": spec.schema, "name": name, "skills": skills or {}})
    if game == "armageddon":
        return answer("armageddon.character_sheet", character=values)["state"]
    values.update({"emp_complexity": values.get("emp_complexity") or None, "conditions": {}})
    return answer("semiautomagic.describe_creature", creature=values)["state"]


def guided(game: str, name: str, numbers: dict | None = None, skills: dict | None = None) -> dict:
    """The sheet :func:`tests.web.helpers.new_character` makes through the form, from the same arguments: ``numbers``
    by the form's field path (``attributes.Perception``, ``abilities.Strength``, ``STR``) and ``skills`` picked."""
    return _made(game, name, dict(numbers or {}), skills)


def investigator(name: str, skills: dict | None = None, **numbers) -> dict:
    """A Call of Cthulhu investigator as the form makes it (characteristics typed by name: ``CON=60``); the
    characteristics are not rolled. With the declared first values, CON 50 and SIZ 50 give 10 HP."""
    return _made("coc", name, numbers, skills)


def armageddon_character(name: str, skills: dict | None = None, **attributes) -> dict:
    """An Armageddon character as the form makes it (Attributes typed by name: ``Strength=5``); with the declared
    first values, Strength 5 and Constitution 5 give 50 Life Points."""
    return _made("armageddon", name, {f"attributes.{key}": value for key, value in attributes.items()}, skills)


def semiautomagic_creature(name: str, skills: dict | None = None, **abilities) -> dict:
    """A Semiautomagic creature as the form makes it (Abilities typed by name: ``Strength=4``)."""
    return _made("semiautomagic", name, {f"abilities.{key}": value for key, value in abilities.items()}, skills)
