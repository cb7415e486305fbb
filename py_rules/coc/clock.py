"""Time passing: rounds, hours, days, weeks run every periodic rule (rules/cross-system.md §4; rules/coc.md §3.14 C10, C16, C19, C22).

Rounds: the dying roll CON and the per-round counters reset. Hours: temporary
insanity counts down. Each new day: scheduled Medicine, natural healing
(1 HP/day without a major wound) or the weekly major-wound roll.
"""

from __future__ import annotations

from py_rules.coc.condition_registry import CONDITIONS
from py_rules.coc.healing import natural_day
from py_rules.coc.investigator import who
from py_rules.coc.sanity import pass_hours, start_day
from py_rules.coc.settings import Settings
from py_rules.coc.tables import DAYS_PER_WEEK, HOURS_PER_DAY
from py_rules.coc.wounds import end_round
from py_rules.dice import DiceSource
from py_rules.errors import RulesError
from py_rules.trace import Log
from py_rules.words import counted, passes

__all__ = ("UNITS", "SCENE_CONDITIONS", "advance", "end_scene")

UNITS = ("rounds", "hours", "days", "weeks")
MAX_ROUNDS = 100
MAX_HOURS = HOURS_PER_DAY * DAYS_PER_WEEK * 52
SCENE_CONDITIONS = tuple(c.name for c in CONDITIONS if c.timer == "encounters")
"""The conditions that last only as long as the fight (prone): hours passing end the scene, so they end too."""


def end_scene(state: dict, log: Log) -> None:
    """Clear the conditions that end with the fight or scene (:data:`SCENE_CONDITIONS`), each with a trace line: an
    hour or more passing means the fight is over (rules/coc.md §3.9; rules/cross-system.md §4)."""
    c = state["conditions"]
    for name in SCENE_CONDITIONS:
        if c.get(name):
            c[name] = False
            words = name.replace("_", " ")
            log.step(f"The fight is over as time passes: {who(state)} is no longer {words}", CONDITIONS[name].source)
            log.event(f"{who(state)} is no longer {words}")


def advance(dice: DiceSource, state: dict, unit: str, amount: int, log: Log, settings: Settings = Settings()) -> None:
    """Advance ``state`` (a copy, changed in place) by ``amount`` ``unit``, written into ``log``; it is told each roll
    the time ran with its target and outcome: a dying roll (led by its round when more pass), a weekly major-wound
    healing roll."""
    c = state["conditions"]
    if unit == "rounds":
        if amount > MAX_ROUNDS:
            raise RulesError("out_of_range", f"Advance at most {MAX_ROUNDS} rounds at once.", "amount")
        for number in range(1, amount + 1):
            log.step(f"End of round {number}", "rules/cross-system.md §4: one entry point runs every periodic rule")
            first = len(log.told)
            end_round(dice, state, log)
            if amount > 1:
                log.told[first:] = [f"Round {number}: {line}" for line in log.told[first:]]
            if c["dead"]:
                break
        return
    hours = amount * {"hours": 1, "days": HOURS_PER_DAY, "weeks": HOURS_PER_DAY * DAYS_PER_WEEK}[unit]
    if hours > MAX_HOURS:
        raise RulesError("out_of_range", "Advance at most 52 weeks at once.", "amount")
    if c["dying"] and not c["stabilised"] and not c["dead"]:
        raise RulesError(
            "rule_violation",
            f"{who(state)} is dying: play out the rounds (CON roll each round) or stabilise "
            "with First Aid before time passes in hours or days.",
            "investigator",
        )  # rules/coc.md §3.9
    log.step(
        f"{passes(amount, unit)} ({counted(hours, 'hours')}); the day's hour is now "
        f"{(state['hour_of_day'] + hours) % HOURS_PER_DAY}",
        "rules/cross-system.md §4: one entry point runs every periodic rule",
    )
    state["damage_this_round"] = 0
    state["defences_this_round"] = 0
    state["shots_this_round"] = 0
    if c["involuntary_action"]:
        c["involuntary_action"] = False
        log.step(
            f"The moment of fear has passed: the Keeper no longer controls {who(state)}'s next action",
            "seed 003, Failing a Sanity Roll ('briefly')",
        )
    end_scene(state, log)
    for _ in range(hours):
        pass_hours(state, 1, log)
        state["hour_of_day"] += 1
        if state["hour_of_day"] == HOURS_PER_DAY:
            state["hour_of_day"] = 0
            natural_day(dice, state, log, settings)
            start_day(state)
