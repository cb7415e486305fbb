"""Investigator development (C24; rules/coc.md §3.15 [BOOK]): ticks earned by rolled skill successes, the development
phase at the end of a scenario, and the optional Luck recovery (rules/coc.md §3.6), with scripted dice."""

import copy

import pytest
from coc_helpers import cultist, d100, harvey, run
from hypothesis import given, settings as hsettings, strategies as st

from py_rules import api
from py_rules.coc import attack as attack_mod, checks, development, luck, opposed, push
from py_rules.coc.investigator import EXAMPLE, from_dict
from py_rules.coc.sanity import sanity_roll
from py_rules.coc.settings import Settings
from py_rules.dice import RandomDice
from py_rules.errors import RulesError


def spot(faces, state=None, **kwargs):
    return run(checks.skill_roll, faces, state or harvey(), "Spot Hidden", **kwargs)


def develop(faces, state, **kwargs):
    return run(development.development_phase, faces, state, **kwargs)


def texts(result):
    return [step.text for step in result.steps]


# --- The tick --------------------------------------------------------------------------------------------------


def test_a_skill_roll_whose_rolled_result_succeeds_ticks_the_skill_and_the_trace_says_so():
    result = spot(d100(40))  # Spot Hidden 55
    assert result.state["ticks"] == ["Spot Hidden"]
    assert "Harvey Walters ticks Spot Hidden for improvement" in result.events
    assert any("Spot Hidden is ticked for improvement" in text for text in texts(result))


def test_a_failed_skill_roll_ticks_nothing():
    assert spot(d100(56)).state["ticks"] == []


def test_a_skill_holds_one_tick_and_a_second_success_adds_none():
    result = spot(d100(10), harvey(ticks=["Spot Hidden"]))
    assert result.state["ticks"] == ["Spot Hidden"] and result.events == []
    assert any("already ticked" in text for text in texts(result))


def test_a_skill_not_on_the_sheet_ticks_at_its_base_value():
    result = run(checks.skill_roll, d100(15), harvey(), "Listen")  # base 20
    assert result.state["ticks"] == ["Listen"]


def test_a_success_bought_with_luck_earns_no_tick_and_removes_no_earlier_tick():
    failed = spot(d100(60), harvey(ticks=["Listen"])).state
    bought = luck.spend_luck(failed, points=5)
    assert bought.success and bought.state["luck"] == 45
    assert bought.state["ticks"] == ["Listen"]
    assert "A success bought with Luck earns no tick" in texts(bought)


def test_luck_spent_on_a_rolled_success_keeps_that_rolls_tick():
    """rules/coc.md §3.15: the rolled result succeeded; the Luck only raised the level."""
    ticked = spot(d100(40)).state
    raised = luck.spend_luck(ticked, target_level="Hard")
    assert raised.state["ticks"] == ["Spot Hidden"]
    assert "A success bought with Luck earns no tick" not in texts(raised)


def test_a_pushed_roll_that_succeeds_ticks_the_skill():
    failed = spot(d100(80)).state
    pushed = run(push.push_roll, d100(30), failed, "He empties every drawer")
    assert pushed.state["ticks"] == ["Spot Hidden"]
    assert "Harvey Walters ticks Spot Hidden for improvement" in pushed.events


def test_a_pushed_roll_that_fails_ticks_nothing():
    failed = spot(d100(80)).state
    assert run(push.push_roll, d100(90), failed, "He empties every drawer").state["ticks"] == []


def test_in_an_opposed_roll_only_the_winners_skill_is_ticked():
    # Harvey Brawl 40 rolls 30 (Regular), the Cultist Brawl 50 rolls 45 (Regular): a draw, the higher skill wins
    result = run(opposed.opposed_roll, d100(30) + d100(45), harvey(), cultist(), "Fighting (Brawl)", "Fighting (Brawl)")
    assert result.details["winner"] == "Cultist"
    assert result.states["coc.opponent"]["ticks"] == ["Fighting (Brawl)"]
    assert result.states["coc.investigator"]["ticks"] == []
    assert "Cultist ticks Fighting (Brawl) for improvement" in result.events


def test_an_opposed_roll_nobody_wins_ticks_nobody():
    result = run(opposed.opposed_roll, d100(80) + d100(90), harvey(), cultist(), "Fighting (Brawl)", "Dodge")
    assert result.details["winner"] is None
    assert result.states["coc.investigator"]["ticks"] == result.states["coc.opponent"]["ticks"] == []


