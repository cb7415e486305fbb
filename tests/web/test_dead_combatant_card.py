"""A combatant's card offers only the moves their state allows: the engine's <game>.capacity lists each operation it
refuses them now (py_rules/capacity.py ``refused``). A dead investigator's card offers no Attack, no First Aid (the
dead treat nobody and are treated no more: seed 003, Hit points, Wounds, and Healing), no Firearm drawn and no other
roll; Damage and Remove stay. A dying one's card keeps First Aid (what helps them) and says nothing of "no penalty".
Screenshot at 768 × 1024 in test-results/dead-combatant/."""

from pathlib import Path

import pytest
from playwright.sync_api import expect

from py_rules.armageddon.character import EXAMPLE as JACK
from py_rules.coc.investigator import EXAMPLE as HARVEY
from tests.sheets import dying_harvey
from tests.web.test_encounter_steps import named, seed

pytestmark = pytest.mark.shared_app  # one booted page for the module, emptied before each test (conftest.py, app)

SHOTS = Path(__file__).resolve().parents[2] / "test-results" / "dead-combatant"


def card(page, name):
    return page.locator(".combatant", has=page.locator("h3", has_text=name))


def test_a_dead_investigators_card_offers_only_what_applies_to_the_dead(app):
    page = app
    page.set_viewport_size({"width": 768, "height": 1024})
    dead = {**named(HARVEY, "Dead Dan"), "hp": 0, "conditions": {"dead": True}}
    party = {"pc-dan": dead, "pc-dora": named(dying_harvey(), "Dying Dora"), "pc-ann": named(HARVEY, "Ann")}
    seed(page, "coc", party)
    dan, dora, ann = card(page, "Dead Dan"), card(page, "Dying Dora"), card(page, "Ann")
    expect(dan.locator(".capacity-line")).to_have_text("Can't act or defend: dead")
    # the living: every quick action and Firearm drawn, as before
    expect(ann.locator('[data-action="attack"]')).to_be_visible()
    expect(ann.locator('[data-step="firearm"]')).to_be_visible()
    expect(ann.locator(".capacity-penalties")).to_have_text("No penalty from their state")
    # the dead: no attack, treatment or firearm; damage and the turn controls with Remove stay
    for gone in ('[data-action="attack"]', '[data-action="first_aid"]', '[data-step="firearm"]'):
        expect(dan.locator(gone)).to_have_count(0)
    expect(dan.locator('[data-action="damage"]')).to_be_visible()
    for op in ("coc.skill_roll", "coc.luck_roll", "coc.sanity_roll", "coc.medicine", "coc.first_aid"):
        expect(dan.locator(f'[data-op="{op}"]')).to_have_count(0)
    dan.locator("details.more > summary").click()
    expect(dan.locator('[data-step="remove"]')).to_have_text("Remove Dead Dan")
    box = dan.locator('[data-step="remove"]').bounding_box()
    assert box["height"] >= 44
    # the dying: First Aid is what helps them; no "no penalty" beside "can't act or defend"
    expect(dora.locator('[data-action="first_aid"]')).to_be_visible()
    expect(dora.locator('[data-action="attack"]')).to_have_count(0)
    expect(dora.locator(".capacity-line")).to_contain_text("dying")
    expect(dora).not_to_contain_text("No penalty from their state")
    SHOTS.mkdir(parents=True, exist_ok=True)
    dan.scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / "dead-and-dying-768x1024.png"))
    dan.locator('[data-step="remove"]').click()
    expect(card(page, "Dead Dan")).to_have_count(0)


def test_a_dead_armageddon_characters_card_offers_no_healing_or_roll(app):
    page = app
    page.set_viewport_size({"width": 768, "height": 1024})
    dead = {**named(JACK, "Dead Jed"), "conditions": ["dead"]}
    seed(page, "armageddon", {"pc-jed": dead, "pc-kim": named(JACK, "Kim")})
    jed, kim = card(page, "Dead Jed"), card(page, "Kim")
    expect(jed.locator(".capacity-line")).to_have_text("Can't act or defend: dead")
    expect(kim.locator('[data-action="heal"]')).to_be_visible()
    for op in ("armageddon.attack", "armageddon.restore_points", "armageddon.first_aid", "armageddon.resuscitate"):
        expect(jed.locator(f'[data-op="{op}"]')).to_have_count(0)
    expect(jed.locator('[data-action="heal"]')).to_have_count(0)
    expect(jed.locator('[data-action="damage"]')).to_be_visible()
