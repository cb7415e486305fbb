"""Skill names with specialities (py_rules.skill_names; rules/coc.md §3.2a, rules/armageddon.md §1.3): one reading in the three games."""

import copy
import time

import pytest
from hypothesis import given, settings, strategies as st

from py_rules import api
from py_rules.armageddon.character import EXAMPLE as ARMAGEDDON, from_dict as armageddon_sheet
from py_rules.armageddon.tables import SKILL_NAMES as ARMAGEDDON_NAMES
from py_rules.coc.investigator import EXAMPLE as HARVEY, from_dict as investigator, skill_value
from py_rules.coc.tables import SKILL_FAMILIES, SKILL_NAMES
from py_rules.errors import RulesError
from py_rules.semiautomagic.creature import EXAMPLE_HUMAN, from_dict as creature
from py_rules.skill_names import format_name, split, tidy
from tools import fuzz

_WORD = st.text(st.characters(blacklist_characters="()", blacklist_categories=("Cs", "Cc")), min_size=1, max_size=12)
_FAMILY = st.lists(_WORD, min_size=1, max_size=3).map(lambda parts: " (".join(parts) + ")" * (len(parts) - 1))


@settings(max_examples=300, deadline=None)
@given(_FAMILY, _WORD)
def test_format_then_parse_gives_the_family_and_speciality_back(family, speciality):
    family, speciality = tidy(family), tidy(speciality)
    if not family or not speciality:
        return
    name = format_name(family, speciality)
    assert split(name) == (family, speciality) and format_name(*split(name)) == name


@settings(max_examples=500, deadline=None)
@given(st.text(st.sampled_from("ab ()/"), max_size=30) | st.text(max_size=40))
def test_parse_then_format_is_the_name_written_the_one_way(name):
    """Any text reads as (family, speciality) or as a name alone; written out again it reads the same, and a name
    without a speciality comes back as it was (white space tidied)."""
    parts = split(name)
    assert split(format_name(*parts)) == parts
    if not parts[1]:
        assert format_name(*parts) == tidy(name)


def test_a_family_ending_in_brackets_keeps_them_and_language_own_is_a_skill_of_its_own():
    assert split("Language (Other) (Latin)") == ("Language (Other)", "Latin")
    assert SKILL_NAMES.parts("Language (Other) (Latin)") == ("Language (Other)", "Latin")
    assert SKILL_NAMES.parts("Language (Own)") == ("Language (Own)", "")
    assert SKILL_NAMES.family("Language (Own)") is None
    assert SKILL_NAMES.canonical("Language (Own) (English)") is None
    assert SKILL_NAMES.parts("Art/Craft (Photography)") == ("Art/Craft", "Photography")
    assert SKILL_NAMES.parts("Fighting (Brawl)") == ("Fighting", "Brawl")


@pytest.mark.parametrize(
    "name",
    [
        "(",
        "Language (" * 5000,
        "a (" * 7000 + "b)",
        "x)" * 10_000,
        " (" * 10_000 + ")",
        "Science (" + " " * 20_000 + ")",
        "Language (Other) (" + "(" * 20_000,
    ],
)
def test_reading_a_long_name_takes_time_linear_in_it(name):
    for read in (split, SKILL_NAMES.canonical, ARMAGEDDON_NAMES.canonical):
        started = time.perf_counter()
        read(name)
        assert time.perf_counter() - started < fuzz.SLOW_SECONDS


def test_reading_takes_time_linear_in_the_name_doubling_its_length_about_doubles_the_time():
    def took(n):
        name = "Language (Other) (" * n + "x)"
        started = time.perf_counter()
        for _ in range(20):
            split(name)
        return time.perf_counter() - started

    took(1000)
    assert took(40_000) < 8 * took(20_000) + 0.05  # quadratic would be 4x, with room for a busy machine


def test_rules_3_2a_coc_any_number_of_specialities_each_its_own_skill_at_the_family_base():
    sheet = copy.deepcopy(HARVEY)
    sheet["skills"].update(
        {
            "Language (Other) (Latin)": 40,
            "Language (Other) (French)": 25,
            "Science (Biology)": 31,
            "Science (Cryptography)": 12,
            "Art/Craft (Photography)": 30,
            "Pilot (Aircraft)": 20,
            "Survival (Jungle)": 15,
            "Operate Heavy Machinery": 22,
        }
    )
    held = investigator(sheet)
    for name, value in sheet["skills"].items():
        assert skill_value(held, name) == value
    bases = {family.name: family.base for family in SKILL_FAMILIES}
    for family in ("Art/Craft", "Language (Other)", "Pilot", "Science", "Survival", "Lore"):
        assert skill_value(held, f"{family} (Something Unlisted)") == bases[family]
    assert skill_value(held, "Operate Heavy Machinery") == 22
    assert skill_value(investigator(HARVEY), "Operate Heavy Machinery") == 1  # [BOOK] base 01
    assert skill_value(held, "Fighting (Axe)") == 15  # a speciality with a base of its own


