"""A long import writes its log while the engine checks the file (a long campaign's log): nothing of it
shows before the check and the user's answer, a refused or set-aside file leaves nothing behind, and log records
left without a campaign never join one. The campaign a file is made from is put straight into storage (its sheets as
the guided form makes them); a start is a new tab of the app, closed once its sweep of what was written ahead is done."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import expect

from tests.web.guided_sheets import guided
from tests.web.helpers import campaign_record, open_sheet, open_stored, stored_campaigns, stored_log, wait_until
from tests.web.test_integrity import damage, exported, import_file

pytestmark = pytest.mark.shared_app  # one booted page for the module, emptied before each test (conftest.py, app)

LONG = 1_200
"""Entries in a long file: past the least the page writes ahead of the check (app/file_actions.mjs STAGE_FROM)."""

KEPT = """() => new Promise((resolve, reject) => {
    const open = indexedDB.open("rules-companion");
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
        const tx = open.result.transaction(["campaigns", "log", "entries"]);
        const out = { campaigns: [], log: {}, entries: {} };
        tx.objectStore("campaigns").getAllKeys().onsuccess = (event) => { out.campaigns = event.target.result; };
        for (const store of ["log", "entries"]) {
            tx.objectStore(store).getAllKeys().onsuccess = (event) => {
                for (const [campaign] of event.target.result) out[store][campaign] = (out[store][campaign] || 0) + 1;
            };
        }
        tx.oncomplete = () => { open.result.close(); resolve(out); };
        tx.onerror = () => reject(tx.error);
    };
})"""


def kept(page) -> dict:
    """What IndexedDB holds, read directly: the campaigns' ids, and the log rows and entry records by campaign id."""
    return page.evaluate(KEPT)


def marks(page) -> list[str]:
    """The keys of the marks written-ahead logs leave in "meta" (web/store/staging.mjs stageLog)."""
    return page.evaluate("""() => new Promise((resolve) => {
        const open = indexedDB.open("rules-companion");
        open.onsuccess = () => open.result.transaction("meta").objectStore("meta").getAllKeys().onsuccess = (event) => {
            resolve(event.target.result.filter((key) => String(key).startsWith("staged:"))); open.result.close(); };
    })""")


def without_campaign(page) -> set[str]:
    """Campaign ids that log rows or entry records are kept under while no campaign has that id."""
    found = kept(page)
    return (set(found["log"]) | set(found["entries"])) - set(found["campaigns"])


def a_coc_campaign(page) -> dict:
    """ "Masks", a Call of Cthulhu campaign with Harvey (HP 10) and Ruth (HP 12), stored, with Harvey's sheet open; its
    record."""
    party = {
        "pc-harvey": guided("coc", "Harvey", {"CON": 50, "SIZ": 50}),
        "pc-ruth": guided("coc", "Ruth", {"CON": 60, "SIZ": 60}),
    }
    record = campaign_record("c-masks", "Masks", "coc", party)
    open_stored(page, record, "#/c/c-masks/sheet/pc-harvey")
    expect(page.locator("#sheet-title")).to_have_text("Harvey")
    return record


def long_file(page, campaign) -> dict:
    """The campaign's file with LONG rolls before its one change (Harvey's damage, the last entry), from his sheet."""
    damage(page, 3)
    file = exported(page, campaign["id"])
    stamp = "2026-12-01T20:15:03Z"
    rolls = [
        {
            "id": f"r-{i}",
            "at": stamp,
            "op": "coc.skill_check",
            "args": {},
            "result": {"label": f"Roll {i}"},
            "who": [],
            "encounter": None,
            "before": {},
            "changes": {},
            "kind": "roll",
        }
        for i in range(LONG)
    ]
    file["log"] = rolls + file["log"]
    return file


def test_a_long_import_kept_as_a_copy_is_written_while_checked_and_shows_only_once_kept(app, tmp_path):
    campaign = a_coc_campaign(app)
    file = long_file(app, campaign)
    import_file(app, tmp_path, "long.campaign.json", json.dumps(file))
    clash = app.locator("[data-import-clash]")
    expect(clash).to_contain_text("“Masks” is already on this device", timeout=60_000)
    ahead = without_campaign(app)
    assert len(ahead) == 1, "the log is written ahead, under the id a copy gets"
    assert marks(app) == [f"staged:{next(iter(ahead))}"]
    expect(app.locator(".campaign-row")).to_have_count(1)  # and nothing shows it
    clash.get_by_role("button", name="Keep both").click()
    expect(app.locator(".campaign-row")).to_have_count(2, timeout=30_000)
    copy = next(c for c in stored_campaigns(app) if c["id"] != campaign["id"])
    assert copy["id"] in ahead and copy["name"].startswith("Masks (imported ")
    assert stored_log(app, copy["id"]) == file["log"]
    assert kept(app)["log"][copy["id"]] == len(file["log"])
    assert without_campaign(app) == set()
    app.wait_for_timeout(300)
    assert marks(app) == []
    app.goto(app.url.split("#")[0] + f"#/c/{copy['id']}")
    open_sheet(app, "Harvey")
    expect(app.locator(".sheet .character-card")).to_contain_text("7/10")
    app.locator(".undo-bar [data-history=undo]").click()  # the change it undoes is read from the log written ahead
    expect(app.locator(".sheet .character-card")).to_contain_text("10/10")