def test_an_opposed_win_bought_with_luck_earns_no_tick():
    # Harvey Brawl 40 rolls 45 (a failure) and spends 5 Luck → 40 Regular; the Cultist's Dodge 27 fails with 80
    result = run(opposed.opposed_roll, d100(45) + d100(80), harvey(), cultist(), "Fighting (Brawl)", "Dodge", luck_a=5)
    assert result.details["winner"] == "Harvey Walters"
    assert result.states["coc.investigator"]["ticks"] == []
    assert "A success bought with Luck earns no tick" in texts(result)


@pytest.mark.parametrize("skill", ["Cthulhu Mythos", "Credit Rating"])
def test_cthulhu_mythos_and_credit_rating_are_never_ticked(skill):
    state = harvey(skills={**EXAMPLE["skills"], "Cthulhu Mythos": 20, "Credit Rating": 40})
    result = run(checks.skill_roll, d100(5), state, skill)
    assert result.success and result.state["ticks"] == []
    assert any(f"{skill} is never ticked" in text for text in texts(result))


@pytest.mark.parametrize("skill", ["Cthulhu Mythos", "Credit Rating", "Mythos"])
def test_a_sheet_holding_a_tick_on_mythos_or_credit_rating_is_refused_naming_the_place(skill):
    with pytest.raises(RulesError) as error:
        harvey(ticks=["Listen", skill])
    assert error.value.field == "ticks.1" and "never ticked" in error.value.message


def test_the_ticks_are_validated_as_skill_names_each_once():
    assert harvey(ticks=["spot hidden", "Brawl"])["ticks"] == ["Spot Hidden", "Fighting (Brawl)"]
    for bad, field in (
        (["Spot Hidden", "Spot Hidden"], "ticks.1"),
        (["Knitting"], "ticks.0"),
        ("Spot Hidden", "ticks"),
        ([3], "ticks.0"),
    ):
        with pytest.raises(RulesError) as error:
            harvey(ticks=bad)
        assert error.value.field == field


def test_a_sheet_with_ticks_comes_back_canonical_and_is_accepted_when_sent_back():
    sheet = harvey(ticks=["Listen", "Spot Hidden"])
    assert from_dict(copy.deepcopy(sheet)) == sheet


def test_characteristic_luck_and_sanity_rolls_earn_no_tick():
    assert run(checks.characteristic_roll, d100(10), harvey(), "INT").state["ticks"] == []
    assert run(checks.luck_roll, d100(10), harvey()).state["ticks"] == []
    assert run(sanity_roll, d100(10), harvey(), "0/1").state["ticks"] == []


def test_a_success_with_a_bonus_die_ticks_by_default_and_not_under_the_house_rule():
    faces = [0, 10, 90]  # units 0; tens 10 and 90 with one bonus die → 10
    assert spot(faces, bonus=1).state["ticks"] == ["Spot Hidden"]
    refused = spot(faces, bonus=1, settings=Settings(tick_with_bonus_die=False))
    assert refused.success and refused.state["ticks"] == []
    assert any("bonus die: no tick" in text for text in texts(refused))
    cancelled = spot([0, 10], bonus=1, penalty=1, settings=Settings(tick_with_bonus_die=False))  # no net bonus die
    assert cancelled.state["ticks"] == ["Spot Hidden"]


def test_a_combined_roll_that_succeeds_ticks_each_skill_that_succeeded():
    state = harvey()  # Throw 30, Stealth 30, Spot Hidden 55
    both = run(opposed.combined_roll, d100(25), state, ["Throw", "Stealth"], mode="all")
    assert both.state["ticks"] == ["Throw", "Stealth"]
    one = run(opposed.combined_roll, d100(45), state, ["Throw", "Spot Hidden"], mode="any")
    assert one.success and one.state["ticks"] == ["Spot Hidden"]
    failed = run(opposed.combined_roll, d100(45), state, ["Throw", "Spot Hidden"], mode="all")
    assert not failed.success and failed.state["ticks"] == []


# --- Combat: attacks and defences are skill rolls (rules/coc.md §3.8), opposed, so only the winner ticks ----------------


def fight(faces, **kwargs):
    return run(attack_mod.attack, faces, harvey(), cultist(), **kwargs)


def test_an_attack_that_hits_ticks_the_attackers_fighting_skill_not_the_defenders_dodge():
    # Harvey Brawl 40 rolls 10 (Hard), the Cultist's Dodge 27 rolls 20 (Regular): a hit for 1D3 = 2
    result = fight(d100(10) + d100(20) + [2], defence="dodge")
    assert result.details["outcome"] == "attacker wins"
    assert result.states["coc.investigator"]["ticks"] == ["Fighting (Brawl)"]
    assert result.states["coc.opponent"]["ticks"] == []
    assert "Harvey Walters ticks Fighting (Brawl) for improvement" in result.events


