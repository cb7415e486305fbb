"""Nothing stored, imported or half-updated can break the app: a full disk whose changes are written again once
there is space (the next change, the timer, the tab shown again) and whose closing asks first; a database of a
newer version read but never written; an upgrade blocked by an older tab that goes on once it closes; damaged
records in every store that no reader trips over.

Campaigns are put straight into storage (Harvey's sheet made by the engine as the guided form makes it); their changes
are made on the sheet as a GM makes them."""

import json
import uuid

import pytest
from playwright.sync_api import expect

from py_rules.log.entry import entry_after
from tests.web.conftest import BOOT_TIMEOUT_MS
from tests.web.guided_sheets import investigator
from tests.web.helpers import (
    boot,
    campaign_record,
    damage,
    new_campaign,
    open_sheet,
    open_stored,
    stored_campaigns,
    stored_log,
)

pytestmark = pytest.mark.shared_app  # one booted page for the module, emptied before each test (conftest.py, app)

RETRY_MS = 20_000  # web/app/start.mjs RETRY_MS: how often changes held in memory (a full disk) are tried again

FULL = """() => { window.realPut ??= IDBObjectStore.prototype.put; IDBObjectStore.prototype.put = function () {
    throw new DOMException("The quota has been exceeded.", "QuotaExceededError"); }; }"""
SPACE_AGAIN = "() => { IDBObjectStore.prototype.put = window.realPut; }"
WARNS_ON_CLOSE = """() => { const event = new Event("beforeunload", { cancelable: true });
    window.dispatchEvent(event); return event.defaultPrevented; }"""

# a raw write into the app's database, as damage or another version would leave it
RAW_PUT = """(puts) => new Promise((resolve, reject) => {
    const open = indexedDB.open("rules-companion");
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
        const db = open.result;
        const tx = db.transaction(["campaigns", "log", "entries", "history"], "readwrite");
        for (const [store, value, key] of puts) key === undefined ? tx.objectStore(store).put(value) : tx.objectStore(store).put(value, key);
        tx.oncomplete = () => { db.close(); resolve(); };
        tx.onerror = () => reject(tx.error);
    };
})"""


def reload(page):
    page.reload()
    expect(page.locator("html")).to_have_attribute("data-ready", "true", timeout=BOOT_TIMEOUT_MS)


HARVEY = investigator("Harvey", CON=50, SIZ=50)  # 10 HP


def harveys_sheet(page, name):
    """A Call of Cthulhu campaign ``name`` with Harvey (10 HP), stored, his sheet open; the campaign id (a new one each
    time, as the app makes it)."""
    campaign_id = f"c-{uuid.uuid4().hex[:12]}"
    open_stored(
        page, campaign_record(campaign_id, name, "coc", {"ch-harvey": HARVEY}), f"#/c/{campaign_id}/sheet/ch-harvey"
    )
    expect(page.locator("#sheet-title")).to_have_text("Harvey")
    return campaign_id


def full_disk_then_changes(page, name):
    """A campaign with Harvey (10 HP); the disk fills; two changes (3 and 2 damage) stay in this tab."""
    harveys_sheet(page, name)
    assert page.evaluate(WARNS_ON_CLOSE) is False
    page.evaluate(FULL)
    damage(page, 3)
    banner = page.locator(".banner")
    expect(banner).to_contain_text("storage is full")
    expect(banner).to_contain_text("only in this tab")
    damage(page, 2)  # the retry with this change finds the disk still full: it joins the first in memory
    expect(page.locator(".sheet .character-card")).to_contain_text("5/10")
    expect(banner).to_contain_text("storage is full")
    assert page.evaluate(WARNS_ON_CLOSE) is True, "closing the tab asks first while changes are only in memory"
    assert stored_campaigns(page)[0]["characters"][0]["sheet"]["hp"] == 10
    return banner


def stored_history(page, campaign_id):
    return page.evaluate(
        """async (id) => {
        const { openStorage } = await import("./src/store/storage.mjs");
        const storage = await openStorage();
        return { history: await storage.history(id), rows: (await storage.logPage(id)).map((row) => [row.seq, row.headline]) };
    }""",
        campaign_id,
    )