def test_a_long_file_with_no_campaign_here_is_written_under_its_own_id(app, tmp_path):
    campaign = a_coc_campaign(app)
    file = {**long_file(app, campaign), "id": "c-ahead", "name": "Far away"}
    import_file(app, tmp_path, "long.campaign.json", json.dumps(file))
    expect(app.locator('[data-campaign="c-ahead"]')).to_be_visible(timeout=60_000)
    assert stored_log(app, "c-ahead") == file["log"]
    assert kept(app)["log"]["c-ahead"] == len(file["log"])
    assert without_campaign(app) == set()


def test_a_refused_long_file_leaves_nothing_written(app, tmp_path):
    campaign = a_coc_campaign(app)
    file = long_file(app, campaign)
    before = kept(app)
    for name, spoil in {"clash": lambda f: f, "new": lambda f: f.update(id="c-refused")}.items():
        bad = json.loads(json.dumps(file))
        spoil(bad)
        bad["log"][-1]["kind"] = "nonsense"
        import_file(app, tmp_path, f"{name}.campaign.json", json.dumps(bad))
        expect(app.locator("[data-import-problems]")).to_contain_text("Nothing was imported", timeout=60_000)
        expect(app.locator("[data-import-problems]")).to_contain_text("Must be one of")
        wait_until(
            app,
            """() => new Promise((resolve) => {  // the log written ahead is taken back
            const open = indexedDB.open("rules-companion");
            open.onsuccess = () => open.result.transaction("log").objectStore("log").count().onsuccess = (e) => {
                resolve(e.target.result === %d); open.result.close(); };
        })"""
            % sum(before["log"].values()),
            timeout=30_000,
        )
        assert kept(app) == before, name
    expect(app.locator(".campaign-row")).to_have_count(1)


def test_cancel_and_replace_take_back_the_log_written_ahead(app, tmp_path):
    campaign = a_coc_campaign(app)
    file = long_file(app, campaign)
    import_file(app, tmp_path, "long.campaign.json", json.dumps(file))
    clash = app.locator("[data-import-clash]")
    expect(clash).to_be_visible(timeout=60_000)
    assert len(without_campaign(app)) == 1
    clash.get_by_role("button", name="Cancel").click()
    expect(clash).to_have_count(0)
    wait_until(
        app,
        f"() => ({KEPT})().then((found) => Object.keys(found.log).every((id) => found.campaigns.includes(id)))",
        timeout=30_000,
    )
    assert without_campaign(app) == set() and marks(app) == []
    file["log"] = file["log"][:-1] + [{**file["log"][-1], "id": "e-from-the-file"}]
    import_file(app, tmp_path, "again.campaign.json", json.dumps(file))
    expect(clash).to_be_visible(timeout=60_000)
    clash.get_by_role("button", name="Replace it with the file").click()
    app.locator("dialog.confirm").get_by_role("button", name="Replace", exact=True).click()
    expect(app.locator(".snackbar")).to_contain_text("replaced by the file's", timeout=30_000)
    assert stored_log(app, campaign["id"]) == file["log"]
    assert without_campaign(app) == set()
    expect(app.locator(".campaign-row")).to_have_count(1)


def test_log_records_left_without_a_campaign_never_join_an_imported_one(app, tmp_path):
    """A tab closed while its import was being checked leaves a log without a campaign; a campaign of that id
    imported later has exactly its own file's log."""
    campaign = a_coc_campaign(app)
    file = {**long_file(app, campaign), "id": "c-left"}
    app.evaluate(
        """(count) => new Promise((resolve, reject) => {
        const open = indexedDB.open("rules-companion");
        open.onsuccess = () => {
            const tx = open.result.transaction(["log", "entries"], "readwrite");
            for (let seq = 1; seq <= count; seq += 1) {
                const entry = { id: `left-${seq}`, at: "2026-01-01T00:00:00Z", kind: "roll", op: "coc.skill_check", who: [], encounter: null };
                tx.objectStore("log").put({ ...entry, headline: "Left behind", label: null, undoes: null, campaign: "c-left", seq });
                tx.objectStore("entries").put({ campaign: "c-left", seq, entry: { ...entry, args: {}, result: {}, before: {}, changes: {} } });
            }
            tx.oncomplete = () => { open.result.close(); resolve(); };
            tx.onerror = () => reject(tx.error);
        };
    })""",
        LONG + 500,
    )
    assert without_campaign(app) == {"c-left"}
    import_file(app, tmp_path, "left.campaign.json", json.dumps(file))
    expect(app.locator('[data-campaign="c-left"]')).to_be_visible(timeout=60_000)
    assert stored_log(app, "c-left") == file["log"]
    assert kept(app)["log"]["c-left"] == len(file["log"])
    app.goto(app.url.split("#")[0] + "#/c/c-left/log")
    expect(app.locator(".log-row").first).to_be_visible()
    expect(app.locator("main")).not_to_contain_text("Left behind")


