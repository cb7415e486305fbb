"""Armageddon characters in from the two Foundry VTT systems for Classic Unisystem, read in the shapes
their template.json gives (rules/armageddon.md §1.4 names both): the MMFO system keeps everything at the top of the actor's
data, the Jesuisfrog AFMBE system groups it as primary and secondary attributes. The files in files/ are hand-made
exports of each; missing parts and junk give a clear report, never an exception."""

import copy
import json
from pathlib import Path

import pytest

from py_rules import api
from py_rules.interchange.foundry_unisystem_items import damage_type

FILES = Path(__file__).parent / "files"
MMFO = json.loads((FILES / "foundry_unisystembymmfo_actor.json").read_text())
JESUISFROG = json.loads((FILES / "foundry_afmbe_jesuisfrog_actor.json").read_text())


def imported(data, **args):
    response = api.handle(
        {
            "op": "interchange.import_character",
            "args": {"text": data if isinstance(data, str) else json.dumps(data), **args},
        }
    )
    assert response["ok"], response["error"]
    return response["result"]["details"]


def lines(details, part):
    return "\n".join(details["report"][part])


def item(actor, name):
    return next(entry for entry in actor["items"] if entry["name"] == name)


def test_mmfo_attributes_and_pools_at_the_top_of_the_actor_are_read():
    details = imported(MMFO)
    assert details["valid"], details["problem"]
    assert (details["game"], details["format"]) == ("armageddon", "foundry_unisystem")
    sheet = details["sheet"]
    assert sheet["attributes"] == {
        "Strength": 2,
        "Dexterity": 3,
        "Constitution": 3,
        "Intelligence": 3,
        "Perception": 3,
        "Willpower": 4,
    }
    assert sheet["skills"] == {"Hand Weapon": 2, "Notice": 2, "Occult Knowledge": 3}
    assert {key: value for key, value in sheet["bonuses"].items() if value} == {}  # the Qualities' own effects:
    assert {"name": "Hard to Kill", "kind": "quality", "level": 2, "points": 2} in sheet["qualities"]
    assert {"name": "Increased Essence", "kind": "quality", "level": 3, "points": 1} in sheet["qualities"]
    assert sheet["current"] == {"life_points": 28, "endurance_points": 32, "essence": 12}
    assert sheet["derived"]["life_points"] == 36 and sheet["derived"]["essence"] == 21
    assert "Classic Unisystem (Unofficial) by MMFO" in lines(details, "read")


def test_mmfo_qualities_keep_their_points_and_essence_channeling_without_a_level_starts_at_1_and_is_asked():
    details = imported(MMFO)
    sheet = details["sheet"]
    assert (sheet["kind"], sheet["essence_channeling"]) == ("gifted", 1)  # no level guessed from the points paid
    assert "it starts at level 1. Set its level on the sheet." in lines(details, "left_out")
    assert sheet["qualities"] == [
        {"name": "Essence Channeling", "kind": "quality", "level": 1, "points": 6},
        {"name": "Hard to Kill", "kind": "quality", "level": 2, "points": 2},
        {"name": "Contacts (Diocese) (Pulling Strings)", "kind": "quality", "level": 1, "points": 1},
        {"name": "Increased Essence", "kind": "quality", "level": 3, "points": 1},
        {"name": "Adversary", "kind": "drawback", "level": 1, "points": 2},
    ]
    for kept in ("Theology 4", "Insight (power 2)", "Profession: Priest", "A parish priest who hears the dead."):
        assert kept in sheet["notes"]


def test_mmfo_items_weigh_their_encumbrance_times_their_quantity_and_worn_armour_is_kept():
    sheet = imported(MMFO)["sheet"]
    assert {"name": "Vial of holy water ×4", "weight": 2} in sheet["items"]
    assert {"name": "Backpack", "weight": 2} in sheet["items"]
    assert {"name": "Silver knife", "weight": 1} in sheet["items"]
    assert sheet["armour"] == {"name": "Cassock", "value": 1}


