"""A long campaign's file is gzip-compressed (10,000 log entries are tens of MB); import reads gzip and plain files."""

from __future__ import annotations

import gzip
import json

import pytest
from playwright.sync_api import expect

from py_rules import api
from py_rules.coc.investigator import EXAMPLE
from tests.web.conftest import undone_at_reset
from tests.web.helpers import stored_campaigns, stored_log

pytestmark = pytest.mark.shared_app  # one booted page for the module, emptied before each test (conftest.py, app)

# A campaign written straight into IndexedDB through the page's own storage module: 400 logged rolls of real
# engine results, which is well over a megabyte of JSON.
FILL = """async ({ record, result, count }) => {
  const { openStorage } = await import(new URL("src/store/storage.mjs", location.href).href);
  const storage = await openStorage();
  const log = [];
  for (let i = 0; i < count; i += 1) {
    log.push({ id: `e-${i}`, at: new Date(Date.UTC(2026, 0, 5, 19, 0, i)).toISOString(), op: "coc.skill_roll",
      args: {}, result, who: [record.characters[0].id], encounter: null, before: {}, after: {}, kind: "roll" });
  }
  await storage.add({ ...record, log });
  storage.db?.close?.();
  // as another tab that wrote a campaign says it (store/channel.mjs): Home reads its list again, as a visit would
  const channel = new BroadcastChannel("rules-companion");
  channel.postMessage({ type: "campaign-changed", id: record.id, revision: record.revision });
  channel.close();
}"""


def _record():
    """A campaign as the engine canonicalizes it (the sheet with its derived values), as import stores it."""
    raw = {
        "schema": "rules-companion.campaign/2",
        "id": "c-long",
        "name": "Long campaign",
        "game": "coc",
        "created": "2026-01-05T19:00:00.000Z",
        "updated": "2026-01-05T19:00:00.000Z",
        "revision": 0,
        "settings": {},
        "characters": [{"id": "ch-1", "kind": "pc", "sheet": EXAMPLE}],
        "log": [],
        "encounters": [],
    }
    return api.handle({"op": "campaign.validate", "args": {"campaign": raw}})["result"]["details"]["campaign"]


# The page's workers as made (web/store/gzip.mjs compresses on one of its own), and two ways it may not get one:
# none can start, or it fails to load; either way the page compresses on its own thread.
WORKERS = {
    "a worker": "",
    "no worker": """if (String(url).includes("gzip_worker")) throw new Error("no worker here");""",
    "a worker that fails": """if (String(url).includes("gzip_worker")) url = new URL("./no-such-worker.mjs", url);""",
}


def watch_workers(page, how: str) -> None:
    """Every worker the page makes from now on is listed in ``window.__workers``, made as ``how`` says (the export
    makes its worker when it starts: web/store/gzip.mjs); the page's own Worker is put back before the next test."""
    page.evaluate(
        """() => {
        const Made = window.Worker;
        window.__madeWorker = Made;
        window.__workers = [];
        window.Worker = function (url, options) { %s window.__workers.push(String(url)); return new Made(url, options); };
        window.Worker.prototype = Made.prototype;
    }"""
        % WORKERS[how]
    )
    undone_at_reset(
        page, "() => { window.Worker = window.__madeWorker; delete window.__madeWorker; delete window.__workers; }"
    )


