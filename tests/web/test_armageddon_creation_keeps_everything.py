"""An Armageddon character made in the guided form keeps everything typed into it: a weapon, armour, two items and a
Quality (Hard to Kill, whose Life Points the form and the sheet show), then the weapon is used in an attack; on the
sheet the items change the Speed shown (seed 000, Encumbrance) and a Quality is added and removed, each logged."""

from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.web.helpers import new_campaign, open_sheet, roll, stored_campaigns

pytestmark = pytest.mark.shared_app  # one booted page for the module, emptied before each test (conftest.py, app)

SHOTS = Path("test-results/screens")


def sheets(page, campaign_id):
    record = [each for each in stored_campaigns(page) if each["id"] == campaign_id][0]
    return {each["sheet"]["name"]: each["sheet"] for each in record["characters"]}


def add_entry(form, path, values):
    lists = form.locator(f'fieldset.entry-list[data-list="{path}"]')
    index = lists.locator("fieldset.entry").count()
    lists.locator(f'[data-add-entry="{path}"]').click()
    for key, value in values.items():
        field = lists.locator(f'[name="{path}.{index}.{key}"]')
        if field.evaluate("el => el.tagName") == "SELECT":
            field.select_option(value)
        else:
            field.fill(str(value))


def test_armageddon_guided_form_keeps_weapon_armour_items_and_qualities_and_the_weapon_attacks(app):
    page = app
    page.set_viewport_size({"width": 768, "height": 1024})
    campaign_id = new_campaign(page, "Kept", "armageddon")
    page.get_by_role("button", name="New character").click()
    form = page.locator("form.new-character")
    form.locator('input[name="name"]').fill("Jack")
    form.get_by_label("Find a skill").fill("Hand Weapon")
    form.locator(".skill-matches button", has_text="Hand Weapon").first.click()
    form.locator('input[name="skills.Hand Weapon"]').fill("2")
    add_entry(form, "qualities", {"name": "Hard to Kill", "level": 2, "points": 2})
    add_entry(form, "qualities", {"name": "Obsession", "kind": "drawback", "points": 2})
    add_entry(form, "items", {"name": "Backpack", "weight": 20})
    add_entry(form, "items", {"name": "Lantern", "weight": 2.5})
    form.locator('select[name="new-weapon"]').select_option(label="Knife")
    form.get_by_role("button", name="Add weapon").click()
    form.get_by_role("button", name="Add armour").click()
    form.locator('input[name="armour.name"]').fill("Vest")
    form.locator('input[name="armour.value"]').fill("3")
    # Life Points (2 + 2) × 4 + 10 = 26, + 6 for Hard to Kill 2
    expect(form.locator(".derived dl")).to_contain_text("Life Points32")
    form.locator('input[name="qualities.0.level"]').fill("9")
    form.get_by_role("button", name="Create Jack").click()
    expect(form.locator('[data-entry="0"] .field-error:not([hidden])')).to_contain_text(
        "Hard to Kill has levels 1 to 5"
    )
    page.screenshot(path=str(SHOTS / "armageddon-new-character-qualities-768x1024.png"), full_page=True)
    form.locator('input[name="qualities.0.level"]').fill("2")
    expect(form.locator(".derived dl")).to_contain_text("Life Points32")
    form.get_by_role("button", name="Create Jack").click()
    expect(page.locator(".character-card", has_text="Jack")).to_be_visible()

    jack = sheets(page, campaign_id)["Jack"]
    assert jack["weapons"][0]["name"] == "Knife" and jack["armour"] == {"name": "Vest", "value": 3}
    assert jack["items"] == [{"name": "Backpack", "weight": 20}, {"name": "Lantern", "weight": 2.5}]
    assert [(q["name"], q["kind"], q["level"]) for q in jack["qualities"]] == [
        ("Hard to Kill", "quality", 2),
        ("Obsession", "drawback", 1),
    ]
    assert jack["derived"]["life_points"] == 32

    open_sheet(page, "Jack")
    expect(page.locator("section.weapons")).to_contain_text("Knife")
    expect(page.locator("section.weapons")).to_contain_text("Armour: Vest (3)")
    qualities = page.locator('section.entries[data-list="qualities"]')
    expect(qualities).to_contain_text("+3 Life Points and +1 to Survival Tests per level")
    expect(qualities).to_contain_text("kept by name, no effect in the app")
    items = page.locator('section.entries[data-list="items"]')
    expect(items).to_contain_text("Lantern")
    # Strength 2 carries 50 lb: 22.5 lb is no encumbrance; an anvil of 10 lb more (65 %) makes it Light (−1 to Speed)
    expect(page.locator(".sheet-facts")).to_contain_text("Speed8Initiatived10 + 2Lifting")
    items.get_by_role("button", name="Edit items carried").click()
    editor = page.locator("form.entries-form")
    add_entry(editor, "items", {"name": "Anvil", "weight": 10})
    editor.get_by_role("button", name="Save items carried").click()
    expect(editor).to_be_hidden()
    expect(page.locator(".sheet-facts")).to_contain_text("Speed7 (Light encumbrance −1)")
    expect(page.locator(".sheet-facts")).to_contain_text("Initiatived10 + 1 (Light encumbrance −1)")
    page.set_viewport_size({"width": 390, "height": 844})
    items.scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / "armageddon-sheet-items-390x844.png"))
    page.set_viewport_size({"width": 1024, "height": 768})
    qualities.scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / "armageddon-sheet-qualities-1024x768.png"))
    page.set_viewport_size({"width": 768, "height": 1024})
    assert [item["name"] for item in sheets(page, campaign_id)["Jack"]["items"]] == ["Backpack", "Lantern", "Anvil"]

    # the knife made in the form attacks: Ann (made next) has no armour
    page.get_by_role("link", name="Party").click()
    page.get_by_role("button", name="New character").click()
    form = page.locator("form.new-character")
    form.locator('input[name="name"]').fill("Ann")
    expect(form.locator(".derived dl")).to_be_visible()
    form.get_by_role("button", name="Create Ann").click()
    expect(page.locator(".character-card", has_text="Ann")).to_be_visible()
    open_sheet(page, "Jack")
    page.locator('.quick-actions [data-action="attack"]').click()
    drawer = page.locator(".drawer")
    drawer.get_by_label("Target", exact=True).select_option(label="Ann")
    expect(drawer.locator('select[name="weapon"] option').first).to_have_text("Knife: d4 × Strength")
    text = roll(page, faces="8 3 3", fields={"weapon": "Knife", "defence": "dodge"})
    assert "Jack hits Ann with Knife" in text, text
