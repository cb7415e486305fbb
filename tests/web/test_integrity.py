"""Nothing stored, imported or half-updated can break the app (TABLE.md, Kept safe): damaged records are messages with
Export and Repair, never a blank screen or a hidden campaign; Undo never writes a sheet the game refuses;
fast taps apply in order; every file the format allows imports.

Campaigns are put straight into storage (the sheets made by the engine as the guided form makes them), then damaged
or driven as a GM would."""

from __future__ import annotations

import copy
import json
import uuid
from pathlib import Path

import pytest
from playwright.sync_api import expect

from py_rules.log.entry import entry_after
from tests.web.guided_sheets import investigator
from tests.web.helpers import (
    campaign_record,
    damage,
    let_go,
    open_sheet,
    open_stored,
    stored_campaigns,
    stored_log,
    stored_log_length,
)

pytestmark = pytest.mark.shared_app  # one booted page for the module, emptied before each test (conftest.py, app)

PUT = """([store, records]) => new Promise((resolve, reject) => {
    const open = indexedDB.open("rules-companion");
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
        const tx = open.result.transaction(store, "readwrite");
        for (const [key, value] of records) key === null ? tx.objectStore(store).put(value) : tx.objectStore(store).put(value, key);
        tx.oncomplete = () => { open.result.close(); resolve(true); };
        tx.onerror = () => reject(tx.error);
    };
})"""


def put(page, store: str, records: list) -> None:
    """Write ``records`` ([(key or None, value)]) straight into an IndexedDB store, as damage would."""
    page.evaluate(PUT, [store, records])


PARTY = {"ch-harvey": investigator("Harvey", CON=50, SIZ=50), "ch-ruth": investigator("Ruth", CON=60, SIZ=60)}

ANNOUNCE = """() => {
    // as another tab that wrote a campaign says it (store/channel.mjs): the app reads its list again
    const channel = new BroadcastChannel("rules-companion");
    channel.postMessage({ type: "campaign-changed", id: "tests-damaged-records", revision: null });
    channel.close();
}"""


def a_coc_campaign(page, name="Masks"):
    """A Call of Cthulhu campaign with Harvey (HP 10) and Ruth (HP 12), stored and open on its party screen; its
    stored record."""
    campaign_id = f"c-{uuid.uuid4().hex[:12]}"  # a new one each time, as the app makes it: no verdict kept for it
    open_stored(page, campaign_record(campaign_id, name, "coc", PARTY), f"#/c/{campaign_id}")
    expect(page.locator(".character-card")).to_have_count(2)
    return next(c for c in stored_campaigns(page) if c["id"] == campaign_id)


def test_damaged_records_are_listed_and_never_hide_another_campaign(app):
    good = a_coc_campaign(app, "Good one")
    damaged = {}
    for key, mutate in {
        "not-a-list": lambda r: r.update(characters="Harvey"),
        "null-sheet": lambda r: r["characters"][0].update(sheet=None),
        "unknown-game": lambda r: r.update(game="chess"),
        "bad-encounter": lambda r: r.update(encounters=[{"id": "enc-1", "name": "The cellar", "combatants": None}]),
        "numeric-updated": lambda r: r.update(updated=1733080000000),
    }.items():
        record = copy.deepcopy(good)
        record.update(id=f"c-{key}", name=f"Broken {key}")
        mutate(record)
        damaged[key] = record
    put(app, "campaigns", [(None, record) for record in damaged.values()])
    # Home reads its list again as when another tab wrote them (a boot reads it the same way: a damaged record at
    # boot is the next test's and test_storage_faults.py's)
    app.goto(app.url.split("#")[0] + "#/")
    app.evaluate(ANNOUNCE)
    rows = app.locator(".campaign-row")
    expect(rows).to_have_count(6, timeout=30_000)
    for key in damaged:
        expect(app.locator(f'[data-campaign="c-{key}"]')).to_contain_text("Damaged")
    expect(app.locator(f'[data-campaign="{good["id"]}"]')).not_to_contain_text("Damaged")

    for key, words in {
        "not-a-list": "list of characters",
        "null-sheet": "has no sheet",
        "unknown-game": "game",
        "bad-encounter": "combatants",
        "numeric-updated": "last change",
    }.items():
        app.goto(app.url.split("#")[0] + f"#/c/c-{key}")
        expect(app.locator("#damaged-title")).to_contain_text(f"Broken {key}")
        expect(app.locator(".damaged-problems")).to_contain_text(words)
        expect(app.get_by_role("button", name="Export what is there")).to_be_visible()

    app.goto(app.url.split("#")[0] + f"#/c/{good['id']}")
    expect(app.locator(".character-card")).to_have_count(2)


