"""rules/semiautomagic.md §2.2 checks; §2.4 attack and defence; seed 002 Helpless, Flat-Footed, Held, Broken, Stunned, Panicked (M3–M5, M14)."""

import pytest

from py_rules.dice import TypedDice
from py_rules.errors import RulesError
from py_rules.semiautomagic import creature as C
from py_rules.semiautomagic.checks import attack_roll, defence_roll, roll_check, skill_modifiers
from py_rules.trace import Modifier


def human(**fields):
    return C.new_creature("Human", **fields)


def roll(faces, fn, *args, **kwargs):
    dice = TypedDice(faces)
    result = fn(dice, *args, **kwargs)
    dice.finish()
    return result


def test_check_is_d6_plus_modifier_against_dc_two_ranks_need_a_4_for_dc_6():
    assert roll([4], roll_check, [Modifier("ranks", 2, "")], 6).success is True
    assert roll([3], roll_check, [Modifier("ranks", 2, "")], 6).success is False


def test_check_with_no_ranks_needs_a_6_for_dc_6():
    assert roll([6], roll_check, [], 6).success is True
    assert roll([5], roll_check, [], 6).success is False


def test_negative_dcs_are_just_numbers():
    result = roll([1], roll_check, [Modifier("asleep", -6, "")], -5)
    assert result.total == -5 and result.success is True


def test_mobility_penalty_is_subtracted_from_acrobatics_athletics_wrestle_and_stealth():
    c = human(mobility_penalties={"plate": 2}, skills={"Acrobatics": 3})
    for skill in ("Acrobatics", "Athletics", "Wrestle", "Stealth"):
        assert ("mobility penalty", -2) in [(m.label, m.value) for m in skill_modifiers(c, skill)]
    assert all(m.label != "mobility penalty" for m in skill_modifiers(c, "Perception"))


def test_vehicle_mobility_penalty_applies_to_all_pilot_checks_and_a_mounts_to_ride():
    c = human(skills={"Pilot": 3, "Ride": 2})
    assert sum(m.value for m in skill_modifiers(c, "Pilot", vehicle_mobility=2)) == 1
    assert sum(m.value for m in skill_modifiers(c, "Ride", vehicle_mobility=1)) == 1


def test_scale_is_subtracted_from_stealth_and_added_to_wrestle_and_fortitude():
    giant = human(scale=2)
    assert sum(m.value for m in skill_modifiers(giant, "Stealth")) == -2
    assert sum(m.value for m in skill_modifiers(giant, "Wrestle")) == 2
    assert sum(m.value for m in skill_modifiers(giant, "Fortitude")) == 2


def test_sleeping_characters_get_minus_6_to_perception():
    sleeper = human(skills={"Perception": 2}, conditions={"Sleeping": {}})
    assert sum(m.value for m in skill_modifiers(sleeper, "Perception")) == -4


def test_tired_has_no_effect_unless_the_gm_sets_a_modifier():
    assert sum(m.value for m in skill_modifiers(human(conditions={"Tired": {}}), "Athletics")) == 0
    assert sum(m.value for m in skill_modifiers(human(conditions={"Tired": {"modifier": -1}}), "Athletics")) == -1


def test_attack_roll_d6_plus_skill_minus_scale_against_target_4_minus_scale():
    attacker = human(scale=1, skills={"Weapon Skill": 2})
    cat = human(scale=-1)
    result = roll([3], attack_roll, attacker, cat, "melee")
    assert result.target == 5 and result.total == 3 + 2 - 1 and result.success is False
    assert roll([4], attack_roll, attacker, cat, "melee").success is True


def test_melee_attacks_against_a_helpless_character_automatically_hit():
    result = roll([], attack_roll, human(), human(conditions={"Unconscious": {}}), "melee")
    assert result.success is True and "auto_hit" in result.flags


def test_ranged_attacks_against_the_helpless_still_roll():
    result = roll([1], attack_roll, human(), human(conditions={"Unconscious": {}}), "ranged")
    assert result.success is False


def test_flat_footed_character_is_vulnerable_to_a_sneak_attack():
    result = roll([6], attack_roll, human(), human(conditions={"Flat-Footed": {}}), "melee")
    assert "sneak_attack_possible" in result.flags


def test_defence_roll_against_4_plus_attack_bonus_negates_the_attack():
    defender = human(skills={"Reflex": 2})
    assert roll([4], defence_roll, defender, "dodge", 2).success is True
    assert roll([3], defence_roll, defender, "dodge", 2).success is False


@pytest.mark.parametrize("condition", ["Flat-Footed", "Helpless", "Broken", "Unconscious", "Sleeping"])
def test_flat_footed_broken_and_helpless_characters_cannot_make_defence_rolls(condition):
    with pytest.raises(RulesError) as error:
        roll([6], defence_roll, human(conditions={condition: {}}), "parry", 1)
    assert error.value.field == "option"


def test_held_characters_cannot_block_or_parry_but_can_dodge_at_minus_1():
    held = human(skills={"Reflex": 2}, conditions={"Held": {}})
    for option in ("block", "parry"):
        with pytest.raises(RulesError):
            roll([6], defence_roll, held, option, 0)
    result = roll([3], defence_roll, held, "dodge", 0)
    assert result.total == 3 + 2 - 1 and result.success is True


@pytest.mark.parametrize("condition", ["Stunned", "Panicked"])
def test_stunned_and_panicked_characters_may_still_make_defence_rolls(condition):
    assert roll([6], defence_roll, human(conditions={condition: {}}), "dodge", 1).success is True


def test_a_gm_tired_modifier_applies_to_attack_and_defence_rolls_too():
    tired = human(skills={"Weapon Skill": 2, "Reflex": 2}, conditions={"Tired": {"modifier": -1}})
    attack = roll([3], attack_roll, tired, human(), "melee")
    assert attack.total == 3 + 2 - 1 and attack.success is True
    assert attack.details["defence_dc"] == 4 + 2  # the attack bonus itself is unchanged
    assert roll([3], defence_roll, tired, "dodge", 0).total == 3 + 2 - 1


def test_a_tired_character_with_no_gm_modifier_rolls_as_usual():
    rested = roll([3], attack_roll, human(skills={"Weapon Skill": 2}, conditions={"Tired": {}}), human(), "melee")
    assert rested.total == 5 and [m.label for m in rested.modifiers] == ["Weapon Skill bonus"]
