"""Seed 002, Conditions: the fourteen conditions, implied ones, waking, Soul Coma (M15, M18, M19, M20)."""

import pytest

from py_rules.dice import TypedDice
from py_rules.errors import RulesError
from py_rules.semiautomagic import condition_registry as R, creature as C
from py_rules.semiautomagic.conditions import (
    add_condition,
    detect_soul_coma,
    noise_wakes,
    remove_condition,
    soul_coma_hour,
    staggered_round,
)
from py_rules.trace import Log


def human(**fields):
    return C.new_creature("Human", **fields)


def act(fn, c, faces, *args, **kwargs):
    c = C.copy_of(c)
    log = Log()
    dice = TypedDice(faces)
    out = fn(dice, c, *args, log, **kwargs)
    dice.finish()
    return c, log, out


def test_there_are_fourteen_conditions():
    assert len(R.NAMES) == 14


def test_flat_footed_characters_may_not_make_defence_rolls():
    assert C.can_defend(human(conditions={"Flat-Footed": {}})) == (False, "Flat-Footed")


def test_stunned_characters_cannot_act_while_stunned_but_can_still_defend():
    stunned = human(conditions={"Stunned": {"seconds": 6}})
    assert C.action_seconds(stunned)[0] == 0
    assert C.can_defend(stunned)[0] is True
    assert C.action_seconds(human(conditions={"Stunned": {"seconds": 4}}))[0] == 2


def test_staggered_lasts_1d6_rounds_and_stuns_1d6_seconds_this_round():
    c, log, _ = act(add_condition, human(), [3, 4], "Staggered", None)
    assert c["conditions"]["Staggered"]["seconds"] == 18
    assert c["conditions"]["Stunned"]["seconds"] == 4


def test_a_staggered_character_rolls_1d6_every_round_and_is_stunned_that_many_seconds():
    c, _, face = act(staggered_round, human(conditions={"Staggered": {"seconds": 12}}), [5])
    assert face == 5 and c["conditions"]["Stunned"]["seconds"] == 5


def test_disabled_characters_have_3_seconds_of_action_per_round():
    assert C.action_seconds(human(conditions={"Disabled": {}}))[0] == 3


def test_broken_characters_cannot_act_or_make_defence_rolls_and_are_helpless():
    broken = human(conditions={"Broken": {}})
    assert C.action_seconds(broken)[0] == 0
    assert C.can_defend(broken)[0] is False
    assert C.has(broken, "Helpless")


def test_unconscious_characters_are_always_helpless():
    c, log, _ = act(add_condition, human(), [2], "Unconscious", None)
    assert C.effective_conditions(c) == ["Helpless", "Unconscious"]


def test_unconscious_wakes_in_1d4_hours_per_wound():
    c, _, _ = act(add_condition, human(wounds=3), [1, 4, 2], "Unconscious", None)
    assert c["conditions"]["Unconscious"]["seconds"] == 7 * 3600


def test_unconscious_without_wounds_still_rolls_one_d4():
    c, _, _ = act(add_condition, human(), [3], "Unconscious", None)
    assert c["conditions"]["Unconscious"]["seconds"] == 3 * 3600


def test_unconscious_duration_can_be_otherwise_specified():
    c, _, _ = act(add_condition, human(), [], "Unconscious", 600)
    assert c["conditions"]["Unconscious"]["seconds"] == 600


def test_unconscious_characters_do_not_wake_up_from_loud_noise():
    c, log, woke = act(noise_wakes, human(conditions={"Unconscious": {}}), [], -20)
    assert woke is False and "Unconscious" in c["conditions"]


def test_on_first_waking_from_unconsciousness_the_character_is_flat_footed_one_round():
    c, log, _ = act(remove_condition, human(conditions={"Unconscious": {}}), [], "Unconscious")
    assert c["conditions"] == {"Flat-Footed": {"seconds": 6}}


def test_sleeping_characters_are_always_helpless():
    assert C.has(human(conditions={"Sleeping": {}}), "Helpless")


def test_a_sleeper_wakes_on_a_noise_louder_than_dc_minus_5_and_is_flat_footed():
    c, log, woke = act(noise_wakes, human(conditions={"Sleeping": {}}), [], -5)
    assert woke and "Sleeping" not in c["conditions"] and c["conditions"]["Flat-Footed"]["seconds"] == 6


def test_a_quieter_noise_needs_a_perception_check_at_minus_6():
    sleeper = human(skills={"Perception": 2}, conditions={"Sleeping": {}})
    c, _, woke = act(noise_wakes, sleeper, [4], 1)  # 4 + 2 − 6 = 0 < 1
    assert not woke and "Sleeping" in c["conditions"]
    c, _, woke = act(noise_wakes, sleeper, [5], 1)
    assert woke


