"""What each game runs in an encounter, as data over its existing operations (no rule re-implemented).

* **Order.** Armageddon: each combatant's ``armageddon.initiative`` (1d10 + Dexterity with the penalties of its
  state; a quick NPC rolls with a stand-in sheet of its Dexterity); the order compares
  ``[Initiative, Dexterity]``, and combatants equal in both keep the order they were in (the Chronicler's: the
  seed has no tie rule; reorder to change it). Call of Cthulhu: ``coc.attack_order`` (DEX, +50 for a drawn
  firearm, ties to the higher combat skill, then a 1D100 roll-off, lower first), compared as
  ``[DEX (+50), combat skill, −roll-off]``. Semiautomagic has no order rule: the GM's order (reorder).
* **End of a round**, for every combatant with a sheet: Armageddon ``armageddon.advance_time`` by one Turn
  (the Turn length setting; the combatant's activity drains EP; Survival Tests each minute, the death timer),
  Semiautomagic ``semiautomagic.advance_rounds`` by 1 (dying round, Staggered, every condition timer; the
  Confusion chart is rolled at the start of the confused character's turn instead, ``semiautomagic.confusion_round``:
  seed 002, Confused, "roll once on the Confusion chart every round to see what the character does"), CoC ``coc.advance_time`` by 1 round (dying CON roll, per-round damage and defence counts).
* **Time skipped** (:data:`TIME_OPS`): minutes, hours, days or weeks through each game's own time operations.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from py_rules.errors import RulesError

__all__ = ("Game", "GAMES", "TIME_UNITS", "sheet_name", "coc_combat_skill", "npc_sheet", "decided", "time_warnings",
           "span_text", "armageddon_seconds_warnings")

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
        round_args=lambda c, s: {"rounds": 1, "confusion": False},  # the chart: at the start of the turn
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
        time_ops={unit: ("coc.advance_time", lambda n, a, u=unit: {"unit": u, "amount": n})
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


# --- what an effect decided, in plain words (one log entry per step: TABLE.md, the headline says it) ---------


def _few(lines: list, most: int) -> list:
    """At most ``most`` lines: a long list reads as the first ones, how many more, the last.

    >>> _few(list("abcdefg"), 4)
    ['a', 'b', '… 4 more …', 'g']
    """
    if len(lines) <= most:
        return lines
    return lines[:most - 2] + [f"… {len(lines) - most + 1} more …", lines[-1]]


def decided(game: str, name: str, result: dict) -> str | None:
    """What an effect (one character's end of a round, time passing, the Confusion chart at the start of a turn)
    decided, in one plain line: the effect's own headline (each roll against its target and what came of it, the
    timers left, the chart's row), led by the character's name; without one, what changed (its events); None
    when it threw no die and changed nothing worth telling (a number repeated, "5 s pass").

    >>> decided("coc", "Ann", {"headline": "CON roll (dying) 43 vs 60 — Regular success: clings to life"})
    'Ann: CON roll (dying) 43 vs 60 — Regular success: clings to life'
    >>> decided("coc", "Ann", {"dice": [], "events": [], "text": ["Total 12 vs 12"]}) is None
    True
    >>> decided("semiautomagic", "Ann", {"dice": [], "events": ["Ann is no longer Staggered."]})
    'Ann is no longer Staggered.'
    """
    head = result.get("headline")
    if isinstance(head, str) and head:
        return head if head.startswith(name) else f"{name}: {head}"
    events = _few([str(e) for e in result.get("events") or []], 3)
    if events:
        return " ".join(events)
    if not result.get("dice"):
        return None
    text = result.get("text") or []
    return f"{name}: {text[0]}" if text else None


# --- what time passing would run, said before it runs (TABLE.md: no default that can hurt) -------------------

def span_text(unit: str, amount: int) -> str:
    """``1 minute``, ``12 minutes``."""
    return f"{amount} {unit if amount != 1 else unit[:-1]}"


def _armageddon_warnings(sheet: dict, name: str, unit: str, amount: int) -> list[str]:
    has = set(sheet.get("conditions") or []).__contains__
    span = span_text(unit, amount)
    out = []
    if unit in ("days", "weeks"):
        if has("death_pending") or (has("dying") and not has("stabilised")):
            out.append(f"{name} is dying: {span} cannot pass for them until they are stabilised (their Survival "
                       "Tests come every minute); time passes for the others.")
        return out
    return armageddon_seconds_warnings(sheet, name, amount * (60 if unit == "minutes" else 3600), span)


def armageddon_seconds_warnings(sheet: dict, name: str, seconds: int, span: str) -> list[str]:
    """What ``seconds`` (said as ``span``) passing would run for a dying Armageddon character: its Survival Tests
    (one each minute, the first when its timer runs out; seed 000, Life Points) and a death timer running out."""
    has = set(sheet.get("conditions") or []).__contains__
    timers = sheet.get("timers") or {}
    out = []
    if has("dead"):
        return out
    if has("dying") and not has("stabilised") and not has("death_pending"):
        first = max(int(timers.get("survival_seconds") or 0), 1)
        tests = 0 if first > seconds else (seconds - first) // 60 + 1
        if tests:
            out.append(f"{name} is dying: {span} will roll {tests} Survival Test{'s' if tests != 1 else ''}.")
    if has("death_pending"):
        left = int(timers.get("death_seconds") or 0)
        if left <= seconds:
            out.append(f"{name} dies within {max(1, -(-left // 60))} min unless resuscitated: {span} will let "
                       "them die.")
    return out


def _semiautomagic_warnings(sheet: dict, name: str, unit: str, amount: int) -> list[str]:
    if "Dying" not in (sheet.get("conditions") or {}) or sheet.get("dead"):
        return []
    span = span_text(unit, amount)
    if unit == "minutes":
        rounds = 10 * amount
        return [f"{name} is dying: {span} will roll {rounds} dying rounds (a d10 to stabilise and an endurance "
                "check each)."]
    return [f"{name} is dying: {span} cannot pass for them until they are stabilised; time passes for the others."]


def _coc_warnings(sheet: dict, name: str, unit: str, amount: int) -> list[str]:
    c = sheet.get("conditions") or {}
    if c.get("dying") and not c.get("stabilised") and not c.get("dead"):
        return [f"{name} is dying: {span_text(unit, amount)} cannot pass for them until they are stabilised (a CON "
                "roll each round); time passes for the others."]
    return []


_WARNINGS = {"armageddon": _armageddon_warnings, "semiautomagic": _semiautomagic_warnings, "coc": _coc_warnings}


def time_warnings(game: str, sheet: dict, name: str, unit: str, amount: int) -> list[str]:
    """What letting ``amount`` ``unit`` pass would run for one sheet that a GM must know first: Survival Tests
    or dying rounds (how many), a death timer running out, or time that cannot pass for the dying."""
    return _WARNINGS[game](sheet, name, unit, amount)
