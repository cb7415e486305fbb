"""An Armageddon campaign saved as version 1, before a skill took a speciality only on a family (rules/armageddon.md
§1.3; py_rules/armageddon/tables.py SKILL_FAMILIES), opens without loss as version 2: "Handguns (Glock)" becomes
Handguns at its level, its weapons name Handguns, and the notes keep the speciality's words
(py_rules/armageddon/skill_upgrade.py, py_rules/campaign/migrations.py from_v1)."""

import copy

import pytest
from hypothesis import given, settings, strategies as st

from py_rules import api
from py_rules.armageddon.character import EXAMPLE, from_dict
from py_rules.armageddon.sheet import NOTES_MAX
from py_rules.armageddon.skill_upgrade import plain_name, plain_specialities
from py_rules.armageddon.tables import SKILL_FAMILIES, SKILLS
from py_rules.campaign.file import validate
from py_rules.campaign.migrations import LEGACY_SCHEMA, SCHEMA, V1_SCHEMA
from py_rules.errors import RulesError

FAMILIES = {family.name for family in SKILL_FAMILIES}
PLAIN = sorted(set(SKILLS) - FAMILIES)


def old_sheet(**skills) -> dict:
    sheet = copy.deepcopy(EXAMPLE)
    sheet["skills"] = {**sheet["skills"], **skills}
    return sheet


def campaign(sheet: dict, schema: str = V1_SCHEMA, **fields) -> dict:
    return {
        "schema": schema,
        "id": "c-old",
        "name": "Old Armageddon",
        "game": "armageddon",
        "created": "2025-03-01T18:30:00.000Z",
        "updated": "2025-03-02T09:00:00.000Z",
        "revision": 7,
        "settings": {},
        "characters": [{"id": "ch-1", "kind": "pc", "sheet": sheet}],
        "log": [],
        "encounters": [],
        **fields,
    }


def test_a_speciality_on_a_skill_that_takes_none_is_refused_by_the_sheet_check():
    with pytest.raises(RulesError) as refused:
        from_dict(old_sheet(**{"Handguns (Glock)": 3}))
    assert refused.value.field == "skills.Handguns (Glock)"


def test_a_version_1_campaign_opens_with_the_plain_skill_its_level_and_the_speciality_in_the_notes():
    sheet = old_sheet(**{"Handguns (Glock)": 3})
    sheet["weapons"] = [{"name": "Glock 17", "skill": "Handguns (Glock)", "damage": "d6 x 4", "damage_type": "bullet"}]
    sheet["notes"] = "Ex-cop."
    checked = validate(campaign(sheet))
    assert checked.valid, checked.problems
    assert checked.migrated_from == V1_SCHEMA and checked.campaign["schema"] == SCHEMA
    kept = checked.campaign["characters"][0]["sheet"]
    assert kept["skills"]["Handguns"] == 3 and "Handguns (Glock)" not in kept["skills"]
    assert kept["weapons"][0]["skill"] == "Handguns" and kept["weapons"][0]["name"] == "Glock 17"
    assert kept["notes"].startswith("Ex-cop.\n")
    assert "Handguns (Glock) 3: kept as Handguns 3" in kept["notes"]
    assert from_dict(kept) == kept  # a valid sheet now, checked again unchanged


def test_the_door_checks_such_a_file_and_answers_the_upgraded_campaign():
    response = api.handle({"op": "campaign.validate", "args": {"campaign": campaign(old_sheet(**{"Dodge (Fast)": 2}))}})
    details = response["result"]["details"]
    assert details["valid"] and details["migrated_from"] == V1_SCHEMA
    assert details["campaign"]["characters"][0]["sheet"]["skills"]["Dodge"] == 2


def test_with_the_plain_skill_already_held_the_higher_level_is_kept_and_both_are_noted():
    sheet = old_sheet(**{"Handguns": 2, "Handguns (Glock)": 4, "Notice (Smell)": {"level": 1, "untrained_penalty": -2}})
    sheet["skills"]["Notice"] = 3
    kept = validate(campaign(sheet)).campaign["characters"][0]["sheet"]
    assert kept["skills"]["Handguns"] == 4 and kept["skills"]["Notice"] == 3
    assert "Handguns (Glock) 4: kept as Handguns 4" in kept["notes"]
    assert "Notice (Smell) 1: Notice kept at 3 (the higher)" in kept["notes"]


