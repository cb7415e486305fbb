"""Seed 002, Disabled, Stunned, Broken: seconds of action per round; rules/semiautomagic.md §2.13 (M21)."""

import pytest

from py_rules.errors import RulesError
from py_rules.semiautomagic import creature as C
from py_rules.semiautomagic.actions import plan_action, rounds_needed
from py_rules.trace import Log


def plan(conditions, seconds=4, used=0, weapon="none", combo=False, move="none"):
    return plan_action(C.new_creature("A", conditions=conditions), seconds, used, weapon, combo, move, Log())


def test_a_round_has_6_seconds_and_a_4sa_fits_once():
    assert plan({})["rounds"] == 1
    assert plan({}, used=4)["rounds"] == 2


def test_disabled_takes_only_3_seconds_of_action_each_round_so_a_4sa_takes_two_rounds():
    assert plan({"Disabled": {}})["rounds"] == 2
    assert plan({"Disabled": {}})["budget"] == 3


def test_disabled_cannot_walk_but_crawls_one_square_as_a_4sa():
    with pytest.raises(RulesError) as error:
        plan({"Disabled": {}}, seconds=2, move="walk")
    assert error.value.field == "move"
    assert plan({"Disabled": {}}, seconds=0, move="crawl")["action_seconds"] == 4


def test_disabled_cannot_use_a_weapon_heavier_than_light():
    with pytest.raises(RulesError):
        plan({"Disabled": {}}, weapon="medium")
    assert plan({"Disabled": {}}, weapon="light")["rounds"] == 2


def test_disabled_cannot_use_combos_but_can_make_single_attacks():
    with pytest.raises(RulesError) as error:
        plan({"Disabled": {}}, combo=True)
    assert error.value.field == "combo"


@pytest.mark.parametrize("condition", ["Broken", "Helpless", "Unconscious", "Sleeping"])
def test_broken_and_helpless_characters_cannot_take_any_actions(condition):
    with pytest.raises(RulesError):
        plan({condition: {}})


def test_stunned_characters_cannot_take_actions_for_the_seconds_they_are_stunned():
    with pytest.raises(RulesError):
        plan({"Stunned": {"seconds": 6}})
    assert plan({"Stunned": {"seconds": 2}})["budget"] == 4


def test_rounds_needed_is_pure():
    assert rounds_needed(12, 6) == 2 and rounds_needed(13, 6) == 3 and rounds_needed(6, 3, used=1) == 3


def test_a_panicked_character_must_flee_and_attacks_only_those_blocking_the_escape():
    log = Log()
    plan_action(C.new_creature("A", conditions={"Panicked": {}}), 2, 0, "none", False, "walk", log)
    assert any("must flee" in step.text for step in log.steps)
