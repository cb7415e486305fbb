"""The Cast's ready-made NPCs (TABLE.md): every template of every game is a full sheet its game's own validation
accepts, and several copies get numbered names."""

from __future__ import annotations

import pytest

from py_rules.api import handle
from py_rules.campaign import games
from py_rules.campaign.templates import TEMPLATES, numbered, templates


@pytest.mark.parametrize("game", games.GAMES)
def test_every_template_is_a_valid_sheet_of_its_game(game):
    found = templates(game)
    assert len(found) >= 3
    keys = {each["key"] for each in found}
    assert {"thug", "police_officer", "cultist"} <= keys
    for each in found:
        assert games.validate_sheet(game, each["sheet"]) == each["sheet"]
        assert each["summary"] and each["name"] == each["sheet"]["name"]


def test_templates_are_different_people():
    for game, rows in TEMPLATES.items():
        sheets = [repr(sorted(sheet.items())) for _, _, sheet in rows]
        assert len(set(sheets)) == len(sheets), game


def test_numbered_names_skip_names_in_use():
    assert numbered("Cultist", 3) == ["Cultist 1", "Cultist 2", "Cultist 3"]
    assert numbered("Cultist", 2, ["Cultist 1", "Cultist 3"]) == ["Cultist 2", "Cultist 4"]
    assert numbered("Thug", 1, ["Thug"]) == ["Thug"]


def test_door_gives_templates_and_numbered_names():
    answer = handle({"op": "campaign.templates", "args": {"game": "coc", "count": 3, "taken": ["Cultist 1", 7]}})
    assert answer["ok"]
    assert answer["result"]["details"]["names"]["cultist"] == ["Cultist 2", "Cultist 3", "Cultist 4"]
    refused = handle({"op": "campaign.templates", "args": {"game": "coc", "count": 99}})
    assert not refused["ok"]


def test_a_template_character_passes_the_campaign_check():
    for game in games.GAMES:
        sheet = templates(game)[0]["sheet"]
        answer = handle(
            {
                "op": "campaign.check_character",
                "args": {"game": game, "character": {"id": "npc-1", "kind": "npc", "sheet": sheet}},
            }
        )
        assert answer["result"]["details"]["valid"], game


@pytest.mark.parametrize("game", games.GAMES)
def test_the_ready_made_carry_the_weapons_their_sentence_names_with_skills_to_use_them(game):
    for each in templates(game):
        weapons = each["sheet"]["weapons"]
        assert weapons, (game, each["name"])
        if game == "semiautomagic":
            continue  # its attacks use Weapon Skill or Ranged Skill, whatever the weapon
        skills = each["sheet"]["skills"]
        assert any(weapon["skill"] in skills for weapon in weapons), each["name"]


def test_the_semiautomagic_police_officer_wears_a_stab_vest_that_counts_in_his_toughness():
    officer = {each["key"]: each["sheet"] for each in templates("semiautomagic")}["police_officer"]
    assert officer["armour"] == {"name": "Stab vest", "defence": 1, "mobility_penalty": 0}
    answer = handle({"op": "semiautomagic.describe_creature", "args": {"creature": officer}})
    assert (
        answer["result"]["details"]["derived"]["toughness"] == 10
    )  # 6 + Endurance 3 + the vest's Defence 1 (seed 002)
