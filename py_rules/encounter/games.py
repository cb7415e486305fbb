"""What each game runs in an encounter, as data over its existing operations (issue 11; no rule re-implemented).

* **Order.** Armageddon: each combatant's ``armageddon.initiative`` (1d10 + Dexterity with the penalties of its
  state; a quick NPC rolls with a stand-in sheet of its Dexterity); the order compares
  ``[Initiative, Dexterity]``, and combatants equal in both keep the order they were in (the Chronicler's: the
  seed has no tie rule; reorder to change it). Call of Cthulhu: ``coc.attack_order`` (DEX, +50 for a drawn
  firearm, ties to the higher combat skill, then a 1D100 roll-off, lower first), compared as
  ``[DEX (+50), combat skill, −roll-off]``. Semiautomagic has no order rule: the GM's order (reorder).
* **End of a round**, for every combatant with a sheet: Armageddon ``armageddon.advance_time`` by one Turn
  (the Turn length setting; the combatant's activity drains EP; Survival Tests each minute, the death timer),
  Semiautomagic ``semiautomagic.advance_rounds`` by 1 (dying round, Staggered, Confusion chart, every
  condition timer), CoC ``coc.advance_time`` by 1 round (dying CON roll, per-round damage and defence counts).
* **Time skipped** (:data:`TIME_OPS`): minutes, hours, days or weeks through each game's own time operations.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from py_rules.errors import RulesError

__all__ = ("Game", "GAMES", "TIME_UNITS", "sheet_name", "coc_combat_skill", "npc_sheet")

TIME_UNITS = ("minutes", "hours", "days", "weeks")


@dataclass(frozen=True)
class Game:
    """How one game takes part in an encounter.

    Attributes:
        sheet: the name of the parameter holding a sheet in the game's operations.
        round_op: the operation run on every sheet when a round ends, and ``round_args(combatant, settings)``.
        time_ops: unit → (operation, ``args(amount, activity)``) for skipping time.
        orders: whether the game has an order rule.
    """

    sheet: str
    round_op: str
    round_args: Callable[[dict, dict], dict]
    time_ops: dict
    orders: bool


def _turn_seconds(settings: dict) -> int:
    from py_rules.armageddon.tables import DEFAULT_TURN_SECONDS

    return settings.get("turn_seconds", DEFAULT_TURN_SECONDS)


def _at_most(amount: int, limit: int, unit: str) -> int:
    if amount > limit:
        raise RulesError("out_of_range", f"Skip at most {limit} {unit} at once here; use a longer unit.", "amount")
    return amount


GAMES = {
    "armageddon": Game(
        sheet="character", round_op="armageddon.advance_time",
        round_args=lambda c, s: {"minutes": 0, "seconds": _turn_seconds(s), "activity": c["activity"]},
        time_ops={
            "minutes": ("armageddon.advance_time", lambda n, a: {"minutes": _at_most(n, 1440, "minutes"), "activity": a}),
            "hours": ("armageddon.advance_time", lambda n, a: {"minutes": 60 * _at_most(n, 24, "hours"), "activity": a}),
            "days": ("armageddon.advance_days", lambda n, a: {"days": n}),
            "weeks": ("armageddon.advance_days", lambda n, a: {"days": 7 * n}),
        },
        orders=True,
    ),
    "semiautomagic": Game(
        sheet="creature", round_op="semiautomagic.advance_rounds",
        round_args=lambda c, s: {"rounds": 1},
        time_ops={
            "minutes": ("semiautomagic.advance_rounds", lambda n, a: {"rounds": 10 * _at_most(n, 10, "minutes")}),
            "hours": ("semiautomagic.advance_hours", lambda n, a: {"hours": n}),
            "days": ("semiautomagic.advance_days", lambda n, a: {"days": n}),
            "weeks": ("semiautomagic.advance_days", lambda n, a: {"days": 7 * n}),
        },
        orders=False,
    ),
    "coc": Game(
        sheet="investigator", round_op="coc.advance_time",
        round_args=lambda c, s: {"unit": "rounds", "amount": 1},
        time_ops={unit: ("coc.advance_time", (lambda u: lambda n, a: {"unit": u, "amount": n})(unit))
                  for unit in ("hours", "days", "weeks")},
        orders=True,
    ),
}


def sheet_name(sheet: dict, fallback: str) -> str:
    """The name on a sheet (every game keeps it under ``name``), else ``fallback``."""
    name = sheet.get("name") if isinstance(sheet, dict) else None
    return name.strip()[:100] if isinstance(name, str) and name.strip() else fallback


def coc_combat_skill(sheet: dict, firearm_ready: bool) -> int:
    """The combat skill a CoC order tie compares: the best Firearms skill with a drawn firearm, else the best
    Fighting skill (seed 003, Attack Order; RULES.md §3.8 [BOOK cheat sheet])."""
    from py_rules.coc.investigator import skill_value

    prefix, default = ("Firearms", "Firearms (Handgun)") if firearm_ready else ("Fighting", "Fighting (Brawl)")
    values = [v for name, v in sheet["skills"].items() if name.startswith(prefix)]
    return max(values + [skill_value(sheet, default)])


def npc_sheet(name: str, dexterity: int) -> dict:
    """An Armageddon stand-in sheet for a quick NPC's Initiative: its Dexterity, every other Attribute 1."""
    from py_rules.armageddon.tables import ATTRIBUTES

    attributes = {a: 1 for a in ATTRIBUTES} | {"Dexterity": dexterity}
    return {"schema": "armageddon.character/1", "name": name, "kind": "mundane", "attributes": attributes,
            "skills": {}}
