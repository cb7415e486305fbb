"""The key flows of each game in WebKit, as on an iPad: boot, a campaign and a character through the
guided form, a roll from the sheet with its exact odds, an encounter step and its Undo, a reload that keeps all of
it, the campaign file the page exports (Home's Export) imported back through its file field, field by field and
entry by entry of the log; and, once, the service worker's offline reload.

What this pass cannot check is said in conftest.py."""

from __future__ import annotations

import json

import pytest
from selenium.webdriver.common.by import By

from tests.webkit.helpers import (
    booted,
    close_drawer,
    css,
    delete_campaign,
    exported_file,
    fill_at,
    log_ids,
    log_of,
    new_campaign,
    new_character,
    odds_shown,
    open_sheet,
    press,
    roll_physical,
    stored,
    tap,
    wait,
)

GAMES = {
    "armageddon": {
        "hero": "Jack",
        "numbers": {"attributes.Perception": 3},
        "row": "attr-Perception",
        "faces": "6",
        "says": "Total 12 vs 9",
    },
    "semiautomagic": {"hero": "Mira", "numbers": {}, "row": "ability-Dexterity", "faces": "5", "says": "Total"},
    "coc": {
        "hero": "Harvey",
        "numbers": {"STR": 50},
        "row": "char-STR",
        "faces": "4,20",
        "says": "Rolled 24 against 50",
    },
}


def campaign_of(driver, campaign_id):
    return next(record for record in stored(driver, "campaigns") if record["id"] == campaign_id)


