"""The linters ``build.py test`` runs before pytest, failing fast with the tool's own output: ruff over the Python
(its rules and the reason for each rule left out are in pyproject.toml) and Biome over the page's JavaScript and CSS
(biome.json: web/ and tests/node/); then each formatter checks, changing nothing, that the code is as it would write
it (``ruff format --check``, ``biome format``; Biome leaves the CSS as written, one rule per line). To format:
``.venv/bin/ruff format . && node_modules/.bin/biome format --write``.

ruff comes with the test extra (``pip install -e '.[test]'``), Biome with the pinned npm packages (``npm ci``,
which the build runs where they are missing: tools/site.py ``ensure_node_modules``).
"""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BIOME = ROOT / "node_modules" / ".bin" / "biome"


def commands() -> list[tuple[str, list[str]]]:
    """Each check as (what it is, its command line), the linters first."""
    ruff = [sys.executable, "-m", "ruff"]
    return [
        ("ruff check", [*ruff, "check", "."]),
        ("biome lint", [str(BIOME), "lint", "--error-on-warnings"]),
        ("ruff format --check", [*ruff, "format", "--check", "."]),
        ("biome format", [str(BIOME), "format"]),
    ]


def missing() -> list[str]:
    """What a check needs that this machine lacks, with the command that installs it."""
    lacking = []
    if importlib.util.find_spec("ruff") is None:
        lacking.append("ruff: pip install -e '.[test]'")
    if not BIOME.exists():
        lacking.append("Biome: npm ci")
    return lacking


def run() -> int:
    """Run every check in turn; the first that fails stops the run with its own output and exit code."""
    lacking = missing()
    if lacking:
        print(f"[lint] missing: {'; '.join(lacking)}", file=sys.stderr, flush=True)
        return 1
    for name, command in commands():
        print(f"[lint] {name}", flush=True)
        done = subprocess.run(command, cwd=ROOT, check=False)
        if done.returncode:
            print(
                f"[lint] {name} failed (exit {done.returncode}): fix what it lists above", file=sys.stderr, flush=True
            )
            return done.returncode
    return 0


if __name__ == "__main__":
    sys.exit(run())
