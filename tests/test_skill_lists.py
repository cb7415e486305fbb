"""Skill lists as data (TABLE.md, Screens: "skills from a searchable list"):
each list is the one the game's character validation accepts, with the rules' base values."""

import copy

import pytest

from py_rules import api
from py_rules.armageddon.character import EXAMPLE as ARMAGEDDON_SHEET, from_dict as armageddon_sheet
from py_rules.coc.investigator import EXAMPLE as COC_SHEET, from_dict as coc_sheet, skill_value
from py_rules.semiautomagic.creature import EXAMPLE_HUMAN, from_dict as creature
from py_rules.skill_lists import base_value


def skills(game):
    answer = api.handle({"op": f"{game}.skill_list"})
    assert answer["ok"], answer
    return answer["result"]["details"]["skills"]


@pytest.mark.parametrize("game", ["armageddon", "semiautomagic", "coc"])
def test_each_entry_has_name_base_and_group_and_names_are_unique(game):
    entries = skills(game)
    assert entries and len({e["name"] for e in entries}) == len(entries)
    for entry in entries:
        assert {"name", "base", "group"} <= set(entry)
        assert entry["base"] is None or isinstance(entry["base"], int)


def rolled(entry):
    """The skill a list row stands for when rolled: a family's row is the base of any speciality typed for it."""
    return f"{entry['name']} (Anything Else)" if entry.get("family") else entry["name"]


def test_coc_bases_are_the_values_an_unlisted_skill_is_rolled_at():
    sheet = coc_sheet(COC_SHEET)
    for entry in skills("coc"):
        if entry["name"] in sheet["skills"]:
            continue
        expected = entry["base"] if entry["base"] is not None else skill_value(sheet, entry["name"])
        assert skill_value(sheet, rolled(entry)) == expected, entry
        if entry["base"] is None:
            assert entry["base_from"]["words"] in ("half DEX", "EDU")


def test_coc_specialised_skills_are_grouped_by_family():
    groups = {e["name"]: e["group"] for e in skills("coc")}
    assert groups["Firearms (Handgun)"] == groups["Firearms (Rifle/Shotgun)"] == "Firearms"
    assert groups["Fighting (Brawl)"] == "Fighting" and groups["Spot Hidden"] is None


def test_every_armageddon_skill_on_the_list_is_accepted_on_a_sheet():
    sheet = copy.deepcopy(ARMAGEDDON_SHEET)
    sheet["skills"] = {e["name"]: 1 for e in skills("armageddon")}
    assert len(armageddon_sheet(sheet)["skills"]) == len(sheet["skills"])
    assert all(e["base"] is None for e in skills("armageddon"))  # Unisystem: unskilled, not a base value


def test_semiautomagic_lists_the_skills_its_rules_mention_and_says_the_list_is_not_complete():
    entries = skills("semiautomagic")
    sheet = copy.deepcopy(EXAMPLE_HUMAN)
    sheet["skills"] = {e["name"]: 0 for e in entries}
    assert len(creature(sheet)["skills"]) == len(entries)
    names = {e["name"] for e in entries}
    assert {"Acrobatics", "Athletics", "Wrestle", "Stealth", "Engineering", "Unarmoured"} <= names  # seed 002
    summary = next(op for op in api.catalog()["operations"] if op["id"] == "semiautomagic.skill_list")["summary"]
    assert "no full list" in summary


def coc_entry(name):
    return next(entry for entry in skills("coc") if entry["name"] == name)


def test_rules_3_2_dodge_base_is_half_dex_from_the_numbers_typed():
    dodge = coc_entry("Dodge")
    assert dodge["base"] is None and dodge["base_from"] == {"of": "DEX", "divide_by": 2, "words": "half DEX"}
    assert base_value(dodge, {"DEX": 55}) == 27
    assert base_value(dodge, {"DEX": 60}) == 30


def test_rules_3_2_own_language_base_is_edu_from_the_numbers_typed():
    own = coc_entry("Language (Own)")
    assert own["base"] is None and own["base_from"] == {"of": "EDU", "divide_by": 1, "words": "EDU"}
    assert base_value(own, {"EDU": 70}) == 70


def test_rules_3_2_fixed_bases_need_no_characteristic_and_credit_rating_and_mythos_start_at_0():
    assert base_value(coc_entry("Credit Rating"), {}) == 0
    assert base_value(coc_entry("Cthulhu Mythos"), {}) == 0
    assert base_value(coc_entry("Spot Hidden"), {}) == 25
    assert base_value(coc_entry("Dodge"), {}) is None  # DEX not typed yet


def test_rules_3_2_a_derived_base_from_the_list_is_the_value_the_engine_rolls_an_unlisted_skill_at():
    sheet = coc_sheet(COC_SHEET)
    for dex, edu in ((55, 70), (99, 99), (0, 0), (31, 44)):
        sheet["characteristics"].update(DEX=dex, EDU=edu)
        sheet["skills"] = {}
        for entry in skills("coc"):
            assert base_value(entry, sheet["characteristics"]) == skill_value(sheet, rolled(entry)), entry
