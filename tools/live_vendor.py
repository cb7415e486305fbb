"""Ship the live table's npm files from our own origin (the table's QR reader and sync engine; README, Live table).

The sync engine's JavaScript (``@automerge/automerge-repo``) and the QR drawer (``qrcode-generator``) are bundled
by esbuild from ``node_modules`` into the lazily loaded chunk of ``web/live/``; what esbuild cannot bundle is
copied here into ``dist/vendor/``:

- the two WebAssembly files, ``automerge.wasm`` and zxing's ``zxing_reader.wasm``, which the page fetches from
  ``vendor/`` only when a table is opened (the service worker precaches them like every other file);
- the QR reader, ``barcode-detector``'s ponyfill over zxing, whose copy names a CDN as the default place of its
  wasm: the copy here points at the page's own folder instead (the page also passes our URL through
  ``setZXingModuleOverrides``), so no file of dist/ names another host and nothing is fetched from one.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NODE = ROOT / "node_modules"

WASM = (
    ("@automerge/automerge/dist/automerge.wasm", "automerge.wasm"),
    ("zxing-wasm/dist/reader/zxing_reader.wasm", "zxing_reader.wasm"),
)
"""npm WebAssembly files → their name in dist/vendor/."""

READER = "barcode-detector/dist/es/zxing-exported.js"
PONYFILL = "barcode-detector/dist/es/ponyfill.js"
_CDN = re.compile(r"`https://[^`]*/npm/zxing-wasm@[^`]*`")
_IMPORT = re.compile(r"""^\s*(?:import|export)\b[^;\n]*\bfrom\s*["']|\bimport\s*\(""", re.M)


def needed() -> list[Path]:
    """The npm files this step reads (site.ensure_node_modules installs them when one is missing)."""
    return [NODE / source for source, _ in WASM] + [NODE / READER, NODE / PONYFILL]


def copy(dist: Path) -> None:
    """Write dist/vendor/'s wasm files and the QR reader with its CDN default replaced by the page's folder."""
    vendor = dist / "vendor"
    vendor.mkdir(exist_ok=True)
    for source, name in WASM:
        (vendor / name).write_bytes((NODE / source).read_bytes())
    text = (NODE / READER).read_text(encoding="utf-8")
    text, found = _CDN.subn("t + e", text)  # locateFile(path, prefix): prefix + path, the page's own folder
    if found != 1:
        raise SystemExit(f"{READER}: expected one CDN address to replace, found {found}")
    if _IMPORT.search(text):
        raise SystemExit(f"{READER} imports another module; vendor it too")
    (vendor / "zxing_exported.mjs").write_text(text, encoding="utf-8")
    entry = (NODE / PONYFILL).read_text(encoding="utf-8")
    entry, found = re.subn(r"""from\s*["']\./zxing-exported\.js["']""", 'from "./zxing_exported.mjs"', entry)
    if found != 1:
        raise SystemExit(f"{PONYFILL}: expected one import of zxing-exported.js, found {found}")
    (vendor / "barcode_detector.mjs").write_text(entry, encoding="utf-8")
