"""Luck on a failed First Aid is the roller's: the medic's, whichever end the move was opened from (seed 003, Luck:
a player spends their own investigator's Luck; rules/coc.md §3.6, §3.10). From the healer's sheet the patient is
picked, and the Luck offered and spent is still the healer's: a patient with no Luck left does not take it away, and
the patient's Luck is untouched."""

import pytest
from playwright.sync_api import expect

from py_rules.coc.investigator import EXAMPLE as HARVEY
from tests.web.helpers import campaign_record, open_stored, stored_campaigns
from tests.web.test_encounter_steps import named

pytestmark = pytest.mark.shared_app  # one booted page for the module, emptied before each test (conftest.py, app)


def stored(page, name):
    record = next(each for each in stored_campaigns(page) if each["id"] == "c-luck")
    return next(each["sheet"] for each in record["characters"] if each["sheet"]["name"] == name)


def test_first_aid_luck_from_the_healers_sheet_is_the_healers(app):
    page = app
    ada = {**named(HARVEY, "Ada"), "luck": 60}
    ada["skills"] = {**ada["skills"], "First Aid": 56}
    bert = {**named(HARVEY, "Bert"), "hp": 5, "luck": 0}  # no Luck of his own to give
    record = campaign_record("c-luck", "Luck", "coc", {"pc-ada": ada, "pc-bert": bert})
    open_stored(page, record, "#/c/c-luck/sheet/pc-ada")
    expect(page.locator('section.sheet[data-character="pc-ada"]')).to_be_visible()
    page.locator('section.sheet .quick-actions [data-action="first_aid"]').click()
    drawer = page.locator('.drawer[data-drawer="coc.first_aid"]')
    expect(drawer.get_by_role("radio", name="Gives it")).to_be_checked()
    drawer.get_by_label("Patient", exact=True).select_option(label="Bert")
    drawer.get_by_text("Physical dice", exact=True).click()
    drawer.locator('input[name="dice"]').fill("7 50")  # units 7, tens 50: 57 against First Aid 56, failed by one
    drawer.locator("button.roll").click()
    expect(drawer.locator("[data-result]")).to_contain_text("Failure")
    luck = drawer.locator('.follow-ups [data-op="coc.treatment_luck"]')
    expect(luck).to_have_text("Spend 1 of Ada's Luck → First Aid succeeds")
    page.wait_for_timeout(800)  # a tap once the failed roll has settled (the drawer ignores one landing just after)
    luck.click()
    expect(drawer.locator("[data-result]")).to_contain_text("Ada spends 1 Luck (60 → 59)")
    assert stored(page, "Ada")["luck"] == 59  # the medic paid
    assert stored(page, "Bert")["luck"] == 0  # the patient did not
    assert stored(page, "Bert")["hp"] == 6  # and was treated
