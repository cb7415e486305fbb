"""Semiautomagic's guided form asks what is being made (creature, object, vehicle, robot: the sheet's declared kinds)
and keeps everything it holds: a creature made with a weapon, armour and two items has all of them on its sheet, the
speed shown follows the mobility penalties they give (seed 002, Mobility Penalty: ½ square each, they stack), its
items are changed on the sheet afterwards, and its weapon is used in an attack. A robot made in the app joins the
cast, has Will and can act, and an EMP above the EMP Toughness of its complexity (a field of its sheet) stops it
(seed 002, EMP). A robot's sheet brought in as JSON lands in the cast too."""

import json
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.web.helpers import new_campaign, new_character, open_sheet, roll, stored_campaigns, wait_until

pytestmark = pytest.mark.shared_app  # one booted page for the module, emptied before each test (conftest.py, app)

SHOTS = Path("test-results/screens")


def sheets(page, campaign_id):
    record = [each for each in stored_campaigns(page) if each["id"] == campaign_id][0]
    return {each["sheet"]["name"]: each for each in record["characters"]}


def add_item(form, index, name, penalty):
    form.get_by_role("button", name="Add an item").click()
    form.locator(f'input[name="items.{index}.name"]').fill(name)
    form.locator(f'input[name="items.{index}.mobility_penalty"]').fill(str(penalty))


def test_a_creature_made_with_a_weapon_armour_and_two_items_keeps_them_and_attacks_with_the_weapon(app):
    page = app
    page.set_viewport_size({"width": 1024, "height": 768})
    campaign_id = new_campaign(page, "Gear", "semiautomagic")
    new_character(page, "semiautomagic", "Grub")

    page.get_by_role("button", name="New creature").click()
    form = page.locator("form.new-character")
    expect(form.locator('select[name="kind"]')).to_have_value("creature")
    form.locator('input[name="name"]').fill("Mira")
    form.get_by_label("Find a skill").fill("Weapon Skill")
    form.locator(".skill-matches button", has_text="Weapon Skill").first.click()
    form.locator('input[name="skills.Weapon Skill"]').fill("2")
    form.locator('select[name="new-weapon"]').select_option(label="Knife")
    form.get_by_role("button", name="Add weapon").click()
    form.get_by_role("button", name="Add armour").click()
    form.locator('input[name="armour.name"]').fill("Leather")
    form.locator('input[name="armour.defence"]').fill("2")
    form.locator('input[name="armour.mobility_penalty"]').fill("1")
    add_item(form, 0, "Rope", 0)
    add_item(form, 1, "Anvil", 2)
    # the derived panel is the engine's: Defence 2 from the leather, speed 6 less ½ square for each of 3 penalties
    expect(form.locator(".derived dl")).to_contain_text("walk 4½ squares")
    form.get_by_role("button", name="Create Mira").click()
    expect(page.locator(".character-card", has_text="Mira")).to_be_visible()

    mira = sheets(page, campaign_id)["Mira"]
    assert mira["kind"] == "pc"
    sheet = mira["sheet"]
    assert [weapon["name"] for weapon in sheet["weapons"]] == ["Knife"]
    assert sheet["armour"] == {"name": "Leather", "defence": 2, "mobility_penalty": 1}
    assert sheet["items"] == [{"name": "Rope", "mobility_penalty": 0}, {"name": "Anvil", "mobility_penalty": 2}]
    assert sheet["skills"] == {"Weapon Skill": 2} and sheet["movement"] == {"walk": 6}

    open_sheet(page, "Mira")
    items = page.locator('section.entries[data-list="items"]')
    expect(items.locator("li")).to_have_text(["Rope", "Anvil mobility penalty 2"])
    expect(page.locator(".summary-line")).to_contain_text("Speed walk 4½ squares (mobility penalty 3: −1½ squares)")

    # after creation: the rope goes, the anvil is lightened, a lantern is added; the speed follows
    items.get_by_role("button", name="Edit items carried").click()
    editor = page.locator("form.entries-form")
    editor.get_by_role("button", name="Remove Rope").click()
    editor.locator('input[name="items.0.mobility_penalty"]').fill("51")
    editor.get_by_role("button", name="Save items carried").click()
    expect(editor.locator(".field-error:not([hidden])").first).to_contain_text("Anvil — Mobility penalty")
    editor.locator('input[name="items.0.mobility_penalty"]').fill("1")
    add_item(editor, 1, "Lantern", 0)
    editor.get_by_role("button", name="Save items carried").click()
    expect(editor).to_be_hidden()
    expect(page.locator('section.entries[data-list="items"] li')).to_have_text(["Anvil mobility penalty 1", "Lantern"])
    expect(page.locator(".summary-line")).to_contain_text("Speed walk 5 squares (mobility penalty 2: −1 square)")
    assert sheets(page, campaign_id)["Mira"]["sheet"]["items"] == [
        {"name": "Anvil", "mobility_penalty": 1},
        {"name": "Lantern", "mobility_penalty": 0},
    ]

    # the weapon made in the form is the attack's: d6 4 + Weapon Skill 2 = 6 ≥ Target 4; the knife's 1d6 rolls 6,
    # more than Grub's Minimum Toughness 3 (Toughness 9): a wound
    page.locator('.quick-actions [data-action="attack"]').click()
    drawer = page.locator(".drawer")
    drawer.get_by_label("Target", exact=True).select_option(label="Grub")
    expect(drawer.locator('select[name="weapon"] option')).to_have_text(["Knife: 1d6 Piercing"])
    text = roll(page, faces="4 6", fields={"defence": "none"})
    assert "hit: 6 Piercing damage" in text, text
    assert "Grub is wounded (1 wound; Toughness 8)" in text, text
    page.get_by_role("button", name="Close the roll drawer").click()
    after = sheets(page, campaign_id)
    assert after["Grub"]["sheet"]["wounds"] == 1
    assert (
        after["Mira"]["sheet"]["weapons"][0]["name"] == "Knife"
        and after["Mira"]["sheet"]["armour"]["name"] == "Leather"
    )


