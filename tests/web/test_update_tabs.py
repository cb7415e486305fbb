"""One version per page across tabs, and no running inside another origin's frame (nothing stored,
imported or half-updated can break the app).

A new deploy is simulated on a private copy of dist/: sw.js gets a new VERSION, and app.css, main.mjs and
the lazily loaded log screen carry a marker of their version, so a page that ran a module of the other
version is caught."""

from __future__ import annotations

import functools
import json
import re
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

from playwright.sync_api import expect

from tests.web.conftest import BOOT_TIMEOUT_MS
from tests.web.helpers import booted_with_offline_copy, new_campaign
from tools.serve import SiteHandler

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "test-results" / "screens"
MARKED = ("main.mjs", "screens/log/index.mjs")
"""Modules marked, by the name the test reports; the log screen is a lazily loaded chunk of the bundle."""


def bundled(copy: Path, name: str) -> Path:
    """The file of dist/ that runs ``name``: main.mjs itself, or the bundle chunk holding the log screen."""
    if name == "main.mjs":
        return copy / name
    return next(chunk for chunk in sorted(copy.glob("chunk-*.mjs")) if 'id="log-title"' in chunk.read_text())


MARK = re.compile(r"\n;\(globalThis\.__ran \?\?= \[\]\)\.push\(\"[^\"]*\"\);\n$")
CSS_MARK = re.compile(r"\n:root \{ --deploy: \"[^\"]*\"; \}\n$")


def deploy(copy: Path, version: str) -> None:
    """Mark the copy's modules and style sheet as ``version`` (replacing an earlier mark)."""
    for name in MARKED:
        path = bundled(copy, name)
        text = MARK.sub("", path.read_text())
        path.write_text(text + f'\n;(globalThis.__ran ??= []).push("{name}:{version}");\n')
    css = copy / "app.css"
    css.write_text(CSS_MARK.sub("", css.read_text()) + f'\n:root {{ --deploy: "{version}"; }}\n')
    if version != "old":
        sw = copy / "sw.js"
        sw.write_text(sw.read_text().replace('const VERSION = "', f'const VERSION = "{version}-', 1))


def ran(page) -> dict:
    """What the page ran: the marks of its modules, its style sheet's mark and the version the worker says."""
    return page.evaluate("""() => ({
        modules: globalThis.__ran || [],
        css: getComputedStyle(document.documentElement).getPropertyValue("--deploy").trim(),
        version: document.documentElement.dataset.version,
        controlled: Boolean(navigator.serviceWorker.controller),
    })""")


def assert_all_of(page, version: str, cache_version: str) -> None:
    seen = ran(page)
    assert seen["modules"] and all(mark.endswith(":" + version) for mark in seen["modules"]), seen
    assert seen["css"] == f'"{version}"', seen
    assert seen["version"] == cache_version and seen["controlled"], seen


def cache_names(page) -> list[str]:
    return page.evaluate("caches.keys()")


