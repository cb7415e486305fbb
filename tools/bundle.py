"""Bundle the page's modules with esbuild at build time (one bundle for the page: boot time).

``web/`` stays plain modules (no build step to read or debug it). In ``dist/`` the modules as copied move to
``dist/src/`` and esbuild writes, at the top of ``dist/``, one file per entry point: the page's (``main.mjs``,
``start.mjs`` for the UI and ``reference.mjs``) plus shared chunks, code-split where the page imports lazily (the
screens loaded on first use), and the workers' (the engine's ``worker.mjs``, the helper threads
``snapshot_worker.mjs``, ``gzip_worker.mjs`` and ``code_cache_worker.mjs``), each whole, with linked source maps
that point into ``dist/src/``. The first render then needs a handful of requests instead of ~70 modules;
``index.html`` preloads exactly what ``main.mjs`` and ``start.mjs`` import (read from esbuild's metafile). Pyodide's
own files are left as they are (``./pyodide/*`` is external). The output is deterministic: chunk names are content
hashes.

``dist/src/`` and the source maps are for developers: the service worker does not precache them
(:func:`developer_only`), so a first visit does not download them.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ESBUILD = ROOT / "node_modules" / ".bin" / "esbuild"
PAGE_ENTRIES = {
    "main.mjs": "main",
    "app/start.mjs": "start",
    "reference.mjs": "reference",
}
"""The page's entry modules (under src/) → its bundle's name at the top of dist/; code-split into shared chunks."""
THREAD_ENTRIES = {
    "worker.mjs": "worker",
    "snapshot_worker.mjs": "snapshot_worker",
    "store/gzip_worker.mjs": "gzip_worker",
    "code_cache_worker.mjs": "code_cache_worker",
}
"""The workers' entry modules → one whole bundle each, importing nothing but Pyodide's own files: a worker's first
line waits for every module it imports statically, each a request of its own through the service worker."""
SOURCES = "src"
_PRELOADS = re.compile(r'[ \t]*<link rel="modulepreload" href="[^"]+">\n')


def developer_only(asset: str) -> bool:
    """Files of dist/ a visitor never needs: the unbundled modules and the source maps."""
    return asset.startswith(f"{SOURCES}/") or asset.endswith(".map")


def bundle(dist: Path) -> list[str]:
    """Move dist/'s modules to dist/src/, bundle them into dist/ and point index.html's preloads at the
    bundles; returns the bundle files written (relative to dist/)."""
    src = dist / SOURCES
    src.mkdir()
    for module in sorted(dist.rglob("*.mjs")):
        if module.is_relative_to(src) or module.relative_to(dist).parts[0] == "pyodide":
            continue
        target = src / module.relative_to(dist)
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.move(module, target)
    for folder in sorted((p for p in dist.rglob("*") if p.is_dir() and not p.is_relative_to(src)), reverse=True):
        if not any(folder.iterdir()):
            folder.rmdir()
    meta = {"outputs": {}}
    for entries, split in ((PAGE_ENTRIES, True), (THREAD_ENTRIES, False)):
        meta["outputs"].update(_esbuild(src, dist, entries, split))
    outputs = sorted(meta["outputs"])
    _point_preloads(dist, meta)
    return outputs


def _esbuild(src: Path, dist: Path, entries: dict[str, str], split: bool) -> dict:
    """Bundle ``entries`` (module under src/ → bundle name) into dist/, code-split into shared chunks if ``split``;
    esbuild's metafile outputs, named relative to dist/."""
    metafile = dist / "bundle-meta.json"
    subprocess.run(
        [
            str(ESBUILD),
            *(f"{name}={entry}" for entry, name in entries.items()),
            "--bundle",
            *(["--splitting"] if split else []),
            "--format=esm",
            "--minify-whitespace",
            "--minify-syntax",
            "--target=es2022",
            "--charset=utf8",
            "--sourcemap=linked",
            "--out-extension:.js=.mjs",
            f"--outdir={dist}",
            "--chunk-names=chunk-[hash]",
            "--entry-names=[name]",
            "--external:./pyodide/*",
            "--log-level=warning",
            f"--metafile={metafile}",
        ],
        cwd=src,
        check=True,
    )
    meta = json.loads(metafile.read_text(encoding="utf-8"))
    metafile.unlink()
    # The metafile's paths are relative to esbuild's working folder, src/.
    return {
        (src / name).resolve().relative_to(dist.resolve()).as_posix(): {
            **out,
            "imports": [
                {**i, "path": (src / i["path"]).resolve().relative_to(dist.resolve()).as_posix()}
                for i in out.get("imports", [])
                if not i.get("external")
            ],
        }
        for name, out in meta["outputs"].items()
    }


def _static_imports(meta: dict, output: str) -> list[str]:
    """``output`` and every bundle it imports statically, transitively (names relative to dist/)."""
    by_name = meta["outputs"]
    seen: list[str] = []
    todo = [output]
    while todo:
        name = todo.pop(0)
        if name in seen:
            continue
        seen.append(name)
        for imported in by_name[name].get("imports", []):
            if imported["kind"] == "import-statement":
                todo.append(imported["path"])
    return seen


def _point_preloads(dist: Path, meta: dict) -> None:
    """index.html preloads the page's entry and the UI's first render: main.mjs, start.mjs and their chunks."""
    wanted: list[str] = []
    for entry in ("main.mjs", "start.mjs"):
        wanted += [name for name in _static_imports(meta, entry) if name not in wanted]
    page = dist / "index.html"
    text = _PRELOADS.sub("", page.read_text(encoding="utf-8"))
    links = "".join(f'  <link rel="modulepreload" href="{name}">\n' for name in wanted)
    anchor = '  <link rel="stylesheet" href="app.css">\n'
    if anchor not in text:
        raise SystemExit("index.html: no stylesheet link to put the module preloads after")
    page.write_text(text.replace(anchor, anchor + links), encoding="utf-8")
