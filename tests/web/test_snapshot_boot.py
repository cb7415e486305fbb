"""Boot from the build's memory snapshot (for boot time): the app starts from it, digital dice stay random after a
restore, and a broken snapshot falls back to the normal boot and still rolls. A snapshot is this build's or
nothing: one described as another build's, or whose bytes are not the ones described, is refused with its
reason in the console; and whether the snapshot is refused or missing, the service worker still saves the
offline copy of everything the page uses (a missing snapshot is left out, never the whole install)."""

from __future__ import annotations

import gzip
import json
import re
from urllib.parse import urljoin

import pytest
from playwright.sync_api import expect

from tests.web.conftest import BOOT_TIMEOUT_MS
from tests.web.guided_sheets import armageddon_character
from tests.web.helpers import campaign_record, open_sheet, open_stored, roll

# A second worker of the app's own code, booted like the app's (from the snapshot unless the file is broken),
# asked for ten digital d100 rolls; returns its boot path and the faces.
FRESH_WORKER_ROLLS = """async () => {
  const worker = new Worker(new URL("worker.mjs", location.href), { type: "module" });
  worker.postMessage({ type: "wasm-module", module: null });
  const answers = new Map();
  const ready = new Promise((resolve, reject) => {
    worker.onmessage = ({ data }) => {
      if (data.type === "ready") resolve(data.boot);
      if (data.type === "boot-error") reject(new Error(data.message));
      if (data.type === "response") answers.get(data.id)(JSON.parse(data.response));
    };
  });
  const boot = await ready;
  const call = (id, request) => new Promise((resolve) => {
    answers.set(id, resolve);
    worker.postMessage({ type: "call", id, request: JSON.stringify(request) });
  });
  const faces = [];
  for (let id = 1; id <= 10; id += 1) {
    const answer = await call(id, { op: "coc.d100", args: {} });
    faces.push(answer.result.dice.map((die) => die.face));
  }
  worker.terminate();
  return { boot, faces };
}"""


@pytest.mark.shared_app  # any booted page of the site tells: the one the other modules' tests share, booted already
def test_the_app_boots_from_the_memory_snapshot(app):
    expect(app.locator("html")).to_have_attribute("data-boot", "snapshot")
    marks = app.locator("html").get_attribute("data-boot-marks")
    assert "snapshot=" in marks and "fallback=" not in marks, marks
    # the worker the page's first script started is the engine's (adopted, not a second one started)
    assert app.evaluate(
        "performance.getEntriesByType('resource').some((each) => each.name.endsWith('/engine_start.js'))"
    )
    assert app.evaluate("window.rulesEngineWorker === undefined")


def test_two_fresh_boots_from_the_snapshot_roll_different_digital_dice(browser, site_url, foreign_requests):
    """Each time the app's engine worker boots alone in a fresh profile, from a file of the site (same origin, the
    same Content-Security-Policy header) rather than the app's page, whose own engine would boot beside it; that
    the page boots from the snapshot is checked above."""
    rolls = []
    for _ in range(2):
        context = browser.new_context()  # a fresh profile each time: nothing shared but the files
        try:
            page = context.new_page()
            page.goto(site_url + "catalog.json")
            rolls.append(page.evaluate(FRESH_WORKER_ROLLS))
        finally:
            context.close()
    assert [r["boot"] for r in rolls] == ["snapshot", "snapshot"]
    # Ten d100 rolls (two dice each) coinciding by chance: (1/100)^10.
    assert rolls[0]["faces"] != rolls[1]["faces"], rolls


