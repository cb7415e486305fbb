"""Seed 003 "Rolling Dice", "Pushing a Roll", "Luck" (C3–C6), with scripted dice."""

import copy

import pytest
from coc_helpers import d100, harvey, run
from hypothesis import given, strategies as st

from py_rules import api
from py_rules.coc import checks, luck, push
from py_rules.coc.levels import Level, level_for
from py_rules.coc.settings import Settings
from py_rules.errors import RulesError


def spot(faces, state=None, **kwargs):
    return run(checks.skill_roll, faces, state or harvey(), "Spot Hidden", **kwargs)


# --- Rolling Dice -------------------------------------------------------------------------------------------


def test_rolling_dice_regular_roll_equal_to_or_less_than_your_skill_on_1d100():
    result = spot(d100(55))
    assert result.success and result.level_name == "Regular success" and result.total == 55
    assert not spot(d100(56)).success


def test_rolling_dice_hard_roll_equal_to_or_less_than_half_your_skill():
    assert spot(d100(27)).level_name == "Hard success"
    assert spot(d100(28)).level_name == "Regular success"


def test_rolling_dice_extreme_roll_equal_to_or_less_than_one_fifth_of_your_skill():
    assert spot(d100(11)).level_name == "Extreme success"
    assert spot(d100(12)).level_name == "Hard success"


def test_rolling_dice_agree_on_a_goal_with_the_keeper_the_goal_is_shown():
    result = spot(d100(30), goal="find the hidden letter")
    assert "find the hidden letter" in result.steps[0].text


def test_the_keeper_demands_a_hard_success_a_regular_roll_fails():
    result = spot(d100(40), difficulty="Hard")
    assert result.level_name == "Regular success" and result.success is False


def test_the_roll_is_kept_on_the_sheet_and_the_input_is_unchanged():
    state = harvey()
    before = copy.deepcopy(state)
    result = spot(d100(70), state)
    assert state == before
    assert result.state["last_roll"]["roll"] == 70 and result.state["last_roll"]["kind"] == "skill"


def test_characteristic_roll_uses_the_characteristic_as_the_value():
    result = run(checks.characteristic_roll, d100(60), harvey(), "CON")
    assert result.target == 60 and result.success
    assert not run(checks.characteristic_roll, d100(86), harvey(), "INT").success


def test_luck_is_also_a_skill_itself_roll_against_current_luck():
    result = run(checks.luck_roll, d100(50), harvey())
    assert result.target == 50 and result.success
    assert result.state["last_roll"]["kind"] == "luck"


def test_typed_tens_die_must_show_a_multiple_of_ten():
    with pytest.raises(RulesError) as error:
        spot([5, 55])
    assert error.value.field == "dice"


# --- Pushing a Roll -----------------------------------------------------------------------------------------


def failed_spot(roll=80, **kwargs):
    return spot(d100(roll), **kwargs).state


def test_pushing_a_failed_roll_rolls_the_same_skill_once_more():
    result = run(push.push_roll, d100(20), failed_spot(), "search the desk drawers instead")
    assert result.success and result.target == 55
    assert result.state["last_roll"]["pushed"] is True
    assert "pushed" in result.flags


def test_failing_a_pushed_roll_might_result_in_harsher_consequences():
    result = run(push.push_roll, d100(90), failed_spot(), "try again")
    assert not result.success
    assert "dire_consequence" in result.flags
    assert any("harsher consequence" in e for e in result.events)


def test_a_pushed_roll_cannot_be_pushed_again():
    pushed = run(push.push_roll, d100(90), failed_spot(), "try again").state
    with pytest.raises(RulesError) as refused:
        run(push.push_roll, d100(10), pushed, "and again")
    # said as a refusal: no further roll is allowed (never "you can roll once more")
    assert refused.value.message == "This roll was already pushed: a pushed roll can't be pushed again."


def test_a_successful_roll_cannot_be_pushed():
    with pytest.raises(RulesError, match="failed roll"):
        run(push.push_roll, d100(10), spot(d100(20)).state, "why not")


def test_pushing_needs_a_justification():
    with pytest.raises(RulesError) as error:
        run(push.push_roll, d100(10), failed_spot(), "  ")
    assert error.value.field == "justification"


def test_a_combat_roll_cannot_be_pushed():
    state = harvey(
        last_roll={
            "kind": "combat",
            "name": "Fighting (Brawl)",
            "value": 40,
            "difficulty": "Regular",
            "roll": 80,
            "level": 1,
            "success": False,
            "pushed": False,
            "luck_spent": 0,
        }
    )
    response = api.handle({"op": "coc.push_roll", "args": {"investigator": state, "justification": "again"}})
    assert response["ok"] is False
    assert "can't push a combat roll" in response["error"]["message"]


def test_you_cant_push_opposed_rolls():
    state = harvey(
        last_roll={
            "kind": "opposed",
            "name": "Stealth",
            "value": 30,
            "difficulty": "Regular",
            "roll": 80,
            "level": 1,
            "success": False,
            "pushed": False,
            "luck_spent": 0,
        }
    )
    with pytest.raises(RulesError, match="opposed"):
        run(push.push_roll, d100(10), state, "again")


def test_sanity_rolls_cannot_be_pushed():
    state = harvey(
        last_roll={
            "kind": "sanity",
            "name": "Sanity",
            "value": 60,
            "difficulty": "Regular",
            "roll": 80,
            "level": 1,
            "success": False,
            "pushed": False,
            "luck_spent": 0,
        }
    )
    with pytest.raises(RulesError, match="cannot be pushed"):
        run(push.push_roll, d100(10), state, "again")