def test_a_new_version_reaches_every_tab_and_no_page_mixes_versions(page, own_site, foreign_requests):
    copy, url, _server = own_site
    deploy(copy, "old")
    old = re.search(r'const VERSION = "([^"]+)"', (copy / "sw.js").read_text()).group(1)
    violations: list[str] = []
    context = page.context
    context.on("console", lambda m: violations.append(m.text) if "Content Security Policy" in m.text else None)

    tab_a = page
    tab_a.goto(url)
    # The first visit: the worker takes this tab over as it activates (clients.claim), with no reload (no second
    # engine boot); tabs B and C are later visits, loaded under the worker.
    expect(tab_a.locator("html")).to_have_attribute("data-offline-ready", "true", timeout=BOOT_TIMEOUT_MS)
    expect(tab_a.locator("html")).to_have_attribute("data-version", re.compile("."), timeout=30_000)
    campaign = new_campaign(tab_a, "Two tabs", "armageddon")
    tab_b = context.new_page()
    # Tab C misses the takeover (as a tab frozen in the background would): its controllerchange never
    # reaches the app, so it stays on the old version after the new worker took over.
    tab_c = context.new_page()
    tab_c.add_init_script(
        "navigator.serviceWorker.addEventListener('controllerchange', (e) => e.stopImmediatePropagation())"
    )
    for tab in (tab_b, tab_c):
        booted_with_offline_copy(tab, url)
    for tab in (tab_a, tab_b, tab_c):
        assert_all_of(tab, "old", old)

    deploy(copy, "next")
    tab_a.evaluate("navigator.serviceWorker.getRegistration().then((r) => r.update())")
    for tab in (tab_a, tab_b, tab_c):
        expect(tab.locator("#update")).to_be_visible(timeout=60_000)

    with tab_a.expect_navigation(timeout=30_000), tab_b.expect_navigation(timeout=10_000):
        tab_a.locator("#update-reload").click()  # tab B reloads by itself
    for tab in (tab_a, tab_b):
        expect(tab.locator("html")).to_have_attribute("data-ready", "true", timeout=BOOT_TIMEOUT_MS)
        expect(tab.locator("html")).to_have_attribute("data-version", re.compile("^next-"), timeout=30_000)
        expect(tab.locator("#update")).to_be_hidden()
        assert_all_of(tab, "next", "next-" + old)

    # Tab C, still on the old version under the new worker, opens a screen it had not loaded: the old one.
    assert "main.mjs:old" in ran(tab_c)["modules"]
    tab_c.evaluate(f"location.hash = '#/c/{campaign}/log'")
    expect(tab_c.locator("#log-title")).to_contain_text("Two tabs", timeout=30_000)
    assert_all_of(tab_c, "old", old)
    assert "screens/log/index.mjs:old" in ran(tab_c)["modules"]
    assert "rules-companion-" + old in cache_names(tab_a), "the old version's cache went while tab C uses it"

    # Its Reload works although the new worker is already active.
    banner = tab_c.locator("#update")
    expect(banner).to_be_visible()
    with tab_c.expect_navigation(timeout=10_000):
        tab_c.locator("#update-reload").click()
    expect(tab_c.locator("html")).to_have_attribute("data-ready", "true", timeout=BOOT_TIMEOUT_MS)
    expect(tab_c.locator("html")).to_have_attribute("data-version", re.compile("^next-"), timeout=30_000)
    tab_c.evaluate(f"location.hash = '#/c/{campaign}/log'")
    expect(tab_c.locator("#log-title")).to_contain_text("Two tabs", timeout=30_000)
    assert_all_of(tab_c, "next", "next-" + old)
    expect(banner).to_be_hidden()

    # No page of the old version is left: its cache is deleted (on the worker's next fetches).
    for _ in range(40):
        names = cache_names(tab_a)
        if "rules-companion-" + old not in names:
            break
        tab_a.evaluate("fetch('catalog.json').then((r) => r.text())")
        tab_a.wait_for_timeout(250)
    assert [n for n in names if n.startswith("rules-companion-")] == ["rules-companion-next-" + old], names
    assert violations == [], violations


class HeaderlessHandler(SiteHandler):
    """The site as GitHub Pages serves it: no Content-Security-Policy header (the page's meta CSP only)."""

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
        SimpleHTTPRequestHandler.end_headers(self)


def serve(directory: Path, handler) -> tuple[ThreadingHTTPServer, str]:
    server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(handler, directory=str(directory)))
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}"


FRAMER = """<!doctype html><meta charset="utf-8"><title>Someone else's page</title>
<style>html, body, iframe { margin: 0; border: 0; width: 100%; height: 100%; display: block; }</style>
<iframe src={src}></iframe>"""


def test_a_page_of_another_origin_framing_the_app_gets_a_refusal_not_the_app(
    page, own_site, tmp_path, foreign_requests
):
    copy, _url, _server = own_site
    app_server, app_origin = serve(copy, type("Handler", (HeaderlessHandler,), {"prefix": "/app/"}))
    framer_dir = tmp_path / "framer"
    framer_dir.mkdir()
    (framer_dir / "index.html").write_text(FRAMER.replace("{src}", json.dumps(app_origin + "/app/")))
    framer_server, framer_origin = serve(framer_dir, SimpleHTTPRequestHandler)
    requests: list[str] = []
    page.on("request", lambda request: requests.append(request.url))
    try:
        page.set_viewport_size({"width": 390, "height": 844})
        page.goto(framer_origin + "/index.html")
        frame = page.frame_locator("iframe")
        expect(frame.locator("html")).to_have_attribute("data-ready", "refused", timeout=30_000)
        expect(frame.locator("h1")).to_have_text("Rules Companion does not run inside another site")
        link = frame.get_by_role("link", name="Open Rules Companion in its own tab")
        expect(link).to_have_attribute("href", app_origin + "/app/")
        expect(link).to_have_attribute("target", "_blank")
        expect(frame.locator("#boot")).to_be_hidden()
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / "framed-refusal-390x844.png"))
        # anything that would start asks for its files as the page loads: none asked for half a second (networkidle)
        page.main_frame.child_frames[0].wait_for_load_state("networkidle")
        expect(frame.locator("#campaigns-title")).to_have_count(0)
        started = [u for u in requests if re.search(r"/(worker\.mjs|sw\.js|catalog\.json|pyodide/)", u)]
        assert started == [], started  # no engine, no service worker, no app

        # The same page framed by its own origin still runs (same-origin framing stays allowed).
        (copy / "framer-test.html").write_text(FRAMER.replace("{src}", '"./"'))
        page.goto(app_origin + "/app/framer-test.html")
        expect(page.frame_locator("iframe").locator("html")).to_have_attribute(
            "data-ready", "true", timeout=BOOT_TIMEOUT_MS
        )
    finally:
        for server in (app_server, framer_server):
            server.shutdown()
            server.server_close()