def test_a_truncated_snapshot_falls_back_to_the_normal_boot_and_rolls(page, own_site, foreign_requests):
    folder, url, _server = own_site
    snapshot = folder / "pyodide" / "py_rules.snapshot.gz"
    snapshot.write_bytes(snapshot.read_bytes()[: snapshot.stat().st_size // 2])
    warnings = []
    page.on("console", lambda message: warnings.append(message.text) if message.type == "warning" else None)
    page.goto(url)
    html = page.locator("html")
    expect(html).to_have_attribute("data-ready", "true", timeout=BOOT_TIMEOUT_MS)
    expect(html).to_have_attribute("data-boot", "normal")
    assert any("booting without the memory snapshot" in text for text in warnings), warnings
    rolls_notice(page)


def boot_without_the_snapshot(page, url) -> list[str]:
    """Open the site; it must boot the normal way. Returns the page's console warnings."""
    warnings = []
    page.on("console", lambda message: warnings.append(message.text) if message.type == "warning" else None)
    page.goto(url)
    html = page.locator("html")
    expect(html).to_have_attribute("data-ready", "true", timeout=BOOT_TIMEOUT_MS)
    expect(html).to_have_attribute("data-boot", "normal")
    return warnings


def the_reason(warnings: list[str]) -> str:
    said = [text for text in warnings if "booting without the memory snapshot" in text]
    assert said, warnings
    return said[0]


def offline_copy(page, folder, url) -> tuple[set[str], set[str]]:
    """Once the service worker is active: (what its version's cache holds, what its precache list names),
    as URLs. The list is the one build.py stamped into this copy's sw.js."""
    expect(page.locator("html")).to_have_attribute("data-offline-ready", "true", timeout=BOOT_TIMEOUT_MS)
    text = (folder / "sw.js").read_text(encoding="utf-8")
    version = json.loads(re.search(r"const VERSION = (\"[^\"]*\");", text).group(1))
    assets = json.loads(re.search(r"const ASSETS = (\[.*?\]);", text, re.S).group(1))
    # The worker takes this page over (clients.claim) a moment after it is active, on its own message loop
    page.wait_for_function("navigator.serviceWorker.controller?.state === 'activated'", timeout=BOOT_TIMEOUT_MS)
    cached = page.evaluate(
        "async (name) => (await (await caches.open(name)).keys()).map((r) => r.url)", f"rules-companion-{version}"
    )
    return set(cached), {urljoin(url, asset) for asset in assets}


def rolls_notice(page) -> None:
    """A roll through the engine booted the normal way after a snapshot was not used. Where nothing of the snapshot
    was read (refused by its description, or missing), the normal boot is the same as after the truncated one, whose
    test rolls; the one refused by its hash after its bytes arrived rolls too. Jack, as the guided form makes him, is
    put straight into storage: making him is test_table's."""
    jack = armageddon_character("Jack", {"Notice": 3}, Perception=2)
    open_stored(page, campaign_record("c-fallback", "Fallback", "armageddon", {"pc-jack": jack}), "#/c/c-fallback")
    open_sheet(page, "Jack")
    page.locator('[data-row="skill-Notice"]').click()
    assert "Total 9 vs 9" in roll(page, faces="4")


def test_a_snapshot_described_as_another_builds_is_refused_and_the_offline_copy_is_whole(
    page, own_site, foreign_requests
):
    folder, url, _server = own_site
    info = folder / "pyodide" / "py_rules.snapshot.json"
    described = json.loads(info.read_text())
    described["sources"] = "0" * 64  # another checkout's sources; its bytes and hashes are untouched
    info.write_text(json.dumps(described))
    warnings = boot_without_the_snapshot(page, url)
    assert "another build of the site" in the_reason(warnings)
    cached, listed = offline_copy(page, folder, url)
    assert cached == listed
    expect(page.locator("#offline-missing")).to_be_hidden()
    # the normal boot rolls: see rolls_notice


def test_a_snapshot_with_4_kb_changed_is_refused_by_its_hash_and_the_offline_copy_is_whole(
    page, own_site, foreign_requests
):
    """Changed inside and compressed again: a well-formed gzip file of the right size for this Pyodide build,
    which only the SHA-256 in the description tells apart."""
    folder, url, _server = own_site
    snapshot = folder / "pyodide" / "py_rules.snapshot.gz"
    packed = bytearray(gzip.decompress(snapshot.read_bytes()))
    middle = len(packed) // 2
    packed[middle : middle + 4096] = bytes(b ^ 0xFF for b in packed[middle : middle + 4096])
    # the fastest level: any well-formed gzip stream will do (level 9 took half a minute on 16 MB)
    snapshot.write_bytes(gzip.compress(bytes(packed), compresslevel=1, mtime=0))
    warnings = boot_without_the_snapshot(page, url)
    assert "do not match the SHA-256" in the_reason(warnings)
    cached, listed = offline_copy(page, folder, url)
    assert cached == listed
    rolls_notice(page)


def test_without_the_snapshot_files_the_offline_copy_holds_everything_else(page, own_site, foreign_requests):
    folder, url, _server = own_site
    for name in ("py_rules.snapshot.gz", "py_rules.snapshot.json"):
        (folder / "pyodide" / name).unlink()
    warnings = boot_without_the_snapshot(page, url)
    assert "HTTP 404" in the_reason(warnings)
    cached, listed = offline_copy(page, folder, url)
    missing = {urljoin(url, "pyodide/py_rules.snapshot.gz"), urljoin(url, "pyodide/py_rules.snapshot.json")}
    assert missing <= listed
    assert cached == listed - missing
    expect(page.locator("#offline-missing")).to_be_hidden()
    # the normal boot rolls: see rolls_notice


def test_an_offline_copy_that_could_not_be_saved_is_said_on_the_page(page, own_site, foreign_requests):
    """A file every visitor needs is missing (the reference page: the app boots without it): the install
    fails, and the footer says so in plain words instead of nothing."""
    folder, url, _server = own_site
    (folder / "reference.html").unlink()
    page.goto(url)
    html = page.locator("html")
    expect(html).to_have_attribute("data-ready", "true", timeout=BOOT_TIMEOUT_MS)
    notice = page.locator("#offline-missing")
    expect(notice).to_have_attribute("title", re.compile("failed"), timeout=60_000)
    expect(notice).to_be_visible()
    expect(notice).to_have_text("This device does not have the whole app for offline use yet.")
    assert html.get_attribute("data-offline-ready") is None
    assert page.evaluate("navigator.serviceWorker.getRegistration().then((r) => !r || !r.active)")
