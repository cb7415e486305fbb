"""The campaign log on a tablet (TABLE.md, Log): rolls made in the drawer listed newest first with
headline and who, the trace one tap away, filters and search, Undo and Redo that put the sheets back exactly and
say so, a sheet edit logged and undoable, the last two entries as a forum post in BBCode then Markdown (golden
texts, typed dice), a reload that keeps the screen, and a long log read a page at a time.

The campaigns are put straight into storage (the sheets those the guided form makes: tests/web/guided_sheets.py);
the clipboard is a stub that keeps what the page copied (test_interchange.stub_clipboard), so the shared page is
handed on with no permission granted to its context."""

import uuid

import pytest
from playwright.sync_api import expect

from tests.web.guided_sheets import investigator
from tests.web.helpers import campaign_record, let_go, open_sheet, open_stored, roll, stored_campaigns
from tests.web.test_interchange import stub_clipboard
from tools.bench_table import FILL, sheets, templates

pytestmark = pytest.mark.shared_app  # one booted page for the module, emptied before each test (conftest.py, app)

GOLDEN = {  # the engine's forum.stretch of the two rolls, typed dice said as physical
    "bbcode": "[b]Masks[/b]\n\n"
    "[b]Harvey[/b]: Spot Hidden roll — Rolled 85 against 60 — Failure\n[list]\n"
    "[*]Dice (physical): d100: 85 (tens 80, units 5)\n[/list]\n\n"
    "[b]Harvey[/b]: Attack → Cultist — Rolled 30 against 60 — Hard success\n[list]\n"
    "[*]Harvey: attacks with Fighting (Brawl), rolled 30 against 60 — Hard success\n"
    "[*]Cultist: dodges with Dodge, rolled 90 against 20 — Failure\n"
    "[*]Dice (physical): Fighting (Brawl) roll (Harvey), d100: 30 (tens 30, units 0); Dodge roll (Cultist), "
    "d100: 90 (tens 90, units 0); 1d3: 2 (Unarmed damage)\n"
    "[*]Harvey hits Cultist for 2\n[*]Cultist loses 2 HP (10 → 8)\n"
    "[*]Harvey ticks Fighting (Brawl) for improvement\n[/list]\n",
    "markdown": "### Masks\n\n"
    "**Harvey**: Spot Hidden roll — Rolled 85 against 60 — Failure\n"
    "- Dice (physical): d100: 85 (tens 80, units 5)\n\n"
    "**Harvey**: Attack → Cultist — Rolled 30 against 60 — Hard success\n"
    "- Harvey: attacks with Fighting (Brawl), rolled 30 against 60 — Hard success\n"
    "- Cultist: dodges with Dodge, rolled 90 against 20 — Failure\n"
    "- Dice (physical): Fighting (Brawl) roll (Harvey), d100: 30 (tens 30, units 0); Dodge roll (Cultist), "
    "d100: 90 (tens 90, units 0); 1d3: 2 (Unarmed damage)\n"
    "- Harvey hits Cultist for 2\n- Cultist loses 2 HP (10 → 8)\n"
    "- Harvey ticks Fighting (Brawl) for improvement\n",
}


def sheet_of(page, name):
    return next(c["sheet"] for c in stored_campaigns(page)[0]["characters"] if c["sheet"]["name"] == name)