@pytest.mark.parametrize("how", list(WORKERS))
def test_a_long_campaign_exports_compressed_and_imports_back_field_by_field(app, tmp_path, how):
    result = api.handle({"op": "coc.skill_roll", "args": {"investigator": EXAMPLE, "skill": "Spot Hidden"}, "seed": 3})[
        "result"
    ]
    app.evaluate(FILL, {"record": _record(), "result": result, "count": 400})
    watch_workers(app, how)
    row = app.locator('[data-campaign="c-long"]')
    expect(row).to_be_visible()
    before = next(c for c in stored_campaigns(app) if c["id"] == "c-long")
    log = stored_log(app, "c-long")
    with app.expect_download() as download:
        row.get_by_role("button", name="Export").click()
    assert download.value.suggested_filename == "long-campaign.campaign.json.gz"
    path = tmp_path / download.value.suggested_filename
    download.value.save_as(path)
    raw = path.read_bytes()
    text = gzip.decompress(raw).decode("utf-8")
    assert len(raw) * 10 < len(text), (len(raw), len(text))  # repeated traces compress well
    assert json.loads(text) == {**before, "log": log}
    made = app.evaluate("window.__workers")
    assert sum("gzip_worker" in url for url in made) == (1 if how == "a worker" else 0), made
    assert sum("no-such-worker" in url for url in made) == (1 if how == "a worker that fails" else 0), made

    row.get_by_role("button", name="Delete").click()
    app.get_by_role("dialog").get_by_role("button", name="Delete").click()
    expect(row).to_have_count(0)
    app.locator('input[name="campaign-file"]').set_input_files(str(path))
    expect(app.locator('[data-campaign="c-long"]')).to_be_visible(timeout=60_000)
    back = next(c for c in stored_campaigns(app) if c["id"] == "c-long")
    for field in ("schema", "id", "name", "game", "created", "settings", "characters", "encounters"):
        assert back[field] == before[field], field
    assert stored_log(app, "c-long") == log


def test_a_damaged_compressed_file_is_refused_in_words(app, tmp_path):
    path = tmp_path / "broken.campaign.json.gz"
    whole = gzip.compress(json.dumps(_record()).encode())
    path.write_bytes(whole[: len(whole) // 2])
    app.locator('input[name="campaign-file"]').set_input_files(str(path))
    expect(app.get_by_text("This compressed file is damaged or incomplete")).to_be_visible()
    assert not [c for c in stored_campaigns(app) if c["id"] == "c-long"]


def test_a_small_campaign_stays_readable_json(app, tmp_path):
    app.evaluate(FILL, {"record": {**_record(), "id": "c-short", "name": "Short"}, "result": {"text": "x"}, "count": 2})
    with app.expect_download() as download:
        app.locator('[data-campaign="c-short"]').get_by_role("button", name="Export").click()
    assert download.value.suggested_filename == "short.campaign.json"
    path = tmp_path / "short.json"
    download.value.save_as(path)
    assert json.loads(path.read_text())["id"] == "c-short"


def test_a_file_written_in_pieces_is_json_stringify_character_for_character(app):
    """web/store/json_pieces.mjs: long arrays a group at a time, three levels down, and what JSON.stringify leaves
    out or writes null (undefined, functions, holes), toJSON and text escapes, all as JSON.stringify writes them."""
    found = app.evaluate("""async () => {
        const { jsonPieces } = await import(new URL("src/store/json_pieces.mjs", location.href).href);
        const long = (n, f) => Array.from({ length: n }, (_, i) => f(i));
        const holes = long(450, (i) => i); delete holes[3]; delete holes[420];
        const bare = Object.create(null); bare.x = 1;
        const values = {
            campaign: { id: "c", skip: undefined, log: long(1001, (i) => ({ id: `e-${i}`, f: () => 1, u: undefined, n: i % 7 ? i : null,
                at: new Date(Date.UTC(2026, 0, 1, 0, 0, i)), t: "é\\u2028\\"\\\\\\n" })) },
            backup: { campaigns: long(3, (c) => ({ id: c, log: long(205 + c, (i) => [i, undefined, () => 0]) })) },
            holes, bare, top: long(201, (i) => (i % 2 ? undefined : Symbol.iterator)),
            scalars: [1.5, -0, 1e21, "x", true, null, NaN, Infinity], empty: [{}, []],
        };
        const out = {};
        for (const [name, value] of Object.entries(values)) out[name] = [...jsonPieces(value)].join("") === JSON.stringify(value);
        out.pieces = [...jsonPieces(values.campaign)].length;
        return out;
    }""")
    pieces = found.pop("pieces")
    assert found == dict.fromkeys(found, True)
    assert pieces > 6  # the log was written a group at a time
