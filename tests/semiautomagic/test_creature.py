"""Seed 002, Creature or Object Toughness; Natural Armour; Durability; Unarmoured; Stacking; Mobility; Will (M1, M2, M14)."""

import pytest
from hypothesis import given, strategies as st

from py_rules.errors import RulesError
from py_rules.semiautomagic import creature as C, tables as T


def human(**fields):
    return C.new_creature("Human", **fields)


def test_toughness_is_6_plus_3_times_scale_plus_endurance_plus_defence():
    horse = human(scale=1, abilities={"Endurance": 4}, defence={"natural_armour": 1})
    assert C.toughness(horse) == 6 + 3 * 1 + 4 + 1


def test_average_unarmoured_human_has_toughness_9():
    assert C.toughness(human()) == 9


def test_average_unarmoured_human_has_minimum_toughness_3():
    assert C.min_toughness(human()) == 3


def test_minimum_toughness_is_6_lower_than_toughness():
    tough = human(abilities={"Endurance": 4}, defence={"worn_armour": 3})
    assert C.min_toughness(tough) == C.toughness(tough) - 6 == 7


def test_objects_have_no_endurance_and_count_as_endurance_3():
    crate = C.from_dict({"schema": T.SCHEMA, "kind": "object", "scale": 0})
    assert C.endurance_for_toughness(crate) == 3
    assert C.toughness(crate) == 9


def test_objects_may_not_carry_abilities():
    with pytest.raises(RulesError) as error:
        C.from_dict({"schema": T.SCHEMA, "kind": "object", "abilities": {"Endurance": 5}})
    assert error.value.field == "abilities"


def test_defence_bonuses_are_added_to_toughness_along_with_endurance_and_scale():
    assert C.toughness(human(defence={"worn_armour": 2})) == 11


def test_natural_armour_is_plus_0_unless_otherwise_specified():
    assert C.defence_value({}) == (0, "natural_armour")


def test_paper_shirt_defence_minus_3_does_not_lower_toughness():
    shirt = human(defence={"worn_armour": -3})
    assert C.toughness(shirt) == 9
    assert C.defence_value(shirt["defence"]) == (0, "natural_armour")


def test_natural_armour_from_thick_skin_counts_as_defence():
    assert C.toughness(human(defence={"natural_armour": 2})) == 11


def test_durability_is_the_defence_of_an_objects_material():
    door = C.from_dict({"schema": T.SCHEMA, "kind": "object", "defence": {"durability": 4}})
    assert C.toughness(door) == 13


def test_unarmoured_skill_bonus_is_a_defence_source():
    assert C.toughness(human(defence={"unarmoured": 2})) == 11


def test_bonuses_from_different_defence_sources_do_not_stack():
    monk = human(defence={"worn_armour": 2, "unarmoured": 3, "natural_armour": 1})
    assert C.defence_value(monk["defence"]) == (3, "unarmoured")
    assert C.toughness(monk) == 12


def test_each_wound_decreases_toughness_and_minimum_toughness_by_1_and_wounds_stack():
    hurt = human(wounds=3)
    assert (C.toughness(hurt), C.min_toughness(hurt)) == (6, 0)


def test_scale_table_base_toughness_is_6_plus_3_scale_and_target_4_minus_scale():
    for scale, row in T.SCALE_TABLE.items():
        assert row[1] == 6 + 3 * scale
        assert row[4] == 4 - scale
        assert row[3] == -scale


def test_will_is_spirit_plus_6_and_minimum_will_6_lower():
    assert C.will(human()) == 9
    assert C.derive(human())["min_will"] == 3


def test_morale_penalty_decreases_will_and_minimum_will_by_1():
    shaken = human(morale_penalties=2)
    assert C.will(shaken) == 7
    assert C.derive(shaken)["min_will"] == 1


def test_zero_will_means_broken_and_helpless():
    assert C.effective_conditions(human(morale_penalties=9)) == ["Broken", "Helpless"]


def test_each_mobility_penalty_subtracts_half_a_square_from_every_movement_type():
    flyer = human(movement={"walk": 6, "fly": 10}, mobility_penalties={"armour": 1})
    assert C.movement(flyer) == {"walk": 5.5, "fly": 9.5}


def test_multiple_mobility_penalties_stack():
    loaded = human(movement={"walk": 6}, mobility_penalties={"armour": 1, "pack": 2})
    assert C.mobility_total(loaded) == 3
    assert C.movement(loaded) == {"walk": 4.5}


def test_implied_conditions_unconscious_and_sleeping_and_dying_imply_helpless():
    assert C.effective_conditions(human(conditions={"Unconscious": {}})) == ["Helpless", "Unconscious"]
    assert C.effective_conditions(human(conditions={"Sleeping": {}})) == ["Helpless", "Sleeping"]
    assert C.effective_conditions(human(conditions={"Dying": {"dc": 4}})) == ["Helpless", "Unconscious", "Dying"]


def test_json_round_trip_keeps_every_field():
    c = human(skills={"Stealth": 2}, conditions={"Confused": {"seconds": 12}}, statuses=["prone"], wounds=1)
    import json

    assert C.from_dict(json.loads(json.dumps(c))) == c


@pytest.mark.parametrize(
    "patch, field",
    [
        ({"schema": "semiautomagic.creature/2"}, "schema"),
        ({"schema": None}, "schema"),
        ({"scale": 11}, "scale"),
        ({"scale": -2}, "scale"),
        ({"abilities": {"Charisma": 3}}, "abilities.Charisma"),
        ({"abilities": {"Strength": -1}}, "abilities.Strength"),
        ({"skills": {"Brawl": 2}}, "skills.Brawl"),
        ({"defence": {"shield": 2}}, "defence.shield"),
        ({"conditions": {"Petrified": {}}}, "conditions.Petrified"),
        ({"conditions": {"Dying": {"dc": "x"}}}, "conditions.Dying.dc"),
        ({"wounds": -1}, "wounds"),
        ({"wounds": True}, "wounds"),
        ({"movement": {"teleport": 3}}, "movement.teleport"),
        ({"emp_complexity": "Quantum"}, "emp_complexity"),
        ({"emp_complexity": "Advanced"}, "emp_complexity"),
        ({"statuses": ["bored"]}, "statuses.0"),
        ({"colour": "red"}, "colour"),
    ],
)
def test_bad_creature_json_names_the_field(patch, field):
    data = dict(C.EXAMPLE_HUMAN, **patch)
    with pytest.raises(RulesError) as error:
        C.from_dict(data)
    assert error.value.field == field


defence_values = st.integers(-10, 10)


@given(
    st.dictionaries(st.sampled_from(T.DEFENCE_SOURCES), defence_values, max_size=5),
    st.integers(-1, 10),
    st.integers(0, 8),
)
def test_property_armour_never_lowers_toughness_below_the_natural_armour_floor(defence, scale, endurance):
    bare = human(scale=scale, abilities={"Endurance": endurance})
    armoured = human(scale=scale, abilities={"Endurance": endurance}, defence=defence)
    assert C.toughness(armoured) >= C.toughness(bare)
    assert C.toughness(armoured) == C.toughness(bare) + max([0] + list(defence.values()))
