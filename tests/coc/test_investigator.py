"""The investigator sheet: characteristics, skills, derived values, JSON round-trip, bad input (C1; rules/coc.md §3.2)."""

import copy
import json

import pytest
from coc_helpers import harvey, run

from py_rules import api
from py_rules.coc.creation import create_investigator
from py_rules.coc.investigator import EXAMPLE, damage_bonus_and_build, from_dict, mov, skill_value
from py_rules.coc.tables import SKILL_BASES


def test_derived_hp_mp_san_max_from_the_characteristics():
    d = harvey()["derived"]
    assert (d["hp_max"], d["mp_max"], d["san_max"]) == (12, 12, 94)


def test_sanity_starts_at_pow_and_max_is_99_minus_cthulhu_mythos():
    state = harvey()
    assert state["san"] == 60
    assert from_dict({**EXAMPLE, "skills": {"Cthulhu Mythos": 50}})["derived"]["san_max"] == 49


@pytest.mark.parametrize(
    "total, bonus, build",
    [
        (64, "-2", -2),
        (84, "-1", -1),
        (124, "0", 0),
        (164, "+1D4", 1),
        (204, "+1D6", 2),
        (284, "+2D6", 3),
        (364, "+3D6", 4),
        (444, "+4D6", 5),
        (524, "+5D6", 6),
        (604, "+6D6", 7),
    ],
)
def test_damage_bonus_and_build_table(total, bonus, build):
    assert damage_bonus_and_build(total) == (bonus, build)


def test_mov_7_8_9_and_age():
    base = {**EXAMPLE, "age": 30}
    slow = from_dict({**base, "characteristics": {**EXAMPLE["characteristics"], "DEX": 50, "STR": 50, "SIZ": 60}})
    fast = from_dict({**base, "characteristics": {**EXAMPLE["characteristics"], "DEX": 70, "STR": 70, "SIZ": 60}})
    mid = from_dict({**base, "characteristics": {**EXAMPLE["characteristics"], "DEX": 70, "STR": 50, "SIZ": 60}})
    assert (mov(slow), mov(fast), mov(mid)) == (7, 9, 8)
    assert mov({**fast, "age": 55}) == 7


def test_skills_have_base_values_dodge_is_half_dex():
    state = from_dict({**EXAMPLE, "skills": {}})
    assert skill_value(state, "Dodge") == 30
    assert skill_value(state, "Fighting (Brawl)") == 25 and skill_value(state, "First Aid") == 30
    assert skill_value(state, "Language (Own)") == 80
    assert set(SKILL_BASES) >= {"Throw", "Stealth", "Psychology", "Spot Hidden", "Listen", "Medicine"}


def test_seed_skill_spellings_are_accepted():
    state = from_dict({**EXAMPLE, "skills": {"Brawl": 60, "Handguns": 50, "Rifle": 40}})
    assert state["skills"] == {"Fighting (Brawl)": 60, "Firearms (Handgun)": 50, "Firearms (Rifle/Shotgun)": 40}


def test_round_trips_through_json_with_a_schema_version():
    state = harvey(hp=7, conditions={"major_wound": True})
    again = from_dict(json.loads(json.dumps(state)))
    assert again == state and again["schema"] == "coc.investigator/1"


def test_a_newer_schema_version_is_a_clear_error():
    response = api.handle(
        {"op": "coc.skill_roll", "args": {"investigator": {**EXAMPLE, "schema": "coc.investigator/2"}}}
    )
    assert response["ok"] is False and response["error"]["code"] == "bad_schema"


def bad(investigator, **args):
    before = copy.deepcopy(investigator)
    response = api.handle({"op": "coc.skill_roll", "args": {"investigator": investigator, **args}, "seed": 1})
    assert investigator == before
    assert response["ok"] is False
    return response["error"]


def test_a_skill_above_100_is_a_clear_error_and_changes_nothing():
    error = bad({**EXAMPLE, "skills": {"Spot Hidden": 101}})
    assert error["field"] == "investigator" and "Spot Hidden must be between 0 and 100" in error["message"]
    assert "between 0 and 100" in error["message"]


def test_a_skill_below_0_is_a_clear_error_and_changes_nothing():
    error = bad({**EXAMPLE, "skills": {"Spot Hidden": -1}})
    assert "Spot Hidden must be between 0 and 100" in error["message"]


def test_an_unknown_skill_on_the_sheet_is_a_clear_error():
    error = bad({**EXAMPLE, "skills": {"Basket Weaving": 40}})
    assert error["code"] == "unknown_skill" and "Basket Weaving" in error["message"]


