"""Reproducible builds: one commit builds byte-identical artifacts, whenever and wherever.

Two clones differ in file times, in the folder they sit in and build at different moments; none of it may
reach the bytes of the wheel, the compiled standard library, the memory snapshot or the lock (else every
deploy looks like a new version to every tablet). The archiving functions are checked on small inputs with
the clock moved between builds, and twice for real: a fresh wheel and a fresh compile of a sample of the standard
library inside Pyodide against dist/, and a whole build in a folder of another path and length against dist/, file by file.
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


def _stdlib_sample(source: Path, path: Path) -> list[str]:
    """An archive of every tenth ``.py`` entry of the npm standard library in archive order, its first and its last,
    each with its name, timestamp and mode (all :func:`tools.pyodide_compile.compile_stdlib` reads of an entry)."""
    with zipfile.ZipFile(source) as src:
        modules = [info for info in src.infolist() if info.filename.endswith(".py")]
        chosen = sorted({0, len(modules) - 1, *range(0, len(modules), 10)})
        with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as out:
            for index in chosen:
                like = modules[index]
                info = zipfile.ZipInfo(like.filename, like.date_time)
                info.external_attr, info.compress_type = like.external_attr, like.compress_type
                out.writestr(info, src.read(like))
    return [modules[index].filename for index in chosen]


def _stored(archive: zipfile.ZipFile, info: zipfile.ZipInfo) -> bytes:
    """An entry's local header and data as they lie in the archive (compressed)."""
    archive.fp.seek(info.header_offset)
    header = archive.fp.read(30)
    name_length, extra_length = int.from_bytes(header[26:28], "little"), int.from_bytes(header[28:30], "little")
    return header + archive.fp.read(name_length + extra_length + info.compress_size)


def test_a_fresh_build_inside_pyodide_matches_dist_byte_for_byte(dist_dir, tmp_path):
    """A new wheel and a new compile of standard-library modules inside Pyodide (no cache), with the build's own
    compiler, against dist/: the wheel whole, and a spread sample of the standard library entry by entry (stored
    bytes, timestamp, mode), with dist's archive holding every entry of the npm one, in its order, each ``.py``
    turned into a ``.pyc``. A sample is enough: compile_stdlib treats every entry alike and independently (one
    pass, nothing carried from one entry to the next), so a compiler, a Python or a stale cache other than the
    build's shows in every module of the sample; and what only the whole archive has (the order of entries, no
    build time anywhere in it) is checked above on a small archive, with the clock moved between two compiles.
    Compiling all of it here again took most of this test's time (about 20 seconds)."""
    wheel = site.rules_wheel(tmp_path / "wheel")
    npm_stdlib = site.NODE_PYODIDE / "python_stdlib.zip"
    names = _stdlib_sample(npm_stdlib, tmp_path / "sample.zip")
    subprocess.run(
        [
            "node",
            str(site.ROOT / "tests" / "pyodide" / "compile_sample.mjs"),
            str(site.NODE_PYODIDE),
            str(tmp_path / "sample.zip"),
            str(wheel),
            str(tmp_path),
        ],
        check=True,
        capture_output=True,
    )
    compiled = [name[:-3] + ".pyc" for name in names]
    with zipfile.ZipFile(npm_stdlib) as npm, zipfile.ZipFile(dist_dir / "pyodide" / site.STDLIB_NAME) as shipped:
        expected = [name[:-3] + ".pyc" if name.endswith(".py") else name for name in npm.namelist()]
        assert shipped.namelist() == expected
        with zipfile.ZipFile(tmp_path / "sample.pyc.zip") as fresh:
            assert fresh.namelist() == compiled
            for name in compiled:
                ours, theirs = fresh.getinfo(name), shipped.getinfo(name)
                assert (ours.date_time, ours.external_attr) == (theirs.date_time, theirs.external_attr), name
                assert _stored(fresh, ours) == _stored(shipped, theirs), name
    assert len(compiled) > 50
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
