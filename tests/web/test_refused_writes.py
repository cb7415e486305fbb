"""A write refused in a second tab (a stale revision: the first tab changed the same character) is a message to the
user, where they are or in the snackbar, and never an uncaught error in the console (web/app/refusals.mjs; the
transaction it aborts is not left as an unhandled rejection, web/store/overflow.mjs write)."""

import pytest
from playwright.sync_api import expect

from tests.web.guided_sheets import investigator
from tests.web.helpers import boot, campaign_record, damage, open_sheet, open_stored, stored_campaigns

pytestmark = pytest.mark.shared_app  # the first tab is the booted page shared between modules (conftest.py, app)

DEAF = """window.BroadcastChannel = class extends BroadcastChannel {
    set onmessage(listener) {} get onmessage() { return null; } };"""
"""The tab speaks on the BroadcastChannel but hears nothing, so what it shows goes stale."""


def test_a_write_refused_in_a_second_tab_is_a_message_and_never_an_uncaught_error(app, site_url):
    """Harvey (as the guided form makes him, 10 HP) is put straight into storage: making him is test_table's."""
    first = app
    campaign_id = "c-refusals"
    record = campaign_record(campaign_id, "Refusals", "coc", {"pc-harvey": investigator("Harvey", CON=50, SIZ=50)})
    open_stored(first, record, f"#/c/{campaign_id}")
    second = first.context.new_page()
    uncaught: list[str] = []
    second.on("pageerror", lambda error: uncaught.append(f"{error.name}: {error.message}"))
    console_errors: list[str] = []
    second.on("console", lambda message: console_errors.append(message.text) if message.type == "error" else None)
    second.add_init_script(DEAF)
    boot(second, site_url + f"#/c/{campaign_id}")
    open_sheet(second, "Harvey")
    # Each tab is brought to the front before it is used, as a person switches tabs: the browser draws no frame for a
    # tab behind another, and every click there waited seconds for the frames that tell an element is still. Both
    # stay visible to the page (no visibilitychange: the second tab does not read the campaign again).
    first.bring_to_front()
    open_sheet(first, "Harvey")

    # A roll in the drawer: refused in the drawer itself.
    damage(first, 3)
    second.bring_to_front()
    second.locator('.quick-actions [data-action="damage"]').click()
    second.locator('.drawer [name="amount"]').fill("2")
    second.locator(".drawer button.roll").click()
    expect(second.locator(".drawer .drawer-error")).to_contain_text("changed in another tab")
    second.get_by_role("button", name="Close the roll drawer").click()
    expect(second.locator(".sheet .character-card")).to_contain_text("7/10")

    # Removing Harvey, whom the first tab changed again meanwhile: refused, said in the snackbar; Harvey stays.
    first.bring_to_front()
    damage(first, 1)
    second.bring_to_front()
    second.get_by_role("button", name="Remove Harvey from the campaign").click()
    second.locator("dialog").get_by_role("button", name="Remove").click()
    expect(second.locator(".snackbar")).to_contain_text("changed in another tab")
    expect(second.locator("#sheet-title")).to_have_text("Harvey")
    expect(second.locator(".sheet .character-card")).to_contain_text("6/10")

    second.wait_for_timeout(500)  # a late rejection would be reported by now
    assert uncaught == [], uncaught
    assert not [text for text in console_errors if "AbortError" in text or "StaleError" in text], console_errors
    assert [c["sheet"]["hp"] for c in stored_campaigns(first)[0]["characters"]] == [6]
