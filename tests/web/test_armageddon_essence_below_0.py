"""Spending Essence below 0 (seed 000, Essence; rules/armageddon.md §1.12, §1.16 A13): the confirmation says when the
Willpower Test is rolled, and the result names the Test rolled with the loss, passed or failed, beside the loss
itself (not only in the trace). Under the house rule that rolls the checks once a day, the confirmation says so
and no Test is rolled with the loss."""

import re

import pytest
from playwright.sync_api import expect

from py_rules.armageddon.character import EXAMPLE as JACK
from tests.web.helpers import open_stored, stored_campaigns
from tests.web.test_encounter_steps import named

pytestmark = pytest.mark.shared_app  # one booted page for the module, emptied before each test (conftest.py, app)


def spend(page, settings):
    jack = {**named(JACK, "Jack"), "current": {"essence": 5}}
    record = {
        "schema": "rules-companion.campaign/2",
        "id": "c-essence",
        "name": "Essence",
        "game": "armageddon",
        "created": "2026-01-05T19:00:00.000Z",
        "updated": "2026-01-05T19:00:00.000Z",
        "revision": 0,
        "settings": settings,
        "log": [],
        "encounters": [],
        "characters": [{"id": "pc-jack", "kind": "pc", "sheet": jack}],
    }
    page.set_viewport_size({"width": 768, "height": 1024})
    open_stored(page, record, "#/c/c-essence/sheet/pc-jack")
    expect(page.locator('section.sheet[data-character="pc-jack"]')).to_be_visible()
    page.locator('section.sheet .quick-actions [data-action="essence"]').click()
    drawer = page.locator('.drawer[data-drawer="armageddon.lose_essence"]')
    drawer.locator('input[name="amount"]').fill("9")
    drawer.locator("button.roll").click()
    return drawer, page.get_by_role("dialog", name="Spend it?")


def essence(page):
    record = next(each for each in stored_campaigns(page) if each["id"] == "c-essence")
    return record["characters"][0]["sheet"]["current"]["essence"]


def test_spending_essence_below_0_names_the_willpower_test_rolled_with_it(app):
    page = app
    drawer, ask = spend(page, {})
    expect(ask).to_contain_text("Jack will be at −4 Essence, and below 0 the Willpower Test is rolled at once")
    ask.get_by_role("button", name="Spend").click()
    expect(drawer.locator("[data-result] .headline")).to_have_text("Jack loses 9 Essence to emotional stress (5 → -4).")
    events = drawer.locator("[data-result] .events")
    expect(events).to_contain_text(
        re.compile(r"Jack (passes|fails) the Willpower Test for Essence -4 \(-?\d+ against 9\)\.")
    )
    assert essence(page) == -4


def test_under_the_once_a_day_house_rule_the_confirmation_says_when_the_test_comes(app):
    page = app
    drawer, ask = spend(page, {"essence_check_timing": "daily"})
    expect(ask).to_contain_text("the Willpower Test is rolled when the day passes (house rule: once a day)")
    ask.get_by_role("button", name="Spend").click()
    expect(drawer.locator("[data-result] .headline")).to_have_text("Jack loses 9 Essence to emotional stress (5 → -4).")
    expect(drawer.locator("[data-result]")).not_to_contain_text("fails the Willpower Test")
    expect(drawer.locator("[data-result]")).not_to_contain_text("passes the Willpower Test")
    assert essence(page) == -4