def test_a_pool_at_zero_of_zero_was_never_filled_in_and_starts_full():
    details = imported(MMFO)
    assert details["sheet"]["current"]["endurance_points"] == details["sheet"]["derived"]["endurance_points"] == 32
    assert "Endurance Points 0 with no maximum on the file" in lines(details, "left_out")


def test_a_stored_maximum_or_speed_of_zero_is_not_a_difference():
    for actor in (MMFO, JESUISFROG):
        details = imported(actor)
        assert "maximum 0" not in lines(details, "left_out")
        assert "Speed 0" not in lines(details, "left_out") + lines(details, "mapped")


def test_jesuisfrog_primary_and_secondary_attributes_are_read():
    details = imported(JESUISFROG)
    assert details["valid"], details["problem"]
    sheet = details["sheet"]
    assert sheet["attributes"] == {
        "Strength": 3,
        "Dexterity": 3,
        "Constitution": 3,
        "Intelligence": 2,
        "Perception": 3,
        "Willpower": 2,
    }
    assert sheet["skills"] == {"Guns (Handgun)": 1, "Hand Weapon": 2, "Medicine": 3, "Shotguns": 3}
    assert {key: value for key, value in sheet["bonuses"].items() if value} == {}
    assert {"name": "Hard to Kill", "kind": "quality", "level": 3, "points": 3} in sheet["qualities"]
    assert sheet["derived"]["life_points"] == (3 + 3) * 4 + 10 + 9  # Hard to Kill 3: +3 LP per level
    assert sheet["current"] == {"life_points": 20, "endurance_points": 29, "essence": 16}
    assert sheet["kind"] == "mundane" and sheet["armour"] == {"name": "Riot vest", "value": 10}
    assert "Speed 12: the sheet reckons the same." in lines(details, "mapped")
    assert "Initiative bonuses (Fast Reaction Time +1)" in lines(details, "left_out")
    assert "Paramedic on the night shift" in sheet["notes"] and "Contacts: Dr. Imre Kovacs" in sheet["notes"]
    assert "All Flesh Must Be Eaten by Jesuisfrog" in lines(details, "read")


def test_a_weapon_without_a_skill_or_with_a_damage_the_sheet_cannot_write_is_kept_in_the_notes():
    details = imported(JESUISFROG)
    assert "weapons" not in details["sheet"]
    left_out = lines(details, "left_out")
    assert "Pump shotgun: the file does not say which skill" in left_out
    assert "Fire axe: damage d8 × (Strength +1)" in left_out
    assert "Scalpel: damage d4 × Dexterity: the sheet multiplies damage by Strength only" in left_out
    assert "Pump shotgun (4d6x4, Shotgun)" in details["sheet"]["notes"]


def test_a_weapon_that_names_a_skill_on_the_sheet_is_mapped_with_its_strength_multiplier():
    mmfo, frog = copy.deepcopy(MMFO), copy.deepcopy(JESUISFROG)
    item(mmfo, "Silver knife")["system"]["skill"] = "Hand Weapon"
    item(frog, "Pump shotgun")["system"]["skill"] = "shotguns"
    assert imported(mmfo)["sheet"]["weapons"] == [
        {
            "name": "Silver knife",
            "skill": "Hand Weapon",
            "damage": "d4 × Strength",
            "damage_type": "slashing/stabbing",
            "success_levels": False,
        }
    ]
    weapons = imported(frog)["sheet"]["weapons"]
    assert [(w["name"], w["skill"], w["damage"], w["damage_type"]) for w in weapons] == [
        ("Pump shotgun", "Shotguns", "4d6x4", "bullet")
    ]


@pytest.mark.parametrize(
    "raw, ours",
    [
        ("2", "slashing/stabbing"),
        (3, "slashing/stabbing"),
        ("4", "bullet"),
        ("5", "bullet"),
        ("7", "bullet"),
        ("8", "other"),
        ("10", "other"),
        ("Hollow Point", "bullet"),
        ("none", None),
        ("0", None),
        ("1", None),
        ("99", None),
        ({}, None),
        (None, None),
    ],
)
def test_the_systems_damage_types_map_to_the_rules_types(raw, ours):
    assert damage_type(raw)[0] == ours


