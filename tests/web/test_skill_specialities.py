"""Specialities in the guided form (rules/coc.md §3.2a): a family from the engine's skill list (Language (Other)) takes a
typed speciality any number of times, each its own skill at the family's base; each is rolled at its own value."""

import pytest
from playwright.sync_api import expect

from tests.web.helpers import new_campaign, open_sheet, roll, stored_campaigns

pytestmark = pytest.mark.shared_app  # one booted page for the module, emptied before each test (conftest.py, app)


def add_speciality(form, family, speciality, press_enter=False):
    form.get_by_label("Find a skill").fill(family)
    form.locator(".skill-matches button.family", has_text=family).click()
    field = form.get_by_label(f"Speciality of {family}")
    field.fill(speciality)
    if press_enter:
        field.press("Enter")  # adds the speciality; the form around it is not sent
    else:
        form.get_by_role("button", name=f"Add {family} ({speciality})").click()
    return form.locator(f'input[name="skills.{family} ({speciality})"]')


def test_rules_3_2a_two_other_languages_added_in_the_guided_form_are_each_rolled_at_their_own_value(app):
    campaign = new_campaign(app, "Dunwich", "coc")
    app.get_by_role("button", name="New investigator").click()
    form = app.locator("form.new-character")
    form.locator('input[name="name"]').fill("Wilbur")

    form.get_by_label("Find a skill").fill("Language (Other)")
    family = form.locator(".skill-matches button.family", has_text="Language (Other)")
    expect(family).to_have_text("+ Language (Other) (a speciality…) (1)")  # the family's base, from the engine
    family.click()
    form.get_by_role("button", name="Add Language (Other) (…)").click()  # nothing typed: said, nothing added
    expect(form.locator(".speciality-field .field-error")).to_contain_text("Type the speciality of Language (Other)")

    latin = add_speciality(form, "Language (Other)", "Latin", press_enter=True)
    expect(latin).to_have_value("1")
    expect(form).to_be_visible()  # Enter added the speciality and did not send the form
    latin.fill("40")
    sumerian = add_speciality(form, "Language (Other)", "Sumerian")
    expect(sumerian).to_have_value("1")
    sumerian.fill("25")
    expect(form.locator(".derived dl")).to_be_visible()  # the engine accepts both
    form.get_by_role("button", name="Create Wilbur").click()
    expect(app.locator(".character-card", has_text="Wilbur")).to_be_visible()

    stored = next(c for c in stored_campaigns(app) if c["id"] == campaign)
    sheet = next(c["sheet"] for c in stored["characters"] if c["sheet"]["name"] == "Wilbur")
    assert sheet["skills"]["Language (Other) (Latin)"] == 40 and sheet["skills"]["Language (Other) (Sumerian)"] == 25

    open_sheet(app, "Wilbur")
    for name, value in (("Language (Other) (Latin)", 40), ("Language (Other) (Sumerian)", 25)):
        app.locator(f'[data-row="skill-{name}"]').click()
        said = roll(app, faces="0 30")  # 30: under 40, over 25
        assert name in said and ("Regular success" if value == 40 else "Failure") in said, said
        app.get_by_role("button", name="Close the roll drawer").click()