def test_an_unknown_skill_to_roll_is_a_clear_error():
    error = bad(copy.deepcopy(EXAMPLE), skill="Basket Weaving")
    assert error["field"] == "skill"


def test_a_negative_characteristic_is_a_clear_error():
    error = bad({**EXAMPLE, "characteristics": {**EXAMPLE["characteristics"], "CON": -5}})
    assert "CON must be between 0 and 500" in error["message"]


def test_current_hp_above_the_maximum_is_a_clear_error():
    error = bad({**EXAMPLE, "hp": 13})
    assert "HP must be between 0 and 12" in error["message"]


def test_unknown_field_is_a_clear_error():
    assert bad({**EXAMPLE, "hitpoints": 3})["code"] == "unknown_field"


def test_create_investigator_rolls_3d6_times_5_and_2d6_plus_6_times_5():
    # STR 3D6, CON 3D6, SIZ 2D6+6, DEX 3D6, APP 3D6, INT 2D6+6, POW 3D6, EDU 2D6+6, Luck 3D6; each × 5
    faces = [1, 2, 3] + [6, 6, 6] + [3, 3] + [4, 4, 4] + [2, 2, 2] + [5, 5] + [1, 1, 3] + [4, 5] + [2, 3, 4]
    result = run(
        create_investigator,
        faces,
        name="Rolled",
        age=30,
        characteristics=dict(EXAMPLE["characteristics"]),
        luck=50,
        skills={},
        roll=True,
    )
    c = result.state["characteristics"]
    assert (c["STR"], c["CON"], c["SIZ"], c["DEX"]) == (30, 90, 60, 60)
    assert (c["APP"], c["INT"], c["POW"], c["EDU"]) == (30, 80, 25, 75)
    assert result.state["luck"] == 45
    assert result.state["hp"] == (90 + 60) // 10


def test_create_investigator_via_the_api():
    response = api.handle(
        {
            "op": "coc.create_investigator",
            "args": {
                "name": "Ada",
                "STR": 50,
                "CON": 50,
                "SIZ": 50,
                "DEX": 50,
                "APP": 50,
                "INT": 50,
                "POW": 50,
                "EDU": 50,
                "luck": 40,
            },
        }
    )
    state = response["result"]["state"]
    assert state["derived"] == {
        "hp_max": 10,
        "mp_max": 10,
        "san_max": 99,
        "damage_bonus": "0",
        "build": 0,
        "mov": 8,
        "mov_from": "rules",
        "dodge": 25,
    }
    assert state["san"] == 50 and state["luck"] == 40


@pytest.mark.parametrize("skills", [{"Flying": 10}, {"Dodge": 101}, {"Dodge": -1}])
def test_creating_with_a_bad_skill_names_the_skills_field(skills):
    response = api.handle({"op": "coc.create_investigator", "args": {"skills": skills}})
    assert response["ok"] is False and response["error"]["field"] == "skills"
    assert next(iter(skills)) in response["error"]["message"]


def test_a_malformed_last_roll_is_a_clear_error():
    error = bad({**EXAMPLE, "last_roll": {"kind": "skill", "roll": "high"}})
    assert "Roll (the last roll) must be a whole number" in error["message"]
    error = bad({**EXAMPLE, "last_roll": {"kind": "psychic"}})
    assert "The last roll's kind must be one of: skill, characteristic" in error["message"]


@pytest.mark.parametrize(
    "op, args",
    [
        ("coc.luck_roll", {}),
        ("coc.recover_luck", {}),
        ("coc.gain_sanity", {"amount": "3"}),
        ("coc.roll_damage", {}),
        ("coc.weekly_healing_roll", {}),
        ("coc.spend_luck", {"points": 5}),
    ],
)
def test_the_dead_roll_nothing_and_change_nothing(op, args):
    dead = harvey(
        hp=0,
        conditions={"dead": True, "unconscious": True},
        last_roll={"kind": "skill", "name": "Spot Hidden", "value": 55, "roll": 70, "level": 1},
    )
    before = copy.deepcopy(dead)
    response = api.handle({"op": op, "args": {"investigator": dead, **args}})
    assert response["ok"] is False and "dead" in response["error"]["message"]
    assert response["error"]["field"] == "investigator" and dead == before


def test_rolling_an_investigator_with_a_bad_skill_is_refused_before_any_die_is_rolled():
    response = api.handle(
        {"op": "coc.create_investigator", "args": {"roll_characteristics": True, "skills": {"Dodge": 300}, "dice": []}}
    )
    assert response["ok"] is False and response["error"]["field"] == "skills"
