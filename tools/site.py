"""Build the deployable static site in dist/ (README, Run it; PYODIDE.md §0).

Steps: npm ci when node_modules is missing; build the py_rules wheel; fetch the
pinned micropip wheel from PyPI (cached in build/cache); in Pyodide under Node,
byte-compile the standard library (cached by the hash of the npm zip) and our
wheel, and let micropip install the compiled wheel, taking ``micropip.freeze()``
as the lock; then lay
out dist/ with relative URLs only, a lock whose hashes match the shipped files,
the catalog for the page, and the service worker stamped with its precache
list and a content-hash version.

Reproducible: two clean clones of one commit build byte-identical dist/ — the wheel's
entries are sorted with fixed timestamps (``SOURCE_DATE_EPOCH``), the byte-compiled archives keep
their sources' order and timestamps (tools/pyodide_compile.py), the lock's keys are sorted, and the
service worker's cache name is a hash of the files, so a deploy is a new version only when a file changed.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from tools import bundle, lint, live_vendor

ROOT = Path(__file__).resolve().parent.parent
WEB = ROOT / "web"
NODE_PYODIDE = ROOT / "node_modules" / "pyodide"
CACHE = ROOT / "build" / "cache"

MICROPIP_VERSION = "0.11.1"
MICROPIP_SHA256 = "768de165adb8e66906039d8fec4127a57f522dfdf8e6fbff877a4616941ecfd3"
"""The PyPI wheel (PYODIDE.md §1.4); its hash differs from Pyodide's own lock."""

PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm")
"""The runtime files the page loads; the stdlib is replaced by the compiled one."""

VENDOR = (
    ("preact/dist/preact.mjs", "preact.mjs"),
    ("preact/hooks/dist/hooks.mjs", "hooks.mjs"),
    ("htm/dist/htm.mjs", "htm.mjs"),
    ("idb/build/index.js", "idb.mjs"),
)
"""npm files the page imports from dist/vendor/ (no bundler). Bare imports are made relative."""

STDLIB_NAME = "python_stdlib.pyc.zip"
SNAPSHOT_NAME = "py_rules.snapshot.gz"
SNAPSHOT_INFO = "py_rules.snapshot.json"
"""The memory snapshot (gzip) and its build id, size and SHA-256, in dist/pyodide/."""
SW_TEMPLATE = "sw.js"
OUR_TEXT_SUFFIXES = (".html", ".mjs", ".js", ".css", ".json", ".webmanifest")
_HOST = re.compile(r"\b(?:https?|wss?):\/\/", re.I)
_XML_NAMESPACES = re.compile(r"http://www\.w3\.org/(?:2000/svg|1999/xhtml|1998/Math/MathML|1999/xlink)\b")
"""Namespace names preact (bundled into our chunks) compares elements against: strings, never requests."""
_LIBRARY_MESSAGES = re.compile(r"https://github\.com/uuidjs/uuid#getrandomvalues-not-supported")
"""An address in the text of an error the sync engine's uuid (bundled into the live table's chunk) throws: words."""


SOURCE_DATE_EPOCH = "315532800"
"""1980-01-01 00:00:00 UTC, the earliest zip timestamp: every entry of the wheel gets it unless the
environment sets another ``SOURCE_DATE_EPOCH`` (the reproducible-builds convention)."""

SOURCES = ("py_rules", "web", "tools", "pyproject.toml", "README.md", "package-lock.json")
"""What dist/ is built from (README.md is the wheel's long description); their digest is written to dist/build-info.json."""


def source_digest() -> str:
    """A hash of every source file dist/ is built from (tests rebuild a stale dist/)."""
    digest = hashlib.sha256()
    for name in SOURCES:
        path = ROOT / name
        files = (
            [path]
            if path.is_file()
            else sorted(p for p in path.rglob("*") if p.is_file() and "__pycache__" not in p.parts)
        )
        for file in files:
            digest.update(file.relative_to(ROOT).as_posix().encode() + b"\0" + file.read_bytes() + b"\0")
    return digest.hexdigest()


