"""The page's pure modules checked by their own tests in Node (``node --test``, tests/node/*.test.mjs), run here so
the README's test command runs them too: one test per file, so a failure names the module."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
TESTS = sorted((ROOT / "tests" / "node").glob("*.test.mjs"))


@pytest.mark.skipif(shutil.which("node") is None, reason="Node is not installed")
@pytest.mark.parametrize("path", TESTS, ids=[path.stem for path in TESTS])
def test_node_tests_of_page_modules_pass(path):
    done = subprocess.run(["node", "--test", str(path)], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout[-6000:] + done.stderr[-2000:]
