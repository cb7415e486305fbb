"""Call of Cthulhu characteristics rolled with physical dice at creation (rules/coc.md §3.2a): the faces typed in the
order rolled go through the same dice path as every roll, fill the form, and the sheet keeps each die and that they
were physical; a face a die cannot show is refused in words and nothing changes."""

import pytest
from playwright.sync_api import expect

from tests.web.helpers import new_campaign, stored_campaigns

pytestmark = pytest.mark.shared_app  # one booted page for the module, emptied before each test (conftest.py, app)

# STR 3D6, CON 3D6, SIZ 2D6, DEX 3D6, APP 3D6, INT 2D6, POW 3D6, EDU 2D6, Luck 3D6; at 25 one EDU check: 1D100 as a
# units die then a tens die (0–90): 05 is not above EDU 60, so no 1D10 follows
FACES = "3 4 5  2 2 2  6 6  4 4 4  1 1 1  5 5  6 6 6  3 3  2 2 2  5 0"


def test_coc_characteristics_rolled_with_physical_dice_fill_the_form_and_stay_on_the_sheet(app):
    page = app
    page.set_viewport_size({"width": 768, "height": 1024})
    campaign_id = new_campaign(page, "Dice kept", "coc")
    page.get_by_role("button", name="New investigator").click()
    form = page.locator("form.new-character")
    form.locator('input[name="name"]').fill("Ada")
    roll = form.locator(".roll-all")
    roll.get_by_text("Physical dice", exact=True).click()
    roll.locator('input[name="dice"]').fill("3 4 5 2 2 9")
    roll.get_by_role("button", name="Roll the characteristics").click()
    expect(roll.locator(".field-error")).to_contain_text("cannot show 9")
    expect(form.locator('input[name="STR"]')).to_have_value("50")  # unchanged
    roll.locator('input[name="dice"]').fill(FACES)
    roll.get_by_role("button", name="Roll the characteristics").click()
    expect(form.locator('input[name="STR"]')).to_have_value("60")  # (3 + 4 + 5) × 5
    expect(form.locator('input[name="SIZ"]')).to_have_value("90")  # (6 + 6 + 6) × 5
    expect(form.locator('input[name="POW"]')).to_have_value("90")
    expect(form).to_contain_text("Rolled (3 + 4 + 5) × 5 = 60")
    form.get_by_role("button", name="Create Ada").click()
    expect(page.locator(".character-card", has_text="Ada")).to_be_visible()
    sheet = next(c["sheet"] for r in stored_campaigns(page) if r["id"] == campaign_id for c in r["characters"])
    assert sheet["creation"]["dice_source"] == "physical"
    assert sheet["characteristics"]["STR"] == 60 and sheet["luck"] == 30