def log(message: str) -> None:
    print(f"[build] {message}", flush=True)


def sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def ensure_node_modules() -> None:
    """Install the pinned npm packages (package-lock.json) when they are missing."""
    if (
        (NODE_PYODIDE / "pyodide.mjs").exists()
        and bundle.ESBUILD.exists()
        and lint.BIOME.exists()
        and all((ROOT / "node_modules" / source).exists() for source, _ in VENDOR)
        and all(path.exists() for path in live_vendor.needed())
    ):
        return
    log("node_modules missing: npm ci")
    subprocess.run(["npm", "ci", "--no-audit", "--no-fund"], cwd=ROOT, check=True)


def micropip_wheel() -> Path:
    """The pinned micropip wheel from PyPI, downloaded once into build/cache."""
    CACHE.mkdir(parents=True, exist_ok=True)
    wheel = CACHE / f"micropip-{MICROPIP_VERSION}-py3-none-any.whl"
    if not wheel.exists():
        log(f"downloading micropip {MICROPIP_VERSION} from PyPI")
        subprocess.run(
            [
                sys.executable,
                "-m",
                "pip",
                "download",
                "--quiet",
                "--only-binary=:all:",
                "--no-deps",
                "--python-version",
                "3.14",
                "-d",
                str(CACHE),
                f"micropip=={MICROPIP_VERSION}",
            ],
            check=True,
        )
    actual = sha256(wheel)
    if actual != MICROPIP_SHA256:
        wheel.unlink()
        raise SystemExit(f"micropip wheel hash {actual} is not the pinned {MICROPIP_SHA256}")
    return wheel


@contextlib.contextmanager
def _source_date_epoch():
    """``SOURCE_DATE_EPOCH`` set for the duration (flit_core then writes fixed timestamps)."""
    before = os.environ.get("SOURCE_DATE_EPOCH")
    os.environ["SOURCE_DATE_EPOCH"] = before or SOURCE_DATE_EPOCH
    try:
        yield
    finally:
        if before is None:
            del os.environ["SOURCE_DATE_EPOCH"]


def rules_wheel(out_dir: Path) -> Path:
    """Build the py_rules wheel from this checkout (flit_core in-process if present, else pip), with
    sorted entries and fixed timestamps."""
    out_dir.mkdir(parents=True, exist_ok=True)
    for old in out_dir.glob("py_rules-*.whl"):
        old.unlink()
    with _source_date_epoch():
        _build_wheel(out_dir)
    wheels = sorted(out_dir.glob("py_rules-*.whl"))
    if len(wheels) != 1:
        raise SystemExit(f"expected one py_rules wheel in {out_dir}, found {wheels}")
    return wheels[0]


def _build_wheel(out_dir: Path) -> None:
    try:
        from flit_core import buildapi
    except ImportError:
        subprocess.run(
            [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "-w", str(out_dir), str(ROOT)], check=True
        )
    else:
        here = os.getcwd()
        os.chdir(ROOT)
        try:
            buildapi.build_wheel(str(out_dir))
        finally:
            os.chdir(here)


def prepare_in_pyodide(micropip: Path, wheel: Path, work: Path) -> dict:
    """Compile the stdlib and the wheel, install the compiled wheel with micropip under Node; return
    the frozen lock. The compiled wheel is written to ``work/shipped/``."""
    stdlib_key = hashlib.sha256(
        (sha256(NODE_PYODIDE / "python_stdlib.zip") + sha256(ROOT / "tools" / "pyodide_compile.py")).encode()
    ).hexdigest()[:16]
    cache = CACHE / f"python_stdlib-{stdlib_key}.pyc.zip"
    subprocess.run(
        [
            "node",
            str(ROOT / "tools" / "pyodide_prepare.mjs"),
            str(NODE_PYODIDE),
            str(micropip),
            str(wheel),
            str(work),
            str(cache),
        ],
        check=True,
    )
    return json.loads((work / "freeze.json").read_text())


