"""Fixtures for the browser tests: dist/ served under /app/ on 127.0.0.1, Debian's Chromium, and a guard
that aborts and records every request to any other origin (PYODIDE.md §5.1). See README.md here."""

from __future__ import annotations

import os
import shutil
import warnings

import pytest

from tools.serve import serve_in_thread

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
CHROMIUM_FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync"]
BOOT_TIMEOUT_MS = 120_000


@pytest.fixture(scope="session")
def site(dist_dir):
    """(server, url) with the site mounted at /app/ to catch absolute-path bugs."""
    server, url = serve_in_thread(dist_dir, prefix="/app/")
    yield server, url
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="session")
def site_url(site) -> str:
    return site[1]


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_FLAGS}


LOCAL_ORIGINS = ("http://127.0.0.1:", "http://localhost:")


@pytest.fixture
def foreign_requests(context):
    """Every request not for a local test server is aborted and listed; the test fails if any was made."""
    blocked: list[str] = []

    def guard(route):
        url = route.request.url
        if url.startswith(LOCAL_ORIGINS) or url.startswith(("data:", "blob:")):
            route.continue_()
        else:
            blocked.append(url)
            route.abort()

    context.route("**/*", guard)
    yield blocked
    assert blocked == [], f"requests left the machine: {blocked}"


@pytest.fixture
def app(page, site_url, foreign_requests):
    """The app opened and booted (html[data-ready=true]); no request leaves the machine and nothing
    breaks the Content-Security-Policy."""
    from playwright.sync_api import expect

    violations: list[str] = []
    heard: list[str] = []  # what the page said, for a boot that fails
    page.on("console", lambda message: violations.append(message.text) if "Content Security Policy" in message.text else None)
    page.on("console", lambda message: heard.append(f"{message.type}: {message.text[:300]}"))
    page.on("requestfailed", lambda request: heard.append(f"request failed: {request.url} ({request.failure})"))
    page.goto(site_url)
    html = page.locator("html")
    expect(html).not_to_have_attribute("data-ready", "false", timeout=BOOT_TIMEOUT_MS)
    if html.get_attribute("data-ready") == "failed":
        # The page's own Retry, as a player would press it, once; the first failure's reason is reported (a
        # warning in the summary), so a boot that fails now and then is seen without failing an unrelated test.
        reason = page.locator("#boot-stage").get_attribute("title")
        warnings.warn(f"the app's boot failed once ({reason}); heard: {heard[-15:]}", stacklevel=1)
        page.locator("#boot-retry").click()
    expect(html).to_have_attribute("data-ready", "true", timeout=BOOT_TIMEOUT_MS)
    yield page
    assert violations == [], violations


@pytest.fixture
def tablet(browser, site_url):
    """A page at 768 × 1024 in a context that lets the test inject axe-core (the app's CSP would refuse an inline
    script): the screens test's, and every test that checks a screen as it does."""
    from playwright.sync_api import expect

    context = browser.new_context(bypass_csp=True, viewport={"width": 768, "height": 1024})
    page = context.new_page()
    page.goto(site_url)
    expect(page.locator("html")).to_have_attribute("data-ready", "true", timeout=BOOT_TIMEOUT_MS)
    yield page
    context.close()


@pytest.fixture
def own_site(dist_dir, tmp_path):
    """A private copy of dist/ served under /app/ by its own server, which the test may change or stop:
    (folder, url, server)."""
    copy = tmp_path / "dist"
    shutil.copytree(dist_dir, copy)
    server, url = serve_in_thread(copy, prefix="/app/")
    yield copy, url, server
    server.shutdown()
    server.server_close()
