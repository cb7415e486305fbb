"""Reproducible builds (issue 10): one commit builds byte-identical artifacts, whenever and wherever.

Two clones differ in file times and build at different moments; neither may reach the bytes of the
wheel, the compiled standard library or the lock (else every deploy looks like a new version to every
tablet). The archiving functions are checked on small inputs with the clock moved between builds, and
once for real: a fresh wheel and a fresh standard-library compile inside Pyodide against dist/.
"""

import hashlib
import os
import subprocess
import time
import zipfile
from pathlib import Path

import pytest

from tools import pyodide_compile, site


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.fixture
def clock(monkeypatch):
    """Moves the wall clock (what zipfile stamps on entries made from a name) to a given time."""

    def set_to(seconds: float) -> None:
        monkeypatch.setattr(time, "time", lambda: seconds)

    return set_to


def test_the_wheel_is_the_same_whatever_the_file_times(tmp_path):
    first = site.rules_wheel(tmp_path / "a")
    source = site.ROOT / "py_rules" / "__init__.py"
    stat = source.stat()
    os.utime(source, (stat.st_atime, stat.st_mtime + 86_400 * 400))
    try:
        second = site.rules_wheel(tmp_path / "b")
    finally:
        os.utime(source, (stat.st_atime, stat.st_mtime))
    assert digest(first) == digest(second)
    assert {info.date_time for info in zipfile.ZipFile(first).infolist()} == {(1980, 1, 1, 0, 0, 0)}


def _small_stdlib(path: Path) -> Path:
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as out:
        out.writestr(zipfile.ZipInfo("a/__init__.py", (2024, 5, 1, 12, 0, 0)), "X = 1\n")
        out.writestr(zipfile.ZipInfo("a/b.py", (2024, 5, 1, 12, 0, 2)), "def f():\n    return 2\n")
        out.writestr(zipfile.ZipInfo("a/data.txt", (2024, 5, 1, 12, 0, 4)), "data")
    return path


def test_the_compiled_standard_library_does_not_record_when_it_was_built(tmp_path, clock):
    source = _small_stdlib(tmp_path / "stdlib.zip")
    clock(1_700_000_000)
    pyodide_compile.compile_stdlib(str(source), str(tmp_path / "one.zip"))
    clock(1_800_000_000)
    pyodide_compile.compile_stdlib(str(source), str(tmp_path / "two.zip"))
    assert digest(tmp_path / "one.zip") == digest(tmp_path / "two.zip")
    names = [(i.filename, i.date_time) for i in zipfile.ZipFile(tmp_path / "one.zip").infolist()]
    assert names == [("a/__init__.pyc", (2024, 5, 1, 12, 0, 0)), ("a/b.pyc", (2024, 5, 1, 12, 0, 2)),
                     ("a/data.txt", (2024, 5, 1, 12, 0, 4))]


def test_the_compiled_wheel_does_not_record_when_it_was_built(tmp_path, clock):
    wheel = site.rules_wheel(tmp_path / "wheel")
    clock(1_700_000_000)
    pyodide_compile.compile_wheel(str(wheel), str(tmp_path / "one.whl"))
    clock(1_800_000_000)
    pyodide_compile.compile_wheel(str(wheel), str(tmp_path / "two.whl"))
    assert digest(tmp_path / "one.whl") == digest(tmp_path / "two.whl")


def test_a_fresh_build_inside_pyodide_matches_dist_byte_for_byte(dist_dir, tmp_path):
    """One real comparison: a new wheel and a new standard-library compile (no cache) against dist/."""
    wheel = site.rules_wheel(tmp_path / "wheel")
    subprocess.run(["node", str(site.ROOT / "tools" / "pyodide_prepare.mjs"), str(site.NODE_PYODIDE),
                    str(site.micropip_wheel()), str(wheel), str(tmp_path)], check=True, capture_output=True)
    assert digest(tmp_path / site.STDLIB_NAME) == digest(dist_dir / "pyodide" / site.STDLIB_NAME)
    assert digest(tmp_path / "shipped" / wheel.name) == digest(dist_dir / "packages" / wheel.name)