def test_a_full_disk_writes_everything_with_the_next_change_once_there_is_space(app):
    page = app
    banner = full_disk_then_changes(page, "Full then free")
    page.evaluate(SPACE_AGAIN)
    damage(page, 1)  # this change writes the two held in memory with it, in one transaction
    expect(banner).to_have_count(0)
    assert page.evaluate(WARNS_ON_CLOSE) is False
    campaign_id = page.evaluate("location.hash").split("/")[2]
    reload(page)
    expect(page.locator(".sheet .character-card")).to_contain_text("4/10")
    assert stored_campaigns(page)[0]["characters"][0]["sheet"]["hp"] == 4
    log = stored_log(page, campaign_id)
    assert [next(iter(entry_after(entry).values()))["hp"] for entry in log] == [7, 5, 4]
    out = stored_history(page, campaign_id)
    assert out["history"] == {"done": [entry["id"] for entry in log], "undone": []}
    assert [seq for seq, _ in out["rows"]] == [3, 2, 1]
    page.get_by_role("link", name="Log").click()
    expect(page.locator(".log-row")).to_have_count(3)
    page.locator('.undo-bar [data-history="undo"]').click()  # the last change undoes from disk
    page.get_by_role("link", name="Party").click()
    expect(page.locator(".character-card", has_text="Harvey")).to_contain_text("5/10")


def test_a_full_disk_is_written_again_by_the_timer_and_when_the_tab_is_shown(page, site_url, foreign_requests):
    # A page of its own on Playwright's clock from its start (the retry timer is set as the app starts): the timer's
    # period passes in fake time.
    page.clock.install()
    boot(page, site_url)
    banner = full_disk_then_changes(page, "Timer")
    page.evaluate(SPACE_AGAIN)
    expect(banner).to_contain_text("storage is full")  # no change made, the tab not shown again: held until the timer
    page.clock.run_for(RETRY_MS)  # one period of the retry timer
    expect(banner).to_have_count(0)
    assert page.evaluate(WARNS_ON_CLOSE) is False
    assert stored_campaigns(page)[0]["characters"][0]["sheet"]["hp"] == 5
    page.evaluate(FULL)
    damage(page, 1)
    expect(banner).to_contain_text("storage is full")
    page.evaluate(SPACE_AGAIN)
    page.evaluate("document.dispatchEvent(new Event('visibilitychange'))")  # the tab is shown again
    expect(banner).to_have_count(0, timeout=5_000)
    assert page.evaluate(WARNS_ON_CLOSE) is False
    # what is on disk, read directly (the first test reads it back after a reload)
    campaign_id = page.evaluate("location.hash").split("/")[2]
    assert stored_campaigns(page)[0]["characters"][0]["sheet"]["hp"] == 4
    assert len(stored_log(page, campaign_id)) == 3
    assert len(stored_history(page, campaign_id)["history"]["done"]) == 3


def test_a_newly_added_campaign_and_its_log_on_a_full_disk_are_written_once_there_is_space(app):
    out = app.evaluate("""async () => {
        const { openStorage } = await import("./src/store/storage.mjs");
        const { newCampaign } = await import("./src/store/records.mjs");
        const storage = await openStorage();
        const entry = (id, kind, extra = {}) => ({ id, at: "2026-12-01T20:15:03Z", op: "coc.skill_roll", args: {}, who: [], encounter: null,
            result: { text: [id] }, before: {}, after: {}, kind, ...extra });
        const real = { put: IDBObjectStore.prototype.put, add: IDBObjectStore.prototype.add };
        const full = function () { throw new DOMException("The quota has been exceeded.", "QuotaExceededError"); };
        Object.assign(IDBObjectStore.prototype, { put: full, add: full });
        const campaign = { ...newCampaign("Imported", "coc"), log: [entry("e1", "change"), entry("e2", "roll")] };
        let thrown = null;
        try { await storage.add(campaign); } catch (error) { thrown = [error.name, error.record.id === campaign.id]; }
        const kept = await storage.get(campaign.id);
        const held = await storage.commit(kept, (next) => ({ ...next, name: "Renamed" }), ["name"], [entry("e3", "undo", { op: "log.undo", args: { entry: "e1" } })]);
        const inMemory = { unsaved: storage.unsaved, rows: (await storage.logPage(campaign.id)).map((row) => [row.seq, row.headline]), history: await storage.history(campaign.id) };
        Object.assign(IDBObjectStore.prototype, real);
        const written = await storage.retryWrites();
        const again = await openStorage();
        return { thrown, heldName: held.record.name, inMemory, written: written.map((each) => each.id === campaign.id), unsaved: storage.unsaved, problem: storage.problem,
                 name: (await again.get(campaign.id)).name, all: (await again.logAll(campaign.id)).map((each) => each.id),
                 rows: (await again.logPage(campaign.id)).map((row) => [row.seq, row.headline]), history: await again.history(campaign.id) };
    }""")
    assert out["thrown"] == ["StorageFullError", True] and out["heldName"] == "Renamed"
    assert out["inMemory"]["unsaved"] is True
    assert out["inMemory"]["rows"] == [[3, "Undone: e1"], [2, "e2"], [1, "e1"]]
    assert out["inMemory"]["history"] == {"done": [], "undone": ["e1"]}
    assert out["written"] == [True] and out["unsaved"] is False and out["problem"] is None
    assert out["name"] == "Renamed" and out["all"] == ["e1", "e2", "e3"]
    assert out["rows"] == out["inMemory"]["rows"] and out["history"] == {"done": [], "undone": ["e1"]}


