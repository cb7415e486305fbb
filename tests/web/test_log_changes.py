"""A log entry keeps each sheet before it and what changed, in the page as in the engine
(before and after stay exactly recoverable for undo and for the file; TABLE.md, Log). The page's change
records (web/store/changes.mjs) rebuild each sheet exactly and read the same as the engine's (py_rules/log/changes.py);
an entry stored before, with each sheet whole after it, is still undone and redone exactly."""

import json
import random

from playwright.sync_api import expect

from py_rules.log.changes import apply_changes, sheet_changes
from py_rules.log.entry import entry_after
from tests.web.helpers import new_campaign, new_character, open_sheet, stored_campaigns, stored_log

KEYS = ["name", "hp", "skills", "Dodge", "notes", "1", "20", "", "__proto__", "constructor", "x.y", "é"]


def value(rng: random.Random, depth: int = 0):
    """A random JSON value (no whole-number decimals: the page reads 1.0 as 1, as JSON allows)."""
    kind = rng.randrange(9 if depth < 3 else 6)
    if kind == 0:
        return None
    if kind == 1:
        return rng.random() < 0.5
    if kind == 2:
        return rng.randrange(-1000, 1000)
    if kind == 3:
        return rng.randrange(-10**6, 10**6) + 0.25
    if kind in (4, 5):
        return rng.choice(["", "a", "Harvey", "é ü", "x" * 30])
    if kind == 6:
        return [value(rng, depth + 1) for _ in range(rng.randrange(4))]
    return {rng.choice(KEYS): value(rng, depth + 1) for _ in range(rng.randrange(6))}


def edit(rng: random.Random, old, depth: int = 0):
    """``old`` with random edits deep inside: keys changed, removed, added, replaced, sometimes reordered."""
    if not isinstance(old, dict) or rng.random() < 0.2:
        return value(rng, depth)
    out = {}
    for key, item in old.items():
        roll = rng.random()
        if roll < 0.5:
            out[key] = item
        elif roll < 0.75:
            out[key] = edit(rng, item, depth + 1)
        elif roll >= 0.85:
            out[key] = value(rng, depth + 1)
    for _ in range(rng.randrange(3)):
        out[rng.choice(KEYS)] = value(rng, depth + 1)
    return dict(reversed(out.items())) if rng.random() < 0.1 else out


def cases(count: int) -> list:
    rng = random.Random(19)
    out = []
    for _ in range(count):
        before = {rng.choice(KEYS): value(rng) for _ in range(rng.randrange(8))}
        out.append([before, edit(rng, before) if rng.random() < 0.8 else value(rng)])
    return out


ROUND_TRIPS = """async (texts) => {
  const { applySheetChanges, sheetChanges } = await import("./src/store/changes.mjs");
  return texts.map(([beforeText, afterText, engineText]) => {
    const before = JSON.parse(beforeText), after = JSON.parse(afterText);
    const changes = sheetChanges(before, after);
    const rebuilt = applySheetChanges(before, JSON.parse(JSON.stringify(changes)));
    const untouched = JSON.stringify(before) === JSON.stringify(JSON.parse(beforeText));
    return { changes: JSON.stringify(changes), exact: JSON.stringify(rebuilt) === JSON.stringify(after) && untouched,
      fromEngine: JSON.stringify(applySheetChanges(before, JSON.parse(engineText))) };
  });
}"""


def same_value(text: str, expected) -> bool:
    """Equal as JSON values (the page orders whole-number keys first in an object; JSON does not care)."""
    return json.dumps(json.loads(text), sort_keys=True) == json.dumps(expected, sort_keys=True)


def test_the_pages_change_records_rebuild_each_sheet_exactly_and_read_the_same_as_the_engines(app):
    pairs = cases(400)
    texts = [[json.dumps(before), json.dumps(after), json.dumps(sheet_changes(before, after))] for before, after in pairs]
    answers = app.evaluate(ROUND_TRIPS, texts)
    for (before, after), answer in zip(pairs, answers, strict=True):
        assert answer["exact"], (before, after)  # the page's own records, exact to the text
        assert same_value(json.dumps(apply_changes(before, json.loads(answer["changes"]))), after), (before, after)
        assert same_value(answer["fromEngine"], after), (before, after)


def sheet_of(page, name):
    return next(c["sheet"] for c in stored_campaigns(page)[0]["characters"] if c["sheet"]["name"] == name)


PUT_ENTRY = """([campaign, entry]) => new Promise((resolve, reject) => {
  const open = indexedDB.open("rules-companion");
  open.onerror = () => reject(open.error);
  open.onsuccess = () => {
    const tx = open.result.transaction("entries", "readwrite");
    const store = tx.objectStore("entries");
    const request = store.getAll(IDBKeyRange.bound([campaign, 0], [campaign, Infinity]));
    request.onsuccess = () => {
      const row = request.result.find((each) => each.entry.id === entry.id);
      store.put({ ...row, entry });
    };
    tx.oncomplete = () => { open.result.close(); resolve(true); };
    tx.onerror = () => reject(tx.error);
  };
})"""


def test_an_entry_stored_with_each_sheet_whole_after_it_is_undone_and_redone_exactly(app):
    page = app
    campaign_id = new_campaign(page, "Old rows", "coc")
    new_character(page, "coc", "Ann", skills={"Dodge": 30})
    before = sheet_of(page, "Ann")
    open_sheet(page, "Ann")
    page.get_by_role("button", name="Edit values").click()
    page.locator('form.sheet-editor input[name="characteristics.STR"]').fill(str(before["characteristics"]["STR"] + 5))
    page.get_by_role("button", name="Save the sheet").click()
    expect(page.locator("form.sheet-editor")).to_have_count(0)
    edited = sheet_of(page, "Ann")
    [entry] = stored_log(page, campaign_id)
    assert "after" not in entry and list(entry["changes"].values())[0] == {"characteristics": {"STR": [before["characteristics"]["STR"] + 5]}}
    # the same entry as an older version of the app kept it: each sheet whole after it
    old = {("after" if k == "changes" else k): (entry_after(entry) if k == "changes" else v) for k, v in entry.items()}
    page.evaluate(PUT_ENTRY, [campaign_id, old])
    page.reload()
    expect(page.locator("html")).to_have_attribute("data-ready", "true")
    page.get_by_role("link", name="Log").click()
    page.locator("[data-history=undo]").click()
    expect(page.locator(".log-row").first.locator(".log-headline")).to_contain_text("Undone:")
    assert sheet_of(page, "Ann") == before
    page.locator("[data-history=redo]").click()
    expect(page.locator(".log-row").first.locator(".log-headline")).to_contain_text("Redone:")
    assert sheet_of(page, "Ann") == edited
    log = stored_log(page, campaign_id)
    assert "after" in log[0] and all("changes" in each and "after" not in each for each in log[1:])
    assert entry_after(log[1]) == {entry["who"][0]: before} and entry_after(log[2]) == {entry["who"][0]: edited}
