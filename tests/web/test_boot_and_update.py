"""Boot failure with retry, and the "new version available, reload" prompt (PYODIDE.md §3)."""

import re

from playwright.sync_api import expect

from tests.web.helpers import new_campaign, new_character, open_sheet, roll


def roll_perception(page) -> str:
    """The engine answers through the page: a character made by the guided form rolls Perception."""
    new_campaign(page, "Boot", "armageddon")
    new_character(page, "armageddon", "Jack", {"attributes.Perception": 2})
    open_sheet(page, "Jack")
    page.locator('[data-row="attr-Perception"]').click()
    return roll(page, faces="10 7")


def test_boot_that_hangs_shows_a_message_and_retry_boots(page, site_url, foreign_requests):
    held = []
    hold = {"on": True}

    def wasm(route):
        if hold["on"]:
            held.append(route)  # never answered: loadPyodide waits forever (PYODIDE.md §2.2)
        else:
            route.continue_()

    page.route("**/pyodide.asm.wasm", wasm)
    page.clock.install()  # the boot's limit (a timer of the page, web/rpc.mjs) passes in fake time
    page.goto(site_url + "?boot_timeout=8")
    for _ in range(600):  # the boot is held at the wasm download, its limit running
        if held:
            break
        page.wait_for_timeout(50)
    assert held, "the wasm request was never made"
    expect(page.locator("html")).to_have_attribute("data-ready", "false")
    page.clock.fast_forward(8_000)
    expect(page.locator("html")).to_have_attribute("data-ready", "failed")
    expect(page.locator("#boot-stage")).to_contain_text("The rules did not start within 8 s")
    expect(page.locator("#boot-stage")).to_have_attribute("title", "Python did not start within 8 s.")  # for developers
    retry = page.locator("#boot-retry")
    expect(retry).to_be_visible()

    hold["on"] = False
    retry.click()
    expect(page.locator("html")).to_have_attribute("data-ready", "true", timeout=120_000)
    assert "Total 16 vs 9" in roll_perception(page)


def test_failed_download_shows_a_message_not_a_blank_page(page, site_url, foreign_requests):
    page.route("**/python_stdlib.pyc.zip", lambda route: route.fulfill(status=404, body="missing"))
    page.goto(site_url)
    expect(page.locator("html")).to_have_attribute("data-ready", "failed", timeout=60_000)
    expect(page.locator("#boot-stage")).to_contain_text("The rules could not start")
    expect(page.locator("#boot-stage")).to_have_attribute("title", re.compile("^Python could not start"))
    expect(page.locator("#boot-retry")).to_be_visible()
    expect(page.locator("#campaigns-title")).to_be_visible()  # the app works before and without Python
    expect(page.get_by_role("button", name="Start the campaign")).to_be_visible()


def test_new_version_waiting_offers_reload_and_switches(page, own_site):
    copy, url, _server = own_site
    page.goto(url)
    html = page.locator("html")
    expect(html).to_have_attribute("data-offline-ready", "true", timeout=120_000)
    page.reload()
    expect(html).to_have_attribute("data-ready", "true", timeout=120_000)
    expect(page.locator("#update")).to_be_hidden()

    sw = copy / "sw.js"
    sw.write_text(sw.read_text().replace('const VERSION = "', 'const VERSION = "next-', 1))
    (copy / "app.css").write_text((copy / "app.css").read_text() + "\n/* next */\n")
    page.reload()
    banner = page.locator("#update")
    expect(banner).to_be_visible(timeout=60_000)
    with page.expect_navigation(timeout=60_000):
        page.locator("#update-reload").click()
    expect(html).to_have_attribute("data-ready", "true", timeout=120_000)
    expect(page.locator("#update")).to_be_hidden()
    version = page.evaluate("caches.keys()")
    assert any(key.startswith("rules-companion-next-") for key in version), version
    assert not any(key.startswith("rules-companion-") and "next-" not in key for key in version), version
