"""Seed 002 Health (wounds, dying, death), objects, Nonlethal Damage, the eight damage types, EMP (M6, M7, M8, M22)."""

import pytest

from py_rules.dice import TypedDice
from py_rules.dice_expr import parse
from py_rules.errors import RulesError
from py_rules.semiautomagic import creature as C, tables as T
from py_rules.semiautomagic.damage import apply_hit, roll_damage, step_down
from py_rules.trace import Log


def human(**fields):
    return C.new_creature("Human", **fields)


def hit(c, damage, damage_type="Slashing", faces=(), **kwargs):
    c = C.copy_of(c)
    log = Log()
    dice = TypedDice(list(faces))
    apply_hit(dice, c, damage, damage_type, log, **kwargs)
    dice.finish()
    return c, log


def test_damage_4_against_the_average_human_wounds():
    c, log = hit(human(), 4)
    assert c["wounds"] == 1 and "wounded" in log.flags and "Dying" not in c["conditions"]


def test_damage_equal_to_minimum_toughness_does_not_wound():
    c, _ = hit(human(), 3)
    assert c["wounds"] == 0


def test_a_wound_decreases_toughness_and_minimum_toughness_by_1():
    c, _ = hit(human(), 5)
    assert (C.toughness(c), C.min_toughness(c)) == (8, 2)


def test_damage_9_against_the_average_human_starts_dying():
    c, log = hit(human(), 9)
    assert c["conditions"]["Dying"]["dc"] == 4 and not c["dead"]
    assert c["wounds"] == 1
    assert C.effective_conditions(c) == ["Helpless", "Unconscious", "Dying"]


def test_damage_8_against_the_average_human_only_wounds():
    c, _ = hit(human(), 8)
    assert "Dying" not in c["conditions"] and c["wounds"] == 1


def test_conditions_dying_rule_needs_more_than_toughness_and_starts_at_dc_6():
    c, _ = hit(human(), 9, rule="conditions")
    assert "Dying" not in c["conditions"]
    c, _ = hit(human(), 10, rule="conditions")
    assert c["conditions"]["Dying"]["dc"] == 6


def test_dying_trigger_can_be_switched_on_its_own():
    c, _ = hit(human(), 9, rule="health", trigger="more")
    assert "Dying" not in c["conditions"]


def test_a_dying_character_who_is_wounded_again_dies():
    dying, _ = hit(human(), 9)
    c, log = hit(dying, 3)  # Toughness is now 8, Minimum Toughness 2
    assert c["dead"] and "dead" in log.flags and c["conditions"] == {}


def test_a_dying_character_hit_without_a_wound_keeps_dying():
    dying, _ = hit(human(), 9)
    c, _ = hit(dying, 2)
    assert not c["dead"] and "Dying" in c["conditions"]


def test_a_heavily_wounded_character_who_starts_dying_beyond_reach_dies_at_once():
    # 5 wounds before, 6 after the hit: best check 6 + 3 − 6 = 3 < DC 4
    c, log = hit(human(wounds=5), 9)
    assert c["dead"]


def test_nonlethal_damage_that_would_start_dying_knocks_out_instead():
    c, log = hit(human(), 9, nonlethal=True, faces=[3])
    assert "Dying" not in c["conditions"] and not c["dead"]
    assert c["conditions"]["Unconscious"]["seconds"] == 3 * 3600
    assert "knocked_out" in log.flags and c["wounds"] == 1


def test_nonlethal_damage_that_would_kill_a_dying_character_does_not_kill():
    dying, _ = hit(human(), 9)
    c, log = hit(dying, 5, nonlethal=True)
    assert not c["dead"] and c["wounds"] == 2 and "nonlethal_spared" in log.flags


def test_nonlethal_damage_wounds_like_normal_damage():
    c, _ = hit(human(), 4, nonlethal=True)
    assert c["wounds"] == 1


def test_objects_are_immune_to_nonlethal_damage():
    box = C.from_dict(dict(C.EXAMPLE_OBJECT))
    c, log = hit(box, 20, nonlethal=True)
    assert c == box and "immune" in log.flags


def test_an_object_that_takes_more_damage_than_its_toughness_is_destroyed():
    radio = C.from_dict(dict(C.EXAMPLE_OBJECT))  # Toughness 3 + 3 + 2 = 8
    c, _ = hit(radio, 8)
    assert not c["destroyed"] and c["wounds"] == 1
    c, log = hit(radio, 9)
    assert c["destroyed"] and "destroyed" in log.flags


def test_the_damage_registry_has_the_eight_damage_types():
    assert tuple(T.DAMAGE_TYPES) == (
        "Piercing",
        "Bludgeoning",
        "Slashing",
        "Electric",
        "Heat",
        "Cold",
        "Chemical",
        "EMP",
    )