def test_a_successful_dodge_ticks_the_defenders_dodge_only():
    result = fight(d100(35) + d100(5), defence="dodge")  # Regular against Extreme
    assert result.details["outcome"] == "defender wins"
    assert result.states["coc.opponent"]["ticks"] == ["Dodge"]
    assert result.states["coc.investigator"]["ticks"] == []


def test_an_attack_both_sides_fail_ticks_nobody():
    result = fight(d100(80) + d100(90), defence="dodge")
    assert result.states["coc.opponent"]["ticks"] == result.states["coc.investigator"]["ticks"] == []


def test_a_shot_under_the_book_firearms_rule_ticks_on_a_rolled_hit():
    result = fight(d100(20) + [4], weapon="Handgun", settings=Settings(firearms_rule="book"))  # Handgun 45, 1D10 = 4
    assert result.success and result.states["coc.investigator"]["ticks"] == ["Firearms (Handgun)"]


# --- The development phase ---------------------------------------------------------------------------------------


def test_a_roll_above_the_skill_adds_1d10_and_clears_the_tick():
    result = develop(d100(70) + [6], harvey(ticks=["Spot Hidden"]))  # Spot Hidden 55
    assert result.state["skills"]["Spot Hidden"] == 61 and result.state["ticks"] == []
    assert result.details["skills"] == [
        {"skill": "Spot Hidden", "roll": 70, "before": 55, "gain": 6, "after": 61, "improved": True, "sanity": 0}
    ]
    assert "Harvey Walters's Spot Hidden improves from 55 to 61" in result.events


def test_a_roll_not_above_the_skill_adds_nothing_and_the_tick_is_cleared_anyway():
    result = develop(d100(55), harvey(ticks=["Spot Hidden"]))
    assert result.state["skills"]["Spot Hidden"] == 55 and result.state["ticks"] == []
    assert any("no improvement" in text for text in texts(result))
    assert any("ticks are cleared" in event for event in result.events)


def test_a_roll_of_96_or_more_improves_even_a_skill_above_it_but_never_past_99():
    state = harvey(skills={**EXAMPLE["skills"], "Spot Hidden": 97})
    result = develop(d100(96) + [8], from_dict({**state, "ticks": ["Spot Hidden"]}))
    assert result.state["skills"]["Spot Hidden"] == 99
    assert any("96 is 96 or more" in text for text in texts(result))
    unchanged = develop(d100(95), from_dict({**state, "ticks": ["Spot Hidden"]}))
    assert unchanged.state["skills"]["Spot Hidden"] == 97


def test_a_skill_reaching_90_for_the_first_time_gives_2d6_sanity():
    state = harvey(skills={**EXAMPLE["skills"], "Spot Hidden": 85}, san=50, ticks=["Spot Hidden"])
    result = develop(d100(99) + [7, 4, 5], state)  # 85 + 7 = 92; 2D6 = 4 + 5
    assert result.state["skills"]["Spot Hidden"] == 92 and result.state["san"] == 59
    assert result.details["sanity_gained"] == 9 and result.details["skills"][0]["sanity"] == 9


def test_the_90_sanity_reward_is_capped_at_99_minus_cthulhu_mythos():
    state = harvey(skills={**EXAMPLE["skills"], "Spot Hidden": 85, "Cthulhu Mythos": 10}, san=85, ticks=["Spot Hidden"])
    result = develop(d100(99) + [7, 6, 6], state)
    assert result.state["san"] == 89  # 85 + 12, at most 99 − 10


def test_a_skill_already_at_90_gives_no_sanity_when_it_rises_again():
    state = harvey(skills={**EXAMPLE["skills"], "Spot Hidden": 90}, ticks=["Spot Hidden"])
    result = develop(d100(99) + [3], state)  # no 2D6: left-over faces would fail the run
    assert result.state["skills"]["Spot Hidden"] == 93 and result.state["san"] == state["san"]


