"""Weapons and armour on Armageddon and Semiautomagic sheets (TABLE.md): a weapon from the game's common list
and armour given through the sheet's editor (a bad damage refused next to its field, in the form's words),
then an attack with that weapon on the other character from the sheet's Attack action: the defender's sheet
changes by the weapon's damage less his armour (Armageddon: Life Points; Semiautomagic: a wound), both
sheets stored. The two characters, as the guided form makes them, are put straight into storage: making them is
test_table's."""

from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.web.guided_sheets import armageddon_character, semiautomagic_creature
from tests.web.helpers import campaign_record, open_sheet, open_stored, roll, stored_campaigns

pytestmark = pytest.mark.shared_app  # one booted page for the module, emptied before each test (conftest.py, app)

SHOTS = Path("test-results/screens")


def sheets(page, campaign_id):
    record = [each for each in stored_campaigns(page) if each["id"] == campaign_id][0]
    return {each["sheet"]["name"]: each["sheet"] for each in record["characters"]}


def add_preset(page, preset):
    panel = page.locator("section.weapons")
    panel.get_by_role("button", name="Edit weapons and armour").click()
    form = page.locator("form.weapons-form")
    form.locator('select[name="new-weapon"]').select_option(label=preset)
    form.get_by_role("button", name="Add weapon").click()
    return form


def give_armour(page, values):
    page.locator("section.weapons").get_by_role("button", name="Edit weapons and armour").click()
    form = page.locator("form.weapons-form")
    form.get_by_role("button", name="Add armour").click()
    for name, value in values.items():
        form.locator(f'input[name="armour.{name}"]').fill(str(value))
    form.get_by_role("button", name="Save weapons and armour").click()
    expect(form).to_be_hidden()


def back_to_party(page):
    page.get_by_role("link", name="Party").click()


def test_armageddon_knife_and_vest_then_an_attack_from_the_sheet(app):
    page = app
    page.set_viewport_size({"width": 768, "height": 1024})
    campaign_id = "c-knives"
    party = {"pc-jack": armageddon_character("Jack", {"Hand Weapon": 2}), "pc-ann": armageddon_character("Ann")}
    open_stored(page, campaign_record(campaign_id, "Knives", "armageddon", party), f"#/c/{campaign_id}")

    open_sheet(page, "Jack")
    expect(page.locator("section.weapons")).to_contain_text("No weapons")
    form = add_preset(page, "Knife")
    knife = form.locator('[data-weapon="0"]')
    expect(knife.locator('input[name="weapons.0.damage"]')).to_have_value("d4 × Strength")
    expect(knife.locator('select[name="weapons.0.skill"]')).to_have_value("Hand Weapon")
    expect(knife.locator('select[name="weapons.0.damage_type"]')).to_have_value("slashing/stabbing")
    expect(knife.locator('input[name="weapons.0.success_levels"]')).to_be_checked()
    knife.locator('input[name="weapons.0.damage"]').fill("d4 × lots")
    form.get_by_role("button", name="Save weapons and armour").click()
    expect(knife.locator(".field-error:not([hidden])")).to_contain_text("Knife — Damage:")  # next to the field
    page.screenshot(path=str(SHOTS / "armageddon-weapons-editor-768x1024.png"), full_page=True)
    page.set_viewport_size({"width": 390, "height": 844})
    knife.scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / "armageddon-weapons-editor-390x844.png"))
    page.set_viewport_size({"width": 768, "height": 1024})
    knife.locator('input[name="weapons.0.damage"]').fill("d4 × Strength")
    form.get_by_role("button", name="Save weapons and armour").click()
    expect(form).to_be_hidden()
    expect(page.locator("section.weapons")).to_contain_text("d4 × Strength slashing/stabbing (Hand Weapon)")
    assert sheets(page, campaign_id)["Jack"]["weapons"] == [
        {
            "name": "Knife",
            "skill": "Hand Weapon",
            "damage": "d4 × Strength",
            "damage_type": "slashing/stabbing",
            "success_levels": True,
        }
    ]

    back_to_party(page)
    open_sheet(page, "Ann")
    give_armour(page, {"name": "Vest", "value": 3})
    expect(page.locator("section.weapons")).to_contain_text("Armour: Vest (3)")
    assert sheets(page, campaign_id)["Ann"]["armour"] == {"name": "Vest", "value": 3}

    # Jack attacks Ann from his sheet: his weapons are the choices (a punch besides), Ann dodges
    back_to_party(page)
    open_sheet(page, "Jack")
    page.locator('.quick-actions [data-action="attack"]').click()
    drawer = page.locator(".drawer")
    drawer.get_by_label("Target", exact=True).select_option(label="Ann")
    expect(drawer.locator('select[name="weapon"] option')).to_have_text(
        ["Knife: d4 × Strength", "Punch: d4 × Strength"]
    )
    # the exact odds of the attack: the chance to hit, and what the hit may do to Ann
    chances = drawer.locator("[data-odds-region] .odds-chances")
    expect(chances).to_contain_text("Hits:")
    expect(chances).to_contain_text("Drops to 0 LP or below:")
    expect(chances).to_contain_text("Knocked out (fails the Consciousness Test):")
    expect(drawer.locator("[data-odds-region]")).to_contain_text("Avoided by the defence")
    # attack d10 8 + Dexterity 2 + Hand Weapon 2 = 12 (Decent, 2 Success Levels); Ann's dodge 3 + 2 − 2 = 3 fails;
    # knife d4 3 × Strength 2 = 6, + 2 Success Levels = 8, − Vest 3 = 5
    text = roll(page, faces="8 3 3", fields={"weapon": "Knife", "defence": "dodge"})
    assert "Jack hits Ann with Knife for 5 damage" in text, text
    assert "Ann loses 5 LP (26 → 21)" in text
    page.screenshot(path=str(SHOTS / "armageddon-attack-768x1024.png"), full_page=True)
    page.set_viewport_size({"width": 390, "height": 844})
    page.screenshot(path=str(SHOTS / "armageddon-attack-390x844.png"))
    page.set_viewport_size({"width": 768, "height": 1024})
    page.get_by_role("button", name="Close the roll drawer").click()
    after = sheets(page, campaign_id)
    assert after["Ann"]["current"]["life_points"] == 21 and after["Ann"]["armour"] == {"name": "Vest", "value": 3}
    assert after["Jack"]["weapons"][0]["name"] == "Knife"


