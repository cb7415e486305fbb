"""Seed 003 "Sanity", "Failing a Sanity Roll", "Going Mad", "Regaining Sanity" (C20–C22)."""

import copy

import pytest
from coc_helpers import d100, harvey, run

from py_rules import api
from py_rules.coc import checks, luck, sanity
from py_rules.coc.push import push_roll
from py_rules.coc.settings import Settings
from py_rules.coc.tables import SANITY_LOSS_FORM
from py_rules.dice_expr import parse_parts
from py_rules.errors import RulesError


def san(faces, loss="0/1D6", state=None, **kwargs):
    return run(sanity.sanity_roll, faces, state or harvey(), loss, **kwargs)


def test_roll_1d100_against_the_current_sanity_score():
    result = san(d100(60), state=harvey(san=60))
    assert result.target == 60 and result.success
    assert san(d100(45) + [2], state=harvey(san=40)).success is False


def test_success_loses_x():
    result = san(d100(30), "1/1D6")
    assert result.details["loss"] == 1 and result.state["san"] == 59


def test_failing_a_sanity_roll_keeper_briefly_controls_the_next_action():
    result = san(d100(80) + [2])
    assert "involuntary_action" in result.flags
    assert result.state["conditions"]["involuntary_action"] is True


def test_then_there_is_the_next_roll_for_the_sanity_loss():
    result = san(d100(80) + [3], "0/1D6")
    assert result.details["loss"] == 3 and result.state["san"] == 57
    assert result.steps.index(
        next(s for s in result.steps if "Keeper briefly controls" in s.text)
    ) < result.steps.index(next(s for s in result.steps if s.text.startswith("Sanity loss")))


def test_the_involuntary_action_is_used_by_the_next_roll():
    afraid = san(d100(80) + [2]).state
    result = run(checks.skill_roll, d100(30), afraid, "Spot Hidden")
    assert result.state["conditions"]["involuntary_action"] is False
    assert any("Keeper" in s.text for s in result.steps)


def test_a_loss_of_5_sanity_asks_for_the_int_roll():
    result = san(d100(80) + [5] + d100(90), "0/1D6")
    assert "int_roll" in result.flags and result.details["int_roll"] == 90


def test_a_loss_of_4_does_not_ask_for_the_int_roll():
    result = san(d100(80) + [4], "0/1D6")
    assert "int_roll" not in result.flags


def test_int_roll_equal_or_lower_understands_and_goes_temporarily_insane_1d10_hours():
    result = san(d100(80) + [6] + d100(85) + [7], "0/1D6")
    assert "temporarily_insane" in result.flags
    assert result.state["temporary_insanity_hours"] == 7


def test_int_roll_higher_than_int_mind_closes_to_horror_stays_sane():
    result = san(d100(80) + [6] + d100(86), "0/1D6")
    assert result.state["temporary_insanity_hours"] == 0
    assert any("stays sane" in e for e in result.events)


def test_going_mad_threshold_option_more_than_5():
    result = san(d100(80) + [5], "0/1D6", settings=Settings(insanity_threshold="more_than_5"))
    assert "int_roll" not in result.flags


def test_fixed_loss_numbers_work():
    result = san(d100(80) + d100(50) + [4], "0/5")
    assert result.details["loss"] == 5 and result.details["insane_hours"] == 4


def test_fumbled_sanity_roll_loses_the_maximum():
    result = san(d100(100) + d100(90), "1/1D6")
    assert result.details["loss"] == 6


def test_temporary_insanity_timer_runs_out_after_its_hours():
    insane = san(d100(80) + [6] + d100(10) + [3], "0/1D6").state
    two = api.handle({"op": "coc.advance_time", "args": {"investigator": insane, "unit": "hours", "amount": 2}})
    assert two["result"]["state"]["temporary_insanity_hours"] == 1
    three = api.handle(
        {"op": "coc.advance_time", "args": {"investigator": two["result"]["state"], "unit": "hours", "amount": 1}}
    )
    assert three["result"]["state"]["temporary_insanity_hours"] == 0
    assert any("no longer temporarily insane" in e for e in three["result"]["events"])


def test_sanity_rolls_take_no_luck():
    state = san(d100(65) + [1]).state
    with pytest.raises(RulesError, match="Sanity"):
        luck.spend_luck(state, points=5)


def test_sanity_rolls_cannot_be_pushed():
    state = san(d100(65) + [1]).state
    with pytest.raises(RulesError, match="cannot be pushed"):
        run(push_roll, d100(10), state, "again")


def test_sanity_never_drops_below_zero():
    result = san(d100(80) + [6] + d100(90), "0/1D6", state=harvey(san=3))
    assert result.state["san"] == 0
    assert any(s.text == "SAN 3 − 6 = -3 → 0 (SAN never goes below 0)" for s in result.steps)


def test_book_insanity_option_sanity_zero_is_permanent():
    result = san(
        d100(80) + [6] + d100(90),
        "0/1D6",
        state=harvey(san=3, san_at_start_of_day=3),
        settings=Settings(book_insanity=True),
    )
    assert result.state["conditions"]["permanently_insane"] and result.state["conditions"]["indefinitely_insane"]


@pytest.mark.parametrize("text", ["1D6", "1/2/3", "a/b", "1/-2", "/1D6", ""])
def test_malformed_x_y_is_a_clear_error(text):
    with pytest.raises(RulesError) as error:
        parse_parts(text, SANITY_LOSS_FORM, "loss")
    assert error.value.field == "loss"


def test_malformed_x_y_through_the_api_changes_nothing():
    state = harvey()
    before = copy.deepcopy(state)
    response = api.handle({"op": "coc.sanity_roll", "args": {"investigator": state, "loss": "1D6-"}})
    assert response["ok"] is False and response["error"]["field"] == "loss"
    assert "X/Y" in response["error"]["message"]
    assert state == before


# --- Regaining Sanity ---------------------------------------------------------------------------------------


def test_regaining_sanity_rest_psychotherapy_breaks_investigations_restore_sanity():
    result = run(sanity.gain_sanity, [4], harvey(san=50), "1D6", "completed investigation")
    assert result.state["san"] == 54


def test_regained_sanity_is_capped_at_99_minus_cthulhu_mythos():
    result = run(sanity.gain_sanity, [], harvey(san=90), "10", "rest")
    assert result.state["san"] == 94


def test_as_sanity_drops_the_ability_to_handle_horrors_decreases():
    first = san(d100(80) + [4], "0/1D6", state=harvey(san=60))  # fails, SAN 60 → 56
    assert first.state["san"] == 56
    later = san(d100(58) + [1], "0/1D6", state=first.state)  # 58 would have passed against 60
    assert later.success is False and later.target == 56
