"""Call of Cthulhu's attack drawer offers the defences the weapon picked allows (rules/coc.md §3.8, §3.12 D14): a
firearm is only dodged (or not defended), never fought back or manoeuvred against; unarmed it offers all four. The
weapon on the sheet shows the rounds left (rules/coc.md §3.8 [BOOK]: ammunition)."""

import pytest
from playwright.sync_api import expect

from tests.web.guided_sheets import investigator
from tests.web.helpers import campaign_record, open_sheet, open_stored

pytestmark = pytest.mark.shared_app  # one booted page for the module, emptied before each test (conftest.py, app)


def defences(drawer):
    return drawer.locator('select[name="defence"] option').evaluate_all("options => options.map(o => o.value)")


def test_a_firearm_picked_offers_no_fight_back_and_unarmed_does(app):
    page = app
    page.set_viewport_size({"width": 768, "height": 1024})
    harvey = investigator("Harvey", DEX=60)  # as the guided form makes him, put straight into storage (test_table's)
    open_stored(page, campaign_record("c-shots", "Shots", "coc", {"pc-harvey": harvey}), "#/c/c-shots")
    open_sheet(page, "Harvey")
    panel = page.locator("section.weapons")
    panel.get_by_role("button", name="Edit weapons and armour").click()
    form = page.locator("form.weapons-form")
    form.locator('select[name="new-weapon"]').select_option(label=".38 Revolver")
    form.get_by_role("button", name="Add weapon").click()
    form.get_by_role("button", name="Save weapons and armour").click()
    expect(form).to_be_hidden()
    expect(panel).to_contain_text("6 of 6 shots left")

    page.get_by_role("button", name="Attack", exact=True).first.click()
    drawer = page.locator(".drawer")
    weapon = drawer.locator('select[name="weapon"]')
    expect(weapon.locator("option:checked")).to_have_text(".38 Revolver")  # the sheet's first weapon
    expect(drawer.locator('select[name="defence"]')).to_be_visible()
    assert defences(drawer) == ["dodge", "none"]
    weapon.select_option(label="Unarmed")
    expect(drawer.locator('select[name="defence"] option[value="fight_back"]')).to_have_count(1)
    assert defences(drawer) == ["dodge", "fight_back", "manoeuvre", "none"]
    drawer.locator('select[name="defence"]').select_option("fight_back")
    weapon.select_option(label=".38 Revolver")  # the fight back chosen gives way to a dodge, shown and sent
    expect(drawer.locator('select[name="defence"] option[value="fight_back"]')).to_have_count(0)
    expect(drawer.locator('select[name="defence"]')).to_have_value("dodge")
