"""Boot benchmark: time to ``data-ready`` for our page, booting from the memory snapshot and without it
(``?snapshot=off``, the fallback path), against a bare page that only calls ``loadPyodide()`` on the npm package's
unmodified files, cold and warm, in headless Chromium; and our first render (``data-ui-ms``: the first screen
drawn), cold and warm. Each cell is the median of the runs with the slowest run beside it.

Two ways a user meets the page:

- **settled**: the browser is left to finish its own start-up for SETTLE_S seconds before the page is opened (a
  first visit happens in a browser already running; this Chromium spends its first second loading its own
  address-bar UI, which took the two cores from whichever page was opened then, measured in a trace). Cold = a
  fresh profile; warm = a reload in that browser (for our page once the service worker has the offline copy, as on
  a tablet's second visit).
- **launched**: the page is opened the moment the browser has started, as a home-screen icon opens it. Cold = a
  fresh profile; warm = the browser closed once the offline copy is complete, started again on that profile and
  the page opened at once.

Both are served from 127.0.0.1 with GitHub Pages' ``Cache-Control: max-age=600``. Requests to any other origin
fail through a proxy that answers nothing (as in the browser tests): request routing would turn the HTTP cache
off, and the bare page's warm load would then download everything again. Times are ``performance.now()`` at ready,
i.e. from the start of navigation. Runs alternate between the pages. Prints numbers; asserts nothing.
"""

from __future__ import annotations

import gzip
import json
import os
import re
import shutil
import statistics
import subprocess
import tempfile
import time
from pathlib import Path

from tools.serve import serve_in_thread

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--proxy-server=http://127.0.0.1:9",  # another origin: refused at once; loopback bypasses a proxy
]
TIMEOUT_MS = 180_000
SETTLE_S = 3.0

BARE_HTML = """<!doctype html><html><head><meta charset="utf-8"><title>bare</title>
<script type="module" src="bare.mjs"></script></head><body>bare loadPyodide()</body></html>
"""
BARE_MJS = """import { loadPyodide } from "./pyodide/pyodide.mjs";
await loadPyodide();
document.documentElement.dataset.readyMs = String(Math.round(performance.now()));
document.documentElement.dataset.ready = "true";
"""


def _bare_site(tmp: Path) -> Path:
    site = tmp / "bare"
    shutil.copytree(ROOT / "node_modules" / "pyodide", site / "pyodide")
    (site / "index.html").write_text(BARE_HTML)
    (site / "bare.mjs").write_text(BARE_MJS)
    return site


def _ready(page, offline: bool) -> dict:
    """Wait for engine ready on ``page`` (and, if ``offline``, for the offline copy); its times."""
    page.locator("html[data-ready=true]").wait_for(state="attached", timeout=TIMEOUT_MS)
    read = lambda name: float(page.locator("html").get_attribute(name) or "nan")  # noqa: E731
    out = {
        "ready": read("data-ready-ms"),
        "ui": read("data-ui-ms"),
        "boot": page.locator("html").get_attribute("data-boot"),
    }
    if offline:
        page.locator("html[data-offline-ready=true]").wait_for(state="attached", timeout=TIMEOUT_MS)
    return out


def _launch(playwright, profile: Path):
    context = playwright.chromium.launch_persistent_context(
        str(profile), executable_path=CHROMIUM, args=FLAGS, headless=True
    )
    return context, (context.pages[0] if context.pages else context.new_page())


def _one_run(playwright, url: str, profile: Path, offline: bool, launched: bool) -> dict:
    """One cold and one warm boot of ``url`` on a fresh ``profile``, settled or just launched (module docstring)."""
    context, page = _launch(playwright, profile)
    try:
        if not launched:
            time.sleep(SETTLE_S)
        page.goto(url)
        cold = _ready(page, offline)
        if launched:
            context.close()
            context, page = _launch(playwright, profile)
            page.goto(url)
        else:
            page.reload()
        warm = _ready(page, False)
        return {
            "cold": cold["ready"],
            "ui_cold": cold["ui"],
            "boot": cold["boot"],
            "warm": warm["ready"],
            "ui_warm": warm["ui"],
        }
    finally:
        context.close()


