"""Three things of a game master's evening, as the page does them:

- A healing move opens from either end (web/games/healing.mjs): from the healer's sheet the patient is picked from
  the campaign and the healer's skill fills the roll; from the patient's, the healer is picked among those who can
  act (the engine's coc.capacity: the dead treat nobody), each named with the skill they would roll (rules/coc.md §3.9).
- Undo names what it undoes in the log entry's own words and shows only where that change is: on the sheets of the
  characters it changed and on the log (web/app/undo_scope.mjs).
- The dice are one choice per campaign, kept in its record (py_rules/campaign/dice_mode.py): the drawer's choice is
  the encounter's, survives a reload, and the Roll button says "Roll with your dice" when the table rolls.

Screenshots go to test-results/healer-undo-dice/ at 768 × 1024, 1024 × 768 and 390 × 844."""

from pathlib import Path

import pytest
from playwright.sync_api import expect

from py_rules.coc.investigator import EXAMPLE as HARVEY
from tests.web.helpers import campaign_record, open_stored, stored_campaigns, stored_log
from tests.web.test_encounter_steps import named, seed

pytestmark = pytest.mark.shared_app  # one booted page for the module, emptied before each test (conftest.py, app)

SHOTS = Path(__file__).resolve().parents[2] / "test-results" / "healer-undo-dice"
SIZES = [(768, 1024), (1024, 768), (390, 844)]


def party():
    """Harvey, a medic (First Aid 50); Jack, hurt (5 HP of 12); Bob, dead, whose First Aid 80 is no use to anyone."""
    jack = {**named(HARVEY, "Jack"), "hp": 5}
    bob = {**named(HARVEY, "Bob"), "hp": 0, "conditions": {"dead": True}}
    bob["skills"] = {**bob["skills"], "First Aid": 80}
    return {"pc-harvey": named(HARVEY, "Harvey"), "pc-jack": jack, "pc-bob": bob}


def a_party(page):
    """The campaign of :func:`party`, no encounter, opened on Harvey's sheet; its id."""
    record = campaign_record("c-clinic", "Clinic", "coc", party())
    open_stored(page, record, "#/c/c-clinic/sheet/pc-harvey")
    sheet(page, "pc-harvey")
    return "c-clinic"


def sheet(page, character_id):
    page.goto(page.url.split("#")[0] + f"#/c/c-clinic/sheet/{character_id}")
    expect(page.locator(f'section.sheet[data-character="{character_id}"]')).to_be_visible()


def stored_sheet(page, name):
    record = next(each for each in stored_campaigns(page) if each["id"] == "c-clinic")
    return next(each["sheet"] for each in record["characters"] if each["sheet"]["name"] == name)