def test_coc_the_same_speciality_twice_is_refused_and_a_bracket_in_a_speciality_is_no_skill():
    sheet = copy.deepcopy(HARVEY)
    sheet["skills"].update({"Science (Biology)": 31, "science (biology)": 20})
    with pytest.raises(RulesError) as error:
        investigator(sheet)
    assert error.value.code == "duplicate_skill"
    for bad in ("Science (Bio (marine))", "Science ()", "Spot Hidden (Rooms)", "Language (Own) (English)"):
        with pytest.raises(RulesError) as error:
            investigator({**HARVEY, "skills": {bad: 10}})
        assert error.value.code == "unknown_skill" and "Science (Biology)" in error.value.message


def test_coc_a_combat_speciality_cannot_be_pushed_and_is_an_attack_skill():
    sheet = copy.deepcopy(HARVEY)
    sheet["skills"]["Fighting (Lance)"] = 30
    rolled = api.handle(
        {"op": "coc.skill_roll", "args": {"investigator": sheet, "skill": "Fighting (Lance)", "dice": [0, 90]}}
    )
    assert rolled["ok"], rolled
    after = rolled["result"]["state"]
    pushed = api.handle({"op": "coc.push_roll", "args": {"investigator": after, "justification": "again"}})
    assert not pushed["ok"] and "combat" in pushed["error"]["message"]
    weapon = {"name": "Lance", "skill": "Fighting (Lance)", "damage": "1D8+1"}
    assert investigator({**sheet, "weapons": [weapon]})["weapons"][0]["skill"] == "Fighting (Lance)"


def test_armageddon_a_family_takes_any_number_of_types_and_another_skill_takes_none():
    sheet = copy.deepcopy(ARMAGEDDON)
    sheet["skills"] = {"Craft (Woodwork)": 2, "Craft (Pottery)": 1, "Language (Latin)": 3, "Guns (Handgun)": 2}
    assert armageddon_sheet(sheet)["skills"] == dict(sorted(sheet["skills"].items()))
    for bad in ("Notice (Smell)", "Craft ()", "Craft (Wood (oak))"):
        with pytest.raises(RulesError) as error:
            armageddon_sheet({**ARMAGEDDON, "skills": {bad: 1}})
        assert error.value.code == "unknown_skill"


def test_armageddon_families_are_skills_of_its_own_list():
    from py_rules.armageddon.tables import SKILL_FAMILIES, SKILLS

    assert {family.name for family in SKILL_FAMILIES} <= set(SKILLS) and "Craft" in {f.name for f in SKILL_FAMILIES}


def test_semiautomagic_declares_no_family_so_no_speciality_is_a_skill():
    assert creature({**EXAMPLE_HUMAN, "skills": {"Pilot": 2}})["skills"] == {"Pilot": 2}
    with pytest.raises(RulesError):
        creature({**EXAMPLE_HUMAN, "skills": {"Pilot (Boat)": 2}})


@pytest.mark.parametrize("game", ["coc", "armageddon"])
def test_the_skill_list_marks_each_family_and_groups_its_offered_specialities(game):
    from py_rules.armageddon.tables import SKILL_FAMILIES as ARMAGEDDON_FAMILIES

    rows = api.handle({"op": f"{game}.skill_list"})["result"]["details"]["skills"]
    families = {row["name"] for row in rows if row.get("family")}
    declared = SKILL_FAMILIES if game == "coc" else ARMAGEDDON_FAMILIES
    assert families == {family.name for family in declared}
    for family in declared:
        for speciality in family.offered:
            row = next(r for r in rows if r["name"] == format_name(family.name, speciality))
            assert row["group"] == family.name


def test_coc_list_has_the_book_skills_with_their_bases():
    rows = {r["name"]: r for r in api.handle({"op": "coc.skill_list"})["result"]["details"]["skills"]}
    assert rows["Operate Heavy Machinery"]["base"] == 1
    assert rows["Language (Other)"]["family"] and rows["Language (Other)"]["base"] == 1
    assert rows["Language (Other) (Latin)"]["group"] == "Language (Other)"
    assert rows["Language (Own)"]["base_from"]["of"] == "EDU" and rows["Dodge"]["base_from"]["of"] == "DEX"
    assert rows["Survival"]["base"] == 10 and rows["Art/Craft"]["base"] == 5
