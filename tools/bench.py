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
- **launched**: the page is opened by the browser as it starts (its address on the command line), as a home-screen
  icon opens it. Cold = a fresh profile; warm = the browser closed once the offline copy is complete, started again
  on that profile with the page.

Before the warm visit the first one is given SETTLE_S seconds after the offline copy is complete: what a page does
once it is ready (the wasm's optimising compile, the code it compiles for the next visit, the last cache writes)
ends before a person comes back.

The browser is driven through its DevTools pipe with nothing attached but the page (DevToolsPipe): no inspector on
its workers, as in a user's browser. Playwright attaches one to every worker, and under it both pages booted
slower (by 200 to 350 ms each, cold and warm, on this machine). Both are served from 127.0.0.1 with GitHub
Pages' ``Cache-Control: max-age=600``. Requests to any other origin fail through a proxy that answers nothing (as in the
browser tests): request routing would turn the HTTP cache off, and the bare page's warm load would then download
everything again. Times are ``performance.now()`` at ready, i.e. from the start of navigation. Runs alternate
between the pages. Prints numbers; asserts nothing.
"""

from __future__ import annotations

import contextlib
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


class DevToolsPipe:
    """One Chromium driven through its DevTools pipe (``--remote-debugging-pipe``: JSON messages, each ended by a NUL,
    on file descriptors 3 and 4), attached to the page alone. A user's browser has no inspector attached, and an
    inspector changes what is measured: Playwright attaches one to every worker (the engine's, the snapshot's), and
    both pages booted slower under it (module docstring). Here the page is only read (``Runtime.evaluate``, which
    needs no domain enabled); nothing attaches to its workers.

    ``url``: opened by the browser as it starts (a home-screen launch), else the browser shows about:blank."""

    def __init__(self, profile: Path, url: str = "about:blank") -> None:
        to_browser_read, self._to_browser = os.pipe()
        self._from_browser, from_browser_write = os.pipe()

        def wire_pipe() -> None:  # in the child, before exec: Chromium reads fd 3 and writes fd 4
            os.dup2(to_browser_read, 3)
            os.dup2(from_browser_write, 4)

        self.process = subprocess.Popen(
            [CHROMIUM, "--headless", *FLAGS, f"--user-data-dir={profile}", "--remote-debugging-pipe", url],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            close_fds=False,
            preexec_fn=wire_pipe,  # noqa: PLW1509 (no threads are started before it in this process's child)
        )
        os.close(to_browser_read)
        os.close(from_browser_write)
        self._buffer = b""
        self._next_id = 0
        self.session = None
        for _ in range(200):  # the page target appears once the browser has started
            pages = [t for t in self.command("Target.getTargets")["targetInfos"] if t["type"] == "page"]
            if pages:
                break
            time.sleep(0.05)
        else:
            raise RuntimeError("Chromium opened no page")
        attached = self.command("Target.attachToTarget", targetId=pages[0]["targetId"], flatten=True)
        self.session = attached["sessionId"]

    def _message(self) -> dict:
        while b"\0" not in self._buffer:
            chunk = os.read(self._from_browser, 1 << 16)
            if not chunk:
                raise RuntimeError("Chromium closed its DevTools pipe")
            self._buffer += chunk
        raw, self._buffer = self._buffer.split(b"\0", 1)
        return json.loads(raw)

    def command(self, method: str, session: bool = False, **params) -> dict:
        """Send ``method`` (to the page if ``session``, else to the browser) and wait for its answer."""
        self._next_id += 1
        message = {"id": self._next_id, "method": method, "params": params}
        if session:
            message["sessionId"] = self.session
        os.write(self._to_browser, json.dumps(message).encode() + b"\0")
        while True:
            answer = self._message()  # events (none are enabled but the target's own) are skipped
            if answer.get("id") == self._next_id:
                if "error" in answer:
                    raise RuntimeError(f"{method}: {answer['error']}")
                return answer.get("result", {})

    def evaluate(self, expression: str):
        result = self.command("Runtime.evaluate", session=True, expression=expression, returnByValue=True)
        return result.get("result", {}).get("value")

    def wait_for(self, expression: str):
        """The value of ``expression`` in the page once it is truthy (polled every 50 ms)."""
        deadline = time.monotonic() + TIMEOUT_MS / 1000
        failure = None
        while time.monotonic() < deadline:
            try:
                value = self.evaluate(expression)
            except RuntimeError as error:  # between two documents there is none to read ("navigated or closed")
                value, failure = None, error
            if value:
                return value
            time.sleep(0.05)
        raise TimeoutError(f"{expression} (last error: {failure})")

    def close(self) -> None:
        with contextlib.suppress(OSError, RuntimeError):
            self.command("Browser.close")
        try:
            self.process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        os.close(self._to_browser)
        os.close(self._from_browser)


READY = """(() => {
  const d = document.documentElement.dataset;
  if (window.replacedByReload || d.ready !== "true") return false;
  return {ready: Number(d.readyMs), ui: Number(d.uiMs ?? NaN), boot: d.boot ?? null};
})()"""
"""The page's engine-ready time, first-render time and boot path once it is ready (false until then)."""
OFFLINE_READY = "document.documentElement.dataset.offlineReady === 'true'"


def _one_run(url: str, profile: Path, offline: bool, launched: bool) -> dict:
    """One cold and one warm boot of ``url`` on a fresh ``profile``, settled or just launched (module docstring)."""
    browser = DevToolsPipe(profile, url if launched else "about:blank")
    try:
        if not launched:
            time.sleep(SETTLE_S)
            browser.command("Page.navigate", session=True, url=url)
        cold = browser.wait_for(READY)
        if offline:
            browser.wait_for(OFFLINE_READY)
        # the first visit's own tail ends before the next visit (the wasm's optimising compile, the code cache the
        # page makes for the next visit, the last cache writes), as it does before a person comes back
        time.sleep(SETTLE_S)
        if launched:
            browser.close()
            browser = DevToolsPipe(profile, url)
        else:
            browser.evaluate("window.replacedByReload = true")  # READY is not read from the page the reload replaces
            browser.command("Page.reload", session=True)
        warm = browser.wait_for(READY)
        return {
            "cold": cold["ready"],
            "ui_cold": cold["ui"],
            "boot": cold["boot"],
            "warm": warm["ready"],
            "ui_warm": warm["ui"],
        }
    finally:
        browser.close()


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


def _chromium_mode(urls: dict, tmp: Path, runs: int, mode: str, pages) -> dict:
    """``runs`` cold and warm boots of each of ``pages`` in ``mode`` (settled or launched), printed as they come."""
    runs_of = {name: [] for name, _ in pages}
    for index in range(runs):
        for name, _ in pages:
            profile = tmp / f"profile-{mode}-{name}-{index}"
            one = _one_run(urls[name], profile, name != "bare", mode == "launched")
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
    results = {}
    with tempfile.TemporaryDirectory(prefix="rules-bench-") as tmp_name:
        tmp = Path(tmp_name)
        ours_server, ours_url = serve_in_thread(dist, "/app/", "max-age=600")
        bare_server, bare_url = serve_in_thread(_bare_site(tmp), "/", "max-age=600")
        urls = {"bare": bare_url, "ours": ours_url, "fallback": ours_url + "?snapshot=off"}
        try:
            for mode, pages in (("settled", PAGES), ("launched", PAGES[:2])):
                results[mode] = _chromium_mode(urls, tmp, runs, mode, pages)
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
