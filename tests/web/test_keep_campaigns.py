"""Campaigns that survive Safari (PYODIDE.md §3.3): the note that the browser may delete them (only where that is so),
"Back up everything" then "Restore" on a fresh profile, and the fixed bars clear the iPad's home indicator.

The browser's answer about keeping the campaigns is asked once per page, at its start (store/persistence.mjs): each
answer is a new tab of the shared page's browser with that answer stubbed. The campaigns backed up are put straight
into storage (their sheets as the guided form makes them) and rolled on from their sheets."""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import expect

from tests.web.conftest import BOOT_TIMEOUT_MS, block_foreign
from tests.web.guided_sheets import guided
from tests.web.helpers import STORE, campaign_record, open_sheet, open_stored, roll, stored_campaigns, stored_log

pytestmark = pytest.mark.shared_app  # one booted page for the module, emptied before each test (conftest.py, app)

PERSISTED = """(granted) => {
  const storage = navigator.storage;
  storage.persisted = async () => granted;
  storage.persist = async () => granted;
}"""


def _new_tab(page, granted: bool):
    """The app started in a new tab beside ``page``, its browser answering that keeping the campaigns is ``granted``
    (or not), on Home (nothing here needs its engine, which may still be booting)."""
    tab = page.context.new_page()
    tab.add_init_script(f"({PERSISTED})({json.dumps(granted)})")
    tab.goto(page.url.split("#")[0] + "#/")
    expect(tab.locator("#campaigns-title")).to_be_visible()
    return tab


def test_the_note_shows_when_the_browser_may_delete_the_campaigns_and_goes_once_dismissed(app):
    page = _new_tab(app, granted=False)
    note = page.locator("[data-eviction-note]")
    expect(note).to_be_visible()
    expect(note).to_contain_text("Add to Home Screen")
    page.locator("footer").get_by_role("link", name="About").click()
    expect(page.locator("[data-about-storage]")).to_contain_text("may clear your campaigns")
    page.get_by_role("link", name="← Campaigns").click()
    note.get_by_role("button", name="Got it").click()
    expect(note).to_have_count(0)
    page.reload()
    expect(page.locator("#backup-title")).to_be_visible()
    page.wait_for_timeout(300)  # the persistence answer has arrived
    expect(note).to_have_count(0)  # said once
    page.close()


def test_no_note_when_persistence_is_granted(app):
    page = _new_tab(app, granted=True)
    expect(page.locator("#backup-title")).to_be_visible()
    page.wait_for_timeout(300)  # the persistence answer has arrived
    expect(page.locator("[data-eviction-note]")).to_have_count(0)
    page.locator("footer").get_by_role("link", name="About").click()
    expect(page.locator("[data-about-storage]")).to_contain_text("agreed to keep your campaigns")
    page.close()


def _open(browser, site_url, granted: bool):
    """A browser profile of its own (its requests to other origins failed and listed) with the app booted; no service
    worker (its offline copy, about a second of CPU for each new profile, is not what a restore reads)."""
    context = browser.new_context(service_workers="block")
    blocked = block_foreign(context)
    context.add_init_script(f"({PERSISTED})({json.dumps(granted)})")
    page = context.new_page()
    page.goto(site_url)
    expect(page.locator("html")).to_have_attribute("data-ready", "true", timeout=BOOT_TIMEOUT_MS)
    return context, page, blocked


