"""rules/cross-system.md §4: one round advance ticks every timer; hours and days (rules/semiautomagic.md §2.15 M9, M15, M16, M18, M19, M20)."""

import pytest

from py_rules.dice import TypedDice
from py_rules.errors import RulesError
from py_rules.semiautomagic import creature as C
from py_rules.semiautomagic.clock import advance_hours, advance_rounds
from py_rules.trace import Log


def rounds(c, faces, n=1, **kwargs):
    c = C.copy_of(c)
    log = Log()
    dice = TypedDice(faces)
    advance_rounds(dice, c, n, log, **kwargs)
    dice.finish()
    return c, log


def hours(c, faces, n=1, **kwargs):
    c = C.copy_of(c)
    log = Log()
    dice = TypedDice(faces)
    advance_hours(dice, c, n, log, **kwargs)
    dice.finish()
    return c, log


def test_flat_footed_for_one_round_ends_at_the_next_round():
    c, log = rounds(C.new_creature("A", conditions={"Flat-Footed": {"seconds": 6}}), [])
    assert c["conditions"] == {}


def test_round_advance_plays_the_dying_round():
    c, _ = rounds(C.new_creature("A", wounds=1, conditions={"Dying": {"dc": 4}}), [3, 1])
    assert c["conditions"]["Dying"]["dc"] == 5


def test_round_advance_rolls_the_staggered_stun_each_round_until_it_ends():
    c, _ = rounds(C.new_creature("A", conditions={"Staggered": {"seconds": 12}, "Stunned": {"seconds": 4}}), [2], n=2)
    assert "Staggered" not in c["conditions"] and "Stunned" not in c["conditions"]
    c, _ = rounds(C.new_creature("A", conditions={"Staggered": {"seconds": 12}}), [2])
    assert c["conditions"]["Stunned"]["seconds"] == 2 and c["conditions"]["Staggered"]["seconds"] == 6


def test_confused_characters_roll_on_the_chart_every_round():
    c, log = rounds(C.new_creature("A", conditions={"Confused": {"seconds": 30}}), [9, 10], n=2)
    assert c["conditions"]["Confused"]["seconds"] == 18
    assert sum("d20" in s.text for s in log.steps) == 2


def test_regained_control_skips_the_chart_while_the_confusion_runs_on():
    start = C.new_creature("A", conditions={"Confused": {"seconds": 60, "control_seconds": 12}})
    c, log = rounds(start, [9], n=2)  # round 1 in control, round 2 rolls
    assert c["conditions"]["Confused"]["seconds"] == 48 and c["conditions"]["Confused"]["control_seconds"] == 0


def test_confusion_ends_when_its_time_is_up():
    c, _ = rounds(C.new_creature("A", conditions={"Confused": {"seconds": 6}}), [])
    assert "Confused" not in c["conditions"]


def test_panicked_for_a_round_from_the_chart_ends_next_round():
    c, _ = rounds(C.new_creature("A", conditions={"Confused": {"seconds": 60}}), [5, 10], n=2)
    assert "Panicked" not in c["conditions"]


def test_flanked_and_screaming_last_only_the_round():
    c, _ = rounds(C.new_creature("A", statuses=["flanked", "prone", "screaming"]), [])
    assert c["statuses"] == ["prone"]


def test_the_unconscious_wake_after_their_hours_flat_footed_for_one_round():
    c, log = hours(C.new_creature("A", conditions={"Unconscious": {"seconds": 7200}}), [], n=2)
    assert c["conditions"] == {"Flat-Footed": {"seconds": 6}}
    c, _ = rounds(c, [])
    assert c["conditions"] == {}


def test_soul_coma_checks_every_hour_with_a_rising_dc():
    c, _ = hours(C.new_creature("A", conditions={"Soul Coma": {}}), [1, 2], n=2)
    assert c["conditions"]["Soul Coma"]["dc"] == 3


def test_soul_coma_failure_stops_time_for_the_dying_rounds():
    c, log = hours(C.new_creature("A", conditions={"Soul Coma": {"dc": 4}}), [1], n=3)
    assert "Dying" in c["conditions"] and "stopped_for_dying" in log.flags


def test_hours_cannot_pass_while_dying():
    with pytest.raises(RulesError):
        hours(C.new_creature("A", conditions={"Dying": {"dc": 4}}), [])


def test_the_dead_count_seconds_for_resuscitate():
    c, _ = rounds(C.new_creature("A", dead=True), [], n=3)
    assert c["seconds_dead"] == 18


@pytest.mark.parametrize("condition", ["Unconscious", "Sleeping", "Broken"])
def test_a_confused_character_who_cannot_act_rolls_no_confusion_chart(condition):
    c, log = rounds(C.new_creature("A", conditions={"Confused": {"seconds": 30}, condition: {}}), [])
    assert c["conditions"]["Confused"]["seconds"] == 24
    assert any("no Confusion roll" in s.text for s in log.steps)


def test_a_soul_coma_with_a_set_end_wakes_the_body_flat_footed_when_it_ends():
    c, _ = rounds(C.new_creature("A", conditions={"Soul Coma": {"seconds": 6}}), [])
    assert c["conditions"] == {"Flat-Footed": {"seconds": 6}}
