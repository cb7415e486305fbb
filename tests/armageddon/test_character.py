"""The character: derived values (U1), JSON round trip, schema version, strict validation."""

import copy
import json

import pytest
from hypothesis import given, settings, strategies as st

from py_rules import api
from py_rules.armageddon.character import EXAMPLE, SCHEMA, from_dict, lifting_capacity
from py_rules.armageddon.condition_registry import NAMES as STORED_CONDITIONS
from py_rules.armageddon.tables import ATTRIBUTES, SKILLS
from py_rules.errors import RulesError
from py_rules.text import problem as text_problem


def test_life_points_represent_health_str_plus_con_times_4_plus_10(make):
    assert make()["derived"]["life_points"] == (2 + 3) * 4 + 10


def test_endurance_points_represent_vitality_str_con_will_times_3_plus_5(make):
    assert make()["derived"]["endurance_points"] == (2 + 3 + 3) * 3 + 5


def test_essence_points_pool_is_the_sum_of_the_attributes(make):
    assert make()["derived"]["essence"] == 2 + 2 + 3 + 2 + 2 + 3


def test_speed_is_con_plus_dex_times_2_and_initiative_base_is_dexterity(make):
    derived = make()["derived"]
    assert derived["speed"] == 10 and derived["initiative_base"] == 2


def test_carrying_capacity_is_half_the_lifting_capacity_from_strength(make):
    derived = make()["derived"]
    assert (derived["lifting_capacity"], derived["carrying_capacity"]) == (100, 50)
    assert [lifting_capacity(s) for s in (5, 6, 10, 11)] == [250, 450, 1250, 1750]


def test_quality_bonuses_raise_the_maximum_pools(make):
    assert make(bonuses={"life_points": 10})["derived"]["life_points"] == 40


def test_current_pools_default_to_their_maximum(make):
    assert make()["current"] == {"life_points": 30, "endurance_points": 29, "essence": 14}


def test_character_sheet_operation_derives_the_values(run, make):
    result = run("character_sheet", character=make(life_points=3))
    assert result["details"]["derived"]["life_points"] == 30
    assert "seriously_injured" in result["details"]["conditions"]
    assert result["state"]["schema"] == SCHEMA


def test_newer_schema_version_is_a_clear_error():
    with pytest.raises(RulesError) as error:
        from_dict(dict(EXAMPLE, schema="armageddon.character/2"))
    assert error.value.code == "newer_schema" and error.value.field == "schema"


def test_unknown_schema_is_a_clear_error():
    with pytest.raises(RulesError) as error:
        from_dict(dict(EXAMPLE, schema="coc.investigator/1"))
    assert error.value.field == "schema"


def _bad_input(fail, character, field_part):
    """Bad input through the JSON door: ok false, the field named (in words in the message), the input unchanged."""
    before = copy.deepcopy(character)
    error = fail("apply_damage", character=character, amount="3")
    assert field_part in error["message"] or field_part in (error["field"] or "")
    assert error["field"] == "character"
    assert character == before
    return error


def test_bad_input_negative_attribute_is_refused_and_changes_nothing(fail):
    character = copy.deepcopy(EXAMPLE)
    character["attributes"]["Strength"] = -1
    error = _bad_input(fail, character, "Strength must be at least 0")
    assert error["code"] == "out_of_range"


def test_bad_input_unknown_skill_is_refused_and_changes_nothing(fail):
    character = copy.deepcopy(EXAMPLE)
    character["skills"]["Basket Juggling"] = 2
    error = _bad_input(fail, character, "no skill called 'Basket Juggling'")
    assert error["code"] == "unknown_skill"


def test_bad_input_essence_channeling_on_a_mundane_is_refused_and_changes_nothing(fail):
    character = dict(copy.deepcopy(EXAMPLE), kind="mundane", essence_channeling=2)
    error = _bad_input(fail, character, "Essence Channeling")
    assert error["code"] == "not_allowed"


def test_bad_input_weight_that_is_not_a_number_is_refused_and_changes_nothing(fail):
    character = copy.deepcopy(EXAMPLE)
    character["items"][0]["weight"] = "heavy"
    error = _bad_input(fail, character, "Weight of item 1")
    assert error["code"] == "wrong_type"


def test_bad_input_absurd_weight_is_refused_not_an_internal_error(fail):
    character = copy.deepcopy(EXAMPLE)
    character["items"][0]["weight"] = 1e308
    error = _bad_input(fail, character, "Weight of item 1")
    assert error["code"] == "out_of_range"


def test_bad_input_through_the_page_json_text_names_the_field():
    response = api.handle(
        {
            "op": "armageddon.encumbrance",
            "args": {"character": json.dumps(dict(EXAMPLE, attributes=dict(EXAMPLE["attributes"], Willpower=-2)))},
        }
    )
    assert response["ok"] is False and "Willpower must be at least 0" in response["error"]["message"]


def test_skill_speciality_is_known_by_its_base():
    assert from_dict(dict(EXAMPLE, skills={"Craft (Woodwork)": 2}))["skills"] == {"Craft (Woodwork)": 2}


def test_unknown_condition_and_current_above_maximum_are_refused():
    with pytest.raises(RulesError) as error:
        from_dict(dict(EXAMPLE, conditions=["sleepy"]))
    assert error.value.field == "conditions.0"
    with pytest.raises(RulesError) as error:
        from_dict(dict(EXAMPLE, current={"life_points": 99}))
    assert error.value.field == "current.life_points"


_attributes = st.fixed_dictionaries({name: st.integers(0, 8) for name in ATTRIBUTES})
_skills = st.dictionaries(
    st.sampled_from(SKILLS),
    st.one_of(
        st.integers(0, 6), st.fixed_dictionaries({"level": st.integers(0, 6), "untrained_penalty": st.integers(-10, 0)})
    ),
    max_size=4,
)
_NAMES = st.text(max_size=10).filter(lambda name: not text_problem(name))
"""Any name the sheet keeps (py_rules.text: no control or direction-turning character)."""
_items = st.lists(
    st.fixed_dictionaries(
        {"name": _NAMES, "weight": st.one_of(st.integers(0, 200), st.floats(0, 200, allow_nan=False))}
    ),
    max_size=3,
)


@st.composite
def characters(draw):
    attributes = draw(_attributes)
    kind = draw(st.sampled_from(["mundane", "gifted", "supernatural"]))
    raw = {
        "schema": SCHEMA,
        "name": draw(_NAMES),
        "kind": kind,
        "attributes": attributes,
        "skills": draw(_skills),
        "items": draw(_items),
        "essence_channeling": 0 if kind == "mundane" else draw(st.integers(0, 5)),
        "conditions": draw(st.lists(st.sampled_from(STORED_CONDITIONS), max_size=3)),
        "sleep_debt": draw(st.integers(0, 5)),
    }
    base = from_dict(raw)
    raw["current"] = {
        key: draw(st.integers(-40, value))
        for key, value in [(k, base["derived"][k]) for k in ("life_points", "endurance_points", "essence")]
    }
    raw["lost_attributes"] = {"Intelligence": draw(st.integers(0, attributes["Intelligence"]))}
    return from_dict(raw)


@settings(max_examples=60, deadline=None)
@given(characters())
def test_any_character_round_trips_through_json_equal_to_itself(character):
    again = from_dict(json.loads(json.dumps(character)))
    assert again == character
    assert from_dict(again) == again
