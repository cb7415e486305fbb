"""Seed 002, Confused and the Confusion chart; Panicked's scatter die (M16, M17)."""

import pytest
from hypothesis import given, strategies as st

from py_rules.dice import RandomDice, TypedDice
from py_rules.semiautomagic import creature as C, tables as T
from py_rules.semiautomagic.confusion import confusion_round, needs_reroll, roll_confusion, scatter_direction
from py_rules.trace import Log


def confused(seconds=30, **fields):
    return C.new_creature("Mad", conditions={"Confused": {"seconds": seconds}}, **fields)


def play(c, faces, blank_rows="reroll"):
    c = C.copy_of(c)
    log = Log()
    dice = TypedDice(faces)
    rolled = confusion_round(dice, c, log, blank_rows)
    dice.finish()
    return c, log, rolled


def test_chart_has_twenty_rows():
    assert sorted(T.CONFUSION_CHART) == list(range(1, 21))


def test_row_1_rolls_again_ignoring_future_1s_and_adds_1d6_rounds():
    c, _, rolled = play(confused(), [1, 4, 1, 9])
    assert rolled.faces == [1, 1, 9] and rolled.row == 9
    assert c["conditions"]["Confused"]["seconds"] == 30 + 4 * 6


def test_row_2_scatter_die_then_the_deadliest_attack_that_way():
    _, _, rolled = play(confused(), [2, 3])
    assert rolled.row == 2 and rolled.scatter == (3, "E")


def test_row_5_the_creature_is_panicked_for_this_round():
    c, _, _ = play(confused(), [5])
    assert c["conditions"]["Panicked"]["seconds"] == 6


def test_row_6_rerolls_screaming_and_ignores_5s():
    c, _, rolled = play(confused(), [6, 5, 9])
    assert rolled.row == 9 and rolled.screaming and "screaming" in c["statuses"]


@pytest.mark.parametrize("face", [7, 11, 12])
def test_rows_7_11_12_roll_a_scatter_die(face):
    _, _, rolled = play(confused(), [face, 8])
    assert rolled.scatter == (8, "NW")


@pytest.mark.parametrize("face, status", [(13, "flanked"), (14, "prone"), (15, "crouching")])
def test_rows_13_14_15_flanked_prone_crouching(face, status):
    c, _, _ = play(confused(), [face])
    assert status in c["statuses"]


@pytest.mark.parametrize("face", [3, 4, 8, 9, 10])
def test_plain_rows_just_name_the_action(face):
    c, log, rolled = play(confused(), [face])
    assert rolled.row == face and c["conditions"]["Confused"]["seconds"] == 30


def test_blank_rows_16_and_17_are_rerolled_by_default():
    _, _, rolled = play(confused(), [16, 17, 10])
    assert rolled.row == 10 and rolled.faces == [16, 17, 10]


def test_blank_rows_can_read_as_stares_into_space():
    _, _, rolled = play(confused(), [16], blank_rows="no_action")
    assert rolled.row == 10


def test_row_18_player_regains_control_for_the_round():
    c, _, _ = play(confused(), [18])
    assert c["conditions"]["Confused"]["control_seconds"] == 6


def test_row_19_player_regains_control_for_1d6_rounds():
    c, _, _ = play(confused(), [19, 3])
    assert c["conditions"]["Confused"]["control_seconds"] == 18


def test_row_20_player_regains_control_for_one_minute():
    c, _, _ = play(confused(), [20])
    assert c["conditions"]["Confused"]["control_seconds"] == 60


def test_extra_rounds_on_an_open_ended_confusion_change_nothing():
    c, _, _ = play(confused(seconds=None), [1, 2, 10])
    assert c["conditions"]["Confused"]["seconds"] is None


def test_scatter_die_is_a_d8_compass():
    assert [scatter_direction(f) for f in range(1, 9)] == list(T.SCATTER_DIRECTIONS)


@given(st.integers(0, 2**32), st.sampled_from(T.BLANK_CONFUSION_ROWS))
def test_property_the_confusion_chart_always_ends_on_a_real_row(seed, blank_rows):
    rolled = roll_confusion(RandomDice(seed), blank_rows)
    effect = T.CONFUSION_CHART[rolled.row][1]
    assert not effect.get("reroll") and not effect.get("blank")
    assert not needs_reroll(rolled.row, set(), blank_rows)
    if 6 in rolled.faces[:-1]:
        assert rolled.row != 5  # row 6 ignores later 5s


def test_row_5_panicked_for_this_round_does_not_shorten_a_longer_panic():
    # fear above Will panicked the character until removed; a 5 on the chart must not end it next round
    c, _, _ = play(C.new_creature("Mad", conditions={"Confused": {"seconds": 30}, "Panicked": {"seconds": None}}), [5])
    assert c["conditions"]["Panicked"]["seconds"] is None
    c, _, _ = play(C.new_creature("Mad", conditions={"Confused": {"seconds": 30}, "Panicked": {"seconds": 2}}), [5])
    assert c["conditions"]["Panicked"]["seconds"] == 6
