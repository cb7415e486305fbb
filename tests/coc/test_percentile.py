"""Seed 003 "Bonus Dice and Penalty Dice"; rules/coc.md §3.3 (C2)."""

from hypothesis import given, strategies as st

from py_rules.coc.levels import Level, level_for
from py_rules.coc.percentile import choose, net_dice, read_d100, roll_percentile
from py_rules.dice import TypedDice

TENS = st.sampled_from(tuple(range(0, 100, 10)))
UNITS = st.integers(0, 9)


def roll(faces, bonus=0, penalty=0):
    dice = TypedDice(faces)
    result = roll_percentile(dice, bonus, penalty)
    dice.finish()
    return result


def test_units_0_with_tens_00_reads_100():
    assert roll([0, 0]).value == 100


def test_units_5_with_tens_00_reads_05():
    assert roll([5, 0]).value == 5


def test_skill_40_with_a_bonus_die_units_5_tens_60_and_10_reads_15_a_hard_success():
    result = roll([5, 60, 10], bonus=1)
    assert result.value == 15
    assert result.tens == (60, 10)
    assert level_for(result.value, 40) == Level.HARD


def test_bonus_die_roll_an_additional_tens_die_use_the_better_tens_result():
    result = roll([3, 70, 20], bonus=1)
    assert result.value == 23 and result.kept == 1


def test_penalty_die_roll_extra_tens_die_use_the_worse_tens_result():
    result = roll([3, 20, 70], penalty=1)
    assert result.value == 73 and result.kept == 1


def test_bonus_die_compares_totals_so_00_with_units_0_is_the_worst():
    assert roll([0, 0, 10], bonus=1).value == 10
    assert roll([0, 50, 0], penalty=1).value == 100


def test_bonus_and_penalty_dice_cancel_one_for_one():
    assert net_dice(1, 1) == 0
    result = roll([4, 30], bonus=2, penalty=2)
    assert result.value == 34 and result.tens == (30,)


def test_bonus_dice_cap_at_two():
    result = roll([1, 90, 80, 10], bonus=4)
    assert result.value == 11 and len(result.tens) == 3


def test_penalty_dice_cap_at_two():
    assert len(roll([1, 10, 20, 30], penalty=3).tens) == 3


@given(UNITS, TENS, st.lists(TENS, min_size=1, max_size=2))
def test_a_bonus_die_never_makes_a_result_worse(units, first, extra):
    plain, _ = choose(units, (first,), 0)
    better, _ = choose(units, (first, *extra), len(extra))
    assert better <= plain


@given(UNITS, TENS, st.lists(TENS, min_size=1, max_size=2))
def test_a_penalty_die_never_makes_a_result_better(units, first, extra):
    plain, _ = choose(units, (first,), 0)
    worse, _ = choose(units, (first, *extra), -len(extra))
    assert worse >= plain


@given(UNITS, TENS)
def test_every_reading_is_between_1_and_100(units, tens):
    assert 1 <= read_d100(tens, units) <= 100


def test_typed_physical_dice_through_the_api_units_0_and_tens_00_read_100():
    from py_rules import api

    response = api.handle({"op": "coc.d100", "args": {"dice": "0 00", "value": 50}})
    assert response["ok"] and response["result"]["total"] == 100
    assert response["result"]["level_name"] == "Fumble"
    assert [d["die"] for d in response["result"]["dice"]] == ["units d10", "tens d10"]


def test_typed_physical_dice_through_the_api_bonus_die_example():
    from py_rules import api

    response = api.handle({"op": "coc.d100", "args": {"dice": "5 60 10", "bonus": 1, "value": 40}})
    assert response["result"]["total"] == 15 and response["result"]["level_name"] == "Hard success"