HALF_A_CHARACTER = """([record, id]) => new Promise((resolve, reject) => {
    // a name holding half a character (a lone surrogate), as a character import could once store: JSON cannot say it
    record.id = id;
    record.name = "Half a character";
    record.characters[0].sheet.name = "Har" + String.fromCharCode(0xd800) + "vey";
    const open = indexedDB.open("rules-companion");
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
        const tx = open.result.transaction("campaigns", "readwrite");
        tx.objectStore("campaigns").put(record);
        tx.oncomplete = () => { open.result.close(); resolve(true); };
        tx.onerror = () => reject(tx.error);
    };
})"""


def test_a_stored_campaign_the_engine_refuses_is_listed_as_damaged_after_a_reload(app):
    """The shape check passes it; the engine refuses it (text that is not valid Unicode): Home lists it as damaged
    with the reason once the engine has read it, it opens on the damaged screen, and Repair mends the name and keeps
    the character; the other campaign is as it was."""
    thrown: list[str] = []
    app.on("pageerror", lambda error: thrown.append(str(error)))
    good = a_coc_campaign(app, "Good one")
    app.evaluate(HALF_A_CHARACTER, [copy.deepcopy(good), "c-half"])
    app.goto(app.url.split("#")[0] + "#/")
    app.reload()
    expect(app.locator(".campaign-row")).to_have_count(2, timeout=30_000)
    row = app.locator('[data-campaign="c-half"]')
    expect(row).to_contain_text("Damaged", timeout=60_000)
    expect(row).to_contain_text("Name: holds a character that is not valid Unicode text. Open it")
    expect(row).not_to_contain_text("characters.0")  # the reason in words, never the path
    expect(app.locator(f'[data-campaign="{good["id"]}"]')).not_to_contain_text("Damaged")
    row.locator(".campaign-open").click()
    expect(app.locator("#damaged-title")).to_contain_text("Half a character")
    expect(app.locator(".damaged-problems")).to_contain_text("not valid Unicode text")
    expect(app.get_by_role("button", name="Export what is there")).to_be_visible()
    expect(app.locator(".screen.damaged")).not_to_contain_text("characters.0")
    # Repair mends the half character (a visible mark) and keeps the investigator
    expect(app.locator(".damaged-dropped")).to_contain_text("The name of character 1", timeout=30_000)
    app.get_by_role("button", name="Repair").click()
    expect(app.locator("#party-title")).to_be_visible()
    expect(app.locator(".character-card")).to_have_count(2)
    expect(app.locator(".character-card").first).to_contain_text("Har\ufffdvey")
    app.goto(app.url.split("#")[0] + f"#/c/{good['id']}")
    expect(app.locator(".character-card")).to_have_count(2)
    assert thrown == []


def test_repair_removes_only_what_fails_and_lists_it(app):
    good = a_coc_campaign(app)
    record = copy.deepcopy(good)
    record["characters"][1]["sheet"] = None
    record["settings"] = {"push_after_fumble": "sometimes"}
    put(app, "campaigns", [(None, record)])
    let_go(app)
    app.goto(app.url.split("#")[0] + f"#/c/{good['id']}")
    expect(app.locator("#damaged-title")).to_be_visible()
    dropped = app.locator(".damaged-dropped")
    expect(dropped.locator("li")).to_have_count(2)
    with app.expect_download() as download:
        app.get_by_role("button", name="Export what is there").click()
    kept = json.loads(Path(download.value.path()).read_text())
    assert kept["characters"][1]["sheet"] is None  # the file is what was there, damage and all

    app.get_by_role("button", name="Repair").click()
    expect(app.locator("#party-title")).to_be_visible()
    expect(app.locator(".character-card")).to_have_count(1)
    expect(app.locator(".character-card")).to_contain_text("Harvey")
    stored = next(c for c in stored_campaigns(app) if c["id"] == good["id"])
    assert [c["sheet"]["name"] for c in stored["characters"]] == ["Harvey"]
    assert stored["settings"] == {}
    assert stored["characters"][0] == good["characters"][0]  # what passed the check is untouched
    logged = stored_log(app, good["id"])[-1]
    assert logged["op"] == "campaign.repair" and len(logged["result"]["events"]) == 2


