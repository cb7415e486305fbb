"""Nothing typed is lost (TABLE.md, Kept safe): IndexedDB unavailable → a banner and the app
works in memory; two tabs on one campaign never overwrite each other; a bad file changes nothing.

A start the test shapes (no IndexedDB, a tab deaf to the others) is a new tab beside the shared page; a campaign that is
not made in the test is put straight into storage, its sheets as the guided form makes them."""

import json

import pytest
from playwright.sync_api import expect

from py_rules.campaign.migrations import SCHEMA
from tests.web.conftest import BOOT_TIMEOUT_MS, changed_for_good
from tests.web.guided_sheets import guided
from tests.web.helpers import (
    boot,
    campaign_record,
    new_campaign,
    new_character,
    open_sheet,
    open_stored,
    roll,
    stored_campaigns,
)

pytestmark = pytest.mark.shared_app  # one booted page for the module, emptied before each test (conftest.py, app)


def test_storage_unavailable_shows_a_banner_and_rolls_still_work(page, site_url, foreign_requests):
    """In a browser profile of its own, where no other tab holds the database this one cannot open."""
    page.add_init_script(
        "IDBFactory.prototype.open = function () { throw new DOMException('The user denied permission to access the database.', 'SecurityError'); };"
    )
    boot(page, site_url)
    banner = page.locator(".banner[data-storage=memory]")
    expect(banner).to_contain_text("Storage is not available")
    new_campaign(page, "In memory", "coc")
    new_character(page, "coc", "Harvey", skills={"Spot Hidden": 60})
    expect(banner.get_by_role("button", name="Export “In memory”")).to_be_visible()
    open_sheet(page, "Harvey")
    page.locator('[data-row="skill-Spot Hidden"]').click()
    assert "Rolled 55 against 60 — Regular success" in roll(page, faces="5 50")


def test_two_tabs_on_one_campaign_never_lose_a_change(app, site_url):
    first = app
    party = {
        "pc-harvey": guided("coc", "Harvey", {"CON": 50, "SIZ": 50}),
        "pc-ruth": guided("coc", "Ruth", {"CON": 60, "SIZ": 60}),
    }
    campaign_id = "c-two"
    open_stored(first, campaign_record(campaign_id, "Two tabs", "coc", party), f"#/c/{campaign_id}")
    revision = stored_campaigns(first)[0]["revision"]
    second = app.context.new_page()
    # this tab speaks on the BroadcastChannel but hears nothing, so its view of Harvey goes stale
    second.add_init_script("""window.BroadcastChannel = class extends BroadcastChannel {
        set onmessage(listener) {} get onmessage() { return null; } };""")
    boot(second, site_url + f"#/c/{campaign_id}")
    open_sheet(second, "Harvey")
    # Each tab is brought to the front before it is used: headless Chromium draws frames for the front tab alone (a few
    # a second for the other), and every click waits for frames. Both stay visible to the page (no visibilitychange,
    # which would make a tab read the campaign again), as two windows side by side.
    first.bring_to_front()
    open_sheet(first, "Harvey")

    def damage(page, amount):
        page.locator('.quick-actions [data-action="damage"]').click()
        text = roll(page, fields={"amount": amount})
        page.get_by_role("button", name="Close the roll drawer").click()
        return text

    damage(first, 3)  # Harvey 10 → 7 in the first tab
    # the second tab still shows Harvey at 10: its change to Harvey is refused, and it shows the newer sheet
    second.bring_to_front()
    second.locator('.quick-actions [data-action="damage"]').click()
    second.locator('.drawer [name="amount"]').fill("2")
    second.locator(".drawer button.roll").click()
    expect(second.locator(".drawer .drawer-error")).to_contain_text("changed in another tab")
    second.get_by_role("button", name="Close the roll drawer").click()
    expect(second.locator(".sheet .character-card")).to_contain_text("7/10")
    assert [c["sheet"]["hp"] for c in stored_campaigns(first)[0]["characters"]] == [7, 12]

    # a change to another character merges with the first tab's
    second.get_by_role("link", name="Party").click()
    open_sheet(second, "Ruth")
    damage(second, 5)
    # the first tab hears of it and shows it
    first.bring_to_front()
    first.get_by_role("link", name="Party").click()
    expect(first.locator(".character-card", has_text="Ruth")).to_contain_text("7/12")
    damage_again = stored_campaigns(first)[0]
    assert [c["sheet"]["hp"] for c in damage_again["characters"]] == [7, 7]
    assert damage_again["revision"] == revision + 2  # two characters, two changes
    second.close()


