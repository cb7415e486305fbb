"""Semiautomagic in an encounter (:mod:`py_rules.encounter.hooks`), over its existing operations (no rule
re-implemented).

* **Order of action.** None: the seed has no order rule, the GM sets the order (reorder).
* **Start of a turn.** A Confused character rolls the Confusion chart (``semiautomagic.confusion_round``; seed 002,
  Confused: "Roll once on the Confusion chart every round to see what the character does"), unless it cannot act
  (dead, or Helpless) or the player is in control (rows 18–20).
* **End of a round**, for every combatant with a sheet: ``semiautomagic.advance_rounds`` by 1 (dying round,
  Staggered, every condition timer; the chart is rolled at the start of the turn instead).
* **Time skipped**: minutes as rounds, hours through ``semiautomagic.advance_hours``, days and weeks through
  ``semiautomagic.advance_days``; before they run, the dying rounds are said (or that time cannot pass for the dying).
"""

from __future__ import annotations

from py_rules.encounter.games import at_most, span_text
from py_rules.encounter.hooks import EncounterHooks, no_activity, no_firearm, nothing_to_warn
from py_rules.semiautomagic.tables import ROUND_SECONDS
from py_rules.words import counted, humanize

__all__ = ("HOOKS",)

_CONFUSED = "seed 002, Confused; Confusion chart"


def _can_act(sheet: dict) -> bool:
    """Who can act at all at the start of a turn: not dead, not Helpless (seed 002, Helpless: cannot react)."""
    from py_rules.semiautomagic import creature as C

    return not sheet.get("dead") and not C.has(sheet, "Helpless")


def _start_of_turn(ctx, c: dict, sheet: dict) -> None:
    confused = (sheet.get("conditions") or {}).get("Confused")
    if not confused or not _can_act(sheet):
        return
    label = f"{c['name']}: start of the turn"
    if confused.get("control_seconds"):
        rounds = counted(-(-confused["control_seconds"] // ROUND_SECONDS), "rounds")
        line = f"{c['name']}: Confused, but the player is in control ({rounds} left)"
        ctx.step(line, _CONFUSED)
        ctx.decide(label, line, None, c["id"])
        return
    ctx.step(f"{c['name']}'s turn starts Confused: the Confusion chart says what they do", _CONFUSED)
    ctx.effect(c, "semiautomagic.confusion_round", {}, label)


def _dying(sheet: dict) -> bool:
    return "Dying" in (sheet.get("conditions") or {}) and not sheet.get("dead")


def _time_warnings(sheet: dict, name: str, unit: str, amount: int) -> list[str]:
    if not _dying(sheet):
        return []
    span = span_text(unit, amount)
    if unit == "minutes":
        rounds = 10 * amount
        return [
            f"{name} is dying: {span} will roll {rounds} dying rounds (a d10 to stabilise and an endurance check each)."
        ]
    return [f"{name} is dying: {span} cannot pass for them until they are stabilised; time passes for the others."]


def _rounds_moved(sheet: dict, name: str, args: dict) -> list[str]:
    if not _dying(sheet):
        return []
    rounds = args["rounds"]
    each = " each" if rounds != 1 else ""
    return [
        f"{name} is dying: {span_text('rounds', rounds)} will roll {counted(rounds, 'dying rounds')} (a d10 to "
        f"stabilise and an endurance check{each}) until they are stable or dead."
    ]


HOOKS = EncounterHooks(
    title="Semiautomagic",
    sheet="creature",
    npc_fields={},
    round_op="semiautomagic.advance_rounds",
    round_args=lambda c, s: {"rounds": 1, "confusion": False},  # the chart: at the start of the turn
    time_ops={
        "minutes": ("semiautomagic.advance_rounds", lambda n, a: {"rounds": 10 * at_most(n, 10, "minutes")}),
        "hours": ("semiautomagic.advance_hours", lambda n, a: {"hours": n}),
        "days": ("semiautomagic.advance_days", lambda n, a: {"days": n}),
        "weeks": ("semiautomagic.advance_days", lambda n, a: {"days": 7 * n}),
    },
    time_warnings=_time_warnings,
    sheet_moves={
        "semiautomagic.advance_rounds": ("creature", _rounds_moved),
        "semiautomagic.advance_hours": ("creature", nothing_to_warn),  # refused for the dying
        "semiautomagic.advance_days": ("creature", nothing_to_warn),
    },
    no_order="Semiautomagic has no order rule: the GM sets the order (reorder).",
    start_of_turn=_start_of_turn,
    combatant_problems=lambda c, path: no_firearm(c, path) + no_activity(c, path),
    update_words=lambda c: f"{humanize(c['activity']).lower()} activity",
)