def test_a_sheet_the_card_cannot_read_is_never_a_blank_screen(app):
    good = a_coc_campaign(app)
    record = copy.deepcopy(good)
    record["characters"][0]["sheet"] = {"name": "Harvey"}  # an object, so the quick check passes; the engine's fails
    # written since this tab's engine found the campaign valid (its verdict is kept per revision: app/stored_check.mjs)
    record["revision"] += 1
    put(app, "campaigns", [(None, record)])
    let_go(app)
    app.goto(app.url.split("#")[0] + f"#/c/{good['id']}")
    expect(app.locator("#damaged-title")).to_be_visible(timeout=30_000)
    expect(app.locator(".damaged-problems")).to_contain_text("Harvey")
    assert app.locator("#app").inner_text().strip()


def test_undo_never_writes_a_kept_sheet_the_game_refuses(app):
    campaign = a_coc_campaign(app)
    open_sheet(app, "Harvey")
    damage(app, 3)
    expect(app.locator(".sheet .character-card")).to_contain_text("7/10")
    entries = stored_log(app, campaign["id"])
    seq = len(entries)
    entry = entries[-1]
    harvey = campaign["characters"][0]["id"]
    entry["before"][harvey]["characteristics"]["STR"] = -99999
    entry["before"][harvey]["hp"] = 10**12
    put(app, "entries", [(None, {"campaign": campaign["id"], "seq": seq, "entry": entry})])
    route = app.evaluate("location.hash")
    let_go(app)
    app.goto(app.url.split("#")[0] + route)
    expect(app.locator(".sheet .character-card")).to_contain_text("7/10")
    app.locator(".undo-bar [data-history=undo]").click()
    expect(app.locator(".snackbar")).to_contain_text("Cannot undo")
    expect(app.locator(".snackbar")).to_contain_text("Harvey")
    expect(app.locator(".sheet .character-card")).to_contain_text("7/10")
    stored = next(c for c in stored_campaigns(app) if c["id"] == campaign["id"])
    assert stored["characters"][0]["sheet"]["hp"] == 7
    assert len(stored_log(app, campaign["id"])) == seq


def import_file(page, tmp_path, name, content: str):
    path = tmp_path / name
    path.write_text(content)
    page.goto(page.url.split("#")[0] + "#/")
    page.locator('input[name="campaign-file"]').set_input_files(str(path))


def exported(page, campaign_id):
    record = next(c for c in stored_campaigns(page) if c["id"] == campaign_id)
    return {**record, "log": stored_log(page, campaign_id)}


def test_import_refuses_a_log_entry_whose_sheet_the_game_refuses(app, tmp_path):
    campaign = a_coc_campaign(app)
    open_sheet(app, "Harvey")
    damage(app, 3)
    file = exported(app, campaign["id"])
    harvey = campaign["characters"][0]["id"]
    file["log"][-1]["before"][harvey] = {"name": "Harvey"}
    file["id"] = "c-other"
    import_file(app, tmp_path, "bad.campaign.json", json.dumps(file))
    problems = app.locator("[data-import-problems]")
    expect(problems).to_contain_text("Nothing was imported")
    expect(problems).to_contain_text("before")
    assert "c-other" not in [c["id"] for c in stored_campaigns(app)]


def test_a_campaign_written_as_one_json_text_imports(app, tmp_path):
    campaign = a_coc_campaign(app)
    file = exported(app, campaign["id"])
    file["id"] = "c-quoted"
    import_file(app, tmp_path, "quoted.campaign.json", json.dumps(json.dumps(file)))
    expect(app.locator('[data-campaign="c-quoted"]')).to_be_visible(timeout=30_000)
    import_file(app, tmp_path, "text.json", json.dumps("just some words"))
    expect(app.locator("[data-import-problems]")).to_contain_text("one piece of text")


def test_a_long_log_with_long_ids_imports(app, tmp_path):
    campaign = a_coc_campaign(app)
    file = exported(app, campaign["id"])
    file["id"] = "c-long"
    stamp = "2026-12-01T20:15:03Z"
    file["log"] = [
        {
            "id": f"e-{i:06d}-" + "x" * 90,
            "at": stamp,
            "op": "coc.skill_check",
            "args": {},
            "result": {"label": f"Roll {i}"},
            "who": [],
            "encounter": None,
            "before": {},
            "after": {},
            "kind": "roll",
        }
        for i in range(30_000)
    ]
    import_file(app, tmp_path, "long.campaign.json", json.dumps(file, separators=(",", ":")))
    expect(app.locator('[data-campaign="c-long"]')).to_be_visible(timeout=120_000)
    assert stored_log_length(app, "c-long") == 30_000