def make_snapshot(work: Path, wheel: Path, out: Path, sources: str) -> None:
    """The memory snapshot the worker boots from (for boot time): made in Pyodide under Node from the shipped
    stdlib and compiled wheel, gzip-compressed, with its build id, sizes and hashes beside it and what it
    belongs to: ``sources`` (this build's :func:`source_digest`, also in build-info.json) and the wheel's name
    and SHA-256 (the lock's), which the worker compares before it restores it (web/snapshot.mjs refusal)."""
    subprocess.run(
        [
            "node",
            str(ROOT / "tools" / "make_snapshot.mjs"),
            str(NODE_PYODIDE),
            str(work / STDLIB_NAME),
            str(wheel),
            str(out / SNAPSHOT_NAME),
            str(out / SNAPSHOT_INFO),
            sources,
        ],
        check=True,
    )


def app_lock(frozen: dict, shipped: dict[str, Path]) -> dict:
    """Our lock: micropip.freeze()'s entries for the shipped wheels, file names made
    relative to the lock and hashes checked against the files (PYODIDE.md §1.3–1.4)."""
    packages = {}
    for key, path in shipped.items():
        entry = dict(frozen["packages"][key])
        entry["file_name"] = path.name
        actual = sha256(path)
        if key == "micropip":
            entry["sha256"] = actual  # freeze() reports Pyodide's own build; we ship PyPI's
        elif entry["sha256"] != actual:
            raise SystemExit(f"lock hash for {key} does not match {path.name}")
        packages[key] = entry
    return {"info": frozen["info"], "packages": packages}


def copy_vendor(dist: Path) -> None:
    """Copy the page's npm modules into dist/vendor/, turning ``from"preact"`` into a relative import
    so no import map (an inline script the CSP would have to hash) is needed."""
    vendor = dist / "vendor"
    vendor.mkdir()
    for source, name in VENDOR:
        text = (ROOT / "node_modules" / source).read_text(encoding="utf-8")
        text = re.sub(r"""from\s*(["'])preact\1""", 'from"./preact.mjs"', text)
        if re.search(r"""(?:from|import)\s*["'][^./]""", text):
            raise SystemExit(f"{source} has a bare import left")
        (vendor / name).write_text(text, encoding="utf-8")


def catalog() -> dict:
    """The engine's catalog, computed by this checkout's py_rules in CPython."""
    sys.path.insert(0, str(ROOT))
    from py_rules import api

    return api.catalog()


def check_no_foreign_hosts(dist: Path, ours: list[Path]) -> None:
    """No file of ours names another host (nothing fetched from another origin: every URL in dist/ is relative)."""
    for path in ours:
        if path.suffix in OUR_TEXT_SUFFIXES:
            text = _LIBRARY_MESSAGES.sub("", _XML_NAMESPACES.sub("", path.read_text(encoding="utf-8")))
            match = _HOST.search(text)
            if match:
                raise SystemExit(
                    f"{path.relative_to(dist)} names another host near: {text[match.start() : match.start() + 60]!r}"
                )


OPTIONAL_ASSETS = (f"pyodide/{SNAPSHOT_NAME}", f"pyodide/{SNAPSHOT_INFO}")
"""Files the page boots without (the worker falls back to the normal boot): the service worker installs
without them when they cannot be downloaded, so a deploy missing them still leaves an offline copy."""


