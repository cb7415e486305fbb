"""Shared fixtures: the built site (dist/) for the Pyodide and browser tests."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


def _is_current(dist: Path) -> bool:
    from tools.site import source_digest

    info = dist / "build-info.json"
    return info.exists() and json.loads(info.read_text()).get("sources") == source_digest()


@pytest.fixture(scope="session")
def dist_dir() -> Path:
    """The built site; rebuilt here when it is missing or older than the sources. The pytest-xdist workers each ask
    at their start: one builds while the others wait on a lock and then find it current (two builds writing one
    dist/ at once broke each other's bundles)."""
    import fcntl

    dist = ROOT / "dist"
    if _is_current(dist):
        return dist
    lock_path = ROOT / "build" / "dist.lock"
    lock_path.parent.mkdir(exist_ok=True)
    with lock_path.open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not _is_current(dist):
            subprocess.run([sys.executable, str(ROOT / "build.py")], check=True)
    return dist


SLOW_FIRST = (
    "tests/web/",
    "tests/webkit/",
    "tests/pyodide/",
    "tests/test_page_modules_node.py",
    "tests/test_reproducible_build.py",
)
"""The folders and modules whose tests drive a browser, Node or a second build: seconds each, against milliseconds
for an engine test."""

SLOWEST_FIRST = (
    "tests/webkit/",
    "tests/web/test_live_table.py",
    "tests/web/test_screens.py",
    "tests/web/test_update_input.py",
    "tests/web/test_live_scan.py",
    "tests/web/test_update_tabs.py",
    "tests/web/test_refused_writes.py",
    "tests/web/test_keep_campaigns.py",
    "tests/web/test_storage.py",
    "tests/web/test_app.py",
    "tests/test_reproducible_build.py",
    "tests/web/test_boot_and_update.py",
    "tests/web/test_table_two_devices.py",
    "tests/test_page_modules_node.py",
    "tests/web/test_storage_faults.py",
    "tests/web/test_integrity.py",
    "tests/web/test_log.py",
    "tests/web/test_engine_deadline.py",
    "tests/web/test_fights.py",
    "tests/web/test_import_ahead.py",
)
"""Of those, the modules with tests of ten seconds or more (a browser of their own, several boots, a second build),
slowest first, as measured with ``--durations=0``."""


def pytest_collection_modifyitems(config, items):
    """The slow tests first, the slowest of them at the very front. pytest-xdist's worksteal hands each worker a
    contiguous share of the collection and lets an idle worker take the second half of the longest queue from its
    end: the worker holding the browser tests starts on the longest ones, and what the other steals at the end are
    the short ones. (With the browser tests last, as collected, the run ended on a few browser modules while the
    other worker sat idle; with a long test last, it ended on that one.) The order within each module stays as
    collected; every test sets up its own state."""
    root = ROOT.as_posix() + "/"

    def rank(item) -> int:
        path = item.path.as_posix().removeprefix(root)
        for index, prefix in enumerate(SLOWEST_FIRST):
            if path.startswith(prefix):
                return index
        return len(SLOWEST_FIRST) if path.startswith(SLOW_FIRST) else len(SLOWEST_FIRST) + 1

    items.sort(key=rank)


def pytest_terminal_summary(terminalreporter):
    """How many times the browser tests' ``app`` fixture booted the app, for how many tests that asked for it (the
    cost that ``shared_app`` cuts, tests/web/conftest.py); here, where pytest-xdist's workers send their reports."""
    boots = tests = 0
    for reports in terminalreporter.stats.values():
        for report in reports:
            if getattr(report, "when", None) == "setup":
                for name, value in getattr(report, "user_properties", ()):
                    if name == "app_boots":
                        boots += value
                        tests += 1
    if tests:
        terminalreporter.write_line(f"app fixture: {boots} boots for {tests} tests")
