"""A Semiautomagic attack rolls the skill of the weapon's kind and keeps the GM's pick (rules/semiautomagic.md §2.4:
Ranged Skill for ranged attacks, Weapon Skill for melee): Robin's bow, added from the common list, is a ranged
weapon, so his first attack from the encounter card opens at "As the weapon" and rolls Ranged Skill; the GM then
rules a melee swing with it, and Robin's next attack in the same encounter opens at melee again, after a reload too,
while Gisborne's own attack still starts from the weapon."""

import pytest
from playwright.sync_api import expect

from tests.web.guided_sheets import semiautomagic_creature
from tests.web.helpers import campaign_record, open_sheet, open_stored, roll, stored_campaigns
from tests.web.test_fights import add_from, combatant, start_encounter

pytestmark = pytest.mark.shared_app  # one booted page for the module, emptied before each test (conftest.py, app)


def give_bow(page):
    page.locator("section.weapons").get_by_role("button", name="Edit weapons and armour").click()
    form = page.locator("form.weapons-form")
    form.locator('select[name="new-weapon"]').select_option(label="Bow")
    form.get_by_role("button", name="Add weapon").click()
    expect(form.locator('select[name="weapons.0.kind"]')).to_have_value("ranged")  # the bow's declared kind
    form.get_by_role("button", name="Save weapons and armour").click()
    expect(form).to_be_hidden()
    expect(page.locator("section.weapons")).to_contain_text("1d10 Piercing, ranged")


def open_attack(page, who, on):
    combatant(page, who).locator('[data-action="attack"]').click()
    combatant(page, who).locator(".target-picker button", has_text=on).click()
    return page.locator(".drawer")


def test_a_bow_rolls_ranged_skill_and_the_gms_pick_stays_for_the_next_attack(app):
    page = app
    page.set_viewport_size({"width": 768, "height": 1024})
    campaign_id = "c-sherwood"  # Robin and Gisborne as the guided form makes them: making them is test_table's
    party = {
        "pc-robin": semiautomagic_creature("Robin", {"Weapon Skill": 3, "Ranged Skill": 1}),
        "pc-gisborne": semiautomagic_creature("Gisborne", {"Weapon Skill": 2}),
    }
    open_stored(page, campaign_record(campaign_id, "Sherwood", "semiautomagic", party), f"#/c/{campaign_id}")
    open_sheet(page, "Robin")
    give_bow(page)
    start_encounter(page, "The greenwood")
    add_from(page, "From the party", "Robin")
    add_from(page, "From the party", "Gisborne")

    drawer = open_attack(page, "Robin", "Gisborne")
    expect(drawer.locator('select[name="kind"]')).to_have_value("weapon")
    # d6 2 + Ranged Skill 1 = 3 < Gisborne's Target 4: a miss (Weapon Skill 3 would have hit)
    text = roll(page, faces="2")
    assert "Total 3 vs 4" in text, text
    drawer.locator(".trace summary").click()
    assert "The Bow is a ranged weapon: Ranged Skill" in drawer.locator(".trace").inner_text()
    # the GM rules a swing with the bow: Weapon Skill; d6 2 + 3 = 5 hits, 1d10 5 > Minimum Toughness 3: a wound
    text = roll(page, faces="2 5", fields={"kind": "melee"})
    assert "Total 5 vs 4" in text and "Gisborne is wounded" in text, text
    page.get_by_role("button", name="Close the roll drawer").click()

    drawer = open_attack(page, "Robin", "Gisborne")
    expect(drawer.locator('select[name="kind"]')).to_have_value("melee")  # kept, not silently back to the bow's
    expect(drawer.locator('select[name="weapon"]')).to_have_value("Bow")
    page.get_by_role("button", name="Close the roll drawer").click()

    drawer = open_attack(page, "Gisborne", "Robin")
    expect(drawer.locator('select[name="kind"]')).to_have_value("weapon")  # another character's own start
    page.get_by_role("button", name="Close the roll drawer").click()

    page.reload()
    expect(combatant(page, "Robin")).to_be_visible()
    drawer = open_attack(page, "Robin", "Gisborne")
    expect(drawer.locator('select[name="kind"]')).to_have_value("melee")
    record = [each for each in stored_campaigns(page) if each["id"] == campaign_id][0]
    robin = next(each["sheet"] for each in record["characters"] if each["sheet"]["name"] == "Robin")
    assert robin["weapons"][0]["kind"] == "ranged"  # the pick is the GM's for this fight; the bow stays ranged
