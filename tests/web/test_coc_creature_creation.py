"""A Call of Cthulhu creature made in the guided form (rules/coc.md §3.2, §3.11; py_rules/coc/sheet.py declares what a
creature is asked): the Keeper picks "Creature", is asked its printed MOV and its Sanity loss and not APP, EDU, Luck or
age; a Sanity loss the dice grammar does not read is said next to its field. The creature joins the cast, its MOV is
edited in the sheet editor within the declared bounds, and a reload finds it kept. An investigator's age loss is spread
over the characteristics the age table names, the engine's check of the total said next to the fields.
Screenshots at 768×1024, 1024×768 and 390×844 under test-results/coc-creature/."""

from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.web.helpers import BOOT_TIMEOUT_MS, new_campaign, stored_campaigns
from tests.web.test_screens import SMALL_TARGETS

pytestmark = pytest.mark.shared_app  # one booted page for the module, emptied before each test (conftest.py, app)

SHOTS = Path(__file__).resolve().parents[2] / "test-results" / "coc-creature"
DEEP_ONE = {"STR": 140, "CON": 80, "SIZ": 90, "DEX": 50, "INT": 65, "POW": 50}


def shoot(page, name):
    """Full-page screenshots at the three sizes; nothing scrolls sideways and every target is 44 px."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    assert page.evaluate(SMALL_TARGETS) == [], name
    for width, height in ((768, 1024), (1024, 768), (390, 844)):
        page.set_viewport_size({"width": width, "height": height})
        page.screenshot(path=str(SHOTS / f"{name}-{width}x{height}.png"), full_page=True)
        assert page.evaluate("document.documentElement.scrollWidth <= innerWidth"), f"{name} at {width}"
    page.set_viewport_size({"width": 768, "height": 1024})


def creature_sheet(page, campaign_id):
    record = next(each for each in stored_campaigns(page) if each["id"] == campaign_id)
    return next(c for c in record["characters"] if c["sheet"]["name"] == "Deep One")


def test_a_creature_made_in_the_guided_form_keeps_its_mov_edited_and_reloaded(app):
    page = app
    page.set_viewport_size({"width": 768, "height": 1024})
    campaign_id = new_campaign(page, "Innsmouth", "coc")
    page.get_by_role("button", name="New investigator").click()
    form = page.locator("form.new-character")
    expect(form.locator('input[name="APP"]')).to_be_visible()
    form.get_by_label("Kind").select_option(label="Creature")
    expect(form.locator("#new-character-title")).to_have_text("New creature")
    for absent in ("APP", "EDU", "luck", "age"):
        expect(form.locator(f'input[name="{absent}"]')).to_have_count(0)
    expect(form.locator(".roll-all")).to_have_count(0)  # a creature's numbers are its stat block's, typed
    expect(form.get_by_label("Plays as")).to_have_value("npc")
    form.locator('input[name="name"]').fill("Deep One")
    for key, value in DEEP_ONE.items():
        form.locator(f'input[name="{key}"]').fill(str(value))
    mov = page.locator('input[name="mov"]')
    expect(mov).to_have_value("")  # the rules' MOV until the printed one is typed
    expect(form.locator(".derived")).to_contain_text("8")
    mov.fill("60")
    expect(form.locator(".field", has=mov)).to_contain_text("MOV must be at most 50")
    mov.fill("8")
    loss = page.locator('input[name="san_loss"]')
    loss.fill("1/1D6+")
    expect(form.locator(".field", has=loss).locator(".field-error")).to_contain_text("Sanity loss")
    loss.fill("0/1d6")
    expect(form.locator(".field", has=loss).locator(".field-error")).to_have_text("")
    expect(form.locator(".derived dl")).to_contain_text("Build")
    shoot(page, "creature-form")
    form.get_by_role("button", name="Create Deep One").click()
    expect(page.get_by_text("Deep One joined the cast.")).to_be_visible()

    stored = creature_sheet(page, campaign_id)
    assert stored["kind"] == "npc" and stored["sheet"]["kind"] == "creature"
    assert (stored["sheet"]["mov"], stored["sheet"]["san_loss"]) == (8, "0/1D6")
    assert "luck" not in stored["sheet"] and "APP" not in stored["sheet"]["characteristics"]

    page.get_by_role("link", name="Cast", exact=True).click()
    page.locator(".character-card", has_text="Deep One").get_by_role("link", name="Open the sheet").click()
    facts = page.locator(".sheet-facts")
    expect(facts).to_contain_text("8 (its own)")
    expect(facts).to_contain_text("0/1D6")
    page.get_by_role("button", name="Edit values").click()
    editor = page.locator("form.sheet-editor")
    field = page.locator('input[name="mov"]')
    expect(field).to_have_value("8")
    expect(editor.locator("fieldset", has=field).locator("legend")).to_have_text("Creature")
    expect(editor.locator('input[name="san_loss"]')).to_have_value("0/1D6")
    field.fill("51")
    editor.get_by_role("button", name="Save the sheet").click()
    expect(editor.locator(".field", has=field)).to_contain_text("MOV must be at most 50")
    field.fill("12")
    editor.locator('input[name="san_loss"]').fill("1/1D8")
    shoot(page, "creature-editor")
    editor.get_by_role("button", name="Save the sheet").click()
    expect(editor).to_have_count(0)
    expect(facts).to_contain_text("12 (its own)")
    expect(facts).to_contain_text("1/1D8")
    shoot(page, "creature-sheet")

    page.reload()
    expect(page.locator("html")).to_have_attribute("data-ready", "true", timeout=BOOT_TIMEOUT_MS)
    expect(page.locator(".sheet-facts")).to_contain_text("12 (its own)")
    sheet = creature_sheet(page, campaign_id)["sheet"]
    assert (sheet["mov"], sheet["derived"]["mov_from"], sheet["san_loss"]) == (12, "sheet", "1/1D8")


def test_an_age_loss_spread_by_the_player_is_checked_by_the_engine_and_rolled(app):
    page = app
    page.set_viewport_size({"width": 768, "height": 1024})
    campaign_id = new_campaign(page, "Arkham", "coc")
    page.get_by_role("button", name="New investigator").click()
    form = page.locator("form.new-character")
    form.locator('input[name="age"]').fill("45")
    split = form.locator("[data-age-loss]")
    expect(split.locator("legend")).to_have_text("Age loss: 5 shared by STR, CON, DEX")
    # the even split the rules take when the player chooses none (rules/coc.md §3.2a)
    for key, value in (("STR", "2"), ("CON", "2"), ("DEX", "1")):
        expect(split.locator(f'input[name="age_loss.{key}"]')).to_have_value(value)
    split.locator('input[name="age_loss.STR"]').fill("9")
    roll = form.get_by_role("button", name="Roll the characteristics and Luck (at the age above)")
    roll.click()
    expect(split.locator(".field", has=page.locator('input[name="age_loss.STR"]'))).to_contain_text(
        "STR loses must be at most 5"
    )
    split.locator('input[name="age_loss.STR"]').fill("3")
    roll.click()
    expect(split.locator('[data-field="age_loss"]')).to_contain_text("must lose 5 between them at this age (got 6)")
    expect(form.locator('input[name="STR"]')).to_have_value("50")  # nothing rolled
    shoot(page, "age-loss")
    split.locator('input[name="age_loss.CON"]').fill("1")
    roll.click()
    expect(form.locator(".field", has=page.locator('input[name="STR"]'))).to_contain_text("Rolled")
    expect(split.locator('[data-field="age_loss"]')).to_have_count(0)
    form.locator('input[name="name"]').fill("Ada")
    expect(form.locator(".derived dl")).to_be_visible()
    form.get_by_role("button", name="Create Ada").click()
    expect(page.locator(".character-card", has_text="Ada")).to_be_visible()
    sheet = next(c["sheet"] for r in stored_campaigns(page) if r["id"] == campaign_id for c in r["characters"])
    said = [step["text"] for step in sheet["creation"]["age"]]
    assert any(
        text.startswith("−5 shared as chosen: STR −3") and "CON −1" in text and "DEX −1" in text for text in said
    )
