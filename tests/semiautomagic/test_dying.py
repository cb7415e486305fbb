"""Seed 002, Health and Dying: the dying round, stabilising, death when the DC is out of reach (M9)."""

import pytest
from hypothesis import given, strategies as st

from py_rules.dice import RandomDice, TypedDice
from py_rules.errors import RulesError
from py_rules.semiautomagic import creature as C
from py_rules.semiautomagic.dying import dying_round
from py_rules.trace import Log


def dying(dc=4, wounds=0, **fields):
    return C.new_creature("Human", wounds=wounds, conditions={"Dying": {"dc": dc}}, **fields)


def play(c, faces, **kwargs):
    c = C.copy_of(c)
    log = Log()
    dice = TypedDice(faces)
    dying_round(dice, c, log, **kwargs)
    dice.finish()
    return c, log


def test_dying_check_is_dc_4_endurance_with_minus_1_per_wound():
    # d10 9 (no stabilisation), d6 2 + Endurance 3 − 1 wound = 4 ≥ DC 4
    c, log = play(dying(wounds=1), [9, 2])
    assert c["conditions"]["Dying"]["dc"] == 4
    assert "Endurance check: d6 2 +3 (Endurance) -1 (1 wound) = 4 ≥ DC 4" in log.steps[1].text


def test_success_means_another_check_next_round():
    c, _ = play(dying(wounds=1), [1, 6])
    assert "Dying" in c["conditions"] and not c["dead"]


def test_every_failed_check_raises_the_dc_by_1():
    c, log = play(dying(wounds=1), [1, 1])
    assert c["conditions"]["Dying"]["dc"] == 5 and "Dying DC rises to 5." in log.events


def test_endurance_3_dies_once_the_dc_passes_9_without_wound_penalty():
    c, _ = play(dying(dc=8), [1, 1])
    assert c["conditions"]["Dying"]["dc"] == 9 and not c["dead"]  # 6 + 3 can still reach 9
    c, log = play(c, [1, 1])
    assert c["dead"] and "dead" in log.flags  # DC 10 > 9


def test_dc_too_high_test_includes_the_wound_penalty():
    c, _ = play(dying(dc=8, wounds=1), [1, 1])
    assert c["dead"]  # DC 9 > 6 + 3 − 1


def test_conditions_rule_dc_ignores_wounds_and_dies_above_9():
    c, _ = play(dying(dc=9, wounds=2), [1, 1], rule="conditions")
    assert c["dead"]
    c, _ = play(dying(dc=8, wounds=2), [1, 3], rule="conditions")
    assert c["conditions"]["Dying"]["dc"] == 9 and not c["dead"]


def test_a_roll_of_10_on_a_d10_stabilises_and_the_character_stays_unconscious():
    c, log = play(dying(wounds=2), [10, 1, 4])  # d10 10, then 2d4 hours to wake
    assert "Dying" not in c["conditions"] and not c["dead"]
    assert c["conditions"]["Unconscious"]["seconds"] == 5 * 3600
    assert C.effective_conditions(c) == ["Helpless", "Unconscious"]
    assert "stable" in log.flags


def test_stabilisation_roll_comes_first_by_default_and_can_come_after_the_check():
    c, _ = play(dying(dc=9), [10, 2])  # the d10 first: stabilised before the hopeless check
    assert not c["dead"] and "Unconscious" in c["conditions"]
    c, _ = play(dying(dc=9), [1], order="check_first")  # check fails (DC 10 > 9): dies before the d10
    assert c["dead"]


def test_dying_round_needs_a_dying_character():
    with pytest.raises(RulesError) as error:
        play(C.new_creature("Human"), [5, 5])
    assert error.value.field == "creature"


@given(
    st.integers(0, 6),
    st.integers(-2, 12),
    st.integers(0, 2**32),
    st.sampled_from(["health", "conditions"]),
    st.sampled_from(["stabilise_first", "check_first"]),
)
def test_property_a_dying_character_ends_stable_dead_or_dying_at_a_higher_or_equal_dc(wounds, dc, seed, rule, order):
    c = dying(dc=dc, wounds=wounds)
    dying_round(RandomDice(seed), c, Log(), rule=rule, order=order)
    if c["dead"]:
        return
    if "Dying" in c["conditions"]:
        assert c["conditions"]["Dying"]["dc"] >= dc
    else:
        assert "Unconscious" in c["conditions"]


def test_a_gm_tired_modifier_counts_in_the_dying_check_and_its_best_possible_total():
    tired = C.new_creature("Human", conditions={"Dying": {"dc": 8}, "Tired": {"modifier": -1}})
    c, log = play(tired, [1, 6])  # d6 6 + 3 − 1 = 8 ≥ DC 8
    assert "Dying" in c["conditions"] and c["conditions"]["Dying"]["dc"] == 8
    c, _ = play(tired, [1, 5])  # 7 < 8: DC 9 > best 6 + 3 − 1 = 8: dies
    assert c["dead"]