def stamp_service_worker(dist: Path, assets: list[str]) -> str:
    """Write dist/sw.js with the precache list, the optional files in it and a version = hash of every
    asset's hash."""
    digest = hashlib.sha256()
    for name in sorted(assets):
        digest.update(name.encode() + b"\0" + sha256(dist / name).encode() + b"\n")
    version = digest.hexdigest()[:16]
    template = (WEB / SW_TEMPLATE).read_text(encoding="utf-8")
    precache = ["./"] + sorted(assets)
    optional = sorted(a for a in OPTIONAL_ASSETS if a in assets)
    # The placeholders as biome format writes them: an empty list's comment may sit on a line of its own.
    text = template.replace('"__VERSION__"', json.dumps(version))
    text = re.sub(r"\[\s*/\*__ASSETS__\*/\s*\]", lambda _: json.dumps(precache, indent=1), text)
    text = re.sub(r"\[\s*/\*__OPTIONAL__\*/\s*\]", lambda _: json.dumps(optional), text)
    if "__VERSION__" in text or "__ASSETS__" in text or "__OPTIONAL__" in text:
        raise SystemExit("sw.js template placeholders not replaced")
    (dist / SW_TEMPLATE).write_text(text, encoding="utf-8")
    return version


def build(dist: Path) -> dict:
    """Build the whole site into ``dist``; returns a summary for the log."""
    ensure_node_modules()
    sources = source_digest()  # once, before anything is built: the snapshot and build-info.json name the same build
    micropip = micropip_wheel()
    with tempfile.TemporaryDirectory(prefix="rules-build-") as tmp:
        work = Path(tmp)
        wheel = rules_wheel(work / "wheel")
        frozen = prepare_in_pyodide(micropip, wheel, work)
        if dist.exists():
            shutil.rmtree(dist)
        shutil.copytree(WEB, dist, ignore=shutil.ignore_patterns(SW_TEMPLATE, ".*", "*.md"))
        copy_vendor(dist)
        live_vendor.copy(dist)
        bundles = bundle.bundle(dist)
        (dist / "pyodide").mkdir()
        for name in PYODIDE_FILES:
            shutil.copy2(NODE_PYODIDE / name, dist / "pyodide" / name)
        shutil.copy2(work / STDLIB_NAME, dist / "pyodide" / STDLIB_NAME)
        make_snapshot(work, work / "shipped" / wheel.name, dist / "pyodide", sources)
        packages = dist / "packages"
        packages.mkdir()
        shipped = {"micropip": packages / micropip.name, "py-rules": packages / wheel.name}
        shutil.copy2(micropip, shipped["micropip"])
        shutil.copy2(work / "shipped" / wheel.name, shipped["py-rules"])
    lock = app_lock(frozen, shipped)
    described = json.loads((dist / "pyodide" / SNAPSHOT_INFO).read_text())
    if (described["wheel"], described["wheel_sha256"]) != (wheel.name, lock["packages"]["py-rules"]["sha256"]):
        raise SystemExit("the snapshot's description does not name the wheel the lock installs")
    (packages / "pyodide-lock.json").write_text(json.dumps(lock, indent=1, sort_keys=True), encoding="utf-8")
    (dist / "catalog.json").write_text(json.dumps(catalog(), ensure_ascii=False), encoding="utf-8")
    (dist / "build-info.json").write_text(json.dumps({"sources": sources, "wheel": wheel.name}), encoding="utf-8")

    theirs = ("pyodide", "vendor")  # npm files: preact names the SVG namespace URL, which is not a request
    ours = [p for p in dist.rglob("*") if p.is_file() and not set(theirs) & set(p.relative_to(dist).parts)]
    check_no_foreign_hosts(dist, ours)
    every = sorted(p.relative_to(dist).as_posix() for p in dist.rglob("*") if p.is_file())
    assets = [a for a in every if not bundle.developer_only(a)]  # what the service worker precaches
    version = stamp_service_worker(dist, assets)
    size = sum((dist / a).stat().st_size for a in assets)
    log(
        f"dist/ ready: {len(assets) + 1} files for visitors, {size / 1e6:.1f} MB ({len(bundles)} bundles; "
        f"{len(every) - len(assets)} developer files), version {version}, wheel {wheel.name}"
    )
    return {"version": version, "files": len(assets) + 1, "bytes": size, "wheel": wheel.name}
