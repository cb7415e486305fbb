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
        *parents, last = field.path.split(".")
        node = values
        for key in parents:
            node = node.setdefault(key, {})
        node[last] = value
    return values


def investigator(name: str, skills: dict | None = None, **numbers) -> dict:
    """A Call of Cthulhu investigator as the form makes it (characteristics typed by name: ``CON=60``); the
    characteristics are not rolled. With the declared first values, CON 50 and SIZ 50 give 10 HP."""
    values = first_values(COC, "investigator")
    characteristics = values.pop("characteristics", {})
    args = {**values, **characteristics, **numbers, "name": name, "kind": "human", "skills": skills or {}}
    return answer("coc.create_investigator", **args, roll_characteristics=False)["state"]


def armageddon_character(name: str, skills: dict | None = None, **attributes) -> dict:
    """An Armageddon character as the form makes it (Attributes typed by name: ``Strength=5``); with the declared
    first values, Strength 5 and Constitution 5 give 50 Life Points."""
    character = first_values(ARMAGEDDON)
    character["attributes"] = {**character.get("attributes", {}), **attributes}
    character.update({"schema": ARMAGEDDON.schema, "name": name, "skills": skills or {}})
    return answer("armageddon.character_sheet", character=character)["state"]


def semiautomagic_creature(name: str, skills: dict | None = None, **abilities) -> dict:
    """A Semiautomagic creature as the form makes it (Abilities typed by name: ``Strength=4``)."""
    creature = first_values(SEMIAUTOMAGIC, "creature")
    creature["abilities"] = {**creature.get("abilities", {}), **abilities}
    creature.update(
        {"schema": SEMIAUTOMAGIC.schema, "name": name, "skills": skills or {}, "emp_complexity": None, "conditions": {}}
    )
    return answer("semiautomagic.describe_creature", creature=creature)["state"]
