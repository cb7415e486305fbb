"""An attack refused because the weapon is empty or jammed offers the next step with the refusal, as a button
(rules/coc.md §3.8 [BOOK]: ammunition and malfunction): "Reload .38 Revolver", or "Clear the jam (…)" for a jam
(Reload clears it). The button runs coc.reload on the shooter's sheet through the same path as every move: logged
and undoable; the attack then goes ahead. Screenshots go to test-results/coc-reload-refusal/ at 768 × 1024 and
390 × 844."""

from pathlib import Path

import pytest
from playwright.sync_api import expect

from py_rules.coc.investigator import EXAMPLE as HARVEY
from py_rules.coc.weapons import COMMON_WEAPONS
from tests.web.helpers import stored_campaigns, stored_log
from tests.web.test_encounter_steps import named, seed

pytestmark = pytest.mark.shared_app  # one booted page for the module, emptied before each test (conftest.py, app)

SHOTS = Path(__file__).resolve().parents[2] / "test-results" / "coc-reload-refusal"
REVOLVER = next(w for w in COMMON_WEAPONS if w["name"] == ".38 Revolver")


def combatant(page, name):
    return page.locator(".combatant", has=page.locator("h3", has_text=name))


def stored_gun(page, name):
    record = next(each for each in stored_campaigns(page) if each["id"] == "c-cellar")
    sheet = next(each["sheet"] for each in record["characters"] if each["sheet"]["name"] == name)
    return sheet["weapons"][0]


def shots(page, name):
    SHOTS.mkdir(parents=True, exist_ok=True)
    for width, height in ((768, 1024), (390, 844)):
        page.set_viewport_size({"width": width, "height": height})
        page.locator(".drawer .refusal-next").scroll_into_view_if_needed()
        page.screenshot(path=str(SHOTS / f"{name}-{width}x{height}.png"))
    page.set_viewport_size({"width": 768, "height": 1024})


def attack_jack(page):
    combatant(page, "Harvey").locator('[data-action="attack"]').click()
    combatant(page, "Harvey").locator(".target-picker button", has_text="Jack").click()
    drawer = page.locator(".drawer")
    expect(drawer.locator('select[name="weapon"]')).to_have_value(".38 Revolver")
    drawer.locator("button.roll").click()
    return drawer


def party(**gun):
    harvey = {**named(HARVEY, "Harvey"), "weapons": [dict(REVOLVER, **gun)]}
    return {"pc-harvey": harvey, "pc-jack": named(HARVEY, "Jack")}


def test_an_empty_weapon_refused_offers_reload_which_is_logged_undoable_and_lets_the_shot_go(app):
    page = app
    page.set_viewport_size({"width": 768, "height": 1024})
    seed(page, "coc", party(loaded=0))
    drawer = attack_jack(page)
    expect(drawer.locator(".drawer-error")).to_contain_text("empty (0 of 6 rounds left)")
    button = drawer.locator(".refusal-next button")
    expect(button).to_have_text("Reload .38 Revolver")
    box = button.bounding_box()
    assert box["height"] >= 44 and box["width"] >= 44
    shots(page, "reload-offered")
    entries = len(stored_log(page, "c-cellar"))
    button.click()
    expect(drawer.locator("[data-result]")).to_contain_text("6")
    expect(drawer.locator(".drawer-error")).to_have_count(0)
    assert stored_gun(page, "Harvey")["loaded"] == 6
    log = stored_log(page, "c-cellar")
    assert len(log) == entries + 1 and log[-1]["result"]["op"] == "coc.reload"
    # the attack goes ahead now, from the same drawer (a tap once the result has settled, not the reload's own)
    page.wait_for_timeout(800)
    drawer.locator("button.again").click()
    expect(drawer.locator("[data-result]")).to_contain_text("Jack")  # the attack's result, no longer the reload's
    assert stored_gun(page, "Harvey")["loaded"] == 5
    page.get_by_role("button", name="Close the roll drawer").click()
    # undo the shot, then the reload: the revolver is empty again
    undo = page.locator('.undo-bar [data-history="undo"]')
    undo.click()
    expect(undo).to_have_text("↶Undo: Harvey reloads")
    undo.click()
    expect(page.locator('.undo-bar [data-history="redo"]')).to_have_text("↷Redo: Harvey reloads")
    assert stored_gun(page, "Harvey")["loaded"] == 0


def test_a_jammed_weapon_refused_offers_to_clear_the_jam(app):
    page = app
    page.set_viewport_size({"width": 768, "height": 1024})
    seed(page, "coc", party(jammed=True))
    drawer = attack_jack(page)
    expect(drawer.locator(".drawer-error")).to_contain_text("is jammed")
    button = drawer.locator(".refusal-next button")
    expect(button).to_have_text("Clear the jam (.38 Revolver)")
    shots(page, "clear-the-jam-offered")
    button.click()
    expect(drawer.locator("[data-result]")).to_be_visible()
    assert stored_gun(page, "Harvey")["jammed"] is False