def test_back_up_everything_then_restore_on_a_fresh_profile_gives_every_campaign_back(app, browser, site_url, tmp_path):
    page = app
    first, second, third = "c-tomb", "c-night", "c-ward"
    for record in (
        campaign_record(
            second,
            "Night Shift",
            "armageddon",
            {"pc-jack": guided("armageddon", "Jack", {"attributes.Perception": 2}, {"Notice": 3})},
        ),
        campaign_record(third, "Ward Nine", "semiautomagic", {"pc-mira": guided("semiautomagic", "Mira")}),
    ):
        page.evaluate(STORE, {"record": record})
    tomb = campaign_record(first, "Lost Tomb", "coc", {"pc-harvey": guided("coc", "Harvey", {"STR": 50})})
    open_stored(page, tomb, f"#/c/{first}/sheet/pc-harvey")
    page.locator('[data-row="char-STR"]').click()
    roll(page, faces="4,20")
    page.goto(site_url + f"#/c/{third}/sheet/pc-mira")
    page.locator('[data-row="ability-Dexterity"]').click()
    roll(page, faces="5")
    page.goto(site_url + "#/")
    before = {c["id"]: c for c in stored_campaigns(page)}
    logs = {cid: stored_log(page, cid) for cid in (first, second, third)}
    assert logs[first] and logs[third], "the rolls are in the logs"
    expect(page.locator(f'[data-campaign="{first}"]')).to_contain_text("never backed up")
    with page.expect_download() as download:
        page.get_by_role("button", name="Back up everything").click()
    path = tmp_path / download.value.suggested_filename
    download.value.save_as(path)
    assert path.name.startswith("rules-companion-backup-") and path.suffix == ".json"
    expect(page.locator(f'[data-campaign="{first}"]')).to_contain_text("backed up")
    expect(page.locator(f'[data-campaign="{first}"]')).not_to_contain_text("never")

    context, page, blocked = _open(browser, site_url, granted=True)  # a fresh profile: nothing stored
    try:
        assert stored_campaigns(page) == []
        page.locator('input[name="backup-file"]').set_input_files(str(path))
        expect(page.locator("[data-restore-report]")).to_contain_text("Restored: ")
        expect(page.locator(".campaign-row")).to_have_count(3)
        after = {c["id"]: c for c in stored_campaigns(page)}
        for cid in (first, second, third):
            for field in (
                "schema",
                "id",
                "name",
                "game",
                "created",
                "updated",
                "revision",
                "settings",
                "characters",
                "encounters",
            ):
                assert after[cid][field] == before[cid][field], (cid, field)
            assert stored_log(page, cid) == logs[cid]

        # The Semiautomagic campaign changes here after the restore (renamed, Mira gone) ...
        ward = page.locator(f'[data-campaign="{third}"]')
        ward.get_by_role("button", name="Rename").click()
        ward.get_by_label("New name").fill("Ward Ten")
        ward.get_by_role("button", name="Save name").click()
        expect(ward).to_contain_text("Ward Ten")
        page.goto(site_url + f"#/c/{third}/party")
        open_sheet(page, "Mira")
        page.get_by_role("button", name="Remove Mira from the campaign").click()
        page.get_by_role("dialog").get_by_role("button", name="Remove").click()
        expect(page.locator(".character-card")).to_have_count(0)
        page.goto(site_url + "#/")
        changed = next(c for c in stored_campaigns(page) if c["id"] == third)
        assert changed["name"] == "Ward Ten" and changed["characters"] == []

        # ... and restoring again replaces nothing unasked: all three are already here, and each is asked about.
        page.locator('input[name="backup-file"]').set_input_files(str(path))
        report = page.locator("[data-restore-report]")
        expect(report).to_contain_text("No new campaign was restored.")
        expect(report.locator("[data-restore-clash]")).to_have_count(3)
        report.locator(f'[data-restore-clash="{first}"]').get_by_role("button", name="Keep both").click()
        report.locator(f'[data-restore-clash="{second}"]').get_by_role("button", name="Leave it").click()
        report.locator(f'[data-restore-clash="{third}"]').get_by_role(
            "button", name="Replace with the backup's"
        ).click()
        expect(page.locator(".campaign-row")).to_have_count(4)
        expect(page.locator(".campaign-row", has_text="Lost Tomb (imported")).to_have_count(1)
        expect(ward).to_contain_text("Ward Nine")  # the backup's, in place of the one changed here
        expect(page.locator(".snackbar")).to_contain_text("replaced by the file's")
        replaced = next(c for c in stored_campaigns(page) if c["id"] == third)
        for field in ("schema", "id", "name", "game", "created", "updated", "settings", "characters", "encounters"):
            assert replaced[field] == before[third][field], field
        assert replaced["revision"] > changed["revision"]  # a newer revision: another tab's stale write is refused
        assert stored_log(page, third) == logs[third]
        left = next(c for c in stored_campaigns(page) if c["id"] == second)
        assert left == after[second]
        assert blocked == [], f"requests left the machine: {blocked}"
    finally:
        context.close()


def test_restore_refuses_a_file_that_is_not_a_backup_in_words(app, tmp_path):
    path = tmp_path / "notes.json"
    path.write_text(json.dumps({"hello": "world"}))
    app.locator('input[name="backup-file"]').set_input_files(str(path))
    expect(app.locator("[data-restore-problem]")).to_contain_text("This is not a backup made by this app")


RULES = """() => {
  const found = [];
  const walk = (rules, media) => {
    for (const rule of rules) {
      if (rule.selectorText !== undefined) found.push({ selector: rule.selectorText, media, text: rule.cssText });
      else if (rule.cssRules) walk(rule.cssRules, rule.conditionText || media);
    }
  };
  for (const sheet of document.styleSheets) walk(sheet.cssRules, "");
  return found;
}"""
BOTTOM_BARS = (".turn-bar", ".drawer", ".snackbar", '.op-form > button[type="submit"]')


def test_the_fixed_bars_clear_the_home_indicator(app):
    """A bar fixed or sticky at the bottom keeps the home indicator's inset below it; the drawer, a side panel from
    the top of a wide or sideways screen, keeps the status bar's inset above it (viewport-fit=cover: the page runs
    under both)."""
    rules = app.evaluate(RULES)
    for selector in BOTTOM_BARS:
        texts = [rule["text"] for rule in rules if rule["selector"] == selector]
        assert any("safe-area-inset-bottom" in text for text in texts), (selector, texts)
    from_the_top = [
        rule for rule in rules if rule["selector"] == ".drawer" and re.search(r"(?<![-\w])top: 0", rule["text"])
    ]
    assert from_the_top, "the side panel's rule is found"
    for rule in from_the_top:
        assert "safe-area-inset-top" in rule["text"], rule
    app.set_viewport_size({"width": 390, "height": 844})  # a phone upright: the drawer is a bottom sheet
    assert app.evaluate("(media) => matchMedia(media).matches", from_the_top[0]["media"]) is False
    app.set_viewport_size({"width": 1024, "height": 768})  # an iPad held sideways: the side panel applies
    assert app.evaluate("(media) => matchMedia(media).matches", from_the_top[0]["media"]) is True
    viewport = app.locator('meta[name="viewport"]').get_attribute("content")
    assert "viewport-fit=cover" in viewport
    assert app.locator('link[rel="apple-touch-icon"]').count() == 1
    assert app.locator('meta[name="apple-mobile-web-app-capable"]').get_attribute("content") == "yes"
