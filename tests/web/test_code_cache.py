"""The visit that saves the offline copy compiles the engine worker's Pyodide scripts once more, from that copy, so
that the second visit reads their compiled code instead of compiling them (web/code_cache.mjs: Chromium makes that
code the first time a script runs from the service worker's cache). Only that visit does it."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.web.conftest import BOOT_TIMEOUT_MS

SCRIPTS = ("/app/pyodide/pyodide.asm.mjs", "/app/pyodide/pyodide.mjs")


def test_the_first_visit_imports_the_engine_scripts_again_from_the_offline_copy_and_the_next_visit_does_not(
    page, site_url, foreign_requests
):
    served = []  # (path, from the service worker's cache?) of each page or worker import of the two scripts

    def seen(response):
        path = "/" + response.url.split("/", 3)[3]
        if path in SCRIPTS and response.request.service_worker is None:  # not the service worker's own download
            served.append((path, response.from_service_worker))

    page.context.on("response", seen)
    page.goto(site_url)
    html = page.locator("html")
    expect(html).to_have_attribute("data-offline-ready", "true", timeout=BOOT_TIMEOUT_MS)
    expect(html).to_have_attribute("data-code-cache", "compiled", timeout=BOOT_TIMEOUT_MS)
    # the engine's own imports came from the network, the second ones from the offline copy
    assert sorted(served) == sorted([(path, False) for path in SCRIPTS] + [(path, True) for path in SCRIPTS])

    served.clear()
    page.reload()
    expect(html).to_have_attribute("data-ready", "true", timeout=BOOT_TIMEOUT_MS)
    expect(html).to_have_attribute("data-offline-ready", "true", timeout=BOOT_TIMEOUT_MS)
    page.wait_for_timeout(500)  # what the first visit did at this point, a second visit would have begun by now
    assert html.get_attribute("data-code-cache") is None
    assert sorted(served) == sorted((path, True) for path in SCRIPTS), "only the engine's own imports"
    assert foreign_requests == []