PAGES = (
    ("bare", "bare loadPyodide() (npm files)"),
    ("ours", "ours, from the memory snapshot"),
    ("fallback", "ours, without it (?snapshot=off)"),
)


def _first_visit_bytes(dist: Path) -> tuple[int, int, int]:
    """What a first visit downloads: every file the service worker precaches (sw.js's list, developer files such
    as dist/src/ and the source maps left out) and sw.js itself, raw and gzipped (what a gzip-serving host sends;
    the snapshot is already gzip and counted as shipped); and how many files."""
    text = (dist / "sw.js").read_text(encoding="utf-8")
    listed = json.loads(re.search(r"const ASSETS = (\[.*?\]);", text, re.S).group(1))
    files = [dist / name for name in listed if name != "./"] + [dist / "index.html", dist / "sw.js"]
    files = sorted(set(files))
    raw = sum(p.stat().st_size for p in files)
    packed = sum(p.stat().st_size if p.suffix == ".gz" else len(gzip.compress(p.read_bytes(), 6)) for p in files)
    return raw, packed, len(files)


def _webkit_run(url: str, display: str) -> dict:
    """One cold load and one reload in a fresh WebKitGTK session (its storage starts empty)."""
    from selenium import webdriver
    from selenium.webdriver.webkitgtk.options import Options
    from selenium.webdriver.webkitgtk.service import Service

    service = Service(executable_path="/usr/bin/WebKitWebDriver", env={**os.environ, "DISPLAY": display})
    driver = webdriver.WebKitGTK(options=Options(), service=service)
    try:
        time.sleep(SETTLE_S)

        def ready_ms() -> float:
            deadline = time.monotonic() + TIMEOUT_MS / 1000
            while time.monotonic() < deadline:
                if driver.execute_script("return document.documentElement.dataset.ready") == "true":
                    return float(driver.execute_script("return document.documentElement.dataset.readyMs"))
                time.sleep(0.05)
            raise TimeoutError(url)

        driver.get(url)
        cold = ready_ms()
        boot = driver.execute_script("return document.documentElement.dataset.boot")
        driver.refresh()
        return {"cold": cold, "warm": ready_ms(), "boot": boot}
    finally:
        driver.quit()


