"""One injectable dice source; typed physical dice use the same path (README.md, "How it fits together")."""

import pytest
from hypothesis import given, strategies as st

from py_rules.dice import MAX_THROWS, Die, NeedsDie, RandomDice, TypedDice, d
from py_rules.errors import RulesError


def test_typed_dice_are_used_in_order_and_recorded_with_purpose():
    dice = TypedDice([3, 6])
    assert dice.roll(d(6), "first") == 3
    assert dice.roll(d(6), "second") == 6
    dice.finish()
    assert [(t.die, t.face, t.purpose) for t in dice.thrown] == [("d6", 3, "first"), ("d6", 6, "second")]


def test_typed_dice_reject_a_face_the_die_does_not_have():
    with pytest.raises(RulesError) as error:
        TypedDice([7]).roll(d(6), "damage")
    assert error.value.field == "dice" and "cannot show 7" in error.value.message


def test_typed_dice_ask_for_the_missing_die_by_its_roll():
    dice = TypedDice([10])
    dice.roll(d(10), "roll")
    with pytest.raises(NeedsDie) as error:
        dice.roll(d(10), "Rule of 10 reroll")
    asked = error.value.to_dict()
    assert asked["code"] == "needs_die" and asked["field"] == "dice"
    assert asked["die"] == {
        "name": "d10",
        "sides": 10,
        "low": 1,
        "high": 10,
        "roll": "Rule of 10 reroll",
        "part": "",
        "prompt": "Rule of 10 reroll (d10)",
        "position": 2,
        "shows": list(range(1, 11)),
        "so_far": [10],
    }


def test_a_missing_d100_die_is_named_as_part_of_its_d100_roll():
    tens = Die("tens d10", tuple(range(0, 100, 10)))
    with pytest.raises(NeedsDie) as error:
        TypedDice([]).roll(tens, "INT roll: tens die 1")
    assert error.value.prompt() == "INT roll (d100) — tens die"
    assert "0–90" in error.value.message


def test_a_die_that_names_only_itself_is_named_by_the_operation():
    with pytest.raises(NeedsDie) as error:
        TypedDice([]).roll(d(10), "d10")
    assert error.value.named("Task (Attribute + Skill + d10)").prompt() == "Task (d10)"
    with pytest.raises(NeedsDie) as error:
        TypedDice([4]).roll_many(2, d(6), "damage")
    assert error.value.prompt() == "Damage (d6) — die 2"


def test_typed_dice_left_over_are_an_error():
    dice = TypedDice([1, 2])
    dice.roll(d(6), "roll")
    with pytest.raises(RulesError) as error:
        dice.finish()
    assert error.value.code == "dice_unused"


def test_dice_with_faces_as_data():
    tens = Die("tens d10", tuple(range(0, 100, 10)))
    assert TypedDice([0]).roll(tens, "tens") == 0
    with pytest.raises(RulesError):
        TypedDice([5]).roll(tens, "tens")


def test_runaway_chains_stop():
    dice = RandomDice(1)
    with pytest.raises(RulesError) as error:
        for _ in range(MAX_THROWS + 1):
            dice.roll(d(2), "x")
    assert error.value.code == "too_many_rolls"


@given(st.integers(1, 100), st.integers(0, 2**32))
def test_random_dice_stay_on_the_die_and_replay_with_a_seed(sides, seed):
    first = [RandomDice(seed).roll(d(sides), "x") for _ in range(3)]
    assert first == [RandomDice(seed).roll(d(sides), "x") for _ in range(3)]
    assert all(1 <= face <= sides for face in first)
