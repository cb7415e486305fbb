"""The Cast's ready-made NPCs (issue 17): every template of every game is a full sheet its game's own validation
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
        answer = handle({"op": "campaign.check_character",
                         "args": {"game": game, "character": {"id": "npc-1", "kind": "npc", "sheet": sheet}}})
        assert answer["result"]["details"]["valid"], game
