"""Seed 000 Tasks, Rule of 10, Rule of 1, Unskilled Attempts, Outcome Table (U2–U5)."""

import pytest
from hypothesis import given, strategies as st

from py_rules.armageddon.d10 import chain_continues, chain_value, roll_d10
from py_rules.armageddon.outcome import outcome_name, success_levels
from py_rules.armageddon.task import resolve_task
from py_rules.dice import TypedDice
from py_rules.errors import RulesError


def task(faces, **kwargs):
    dice = TypedDice(faces)
    result = resolve_task(dice, **kwargs)
    dice.finish()
    return result


def test_tasks_dexterity_2_handguns_3_rolls_1d10_plus_5():
    result = task([4], attribute=2, skill=3, attribute_name="Dexterity", skill_name="Handguns")
    assert result.total == 9
    assert [(m.label, m.value) for m in result.modifiers] == [("Dexterity", 2), ("Handguns", 3)]


def test_tasks_result_of_9_or_higher_is_success():
    assert task([4], attribute=2, skill=3).success is True
    assert task([3], attribute=2, skill=3).success is False


def test_rule_of_10_natural_10_then_7_totals_12():
    roll = roll_d10(TypedDice([10, 7]))
    assert roll.value == 12
    assert roll.faces == (10, 7)
    assert "rule_of_10" in roll.flags


def test_rule_of_10_another_natural_10_keeps_rolling():
    assert roll_d10(TypedDice([10, 10, 8])).value == 18


def test_rule_of_10_zero_or_lower_is_ignored():
    assert roll_d10(TypedDice([10, 4])).value == 10
    assert roll_d10(TypedDice([10, 1])).value == 10  # a 1 as a reroll does not start the Rule of 1


def test_rule_of_1_natural_1_then_3_leaves_minus_2():
    assert roll_d10(TypedDice([1, 3])).value == -2


@pytest.mark.parametrize(
    "faces, replace, literal, afmbe",
    [([1, 3], -2, -1, -2), ([1, 4], -1, 0, -1), ([1, 5], 1, 1, 0), ([1, 1, 3], -6, -5, -5), ([1, 9], 1, 1, 1)],
)
def test_rule_of_1_modes_match_rules_md_table(faces, replace, literal, afmbe):
    assert chain_value(faces, "replace")[0] == replace
    assert chain_value(faces, "literal")[0] == literal
    assert chain_value(faces, "afmbe_foundry")[0] == afmbe


def test_rule_of_1_positive_result_counts_as_a_1():
    assert roll_d10(TypedDice([1, 8])).value == 1


def test_rule_of_1_another_natural_1_continues_subtracting():
    dice = TypedDice([1, 1, 1, 3])
    assert roll_d10(dice).value == -4 - 4 - 2
    assert [t.face for t in dice.thrown] == [1, 1, 1, 3]


def test_rule_of_10_and_1_apply_to_the_task_total():
    assert task([10, 7], attribute=2, skill=3).total == 17
    assert task([1, 3], attribute=2, skill=3).total == 3


def test_typed_dice_too_few_faces_names_the_dice_field():
    with pytest.raises(RulesError) as error:
        task([10], attribute=2, skill=3)
    assert error.value.field == "dice"


@pytest.mark.parametrize(
    "total, levels, name",
    [
        (8, 0, "Failure"),
        (9, 1, "Adequate"),
        (10, 1, "Adequate"),
        (11, 2, "Decent"),
        (13, 3, "Good"),
        (15, 4, "Very Good"),
        (16, 4, "Very Good"),
        (17, 5, "Excellent"),
        (20, 5, "Excellent"),
        (21, 6, "Extraordinary"),
        (24, 7, "Mind-Boggling"),
        (27, 8, "Outrageous"),
        (30, 9, "Superheroic"),
        (33, 10, "Godlike"),
        (35, 10, "Godlike"),
        (36, 11, "Godlike"),
        (41, 12, "Godlike"),
    ],
)
def test_basics_outcome_table_bands(total, levels, name):
    assert success_levels(total) == levels
    assert outcome_name(levels) == name


def test_basics_outcome_table_shifts_with_the_target_number():
    assert success_levels(10, tn=10) == 1
    assert success_levels(9, tn=10) == 0


def test_unskilled_attempts_minus_2_penalty():
    result = task([6], attribute=3, skill=0)
    assert result.total == 7
    assert "unskilled" in result.flags


def test_unskilled_attempts_never_better_than_decent():
    result = task([10, 10, 9], attribute=5, skill=0)
    assert result.total == 10 + 5 + 4 + 5 - 2
    assert result.level == 2
    assert "unskilled_cap" in result.flags


def test_unskilled_attempts_extra_penalty_for_skills_needing_training():
    assert task([9], attribute=3, skill=0, untrained_penalty=-6).total == 9 + 3 - 2 - 6


@given(st.integers(-40, 80), st.integers(-40, 80))
def test_success_levels_never_fall_as_the_total_rises(a, b):
    low, high = sorted((a, b))
    assert success_levels(low) <= success_levels(high)


@given(st.lists(st.integers(1, 10), min_size=1, max_size=12), st.sampled_from(["replace", "literal", "afmbe_foundry"]))
def test_chain_reads_exactly_the_faces_it_needs(faces, mode):
    dice = TypedDice(faces)
    try:
        roll = roll_d10(dice, mode)
    except RulesError as error:
        assert error.field == "dice" and chain_continues(faces, mode)
        return
    assert list(roll.faces) == faces[: len(roll.faces)]
    assert not chain_continues(list(roll.faces), mode)


@given(st.integers(0, 10), st.lists(st.integers(1, 10), min_size=3, max_size=3))
def test_unskilled_result_never_exceeds_two_success_levels(attribute, faces):
    dice = TypedDice(faces + [5] * 10)
    assert resolve_task(dice, attribute=attribute, skill=0).level <= 2


def test_rule_of_1_chain_ending_in_a_high_reroll_says_it_subtracts_nothing():
    roll = roll_d10(TypedDice([1, 1, 6]))
    assert roll.value == -4
    assert roll.steps[-1].text.endswith("6 − 5 = 1 is not negative: it ends the chain and subtracts nothing (die -4)")
