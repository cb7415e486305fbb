"""Seed 000 The Basics, Tasks from the sheet, Tests and Resisted Tasks & Tests (U3, U4, U6, U7, U24)."""

from hypothesis import given, strategies as st

from py_rules import api
from py_rules.armageddon.checks import resisted_outcome, resolve_test
from py_rules.armageddon.outcome import success_levels
from py_rules.dice import TypedDice


def roll_test(faces, **kwargs):
    dice = TypedDice(faces)
    result = resolve_test(dice, **kwargs)
    dice.finish()
    return result


def test_basics_game_master_is_the_chronicler(run):
    result = run("system_info")
    assert result["details"]["gm_title"] == "Chronicler"
    catalog = api.handle({"op": "catalog"})["result"]
    assert {"id": "armageddon", "gm_title": "Chronicler"}.items() <= next(
        s for s in catalog["systems"] if s["id"] == "armageddon"
    ).items()


def test_basics_d10_for_all_rolls_except_damage(run):
    task = run("task", dice=[5], attribute=2, skill=3)
    assert [t["die"] for t in task["dice"]] == ["d10"]
    damage = run("roll_damage", dice=[3], expression="d6x4")
    assert [t["die"] for t in damage["dice"]] == ["d6"] and damage["total"] == 12


def test_basics_target_number_is_9(run):
    assert run("system_info")["details"]["target_number"] == 9
    assert run("task", dice=[4], attribute=2, skill=3)["target"] == 9
    assert run("task", dice=[4], attribute=2, skill=3)["success"] is True
    assert run("task", dice=[3], attribute=2, skill=3)["success"] is False


def test_basics_more_success_levels_for_higher_results():
    assert success_levels(9) == 1 and success_levels(13) == 3 and success_levels(17) == 5


def test_tasks_are_skill_checks_from_the_characters_sheet(run, make):
    result = run("character_task", dice=[4], character=make(), attribute_name="Dexterity", skill_name="Handguns")
    assert [(m["label"], m["value"]) for m in result["modifiers"]] == [("Dexterity", 2), ("Handguns", 3)]
    assert result["total"] == 9 and result["success"] is True


def test_tasks_roll_attribute_plus_skill_plus_1d10_with_modifiers(run):
    result = run("task", dice=[6], attribute=3, skill=2, modifiers="-2 darkness, +1 aiming")
    assert result["total"] == 6 + 3 + 2 - 2 + 1
    assert [m["label"] for m in result["modifiers"]][-2:] == ["darkness", "aiming"]


def test_tasks_unskilled_from_the_sheet_uses_the_skills_extra_penalty(run, make):
    character = make(skills={"Medicine": {"level": 0, "untrained_penalty": -6}})
    result = run("character_task", dice=[9], character=character, attribute_name="Intelligence", skill_name="Medicine")
    assert result["total"] == 9 + 2 - 2 - 6 and "unskilled" in result["flags"]


def test_tests_are_attribute_checks_simple_and_difficult(run):
    simple = run("test", dice=[5], kind="simple", attribute_name="Strength", attribute=3)
    difficult = run("test", dice=[5], kind="difficult", attribute_name="Strength", attribute=3)
    assert [m["label"] for m in simple["modifiers"]] == ["Strength × 2"]
    assert [m["label"] for m in difficult["modifiers"]] == ["Strength"]


def test_tests_simple_test_rolls_attribute_times_2_plus_1d10():
    assert roll_test([4], kind="simple", attribute_name="Strength", attribute=3).total == 10


def test_tests_difficult_test_rolls_attribute_plus_1d10():
    assert roll_test([4], kind="difficult", attribute_name="Strength", attribute=3).total == 7


def test_tests_apply_modifiers_9_or_higher_succeeds():
    from py_rules.trace import Modifier

    ok = roll_test([4], kind="difficult", attribute_name="Strength", attribute=3, modifiers=[Modifier("help", 2, "GM")])
    assert (ok.total, ok.success) == (9, True)
    assert roll_test([5], kind="difficult", attribute_name="Strength", attribute=3).success is False


def test_two_attribute_consciousness_and_survival_tests_roll_con_plus_will_plus_1d10(run, make):
    result = run("test", dice=[3], kind="survival", character=make())
    assert [(m["label"], m["value"]) for m in result["modifiers"]] == [("Constitution", 3), ("Willpower", 3)]
    assert result["total"] == 9
    assert (
        roll_test([3], kind="consciousness", attribute_name="Constitution", attribute=2, second_attribute=4).total == 9
    )
    hurt = run("test", dice=[3], kind="consciousness", character=make(life_points=-2))
    assert hurt["total"] == 9 and hurt["steps"][0]["text"].startswith("A plain Consciousness Test")


def test_tests_with_a_character_take_his_level_and_state_penalties(run, make):
    result = run("test", dice=[5], kind="difficult", attribute_name="Willpower", character=make(endurance_points=4))
    assert result["total"] == 5 + 3 - 2
    assert ("tired (4 EP)", -2) in [(m["label"], m["value"]) for m in result["modifiers"]]


def test_test_without_level_or_character_names_the_field(fail):
    assert fail("test", dice=[5], kind="simple")["field"] == "attribute"


def test_resisted_tasks_are_resolved_like_regular_rolls_the_higher_result_wins(run):
    result = run(
        "resisted", dice=[7, 5], a_attribute=3, a_skill=2, b_attribute=3, b_skill=2, a_name="Kim", b_name="Guard"
    )
    assert (result["details"]["a"]["total"], result["details"]["b"]["total"]) == (12, 10)
    assert result["details"]["winner"] == "Kim" and result["details"]["margin"] == 2


