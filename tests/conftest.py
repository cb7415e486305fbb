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
    """The built site; rebuilt here when it is missing or older than the sources."""
    dist = ROOT / "dist"
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


def pytest_collection_modifyitems(config, items):
    """The slow tests first. pytest-xdist hands tests to its workers in collection order, and the browser tests come
    last alphabetically: the run then ended on a few browser modules while the other worker sat idle. Started
    first, they share the workers, and the quick engine tests fill the gaps at the end. (The order within each
    group stays as collected; every test sets up its own state.)"""
    root = ROOT.as_posix() + "/"

    def slow(item) -> bool:
        path = item.path.as_posix().removeprefix(root)
        return path.startswith(SLOW_FIRST)

    items.sort(key=lambda item: not slow(item))


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