STAGE = """(marks) => new Promise((resolve, reject) => {
    const open = indexedDB.open("rules-companion");
    open.onsuccess = () => {
        const tx = open.result.transaction(["log", "entries", "meta"], "readwrite");
        for (const [id, agoMs] of marks) {
            for (let seq = 1; seq <= 3; seq += 1) {
                tx.objectStore("log").put({ id: `${id}-${seq}`, at: "2026-01-01T00:00:00Z", kind: "roll", op: "coc.skill_check", who: [],
                    encounter: null, headline: "Written ahead", label: null, undoes: null, campaign: id, seq });
            }
            tx.objectStore("entries").put({ campaign: id, seq: 1, last: 3, entries: [{}, {}, {}] });
            tx.objectStore("meta").put({ id, at: Date.now() - agoMs }, `staged:${id}`);
        }
        tx.oncomplete = () => { open.result.close(); resolve(); };
        tx.onerror = () => reject(tx.error);
    };
})"""
"""Write a log ahead under each id of ``marks`` ([id, how long ago]) with its mark, as stageLog does, in no tab's name."""


IMPORT_LOCK = "rules-companion:import:"  # web/store/import_lock.mjs PREFIX: the Web Lock an import holds, then its id
WAITS_FOR_LOCK = "(name) => navigator.locks.query().then(({ pending }) => pending.some((each) => each.name === name))"


def a_start(page, gone: str, init_script: str | None = None):
    """The app started in a new tab of ``page``'s browser (``init_script`` run first in it), once its sweep at the start
    has taken back the log written ahead under ``gone``; the tab (its engine, not needed here, may still be booting)."""
    tab = page.context.new_page()
    if init_script:
        tab.add_init_script(init_script)
    tab.goto(page.url.split("#")[0] + "#/")
    wait_until(
        tab,
        f"() => ({KEPT})().then((found) => !('{gone}' in found.log) && !('{gone}' in found.entries))",
        timeout=30_000,
    )
    return tab


def test_a_log_written_ahead_by_a_tab_that_closed_is_taken_back_at_the_next_start_however_recent(app):
    """No tab holds the import lock of either log written ahead (their tab closed): the next start takes both back,
    the one written a second ago as the one of two hours ago."""
    app.evaluate(STAGE, [["c-gone", 2 * 3600_000], ["c-recent", 1_000]])
    assert without_campaign(app) == {"c-gone", "c-recent"}
    a_start(app, "c-recent").close()
    assert without_campaign(app) == set() and marks(app) == []


def test_without_web_locks_only_a_log_written_ahead_an_hour_ago_is_taken_back(app):
    """A browser without Web Locks (Safari before 15.4) cannot tell an abandoned import from one under way in another
    tab: a recent log written ahead stays, one of an hour ago goes."""
    app.evaluate(STAGE, [["c-gone", 2 * 3600_000], ["c-recent", 1_000]])
    start = a_start(app, "c-gone", "Object.defineProperty(Navigator.prototype, 'locks', { get: () => undefined });")
    assert start.evaluate("navigator.locks") is None
    start.close()
    assert without_campaign(app) == {"c-recent"}
    assert kept(app)["log"]["c-recent"] == 3


def test_an_import_whose_question_is_open_in_another_tab_keeps_its_log_until_that_tab_closes(app, tmp_path):
    """Another tab asks "Keep both or replace?" about a long file: a start in a third tab leaves its log written ahead
    while that tab lives; once it is closed without an answer, the log is taken back (it was swept only an hour
    later)."""
    campaign = a_coc_campaign(app)
    file = long_file(app, campaign)
    own = stored_log(app, campaign["id"])
    other = app.context.new_page()
    other.goto(app.url.split("#")[0] + "#/")
    expect(other.locator("html")).to_have_attribute("data-ready", "true", timeout=120_000)
    import_file(other, tmp_path, "long.campaign.json", json.dumps(file))
    expect(other.locator("[data-import-clash]")).to_be_visible(timeout=60_000)
    ahead = without_campaign(app)
    assert len(ahead) == 1
    app.evaluate(STAGE, [["c-abandoned", 1_000]])
    start = a_start(app, "c-abandoned")  # the other tab's import is under way
    # this start's sweep has reached that log and waits for the other tab to let go of its import's lock
    wait_until(app, WAITS_FOR_LOCK, IMPORT_LOCK + next(iter(ahead)))
    assert without_campaign(app) == ahead and marks(app) == [f"staged:{next(iter(ahead))}"]
    other.close()  # the question never answered: this tab's start, waiting for that import, takes its log back now
    wait_until(app, f"() => ({KEPT})().then((found) => !('{next(iter(ahead))}' in found.log))", timeout=30_000)
    assert without_campaign(app) == set() and marks(app) == []
    expect(start.locator(".campaign-row")).to_have_count(1)  # the list that start read: no campaign of the file's
    start.close()
    assert stored_log(app, campaign["id"]) == own  # the campaign here keeps its own log, untouched
