"""Reproducible builds: one commit builds byte-identical artifacts, whenever and wherever.

Two clones differ in file times, in the folder they sit in and build at different moments; none of it may
reach the bytes of the wheel, the compiled standard library, the memory snapshot or the lock (else every
deploy looks like a new version to every tablet). The archiving functions are checked on small inputs with
the clock moved between builds, and twice for real: a fresh wheel and a fresh standard-library compile inside
Pyodide against dist/, and a whole build in a folder of another path and length against dist/, file by file.
"""

import hashlib
import os
import shutil
import subprocess
import sys
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
    assert names == [
        ("a/__init__.pyc", (2024, 5, 1, 12, 0, 0)),
        ("a/b.pyc", (2024, 5, 1, 12, 0, 2)),
        ("a/data.txt", (2024, 5, 1, 12, 0, 4)),
    ]


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
    subprocess.run(
        [
            "node",
            str(site.ROOT / "tools" / "pyodide_prepare.mjs"),
            str(site.NODE_PYODIDE),
            str(site.micropip_wheel()),
            str(wheel),
            str(tmp_path),
        ],
        check=True,
        capture_output=True,
    )
    assert digest(tmp_path / site.STDLIB_NAME) == digest(dist_dir / "pyodide" / site.STDLIB_NAME)
    assert digest(tmp_path / "shipped" / wheel.name) == digest(dist_dir / "packages" / wheel.name)


def _files(folder: Path) -> dict[str, str]:
    return {p.relative_to(folder).as_posix(): digest(p) for p in sorted(folder.rglob("*")) if p.is_file()}


def test_a_build_in_another_folder_is_byte_identical_to_dist(dist_dir, tmp_path):
    """The checkout's build inputs copied into a folder whose path has another length (the snapshot once held
    the path of tools/make_snapshot.mjs: Emscripten's program name) and built there: every file of dist/ the
    same, the service worker's version included. node_modules and build/cache are copied, not linked, so no
    path resolves back here; the cache holds the micropip wheel and the compiled standard library (their
    reproducibility is checked above), which keeps this to one build of about half a minute."""
    other = tmp_path / ("checkout-in-a-folder-of-another-length-" + "x" * 23)
    assert len(str(other)) != len(str(site.ROOT))
    other.mkdir()
    skip = shutil.ignore_patterns("__pycache__", "*.pyc")
    for name in (*site.SOURCES, "build.py", "package.json"):
        source = site.ROOT / name
        if source.is_dir():
            shutil.copytree(source, other / name, ignore=skip)
        else:
            shutil.copy2(source, other / name)
    shutil.copytree(site.ROOT / "node_modules", other / "node_modules", symlinks=True)
    shutil.copytree(site.CACHE, other / "build" / "cache")
    done = subprocess.run(
        [sys.executable, str(other / "build.py")], cwd=other, capture_output=True, text=True, timeout=600, check=False
    )
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    ours, theirs = _files(dist_dir), _files(other / "dist")
    assert sorted(ours) == sorted(theirs)
    assert [name for name in ours if ours[name] != theirs[name]] == []