@pytest.mark.fresh_app  # the database is left at version 99: no other test may be handed it
def test_a_database_of_a_newer_version_is_read_but_never_written(app):
    page = app
    campaign_id = harveys_sheet(page, "From the future")
    damage(page, 3)
    page.get_by_role("link", name="Party").click()
    before = stored_campaigns(page)
    # a newer version of the app opens the database at version 99 in another tab: this tab lets it, and reloads
    other = page.context.new_page()
    other.goto(page.url.split("#")[0] + "reference.html")
    other.evaluate("""() => new Promise((resolve, reject) => {
        const open = indexedDB.open("rules-companion", 99);
        open.onupgradeneeded = () => {};
        open.onsuccess = () => { open.result.close(); resolve(); };
        open.onerror = () => reject(open.error);
    })""")
    other.close()
    expect(page.locator("html")).to_have_attribute("data-ready", "true", timeout=BOOT_TIMEOUT_MS)
    banner = page.locator(".banner")
    expect(banner).to_contain_text(
        "Your campaigns were saved by a newer version of the app: reload to update. Until then they can be read but not changed."
    )
    boot(page, page.url.split("#")[0] + "#/")
    expect(banner).to_contain_text("saved by a newer version")
    expect(page.locator(f'[data-campaign="{campaign_id}"]')).to_contain_text("From the future")
    page.locator(f'[data-campaign="{campaign_id}"]').get_by_role("link").first.click()
    expect(page.locator(".character-card", has_text="Harvey")).to_contain_text("7/10")
    open_sheet(page, "Harvey")
    page.locator('.quick-actions [data-action="damage"]').click()
    page.locator('.drawer [name="amount"]').fill("2")
    page.locator(".drawer button.roll").click()
    expect(page.locator(".drawer .drawer-error")).to_contain_text("saved by a newer version of the app")
    page.get_by_role("button", name="Close the roll drawer").click()
    expect(page.locator(".sheet .character-card")).to_contain_text("7/10")
    page.get_by_role("link", name="Log").click()
    expect(page.locator(".log-row")).to_have_count(1)
    assert stored_campaigns(page) == before
    assert (
        page.evaluate(
            "async () => (await indexedDB.databases()).find((each) => each.name === 'rules-companion').version"
        )
        == 99
    )


def test_an_upgrade_blocked_by_an_older_tab_says_so_and_goes_on_once_it_closes(context, site_url, foreign_requests):
    older = context.new_page()
    older.goto(site_url + "reference.html")
    # an older version of the app: version 1 of the database, its connection kept open and deaf to upgrades
    older.evaluate("""() => new Promise((resolve, reject) => {
        const open = indexedDB.open("rules-companion", 1);
        open.onupgradeneeded = () => { open.result.createObjectStore("campaigns", { keyPath: "id" }); open.result.createObjectStore("meta"); };
        open.onsuccess = () => {
            window.held = open.result;
            const tx = open.result.transaction("campaigns", "readwrite");
            tx.objectStore("campaigns").put({ schema: "rules-companion.campaign/2", id: "c-old", name: "Older tab's", game: "coc",
                created: "2026-01-01T00:00:00Z", updated: "2026-01-01T00:00:00Z", revision: 1, settings: {}, characters: [], encounters: [], log: [] });
            tx.oncomplete = () => resolve();
            tx.onerror = () => reject(tx.error);
        };
        open.onerror = () => reject(open.error);
    })""")
    page = context.new_page()
    page.goto(site_url)
    banner = page.locator(".banner")
    expect(banner).to_contain_text(
        "Another tab of this app is still open with an older version: close it to open your campaigns."
    )
    expect(page.get_by_text("Opening your campaigns…")).to_be_visible()
    older.close()
    expect(page.locator('[data-campaign="c-old"]')).to_contain_text("Older tab's")
    expect(banner).to_have_count(0)
    expect(page.locator("html")).to_have_attribute("data-ready", "true", timeout=BOOT_TIMEOUT_MS)
    new_campaign(page, "After the wait", "coc")
    assert {each["name"] for each in stored_campaigns(page)} == {"Older tab's", "After the wait"}


