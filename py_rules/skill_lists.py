"""Each game's skill list as data, for the guided character forms (TABLE.md, Screens: "skills from a searchable list").

``<game>.skill_list`` answers ``details = {"skills": [{"name", "base", "group"}], "note"}``: the names the game's
character validation accepts, the value a skill has before any points go into it (None where the rules give
none or derive it), and the family a specialised skill belongs to ("Firearms" for "Firearms (Handgun)"). Each
family of the game (:mod:`py_rules.skill_names`) is a row of its own marked ``"family": true``, with its common
``"specialities"``: a form offers it to type a speciality, ``"<family> (<speciality>)"``, any number of times, each
at the family's base; ``"alone"`` says the family's name is a skill of the list by itself too (Armageddon's "Craft").
A base the rules take from the character (Call of Cthulhu: Dodge = half DEX) is data, ``base_from =
{"of": "DEX", "divide_by": 2, "words": "half DEX"}``, so a form computes it from the numbers typed so far
(:func:`base_value`) instead of knowing the rule. The lists are the games' own tables, read here, never copied.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from py_rules.operations import Operation
from py_rules.skill_names import SkillNames
from py_rules.trace import Result

__all__ = ("skill_entry", "skill_rows", "base_value", "skill_list_operation")


def skill_entry(
    name: str,
    base: int | None,
    base_from: tuple[str, int] | None = None,
    group: str | None = None,
    family: bool = False,
) -> dict:
    """One row of a skill list: a speciality has its family as ``group``; a family's own row says ``family``;
    ``base_from`` (characteristic, divisor) is a base the rules take from the character.

    >>> skill_entry("Firearms (Handgun)", 20, group="Firearms")
    {'name': 'Firearms (Handgun)', 'base': 20, 'group': 'Firearms'}
    >>> skill_entry("Dodge", None, ("DEX", 2))["base_from"]
    {'of': 'DEX', 'divide_by': 2, 'words': 'half DEX'}
    >>> skill_entry("Language (Own)", None, ("EDU", 1))["base_from"]
    {'of': 'EDU', 'divide_by': 1, 'words': 'EDU'}
    """
    entry = {"name": name, "base": base, "group": group}
    if family:
        entry["family"] = True
    if base_from:
        of, divide_by = base_from
        entry["base_from"] = {
            "of": of,
            "divide_by": divide_by,
            "words": f"{_PART.get(divide_by, f'1/{divide_by} of')} {of}".strip(),
        }
    return entry


_PART = {1: "", 2: "half", 5: "a fifth of"}


def skill_rows(names: SkillNames, base_from: dict | None = None) -> list[dict]:
    """A game's skill list: every skill and offered speciality, and each family's row, in alphabetical order.

    >>> from py_rules.skill_names import Family
    >>> [(r["name"], r["group"], r.get("family", False)) for r in skill_rows(SkillNames({"Listen": 20}, [Family("Science", 1, ("Biology",))]))]
    [('Listen', None, False), ('Science', None, True), ('Science (Biology)', 'Science', False)]
    """
    base_from = base_from or {}
    rows = {
        name: skill_entry(name, names.base(name), base_from.get(name), names.family_name(name))
        for name in names.offered()
    }
    for family in names.families:
        rows[family.name] = {
            **skill_entry(family.name, family.base, family=True),
            "specialities": list(family.offered),
            "alone": family.name in names.skills,
        }
    return [rows[name] for name in sorted(rows, key=str.lower)]


def base_value(entry: dict, values: dict, high: int | None = None) -> int | None:
    """The base of skill list row ``entry`` for a character whose numbers so far are ``values`` (name -> value):
    its fixed ``base``, or ``base_from`` computed (rounded down, at most ``high``); None when the rules give
    none or the number it needs is not there yet.

    >>> base_value({"name": "Dodge", "base": None, "base_from": {"of": "DEX", "divide_by": 2}}, {"DEX": 55})
    27
    >>> base_value({"name": "Language (Own)", "base": None, "base_from": {"of": "EDU", "divide_by": 1}}, {"EDU": 70})
    70
    >>> base_value({"name": "Listen", "base": 20}, {"DEX": 55}), base_value({"name": "Notice", "base": None}, {})
    (20, None)
    """
    rule = entry.get("base_from")
    if not rule:
        return entry.get("base")
    number = values.get(rule["of"])
    if isinstance(number, bool) or not isinstance(number, int):
        return None
    value = number // rule["divide_by"]
    return value if high is None else min(high, value)


def skill_list_operation(
    system: str, entries: Callable[[], Iterable[dict]], note: str, source: str, summary: str
) -> Operation:
    """The non-rolling operation ``<system>.skill_list`` answering ``entries()`` (read when called)."""

    def run() -> Result:
        skills = list(entries())
        return Result(
            system, "skill_list", details={"skills": skills, "note": note}, events=[f"{len(skills)} skills. {note}"]
        )

    return Operation(
        id=f"{system}.skill_list",
        system=system,
        title="Skill list",
        summary=summary,
        covers=(),
        params=(),
        run=run,
        source=source,
        rolls=False,
    )
