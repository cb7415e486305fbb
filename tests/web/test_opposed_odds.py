"""The odds of an opposed roll say first who wins (TABLE.md, Roll drawer): "50.5% Harvey wins · 32.9% Nobody wins ·
16.7% Jack wins" above every outcome, the same exact numbers as the engine's (py_rules/odds.py, contest). An
unopposed roll shows its success chance as before. Screenshots go to test-results/opposed-odds/ at 768 × 1024 and
390 × 844."""

import json
from fractions import Fraction
from pathlib import Path

import pytest
from playwright.sync_api import expect

from py_rules import api
from py_rules.coc.investigator import EXAMPLE as HARVEY
from tests.web.helpers import campaign_record, open_stored
from tests.web.test_encounter_steps import named

pytestmark = pytest.mark.shared_app  # one booted page for the module, emptied before each test (conftest.py, app)

SHOTS = Path(__file__).resolve().parents[2] / "test-results" / "opposed-odds"


def party():
    jack = named(HARVEY, "Jack")
    jack["skills"] = {**jack["skills"], "Spot Hidden": 40}
    return {"pc-harvey": named(HARVEY, "Harvey"), "pc-jack": jack}


def open_harvey(page):
    record = campaign_record("c-odds", "Odds", "coc", party())
    open_stored(page, record, "#/c/c-odds/sheet/pc-harvey")
    expect(page.locator('section.sheet[data-character="pc-harvey"]')).to_be_visible()


def test_opposed_roll_odds_say_who_wins_first(app):
    page = app
    page.set_viewport_size({"width": 768, "height": 1024})
    open_harvey(page)
    page.locator('[data-row="skill-Spot Hidden"]').click()
    drawer = page.locator(".drawer")
    region = drawer.locator("[data-odds-region]")
    expect(region.locator("figcaption")).to_contain_text("success")  # alone, the roll's success chance
    expect(region.locator(".odds-contest")).to_have_count(0)
    drawer.locator('select[name="opponent"]').select_option(label="Jack")
    contest = region.locator(".odds-contest")
    expect(contest).to_be_visible()
    # first under the title, before the bars of every outcome
    first = region.locator("figure > :nth-child(2)")
    expect(first).to_have_class("odds-contest")
    sheets = party()
    args = {
        "investigator": sheets["pc-harvey"],
        "opponent": sheets["pc-jack"],
        "skill": "Spot Hidden",
        "opponent_skill": "Dodge",  # the drawer's first choice (Jack's Dodge 40)
    }
    engine = api.handle(json.loads(json.dumps({"op": "coc.opposed_roll", "args": args, "mode": "odds"})))
    assert engine["ok"], engine
    want = engine["result"]["contest"]
    items = contest.locator("li")
    texts = items.all_inner_texts()
    assert texts[0].endswith("Harvey wins") and texts[-1].endswith("Jack wins"), texts
    assert any("Nobody wins" in text for text in texts)
    titles = items.evaluate_all("items => items.map((li) => li.title)")
    assert titles[0] == f"exactly {want['a_wins']['p']}" and titles[-1] == f"exactly {want['b_wins']['p']}"
    assert Fraction(want["a_wins"]["p"]) > Fraction(want["b_wins"]["p"])  # Harvey's Spot Hidden 55 against Jack's 40
    SHOTS.mkdir(parents=True, exist_ok=True)
    for width, height in ((768, 1024), (390, 844)):
        page.set_viewport_size({"width": width, "height": height})
        region.scroll_into_view_if_needed()
        page.screenshot(path=str(SHOTS / f"opposed-odds-{width}x{height}.png"))
    page.set_viewport_size({"width": 768, "height": 1024})


INPUTS_ABOVE_ODDS = """(drawer) => {
  const region = drawer.querySelector("[data-odds-region]").getBoundingClientRect();
  return [...drawer.querySelectorAll(".drawer-scroll input, .drawer-scroll select, .drawer-scroll textarea")]
    .filter((input) => input.getClientRects().length)
    .map((input) => ({ name: input.name, type: input.type, above: input.getBoundingClientRect().bottom <= region.top }));
}"""


def test_every_input_of_the_drawer_lies_above_the_odds_so_their_arrival_moves_none(app):
    """The odds of a just-booted page come late; a chart drawn above the dice choice pushed it down under a finger
    pressing it, and the tap was lost (TABLE.md, Roll drawer: its inputs, digital or physical dice, then the exact odds)."""
    page = app
    page.set_viewport_size({"width": 768, "height": 1024})
    open_harvey(page)
    page.locator('[data-row="skill-Spot Hidden"]').click()
    drawer = page.locator(".drawer")
    expect(drawer.locator("[data-odds-region] figcaption")).to_contain_text("success")
    inputs = drawer.evaluate(INPUTS_ABOVE_ODDS)
    assert "opponent" in {each["name"] for each in inputs}, inputs
    assert [each["type"] for each in inputs].count("radio") == 2, inputs  # Digital, Physical dice
    assert all(each["above"] for each in inputs), inputs