def test_every_ticked_skill_is_rolled_in_the_order_ticked_and_every_die_is_in_the_trace():
    state = harvey(ticks=["Listen", "Spot Hidden", "Dodge"])  # Listen 20 (base), Spot Hidden 55, Dodge 40
    answer = api.handle(
        {
            "op": "coc.development_phase",
            "args": {"investigator": state, "dice": d100(30) + [5] + d100(50) + d100(41) + [10]},
        }
    )
    result = answer["result"]
    assert [throw["face"] for throw in result["dice"]] == [0, 30, 5, 0, 50, 1, 40, 10]
    assert [row["skill"] for row in result["details"]["skills"]] == ["Listen", "Spot Hidden", "Dodge"]
    assert result["state"]["skills"]["Listen"] == 25 and result["state"]["skills"]["Spot Hidden"] == 55
    assert result["state"]["skills"]["Dodge"] == 50 and result["state"]["derived"]["dodge"] == 50
    assert result["state"]["ticks"] == [] and result["states"]["coc.investigator"] == result["state"]
    assert "Listen 30 vs 20 — improves by 5 (20 → 25)" in result["headline"]


def test_after_the_phase_the_scenarios_last_roll_is_no_longer_pushed_or_bought_up_with_luck():
    failed = spot(d100(80), harvey(ticks=["Listen"])).state
    result = develop(d100(10), failed)
    assert result.state["last_roll"] is None
    with pytest.raises(RulesError):
        run(push.push_roll, d100(10), result.state, "He looks again")


def test_a_phase_with_no_ticks_rolls_nothing_and_says_so():
    result = develop([], harvey())
    assert result.state == harvey() and result.events == []
    assert "No skill is ticked: no improvement rolls" in texts(result)


def test_the_dead_do_not_develop():
    with pytest.raises(RulesError) as error:
        develop([], harvey(ticks=["Spot Hidden"], conditions={"dead": True}))
    assert error.value.code == "rule_violation"


def test_physical_dice_typed_one_at_a_time_are_asked_by_the_skill_they_improve():
    args = {"investigator": harvey(ticks=["Spot Hidden"])}
    asked = api.handle({"op": "coc.development_phase", "args": {**args, "dice": []}, "dice": "physical"})
    assert asked["error"]["die"]["prompt"] == "Spot Hidden improvement roll (d100) — units die"
    more = api.handle({"op": "coc.development_phase", "args": {**args, "dice": d100(70)}, "dice": "physical"})
    assert more["error"]["die"]["prompt"] == "Spot Hidden improvement (d10)"


# --- Luck recovery (rules/coc.md §3.6 [BOOK optional], a house rule of the phase) ---------------------------------------


def test_luck_recovery_is_off_by_default_and_rolls_no_die():
    result = develop(d100(10), harvey(ticks=["Spot Hidden"]))  # a die more would be left over and fail the run
    assert result.state["luck"] == 50 and result.details["luck_gained"] == 0
    assert any("Luck recovery is off" in text for text in texts(result))


def test_luck_recovery_as_a_house_rule_adds_1d10_when_the_roll_is_above_luck():
    on = Settings(luck_recovery=True)
    result = develop(d100(10) + d100(80) + [7], harvey(ticks=["Spot Hidden"]), settings=on)
    assert result.state["luck"] == 57 and result.details["luck_gained"] == 7
    assert develop(d100(40), harvey(), settings=on).state["luck"] == 50
    assert develop(d100(97) + [9], harvey(luck=95), settings=on).state["luck"] == 99


def test_the_luck_recovery_house_rule_reaches_the_operation_from_the_door():
    args = {"investigator": harvey(), "luck_recovery": True, "dice": d100(80) + [3]}
    assert api.handle({"op": "coc.development_phase", "args": args})["result"]["state"]["luck"] == 53


# --- Property: nothing rises past 99, nothing falls ---------------------------------------------------------------

_SKILLS = ["Spot Hidden", "Listen", "Psychology", "Library Use", "Dodge", "Fighting (Brawl)"]


@hsettings(max_examples=150, deadline=None)
@given(
    values=st.lists(st.integers(0, 99), min_size=len(_SKILLS), max_size=len(_SKILLS)),
    ticked=st.lists(st.sampled_from(_SKILLS), unique=True),
    seed=st.integers(0, 2**32),
    san=st.integers(0, 94),
)
def test_after_the_phase_no_skill_exceeds_99_none_falls_and_no_tick_remains(values, ticked, seed, san):
    state = harvey(skills=dict(zip(_SKILLS, values, strict=True)), ticks=ticked, san=san)
    result = development.development_phase(RandomDice(seed), state, settings=Settings(luck_recovery=True))
    after = result.state
    assert after["ticks"] == []
    for skill, before in zip(_SKILLS, values, strict=True):
        assert before <= after["skills"][skill] <= 99
        if skill not in ticked:
            assert after["skills"][skill] == before
    assert state["san"] <= after["san"] <= after["derived"]["san_max"] and after["luck"] <= 99
    assert from_dict(copy.deepcopy(after)) == after
