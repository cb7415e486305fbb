"""The page's pure modules checked by their own tests in Node (``node --test``, tests/node/): the engine's deadline
(web/rpc.mjs, web/app/engine.mjs) with a stand-in worker and a clock moved by hand; the forum choices read from the
engine's catalog (web/app/forum_choices.mjs; ``PYTHON`` is this interpreter, which writes the catalog)."""

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
    done = subprocess.run(["node", "--test", str(path)], cwd=ROOT, capture_output=True, text=True, timeout=120,
                          env={**os.environ, "PYTHON": sys.executable})
    assert done.returncode == 0, done.stdout[-6000:] + done.stderr[-2000:]
