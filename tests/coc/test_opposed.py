"""Seed 003 "Opposed Rolls" and "Combined rolls" (C7, C8)."""

import pytest
from coc_helpers import cultist, d100, harvey, run

from py_rules import api
from py_rules.coc import luck, opposed, push
from py_rules.coc.levels import Level
from py_rules.dice import TypedDice
from py_rules.errors import RulesError
from py_rules.trace import Log


def vs(faces, skill_a="Fighting (Brawl)", skill_b="Dodge", a=None, b=None):
    return run(opposed.opposed_roll, faces, a or harvey(), b or cultist(), skill_a, skill_b)


def test_both_people_roll_for_different_skills_dodge_against_brawl():
    result = vs(d100(30) + d100(20))
    assert result.details["rolls"] == {"Harvey Walters": 30, "Cultist": 20}


def test_compare_success_levels_regular_beats_fail():
    assert vs(d100(35) + d100(50)).details["winner"] == "Harvey Walters"


def test_compare_success_levels_hard_beats_regular():
    assert vs(d100(30) + d100(12)).details["winner"] == "Cultist"  # Brawl 40: Regular 30; Dodge 27: Hard 12


def test_compare_success_levels_extreme_beats_hard():
    assert vs(d100(8) + d100(13)).details["winner"] == "Harvey Walters"


def test_draw_higher_skill_wins():
    # Harvey Brawl 40, Cultist Brawl 50: both Regular
    result = vs(d100(35) + d100(45), skill_b="Fighting (Brawl)")
    assert result.details["winner"] == "Cultist"


def test_draw_equal_skills_roll_1d100_lower_result_wins():
    a = harvey(skills={"Stealth": 40})
    b = cultist(skills={"Spot Hidden": 40})
    result = vs(d100(30) + d100(35) + d100(70) + d100(12), "Stealth", "Spot Hidden", a, b)
    assert result.details["winner"] == "Cultist"
    assert any("Roll-off" in s.text for s in result.steps)


def test_roll_off_ties_roll_again():
    log = Log()
    winner = opposed.roll_off(TypedDice(d100(40) + d100(40) + d100(10) + d100(60)), "A", "B", log)
    assert winner == "a" and "roll again" in log.steps[0].text


def test_both_failing_means_no_winner():
    result = vs(d100(90) + d100(80))
    assert result.details["winner"] is None and "no_winner" in result.flags


def test_opposed_roll_is_recorded_and_cannot_be_pushed():
    state = vs(d100(90) + d100(20)).state
    with pytest.raises(RulesError, match="opposed"):
        run(push.push_roll, d100(10), state, "again")


def test_compare_is_symmetric():
    for la in Level:
        for lb in Level:
            ab = opposed.compare(la, lb, 40, 60)
            ba = opposed.compare(lb, la, 60, 40)
            assert {"a": "b", "b": "a"}.get(ab, ab) == ba


# --- Combined rolls -----------------------------------------------------------------------------------------


def test_combined_rolls_throw_and_stealth_with_one_roll_all_needed():
    state = harvey(skills={"Throw": 30, "Stealth": 50})
    result = run(opposed.combined_roll, d100(40), state, ["Throw", "Stealth"], mode="all")
    assert result.success is False
    assert result.details["successes"] == {"Throw": False, "Stealth": True}


def test_combined_rolls_the_keeper_decides_any_one_is_enough():
    state = harvey(skills={"Throw": 30, "Stealth": 50})
    assert run(opposed.combined_roll, d100(40), state, ["Throw", "Stealth"], mode="any").success is True


def test_combined_roll_needs_two_known_skills():
    with pytest.raises(RulesError):
        opposed.parse_skill_list("Throw")
    with pytest.raises(RulesError) as error:
        opposed.parse_skill_list("Throw, Basket Weaving")
    assert error.value.code == "unknown_skill"


def test_a_failed_combined_roll_can_be_pushed():
    state = run(opposed.combined_roll, d100(90), harvey(), ["Throw", "Stealth"]).state
    result = run(push.push_roll, d100(10), state, "wait for the guard to turn")
    assert result.success and "pushed" in result.flags


def test_luck_may_be_spent_on_an_opposed_roll_before_comparing():
    # Harvey Brawl 40 rolls 45 (fail) and spends 5 → 40 Regular; the Cultist's Dodge 27 rolls 90 (fail)
    result = run(opposed.opposed_roll, d100(45) + d100(90), harvey(), cultist(), "Fighting (Brawl)", "Dodge", luck_a=5)
    assert result.details["winner"] == "Harvey Walters"
    assert result.states["coc.investigator"]["luck"] == 45


def test_luck_cannot_buy_off_a_fumbled_opposed_roll():
    # the Luck was chosen before the dice: the fumble stands, no Luck is spent, the rolled dice are not thrown away
    result = run(
        opposed.opposed_roll, d100(100) + d100(20), harvey(), cultist(), "Fighting (Brawl)", "Dodge", luck_a=50
    )
    assert result.total == 100 and result.details["winner"] == "Cultist"
    assert result.states["coc.investigator"]["luck"] == 50


def test_more_luck_than_the_investigator_has_is_refused_before_rolling():
    response = api.handle(
        {"op": "coc.opposed_roll", "args": {"investigator": harvey(), "opponent": cultist(), "luck": 51, "dice": []}}
    )
    assert response["ok"] is False and response["error"]["field"] == "luck"


def test_luck_lowers_the_one_roll_of_a_combined_roll_against_every_skill():
    state = harvey(skills={"Throw": 30, "Stealth": 50})
    failed = run(opposed.combined_roll, d100(40), state, ["Throw", "Stealth"], mode="all").state
    result = luck.spend_luck(failed, target_level="Regular")
    assert result.details["points"] == 10 and result.total == 30 and result.success
    assert result.details["levels"] == {"Throw": "Regular success", "Stealth": "Regular success"}
    assert result.state["luck"] == 40 and result.state["last_roll"]["luck_spent"] == 10
    with pytest.raises(RulesError, match="not both"):
        run(push.push_roll, d100(10), luck.spend_luck(failed, points=5).state, "again")


def test_luck_on_a_combined_roll_the_keeper_needs_any_one():
    state = harvey(skills={"Throw": 30, "Stealth": 50})
    failed = run(opposed.combined_roll, d100(60), state, ["Throw", "Stealth"], mode="any").state
    result = luck.spend_luck(failed, target_level="Regular")
    assert result.details["points"] == 10 and result.success
    assert result.details["levels"]["Throw"] == "Failure"


def test_luck_cannot_buy_off_a_fumbled_combined_roll():
    fumbled = run(opposed.combined_roll, d100(100), harvey(), ["Throw", "Stealth"]).state
    with pytest.raises(RulesError, match="fumble"):
        luck.spend_luck(fumbled, points=50)


def test_a_combined_roll_uses_up_the_keepers_control_after_a_failed_sanity_roll():
    frightened = harvey(conditions={"involuntary_action": True})
    result = run(opposed.combined_roll, d100(20), frightened, ["Throw", "Stealth"])
    assert result.state["conditions"]["involuntary_action"] is False
    assert any("involuntary action is used up" in e for e in result.events)