def test_rolls_are_logged_undone_redone_and_copied_as_a_forum_post(app, tmp_path):
    page = app
    stub_clipboard(page)
    campaign_id = f"c-{uuid.uuid4().hex[:12]}"  # a new one each time, as the app makes it: no verdict kept for it
    party = {
        "ch-harvey": investigator("Harvey", {"Spot Hidden": 60, "Fighting (Brawl)": 60}),
        "ch-cultist": investigator("Cultist", {"Dodge": 20}),
    }
    open_stored(page, campaign_record(campaign_id, "Masks", "coc", party), f"#/c/{campaign_id}/sheet/ch-harvey")
    expect(page.locator("#sheet-title")).to_have_text("Harvey")
    page.locator('[data-row="skill-Spot Hidden"]').click()
    roll(page, faces="5 80")
    page.get_by_role("button", name="Close the roll drawer").click()
    cultist = sheet_of(page, "Cultist")
    page.locator('.quick-actions [data-action="attack"]').click()
    page.locator(".drawer").get_by_label("Target", exact=True).select_option(label="Cultist")
    roll(page, faces="0 30 0 90 2")
    page.get_by_role("button", name="Close the roll drawer").click()
    attacked = sheet_of(page, "Cultist")
    assert attacked["hp"] == 8

    # newest first: headline (what was done and how it came out), who
    page.get_by_role("link", name="Log").click()
    rows = page.locator(".log-row")
    expect(rows).to_have_count(2)
    expect(rows.nth(0).locator(".log-headline")).to_have_text(
        "Harvey: Attack → Cultist: Rolled 30 against 60 — Hard success"
    )
    expect(rows.nth(0).locator(".log-who")).to_have_text("Harvey, Cultist")
    expect(rows.nth(1).locator(".log-headline")).to_have_text(
        "Harvey: Spot Hidden roll: Rolled 85 against 60 — Failure"
    )
    expect(rows.nth(1).locator(".log-who")).to_have_text("Harvey")
    # the trace, one tap away
    rows.nth(0).locator(".log-open").click()
    expect(rows.nth(0).locator(".trace")).to_contain_text(
        "Dice in order: Fighting (Brawl) roll: units die 0, tens die 30"
    )
    # filters: by character, by a word
    page.get_by_label("Who").select_option(label="Cultist")
    expect(rows).to_have_count(1)
    page.get_by_label("Who").select_option(label="Everyone")
    page.get_by_label("Search").fill("85 against")
    expect(rows).to_have_count(1)
    expect(rows.first).to_contain_text("Spot Hidden roll")
    page.get_by_label("Search").fill("skill roll")  # what was done, by the operation's name
    expect(rows).to_have_count(1)
    expect(rows.first).to_contain_text("Spot Hidden roll")
    page.get_by_role("button", name="Show every entry").click()
    expect(rows).to_have_count(2)

    # the last two entries as a forum post: shown, copied, downloaded in the campaign's format (BBCode until changed)
    panel = page.locator(".forum-export")
    panel.locator("summary").click()
    page.get_by_label("The last entries").check()
    page.locator('input[name="stretch-count"]').fill("2")
    expect(page.locator(".forum-preview")).to_have_value(GOLDEN["bbcode"])
    expect(panel.get_by_text("The post (2 entries, BBCode)")).to_be_visible()
    panel.get_by_role("button", name="Copy for the forum (BBCode)").click()
    expect(panel.locator("[role=status]")).to_have_text("Copied as BBCode: paste it into your post.")
    assert page.evaluate("navigator.clipboard.readText()") == GOLDEN["bbcode"]
    with page.expect_download() as download:
        panel.get_by_role("button", name="Download a .txt file").click()
    assert download.value.suggested_filename == "masks-log.txt"
    assert download.value.path().read_text(encoding="utf-8") == GOLDEN["bbcode"]
    # the format is chosen right there, and the one button copies and saves in it
    panel.get_by_text("Markdown (Discord, Reddit)").click()
    expect(page.locator(".forum-preview")).to_have_value(GOLDEN["markdown"])
    panel.get_by_role("button", name="Copy for the forum (Markdown)").click()
    assert page.evaluate("navigator.clipboard.readText()") == GOLDEN["markdown"]
    with page.expect_download() as download:
        panel.get_by_role("button", name="Download a .md file").click()
    assert download.value.suggested_filename == "masks-log.md"
    assert download.value.path().read_text(encoding="utf-8") == GOLDEN["markdown"]
    assert stored_campaigns(page)[0]["forum"] == {
        "format": "markdown",
        "undone": "leave_out",
    }  # the preview followed it

    # undo puts the cultist back exactly and the log says so; redo applies it again
    page.get_by_role("button", name="Undo: Harvey's attack on Cultist").click()
    expect(rows.first.locator(".log-headline")).to_have_text("Undone: Rolled 30 against 60 — Hard success")
    assert sheet_of(page, "Cultist") == cultist
    page.get_by_role("button", name="Redo: Harvey's attack on Cultist").click()
    expect(rows.first.locator(".log-headline")).to_have_text("Redone: Rolled 30 against 60 — Hard success")
    assert sheet_of(page, "Cultist") == attacked
    page.get_by_role("button", name="Undo: Harvey's attack on Cultist").click()
    expect(page.locator("[data-history=redo]")).to_be_enabled()

    # a new change (an edit of the sheet, logged) clears redo, and is undone in its turn
    harvey = sheet_of(page, "Harvey")
    page.get_by_role("link", name="Party").click()
    open_sheet(page, "Harvey")
    page.get_by_role("button", name="Edit values").click()
    strength = harvey["characteristics"]["STR"]
    page.locator('form.sheet-editor input[name="characteristics.STR"]').fill(str(strength + 5))
    page.get_by_role("button", name="Save the sheet").click()
    expect(page.locator("form.sheet-editor")).to_have_count(0)
    page.get_by_role("link", name="Log").click()
    edited = f"Harvey: sheet edited — STR {strength} → {strength + 5}"
    expect(rows.first.locator(".log-headline")).to_have_text(edited)
    expect(page.locator("[data-history=redo]")).to_be_disabled()
    page.locator("[data-history=undo]").click()
    expect(rows.first.locator(".log-headline")).to_have_text(f"Undone: {edited}")
    assert sheet_of(page, "Harvey") == harvey

    # the screen and its entries survive a reload
    page.reload()
    expect(page.locator("#log-title")).to_have_text("Masks: the log")
    expect(rows).to_have_count(7)  # two rolls, undo, redo, undo, the edit, its undo
    assert page.evaluate("location.hash") == f"#/c/{campaign_id}/log"
    # the engine booted again too (and the shared page is handed on booted, not booted a second time)
    expect(page.locator("html")).to_have_attribute("data-ready", "true", timeout=120_000)


