"""Time passing runs every periodic rule (rules/cross-system.md §4; rules/coc.md §3.14 C10, C16, C19, C22)."""

import pytest
from coc_helpers import d100, harvey

from py_rules import api


def advance(state, unit, amount, dice=None):
    args = {"investigator": state, "unit": unit, "amount": amount}
    if dice is not None:
        args["dice"] = dice
    response = api.handle({"op": "coc.advance_time", "args": args})
    assert response["ok"], response
    return response["result"]


def test_days_heal_1_hp_each_without_a_major_wound():
    assert advance(harvey(hp=5), "days", 3)["state"]["hp"] == 8


def test_hours_do_not_heal_until_a_day_has_passed():
    state = advance(harvey(hp=5), "hours", 23)["state"]
    assert state["hp"] == 5
    assert advance(state, "hours", 1)["state"]["hp"] == 6


def test_a_week_with_a_major_wound_makes_the_weekly_roll():
    result = advance(harvey(hp=1, conditions={"major_wound": True}), "weeks", 1, d100(50) + [2])
    assert result["state"]["hp"] == 3


def test_rounds_make_the_dying_roll_con_each_round():
    dying = harvey(hp=0, conditions={"major_wound": True, "unconscious": True, "dying": True})
    result = advance(dying, "rounds", 3, d100(30) + d100(40) + d100(70))
    assert result["state"]["conditions"]["dead"] is True


def test_time_in_hours_cannot_pass_while_dying():
    dying = harvey(hp=0, conditions={"major_wound": True, "unconscious": True, "dying": True})
    response = api.handle({"op": "coc.advance_time", "args": {"investigator": dying, "unit": "hours", "amount": 1}})
    assert response["ok"] is False and "dying" in response["error"]["message"]


def test_the_dead_do_not_heal():
    dead = harvey(hp=0, conditions={"dead": True, "unconscious": True})
    assert advance(dead, "days", 5)["state"]["hp"] == 0


@pytest.mark.parametrize("unit, amount", [("rounds", 101), ("weeks", 53)])
def test_too_much_time_at_once_is_refused(unit, amount):
    response = api.handle(
        {"op": "coc.advance_time", "args": {"investigator": harvey(), "unit": unit, "amount": amount}}
    )
    assert response["ok"] is False and response["error"]["field"] == "amount"


def test_the_keepers_brief_control_ends_when_hours_pass():
    state = advance(harvey(conditions={"involuntary_action": True}), "hours", 1)["state"]
    assert state["conditions"]["involuntary_action"] is False
