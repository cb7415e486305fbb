"""Conditions that last only as long as the fight (prone; rules/coc.md §3.9) end when time passes in hours, days or
weeks (rules/cross-system.md §4), each with a trace line; rounds passing keep the fight going."""

from coc_helpers import harvey

from py_rules.api import run_checked
from py_rules.coc import clock
from py_rules.dice import TypedDice
from py_rules.trace import Log


def test_prone_is_a_condition_that_ends_with_the_scene():
    assert clock.SCENE_CONDITIONS == ("prone",)


def test_prone_ends_after_a_week_of_healing_with_a_trace_line():
    dice = TypedDice([])
    state = harvey(hp=5, conditions={"prone": True})
    answer = run_checked("coc.advance_time", {"investigator": state, "unit": "weeks", "amount": 1}, dice)
    dice.finish()
    new = answer["states"]["coc.investigator"]
    assert not new["conditions"]["prone"] and new["hp"] == 12
    assert any("no longer prone" in step["text"] for step in answer["steps"])
    assert any("no longer prone" in event for event in answer["events"])
    assert "no longer prone" in answer["level_name"]


def test_prone_ends_after_an_hour():
    state, log = harvey(conditions={"prone": True}), Log()
    clock.advance(TypedDice([]), state, "hours", 1, log)
    assert not state["conditions"]["prone"]
    assert [e for e in log.events if "prone" in e] == ["Harvey Walters is no longer prone"]


def test_prone_stays_while_rounds_pass():
    state, log = harvey(conditions={"prone": True}), Log()
    clock.advance(TypedDice([]), state, "rounds", 3, log)
    assert state["conditions"]["prone"]
    assert not any("prone" in e for e in log.events)


def test_time_passing_does_not_touch_conditions_that_are_not_the_fight_s():
    state, log = harvey(hp=12, conditions={"indefinitely_insane": True}), Log()
    clock.advance(TypedDice([]), state, "days", 1, log)
    assert state["conditions"]["indefinitely_insane"]
    assert not log.events