@pytest.mark.parametrize("damage_type", ["Piercing", "Bludgeoning", "Slashing", "Electric", "Cold", "Chemical"])
def test_physical_and_energy_damage_types_wound_alike(damage_type):
    c, log = hit(human(), 4, damage_type)
    assert c["wounds"] == 1 and "fire_risk" not in log.flags


def test_heat_damage_may_include_a_risk_of_being_lit_on_fire():
    _, log = hit(human(), 4, "Heat")
    assert "fire_risk" in log.flags


def test_unknown_damage_type_is_refused():
    with pytest.raises(RulesError) as error:
        hit(human(), 4, "Sonic")
    assert error.value.field == "damage_type"


def test_light_material_bludgeoning_weapons_deal_one_die_smaller_damage():
    assert str(step_down(parse("2d6+1", T.DAMAGE_FORM))) == "2d4+1"
    assert str(step_down(parse("d4", T.DAMAGE_FORM))) == "1d3"
    assert str(step_down(parse("d20", T.DAMAGE_FORM))) == "1d12"


def test_damage_dice_roll_through_the_dice_source():
    dice = TypedDice([2, 5])
    assert roll_damage(dice, parse("2d6-1", T.DAMAGE_FORM)) == (6, (2, 5))


@pytest.mark.parametrize("text", ["2d7", "abc", "d", "2d6++", ""])
def test_bad_damage_expressions_are_refused(text):
    with pytest.raises(RulesError):
        parse(text, T.DAMAGE_FORM)


def test_emp_only_affects_electronic_devices():
    c, log = hit(human(), 20, "EMP")
    assert c == human() and "immune" in log.flags


@pytest.mark.parametrize(
    "complexity, toughness", [("Very Simple", 8), ("Simple", 7), ("Moderate", 6), ("Complicated", 4), ("Advanced", 3)]
)
def test_emp_table_device_stops_working_above_its_emp_toughness(complexity, toughness):
    device = C.from_dict({"schema": T.SCHEMA, "kind": "object", "emp_complexity": complexity})
    c, _ = hit(device, toughness, "EMP")
    assert not c["emp_disabled"]
    c, log = hit(device, toughness + 1, "EMP")
    assert c["emp_disabled"] and "emp_disabled" in log.flags


def test_emp_ignores_armour_and_size():
    tank = C.from_dict(
        {"schema": T.SCHEMA, "kind": "object", "scale": 3, "defence": {"durability": 10}, "emp_complexity": "Moderate"}
    )
    c, _ = hit(tank, 7, "EMP")
    assert c["emp_disabled"] and c["wounds"] == 0


def test_a_hit_that_deals_no_damage_does_not_wound_even_below_minimum_toughness_0():
    # 4 wounds: Toughness 5, Minimum Toughness -1; a 1d4-3 that rolls 0 takes nothing away
    c, log = hit(human(wounds=4), 0)
    assert c["wounds"] == 4 and "wounded" not in log.flags
    assert "No damage gets through: no effect" in [s.text for s in log.steps]


def test_a_hit_that_deals_no_damage_does_not_start_dying_at_toughness_0():
    c, _ = hit(human(wounds=9), 0)  # Toughness 0
    assert "Dying" not in c["conditions"] and c["wounds"] == 9 and not c["dead"]


def test_objects_are_immune_to_nonlethal_emp_too():
    radio = C.from_dict(dict(C.EXAMPLE_OBJECT))  # Moderate: EMP Toughness 6
    c, log = hit(radio, 9, "EMP", nonlethal=True)
    assert not c["emp_disabled"] and "immune" in log.flags


def test_a_destroyed_device_takes_no_further_emp_effect():
    wreck = C.from_dict(dict(C.EXAMPLE_OBJECT, destroyed=True))
    c, log = hit(wreck, 9, "EMP")
    assert c == wreck


def test_a_nonlethal_knockout_does_not_shorten_a_longer_unconsciousness():
    out_cold = human(wounds=2, conditions={"Unconscious": {"seconds": 10 * 3600}})
    c, log = hit(out_cold, 9, nonlethal=True, faces=[1, 1, 1])  # 3 wounds now: 3d4 = 3 hours < 10 left
    assert c["conditions"]["Unconscious"]["seconds"] == 10 * 3600 and c["wounds"] == 3
    c, _ = hit(human(wounds=2, conditions={"Unconscious": {"seconds": 3600}}), 9, nonlethal=True, faces=[4, 4, 4])
    assert c["conditions"]["Unconscious"]["seconds"] == 12 * 3600
