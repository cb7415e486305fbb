"""The page's pure modules under Node's own test runner (``node --test tests/node/``): each file there imports a
module of web/ as the page does and checks it on real data (gzip made by Node's zlib, the catalog py_rules writes).
Run here so the README's test command runs them too."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from py_rules.api import catalog

ROOT = Path(__file__).resolve().parent.parent
NODE = shutil.which("node")


def test_the_page_modules_pass_their_node_tests(tmp_path):
    if not NODE:
        pytest.skip("node is not installed")
    catalog_file = tmp_path / "catalog.json"
    catalog_file.write_text(json.dumps(catalog()), encoding="utf-8")  # as build.py writes it for the page
    done = subprocess.run([NODE, "--test", str(ROOT / "tests" / "node")], cwd=ROOT, capture_output=True, text=True,
                          timeout=300, env={**os.environ, "CATALOG_JSON": str(catalog_file)})
    assert done.returncode == 0, done.stdout[-6000:] + done.stderr[-2000:]
    assert "# fail 0" in done.stdout