def test_held_characters_keep_only_the_dodge():
    from py_rules.semiautomagic.checks import defence_allowed

    held = human(conditions={"Held": {}})
    assert [defence_allowed(held, o)[0] for o in ("block", "dodge", "parry")] == [False, True, False]


def test_tired_is_an_effectless_condition():
    c, log, _ = act(add_condition, human(), [], "Tired", None)
    assert c["conditions"]["Tired"] == {"seconds": None, "modifier": 0}
    assert C.action_seconds(c)[0] == 6 and C.can_defend(c)[0]


def test_dying_added_as_a_condition_starts_at_the_rules_dc():
    c, _, _ = act(add_condition, human(), [], "Dying", None, rule="conditions")
    assert c["conditions"]["Dying"]["dc"] == 6


def test_implied_helpless_is_removed_at_its_source():
    with pytest.raises(RulesError) as error:
        act(remove_condition, human(conditions={"Sleeping": {}}), [], "Helpless")
    assert error.value.code == "implied"


def test_removing_dying_stabilises_and_leaves_the_character_unconscious():
    c, _, _ = act(remove_condition, human(wounds=1, conditions={"Dying": {"dc": 5}}), [2], "Dying")
    assert "Dying" not in c["conditions"] and c["conditions"]["Unconscious"]["seconds"] == 7200


def test_unknown_condition_is_refused():
    with pytest.raises(RulesError) as error:
        act(add_condition, human(), [], "Petrified", None)
    assert error.value.field == "condition"


def test_soul_coma_a_dc_7_medicine_or_dc_8_perception_check_reveals_the_body_is_alive():
    assert detect_soul_coma(TypedDice([5]), "Medicine", 2, Log()) == (True, 7)
    assert detect_soul_coma(TypedDice([4]), "Medicine", 2, Log()) == (False, 6)
    assert detect_soul_coma(TypedDice([6]), "Perception", 2, Log()) == (True, 8)
    assert detect_soul_coma(TypedDice([5]), "Perception", 2, Log()) == (False, 7)


def test_soul_coma_hourly_fortitude_check_starts_at_dc_1_and_rises_every_hour():
    c, _, _ = act(add_condition, human(), [], "Soul Coma", None)
    assert c["conditions"]["Soul Coma"]["dc"] == 1
    c, _, held = act(soul_coma_hour, c, [1])  # 1 + Fortitude 0 ≥ DC 1
    assert held and c["conditions"]["Soul Coma"]["dc"] == 2


def test_soul_coma_failed_check_and_the_body_begins_dying():
    coma = human(conditions={"Soul Coma": {"dc": 5}})
    c, log, held = act(soul_coma_hour, coma, [2])
    assert not held and c["conditions"]["Dying"]["dc"] == 4 and "Soul Coma" in c["conditions"]


def test_soul_coma_caretakers_medicine_check_keeps_the_dc_from_rising():
    coma = human(conditions={"Soul Coma": {"dc": 5}})
    c, _, held = act(soul_coma_hour, coma, [3], caretaker_medicine=2)
    assert held and c["conditions"]["Soul Coma"]["dc"] == 5


def test_objects_have_no_conditions():
    with pytest.raises(RulesError):
        act(add_condition, C.from_dict(dict(C.EXAMPLE_OBJECT)), [], "Stunned", 6)


def test_adding_soul_coma_again_keeps_its_risen_dc():
    c, _, _ = act(add_condition, human(conditions={"Soul Coma": {"dc": 4}}), [], "Soul Coma", None)
    assert c["conditions"]["Soul Coma"]["dc"] == 4


def test_a_body_in_a_soul_coma_is_unconscious_and_helpless():
    coma = human(conditions={"Soul Coma": {}})
    assert C.effective_conditions(coma) == ["Helpless", "Unconscious", "Soul Coma"]
    assert C.action_seconds(coma)[0] == 0 and C.can_defend(coma)[0] is False


def test_when_the_soul_returns_the_body_wakes_flat_footed_for_one_round():
    c, log, _ = act(remove_condition, human(conditions={"Soul Coma": {"dc": 3}}), [], "Soul Coma")
    assert c["conditions"] == {"Flat-Footed": {"seconds": 6}} and "woke" in log.flags


def test_removing_a_stored_unconscious_from_a_dying_character_does_not_wake_him():
    c, log, _ = act(
        remove_condition, human(conditions={"Unconscious": {"seconds": 3600}, "Dying": {"dc": 4}}), [], "Unconscious"
    )
    assert c["conditions"] == {"Dying": {"seconds": None, "dc": 4}} and "woke" not in log.flags
    assert "Still Unconscious (from Dying): does not wake up" in [s.text for s in log.steps]
