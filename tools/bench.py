"""Boot benchmark (issue 2): median time to ``data-ready`` for our page against a bare page that only
calls ``loadPyodide()`` on the npm package's unmodified files, cold and warm, in headless Chromium.

Cold = a fresh browser profile; warm = a reload in that same profile (for our page, once the service
worker has precached the site, as on a tablet's second visit). Both are served from 127.0.0.1 with
GitHub Pages' ``Cache-Control: max-age=600``; times are ``performance.now()`` at ready, i.e. from the
start of navigation. Runs alternate between the two pages. Prints numbers; asserts nothing.
"""

from __future__ import annotations

import os

import gzip
import shutil
import statistics
import tempfile
from pathlib import Path

from tools.serve import serve_in_thread

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync"]
TIMEOUT_MS = 180_000

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


def _one_run(playwright, url: str, profile: Path, wait_offline: bool) -> tuple[float, float]:
    context = playwright.chromium.launch_persistent_context(
        str(profile), executable_path=CHROMIUM, args=FLAGS, headless=True
    )
    try:
        origin = url.split("/", 3)[:3]
        prefix = "/".join(origin) + "/"
        context.route("**/*", lambda route: route.continue_() if route.request.url.startswith(prefix) else route.abort())
        page = context.pages[0] if context.pages else context.new_page()
        page.goto(url)
        html = page.locator("html[data-ready=true]")
        html.wait_for(state="attached", timeout=TIMEOUT_MS)
        cold = float(page.locator("html").get_attribute("data-ready-ms"))
        if wait_offline:
            page.locator("html[data-offline-ready=true]").wait_for(state="attached", timeout=TIMEOUT_MS)
        page.reload()
        page.locator("html[data-ready=true]").wait_for(state="attached", timeout=TIMEOUT_MS)
        warm = float(page.locator("html").get_attribute("data-ready-ms"))
        return cold, warm
    finally:
        context.close()


def run_bench(dist: Path, runs: int = 5) -> dict:
    """Measure ``runs`` cold+warm boots of each page and print medians and ratios."""
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory(prefix="rules-bench-") as tmp_name:
        tmp = Path(tmp_name)
        ours_server, ours_url = serve_in_thread(dist, "/app/", "max-age=600")
        bare_server, bare_url = serve_in_thread(_bare_site(tmp), "/", "max-age=600")
        times = {"bare": ([], []), "ours": ([], [])}
        try:
            with sync_playwright() as playwright:
                for index in range(runs):
                    for name, url in (("bare", bare_url), ("ours", ours_url)):
                        cold, warm = _one_run(playwright, url, tmp / f"profile-{name}-{index}", name == "ours")
                        times[name][0].append(cold)
                        times[name][1].append(warm)
                        print(f"run {index + 1}/{runs} {name}: cold {cold:.0f} ms, warm {warm:.0f} ms", flush=True)
        finally:
            ours_server.shutdown()
            bare_server.shutdown()

    medians = {name: (statistics.median(c), statistics.median(w)) for name, (c, w) in times.items()}
    files = [p for p in dist.rglob("*") if p.is_file()]
    size = sum(p.stat().st_size for p in files)
    packed = sum(len(gzip.compress(p.read_bytes(), 6)) for p in files)  # what a gzip-serving host sends
    print()
    print(f"median of {runs} runs, ms from navigation start to ready (headless Chromium, 127.0.0.1)")
    print(f"{'page':<34}{'cold':>8}{'warm':>8}")
    print(f"{'bare loadPyodide() (npm files)':<34}{medians['bare'][0]:>8.0f}{medians['bare'][1]:>8.0f}")
    print(f"{'ours (data-ready)':<34}{medians['ours'][0]:>8.0f}{medians['ours'][1]:>8.0f}")
    cold_ratio = medians["ours"][0] / medians["bare"][0]
    warm_ratio = medians["ours"][1] / medians["bare"][1]
    print(f"{'ratio ours / bare (target <= 0.5)':<34}{cold_ratio:>8.2f}{warm_ratio:>8.2f}")
    print(f"dist/ size: {size / 1e6:.1f} MB in {len(files)} files, {packed / 1e6:.1f} MB gzipped")
    return {"medians": medians, "ratios": (cold_ratio, warm_ratio), "bytes": size}
