"""One rule for the characters a text may hold (py_rules/text.py), met at every way in: a name with a control
character, a direction-turning character (bidirectional embedding, override or isolate) or half a character is
refused naming its field, by every game's sheet, in a campaign, an encounter and a form's text field; notes may hold
line breaks and tabs; left-to-right and right-to-left marks are kept."""

import copy

import pytest
from hypothesis import given, strategies as st

from py_rules import api, text
from py_rules.armageddon.character import EXAMPLE as JACK
from py_rules.campaign import games
from py_rules.campaign.ops_common import EXAMPLE as CAMPAIGN
from py_rules.coc.investigator import EXAMPLE as HARVEY
from py_rules.encounter.examples import EXAMPLE as ENCOUNTER
from py_rules.errors import RulesError
from py_rules.semiautomagic.creature import EXAMPLE_HUMAN

SHEETS = {"armageddon": JACK, "semiautomagic": EXAMPLE_HUMAN, "coc": HARVEY}
SHEET_PARAM = {
    "armageddon": ("armageddon.action_penalties", "character"),
    "semiautomagic": ("semiautomagic.advance_days", "creature"),
    "coc": ("coc.advance_time", "investigator"),
}
"""An operation of each game taking a sheet, and its field: the way a form sends a sheet."""
REFUSED = {
    "right-to-left override": "\u202e",
    "left-to-right embedding": "\u202a",
    "first strong isolate": "\u2068",
    "pop directional isolate": "\u2069",
    "null character": "\x00",
    "escape": "\x1b",
    "delete": "\x7f",
    "a C1 control": "\x9b",
    "line break": "\n",
    "tab": "\t",
    "line separator": "\u2028",
    "half a character": "\ud800",
}
WEAPON = {
    "armageddon": {"name": "Knife", "skill": "Hand Weapon", "damage": "d4"},
    "semiautomagic": {"name": "Knife", "damage": "1d6", "damage_type": "slashing"},
    "coc": {"name": "Knife", "skill": "Fighting (Brawl)", "damage": "1D4"},
}


def refusal(game, sheet):
    with pytest.raises(RulesError) as caught:
        games.validate_sheet(game, sheet)
    return caught.value


@pytest.mark.parametrize("game", list(SHEETS))
@pytest.mark.parametrize("what", list(REFUSED))
def test_every_game_refuses_a_name_with_a_control_or_direction_turning_character_naming_the_field(game, what):
    char = REFUSED[what]
    error = refusal(game, {**copy.deepcopy(SHEETS[game]), "name": f"Ann{char}Bee"})
    assert (error.code, error.field) == ("bad_text", "name")
    assert f"U+{ord(char):04X}" in error.message and error.message.startswith("Name holds")
    op, field = SHEET_PARAM[game]  # the same refusal through a form's sheet field
    response = api.handle({"op": op, "args": {field: {**copy.deepcopy(SHEETS[game]), "name": f"Ann{char}Bee"}}})
    assert not response["ok"] and response["error"]["code"] == "bad_text"
    assert (response["error"]["field"], response["error"]["path"]) == (field, "name")


@pytest.mark.parametrize("game", list(SHEETS))
def test_every_game_refuses_a_weapon_name_with_a_direction_override_naming_the_weapon(game):
    sheet = {**copy.deepcopy(SHEETS[game]), "weapons": [{**WEAPON[game], "name": "Knife\u202e"}]}
    error = refusal(game, sheet)
    assert (error.code, error.field) == ("bad_text", "weapons.0.name") and "weapon 1" in error.message
    games.validate_sheet(game, {**sheet, "weapons": [WEAPON[game]]})  # the weapon itself is one the game keeps