def test_semiautomagic_aluminium_club_and_leather_then_an_attack_from_the_sheet(app):
    page = app
    page.set_viewport_size({"width": 768, "height": 1024})
    campaign_id = "c-clubs"
    party = {"pc-mira": semiautomagic_creature("Mira", {"Weapon Skill": 2}), "pc-grub": semiautomagic_creature("Grub")}
    open_stored(page, campaign_record(campaign_id, "Clubs", "semiautomagic", party), f"#/c/{campaign_id}")

    open_sheet(page, "Mira")
    form = add_preset(page, "Aluminium club")
    club = form.locator('[data-weapon="0"]')
    expect(club.locator('input[name="weapons.0.damage"]')).to_have_value("1d8")
    expect(club.locator('input[name="weapons.0.light_material"]')).to_be_checked()
    club.locator('input[name="weapons.0.damage"]').fill("1d7")
    form.get_by_role("button", name="Save weapons and armour").click()
    expect(club.locator(".field-error:not([hidden])")).to_contain_text("Aluminium club — Damage:")
    page.screenshot(path=str(SHOTS / "semiautomagic-weapons-editor-768x1024.png"), full_page=True)
    club.locator('input[name="weapons.0.damage"]').fill("1d8")
    form.get_by_role("button", name="Save weapons and armour").click()
    expect(form).to_be_hidden()
    expect(page.locator("section.weapons")).to_contain_text("1d8 Bludgeoning, light material (one die smaller)")

    back_to_party(page)
    open_sheet(page, "Grub")
    give_armour(page, {"name": "Leather", "defence": 2, "mobility_penalty": 1})
    expect(page.locator("section.weapons")).to_contain_text("Armour: Leather (Defence 2, mobility penalty 1)")
    page.set_viewport_size({"width": 390, "height": 844})
    page.locator("section.weapons").scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / "semiautomagic-armour-390x844.png"))
    page.set_viewport_size({"width": 768, "height": 1024})

    back_to_party(page)
    open_sheet(page, "Mira")
    page.locator('.quick-actions [data-action="attack"]').click()
    drawer = page.locator(".drawer")
    drawer.get_by_label("Target", exact=True).select_option(label="Grub")
    expect(drawer.locator('select[name="weapon"] option')).to_have_text(
        ["Aluminium club: 1d8 Bludgeoning, light material (one die smaller)"]
    )
    # attack d6 4 + Weapon Skill 2 = 6 ≥ Target 4; the club's 1d8 is a 1d6 (aluminium): 6 > Grub's Minimum
    # Toughness 5 (Toughness 6 + Endurance 3 + Leather 2 = 11): a wound
    text = roll(page, faces="4 6", fields={"defence": "none"})
    assert "hit: 6 Bludgeoning damage" in text, text
    page.locator(".drawer .trace summary").click()
    assert "1d8 → 1d6 (one die smaller)" in page.locator(".drawer .trace").inner_text()
    assert "Grub is wounded (1 wound; Toughness 10)" in text, text
    page.get_by_role("button", name="Close the roll drawer").click()
    after = sheets(page, campaign_id)
    assert after["Grub"]["wounds"] == 1 and after["Grub"]["armour"]["name"] == "Leather"
    assert after["Mira"]["weapons"][0]["light_material"] is True