def test_also_you_can_push_if_you_rolled_a_fumble_100():
    fumbled = spot(d100(100)).state
    assert fumbled["last_roll"]["level"] == Level.FUMBLE
    result = run(push.push_roll, d100(30), fumbled, "steady the lamp")
    assert result.success


def test_fumble_push_setting_book_rule_forbids_it():
    fumbled = spot(d100(100)).state
    with pytest.raises(RulesError, match="fumble"):
        run(push.push_roll, d100(30), fumbled, "again", settings=Settings(push_after_fumble=False))


def test_a_pushed_roll_keeps_the_same_bonus_dice():
    state = spot([0, 90, 80], bonus=1).state  # 80 fails
    result = run(push.push_roll, [5, 90, 10], state, "again")
    assert result.total == 15


def test_the_keeper_may_change_the_bonus_dice_of_a_push():
    state = spot([0, 90, 80], bonus=1).state  # 80 fails
    result = run(push.push_roll, [5, 90], state, "the light is worse now", bonus=0)
    assert result.total == 95 and result.state["last_roll"]["bonus"] == 0
    response = api.handle(
        {
            "op": "coc.push_roll",
            "args": {
                "investigator": state,
                "justification": "with a lamp",
                "bonus": 0,
                "penalty": 1,
                "dice": [5, 10, 90],
            },
        }
    )
    assert response["result"]["total"] == 95 and any("changes the dice" in t for t in response["result"]["text"])


# --- Luck ---------------------------------------------------------------------------------------------------


def test_reduce_roll_value_by_spending_luck_points():
    result = luck.spend_luck(failed_spot(60), points=5)
    assert result.total == 55 and result.success
    assert result.state["luck"] == 45


def test_spending_luck_even_if_you_succeed_to_reach_a_better_level():
    state = spot(d100(40)).state
    result = luck.spend_luck(state, target_level="Hard")
    assert result.details["points"] == 13
    assert result.level_name == "Hard success" and result.state["luck"] == 37


def test_spend_luck_cost_is_roll_minus_threshold():
    assert luck.luck_cost(45, 40, Level.REGULAR) == 5


def test_luck_only_for_skill_checks_you_cant_use_them_for_damage():
    state = harvey(
        last_roll={
            "kind": "damage",
            "name": "Brawl damage",
            "roll": 2,
            "value": 0,
            "difficulty": "Regular",
            "level": 2,
            "success": True,
            "pushed": False,
            "luck_spent": 0,
        }
    )
    with pytest.raises(RulesError, match="damage"):
        luck.spend_luck(state, points=1)


def test_you_cant_spend_luck_on_pushed_rolls():
    pushed = run(push.push_roll, d100(90), failed_spot(), "again").state
    with pytest.raises(RulesError, match="pushed"):
        luck.spend_luck(pushed, points=40)


def test_a_fumble_cannot_be_bought_off_with_luck():
    fumbled = spot(d100(100)).state
    response = api.handle({"op": "coc.spend_luck", "args": {"investigator": fumbled, "points": 50}})
    assert response["ok"] is False and "fumble" in response["error"]["message"]


def test_luck_never_buys_a_critical():
    state = spot(d100(20)).state
    with pytest.raises(RulesError, match="critical"):
        luck.spend_luck(state, points=19)
    low = harvey(skills={"Spot Hidden": 9})
    with pytest.raises(RulesError, match="critical"):
        luck.spend_luck(spot(d100(5), low).state, target_level="Extreme")


def test_no_luck_on_luck_rolls_or_sanity_rolls():
    lucky = run(checks.luck_roll, d100(70), harvey()).state
    with pytest.raises(RulesError, match="Luck roll"):
        luck.spend_luck(lucky, points=20)


def test_cannot_spend_more_luck_than_you_have():
    with pytest.raises(RulesError, match="Luck left"):
        luck.spend_luck(failed_spot(80), points=51)


def test_after_spending_luck_the_roll_cannot_be_pushed():
    state = luck.spend_luck(failed_spot(80), points=10).state  # 70: still failed
    with pytest.raises(RulesError, match="not both"):
        run(push.push_roll, d100(10), state, "again")


def test_recover_luck_gains_1d10_when_the_roll_is_above_current_luck():
    result = run(luck.recover_luck, d100(70) + [6], harvey())
    assert result.state["luck"] == 56
    assert run(luck.recover_luck, d100(40), harvey()).state["luck"] == 50


@given(st.integers(2, 99), st.integers(1, 100), st.integers(1, 98))
def test_spending_luck_never_lowers_the_level(roll, value, points):
    before = level_for(roll, value)
    if before == Level.FUMBLE or roll - points < 2:
        return
    _new, after = luck.apply_luck(roll, value, "Regular", points, 99)
    assert after >= before
    assert after != Level.CRITICAL


def test_spend_luck_takes_points_or_a_level_not_both():
    with pytest.raises(RulesError) as error:
        luck.spend_luck(failed_spot(60), points=3, target_level="Regular")
    assert error.value.field == "points"


def test_luck_only_for_skill_checks_not_characteristic_rolls():
    from py_rules.coc.luck import luck_refusal

    assert luck_refusal({"kind": "characteristic", "pushed": False, "level": 1}) == (
        "Luck is only for skill checks, not a characteristic roll."
    )
    assert luck_refusal({"kind": "skill", "pushed": False, "level": 1}) is None