@pytest.mark.parametrize("game", GAMES)
def test_a_campaign_a_roll_an_encounter_step_undo_reload_export_and_import_in_webkit(
    webkit, webkit_site, game, tmp_path
):
    spec = GAMES[game]
    assert booted(webkit, webkit_site) in ("snapshot", "normal")
    campaign_id = new_campaign(webkit, f"WebKit {game}", game)
    new_character(webkit, game, spec["hero"], spec["numbers"])
    open_sheet(webkit, spec["hero"])

    tap(webkit, f'[data-row="{spec["row"]}"]')
    assert "%" in odds_shown(webkit)  # the exact odds, in the drawer, before the roll
    assert spec["says"] in roll_physical(webkit, spec["faces"])
    close_drawer(webkit)

    # an encounter step and its Undo
    press(webkit, "Encounter")
    fill_at(webkit, 'input[name="encounter-name"]', "The cellar")
    press(webkit, "Start the encounter")
    wait(webkit).until(lambda d: d.find_element(By.ID, "encounter-title").text == "The cellar")
    tap(webkit, ".party-pick button[data-add]")
    wait(webkit).until(lambda d: len(d.find_elements(By.CSS_SELECTOR, ".combatant")) == 1)
    before = campaign_of(webkit, campaign_id)["encounters"]
    tap(webkit, "[data-next]")
    wait(webkit).until(lambda d: campaign_of(d, campaign_id)["encounters"] != before)
    tap(webkit, '[data-history="undo"]:not([disabled])')
    wait(webkit).until(lambda d: campaign_of(d, campaign_id)["encounters"] == before)

    # reload: the campaign, the sheet and the log are still there
    kept = campaign_of(webkit, campaign_id)
    entries = stored(webkit, "entries")
    assert any(row["entry"]["op"].startswith(game) for row in entries), "the roll is in the log"
    webkit.refresh()
    wait(webkit, 120).until(lambda d: d.execute_script("return document.documentElement.dataset.ready") == "true")
    assert campaign_of(webkit, campaign_id) == kept
    assert stored(webkit, "entries") == entries
    webkit.execute_script(f"location.hash = '#/c/{campaign_id}/party'")
    wait(webkit).until(lambda d: spec["hero"] in d.find_element(By.CSS_SELECTOR, ".character-card").text)

    # Export through Home's button, delete, import the file through the page's file field: all of it comes back.
    text = exported_file(webkit, campaign_id)
    sent = json.loads(text)
    assert [(e["id"], e["op"]) for e in sent["log"]] == log_ids(entries, campaign_id), "the file carries the whole log"
    path = tmp_path / f"{game}.campaign.json"
    path.write_text(text)
    delete_campaign(webkit, campaign_id)
    webkit.find_element(By.CSS_SELECTOR, 'input[name="campaign-file"]').send_keys(str(path))
    css(webkit, f'[data-campaign="{campaign_id}"]', seconds=60)
    back = campaign_of(webkit, campaign_id)
    for field in ("schema", "id", "name", "game", "created", "settings", "characters", "encounters"):
        assert back[field] == kept[field] == sent[field], field
    back_log = log_of(stored(webkit, "entries"), campaign_id)
    assert len(back_log) == len(sent["log"]) == len(log_ids(entries, campaign_id))
    assert [(e["id"], e["op"]) for e in back_log] == log_ids(entries, campaign_id)
    assert back_log == sent["log"]

    # A long log is written while the file is checked, and shows whole with its campaign.
    rolls = [
        {
            "id": f"r-{i}",
            "at": "2026-12-01T20:15:03Z",
            "op": f"{game}.x",
            "args": {},
            "result": {"label": f"Roll {i}"},
            "who": [],
            "encounter": None,
            "before": {},
            "changes": {},
            "kind": "roll",
        }
        for i in range(1_200)
    ]
    long = {**sent, "id": "c-long", "name": "Long", "log": rolls + sent["log"]}
    path = tmp_path / f"{game}.long.campaign.json"
    path.write_text(json.dumps(long))
    webkit.find_element(By.CSS_SELECTOR, 'input[name="campaign-file"]').send_keys(str(path))
    css(webkit, '[data-campaign="c-long"]', seconds=120)
    assert log_of(stored(webkit, "entries"), "c-long") == long["log"]
    assert sum(row["campaign"] == "c-long" for row in stored(webkit, "log")) == len(long["log"])
    # ... by the written-ahead path itself here, not only its fallback: WebKit's IndexedDB takes it
    written = webkit.execute_async_script("""const done = arguments[arguments.length - 1];
        import(new URL("src/store/storage.mjs", location.href).href).then(async ({ openStorage }) => {
          const storage = await openStorage();
          const staged = storage.stageLog("c-probe", [{ id: "p1", at: "2026-12-01T20:15:03Z", op: "coc.x", args: {},
            result: {}, who: [], encounter: null, before: {}, changes: {}, kind: "roll" }]);
          const ready = await staged.ready;
          const rows = await storage.db.count("log", IDBKeyRange.bound(["c-probe", 0], ["c-probe", Infinity]));
          await storage.dropStaged(staged);
          const left = await storage.db.count("log", IDBKeyRange.bound(["c-probe", 0], ["c-probe", Infinity]));
          storage.db.close();
          done([ready, rows, left]);
        }).catch((error) => done(String(error)));""")
    assert written == [True, 1, 0]

    # A long file is written in pieces and gzip-compressed on a worker of its own (export within a second):
    # WebKit starts it, and the bytes unpack to JSON.stringify's very text.
    packed = webkit.execute_async_script("""const done = arguments[arguments.length - 1];
        const made = [];
        const Made = window.Worker;
        window.Worker = function (url, options) { made.push(String(url)); return new Made(url, options); };
        import(new URL("src/store/files.mjs", location.href).href).then(async ({ jsonFileBlob }) => {
          const value = { id: "c-big", log: Array.from({ length: 3000 }, (_, i) => ({ id: `e-${i}`, text: "é ".repeat(200 + i % 7) })) };
          const { blob, compressed } = await jsonFileBlob(value);
          const text = await new Response(blob.stream().pipeThrough(new DecompressionStream("gzip"))).text();
          window.Worker = Made;
          done([compressed, text === JSON.stringify(value), made.filter((url) => url.includes("gzip_worker")).length]);
        }).catch((error) => { window.Worker = Made; done(String(error)); });""")
    assert packed == [True, True, 1]


def test_offline_reload_from_the_service_worker_in_webkit(webkit, own_webkit_site):
    url, server = own_webkit_site
    booted(webkit, url)
    if not webkit.execute_script("return 'serviceWorker' in navigator"):
        pytest.skip("this WebKitGTK build has no service worker")
    wait(webkit, 180).until(
        lambda d: d.execute_script("return document.documentElement.dataset.offlineReady") == "true"
    )
    server.shutdown()  # the site is gone: what loads now comes from the service worker's cache
    server.server_close()
    webkit.refresh()
    wait(webkit, 120).until(lambda d: d.execute_script("return document.documentElement.dataset.ready") == "true")
    new_campaign(webkit, "Offline", "armageddon")
