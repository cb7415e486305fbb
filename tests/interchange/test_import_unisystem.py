"""An Armageddon character in from Foundry VTT's Unisystem system: Attributes, pools, Speed, skills with
their levels, Qualities and Drawbacks kept as notes, weapons, gear with weights; junk gives a clear report."""

import copy
import json

from py_rules import api
from py_rules.interchange.foundry_unisystem import sheet_has_weapons

ACTOR = {
    "name": "Jack Hawthorne",
    "type": "character",
    "system": {
        "attributes": {
            "strength": {"value": 2},
            "dexterity": {"value": "2"},
            "constitution": {"value": 3},
            "intelligence": {"value": 3},
            "perception": {"value": 3},
            "willpower": {"value": 3},
        },
        "hp": {"value": 25, "max": 30},
        "endurance_points": {"value": 29, "max": 29},
        "essence": {"value": 16, "max": 16},
        "speed": {"value": 10},
        "biography": "<p>Ex-cop.</p>",
    },
    "items": [
        {"name": "Handguns", "type": "skill", "system": {"level": 3}},
        {"name": "notice", "type": "skill", "system": {"level": "2"}},
        {"name": "Craft (Woodwork)", "type": "skill", "system": {"value": 1}},
        {"name": "Basket Weaving", "type": "skill", "system": {"level": 2}},
        {"name": "Essence Channeling", "type": "quality", "system": {"level": 2}},
        {"name": "Hard to Kill", "type": "quality", "system": {"level": 3}},
        {"name": "Obsession", "type": "drawback", "system": {"cost": 2}},
        {
            "name": "Colt .45",
            "type": "weapon",
            "system": {"damage": "d6 × 4", "skill": "Handguns", "damage_type": "bullet"},
        },
        {"name": "Backpack", "type": "item", "system": {"weight": 20}},
        {"name": "Lucky coin", "type": "gear", "system": {}},
        {"name": "Ward", "type": "spell", "system": {}},
    ],
}


def imported(data, **args):
    response = api.handle(
        {
            "op": "interchange.import_character",
            "args": {"text": data if isinstance(data, str) else json.dumps(data), **args},
        }
    )
    assert response["ok"], response["error"]
    return response["result"]["details"]


def test_unisystem_actor_every_listed_field():
    details = imported(ACTOR)
    assert details["valid"], details["problem"]
    assert (details["game"], details["format"]) == ("armageddon", "foundry_unisystem")
    sheet = details["sheet"]
    assert sheet["attributes"] == {
        "Strength": 2,
        "Dexterity": 2,
        "Constitution": 3,
        "Intelligence": 3,
        "Perception": 3,
        "Willpower": 3,
    }
    assert sheet["current"] == {"life_points": 25, "endurance_points": 29, "essence": 16}
    assert sheet["skills"] == {"Craft (Woodwork)": 1, "Handguns": 3, "Notice": 2}
    assert sheet["kind"] == "gifted" and sheet["essence_channeling"] == 2
    assert sheet["items"] == [{"name": "Backpack", "weight": 20}]
    assert sheet["qualities"] == [
        {"name": "Essence Channeling", "kind": "quality", "level": 2, "points": 0},
        {"name": "Hard to Kill", "kind": "quality", "level": 3, "points": 0},
        {"name": "Obsession", "kind": "drawback", "level": 1, "points": 2},
    ]
    for kept in ("Basket Weaving 2", "Lucky coin", "Ward (spell)", "Ex-cop."):
        assert kept in sheet["notes"]
    if sheet_has_weapons():
        assert sheet["weapons"][0]["name"] == "Colt .45"
    else:
        assert "Colt .45" in sheet["notes"]
    report = details["report"]
    assert any("Speed 10" in line for line in report["mapped"])
    assert any("Basket Weaving" in line for line in report["left_out"])


def test_unisystem_pools_above_the_rules_maximum_are_capped_and_said():
    actor = copy.deepcopy(ACTOR)
    actor["system"]["hp"] = {"value": 50, "max": 50}
    details = imported(actor)
    assert details["sheet"]["current"]["life_points"] == 39  # (2 + 3) × 4 + 10, + 9 for Hard to Kill 3
    assert any("Life Points maximum 50 differs" in line for line in details["report"]["left_out"])


def test_unisystem_a_missing_attribute_is_reported_and_the_game_refuses_it():
    actor = copy.deepcopy(ACTOR)
    del actor["system"]["attributes"]["perception"]
    details = imported(actor)
    assert not details["valid"] and "Perception" in details["problem"]["message"]
    assert any("Perception is missing" in line for line in details["report"]["left_out"])


def test_unisystem_junk_items_give_a_report_not_an_exception():
    actor = {"name": "X", "system": {"attributes": {"strength": 2, "willpower": "x"}}, "items": [1, None, {"type": 3}]}
    details = imported(actor)
    assert not details["valid"] and details["report"]["left_out"]
