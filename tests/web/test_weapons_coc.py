"""Call of Cthulhu weapons and armour on the sheet (TABLE.md): a knife from the common list and armour given
through the sheet's editor, a bad damage refused next to its field in the form's words, then an attack in an
encounter with the knife: the target's HP go down by the knife's damage + the attacker's Damage Bonus − the
target's armour, both sheets stored changed.

Where the guided form is not what is tested, the campaign is put straight into storage with the sheets the form makes
from the same numbers (tests/web/guided_sheets.py)."""

from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.web.guided_sheets import investigator
from tests.web.helpers import campaign_record, new_campaign, open_sheet, open_stored, roll, stored_campaigns
from tests.web.test_screens import check

pytestmark = pytest.mark.shared_app  # one booted page for the module, emptied before each test (conftest.py, app)

SHOTS = Path("test-results/screens")


def sheets(page, campaign_id):
    record = [each for each in stored_campaigns(page) if each["id"] == campaign_id][0]
    return {each["sheet"]["name"]: each["sheet"] for each in record["characters"]}


def combatant(page, name):
    return page.locator(".combatant", has=page.locator("h3", has_text=name))


def test_a_knife_and_armour_from_the_sheet_then_an_attack_in_an_encounter(app):
    page = app
    page.set_viewport_size({"width": 768, "height": 1024})
    campaign_id = "c-knives"
    # Harvey: STR 70 + SIZ 65 = 135 → Damage Bonus +1D4; the Cultist: STR 50 + SIZ 50 → no Damage Bonus
    party = {
        "ch-harvey": investigator("Harvey", STR=70, SIZ=65, DEX=60),
        "ch-cultist": investigator("Cultist", STR=50, SIZ=50, CON=60, DEX=50),
    }
    open_stored(page, campaign_record(campaign_id, "Knives", "coc", party), f"#/c/{campaign_id}/sheet/ch-harvey")
    expect(page.locator("#sheet-title")).to_have_text("Harvey")
    panel = page.locator("section.weapons")
    expect(panel).to_contain_text("No weapons")
    panel.get_by_role("button", name="Edit weapons and armour").click()
    form = page.locator("form.weapons-form")
    form.locator('select[name="new-weapon"]').select_option(label="Small knife")
    form.get_by_role("button", name="Add weapon").click()
    knife = form.locator('[data-weapon="0"]')
    expect(knife.locator('input[name="weapons.0.name"]')).to_have_value("Small knife")
    expect(knife.locator('select[name="weapons.0.skill"]')).to_have_value("Fighting (Brawl)")
    expect(knife.locator('input[name="weapons.0.impale"]')).to_be_checked()
    knife.locator('input[name="weapons.0.name"]').fill("Knife")
    knife.locator('input[name="weapons.0.damage"]').fill("1D4 and a bit")
    form.get_by_role("button", name="Save weapons and armour").click()
    error = knife.locator(".field-error:not([hidden])")
    expect(error).to_contain_text("Knife — Damage:")  # the engine's refusal, next to the field, in the form's words
    page.screenshot(path=str(SHOTS / "coc-weapons-editor-768x1024.png"), full_page=True)
    page.set_viewport_size({"width": 390, "height": 844})
    knife.scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / "coc-weapons-editor-390x844.png"))
    page.set_viewport_size({"width": 768, "height": 1024})
    knife.locator('input[name="weapons.0.damage"]').fill("1D4")
    form.get_by_role("button", name="Save weapons and armour").click()
    expect(form).to_be_hidden()
    expect(panel).to_contain_text("Knife")
    expect(panel).to_contain_text("Fighting (Brawl), 1D4 + DB, impales")
    page.set_viewport_size({"width": 390, "height": 844})
    panel.scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / "coc-weapons-sheet-390x844.png"))
    page.set_viewport_size({"width": 768, "height": 1024})
    stored = sheets(page, campaign_id)["Harvey"]
    assert stored["weapons"] == [
        {
            "name": "Knife",
            "skill": "Fighting (Brawl)",
            "damage": "1D4",
            "db": "full",
            "impale": True,
            "range": "",
            "attacks": 1,
            "ammo": None,
            "malfunction": None,
            "loaded": None,
            "jammed": False,
        }
    ]

    page.get_by_role("link", name="Party").click()
    open_sheet(page, "Cultist")
    page.locator("section.weapons").get_by_role("button", name="Edit weapons and armour").click()
    page.locator('form.weapons-form input[name="armour"]').fill("1")
    page.get_by_role("button", name="Save weapons and armour").click()
    expect(page.locator("section.weapons")).to_contain_text("Armour points: 1")
    assert sheets(page, campaign_id)["Cultist"]["armour"] == 1

    # the encounter: Harvey attacks the Cultist with the knife (his weapons are the choices, then unarmed)
    page.get_by_role("link", name="Encounter").click()
    page.get_by_label("Name of the encounter").fill("The alley")
    page.get_by_role("button", name="Start the encounter").click()
    for name in ("Harvey", "Cultist"):
        page.locator(".party-pick button", has_text=name).click()
        expect(combatant(page, name)).to_be_visible()
    combatant(page, "Harvey").locator('[data-action="attack"]').click()
    combatant(page, "Harvey").locator(".target-picker button", has_text="Cultist").click()
    weapon = page.locator('.drawer select[name="weapon"]')
    expect(weapon.locator("option")).to_have_text(["Knife", "Unarmed"])
    expect(weapon).to_have_value("Knife")  # his first weapon is picked at first
    page.screenshot(path=str(SHOTS / "coc-attack-weapon-768x1024.png"))
    # Fighting (Brawl) 20 (hits, Hard), the Cultist's Dodge 90 (fails); knife 1D4 = 3, Damage Bonus 1D4 = 2; armour 1
    text = roll(page, faces="0 20 0 90 3 2", fields={"weapon": "Knife", "defence": "dodge"})
    assert "Harvey hits Cultist with Knife for 4" in text, text
    page.get_by_role("button", name="Close the roll drawer").click()
    after = sheets(page, campaign_id)
    assert after["Cultist"]["hp"] == 11 - (3 + 2 - 1)
    assert after["Harvey"]["last_roll"]["name"] == "Fighting (Brawl)"
    expect(combatant(page, "Cultist")).to_contain_text("7/11")