@pytest.mark.parametrize("game", list(SHEETS))
def test_every_game_keeps_line_breaks_and_tabs_in_notes_but_not_a_null(game):
    kept = games.validate_sheet(game, {**copy.deepcopy(SHEETS[game]), "notes": "Line one.\r\n\tLine two."})
    assert kept["notes"] == "Line one.\r\n\tLine two."
    error = refusal(game, {**copy.deepcopy(SHEETS[game]), "notes": "Line one.\x00"})
    assert (error.code, error.field) == ("bad_text", "notes")
    error = refusal(game, {**copy.deepcopy(SHEETS[game]), "notes": "Turned \u202e around"})
    assert error.field == "notes"


@pytest.mark.parametrize("game", list(SHEETS))
def test_every_game_keeps_right_to_left_names_with_their_marks(game):
    name = "\u05d3\u05d5\u05d3 \u200f2\u200e \u0627\u061c"
    assert games.validate_sheet(game, {**copy.deepcopy(SHEETS[game]), "name": name})["name"] == name


def test_a_skill_name_with_a_direction_override_is_refused_naming_the_skills():
    error = refusal("coc", {**copy.deepcopy(HARVEY), "skills": {"Spot\u202eHidden": 50}})
    assert (error.code, error.field) == ("bad_text", "skills") and error.message.startswith("A name in skills")


def test_a_campaigns_name_and_an_encounters_name_meet_the_same_rule():
    campaign = {**copy.deepcopy(CAMPAIGN), "name": "Masks\u202e"}
    details = api.handle({"op": "campaign.validate", "args": {"campaign": campaign}})["result"]["details"]
    assert not details["valid"] and details["problems"][0]["path"] == "name"
    assert "U+202E" in details["problems"][0]["message"]
    encounter = {**copy.deepcopy(ENCOUNTER), "name": "The cellar\x00"}
    campaign = {**copy.deepcopy(CAMPAIGN), "encounters": [encounter]}
    details = api.handle({"op": "campaign.validate", "args": {"campaign": campaign}})["result"]["details"]
    assert not details["valid"] and details["problems"][0]["path"] == "encounters.0.name"


def test_a_character_in_a_campaign_with_a_direction_override_in_its_name_is_refused_naming_the_path():
    campaign = copy.deepcopy(CAMPAIGN)
    campaign["characters"][0]["sheet"]["name"] = "Harvey\u2067"
    details = api.handle({"op": "campaign.validate", "args": {"campaign": campaign}})["result"]["details"]
    assert [p["path"] for p in details["problems"]] == ["characters.0.sheet.name"]


def test_a_forms_one_line_text_field_meets_the_rule_and_a_pasted_text_keeps_its_lines():
    response = api.handle({"op": "armageddon.task", "args": {"attribute": 2, "skill": 3, "label": "Kim\u202e: Shoot"}})
    assert not response["ok"] and response["error"]["code"] == "bad_text" and response["error"]["field"] == "label"
    response = api.handle({"op": "coc.parse_stat_block", "args": {"text": "Ghoul\nSTR 80 CON 65\tSIZ 65"}})
    assert response["ok"], response["error"]


def test_the_rules_words_name_the_character_and_where_it_is():
    assert text.problem("Ann\u202eenna") == (
        "holds an invisible character that turns the text around (U+202E, "
        "right-to-left override) at character 4: remove it."
    )
    assert text.problem("A\x00") == "holds a control character (U+0000, null character) at character 2: remove it."
    assert text.problem("Ann\nBee", lines=True) is None and text.problem("Ann\nBee") is not None


@given(st.text(max_size=30))
def test_a_text_is_refused_exactly_when_it_holds_a_refused_character(value):
    refused = {
        c
        for c in value
        if ord(c) < 0x20
        or 0x7F <= ord(c) <= 0x9F
        or c in "\u2028\u2029"
        or 0x202A <= ord(c) <= 0x202E
        or 0x2066 <= ord(c) <= 0x2069
        or 0xD800 <= ord(c) <= 0xDFFF
    }
    assert (text.problem(value) is not None) == bool(refused)
    try:
        text.check_sheet({"name": value, "skills": {value: 1}, "notes": value})
    except RulesError as error:
        assert refused and error.field in ("name", "skills", "notes")
    else:
        assert not refused
