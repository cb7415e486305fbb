"""The Call of Cthulhu sheet as declared once (py_rules/coc/sheet.py) at the table: a creature pasted with STR 140 and
no APP, EDU or Luck is saved, renamed and saved again (the page's bound is the engine's, not a copy of 99); an
investigator's backstory, occupation and possessions are shown on the sheet and edited there; an item is added on the
sheet after creation. Screenshots of the sheet with its notes and items at 390×844 and 1024×768 are saved under
test-results/coc_sheet/."""

from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.web.guided_sheets import investigator
from tests.web.helpers import campaign_record, new_campaign, open_sheet, open_stored, stored_campaigns
from tests.web.test_screens import SMALL_TARGETS

pytestmark = pytest.mark.shared_app  # one booted page for the module, emptied before each test (conftest.py, app)

SHOTS = Path(__file__).resolve().parents[2] / "test-results" / "coc_sheet"

CREATURE = """Deep One, creature of the sea
STR 140 CON 80 SIZ 90 DEX 50 INT 65 POW 50
HP 17 DB +2D6 Build 3 Move 8 MP 10
Attacks per round: 1
Fighting 45% (22/9), damage 1D4+DB
Dodge 25% (12/5)
Armour: 1 (skin and scales).
Sanity loss: 0/1D6 to see a Deep One."""


def sheet_of(page, campaign_id, name):
    stored = next(c for c in stored_campaigns(page) if c["id"] == campaign_id)
    return next(c for c in stored["characters"] if c["sheet"]["name"] == name)


def test_a_pasted_creature_with_str_140_is_saved_renamed_and_saved_again(app):
    page = app
    page.set_viewport_size({"width": 1024, "height": 768})
    campaign_id = new_campaign(page, "Innsmouth", "coc")
    page.get_by_role("link", name="Cast", exact=True).click()
    page.get_by_role("button", name="Paste a stat block").click()
    form = page.locator("form.stat-block")
    form.get_by_label("Stat block").fill(CREATURE)
    form.get_by_role("button", name="Read").click()
    expect(form.locator('input[name="given-APP"]')).to_be_visible()  # a person's sheet needs them: asked
    form.get_by_label("It is").select_option("creature")
    expect(form.locator('input[name="given-APP"]')).to_have_count(0)  # a creature's may leave them out
    expect(form.locator('input[name="given-Luck"]')).to_have_count(0)
    form.get_by_role("button", name="Save the creature").click()
    expect(page.locator(".character-card h2", has_text="Deep One")).to_be_visible()
    deep_one = sheet_of(page, campaign_id, "Deep One")["sheet"]
    assert deep_one["kind"] == "creature" and deep_one["characteristics"]["STR"] == 140
    assert "luck" not in deep_one and not {"APP", "EDU"} & set(deep_one["characteristics"])
    assert (deep_one["mov"], deep_one["armour"], deep_one["san_loss"]) == (8, 1, "0/1D6")

    open_sheet(page, "Deep One")
    expect(page.locator(".sheet-facts")).to_contain_text("8 (its own)")
    expect(page.locator('[data-row="char-STR"]')).to_contain_text("140")
    expect(page.locator('[data-row="char-APP"]')).to_have_count(0)
    expect(page.locator('[data-row="luck"]')).to_have_count(0)
    page.get_by_role("button", name="Edit values").click()
    editor = page.locator("form.sheet-editor")
    expect(editor.locator('input[name="characteristics.STR"]')).to_have_value("140")
    editor.get_by_label("Name", exact=True).fill("Deep One elder")
    editor.get_by_role("button", name="Save the sheet").click()
    expect(page.locator("#sheet-title")).to_have_text("Deep One elder")
    saved = sheet_of(page, campaign_id, "Deep One elder")["sheet"]
    assert saved["characteristics"]["STR"] == 140 and saved["san_loss"] == "0/1D6"


def test_notes_and_items_are_shown_and_edited_on_the_sheet(app):
    page = app
    page.set_viewport_size({"width": 1024, "height": 768})
    campaign_id = "c-arkham"  # as the guided form makes her, put straight into storage: making her is test_table's
    ada = investigator("Ada Blake", STR=60)
    open_stored(page, campaign_record(campaign_id, "Arkham", "coc", {"pc-ada": ada}), f"#/c/{campaign_id}")
    open_sheet(page, "Ada Blake")
    notes = page.locator(".sheet-texts")
    expect(notes).to_contain_text("Nothing written yet")

    page.get_by_role("button", name="Edit values").click()
    editor = page.locator("form.sheet-editor")
    editor.get_by_label("Occupation").fill("Antiquarian")
    editor.get_by_label("Backstory").fill("Grew up over a bookshop.\nOwes Professor Armitage a favour.")
    editor.get_by_label("Possessions").fill("Magnifying glass\nHer father's journal")
    editor.get_by_role("button", name="Save the sheet").click()
    expect(notes.locator('[data-note="occupation"]')).to_contain_text("Antiquarian")
    expect(notes.locator('[data-note="backstory"]')).to_contain_text("Owes Professor Armitage a favour.")
    expect(notes.locator('[data-note="possessions"]')).to_contain_text("Her father's journal")

    page.get_by_role("button", name="Edit items").click()
    items = page.locator("form.entries-form")
    items.get_by_role("button", name="Add an item").click()
    items.get_by_label("Item", exact=True).fill("Lantern")
    items.get_by_label("How many", exact=True).fill("2")
    items.get_by_label("Note", exact=True).fill("oil for a night")
    items.get_by_role("button", name="Save items").click()
    expect(page.locator('[data-list="items"] .entry-summary')).to_contain_text("Lantern ×2 — oil for a night")

    ada = sheet_of(page, campaign_id, "Ada Blake")["sheet"]
    assert ada["occupation"] == "Antiquarian" and ada["backstory"].endswith("Armitage a favour.")
    assert ada["possessions"] == "Magnifying glass\nHer father's journal"
    assert ada["items"] == [{"name": "Lantern", "quantity": 2, "note": "oil for a night"}]
    assert page.evaluate(SMALL_TARGETS) == []
    SHOTS.mkdir(parents=True, exist_ok=True)
    for width, height in ((390, 844), (1024, 768)):
        page.set_viewport_size({"width": width, "height": height})
        page.locator(".sheet-texts").scroll_into_view_if_needed()
        page.screenshot(path=str(SHOTS / f"sheet-notes-items-{width}x{height}.png"), full_page=True)
        assert page.evaluate("document.documentElement.scrollWidth <= innerWidth"), f"scrolls sideways at {width}"