def test_damaged_records_in_every_store_never_break_a_reader(app):
    page = app
    campaign_id = harveys_sheet(page, "Damaged")
    damage(page, 3)
    first = stored_log(page, campaign_id)[0]
    row = {
        "campaign": campaign_id,
        "at": "2026-12-01T20:15:03Z",
        "kind": "roll",
        "op": "coc.skill_roll",
        "who": [],
        "encounter": None,
        "label": None,
        "undoes": None,
    }
    page.evaluate(
        RAW_PUT,
        [
            ["history", "not the stacks", campaign_id],  # "history.done is not iterable" broke every change
            ["log", {"campaign": campaign_id, "seq": 2, "id": 7, "headline": None, "who": "someone"}],
            ["entries", {"campaign": campaign_id, "seq": 2, "entry": "junk"}],
            ["log", {**row, "seq": 3, "id": "e-bad", "headline": "A row whose entry is damaged"}],
            ["entries", {"campaign": campaign_id, "seq": 3, "entry": {"id": "e-bad", "op": 5}}],
            ["campaigns", {"id": "broken", "name": 42, "updated": 7}],
        ],
    )
    page.goto(page.url.split("#")[0] + "#/")
    reload(page)
    expect(page.locator('[data-campaign="broken"]')).to_contain_text("A damaged campaign")
    page.locator(f'[data-campaign="{campaign_id}"]').get_by_role("link").first.click()
    open_sheet(page, "Harvey")
    damage(page, 2)  # the damaged history counts as empty and is written over
    expect(page.locator(".sheet .character-card")).to_contain_text("5/10")
    log = stored_log(page, campaign_id)
    assert [entry["id"] for entry in log if isinstance(entry, dict) and entry.get("op") == "coc.apply_damage"] == [
        first["id"],
        log[-1]["id"],
    ]
    page.get_by_role("link", name="Log").click()
    rows = page.locator(".log-row")
    expect(rows).to_have_count(4)
    expect(rows.nth(1).locator(".log-headline")).to_contain_text("A row whose entry is damaged")
    expect(rows.nth(2).locator(".log-headline")).to_have_text("A damaged log entry")
    rows.nth(2).locator(".log-open").click()
    expect(rows.nth(2)).to_contain_text("This entry could not be read.")
    rows.nth(1).locator(".log-open").click()
    expect(rows.nth(1)).to_contain_text("This entry could not be read.")
    page.get_by_label("Who").select_option(label="Harvey")
    expect(rows).to_have_count(2)
    out = page.evaluate(
        """async (id) => {
        const { openStorage } = await import("./src/store/storage.mjs");
        const storage = await openStorage();
        const list = await storage.list();
        return { all: (await storage.logAll(id)).map((each) => each.id), bad: await storage.logEntry(id, "e-bad"),
                 good: (await storage.logEntry(id, (await storage.logAll(id))[0].id))?.op, history: await storage.history(id),
                 broken: list.find((each) => each.id === "broken"), count: list.length,
                 page: (await storage.logPage(id, { limit: 2, beforeSeq: 4 })).map((row) => [row.seq, row.damaged ?? false]) };
    }""",
        campaign_id,
    )
    assert out["all"] == [first["id"], log[-1]["id"]] and out["bad"] is None and out["good"] == "coc.apply_damage"
    assert out["history"] == {"done": [log[-1]["id"]], "undone": []}
    broken = out["broken"]
    assert {**broken, "damaged": bool(broken["damaged"])} == {
        "id": "broken",
        "name": "A damaged campaign",
        "game": "",
        "characters": 0,
        "players": 0,
        "cast": 0,
        "updated": "",
        "revision": 0,
        "damaged": True,
    }
    assert "no name" in broken["damaged"]  # why, in words (store/record_check.mjs)
    assert out["count"] == 2 and out["page"] == [[3, False], [2, True]]
    page.locator('.undo-bar [data-history="undo"]').click()
    page.get_by_role("link", name="Party").click()
    expect(page.locator(".character-card", has_text="Harvey")).to_contain_text("7/10")
    assert json.dumps(stored_campaigns(page))  # still readable as JSON
