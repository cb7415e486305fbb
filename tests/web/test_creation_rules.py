"""Creation by the rules (TABLE.md, Screens: the guided form): a skill whose base the rules take
from the character (rules/coc.md §3.2: Dodge = half DEX, Language (Own) = EDU) starts at that value from the
numbers typed so far and follows them until typed by hand; a refusal names the field in the form's words
and the derived panel recovers once the input is fixed."""

import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.web.helpers import new_campaign, on_fake_clock, stored_campaigns

pytestmark = pytest.mark.shared_app  # one booted page for the module, emptied before each test (conftest.py, app)

SHOTS = Path(__file__).resolve().parents[2] / "test-results" / "creation"


def shoot(page, name):
    """Full-page screenshots at a tablet's and a phone's size, to look at (test-results/creation/)."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    for width, height in ((768, 1024), (390, 844)):
        page.set_viewport_size({"width": width, "height": height})
        page.screenshot(path=str(SHOTS / f"{name}-{width}x{height}.png"), full_page=True)


def pick(form, skill):
    form.get_by_label("Find a skill").fill(skill)
    form.locator(".skill-matches button", has_text=skill).first.click()


def test_rules_3_2_dodge_and_own_language_start_from_dex_and_edu_and_dodge_follows_dex(app):
    new_campaign(app, "Innsmouth", "coc")
    app.get_by_role("button", name="New investigator").click()
    form = app.locator("form.new-character")
    form.locator('input[name="DEX"]').fill("55")
    form.locator('input[name="EDU"]').fill("70")
    form.get_by_label("Find a skill").fill("Dodge")
    expect(form.locator(".skill-matches button", has_text="Dodge")).to_have_text("+ Dodge (half DEX: 27)")
    pick(form, "Dodge")
    pick(form, "Language (Own)")
    dodge, own = form.locator('input[name="skills.Dodge"]'), form.locator('input[name="skills.Language (Own)"]')
    expect(dodge).to_have_value("27")
    expect(own).to_have_value("70")
    expect(form.locator(".skills-note")).to_have_text(
        "Dodge follows half DEX and Language (Own) EDU until you type their values."
    )
    expect(form.locator(".derived dd").last).to_have_text("27")  # the engine's Dodge is the one typed

    form.locator('input[name="DEX"]').fill("60")
    expect(dodge).to_have_value("30")
    expect(form.locator(".derived dd").last).to_have_text("30")

    dodge.fill("45")  # typed by hand: no longer follows DEX
    form.locator('input[name="DEX"]').fill("70")
    expect(dodge).to_have_value("45")
    form.locator('input[name="EDU"]').fill("80")
    expect(own).to_have_value("80")  # Language (Own) still follows EDU
    expect(form.locator(".skills-note")).to_have_text("Language (Own) follows EDU until you type a value.")
    expect(form.locator(".derived dd").last).to_have_text("45")
    shoot(app, "coc")

    form.locator('input[name="name"]').fill("Zadok")
    form.get_by_role("button", name="Create Zadok").click()
    expect(app.locator(".character-card", has_text="Zadok")).to_be_visible()
    sheet = next(c["sheet"] for c in stored_campaigns(app)[0]["characters"] if c["sheet"]["name"] == "Zadok")
    assert sheet["skills"] == {"Dodge": 45, "Language (Own)": 80}


@pytest.mark.parametrize("fix", ["channeling", "kind"])
def test_an_armageddon_mundane_with_essence_channeling_is_refused_in_the_forms_words_and_recovers(app, fix):
    new_campaign(app, "Ashes", "armageddon")
    app.get_by_role("button", name="New character").click()
    form = app.locator("form.new-character")
    derived = form.locator(".derived")
    expect(derived.locator("dl")).to_be_visible()
    channeling = form.locator('input[name="essence_channeling"]')
    channeling.fill("2")
    field = form.locator(".field", has=app.locator('input[name="essence_channeling"]'))
    expect(field.locator(".field-error")).to_have_text(
        "A Mundane character cannot have Essence Channeling: make them Gifted or Supernatural, or set Essence "
        "Channeling to 0."
    )
    expect(derived).to_contain_text("Fix the marked field (Essence Channeling) to see them.")
    expect(derived.locator("dl")).to_have_count(0)
    text = form.inner_text()
    assert "Character (" not in text and "essence_channeling" not in text and not re.search(r"\w_\w", text)
    assert "Working them out" not in derived.inner_text()
    if fix == "kind":
        shoot(app, "armageddon-refused")
    if fix == "channeling":
        channeling.fill("0")
    else:
        form.locator('select[name="kind"]').select_option("gifted")
    expect(derived.locator("dl")).to_contain_text("Essence Pool")
    expect(field.locator(".field-error")).to_be_hidden()


def test_an_armageddon_skill_not_on_the_list_is_refused_next_to_it_without_internal_names(app):
    new_campaign(app, "Ashes", "armageddon")
    app.get_by_role("button", name="New character").click()
    form = app.locator("form.new-character")
    form.get_by_label("Find a skill").fill("Basket Weaving")
    form.get_by_role("button", name="+ Add “Basket Weaving”").click()
    skill = form.locator(".skill-chosen", has=app.locator('input[name="skills.Basket Weaving"]'))
    expect(skill.locator(".field-error")).to_contain_text("There is no skill called 'Basket Weaving'")
    assert "tables." not in form.inner_text() and "Character (" not in form.inner_text()
    skill.get_by_role("button", name="Remove Basket Weaving").click()
    expect(form.locator(".derived dl")).to_contain_text("Life Points")


def test_create_tapped_before_the_preview_of_a_fixed_field_makes_the_character(app):
    """The form shows what the rules derive a moment after each change; a tap on Create in that moment is not lost,
    even when the answer on screen is still the refusal of the value just fixed: the engine checks the sheet as it
    makes it."""
    new_campaign(app, "Ashes", "armageddon")
    app.get_by_role("button", name="New character").click()
    form = app.locator("form.new-character")
    form.locator('input[name="name"]').fill("Ash")
    channeling = form.locator('input[name="essence_channeling"]')
    channeling.fill("2")
    field = form.locator(".field", has=app.locator('input[name="essence_channeling"]'))
    expect(field.locator(".field-error")).to_contain_text("cannot have Essence Channeling")
    on_fake_clock(app)
    app.clock.pause_at(app.evaluate("Date.now()") + 1000)  # the preview of the next change waits until told
    channeling.fill("0")
    form.get_by_role("button", name="Create Ash").click()
    expect(app.locator(".character-card", has_text="Ash")).to_be_visible()
    sheet = next(c["sheet"] for c in stored_campaigns(app)[0]["characters"] if c["sheet"]["name"] == "Ash")
    assert sheet["essence_channeling"] == 0
