"""Boot from the build's memory snapshot (issue 19): the app starts from it, digital dice stay random after a
restore, and a broken snapshot falls back to the normal boot and still rolls."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.web.conftest import BOOT_TIMEOUT_MS
from tests.web.helpers import new_campaign, new_character, open_sheet, roll

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


def test_the_app_boots_from_the_memory_snapshot(app):
    expect(app.locator("html")).to_have_attribute("data-boot", "snapshot")
    marks = app.locator("html").get_attribute("data-boot-marks")
    assert "snapshot=" in marks and "fallback=" not in marks, marks
    # the worker the page's first script started is the engine's (adopted, not a second one started)
    assert app.evaluate("performance.getEntriesByType('resource').some((each) => each.name.endsWith('/engine_start.js'))")
    assert app.evaluate("window.rulesEngineWorker === undefined")


def test_two_fresh_boots_from_the_snapshot_roll_different_digital_dice(browser, site_url, foreign_requests):
    rolls = []
    for _ in range(2):
        context = browser.new_context()  # a fresh profile each time: nothing shared but the files
        try:
            page = context.new_page()
            page.goto(site_url)
            expect(page.locator("html")).to_have_attribute("data-ready", "true", timeout=BOOT_TIMEOUT_MS)
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
    new_campaign(page, "Fallback", "armageddon")
    new_character(page, "armageddon", "Jack", {"attributes.Perception": 2}, {"Notice": 3})
    open_sheet(page, "Jack")
    page.locator('[data-row="skill-Notice"]').click()
    assert "Total 9 vs 9" in roll(page, faces="4")
