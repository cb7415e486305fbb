"""Each game's skill list as data, for the guided character forms (issue 8, "skills from a searchable list").

``<game>.skill_list`` answers ``details = {"skills": [{"name", "base", "group"}], "note"}``: the names the game's
character validation accepts, the value a skill has before any points go into it (None where the rules give
none or derive it, ``base_from`` then says from what), and the family a specialised skill belongs to
("Firearms" for "Firearms (Handgun)"). The lists are the games' own tables, read here, never copied.
"""

from __future__ import annotations

import re
from typing import Callable, Iterable

from py_rules.operations import Operation
from py_rules.trace import Result

__all__ = ("skill_entry", "skill_list_operation")

_FAMILY = re.compile(r"^(.+?) \((.+)\)$")


def skill_entry(name: str, base: int | None, base_from: str | None = None) -> dict:
    """One row of a skill list; a specialised name "Family (Speciality)" gets its family as ``group``.

    >>> skill_entry("Firearms (Handgun)", 20)
    {'name': 'Firearms (Handgun)', 'base': 20, 'group': 'Firearms'}
    >>> skill_entry("Dodge", None, "half DEX")
    {'name': 'Dodge', 'base': None, 'group': None, 'base_from': 'half DEX'}
    """
    family = _FAMILY.match(name)
    entry = {"name": name, "base": base, "group": family.group(1) if family else None}
    if base_from:
        entry["base_from"] = base_from
    return entry


def skill_list_operation(system: str, entries: Callable[[], Iterable[dict]], note: str, source: str,
                         summary: str) -> Operation:
    """The non-rolling operation ``<system>.skill_list`` answering ``entries()`` (read when called)."""

    def run() -> Result:
        skills = list(entries())
        return Result(system, "skill_list", details={"skills": skills, "note": note},
                      events=[f"{len(skills)} skills. {note}"])

    return Operation(
        id=f"{system}.skill_list", system=system, title="Skill list", summary=summary, covers=(), params=(),
        run=run, source=source, rolls=False,
    )