def test_an_untrained_penalty_moves_with_its_level():
    kept, lines = plain_specialities(old_sheet(**{"Questioning (Cops)": {"level": 2, "untrained_penalty": -3}}))
    assert kept["skills"]["Questioning"] == {"level": 2, "untrained_penalty": -3} and len(lines) == 1


@settings(max_examples=40, deadline=None)
@given(
    skill=st.sampled_from(PLAIN),
    speciality=st.text(alphabet="abcdefghij XYZ-'", min_size=1, max_size=20).filter(lambda t: t.strip()),
    level=st.integers(0, 5),
)
def test_any_plain_skill_with_any_speciality_becomes_that_skill_at_its_level(skill, speciality, level):
    name = f"{skill} ({speciality.strip()})"
    kept = validate(campaign(old_sheet(**{name: level}))).campaign["characters"][0]["sheet"]
    held = EXAMPLE["skills"].get(skill)
    held = held["level"] if isinstance(held, dict) else held
    entry = kept["skills"][skill]
    assert (entry["level"] if isinstance(entry, dict) else entry) == (level if held is None else max(level, held))
    assert name.split(" (", maxsplit=1)[0] in kept["notes"] and speciality.strip() in kept["notes"]


def test_a_familys_speciality_and_a_known_sheet_are_left_as_they_are():
    sheet = old_sheet(**{"Guns (Handgun)": 2, "Craft (Woodwork)": 1})
    assert plain_specialities(sheet) == (sheet, [])
    assert plain_name("Guns (Handgun)") is None and plain_name("Spot the Thing (X)") is None
    kept = validate(campaign(sheet)).campaign["characters"][0]["sheet"]
    assert kept == from_dict(sheet)


def test_a_current_file_is_not_migrated_and_still_refuses_such_a_skill():
    checked = validate(campaign(old_sheet(**{"Handguns (Glock)": 3}), schema=SCHEMA))
    assert not checked.valid and checked.migrated_from is None
    assert [p["path"] for p in checked.problems] == ["characters.0.sheet.skills.Handguns (Glock)"]


def test_notes_too_full_for_the_lines_leave_the_sheet_as_it_was_and_its_check_names_the_skill():
    sheet = old_sheet(**{"Handguns (Glock)": 3})
    sheet["notes"] = "x" * NOTES_MAX
    assert plain_specialities(sheet) == (sheet, [])
    checked = validate(campaign(sheet))
    assert not checked.valid and "skills.Handguns (Glock)" in checked.problems[0]["path"]


def test_a_log_entrys_whole_sheets_are_read_the_same_way():
    sheet = from_dict(EXAMPLE)
    sheet["skills"]["Handguns (Glock)"] = 3
    after = copy.deepcopy(sheet)
    after["name"] = "Jack (renamed)"
    entry = {
        "id": "e-1",
        "at": "2025-03-01T19:00:00.000Z",
        "op": "campaign.check_character",
        "args": {},
        "result": {"label": "Jack: sheet edited"},
        "who": ["ch-1"],
        "encounter": None,
        "before": {"ch-1": sheet},
        "after": {"ch-1": after},
        "kind": "change",
    }
    checked = validate(campaign(after, log=[entry]))
    assert checked.valid, checked.problems
    before = checked.campaign["log"][0]["before"]["ch-1"]
    assert "Handguns (Glock)" not in before["skills"] and "Handguns (Glock) 3" in before["notes"]


def test_the_old_pages_values_keep_such_a_skill_too():
    raw = {
        "schema": LEGACY_SCHEMA,
        "game": "armageddon",
        "states": {"armageddon.character": old_sheet(**{"Rifles (AK)": 2})},
    }
    checked = validate(raw)
    assert checked.valid, checked.problems
    assert checked.campaign["characters"][0]["sheet"]["skills"]["Rifles"] == 2
