"""Call of Cthulhu characters in from the Dhole's House and Foundry VTT, and out to Foundry: hand-made
files covering every field the importers read, the single-object-instead-of-list cases, numbers as strings, "None"
subskills, "+DB" damage, missing optional parts and junk (a clear report, no exception); the round trip
sheet → Foundry file → importer gives the same sheet."""

import copy
import json

import pytest
from hypothesis import given, settings, strategies as st

from py_rules import api
from py_rules.coc.investigator import EXAMPLE, from_dict
from py_rules.interchange import foundry_coc7_export

DHOLE = {
    "Investigator": {
        "Header": {"Title": "Call of Cthulhu", "Version": "0.5.1"},
        "PersonalDetails": {
            "Name": "Harvey Walters",
            "Occupation": "Journalist",
            "Gender": "Male",
            "Age": "42",
            "Birthplace": "Boston",
            "Residence": "Arkham",
        },
        "Characteristics": {
            "STR": "45",
            "DEX": "60",
            "INT": "85",
            "CON": "60",
            "APP": "50",
            "POW": "60",
            "SIZ": "65",
            "EDU": "80",
            "Move": "6",
            "Build": "0",
            "HitPts": "10",
            "HitPtsMax": "12",
            "MagicPts": "11",
            "MagicPtsMax": "12",
            "DamageBonus": "0",
            "Sanity": "55",
            "SanityStart": "60",
            "SanityMax": "94",
            "Luck": "45",
            "LuckMax": "99",
        },
        "Skills": {
            "Skill": [
                {
                    "name": "Accounting",
                    "value": "5",
                    "half": "2",
                    "fifth": "1",
                    "occupation": "false",
                    "subskill": "None",
                },
                {"name": "Firearms", "subskill": "Handgun", "value": "45", "occupation": "false"},
                {"name": "Fighting", "subskill": "Brawl", "value": "40", "occupation": "false"},
                {"name": "Language (Own)", "subskill": "None", "value": "80", "occupation": "true"},
                {"name": "Operate Heavy Machine", "subskill": "None", "value": "31", "occupation": "false"},
                {"name": "Science", "subskill": "Biology", "value": "21", "occupation": "true"},
                {"name": "Science", "subskill": "Chemistry", "value": "11", "occupation": "true"},
                {"name": "Spot Hidden", "subskill": "None", "value": "55", "occupation": "true"},
                {"name": "Cthulhu Mythos", "subskill": "None", "value": "5", "occupation": "false"},
            ]
        },
        "Weapons": {
            "weapon": [
                {
                    "name": "Unarmed",
                    "skillname": "Fighting (Brawl)",
                    "regular": "40",
                    "damage": "1D3+DB",
                    "range": "-",
                    "attacks": "1",
                    "ammo": "-",
                    "malf": "-",
                },
                {
                    "name": ".38 Revolver",
                    "skillname": "Firearms (Handgun)",
                    "regular": "45",
                    "damage": "1D10",
                    "range": "15 yards",
                    "attacks": "1 (3)",
                    "ammo": "6",
                    "malf": "100",
                },
                {"name": "Knife", "skillname": "Fighting (Brawl)", "damage": "1D4+DB", "attacks": "1"},
                {"name": "Ray gun", "skillname": "Firearms (Raygun)", "damage": "lots"},
            ]
        },
        "Possessions": {"item": [{"description": "Notebook"}, {"description": "Camera"}]},
        "Backstory": {"description": "Tall, greying", "ideology": "The truth will out", "significant_people": "Mother"},
        "Cash": {"spending": "$10", "cash": "$40"},
    }
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


def test_dholes_house_every_listed_field_is_read_and_mapped():
    details = imported(DHOLE)
    assert details["valid"], details["problem"]
    assert (details["game"], details["format"]) == ("coc", "dholes_house")
    sheet = details["sheet"]
    assert sheet["name"] == "Harvey Walters" and sheet["age"] == 42 and sheet["occupation"] == "Journalist"
    assert sheet["characteristics"] == EXAMPLE["characteristics"]
    assert (sheet["hp"], sheet["mp"], sheet["san"], sheet["luck"]) == (10, 11, 55, 45)
    skills = sheet["skills"]
    assert skills["Firearms (Handgun)"] == 45 and skills["Fighting (Brawl)"] == 40
    assert skills["Language (Own)"] == 80 and skills["Spot Hidden"] == 55 and skills["Accounting"] == 5
    # rules/coc.md §3.2a: each speciality its own skill at its own value; Operate Heavy Machinery is on the sheet
    assert skills["Science (Biology)"] == 21 and skills["Science (Chemistry)"] == 11 and "Science" not in skills
    assert skills["Operate Heavy Machinery"] == 31
    for kept in ("Birthplace: Boston", "$40"):
        assert kept in sheet["notes"]
    for kept in ("Tall, greying", "The truth will out", "Mother"):  # the backstory goes to its own field
        assert kept in sheet["backstory"] and kept not in sheet["notes"]
    assert sheet["possessions"].split("\n")[:2] == ["Notebook", "Camera"] and "Notebook" not in sheet["notes"]
    unarmed, revolver, knife = sheet["weapons"]
    assert unarmed == {
        **unarmed,
        "name": "Unarmed",
        "skill": "Fighting (Brawl)",
        "damage": "1D3",
        "db": "full",
        "range": "",
        "ammo": None,
        "malfunction": None,
    }
    assert revolver == {
        **revolver,
        "skill": "Firearms (Handgun)",
        "damage": "1D10",
        "db": "none",
        "impale": True,
        "range": "15 yards",
        "attacks": 1,
        "ammo": 6,
        "malfunction": 100,
    }
    assert knife["damage"] == "1D4" and knife["db"] == "full"
    report = details["report"]
    assert any("9 skills" in line for line in report["read"])
    assert any("Ray gun" in line for line in report["left_out"])
    assert not any("Operate Heavy Machinery" in line or "Science" in line for line in report["left_out"])
    assert any(line.startswith("Move 6") for line in report["mapped"])


def test_dholes_house_single_objects_instead_of_lists():
    data = copy.deepcopy(DHOLE)
    inv = data["Investigator"]
    inv["Skills"] = {"Skill": {"name": "Spot Hidden", "subskill": "None", "value": "60"}}
    inv["Weapons"] = {"weapon": {"name": "Cane", "skillname": "Fighting (Brawl)", "damage": "1D6+DB"}}
    inv["Possessions"] = {"item": {"description": "Pocket watch"}}
    details = imported(data)
    assert details["valid"]
    assert details["sheet"]["skills"] == {"Spot Hidden": 60}
    assert [w["name"] for w in details["sheet"]["weapons"]] == ["Cane"]
    assert details["sheet"]["possessions"] == "Pocket watch"


def test_dholes_house_missing_optional_parts_still_make_a_sheet():
    data = {
        "Investigator": {
            "PersonalDetails": {"Name": "Ann"},
            "Characteristics": {k: "50" for k in ("STR", "CON", "SIZ", "DEX", "APP", "INT", "POW", "EDU", "Luck")},
        }
    }
    details = imported(data)
    assert details["valid"], details["problem"]
    sheet = details["sheet"]
    assert sheet["skills"] == {} and sheet["weapons"] == [] and sheet["notes"] == "" and sheet["hp"] == 10


def test_dholes_house_current_values_above_the_maximum_are_capped_and_said():
    data = copy.deepcopy(DHOLE)
    data["Investigator"]["Characteristics"].update(HitPts="30", HitPtsMax="30")
    details = imported(data)
    assert details["sheet"]["hp"] == 12
    assert any("HP 30 is above" in line for line in details["report"]["left_out"])
    assert any("maximum 30 differs" in line for line in details["report"]["left_out"])


def test_dholes_house_a_missing_characteristic_is_reported_and_the_game_refuses_it():
    data = copy.deepcopy(DHOLE)
    del data["Investigator"]["Characteristics"]["EDU"]
    data["Investigator"]["Characteristics"]["STR"] = "strong"
    details = imported(data)
    assert not details["valid"]
    assert "STR" in details["problem"]["message"] or "EDU" in details["problem"]["message"]
    assert any("EDU is missing" in line for line in details["report"]["left_out"])
    assert any("STR" in line and "strong" in line for line in details["report"]["left_out"])


@pytest.mark.parametrize(
    "junk",
    [
        "",
        "not json at all",
        "[1, 2, 3]",
        '{"Investigator": 3}',
        '{"name": "x"}',
        "{" * 100 + "}" * 100,
        '{"Investigator": {"Skills": {"Skill": [1, "x", null]}}}',
        '{"Investigator": {"Weapons": {"weapon": "x"}, "Characteristics": []}}',
    ],
)
def test_junk_gives_a_clear_report_and_no_exception(junk):
    details = imported(junk)
    assert not details["valid"]
    said = details["report"]["left_out"] + ([details["problem"]["message"]] if details["problem"] else [])
    assert said and all(isinstance(line, str) and line for line in said)


def test_the_campaigns_game_is_checked():
    details = imported(DHOLE, game="armageddon")
    assert not details["valid"] and "Armageddon" in details["problem"]["message"]


def test_a_forced_format_that_does_not_fit_says_what_the_file_looks_like():
    details = imported(DHOLE, format="foundry_coc7")
    assert not details["valid"] and "Dhole's House" in details["report"]["left_out"][0]


FOUNDRY = {
    "name": "Ada Hale",
    "type": "character",
    "system": {
        "characteristics": {
            k: {"value": v}
            for k, v in {
                "str": 50,
                "con": "60",
                "siz": 55,
                "dex": 70,
                "app": 45,
                "int": 80,
                "pow": 65,
                "edu": 75,
            }.items()
        },
        "attribs": {
            "hp": {"value": 9, "max": 11},
            "mp": {"value": 13, "max": 13},
            "san": {"value": 60, "max": 99},
            "lck": {"value": 55},
            "mov": {"value": 9, "max": 9},
            "db": {"value": "0"},
            "build": {"value": 0},
            "armor": {"value": 1},
        },
        "infos": {"occupation": "Antiquarian", "age": "35", "sex": "F", "residence": "Arkham", "playername": "Jo"},
        "backstory": "<p>Collects &amp; sells old books.</p><p>Owes a favour.</p>",
        "biography": [{"title": "Ideology", "value": "<p>Knowledge first</p>"}],
    },
    "items": [
        {
            "name": "Spot Hidden",
            "type": "skill",
            "system": {
                "skillName": "Spot Hidden",
                "specialization": "",
                "base": "25",
                "adjustments": {"personal": 10, "occupation": 20, "experience": 5},
            },
        },
        {
            "name": "Firearms (Handgun)",
            "type": "skill",
            "system": {
                "skillName": "Handgun",
                "specialization": "Firearms",
                "base": 20,
                "adjustments": {"occupation": "15"},
            },
        },
        {
            "name": "Dodge",
            "type": "skill",
            "system": {"skillName": "Dodge", "base": "@DEX/2", "adjustments": {"personal": 5}},
        },
        {"name": "Language (Own)", "type": "skill", "system": {"skillName": "Language (Own)", "base": "@EDU"}},
        {
            "name": "Science (Astronomy)",
            "type": "skill",
            "system": {
                "skillName": "Astronomy",
                "specialization": "Science",
                "base": 1,
                "adjustments": {"occupation": 30},
            },
        },
        {
            "name": "Operate Heavy Machinery",
            "type": "skill",
            "system": {"skillName": "Operate Heavy Machinery", "base": 1},
        },
        {
            "name": ".32 Automatic",
            "type": "weapon",
            "system": {
                "skill": {"main": {"name": "Firearms (Handgun)", "id": "x"}},
                "range": {"normal": {"value": 15, "units": "yards", "damage": "1D8"}},
                "usesPerRound": {"normal": "1"},
                "bullets": 8,
                "malfunction": 99,
                "properties": {"impl": True, "rngd": True},
            },
        },
        {
            "name": "Sword cane",
            "type": "weapon",
            "system": {
                "skill": {"main": {"name": "Fighting (Sword)"}},
                "range": {"normal": {"damage": "1D6"}},
                "properties": {"addb": True, "melee": True},
            },
        },
        {"name": "Lantern", "type": "item", "system": {"quantity": 2}},
        {"name": "Cthulhu Cults", "type": "book", "system": {}},
    ],
}


def test_foundry_coc7_actor_fields_and_skill_values_from_base_plus_adjustments():
    details = imported(FOUNDRY)
    assert details["valid"], details["problem"]
    assert details["format"] == "foundry_coc7"
    sheet = details["sheet"]
    assert sheet["characteristics"]["CON"] == 60 and sheet["age"] == 35 and sheet["occupation"] == "Antiquarian"
    assert (sheet["hp"], sheet["mp"], sheet["san"], sheet["luck"], sheet["armour"]) == (9, 13, 60, 55, 1)
    assert sheet["skills"]["Spot Hidden"] == 60 and sheet["skills"]["Firearms (Handgun)"] == 35
    assert sheet["skills"]["Dodge"] == 40 and sheet["skills"]["Language (Own)"] == 75
    assert sheet["skills"]["Science (Astronomy)"] == 31 and sheet["skills"]["Operate Heavy Machinery"] == 1
    automatic, cane = sheet["weapons"]
    assert automatic == {
        **automatic,
        "skill": "Firearms (Handgun)",
        "damage": "1D8",
        "db": "none",
        "impale": True,
        "range": "15 yards",
        "ammo": 8,
        "malfunction": 99,
    }
    assert cane["skill"] == "Fighting (Sword)" and cane["db"] == "full" and not cane["impale"]
    for kept in ("Cthulhu Cults (book)", "Player: Jo"):
        assert kept in sheet["notes"]
    for kept in ("Collects & sells old books.\nOwes a favour.", "Knowledge first"):
        assert kept in sheet["backstory"]
    assert "Lantern ×2" in sheet["possessions"]
    assert any("Cthulhu Cults" in line for line in details["report"]["left_out"])


def test_foundry_coc7_an_npc_keeps_its_stored_value_and_older_exports_say_data():
    npc = {
        "name": "Cultist",
        "type": "npc",
        "data": {
            "characteristics": {k: {"value": 50} for k in ("str", "con", "siz", "dex", "app", "int", "pow", "edu")},
            "attribs": {"lck": {"value": 40}},
        },
        "items": [
            {
                "name": "Fighting (Brawl)",
                "type": "skill",
                "data": {"skillName": "Brawl", "specialization": "Fighting", "value": 55, "base": 25},
            }
        ],
    }
    details = imported(npc)
    assert details["valid"], details["problem"]
    assert details["sheet"]["skills"] == {"Fighting (Brawl)": 55}


def test_round_trip_sheet_to_foundry_file_to_importer_gives_the_same_sheet():
    sheet = copy.deepcopy(EXAMPLE)
    sheet.update(
        occupation="Journalist",
        backstory="Curious.\n\nBelieves in <facts> & proof.",
        notes="Owes Ada $5",
        possessions="Notebook & <pen>\nCamera",
        armour=2,
        hp=9,
        san=50,
        mp=10,
        luck=33,
        weapons=[
            {
                "name": ".38 Revolver",
                "skill": "Firearms (Handgun)",
                "damage": "1D10",
                "db": "none",
                "impale": True,
                "range": "15 yards",
                "attacks": 3,
                "ammo": 6,
                "malfunction": 100,
            },
            {
                "name": "Knife",
                "skill": "Fighting (Brawl)",
                "damage": "1D4",
                "db": "full",
                "impale": True,
                "range": "",
                "attacks": 1,
                "ammo": None,
                "malfunction": None,
            },
            {
                "name": "Rock",
                "skill": "Throw",
                "damage": "1D4",
                "db": "half",
                "impale": False,
                "range": "STR/5 yards",
                "attacks": 1,
                "ammo": None,
                "malfunction": None,
            },
        ],
    )
    sheet["skills"].update({"Language (Own)": 85, "Language (Other)": 20, "Dodge": 30, "Science": 40, "Art/Craft": 25})
    original = from_dict(sheet)
    response = api.handle({"op": "interchange.export_foundry_coc7", "args": {"investigator": sheet}})
    assert response["ok"], response["error"]
    exported = response["result"]["details"]
    assert exported["filename"] == "fvtt-Actor-harvey-walters.json"
    assert json.loads(exported["text"]) == exported["file"]
    details = imported(exported["text"])
    assert details["valid"] and details["format"] == "foundry_coc7", details
    assert details["sheet"] == original
    assert details["report"]["left_out"] == []


def test_the_export_has_the_shapes_foundry_reads():
    actor, _report = foundry_coc7_export.export(from_dict(EXAMPLE))
    assert actor["type"] == "character" and actor["name"] == "Harvey Walters"
    assert actor["system"]["characteristics"]["str"] == {"value": 45}
    assert actor["system"]["attribs"]["hp"] == {"value": 12, "max": 12, "auto": True}
    skill = next(i for i in actor["items"] if i["name"] == "Firearms (Handgun)")
    assert skill["type"] == "skill" and skill["system"]["skillName"] == "Handgun"
    assert skill["system"]["specialization"] == "Firearms" and skill["system"]["properties"]["firearm"]
    assert skill["system"]["base"] + skill["system"]["adjustments"]["experience"] == 45


_JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-(10**6), 10**6) | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner, max_size=4),
    max_leaves=20,
)
_KEYS = st.sampled_from(
    [
        "Investigator",
        "PersonalDetails",
        "Characteristics",
        "Skills",
        "Skill",
        "Weapons",
        "weapon",
        "Possessions",
        "item",
        "system",
        "items",
        "characteristics",
        "attribs",
        "attributes",
        "str",
        "strength",
        "value",
        "type",
        "skill",
        "weapon",
        "name",
        "STR",
        "HitPts",
        "base",
    ]
)
_SHAPED = st.recursive(
    st.none() | st.integers(-5, 500) | st.text(max_size=6) | st.sampled_from(["skill", "weapon", "45"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(_KEYS, inner, max_size=5),
    max_leaves=30,
)


@settings(max_examples=150, deadline=None)
@given(st.one_of(_JSON, _SHAPED))
def test_any_json_gives_a_report_never_an_exception(data):
    details = imported(json.dumps(data))
    assert isinstance(details["valid"], bool)
    if not details["valid"]:
        said = details["report"]["left_out"] + ([details["problem"]["message"]] if details["problem"] else [])
        assert said


def test_dholes_house_languages_with_their_speciality():
    data = copy.deepcopy(DHOLE)
    data["Investigator"]["Skills"] = {
        "Skill": [
            {"name": "Language (Own)", "subskill": "English", "value": "80"},
            {"name": "Language (Other)", "subskill": "Latin", "value": "21"},
            {"name": "Language (Other)", "subskill": "Greek", "value": "11"},
        ]
    }
    details = imported(data)
    assert details["valid"], details["problem"]
    assert details["sheet"]["skills"] == {
        "Language (Own)": 80,
        "Language (Other) (Latin)": 21,
        "Language (Other) (Greek)": 11,
    }
    assert any("Language (Own) (English) → Language (Own)" in line for line in details["report"]["mapped"])


SPECIALITIES = [  # rules/coc.md §3.2a: each its own skill, at its own value
    {"name": "Language (Other)", "subskill": "Latin", "value": "40", "occupation": "true"},
    {"name": "Language (Other)", "subskill": "French", "value": "25", "occupation": "false"},
    {"name": "Science", "subskill": "Biology", "value": "31", "occupation": "true"},
    {"name": "Art/Craft", "subskill": "Photography", "value": "35", "occupation": "false"},
    {"name": "Pilot", "subskill": "Aircraft", "value": "21", "occupation": "false"},
    {"name": "Survival", "subskill": "Desert", "value": "18", "occupation": "false"},
]


def roll_value(sheet, skill):
    """The value coc.skill_roll rolls ``skill`` at (the roll's own record of it)."""
    answer = api.handle({"op": "coc.skill_roll", "args": {"investigator": sheet, "skill": skill, "dice": [0, 90]}})
    assert answer["ok"], answer["error"]
    return answer["result"]["state"]["last_roll"]["value"]


def test_rules_3_2a_dholes_house_two_other_languages_and_a_science_are_kept_and_rolled_at_their_own_values():
    data = copy.deepcopy(DHOLE)
    data["Investigator"]["Skills"]["Skill"] = SPECIALITIES
    details = imported(data)
    assert details["valid"], details["problem"]
    sheet = details["sheet"]
    assert sheet["skills"] == {
        "Language (Other) (Latin)": 40,
        "Language (Other) (French)": 25,
        "Science (Biology)": 31,
        "Art/Craft (Photography)": 35,
        "Pilot (Aircraft)": 21,
        "Survival (Desert)": 18,
    }
    assert "Language (Other)" not in sheet["skills"]
    for entry in SPECIALITIES:
        assert roll_value(sheet, f"{entry['name']} ({entry['subskill']})") == int(entry["value"])
    assert roll_value(sheet, "Language (Other) (Greek)") == 1  # not on the sheet: the family's base
    assert not any("Language" in line or "Science" in line for line in details["report"]["left_out"])


def test_the_import_report_names_and_counts_every_thing_left_out():
    data = copy.deepcopy(DHOLE)
    data["Investigator"]["Skills"]["Skill"] = SPECIALITIES + [
        {"name": "Bicycle Repair", "subskill": "None", "value": "30"},
        {"name": "Science", "subskill": "Biology", "value": "50"},  # the same speciality twice
        {"name": "Juggling", "subskill": "None", "value": "12"},
    ]
    data["Investigator"]["Characteristics"].update({"Stamina": "40", "Charisma": "11"})
    response = api.handle({"op": "interchange.import_character", "args": {"text": json.dumps(data)}})
    details = response["result"]["details"]
    left_out = details["report"]["left_out"]
    for named in ("Bicycle Repair 30", "Juggling 12", "Science (Biology) 50", "Stamina", "Charisma", "Ray gun"):
        assert sum(named in line for line in left_out) == 1, (named, left_out)
    assert f"{len(left_out)} things left out" in response["result"]["events"][0]
    assert details["sheet"]["skills"]["Science (Biology)"] == 31  # the first value is kept


def test_round_trip_keeps_every_speciality_through_a_foundry_file():
    sheet = copy.deepcopy(EXAMPLE)
    sheet["skills"].update(
        {
            "Language (Other) (Latin)": 40,
            "Language (Other) (French)": 25,
            "Science (Biology)": 31,
            "Art/Craft (Photography)": 35,
            "Pilot (Aircraft)": 21,
            "Survival (Desert)": 18,
            "Fighting (Lance)": 22,
            "Operate Heavy Machinery": 30,
            "Language (Own)": 80,
        }
    )
    original = from_dict(sheet)
    exported = api.handle({"op": "interchange.export_foundry_coc7", "args": {"investigator": sheet}})
    assert exported["ok"], exported["error"]
    items = {
        item["name"]: item["system"]
        for item in exported["result"]["details"]["file"]["items"]
        if item["type"] == "skill"
    }
    latin = items["Language (Other) (Latin)"]  # the system's fields: family as specialization (skill-name-parts.js)
    assert (latin["specialization"], latin["skillName"], latin["properties"]["special"]) == (
        "Language (Other)",
        "Latin",
        True,
    )
    assert latin["base"] + latin["adjustments"]["experience"] == 40
    own = items["Language (Own)"]
    assert (own["specialization"], own["skillName"], own["properties"]["special"]) == ("", "Language (Own)", False)
    assert items["Fighting (Lance)"]["properties"]["fighting"] and items["Fighting (Lance)"]["properties"]["combat"]
    details = imported(exported["result"]["details"]["text"])
    assert details["valid"], details["problem"]
    assert details["sheet"] == original and details["report"]["left_out"] == []
