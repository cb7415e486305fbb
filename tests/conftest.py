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