def test_a_robot_made_in_the_app_joins_the_cast_acts_and_an_emp_stops_it(app):
    page = app
    page.set_viewport_size({"width": 1024, "height": 768})
    campaign_id = new_campaign(page, "Machines", "semiautomagic")
    page.get_by_role("button", name="New creature").click()
    form = page.locator("form.new-character")
    form.locator('input[name="name"]').fill("Tin")
    form.locator('select[name="kind"]').select_option("robot")
    # a robot is electronic: its complexity is the EMP table's robots' (Advanced, EMP Toughness 3), a field of the sheet
    expect(form.locator('select[name="emp_complexity"]')).to_have_value("Advanced")
    expect(form.locator('select[name="emp_complexity"] option')).not_to_contain_text(["None"])
    expect(form.locator('select[name="character-kind"]')).to_have_value("npc")  # the GM runs it
    expect(page.locator("#new-character-title")).to_have_text("New robot")
    expect(form.locator('input[name="abilities.Spirit"]')).to_be_visible()
    expect(form.locator(".derived dl")).to_contain_text("EMP Toughness")
    form.scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / "semiautomagic-new-robot-1024x768.png"), full_page=True)
    page.set_viewport_size({"width": 390, "height": 844})
    form.locator('select[name="kind"]').scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / "semiautomagic-new-robot-390x844.png"))
    # an object has Durability and no abilities; back to a robot, the abilities come back
    form.locator('select[name="kind"]').select_option("object")
    expect(form.locator('input[name="abilities.Spirit"]')).to_have_count(0)
    expect(form.locator('input[name="defence.durability"]')).to_be_visible()
    form.locator('select[name="kind"]').select_option("robot")
    page.set_viewport_size({"width": 1024, "height": 768})
    form.get_by_role("button", name="Create Tin").click()
    expect(form).to_be_hidden()

    tin = sheets(page, campaign_id)["Tin"]
    assert tin["kind"] == "npc" and tin["sheet"]["kind"] == "robot" and tin["sheet"]["emp_complexity"] == "Advanced"
    page.get_by_role("link", name="Cast", exact=True).click()
    card = page.locator(".character-card", has_text="Tin")
    expect(card.locator(".summary-line")).to_contain_text("Will 9")
    expect(card.locator(".summary-line")).to_contain_text("EMP Toughness 3")
    expect(card.locator(".capacity")).to_have_attribute("data-can-act", "true")
    open_sheet(page, "Tin")
    expect(page.locator(".sheet-facts")).to_contain_text("Robot")

    page.locator('.quick-actions [data-action="damage"]').click()
    text = roll(page, fields={"damage": "4", "damage_type": "EMP"})
    assert "Tin stops working (EMP)" in text, text
    page.get_by_role("button", name="Close the roll drawer").click()
    expect(page.locator(".capacity")).to_have_attribute("data-can-act", "false")
    expect(page.locator(".character-card .conditions")).to_contain_text("stopped by an EMP")
    assert sheets(page, campaign_id)["Tin"]["sheet"]["emp_disabled"] is True
    page.screenshot(path=str(SHOTS / "semiautomagic-robot-sheet-1024x768.png"), full_page=True)
    page.set_viewport_size({"width": 390, "height": 844})
    page.screenshot(path=str(SHOTS / "semiautomagic-robot-sheet-390x844.png"))


def test_a_robots_sheet_imported_as_json_joins_the_cast_with_its_will(app, tmp_path):
    page = app
    campaign_id = new_campaign(page, "Imports", "semiautomagic")
    robot = {
        "schema": "semiautomagic.creature/1",
        "name": "Clank",
        "kind": "robot",
        "scale": 0,
        "abilities": {"Strength": 4, "Dexterity": 3, "Endurance": 3, "Intelligence": 2, "Spirit": 2},
    }
    path = tmp_path / "clank.json"
    path.write_text(json.dumps(robot), encoding="utf-8")
    page.get_by_role("link", name="About", exact=True).click()
    page.get_by_role("link", name="Tools for Imports").click()
    page.locator('section.power input[type="file"]').set_input_files(str(path))
    wait_until(
        page,
        """() => new Promise((resolve) => { const open = indexedDB.open("rules-companion");
        open.onsuccess = () => { const r = open.result.transaction("campaigns").objectStore("campaigns").getAll();
        r.onsuccess = () => { resolve(r.result.some((c) => c.characters.some((ch) => ch.sheet.name === "Clank"))); open.result.close(); }; }; })""",
    )
    clank = sheets(page, campaign_id)["Clank"]
    assert clank["kind"] == "npc" and clank["sheet"]["emp_complexity"] == "Advanced"
    page.goto(page.url.split("#")[0] + f"#/c/{campaign_id}/cast")
    card = page.locator(".character-card", has_text="Clank")
    expect(card.locator(".summary-line")).to_contain_text("Will 8")
    expect(card.locator(".capacity")).to_have_attribute("data-can-act", "true")
