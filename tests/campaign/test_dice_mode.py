"""The campaign's dice (py_rules/campaign/dice_mode.py): one choice per campaign, digital or physical, kept in the
campaign file so the drawer and the encounter read the same one, a reload keeps it and an export carries it."""

import json

import pytest

from py_rules import api
from py_rules.campaign.file import validate
from py_rules.campaign.repair import repair
from tests.campaign.test_campaign_file import campaign


@pytest.mark.parametrize("mode", ["digital", "physical"])
def test_the_campaign_keeps_its_dice_in_its_file(mode):
    checked = validate(campaign("coc", dice=mode))
    assert checked.valid and checked.campaign["dice"] == mode
    assert list(checked.campaign).index("dice") == list(checked.campaign).index("settings") + 1
    again = validate(json.loads(json.dumps(checked.campaign)))
    assert again.valid and again.campaign == checked.campaign


def test_a_file_without_dice_reads_as_before():
    assert "dice" not in validate(campaign("coc")).campaign


@pytest.mark.parametrize("bad", ["loaded", "", 1, None, ["physical"], "Physical"])
def test_bad_dice_are_refused_in_words_and_dropped_by_the_repair(bad):
    checked = validate(campaign("coc", dice=bad))
    assert not checked.valid and [each["path"] for each in checked.problems] == ["dice"]
    assert "digital or physical" in checked.problems[0]["message"]
    answer = api.handle({"op": "campaign.validate", "args": {"campaign": campaign("coc", dice=bad)}})
    assert answer["result"]["details"]["problems"][0]["text"].startswith("The campaign's dice")
    fixed = repair(campaign("coc", dice=bad), "2026-01-01T00:00:00Z")
    assert [(each["path"], each["what"]) for each in fixed["dropped"]] == [("dice", "The campaign's dice")]
    assert "dice" not in fixed["campaign"] and validate(fixed["campaign"]).valid
