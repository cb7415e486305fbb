"""Every operation of a game can be run from "All operations" with characters picked from the campaign
(TABLE.md, Screens: Rules): filled with what each form shows by default, each answers with a result or with a message
next to a field — never an internal error and never nothing. The campaign (Ann and Bob, as the guided form makes them)
is put straight into storage: making it is test_table's."""

import pytest
from playwright.sync_api import expect

from py_rules import api
from tests.web.guided_sheets import guided
from tests.web.helpers import campaign_record, open_stored
from tests.web.test_screens import DEVELOPER_WORDS

pytestmark = pytest.mark.shared_app  # one booted page for the module, emptied before each test (conftest.py, app)

SHOWN = """(form) => {
    const result = form.querySelector("[data-result]");
    if (result) {
        for (const trace of result.querySelectorAll("details.trace")) trace.open = true;  // its words are read too
        return { result: true, text: form.innerText };
    }
    const errors = [...form.querySelectorAll(".field-error, .drawer-error")];
    const first = errors.find((each) => each.matches(".drawer-error") || each.checkVisibility());
    return { result: false, text: first ? first.innerText : "" };
}"""
"""What the form answered, read in one call: its whole text with the result's trace open, or the first refusal shown."""


@pytest.mark.parametrize("game", ["armageddon", "semiautomagic", "coc"])
def test_every_operation_answers_from_its_form(app, game):
    page = app
    party = {"pc-ann": guided(game, "Ann"), "pc-bob": guided(game, "Bob")}
    open_stored(page, campaign_record("c-all", "Everything", game, party), "#/c/c-all/rules")
    page.get_by_role("link", name="All operations").click()  # "All operations" is a link from the house rules
    operations = [op for op in api.catalog()["operations"] if op["system"] == game]
    answered, refused = [], []
    for op in operations:
        page.get_by_label("Operation", exact=True).select_option(op["id"])
        form = page.locator(f'form[data-op="{op["id"]}"]')
        for param in op["params"]:  # required text has no default: type what a user would
            if param["required"] and param["kind"] == "text":
                form.locator(f'[name="{param["name"]}"]').fill("Ann")
        form.locator("button[type=submit]").click()
        expect(form.locator("[data-result], .field-error:visible, .drawer-error").first).to_be_visible()
        shown = form.evaluate(SHOWN)
        if shown["result"]:
            words = DEVELOPER_WORDS.findall(shown["text"])
            assert words == [], (op["id"], words)
            answered.append(op["id"])
        else:
            text = shown["text"]
            assert text and "internal" not in text.lower() and "Error:" not in text, (op["id"], text)
            refused.append((op["id"], text))
    assert len(answered) + len(refused) == len(operations)
    assert len(answered) >= len(operations) * 2 // 3, refused
