"""A log entry keeps each sheet before it and what changed (before and after stay exactly recoverable for undo and
for the file; TABLE.md, Log): an entry stored before, with each sheet whole after it, is still undone and redone
exactly in the page. That the page's change records (web/store/changes.mjs) rebuild each sheet exactly and read the
same as the engine's (py_rules/log/changes.py) is a property run on the page's module in Node:
tests/log/test_undo_property.py."""

import pytest
from playwright.sync_api import expect

from py_rules.log.entry import entry_after
from tests.web.guided_sheets import investigator
from tests.web.helpers import campaign_record, let_go, open_sheet, open_stored, stored_campaigns, stored_log

pytestmark = pytest.mark.shared_app  # one booted page for the module, emptied before each test (conftest.py, app)


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
    campaign_id = "c-old-rows"  # as the guided form makes her, put straight into storage: making her is test_table's
    ann = investigator("Ann", {"Dodge": 30})
    open_stored(page, campaign_record(campaign_id, "Old rows", "coc", {"pc-ann": ann}), f"#/c/{campaign_id}")
    before = sheet_of(page, "Ann")
    open_sheet(page, "Ann")
    page.get_by_role("button", name="Edit values").click()
    page.locator('form.sheet-editor input[name="characteristics.STR"]').fill(str(before["characteristics"]["STR"] + 5))
    page.get_by_role("button", name="Save the sheet").click()
    expect(page.locator("form.sheet-editor")).to_have_count(0)
    edited = sheet_of(page, "Ann")
    [entry] = stored_log(page, campaign_id)
    assert "after" not in entry and list(entry["changes"].values())[0] == {
        "characteristics": {"STR": [before["characteristics"]["STR"] + 5]}
    }
    # the same entry as an older version of the app kept it: each sheet whole after it
    old = {("after" if k == "changes" else k): (entry_after(entry) if k == "changes" else v) for k, v in entry.items()}
    page.evaluate(PUT_ENTRY, [campaign_id, old])
    let_go(page)
    page.goto(page.url.split("#")[0] + f"#/c/{campaign_id}/log")
    page.locator("[data-history=undo]").click()
    expect(page.locator(".log-row").first.locator(".log-headline")).to_contain_text("Undone:")
    assert sheet_of(page, "Ann") == before
    page.locator("[data-history=redo]").click()
    expect(page.locator(".log-row").first.locator(".log-headline")).to_contain_text("Redone:")
    assert sheet_of(page, "Ann") == edited
    log = stored_log(page, campaign_id)
    assert "after" in log[0] and all("changes" in each and "after" not in each for each in log[1:])
    assert entry_after(log[1]) == {entry["who"][0]: before} and entry_after(log[2]) == {entry["who"][0]: edited}