def test_resisted_higher_result_below_9_cannot_win(run):
    result = run("resisted", dice=[1, 5, 5], a_attribute=1, a_skill=1, b_kind="difficult", b_attribute=4)
    assert result["details"]["winner"] == "The opponent"


def test_resisted_neither_result_reaches_9_both_fail(run):
    result = run("resisted", dice=[3, 2], a_attribute=2, a_skill=1, b_attribute=2, b_skill=1)
    assert result["details"]["winner"] is None and result["success"] is False
    assert result["details"]["a"]["success"] is False and result["details"]["b"]["success"] is False


def test_resisted_tie_is_a_stalemate_by_default_and_other_settings_apply(run):
    args = dict(a_attribute=3, a_skill=2, b_attribute=3, b_skill=2)
    assert run("resisted", dice=[6, 6], **args)["details"]["winner"] is None
    assert run("resisted", dice=[6, 6], tie_rule="defender_wins", **args)["details"]["winner"] == "The opponent"
    assert run("resisted", dice=[6, 6], tie_rule="compare_sl", **args)["details"]["winner"] is None
    rerolled = run("resisted", dice=[6, 6, 8, 4], tie_rule="reroll", **args)
    assert rerolled["details"]["winner"] == "The acting character" and rerolled["details"]["rolls"] == 2


@given(st.integers(-20, 40), st.integers(-20, 40))
def test_resisted_a_winner_always_reached_9_and_rolled_higher(a, b):
    winner, _ = resisted_outcome(a, b)
    if winner == "A":
        assert a >= 9 and a > b
    elif winner == "B":
        assert b >= 9 and b > a
    else:
        assert a == b or (a < 9 and b < 9)


def test_resisted_side_a_character_brings_his_state_penalties(run, make):
    result = run(
        "resisted", dice=[8, 5], a_attribute=3, a_skill=2, b_attribute=3, b_skill=2, character=make(endurance_points=3)
    )
    assert result["details"]["a"]["total"] == 8 + 5 - 2 and result["details"]["winner"] == "Kim"


def test_rolls_inside_a_state_change_name_each_number_of_their_arithmetic(run, make):
    result = run("fear_test", dice=[6, 3], character=make(life_points=4), penalty=-2)
    assert (
        "  6 (die) +3 (Willpower) -2 (Chronicler's fear penalty) -2 (injured (4 LP)) = 5 [Tests — Armageddon]"
        in result["text"]
    )


def test_resisted_and_unskilled_wording(run):
    resisted = run("resisted", dice=[6, 5], a_attribute=3, a_skill=2, b_kind="simple", b_attribute=2)
    assert resisted["level_name"] == "The acting character wins by 2 (1 Success Level beyond the loser's)"
    unskilled = run("task", dice=[10, 10, 8], attribute=2, skill=0)
    assert "5 Success Levels capped at 2 Success Levels (Decent)" in " ".join(unskilled["text"])


def test_resisted_task_reads_the_opponents_attribute_and_skill_from_his_sheet(run, make):
    # seed 000, Resisted Tasks & Tests: both sides roll normally; the opponent's levels come from his sheet by name
    guard = make(name="Guard", Perception=4, skills={"Notice": 2}, endurance_points=3)
    result = run(
        "resisted",
        dice=[7, 6],
        character=make(),
        a_attribute_name="Dexterity",
        a_attribute=2,
        a_skill=2,
        opponent=guard,
        b_attribute_name="Perception",
        b_skill_name="Notice",
    )
    b = result["details"]["b"]
    assert b["total"] == 6 + 4 + 2 - 2  # Perception 4, Notice 2, tired −2 from his state
    assert result["details"]["names"] == {"a": "Kim", "b": "Guard"}
    labels = [m["label"] for m in result["modifiers"]]
    assert "Guard: Perception" in labels and "Guard: Notice" in labels and "Guard: tired (3 EP)" in labels
    assert any(step["text"] == "Guard: Perception 4, Notice 2 from the sheet" for step in result["steps"])


def test_resisted_opponent_without_the_skill_rolls_unskilled(run, make):
    result = run(
        "resisted",
        dice=[5, 10, 9],
        a_attribute=2,
        a_skill=2,
        opponent=make(name="Guard", skills={}),
        b_attribute_name="Perception",
        b_skill_name="Notice",
    )
    assert result["details"]["b"]["total"] == 10 + 4 + 2 - 2  # Rule of 10, Perception 2, unskilled −2
    assert result["details"]["b"]["level"] == 2  # never better than Decent
    assert "unskilled" in result["flags"]


def test_resisted_opponent_with_no_sheet_takes_typed_levels_and_asks_for_them(run, fail):
    typed = run("resisted", dice=[5, 5], a_attribute=2, a_skill=2, b_attribute=3, b_skill=1)
    assert typed["details"]["b"]["total"] == 5 + 3 + 1
    error = fail("resisted", dice=[5, 5], a_attribute=2, a_skill=2)
    assert error["field"] == "b_attribute" and "opponent" in error["message"]


def test_resisted_unknown_opponent_skill_is_refused_on_its_field(fail, make):
    error = fail("resisted", dice=[5, 5], a_attribute=2, opponent=make(), b_skill_name="Levitation")
    assert error["field"] == "b_skill_name"
