"""The app as a whole: offline after one visit, the API reference one tap from the footer's About, user
text in the game's words, and HTML typed by a user shown as text."""

import json

import pytest
from playwright.sync_api import expect

from tests.web.helpers import new_campaign, new_character, open_sheet, roll

pytestmark = pytest.mark.shared_app  # one booted page for the module, emptied before each test (conftest.py, app)


def test_offline_after_one_visit_reload_boots_and_rolls(page, own_site, foreign_requests):
    _copy, url, server = own_site
    page.goto(url)
    html = page.locator("html")
    expect(html).to_have_attribute("data-offline-ready", "true", timeout=120_000)
    server.shutdown()  # the site is gone, and so is the network
    server.server_close()
    page.context.set_offline(True)
    try:
        page.reload()
        expect(html).to_have_attribute("data-ready", "true", timeout=120_000)
        new_campaign(page, "Offline", "armageddon")
        new_character(page, "armageddon", "Jack", {"attributes.Perception": 2}, {"Notice": 3})
        page.reload()  # the campaign is still there, and the engine boots again with no network
        expect(html).to_have_attribute("data-ready", "true", timeout=120_000)
        expect(html).to_have_attribute("data-boot", "snapshot")  # the precached memory snapshot, offline
        page.get_by_role("link", name="Party").click()
        open_sheet(page, "Jack")
        page.locator('[data-row="skill-Notice"]').click()
        assert "Total 9 vs 9: success — 1 Success Level (Adequate)" in roll(page, faces="4")
    finally:
        page.context.set_offline(False)


def test_api_reference_is_linked_from_about_and_lists_every_operation(page, site_url, foreign_requests, dist_dir):
    from py_rules import api

    catalog = api.catalog()
    assert json.loads((dist_dir / "catalog.json").read_text()) == catalog  # the page's copy is the engine's
    page.goto(site_url)
    page.locator("footer").get_by_role("link", name="About").click()
    expect(page.locator("[data-about-version]")).to_contain_text(catalog["engine_version"])
    page.get_by_role("link", name="Reference for developers").click()
    expect(page.locator("article.op-ref")).to_have_count(len(catalog["operations"]))


def test_a_name_with_html_is_shown_as_text_and_runs_nothing(app):
    dialogs = []
    app.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    payload = "<img src=x onerror=alert(1)>"
    new_campaign(app, payload, "semiautomagic")
    new_character(app, "semiautomagic", payload[:40])
    expect(app.locator("#party-title")).to_contain_text(payload)
    assert app.locator("main img").count() == 0
    app.wait_for_timeout(300)
    assert dialogs == []
