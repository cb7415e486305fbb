"""Armageddon in an encounter (:mod:`py_rules.encounter.hooks`), over its existing operations (no rule re-implemented).

* **Order of action.** Each combatant's ``armageddon.initiative`` (1d10 + Dexterity with the penalties of its state;
  a quick NPC rolls with a stand-in sheet of its Dexterity); the order compares ``[Initiative, Dexterity]``, and
  combatants equal in both keep the order they were in (the Chronicler's: the seed has no tie rule; reorder to
  change it). A combatant whose Initiative the rules refuse is placed last.
* **End of a round**, for every combatant with a sheet: ``armageddon.advance_time`` by one Turn (the Turn length
  setting; the combatant's activity drains EP; Survival Tests each minute, the death timer).
* **Time skipped**: minutes and hours through ``armageddon.advance_time``, days and weeks through
  ``armageddon.advance_days``; before they run, the Survival Tests and a death timer running out are said.
"""

from __future__ import annotations

from py_rules.armageddon.tables import ACTIVITIES, ATTRIBUTES, DEFAULT_TURN_SECONDS
from py_rules.bounded import problem
from py_rules.encounter.context import Refused
from py_rules.encounter.games import at_most, span_text, spoken_seconds
from py_rules.encounter.hooks import EncounterHooks, no_firearm
from py_rules.words import counted, humanize, listed

__all__ = ("HOOKS", "npc_sheet", "seconds_warnings")

_ORDER = "rules/armageddon.md §1.4 Initiative: 1d10 + Dexterity"


def npc_sheet(name: str, dexterity: int) -> dict:
    """A stand-in sheet for a quick NPC's Initiative: its Dexterity, every other Attribute 1."""
    attributes = {a: 1 for a in ATTRIBUTES} | {"Dexterity": dexterity}
    return {"schema": "armageddon.character/1", "name": name, "kind": "mundane", "attributes": attributes, "skills": {}}


def _initiative(ctx, c: dict) -> None:
    args = {"label": f"{c['name']}: Initiative"}
    try:
        if c["character_id"] is None:
            dex = c["npc"]["dexterity"]
            result = ctx.run("armageddon.initiative", args | {"character": npc_sheet(c["name"], dex)}, [c["id"]])
        else:
            dex = ctx.sheet(c["character_id"])["attributes"]["Dexterity"]
            result = ctx.run("armageddon.initiative", args, [c["id"]], c["character_id"])
    except Refused as error:
        c["initiative"], c["order_key"] = None, []
        ctx.step(f"{c['name']}: no Initiative ({error.message}); placed last", _ORDER)
        return
    c["initiative"], c["order_key"] = result["total"], [result["total"], dex]


def _order(ctx, people: list) -> None:
    for c in people:
        _initiative(ctx, c)


def _combatant_problems(c: dict, path: str) -> list[dict]:
    out = no_firearm(c, path)
    if c["activity"] not in ACTIVITIES:
        out.append(problem(f"{path}.activity", f"Must be one of: {listed(ACTIVITIES)}."))
    return out


def _has(sheet: dict):
    return set(sheet.get("conditions") or []).__contains__


def seconds_warnings(sheet: dict, name: str, seconds: int, span: str) -> list[str]:
    """What ``seconds`` (said as ``span``) passing would run for a dying character: its Survival Tests (one each
    minute, the first when its timer runs out; seed 000, Life Points) and a death timer running out."""
    has = _has(sheet)
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
            out.append(
                f"{name} dies within {max(1, -(-left // 60))} min unless resuscitated: {span} will let them die."
            )
    return out


def _time_warnings(sheet: dict, name: str, unit: str, amount: int) -> list[str]:
    has = _has(sheet)
    span = span_text(unit, amount)
    if unit in ("days", "weeks"):
        if has("death_pending") or (has("dying") and not has("stabilised")):
            return [
                f"{name} is dying: {span} cannot pass for them until they are stabilised (their Survival "
                "Tests come every minute); time passes for the others."
            ]
        return []
    return seconds_warnings(sheet, name, amount * (60 if unit == "minutes" else 3600), span)


def _time_moved(sheet: dict, name: str, args: dict) -> list[str]:
    seconds = args["minutes"] * 60 + args["seconds"]
    return seconds_warnings(sheet, name, seconds, spoken_seconds(seconds))


def _days_moved(sheet: dict, name: str, args: dict) -> list[str]:
    """Below 0 LP without proper medical care, each day rolls a Survival Test (a failure loses 1 LP; seed 000,
    Healing). The dying who owe a Survival Test every minute are refused by the move itself."""
    has = _has(sheet)
    life = (sheet.get("current") or {}).get("life_points")
    if args["care"] or has("dead") or has("death_pending") or (has("dying") and not has("stabilised")):
        return []
    if not isinstance(life, int) or life >= 0:
        return []
    days = args["days"]
    return [
        f"{name} is below 0 Life Points without proper medical care: {span_text('days', days)} will roll "
        f"{counted(days, 'daily Survival Tests')} (a failure loses 1 LP)."
    ]


HOOKS = EncounterHooks(
    title="Armageddon",
    sheet="character",
    npc_fields={"dexterity": (0, 20)},
    round_op="armageddon.advance_time",
    round_args=lambda c, s: {
        "minutes": 0,
        "seconds": s.get("turn_seconds", DEFAULT_TURN_SECONDS),
        "activity": c["activity"],
    },
    time_ops={
        "minutes": ("armageddon.advance_time", lambda n, a: {"minutes": at_most(n, 1440, "minutes"), "activity": a}),
        "hours": ("armageddon.advance_time", lambda n, a: {"minutes": 60 * at_most(n, 24, "hours"), "activity": a}),
        "days": ("armageddon.advance_days", lambda n, a: {"days": n}),
        "weeks": ("armageddon.advance_days", lambda n, a: {"days": 7 * n}),
    },
    time_warnings=_time_warnings,
    sheet_moves={
        "armageddon.advance_time": ("character", _time_moved),
        "armageddon.advance_days": ("character", _days_moved),
    },
    order=_order,
    order_source=_ORDER,
    combatant_problems=_combatant_problems,
    activity_default="normal",
    update_words=lambda c: f"{humanize(c['activity']).lower()} activity",
)