def test_a_long_log_is_read_a_page_at_a_time(app):
    page = app
    party = sheets(3)
    record = {
        "schema": "rules-companion.campaign/2",
        "id": "c-long",
        "name": "Long",
        "game": "coc",
        "created": "2026-01-05T19:00:00.000Z",
        "updated": "2026-01-05T19:00:00.000Z",
        "revision": 0,
        "settings": {},
        "characters": [{"id": f"ch-{i}", "kind": "pc", "sheet": s} for i, s in enumerate(party)],
        "log": [],
        "encounters": [],
    }
    let_go(page)  # the log read from its first page, as a visit finds it (a reload's is the first test's)
    page.evaluate(FILL, {"record": record, "templates": templates(party)[:3], "count": 130})
    page.goto(page.url.split("#")[0] + "#/c/c-long/log")
    rows = page.locator(".log-row")
    expect(rows.first).to_be_visible()
    assert rows.count() <= 100  # a page or two, not the whole log
    expect(rows.first).to_have_attribute("data-entry", "e-129")
    page.locator(".log-end").scroll_into_view_if_needed()
    for _ in range(200):  # 10 s at most
        if not page.locator("[data-log-end=more]").count():
            break
        page.locator(".log-end").scroll_into_view_if_needed()
        page.wait_for_timeout(50)
    expect(page.locator(".log-end")).to_have_text("130 entries: the beginning of the log.")
    # pages far from the screen keep only their height (log_row.mjs LogChunk): what is listed is the rows shown
    # plus the rows the far pages hold, newest first without a gap
    listed = page.evaluate("""() => [...document.querySelectorAll(".log-chunk")].map((chunk) => chunk.classList.contains("far")
        ? { far: Number(chunk.dataset.rows) } : [...chunk.querySelectorAll(".log-row")].map((row) => row.dataset.entry))""")
    assert sum(chunk["far"] if isinstance(chunk, dict) else len(chunk) for chunk in listed) == 130
    shown = [entry for chunk in listed if isinstance(chunk, list) for entry in chunk]
    assert shown[-1] == "e-0" and [int(entry[2:]) for entry in shown] == list(range(int(shown[0][2:]), -1, -1))
    page.evaluate("window.scrollTo(0, 0)")
    expect(rows.first).to_have_attribute("data-entry", "e-129")  # a far page comes back when it is near again
    page.get_by_label("Who").select_option(index=1)  # filtered, newest first, still paged from storage
    expect(rows.first).to_have_attribute("data-entry", "e-129")
