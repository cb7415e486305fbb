"""Investigator development on the Call of Cthulhu sheet (rules/coc.md §3.15): a skill roll that succeeds ticks the
skill, shown beside it on the sheet; the Keeper's development phase (under More) rolls each ticked skill with the
Roll button, shows each skill's roll, raises the skill and clears the tick; Undo from the log puts both back.
Screenshots of the sheet with a tick at 390×844 and 1024×768 go to test-results/screens/."""

from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.web.guided_sheets import investigator
from tests.web.helpers import campaign_record, open_sheet, open_stored, roll, stored_campaigns

pytestmark = pytest.mark.shared_app  # one booted page for the module, emptied before each test (conftest.py, app)

SHOTS = Path(__file__).resolve().parents[2] / "test-results" / "screens"


def harvey(page):
    return next(c["sheet"] for c in stored_campaigns(page)[0]["characters"] if c["sheet"]["name"] == "Harvey")


def test_a_rolled_success_ticks_the_skill_and_the_development_phase_raises_it_and_undo_puts_it_back(app):
    page = app
    # Harvey as the guided form makes him, put straight into storage: making him is test_table's
    harvey_made = investigator("Harvey", {"Spot Hidden": 60, "Library Use": 40, "Psychology": 50})
    open_stored(page, campaign_record("c-masks", "Masks", "coc", {"pc-harvey": harvey_made}), "#/c/c-masks")
    open_sheet(page, "Harvey")
    spot = page.locator('[data-row="skill-Spot Hidden"]')
    expect(spot.locator(".row-mark")).to_have_count(0)

    # Spot Hidden 60: physical dice typed, units 5 and tens 20 read 25, a Hard success: the skill is ticked
    spot.click()
    text = roll(page, faces="5 20")
    assert "Harvey ticks Spot Hidden for improvement" in text, text
    page.get_by_role("button", name="Close the roll drawer").click()
    expect(spot.locator(".row-mark")).to_be_visible()
    expect(spot).to_contain_text("ticked for improvement")  # said to a screen reader, not only drawn
    library = page.locator('[data-row="skill-Library Use"]')
    expect(library.locator(".row-mark")).to_have_count(0)
    expect(page.locator("[data-group-note]")).to_have_text("Ticked for improvement: Spot Hidden")
    # Library Use 40: 85 fails and ticks nothing; rolled again, 30 succeeds and ticks it
    library.click()
    text = roll(page, faces="5 80")
    assert "Failure" in text and "ticks" not in text, text
    expect(library.locator(".row-mark")).to_have_count(0)
    page.get_by_role("button", name="Close the roll drawer").click()
    library.click()
    assert "Harvey ticks Library Use for improvement" in roll(page, faces="0 30")
    page.get_by_role("button", name="Close the roll drawer").click()
    expect(library.locator(".row-mark")).to_be_visible()
    expect(page.locator('[data-row="skill-Psychology"] .row-mark')).to_have_count(0)
    expect(page.locator("[data-group-note]")).to_have_text("Ticked for improvement: Spot Hidden, Library Use")
    assert harvey(page)["ticks"] == ["Spot Hidden", "Library Use"]
    ticked = harvey(page)

    SHOTS.mkdir(parents=True, exist_ok=True)
    for width, height in ((390, 844), (1024, 768)):
        page.set_viewport_size({"width": width, "height": height})
        spot.scroll_into_view_if_needed()
        box = spot.bounding_box()
        assert box["height"] >= 44 and box["x"] >= 0 and box["x"] + box["width"] <= width  # a 44 px target, in view
        page.screenshot(path=str(SHOTS / f"coc-sheet-ticks-{width}x{height}.png"))

    # the development phase, under More, with the Roll button: Spot Hidden 90 is above 60, 1D10 = 7 → 67; Library
    # Use 30 is not above 40: unchanged; each skill's roll is shown, and both ticks are cleared
    page.locator(".sheet .more-toggle").click()
    page.locator('.more-panel [data-action="development"]').click()
    expect(page.locator('.drawer[data-drawer="coc.development_phase"]')).to_be_visible()
    text = roll(page, faces="0 90 7 0 30")
    assert "Spot Hidden 90 vs 60 — improves by 7 (60 → 67)" in text, text
    assert "Library Use 30 vs 40 — no improvement" in text, text
    expect(page.locator(".drawer button", has_text="Spend")).to_have_count(0)  # the scenario's rolls are done with
    page.set_viewport_size({"width": 390, "height": 844})
    page.locator(".drawer [data-result]").scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / "coc-development-phase-390x844.png"))
    page.get_by_role("button", name="Close the roll drawer").click()
    expect(spot.locator(".row-value")).to_have_text("67")
    expect(library.locator(".row-value")).to_have_text("40")
    expect(page.locator(".row-mark")).to_have_count(0)
    expect(page.locator("[data-group-note]")).to_have_count(0)
    developed = harvey(page)
    assert developed["skills"]["Spot Hidden"] == 67 and developed["skills"]["Library Use"] == 40
    assert developed["ticks"] == []

    # logged like every change, and undone from the log: the skill and its tick come back exactly
    page.get_by_role("link", name="Log").click()
    rows = page.locator(".log-row")
    expect(rows.first.locator(".log-headline")).to_contain_text("Spot Hidden 90 vs 60 — improves by 7 (60 → 67)")
    page.locator("[data-history=undo]").click()
    expect(rows.first.locator(".log-headline")).to_contain_text("Undone")
    assert harvey(page) == ticked
    page.get_by_role("link", name="Party").click()
    open_sheet(page, "Harvey")
    expect(spot.locator(".row-value")).to_have_text("60")
    expect(page.locator(".row-mark")).to_have_count(2)
