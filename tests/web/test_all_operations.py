"""Every operation of a game can be run from "All operations" with characters picked from the campaign
(TABLE.md, Screens: Rules): filled with what each form shows by default, each answers with a result or with a message
next to a field — never an internal error and never nothing."""

import pytest
from playwright.sync_api import expect

from py_rules import api
from tests.web.helpers import new_campaign, new_character
from tests.web.test_screens import DEVELOPER_WORDS

pytestmark = pytest.mark.shared_app  # one booted page for the module, emptied before each test (conftest.py, app)


@pytest.mark.parametrize("game", ["armageddon", "semiautomagic", "coc"])
def test_every_operation_answers_from_its_form(app, game):
    page = app
    new_campaign(page, "Everything", game)
    new_character(page, game, "Ann")
    new_character(page, game, "Bob")
    page.get_by_role("link", name="House rules").click()  # "All operations" is a link from the house rules
    page.get_by_role("link", name="All operations").click()
    operations = [op for op in api.catalog()["operations"] if op["system"] == game]
    answered, refused = [], []
    for op in operations:
        page.get_by_label("Operation", exact=True).select_option(op["id"])
        form = page.locator(f'form[data-op="{op["id"]}"]')
        for param in op["params"]:  # required text has no default: type what a user would
            if param["required"] and param["kind"] == "text":
                form.locator(f'[name="{param["name"]}"]').fill("Ann")
        form.locator("button[type=submit]").click()
        answer = form.locator("[data-result], .field-error:visible, .drawer-error")
        expect(answer.first).to_be_visible()
        if form.locator("[data-result]").count():
            if form.locator("[data-result] .trace summary").count():
                form.locator("[data-result] .trace summary").click()
            words = DEVELOPER_WORDS.findall(form.inner_text())
            assert words == [], (op["id"], words)
            answered.append(op["id"])
        else:
            text = answer.first.inner_text()
            assert text and "internal" not in text.lower() and "Error:" not in text, (op["id"], text)
            refused.append((op["id"], text))
    assert len(answered) + len(refused) == len(operations)
    assert len(answered) >= len(operations) * 2 // 3, refused