def shots(page, name, centred=None):
    """Screenshots at each size; ``centred``: a locator brought to the middle of the view first."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        if centred is not None:
            centred.evaluate("node => node.scrollIntoView({ block: 'center' })")
        page.screenshot(path=str(SHOTS / f"{name}-{width}x{height}.png"))
    page.set_viewport_size({"width": 768, "height": 1024})


def test_first_aid_from_the_healers_sheet_with_the_patient_picked_and_no_dead_medic(app):
    page = app
    a_party(page)
    page.locator('section.sheet .quick-actions [data-action="first_aid"]').click()
    drawer = page.locator('.drawer[data-drawer="coc.first_aid"]')
    expect(drawer.get_by_role("radio", name="Gives it")).to_be_checked()  # Harvey can act: he treats
    patient = drawer.get_by_label("Patient", exact=True)
    expect(patient.locator("option")).to_have_text(["Choose…", "Jack", "Bob"])
    expect(drawer.locator('input[name="skill"]')).to_have_value("50")  # Harvey's First Aid, not the patient's
    expect(drawer.locator(".heal-skill")).to_have_text("Harvey rolls First Aid 50.")
    drawer.locator("button.roll").click()  # nobody picked yet: asked first, nothing rolled
    expect(drawer.locator(".drawer-error")).to_have_text("Choose who is treated first.")
    patient.select_option(label="Jack")
    expect(drawer.locator(".drawer-error")).to_have_count(0)  # answered
    expect(drawer.locator('input[name="skill"]')).to_have_value("50")
    shots(page, "first-aid-from-the-healer")
    drawer.get_by_text("Physical dice", exact=True).click()
    drawer.locator('input[name="dice"]').fill("5 10")  # units 5, tens 10: 15 against First Aid 50, a success, 1 HP back
    drawer.locator("button.roll").click()
    expect(drawer.locator("[data-result]")).to_be_visible()
    assert stored_sheet(page, "Jack")["hp"] == 6  # the patient healed
    assert stored_sheet(page, "Harvey") == named(HARVEY, "Harvey")  # the healer's sheet untouched
    entry = stored_log(page, "c-clinic")[-1]
    assert entry["result"]["label"] == "Harvey: First Aid → Jack"  # who treated whom, in the log
    assert entry["args"]["medic_name"] == "Harvey"  # the medic goes with the roll, so a forum post names both
    page.get_by_role("button", name="Close the roll drawer").click()

    # from the patient: the healer is picked among those who can act, each with the skill they would roll
    sheet(page, "pc-jack")
    page.locator('section.sheet .quick-actions [data-action="first_aid"]').click()
    drawer.get_by_text("Receives it").click()
    medic = drawer.get_by_label("Medic", exact=True)
    expect(medic.locator("option")).to_have_text(["Nobody from the campaign: type the skill", "Harvey — First Aid 50"])
    medic.select_option(label="Harvey — First Aid 50")
    expect(drawer.locator('input[name="skill"]')).to_have_value("50")
    expect(drawer.locator(".heal-skill")).to_have_text("Harvey rolls First Aid 50.")
    page.get_by_role("button", name="Close the roll drawer").click()

    # the dead man's sheet: he is the patient, and cannot be made the one who treats
    sheet(page, "pc-bob")
    page.locator('section.sheet .quick-actions [data-action="first_aid"]').click()
    expect(drawer.get_by_role("radio", name="Receives it")).to_be_checked()
    expect(drawer.get_by_role("radio", name="Gives it")).to_be_disabled()
    expect(drawer).to_contain_text("Bob cannot act now, so cannot treat anyone.")
    expect(drawer.get_by_label("Medic", exact=True).locator("option")).to_have_text(
        ["Nobody from the campaign: type the skill", "Harvey — First Aid 50", "Jack — First Aid 50"]
    )
    shots(page, "first-aid-on-the-dead")


def test_undo_names_the_change_and_shows_only_on_the_sheets_it_changed(app):
    page = app
    a_party(page)
    page.locator('section.sheet .quick-actions [data-action="first_aid"]').click()
    drawer = page.locator('.drawer[data-drawer="coc.first_aid"]')
    drawer.get_by_label("Patient", exact=True).select_option(label="Jack")
    drawer.get_by_text("Physical dice", exact=True).click()
    drawer.locator('input[name="dice"]').fill("5 10")
    drawer.locator("button.roll").click()
    expect(drawer.locator("[data-result]")).to_be_visible()
    page.get_by_role("button", name="Close the roll drawer").click()

    undo = page.locator('.undo-bar [data-history="undo"]')
    expect(undo).to_have_count(0)  # Harvey's sheet: the First Aid changed Jack, not him
    sheet(page, "pc-bob")
    expect(undo).to_have_count(0)
    sheet(page, "pc-jack")
    expect(undo).to_have_text("↶Undo: Harvey's First Aid on Jack")
    shots(page, "undo-on-the-patient")
    page.get_by_role("link", name="Log").click()
    expect(undo).to_have_text("↶Undo: Harvey's First Aid on Jack")  # the log shows every change
    undo.click()  # one tap, no question
    expect(page.locator('.undo-bar [data-history="redo"]')).to_have_text("↷Redo: Harvey's First Aid on Jack")
    assert stored_sheet(page, "Jack")["hp"] == 5
    sheet(page, "pc-jack")
    expect(page.locator('.undo-bar [data-history="redo"]')).to_be_visible()  # Redo changes Jack: shown here
    sheet(page, "pc-harvey")
    expect(page.locator(".undo-bar")).to_have_count(0)


def test_the_dice_chosen_in_the_drawer_are_the_encounters_and_survive_a_reload(app):
    page = app
    seed(page, "coc", {"pc-harvey": named(HARVEY, "Harvey"), "pc-jack": named(HARVEY, "Jack")})
    controls = page.locator(".encounter-controls")
    expect(controls.get_by_role("radio", name="Digital")).to_be_checked()
    page.goto(page.url.split("#")[0] + "#/c/c-cellar/sheet/pc-harvey")
    page.locator('[data-row="skill-Spot Hidden"]').click()
    drawer = page.locator(".drawer")
    expect(drawer.locator("button.roll")).to_have_text("Roll")
    drawer.get_by_text("Physical dice", exact=True).click()
    expect(drawer.locator("button.roll")).to_have_text("Roll with your dice")  # the choice is on the button
    shots(page, "roll-with-your-dice")
    page.get_by_role("button", name="Close the roll drawer").click()
    assert next(each for each in stored_campaigns(page) if each["id"] == "c-cellar")["dice"] == "physical"

    page.goto(page.url.split("#")[0] + "#/c/c-cellar/encounter/enc-1")
    expect(controls.get_by_role("radio", name="Physical dice")).to_be_checked()  # the same choice
    page.reload()
    expect(page.locator("html")).to_have_attribute("data-ready", "true", timeout=120_000)
    expect(controls.get_by_role("radio", name="Physical dice")).to_be_checked()  # kept with the campaign
    shots(page, "encounter-physical-dice", centred=controls.locator(".dice-field"))

    # chosen back in the encounter: the drawer follows
    controls.get_by_text("Digital", exact=True).click()
    page.goto(page.url.split("#")[0] + "#/c/c-cellar/sheet/pc-harvey")
    page.locator('[data-row="skill-Spot Hidden"]').click()
    expect(drawer.get_by_role("radio", name="Digital")).to_be_checked()
    expect(drawer.locator("button.roll")).to_have_text("Roll")
    assert next(each for each in stored_campaigns(page) if each["id"] == "c-cellar")["dice"] == "digital"


def test_first_aid_from_a_combatants_card_treats_the_patient_picked(app):
    page = app
    hurt = {**named(HARVEY, "Jack"), "hp": 5}
    seed(page, "coc", {"pc-harvey": named(HARVEY, "Harvey"), "pc-jack": hurt})
    card = page.locator('.combatant[aria-current="true"]')
    name = card.locator(".quick-actions").get_attribute("aria-label").removeprefix("What ").removesuffix(" does")
    other = "Jack" if name == "Harvey" else "Harvey"
    card.locator('.quick-actions [data-action="first_aid"]').click()
    drawer = page.locator('.drawer[data-drawer="coc.first_aid"]')
    expect(drawer.get_by_role("radio", name="Gives it")).to_be_checked()  # whose turn it is treats
    drawer.get_by_label("Patient", exact=True).select_option(label=other)
    expect(drawer.locator(".heal-skill")).to_have_text(f"{name} rolls First Aid 50.")
    expect(drawer.locator('input[name="skill"]')).to_have_value("50")
