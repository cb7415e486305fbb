"""Time passing: rounds, hours, days, weeks run every periodic rule (rules/cross-system.md §4; rules/coc.md §3.14 C10, C16, C19, C22).

Rounds: the dying roll CON and the per-round counters reset. Hours: temporary
insanity counts down. Each new day: scheduled Medicine, natural healing
(1 HP/day without a major wound) or the weekly major-wound roll.
"""

from __future__ import annotations

from py_rules.coc.investigator import who
from py_rules.coc.sanity import pass_hours, start_day
from py_rules.coc.settings import Settings
from py_rules.coc.tables import DAYS_PER_WEEK, HOURS_PER_DAY
from py_rules.coc.wounds import end_round, natural_day
from py_rules.dice import DiceSource
from py_rules.errors import RulesError
from py_rules.trace import Step
from py_rules.words import counted, passes

__all__ = ("UNITS", "advance")

UNITS = ("rounds", "hours", "days", "weeks")
MAX_ROUNDS = 100
MAX_HOURS = HOURS_PER_DAY * DAYS_PER_WEEK * 52


def advance(
    dice: DiceSource, state: dict, unit: str, amount: int, settings: Settings = Settings(), told: list | None = None
):
    """Advance ``state`` (a copy, changed in place) by ``amount`` ``unit``; returns steps and events. ``told`` (a
    list, when given) receives each roll the time ran with its target and outcome: a dying roll (led by its round
    when more pass), a weekly major-wound healing roll."""
    steps, events = [], []
    c = state["conditions"]
    if unit == "rounds":
        if amount > MAX_ROUNDS:
            raise RulesError("out_of_range", f"Advance at most {MAX_ROUNDS} rounds at once.", "amount")
        for number in range(1, amount + 1):
            said: list[str] = []
            more, evs = end_round(dice, state, said)
            if told is not None:
                told += [f"Round {number}: {line}" if amount > 1 else line for line in said]
            steps.append(
                Step(f"End of round {number}", "rules/cross-system.md §4: one entry point runs every periodic rule")
            )
            steps += more
            events += evs
            if c["dead"]:
                break
        return steps, events
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
    state["damage_this_round"] = 0
    state["defences_this_round"] = 0
    if c["involuntary_action"]:
        c["involuntary_action"] = False
        steps.append(
            Step(
                f"The moment of fear has passed: the Keeper no longer controls {who(state)}'s next action",
                "seed 003, Failing a Sanity Roll ('briefly')",
            )
        )
    for _ in range(hours):
        more, evs = pass_hours(state, 1)
        steps += more
        events += evs
        state["hour_of_day"] += 1
        if state["hour_of_day"] == HOURS_PER_DAY:
            state["hour_of_day"] = 0
            more, evs = natural_day(dice, state, settings, told)
            steps += more
            events += evs
            start_day(state)
    steps.insert(
        0,
        Step(
            f"{passes(amount, unit)} ({counted(hours, 'hours')}); the day's hour is now {state['hour_of_day']}",
            "rules/cross-system.md §4: one entry point runs every periodic rule",
        ),
    )
    return steps, events
