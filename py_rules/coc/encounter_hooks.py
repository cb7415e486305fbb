"""Call of Cthulhu in an encounter (:mod:`py_rules.encounter.hooks`), over its existing operations (no rule
re-implemented).

* **Order of action.** ``coc.attack_order``: DEX, +50 for a drawn firearm, ties to the higher combat skill, then a
  1D100 roll-off, lower first; compared as ``[DEX (+50), combat skill, −roll-off]`` (seed 003, Attack Order).
* **End of a round**, for every combatant with a sheet: ``coc.advance_time`` by 1 round (dying CON roll, per-round
  damage and defence counts).
* **Time skipped**: hours, days and weeks through ``coc.advance_time``; before they run, a dying investigator's CON
  rolls are said (or that time cannot pass for the dying).
"""

from __future__ import annotations

from py_rules.encounter.games import span_text
from py_rules.encounter.hooks import EncounterHooks, no_activity

__all__ = ("HOOKS", "combat_skill")

_ORDER = "seed 003, Attack Order"


def combat_skill(sheet: dict, firearm_ready: bool) -> int:
    """The combat skill an order tie compares: the best Firearms skill with a drawn firearm, else the best
    Fighting skill (seed 003, Attack Order; rules/coc.md §3.8 [BOOK cheat sheet])."""
    from py_rules.coc.investigator import skill_value

    prefix, default = ("Firearms", "Firearms (Handgun)") if firearm_ready else ("Fighting", "Fighting (Brawl)")
    values = [v for name, v in sheet["skills"].items() if name.startswith(prefix)]
    return max(values + [skill_value(sheet, default)])


def _entry(ctx, c: dict) -> dict:
    if c["character_id"] is None:
        dex, skill = c["npc"]["dex"], c["npc"]["combat_skill"]
    else:
        sheet = ctx.sheet(c["character_id"])
        dex, skill = sheet["characteristics"]["DEX"], combat_skill(sheet, c["firearm_ready"])
    return {"name": c["name"], "dex": dex, "firearm_ready": c["firearm_ready"], "combat_skill": skill}


def _order(ctx, people: list) -> None:
    from py_rules.coc.combat import initiative

    entries = [_entry(ctx, c) for c in people]
    ties = {}
    if len(entries) >= 2:
        result = ctx.run(
            "coc.attack_order",
            {"combatants": entries, "label": "Attack order"},
            [c["id"] for c in people],
            who=[c["character_id"] for c in people if c["character_id"]],
        )
        ties = {p["name"]: p.get("tie_roll", 0) for p in result["state"]["order"]}
    for c, e in zip(people, entries, strict=True):
        c["initiative"] = initiative(e["dex"], e["firearm_ready"])
        c["order_key"] = [c["initiative"], e["combat_skill"], -ties.get(c["name"], 0)]
        if len(entries) < 2:
            ctx.step(
                f"{c['name']}: DEX {e['dex']}{' + 50 (firearm drawn)' if e['firearm_ready'] else ''} "
                f"= {c['initiative']}",
                _ORDER,
            )


def _dying(sheet: dict) -> bool:
    c = sheet.get("conditions") or {}
    return bool(c.get("dying") and not c.get("stabilised") and not c.get("dead"))


def _time_warnings(sheet: dict, name: str, unit: str, amount: int) -> list[str]:
    if _dying(sheet):
        return [
            f"{name} is dying: {span_text(unit, amount)} cannot pass for them until they are stabilised (a CON "
            "roll each round); time passes for the others."
        ]
    return []


def _time_moved(sheet: dict, name: str, args: dict) -> list[str]:
    if args["unit"] != "rounds" or not _dying(sheet):
        return []
    rounds = args["amount"]
    rolls = (
        "1 CON roll at the end of the round"
        if rounds == 1
        else f"up to {rounds} CON rolls, one at the end of each round"
    )
    return [f"{name} is dying: {span_text('rounds', rounds)} will roll {rolls}; a failed CON roll means death."]


HOOKS = EncounterHooks(
    title="Call of Cthulhu",
    sheet="investigator",
    npc_fields={"dex": (0, 500), "combat_skill": (0, 100)},
    round_op="coc.advance_time",
    round_args=lambda c, s: {"unit": "rounds", "amount": 1},
    time_ops={
        unit: ("coc.advance_time", lambda n, a, u=unit: {"unit": u, "amount": n}) for unit in ("hours", "days", "weeks")
    },
    time_warnings=_time_warnings,
    sheet_moves={"coc.advance_time": ("investigator", _time_moved)},
    order=_order,
    order_source=_ORDER,
    combatant_problems=no_activity,
    update_words=lambda c: f"firearm {'drawn' if c['firearm_ready'] else 'not drawn'}",
)
