"""A plain second First Aid for a wound that failed is refused (rules/coc.md §3.10: one attempt per wound; seed 003,
Pushing a Roll), and the refusal offers what its words name, as buttons where the refusal shows: the push, which
opens its Justification field, and the medic's Luck. Opened from the healer's sheet, the push is still made on the
patient picked. Screenshots go to test-results/treatment-refusal/ at 768 × 1024."""

from pathlib import Path

import pytest
from playwright.sync_api import expect

from py_rules.coc.investigator import EXAMPLE as HARVEY
from tests.web.helpers import campaign_record, open_stored, stored_campaigns
from tests.web.test_encounter_steps import named

pytestmark = pytest.mark.shared_app  # one booted page for the module, emptied before each test (conftest.py, app)

SHOTS = Path(__file__).resolve().parents[2] / "test-results" / "treatment-refusal"


def stored(page, name):
    record = next(each for each in stored_campaigns(page) if each["id"] == "c-push")
    return next(each["sheet"] for each in record["characters"] if each["sheet"]["name"] == name)


def open_first_aid(page):
    ada = {**named(HARVEY, "Ada"), "luck": 60}
    ada["skills"] = {**ada["skills"], "First Aid": 56}
    bert = {**named(HARVEY, "Bert"), "hp": 5}
    record = campaign_record("c-push", "Push", "coc", {"pc-ada": ada, "pc-bert": bert})
    page.set_viewport_size({"width": 768, "height": 1024})
    open_stored(page, record, "#/c/c-push/sheet/pc-ada")
    expect(page.locator('section.sheet[data-character="pc-ada"]')).to_be_visible()
    page.locator('section.sheet .quick-actions [data-action="first_aid"]').click()
    drawer = page.locator('.drawer[data-drawer="coc.first_aid"]')
    drawer.get_by_label("Patient", exact=True).select_option(label="Bert")
    drawer.get_by_text("Physical dice", exact=True).click()
    drawer.locator('input[name="dice"]').fill("7 50")  # units 7, tens 50: 57 against First Aid 56, failed by one
    drawer.locator("button.roll").click()
    expect(drawer.locator("[data-result]")).to_contain_text("Failure")
    page.wait_for_timeout(800)  # a tap once the failed roll has settled (the drawer ignores one landing just after)
    drawer.locator("button.again").click()  # a plain second try
    expect(drawer.locator(".drawer-error")).to_contain_text("a second try is a push")
    return drawer


def test_a_refused_second_first_aid_offers_the_push_and_the_medics_luck(app):
    page = app
    drawer = open_first_aid(page)
    offers = drawer.locator(".refusal-next button")
    expect(offers).to_have_text(["Spend 1 of Ada's Luck → First Aid succeeds", "Push the First Aid roll"])
    for each in offers.all():
        box = each.bounding_box()
        assert box["height"] >= 44 and box["width"] >= 44
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "push-offered-768x1024.png"))
    assert stored(page, "Bert")["first_aid_roll"]["pushed"] is False  # the refusal changed nothing
    offers.filter(has_text="Push").click()
    justification = drawer.locator('[name="justification"]')
    expect(justification).to_be_visible()
    expect(drawer.locator(".drawer-error")).to_have_count(0)
    justification.fill("Ada takes her time with a proper splint")
    drawer.locator('input[name="dice"]').fill("1 10")  # 11 against 56: the push succeeds
    drawer.locator("button.roll").click()
    expect(drawer.locator("[data-result]")).to_contain_text("Extreme success")
    kept = stored(page, "Bert")["first_aid_roll"]
    assert kept["pushed"] is True and kept["success"] is True
    assert stored(page, "Bert")["hp"] == 6  # the patient picked was treated, not the healer
    assert stored(page, "Ada")["luck"] == 60


def test_the_luck_offered_with_the_refusal_is_spent_by_the_medic(app):
    page = app
    drawer = open_first_aid(page)
    drawer.locator('.refusal-next [data-op="coc.treatment_luck"]').click()
    expect(drawer.locator("[data-result]")).to_contain_text("Ada spends 1 Luck (60 → 59)")
    assert stored(page, "Ada")["luck"] == 59
    assert stored(page, "Bert")["hp"] == 6