def run_webkit_bench(dist: Path, runs: int) -> dict | None:
    """Engine ready in WebKitGTK (the iPad's engine): ours against the bare page, cold and warm."""
    if not (os.path.exists("/usr/bin/WebKitWebDriver") and os.path.exists("/usr/bin/Xvfb")):
        print("WebKit: WebKitWebDriver or Xvfb missing, skipped")
        return None
    display = ":97"
    xvfb = subprocess.Popen(
        ["/usr/bin/Xvfb", display, "-screen", "0", "1280x1024x24", "-nolisten", "tcp"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    time.sleep(0.5)
    with tempfile.TemporaryDirectory(prefix="rules-bench-webkit-") as tmp_name:
        ours_server, ours_url = serve_in_thread(dist, "/app/", "max-age=600")
        bare_server, bare_url = serve_in_thread(_bare_site(Path(tmp_name)), "/", "max-age=600")
        times = {"bare": [], "ours": []}
        try:
            for index in range(runs):
                for name, url in (("bare", bare_url), ("ours", ours_url)):
                    one = _webkit_run(url, display)
                    times[name].append(one)
                    print(
                        f"WebKit run {index + 1}/{runs} {name}: cold {one['cold']:.0f} ms, warm {one['warm']:.0f} ms"
                        + (f" (boot: {one['boot']})" if one["boot"] else ""),
                        flush=True,
                    )
        finally:
            ours_server.shutdown()
            bare_server.shutdown()
            xvfb.terminate()
    values = lambda name, key: [r[key] for r in times[name]]  # noqa: E731
    bare = {key: statistics.median(values("bare", key)) for key in ("cold", "warm")}
    print(
        f"{'WebKitGTK engine ready, median (slowest)':<40}{'cold':>14}{'warm':>14}{'/bare cold':>12}{'/bare warm':>12}"
    )
    for name, title in (("bare", "bare loadPyodide() (npm files)"), ("ours", "ours (snapshot when it loads)")):
        cold, warm = values(name, "cold"), values(name, "warm")
        ratio_cold = statistics.median(cold) / bare["cold"]
        ratio_warm = statistics.median(warm) / bare["warm"]
        print(f"{title:<40}{_cell(cold):>14}{_cell(warm):>14}{ratio_cold:>12.2f}{ratio_warm:>12.2f}")
    return times


def _cell(values: list[float]) -> str:
    """The median, and the slowest run beside it."""
    return f"{statistics.median(values):>6.0f} ({max(values):>5.0f})"


def _chromium_mode(playwright, urls: dict, tmp: Path, runs: int, mode: str, pages) -> dict:
    """``runs`` cold and warm boots of each of ``pages`` in ``mode`` (settled or launched), printed as they come."""
    runs_of = {name: [] for name, _ in pages}
    for index in range(runs):
        for name, _ in pages:
            profile = tmp / f"profile-{mode}-{name}-{index}"
            one = _one_run(playwright, urls[name], profile, name != "bare", mode == "launched")
            runs_of[name].append(one)
            ui = f", first render {one['ui_cold']:.0f}/{one['ui_warm']:.0f} ms" if name != "bare" else ""
            print(
                f"{mode} run {index + 1}/{runs} {name}: cold {one['cold']:.0f} ms, warm {one['warm']:.0f} ms{ui}"
                + (f" (boot: {one['boot']})" if one["boot"] else ""),
                flush=True,
            )
    return runs_of


def _print_mode(mode: str, runs: int, runs_of: dict, pages) -> None:
    values = lambda name, key: [r[key] for r in runs_of[name]]  # noqa: E731
    bare = {key: statistics.median(values("bare", key)) for key in ("cold", "warm")}
    print()
    print(f"{mode}: median (slowest) of {runs} runs, ms from navigation start (headless Chromium, 127.0.0.1)")
    print(f"{'engine ready':<36}{'cold':>14}{'warm':>14}{'/bare cold':>12}{'/bare warm':>12}")
    for name, title in pages:
        cold, warm = values(name, "cold"), values(name, "warm")
        ratio_cold = statistics.median(cold) / bare["cold"]
        ratio_warm = statistics.median(warm) / bare["warm"]
        print(f"{title:<36}{_cell(cold):>14}{_cell(warm):>14}{ratio_cold:>12.2f}{ratio_warm:>12.2f}")
    print(f"{'first render (data-ui-ms)':<36}{'cold':>14}{'warm':>14}")
    for name, title in pages[1:]:
        print(f"{title:<36}{_cell(values(name, 'ui_cold')):>14}{_cell(values(name, 'ui_warm')):>14}")
    booted = {name: sorted({r["boot"] for r in runs_of[name]}) for name, _ in pages[1:]}
    print(f"boot paths seen: {booted}")


def run_bench(dist: Path, runs: int = 5) -> dict:
    """Measure ``runs`` cold and warm boots of each page, settled and just launched, and print medians, the
    slowest runs and the ratios to the bare page; then the same in WebKitGTK."""
    from playwright.sync_api import sync_playwright

    results = {}
    with tempfile.TemporaryDirectory(prefix="rules-bench-") as tmp_name:
        tmp = Path(tmp_name)
        ours_server, ours_url = serve_in_thread(dist, "/app/", "max-age=600")
        bare_server, bare_url = serve_in_thread(_bare_site(tmp), "/", "max-age=600")
        urls = {"bare": bare_url, "ours": ours_url, "fallback": ours_url + "?snapshot=off"}
        try:
            with sync_playwright() as playwright:
                for mode, pages in (("settled", PAGES), ("launched", PAGES[:2])):
                    results[mode] = _chromium_mode(playwright, urls, tmp, runs, mode, pages)
        finally:
            ours_server.shutdown()
            bare_server.shutdown()
    _print_mode("settled", runs, results["settled"], PAGES)
    _print_mode("launched", runs, results["launched"], PAGES[:2])
    raw, packed, count = _first_visit_bytes(dist)
    print(
        f"first visit downloads: {raw / 1e6:.1f} MB in {count} files (what the service worker precaches), "
        f"{packed / 1e6:.1f} MB gzipped"
    )
    print()
    webkit = run_webkit_bench(dist, runs)
    return {**results, "bytes": raw, "gzipped": packed, "webkit": webkit}
