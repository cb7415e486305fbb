"""Benchmark (prints numbers, asserts nothing): what opening the live table costs on the tablet.

In headless Debian Chromium against ``dist/``: a campaign made on the home screen, then "Invite a player to this
tablet" on its Players screen pressed, which loads web/live/ (its JavaScript chunks: the sync engine, the QR code
drawer) and the sync engine's wasm (dist/vendor/automerge.wasm), and starts the engine. Printed three times: cold
with no service worker (a browser that blocks it: every file from the server), cold (a new browser profile, the first
visit: the service worker precaches the page's files, the live table's included, while the page boots) and warm (the
same profile after a reload). Each press waits SETTLE_MS after the page is ready (the engine's boot work done):

- the time from the press to the invite ready (``data-live="ready"``), and the sync engine's own start time as the
  page measured it (web/live/sync.mjs ``measured.loadMs``: the wasm fetched, compiled and the repo made);
- every file fetched after the press, with the bytes that came over the network (``transferSize``: 0 when served
  from the browser's or the service worker's cache) and the bytes of the file (``encodedBodySize``), and their sums.

Run: ``.venv/bin/python tools/bench_live.py`` after ``build.py``.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tools.serve import serve_in_thread  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update"]
TIMEOUT_MS = 180_000
SETTLE_MS = 2_000

FETCHED = """(since) => performance.getEntriesByType("resource").filter((each) => each.startTime >= since).map((each) => ({
  name: new URL(each.name).pathname.split("/").pop(), transfer: each.transferSize, size: each.encodedBodySize,
  worker: each.workerStart > 0 }))"""


def booted(page, url: str) -> None:
    page.goto(url)
    page.locator("html[data-ready=true]").wait_for(state="attached", timeout=TIMEOUT_MS)


def open_table(page, label: str) -> None:
    """On the Players screen: press the invite button, wait for the live table, print what it took."""
    page.get_by_role("navigation", name="Campaign").get_by_role("link", name="Players", exact=True).click()
    page.locator("#table-title").wait_for(timeout=TIMEOUT_MS)
    page.wait_for_timeout(SETTLE_MS)
    since = page.evaluate("performance.now()")
    page.get_by_role("button", name="Invite a player to this tablet").click()
    ready = page.locator('.live-invite[data-live="ready"]')
    ready.wait_for(timeout=TIMEOUT_MS)
    took = page.evaluate("(since) => performance.now() - since", since)
    engine = ready.get_attribute("data-load-ms")
    files = page.evaluate(FETCHED, since)
    wasm = [each for each in files if each["name"].endswith(".wasm")]
    print(f"{label}: invite ready {took:.0f} ms after the press; sync engine start (measured.loadMs) {engine} ms")
    for each in files:
        where = "service worker" if each["worker"] else "network/HTTP cache"
        print(f"  {each['name']:<40} {each['transfer']:>10,} B over the network {each['size']:>10,} B ({where})")
    total = sum(each["transfer"] for each in files)
    print(
        f"  all {len(files)} files: {total:,} B over the network, {sum(each['size'] for each in files):,} B in all;"
        f" the wasm {sum(each['size'] for each in wasm):,} B"
    )


def new_campaign(page, url: str, label: str):
    """Boot, make a campaign, open its live table (printed under ``label``); the page."""
    booted(page, url)
    page.get_by_label("Name", exact=True).fill("Bench table")
    page.locator(".game-card", has_text="Call of Cthulhu").click()
    page.get_by_role("button", name="Start the campaign").click()
    page.locator("#party-title").wait_for(timeout=TIMEOUT_MS)
    open_table(page, label)
    page.get_by_role("navigation", name="Campaign").get_by_role("link", name="Party", exact=True).click()
    return page


def main() -> None:
    from playwright.sync_api import sync_playwright

    dist = ROOT / "dist"
    if not (dist / "vendor" / "automerge.wasm").exists():
        raise SystemExit("dist/ has no live table: run build.py first")
    server, url = serve_in_thread(dist)
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS, headless=True)
            bare = browser.new_context(viewport={"width": 1024, "height": 768}, service_workers="block")
            new_campaign(bare.new_page(), url, "cold, no service worker (every file from the server)")
            bare.close()
            context = browser.new_context(viewport={"width": 1024, "height": 768})
            page = new_campaign(context.new_page(), url, "cold (first visit)")
            page.evaluate("navigator.serviceWorker.ready.then(() => true)")  # the page's files cached before the reload
            page.reload()
            page.locator("html[data-ready=true]").wait_for(state="attached", timeout=TIMEOUT_MS)
            page.locator("#party-title").wait_for(timeout=TIMEOUT_MS)
            open_table(page, "warm (reloaded, service worker in place)")
            browser.close()
    finally:
        server.shutdown()


if __name__ == "__main__":
    main()