def test_an_imported_log_kept_in_blocks_opens_its_entries_and_undoes_its_last_change(app, tmp_path):
    """A whole log written at once is stored in blocks of entries: an entry is still read one tap away,
    from any block, and Undo finds the change it undoes there."""
    campaign = a_coc_campaign(app)
    open_sheet(app, "Harvey")
    damage(app, 3)
    file = exported(app, campaign["id"])
    file["id"] = "c-blocks"
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
        for i in range(300)
    ]
    file["log"] = rolls + file["log"]  # the damage is the last entry: in the second block
    import_file(app, tmp_path, "blocks.campaign.json", json.dumps(file))
    expect(app.locator('[data-campaign="c-blocks"]')).to_be_visible(timeout=60_000)
    assert stored_log(app, "c-blocks") == file["log"]
    app.goto(app.url.split("#")[0] + "#/c/c-blocks/log")
    rows = app.locator(".log-row")
    expect(rows.first).to_be_visible()
    rows.first.locator(".log-open").click()
    expect(rows.first).not_to_contain_text("This entry could not be read.")
    rows.nth(1).locator(".log-open").click()
    expect(rows.nth(1)).to_contain_text("Roll 299")
    expect(rows.nth(1)).not_to_contain_text("This entry could not be read.")
    app.goto(app.url.split("#")[0] + "#/c/c-blocks")
    open_sheet(app, "Harvey")
    expect(app.locator(".sheet .character-card")).to_contain_text("7/10")
    app.locator(".undo-bar [data-history=undo]").click()
    expect(app.locator(".sheet .character-card")).to_contain_text("10/10")


def test_two_quick_damage_taps_apply_once_without_a_false_other_tab(app):
    """Taps on Roll while the first runs are ignored (TABLE.md, "No default that can hurt": no second tap that applies
    twice); a deliberate Roll again is queued after it and applies to the sheet as it then is."""
    campaign = a_coc_campaign(app)
    open_sheet(app, "Harvey")
    app.locator('.quick-actions [data-action="damage"]').click()
    app.locator('.drawer [name="amount"]').fill("2")
    app.locator(".drawer button.roll").evaluate("button => { button.click(); button.click(); button.click(); }")
    expect(app.locator(".sheet .character-card")).to_contain_text("8/10", timeout=30_000)
    app.wait_for_timeout(800)
    app.locator(".drawer").get_by_role("button", name="Roll again").click()
    expect(app.locator(".sheet .character-card")).to_contain_text("6/10", timeout=30_000)
    expect(app.locator("body")).not_to_contain_text("another tab")
    stored = next(c for c in stored_campaigns(app) if c["id"] == campaign["id"])
    assert stored["characters"][0]["sheet"]["hp"] == 6
    hps = [
        entry_after(e)[campaign["characters"][0]["id"]]["hp"] for e in stored_log(app, campaign["id"]) if e["changes"]
    ]
    assert hps == [8, 6]


def test_importing_a_campaign_that_is_here_asks_keep_both_or_replace(app, tmp_path):
    campaign = a_coc_campaign(app)
    file = exported(app, campaign["id"])
    open_sheet(app, "Harvey")
    damage(app, 3)  # here Harvey is at 7; in the file at 10
    import_file(app, tmp_path, "same.campaign.json", json.dumps(file))
    clash = app.locator("[data-import-clash]")
    expect(clash).to_contain_text("“Masks” is already on this device")
    clash.get_by_role("button", name="Keep both").click()
    expect(app.locator(".campaign-row")).to_have_count(2)
    expect(app.locator(".campaign-row", has_text="Masks (imported ")).to_be_visible()
    assert sorted(c["name"] for c in stored_campaigns(app))[0] == "Masks"

    import_file(app, tmp_path, "same.campaign.json", json.dumps(file))
    app.locator("[data-import-clash]").get_by_role("button", name="Replace it with the file").click()
    app.locator("dialog.confirm").get_by_role("button", name="Replace").click()
    expect(app.locator(".snackbar")).to_contain_text("replaced by the file's")
    stored = next(c for c in stored_campaigns(app) if c["id"] == campaign["id"])
    assert stored["characters"][0]["sheet"]["hp"] == 10
    assert len(stored_log(app, campaign["id"])) == len(file["log"])
    app.locator(".snackbar").get_by_role("button", name="Undo").click()
    expect(app.locator(".snackbar")).to_contain_text("is back as it was")
    stored = next(c for c in stored_campaigns(app) if c["id"] == campaign["id"])
    assert stored["characters"][0]["sheet"]["hp"] == 7
    assert len(stored_log(app, campaign["id"])) == len(file["log"]) + 1