def test_corrupted_files_are_refused_with_each_problem_and_nothing_changes(app, tmp_path):
    page = app
    open_stored(page, campaign_record("c-kept", "Kept", "armageddon", {"pc-jack": guided("armageddon", "Jack")}), "#/")
    expect(page.locator('[data-campaign="c-kept"]')).to_be_visible()
    before = stored_campaigns(page)
    good = before[0]
    negative = json.loads(json.dumps(good))
    negative["id"] = "other"
    negative["characters"][0]["sheet"]["attributes"]["Strength"] = -2
    wrong_schema = {**json.loads(json.dumps(good)), "id": "other2", "schema": "rules-companion.campaign/99"}
    cases = {
        "bad.json": ("{ not json", "not valid JSON"),
        "negative.json": (json.dumps(negative), "Strength"),
        "schema.json": (json.dumps(wrong_schema), "newer version of the app"),
    }
    for name, (text, words) in cases.items():
        path = tmp_path / name
        path.write_text(text)
        page.locator('input[name="campaign-file"]').set_input_files(path)
        problems = page.locator("[data-import-problems]")
        expect(problems).to_contain_text("Nothing was imported")
        expect(problems).to_contain_text(words)
        if name == "negative.json":
            expect(problems).to_contain_text("Character “Jack” — Strength")  # who and which field, not a path
            expect(problems).not_to_contain_text("characters.0")
        assert stored_campaigns(page) == before


def test_the_old_pages_saved_values_become_the_first_campaign_once(app):
    from py_rules import api

    page = app
    operations = {op["id"]: op for op in api.catalog()["operations"]}
    jack = next(p for p in operations["armageddon.character_sheet"]["params"] if p["name"] == "character")["example"]
    page.evaluate(  # what the old page (same origin) kept in localStorage, brought over at the app's next start
        """([jack]) => {
        localStorage.setItem("rules-companion:armageddon.character", JSON.stringify(jack));
        localStorage.setItem("rules-companion:armageddon.setting.tn", "11");
        localStorage.setItem("rules-companion:coc.investigator", "{not json");
    }""",
        [jack],
    )
    for _ in range(2):  # a second visit does not bring them over again
        page.reload()
        expect(page.locator("html")).to_have_attribute("data-ready", "true", timeout=BOOT_TIMEOUT_MS)
        row = page.locator(".campaign-row", has_text="Armageddon — from before")
        expect(row).to_have_count(1)
        expect(row).to_contain_text("1 player character · last played")
    record = stored_campaigns(page)
    assert len(record) == 1
    assert record[0]["settings"] == {"tn": 11}
    assert record[0]["characters"][0]["sheet"]["name"] == jack["name"]


def test_a_full_disk_keeps_the_change_in_memory_shows_a_banner_and_offers_export(app):
    page = app
    record = campaign_record("c-full", "Full", "coc", {"pc-harvey": guided("coc", "Harvey", {"CON": 50, "SIZ": 50})})
    open_stored(page, record, "#/c/c-full/sheet/pc-harvey")
    expect(page.locator("#sheet-title")).to_have_text("Harvey")
    page.evaluate("""() => { IDBObjectStore.prototype.put = function () {
        throw new DOMException("The quota has been exceeded.", "QuotaExceededError"); }; }""")
    changed_for_good(page)  # the disk stays full: a shared page is not handed on
    page.locator('.quick-actions [data-action="damage"]').click()
    roll(page, fields={"amount": "3"})
    page.get_by_role("button", name="Close the roll drawer").click()
    banner = page.locator(".banner")
    expect(banner).to_contain_text("storage is full")
    expect(banner.get_by_role("button", name="Export “Full”")).to_be_visible()
    expect(page.locator(".sheet .character-card")).to_contain_text("7/10")  # the change is kept, in memory
    assert stored_campaigns(page)[0]["characters"][0]["sheet"]["hp"] == 10  # the disk still holds the last good state


def test_a_stored_campaign_of_an_older_schema_is_migrated_when_opened(app):
    from py_rules import api

    page = app
    operations = {op["id"]: op for op in api.catalog()["operations"]}
    harvey = next(p for p in operations["coc.skill_roll"]["params"] if p["name"] == "investigator")["example"]
    page.evaluate(
        """([harvey]) => new Promise((resolve, reject) => {
        const open = indexedDB.open("rules-companion");
        open.onsuccess = () => {
            const tx = open.result.transaction("campaigns", "readwrite");
            tx.objectStore("campaigns").put({ schema: "rules-companion.campaign/0", id: "old-one", game: "coc",
                                              name: "Before campaigns", states: { "coc.investigator": harvey }, settings: {} });
            tx.oncomplete = () => {
                open.result.close();
                // as another tab that wrote a campaign says it (store/channel.mjs): the app reads its list again
                const channel = new BroadcastChannel("rules-companion");
                channel.postMessage({ type: "campaign-changed", id: "old-one", revision: null });
                channel.close();
                resolve();
            };
            tx.onerror = () => reject(tx.error);
        };
    })""",
        [harvey],
    )
    row = page.locator('[data-campaign="old-one"]')
    expect(row).to_contain_text("Before campaigns")
    row.get_by_role("link").click()
    expect(page.locator(".character-card")).to_contain_text(harvey["name"])
    stored = stored_campaigns(page)[0]
    assert stored["schema"] == SCHEMA and stored["id"] == "old-one"
    assert stored["characters"][0]["sheet"]["characteristics"] == harvey["characteristics"]
