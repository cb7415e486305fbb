"""A stored Armageddon campaign of version 1 opens without loss in real Chromium (py_rules/campaign/migrations.py
from_v1): its "Handguns (Glock)", refused by today's sheet check (a speciality only on a family, rules/armageddon.md
§1.3), is Handguns at its level on the sheet, the speciality in the notes, and the record is written back as the
current version once."""

import copy

import pytest
from playwright.sync_api import expect

from py_rules.armageddon.character import EXAMPLE
from py_rules.campaign.migrations import SCHEMA, V1_SCHEMA
from tests.web.helpers import stored_campaigns

pytestmark = pytest.mark.shared_app  # one booted page for the module, emptied before each test (conftest.py, app)


def test_a_version_1_armageddon_campaign_opens_with_the_plain_skill_and_the_speciality_in_the_notes(app):
    page = app
    sheet = copy.deepcopy(EXAMPLE)
    sheet["skills"] = {**{k: v for k, v in sheet["skills"].items() if k != "Handguns"}, "Handguns (Glock)": 4}
    record = {
        "schema": V1_SCHEMA,
        "id": "c-old-arm",
        "name": "Old Armageddon",
        "game": "armageddon",
        "created": "2025-03-01T18:30:00.000Z",
        "updated": "2025-03-02T09:00:00.000Z",
        "revision": 2,
        "settings": {},
        "characters": [{"id": "ch-jack", "kind": "pc", "sheet": sheet}],
        "log": [],
        "encounters": [],
    }
    page.evaluate(
        """([record]) => new Promise((resolve, reject) => {
        const open = indexedDB.open("rules-companion");
        open.onsuccess = () => {
            const tx = open.result.transaction("campaigns", "readwrite");
            tx.objectStore("campaigns").put(record);
            tx.oncomplete = () => { open.result.close(); resolve(); };
            tx.onerror = () => reject(tx.error);
        };
    })""",
        [record],
    )
    page.reload()
    row = page.locator('[data-campaign="c-old-arm"]')
    expect(row).to_contain_text("Old Armageddon")
    row.get_by_role("link").click()
    card = page.locator(".character-card", has_text=sheet["name"])
    expect(card).to_be_visible()
    card.get_by_role("link", name="Open the sheet").click()
    expect(page.locator('[data-row="skill-Handguns"]')).to_contain_text("4")
    expect(page.locator(".sheet")).to_contain_text("Handguns (Glock) 4: kept as Handguns 4")
    stored = next(each for each in stored_campaigns(page) if each["id"] == "c-old-arm")
    assert stored["schema"] == SCHEMA
    kept = stored["characters"][0]["sheet"]
    assert kept["skills"]["Handguns"] == 4 and "Handguns (Glock)" not in kept["skills"]
