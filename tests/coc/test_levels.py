"""Seed 003 "Rolling Dice": Regular, Hard, Extreme; rules/coc.md §3.4 critical, fumble, difficulty (C3)."""

import pytest

from py_rules.coc.levels import Level, is_fumble, level_for, succeeds


def test_rolling_dice_regular_equal_to_or_less_than_the_skill():
    assert level_for(50, 50) == Level.REGULAR
    assert level_for(51, 50) == Level.FAILURE


def test_rolling_dice_hard_equal_to_or_less_than_half_the_skill():
    assert level_for(25, 50) == Level.HARD
    assert level_for(26, 50) == Level.REGULAR
    assert level_for(22, 45) == Level.HARD and level_for(23, 45) == Level.REGULAR  # floor


def test_rolling_dice_extreme_equal_to_or_less_than_one_fifth_of_the_skill():
    assert level_for(10, 50) == Level.EXTREME
    assert level_for(11, 50) == Level.HARD


def test_01_is_a_critical_success():
    assert level_for(1, 5) == Level.CRITICAL


def test_100_is_always_a_fumble():
    assert level_for(100, 100) == Level.FUMBLE


@pytest.mark.parametrize("roll, value, fumble", [(96, 49, True), (99, 45, True), (96, 50, False), (95, 10, False)])
def test_fumble_range_96_to_100_below_50(roll, value, fumble):
    assert is_fumble(roll, value) is fumble


def test_fumble_range_uses_the_value_needed_at_the_demanded_difficulty():
    assert level_for(97, 60, "Hard") == Level.FUMBLE
    assert level_for(97, 60, "Hard", basis="raw_skill") == Level.FAILURE


def test_the_keeper_demands_hard_a_regular_success_fails():
    assert succeeds(level_for(40, 60), "Hard") is False
    assert succeeds(level_for(30, 60), "Hard") is True


def test_the_keeper_demands_extreme():
    assert succeeds(level_for(12, 60), "Extreme") and not succeeds(level_for(13, 60), "Extreme")
