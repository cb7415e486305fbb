"""Seed 000 Encumbrance (U21, U22, encumbrance drains in U16)."""

import pytest

from py_rules.armageddon.encumbrance import encumbrance_level


def _carrying(make, weight):
    return make(items=[{"name": "load", "weight": weight}])


def test_encumbrance_applies_to_the_weight_of_items_carried(run, make):
    character = make(items=[{"name": "Rifle", "weight": 10}, {"name": "Ammo", "weight": 6.5}])
    assert run("encumbrance", character=character)["details"]["weight"] == 16.5


def test_four_levels_penalise_speed_and_rolls_needing_silence_or_fast_reactions(run, make):
    loaded = _carrying(make, 40)  # Medium for carrying capacity 50
    stealth = run("task", dice=[5], attribute=2, skill=2, character=loaded, tags="silence")
    assert ("Medium encumbrance (silence)", -2) in [(m["label"], m["value"]) for m in stealth["modifiers"]]
    plain = run("task", dice=[5], attribute=2, skill=2, character=loaded)
    assert plain["total"] == 9
    init = run("initiative", dice=[6], character=loaded)
    assert init["total"] == 6 + 2 - 2 and init["details"]["speed"] == 10 - 2


@pytest.mark.parametrize("level, penalty", [("Light", -1), ("Medium", -2), ("Heavy", -3), ("Extra Heavy", -5)])
def test_light_minus_1_medium_minus_2_heavy_minus_3_extra_heavy_minus_5(level, penalty):
    weights = {"Light": 30, "Medium": 50, "Heavy": 60, "Extra Heavy": 100}
    assert encumbrance_level(weights[level], 50)[:2] == (level, penalty)


def test_encumbrance_adds_the_weights_and_compares_with_carrying_capacity(run, make):
    result = run("encumbrance", character=make(items=[{"name": "a", "weight": 20}, {"name": "b", "weight": 18}]))
    assert result["details"]["carrying_capacity"] == 50 and result["details"]["level"] == "Medium"


def test_up_to_half_of_carrying_capacity_without_penalty(run, make):
    assert run("encumbrance", character=_carrying(make, 25))["details"]["level"] == "None"


def test_just_above_half_to_75_percent_light_and_1d4_ep_every_ten_minutes(run, make):
    assert encumbrance_level(25.5, 50)[0] == "Light" and encumbrance_level(37.5, 50)[0] == "Light"
    result = run("advance_time", dice=[3, 2], character=_carrying(make, 30), minutes=20)
    assert result["state"]["current"]["endurance_points"] == 29 - 5


def test_76_to_100_percent_medium_and_1d4_ep_every_five_minutes(run, make):
    assert encumbrance_level(38, 50)[0] == "Medium" and encumbrance_level(50, 50)[0] == "Medium"
    result = run("advance_time", dice=[1, 1], character=_carrying(make, 45), minutes=10)
    assert result["state"]["current"]["endurance_points"] == 27


def test_101_to_125_percent_heavy_and_1d4_ep_every_two_minutes(run, make):
    assert encumbrance_level(50.5, 50)[0] == "Heavy" and encumbrance_level(62.5, 50)[0] == "Heavy"
    result = run("advance_time", dice=[1, 1, 1], character=_carrying(make, 60), minutes=6)
    assert result["state"]["current"]["endurance_points"] == 26


def test_126_percent_to_lifting_capacity_extra_heavy_and_1d4_ep_per_minute(run, make):
    assert encumbrance_level(63, 50)[0] == "Extra Heavy" and encumbrance_level(100, 50)[:2] == ("Extra Heavy", -5)
    result = run("advance_time", dice=[4, 4], character=_carrying(make, 90), minutes=2)
    assert result["state"]["current"]["endurance_points"] == 21
    over = run("encumbrance", character=_carrying(make, 101))
    assert over["details"]["over_limit"] and "over_limit" in over["flags"]


def test_no_encumbrance_drain_while_resting(run, make):
    result = run("advance_time", dice=[], character=_carrying(make, 90), minutes=30, activity="resting")
    assert result["dice"] == []


def test_encumbrance_is_said_in_plain_words_and_no_load_has_no_modifier_line(run, make):
    from tests.test_words_scan import problems_in

    heavy = run("encumbrance", character=_carrying(make, 60))  # Heavy for carrying capacity 50
    assert heavy["text"][0].startswith("Heavy encumbrance: −3")
    assert heavy["level_name"] == "Heavy encumbrance: −3"
    light = run("encumbrance", character=_carrying(make, 10))
    assert light["text"][0] == "Not encumbered (10 lb)"
    assert not any("+0" in line or "None" in line for line in light["text"])
    for answer in (heavy, light):
        assert not [p for line in answer["text"] for p in problems_in(line)], answer["text"]


def test_penalties_from_the_state_are_said_without_a_bare_total(run, make):
    tired = run("action_penalties", character=make(endurance_points=3))
    assert tired["text"][0] == "Their state: −2 to this roll"
    assert run("action_penalties", character=make())["text"][0] == "No penalty from their state"