def test_the_guided_form_gives_a_new_investigator_weapons_and_armour(app):
    page = app
    page.set_viewport_size({"width": 390, "height": 844})
    campaign_id = new_campaign(page, "Armed", "coc")
    page.get_by_role("button", name="New investigator").click()
    form = page.locator("form.new-character")
    form.locator('input[name="name"]').fill("Ann")
    form.locator('select[name="new-weapon"]').select_option(label=".38 Revolver")
    form.get_by_role("button", name="Add weapon").click()
    revolver = form.locator('[data-weapon="0"]')
    expect(revolver.locator('select[name="weapons.0.db"]')).to_have_value("none")
    expect(revolver.locator('input[name="weapons.0.ammo"]')).to_have_value("6")
    revolver.locator('input[name="weapons.0.damage"]').fill("1D10 plus")
    expect(revolver.locator(".field-error:not([hidden])")).to_contain_text(
        ".38 Revolver — Damage:"
    )  # the engine's words, at the field
    revolver.locator('input[name="weapons.0.damage"]').fill("1D10")
    form.locator('input[name="armour"]').fill("2")
    revolver.scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / "coc-new-investigator-weapons-390x844.png"))
    expect(form.locator(".derived dl")).to_be_visible()
    form.get_by_role("button", name="Create Ann").click()
    expect(page.locator(".character-card", has_text="Ann")).to_be_visible()
    ann = sheets(page, campaign_id)["Ann"]
    assert ann["armour"] == 2
    assert ann["weapons"] == [
        {
            "name": ".38 Revolver",
            "skill": "Firearms (Handgun)",
            "damage": "1D10",
            "db": "none",
            "impale": True,
            "range": "15 yd",
            "attacks": 3,  # a handgun's rate of fire "1(3)" (rules/coc.md §3.12 D18)
            "ammo": 6,
            "malfunction": 100,
            "loaded": None,
            "jammed": False,
        }
    ]


def test_the_weapons_editor_reads_well_everywhere(tablet):
    """No developer words, no serious accessibility problem, every target at least 44 px, no sideways scroll at
    any size (the screens test's check), with two weapons and the armour open for editing."""
    page = tablet
    open_stored(
        page,
        campaign_record("c-screens", "Screens", "coc", {"ch-harvey": investigator("Harvey")}),
        "#/c/c-screens/sheet/ch-harvey",
    )
    expect(page.locator("#sheet-title")).to_have_text("Harvey")
    page.get_by_role("button", name="Edit weapons and armour").click()
    form = page.locator("form.weapons-form")
    for name in ("Small knife", ".38 Revolver"):
        form.locator('select[name="new-weapon"]').select_option(label=name)
        form.get_by_role("button", name="Add weapon").click()
    expect(form.locator("fieldset.weapon")).to_have_count(2)
    check(page, "coc-weapons-editor")
