"""The WebKit pass (as on an iPad): the app in Debian's WebKitGTK, the engine every iPad browser runs, driven by
WebKitWebDriver through Selenium on a private X display (Xvfb). Helpers are in helpers.py here.

What it cannot check, and where that is checked instead: WebDriver has no way to watch a download, so an export
is caught at the page's own download link and its file read there (helpers.exported_file; the saved download and
the Share sheet: tests/web); requests to other
origins cannot be intercepted here, but the page's Content-Security-Policy (connect-src 'self') refuses them,
and tests/web checks with every foreign request aborted. WebKitGTK's automation sessions keep no storage between
sessions, so each session is a fresh profile; Safari's eviction itself (seven days) cannot be simulated.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import threading
import time
import warnings

import pytest

from tools.serve import serve_in_thread

DRIVER = "/usr/bin/WebKitWebDriver"
XVFB = "/usr/bin/Xvfb"


def _free_display() -> int:
    """A display number no other X server (or another pytest worker's) holds: each worker its own range."""
    worker = os.environ.get("PYTEST_XDIST_WORKER", "gw0")
    start = 100 + 10 * int("".join(ch for ch in worker if ch.isdigit()) or 0)
    for number in range(start, start + 10):
        if not os.path.exists(f"/tmp/.X{number}-lock") and not os.path.exists(f"/tmp/.X11-unix/X{number}"):
            return number
    raise RuntimeError("no free X display")


@pytest.fixture(scope="session")
def display():
    """A private X server for the whole WebKit pass; its DISPLAY value."""
    if not (os.path.exists(DRIVER) and os.path.exists(XVFB)):
        pytest.fail("WebKitWebDriver or Xvfb is missing: build.py test installs webkit2gtk-driver and xvfb")
    number = _free_display()
    server = subprocess.Popen(
        [XVFB, f":{number}", "-screen", "0", "1280x1024x24", "-nolisten", "tcp"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    for _ in range(100):
        if os.path.exists(f"/tmp/.X11-unix/X{number}"):
            break
        time.sleep(0.05)
    yield f":{number}"
    server.terminate()
    server.wait(timeout=10)


@pytest.fixture(scope="session")
def webkit_site(dist_dir):
    server, url = serve_in_thread(dist_dir, prefix="/app/")
    yield url
    server.shutdown()
    server.server_close()


@pytest.fixture
def own_webkit_site(dist_dir, tmp_path):
    """A private copy of dist/ on its own server, which the test may stop: (url, server)."""
    copy = tmp_path / "dist"
    shutil.copytree(dist_dir, copy)
    server, url = serve_in_thread(copy, prefix="/app/")
    yield url, server
    server.shutdown()


SESSION_S = 60
"""How long a new WebKitGTK session may take to start (about 3 s; Selenium itself would wait for ever)."""


def _start_session(display: str):
    """A new WebKitGTK session, or None if WebKitWebDriver has not answered within ``SESSION_S``: its driver is
    then stopped (a MiniBrowser that never came up left the request unanswered, and the pass waiting on it)."""
    from selenium import webdriver
    from selenium.webdriver.webkitgtk.options import Options
    from selenium.webdriver.webkitgtk.service import Service

    service = Service(executable_path=DRIVER, env={**os.environ, "DISPLAY": display})
    started: dict = {}

    def start() -> None:
        try:
            started["driver"] = webdriver.WebKitGTK(options=Options(), service=service)
        except Exception as error:  # reported by the caller, on its own thread
            started["error"] = error

    thread = threading.Thread(target=start, daemon=True)
    thread.start()
    thread.join(SESSION_S)
    if "error" in started:
        raise started["error"]
    if "driver" not in started:
        service.stop()
        thread.join(10)
        return None
    return started["driver"]


@pytest.fixture
def webkit(display):
    """A fresh WebKitGTK session (MiniBrowser, its own empty storage) at 1024×768, as an iPad held sideways. A
    session that does not start is started again once, with a warning (seen now and then on a loaded machine)."""
    driver = _start_session(display)
    if driver is None:
        warnings.warn(f"a WebKitGTK session did not start within {SESSION_S} s; starting another", stacklevel=1)
        driver = _start_session(display)
    if driver is None:
        pytest.fail(f"WebKitWebDriver started no session within {SESSION_S} s, twice")
    driver.set_window_size(1024, 768)
    driver.set_script_timeout(120)
    yield driver
    driver.quit()
