"""Shared fixtures: the built site (dist/) for the Pyodide and browser tests."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


@pytest.fixture(scope="session")
def dist_dir() -> Path:
    """The built site; built here only if the test command did not build it first."""
    dist = ROOT / "dist"
    if not (dist / "catalog.json").exists():
        subprocess.run([sys.executable, str(ROOT / "build.py")], check=True)
    return dist
