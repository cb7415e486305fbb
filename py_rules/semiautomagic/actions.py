"""Action seconds per round and what conditions forbid (M21; seed 002 Disabled, Stunned, Broken; rules/semiautomagic.md §2.13)."""

from __future__ import annotations

import math

from py_rules.errors import RulesError
from py_rules.semiautomagic import creature as C, tables as T
from py_rules.trace import Log
from py_rules.words import counted

__all__ = ("rounds_needed", "plan_action")


def rounds_needed(seconds: int, budget: int, used: int = 0) -> int:
    """How many rounds an action of ``seconds`` spans with ``budget`` seconds per round, ``used`` already spent
    this round; actions use consecutive seconds and may cross rounds (rules/semiautomagic.md §2.13).

    >>> rounds_needed(4, 6), rounds_needed(4, 6, used=4), rounds_needed(4, 3), rounds_needed(0, 3)
    (1, 2, 2, 1)
    """
    if budget <= 0:
        raise ValueError("no action seconds")
    left = max(0, budget - used)
    if seconds <= left:
        return 1
    return 1 + math.ceil((seconds - left) / budget)


def plan_action(c: dict, seconds: int, used: int, weapon: str, combo: bool, move: str, log: Log) -> dict:
    """Check an action against the creature's conditions and its seconds per round."""
    name = c["name"] or "The creature"
    budget, reasons = C.action_seconds(c)
    for reason in reasons:
        log.step(reason, "seed 002, Conditions")
    conditions = C.effective_conditions(c)
    if budget <= 0:
        why = "dead" if c["dead"] else (", ".join(reasons) or "no action seconds")
        raise RulesError("not_allowed", f"{name} cannot act this round ({why}).", "seconds")
    if "Disabled" in conditions:
        if move == "walk":
            raise RulesError(
                "not_allowed", f"{name} is Disabled: can't walk, only crawl (one square as a 4-second action).", "move"
            )
        if weapon in ("medium", "heavy"):
            raise RulesError("not_allowed", f"{name} is Disabled: can't use a weapon heavier than light.", "weapon")
        if combo:
            raise RulesError("not_allowed", f"{name} is Disabled: no combos, only single attacks.", "combo")
    if move == "crawl":
        seconds = max(seconds, T.CRAWL_SECONDS)
        log.step(f"Crawling one square is a {T.CRAWL_SECONDS}-second action (4SA)", "seed 002, Disabled")
    if "Panicked" in conditions:
        log.step(
            "Panicked: must flee by the fastest means; attacks only those who block the escape", "seed 002, Panicked"
        )
    rounds = rounds_needed(seconds, budget, used)
    left = max(0, budget - used)
    if rounds == 1:
        log.step(f"{seconds} s fits in the {left} s left this round (of {budget} s)", "rules/semiautomagic.md §2.13")
    else:
        log.step(
            f"{seconds} s needs {counted(rounds, 'rounds')}: {left} s this round, then {budget} s per round, consecutive seconds",
            "rules/semiautomagic.md §2.13 [SRC Actions.html]",
        )
    return {"budget": budget, "seconds_left_this_round": left, "rounds": rounds, "action_seconds": seconds}
