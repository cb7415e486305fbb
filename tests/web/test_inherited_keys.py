"""Ids and names the user gives are never read as a plain object's inherited keys (web/store/own.mjs): campaigns
with the ids "constructor" and "toString", and characters with such ids, behave as any other (Home says they were
never backed up until they are; a change to one character leaves the others as they were)."""

import json

import pytest
from playwright.sync_api import expect

from tests.web.guided_sheets import investigator
from tests.web.helpers import campaign_record, open_sheet, roll, stored_campaigns

pytestmark = pytest.mark.shared_app  # one booted page for the module, emptied before each test (conftest.py, app)


def test_campaigns_and_characters_named_like_inherited_keys_behave_as_any_other(app, tmp_path):
    page = app
    # the campaign the files are made from, its sheets as the guided form makes them: making them is test_table's
    party = {"pc-harvey": investigator("Harvey", CON=50, SIZ=50), "pc-ruth": investigator("Ruth", CON=60, SIZ=60)}
    seed = campaign_record("c-seed", "Seed", "coc", party)
    for campaign_id, people in (
        ("constructor", ["toString", "valueOf"]),
        ("toString", ["constructor", "hasOwnProperty"]),
    ):
        record = {**json.loads(json.dumps(seed)), "id": campaign_id, "name": campaign_id, "log": []}
        for character, new_id in zip(record["characters"], people, strict=False):  # the first two
            character["id"] = new_id
        path = tmp_path / f"{campaign_id}.json"
        path.write_text(json.dumps(record))
        page.goto(page.url.split("#")[0] + "#/")
        page.locator('input[name="campaign-file"]').set_input_files(str(path))
        expect(page.locator(f'[data-campaign="{campaign_id}"]')).to_contain_text(campaign_id)

    page.goto(page.url.split("#")[0] + "#/")
    for campaign_id in ("constructor", "toString"):
        row = page.locator(f'[data-campaign="{campaign_id}"]')
        expect(row).to_contain_text("Call of Cthulhu · 2 player characters")
        expect(row).to_contain_text("never backed up")
    with page.expect_download():
        page.locator('[data-campaign="constructor"]').get_by_role("button", name="Export").click()
    expect(page.locator('[data-campaign="constructor"]')).not_to_contain_text("never")
    expect(page.locator('[data-campaign="constructor"]')).to_contain_text("backed up")
    expect(page.locator('[data-campaign="toString"]')).to_contain_text("never backed up")

    # Ruth (id "hasOwnProperty") takes damage beside Harvey (id "constructor"): only Ruth's sheet changes.
    page.locator('[data-campaign="toString"] a.campaign-open').click()
    expect(page.locator("#party-title")).to_contain_text("toString")
    open_sheet(page, "Ruth")
    page.locator('.quick-actions [data-action="damage"]').click()
    roll(page, fields={"amount": 2})
    page.get_by_role("button", name="Close the roll drawer").click()
    expect(page.locator(".sheet .character-card")).to_contain_text("10/12")
    stored = {c["id"]: c for c in stored_campaigns(page)}
    assert [(c["id"], c["sheet"]["hp"]) for c in stored["toString"]["characters"]] == [
        ("constructor", 10),
        ("hasOwnProperty", 10),
    ]
    assert stored["toString"]["characters"][0]["sheet"] == seed["characters"][0]["sheet"]
