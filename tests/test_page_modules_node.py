"""The page's pure modules checked by their own tests in Node (``node --test``, tests/node/*.test.mjs), run here so
the README's test command runs them too. One ``node --test`` run of every file (tests/node/file_reporter.mjs tags
each result with its file), shared by the pytest workers, and one test per file here, so a failure names the module
and shows what failed. ``PYTHON`` is this interpreter (a test that needs the engine asks it), ``CATALOG_JSON`` the
engine's catalog, computed once for every file."""

from __future__ import annotations

import fcntl
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
TESTS = sorted((ROOT / "tests" / "node").glob("*.test.mjs"))


def _run_every_file(folder: Path) -> Path:
    """Run every file once into ``folder``/events.jsonl (the run's own output in run.log); the path of the events."""
    catalog = folder / "catalog.json"
    subprocess.run(
        [sys.executable, "-c", "import json, sys; from py_rules.api import catalog; json.dump(catalog(), sys.stdout)"],
        stdout=catalog.open("w"),
        cwd=ROOT,
        check=True,
    )
    events = folder / "events.jsonl"
    with (folder / "run.log").open("w") as log:
        subprocess.run(
            [
                "node",
                "--test",
                "--test-reporter",
                str(ROOT / "tests" / "node" / "file_reporter.mjs"),
                "--test-reporter-destination",
                str(events),
                *map(str, TESTS),
            ],
            cwd=ROOT,
            stdout=log,
            stderr=subprocess.STDOUT,
            timeout=600,
            check=False,
            env={**os.environ, "PYTHON": sys.executable, "CATALOG_JSON": str(catalog)},
        )
    return events


@pytest.fixture(scope="session")
def node_events(tmp_path_factory) -> dict[str, list[dict]]:
    """Every file's events (file path → its events in order), from one run however many pytest workers ask: the
    first to ask runs it under a lock in the session's shared folder, the others wait for it and read it."""
    base = tmp_path_factory.getbasetemp()
    shared = base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base
    folder = shared / "node-tests"
    with (shared / "node-tests.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not (folder / "done").exists():
            folder.mkdir(exist_ok=True)
            _run_every_file(folder)
            (folder / "done").touch()
    by_file: dict[str, list[dict]] = {}
    events = folder / "events.jsonl"
    for line in events.read_text().splitlines() if events.exists() else []:
        event = json.loads(line)
        by_file.setdefault(event["file"], []).append(event)
    by_file[""] = [{"type": "test:stderr", "message": (folder / "run.log").read_text()[-4000:]}]
    return by_file


@pytest.mark.skipif(shutil.which("node") is None, reason="Node is not installed")
@pytest.mark.parametrize("path", TESTS, ids=[path.stem for path in TESTS])
def test_node_tests_of_page_modules_pass(path, node_events):
    events = node_events.get(str(path), [])
    results = [event for event in events if event["type"] in ("test:pass", "test:fail")]
    failed = [event for event in results if event["type"] == "test:fail"]
    printed = "".join(event["message"] for event in events if event["type"] in ("test:stdout", "test:stderr"))
    report = "\n\n".join(f"✖ {event['name']}\n{event['error']}" for event in failed)
    assert results, f"no test of {path.name} ran:\n{printed[-4000:]}\n{node_events[''][0]['message']}"
    assert not failed, f"{report[-8000:]}\n\nprinted:\n{printed[-2000:]}"