def test_essence_channeling_level_in_its_name_wins_over_its_cost():
    actor = copy.deepcopy(MMFO)
    item(actor, "Essence Channeling")["name"] = "Essence Channeling 4"
    details = imported(actor)
    assert details["sheet"]["essence_channeling"] == 4
    assert "2 points a level" not in lines(details, "left_out")


def test_a_gifted_quality_without_channeling_makes_a_gifted_character():
    actor = copy.deepcopy(JESUISFROG)
    actor["items"].append({"name": "Gifted", "type": "quality", "system": {"cost": 5}})
    details = imported(actor)
    assert details["valid"] and details["sheet"]["kind"] == "gifted" and details["sheet"]["essence_channeling"] == 0


def test_optional_parts_missing_still_import():
    frog = copy.deepcopy(JESUISFROG)
    for key in ("secondaryAttributes", "bio"):
        del frog["system"][key]
    del frog["items"], frog["_stats"]
    details = imported(frog)
    sheet = details["sheet"]
    assert details["valid"] and sheet["skills"] == {} and "Current" not in lines(details, "mapped")
    assert sheet["current"] == {key: sheet["derived"][key] for key in ("life_points", "endurance_points", "essence")}
    assert lines(details, "read").startswith("A Foundry actor called Mara Voss.")
    mmfo = copy.deepcopy(MMFO)
    for key in ("hp", "endurance_points", "essence", "speed", "biography", "profession"):
        del mmfo["system"][key]
    mmfo["items"] = [{"name": "Notice", "type": "skill", "system": {}}]
    details = imported(mmfo)
    assert details["valid"] and "Notice" in details["sheet"]["notes"]


JUNK = [
    lambda a: a["system"].__setitem__("secondaryAttributes", [1, 2]),
    lambda a: a["system"].__setitem__("hp", {"value": "lots", "max": {"x": 1}}),
    lambda a: a["system"].__setitem__("essence", {"value": 10**15, "max": -4}),
    lambda a: a["system"].get("secondaryAttributes", a["system"]).__setitem__("hp", {"value": -(10**15), "max": 3.5}),
    lambda a: a.__setitem__("items", "not a list"),
    lambda a: a.__setitem__("items", [None, 7, "x", {"type": ["skill"], "name": {"x": 1}, "system": None}]),
    lambda a: a["items"][0].__setitem__("system", {"level": "high", "resource_bonus": "lots"}),
    lambda a: [
        entry["system"].update(
            {
                "resource_bonus": {"hp": "x", "essence": 5000, "initiative": []},
                "qty": -3,
                "encumbrance": "heavy",
                "damage_type": {"a": 1},
                "damage": ["d6"],
                "damage_cha_multiplier": 7,
                "damage_cha_multiplier_modifier": "x",
                "armor_value": 999,
                "equipped": True,
                "cost": "free",
            }
        )
        for entry in a["items"]
    ],
    lambda a: a.__setitem__("name", {"first": "Mara"}),
    lambda a: a.__setitem__("_stats", "v12"),
    lambda a: a["system"].__setitem__("bio", "<p>just text</p>"),
]


@pytest.mark.parametrize("spoil", range(len(JUNK)))
@pytest.mark.parametrize("actor", [MMFO, JESUISFROG], ids=["mmfo", "jesuisfrog"])
def test_junk_in_a_real_shape_gives_a_report_not_an_exception(actor, spoil):
    spoiled = copy.deepcopy(actor)
    JUNK[spoil](spoiled)
    details = imported(spoiled)
    assert details["format"] == "foundry_unisystem"
    assert details["report"]["read"] and (details["valid"] or details["problem"]["message"])


def test_a_junk_attribute_in_a_real_shape_is_said_and_the_game_refuses_it():
    actor = copy.deepcopy(JESUISFROG)
    actor["system"]["primaryAttributes"]["perception"]["value"] = "sharp"
    details = imported(actor)
    assert not details["valid"] and "Perception" in details["problem"]["message"]
    assert "Perception is missing or not a level" in lines(details, "left_out")
