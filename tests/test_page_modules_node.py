"""The page's pure modules checked by their own tests in Node (``node --test``, tests/node/*.test.mjs), run here so
the README's test command runs them too: one test per file, so a failure names the module. ``PYTHON`` is this
interpreter (a test that needs the engine's catalog asks it for one)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
TESTS = sorted((ROOT / "tests" / "node").glob("*.test.mjs"))


@pytest.mark.skipif(shutil.which("node") is None, reason="Node is not installed")
@pytest.mark.parametrize("path", TESTS, ids=[path.stem for path in TESTS])
def test_node_tests_of_page_modules_pass(path):
    done = subprocess.run(
        ["node", "--test", str(path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        env={**os.environ, "PYTHON": sys.executable},
    )
    assert done.returncode == 0, done.stdout[-6000:] + done.stderr[-2000:]
