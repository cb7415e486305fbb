"""Byte-compile inside Pyodide (run by tools/pyodide_prepare.mjs, so the bytecode is Python 3.14's).

PYODIDE.md §2.4: Python spends most of its boot compiling source; shipping bytecode cuts it.

* :func:`compile_stdlib` turns the npm ``python_stdlib.zip`` into one holding only ``.pyc`` files
  (what ``pyodide py-compile`` does), which zipimport loads without sources.

Both are reproducible: entries keep the source archive's order and timestamps, a pyc's
header holds no build time (mtime 0 or the source hash), so one commit always builds the same bytes.
* :func:`compile_wheel` adds ``__pycache__/*.cpython-314.pyc`` files to our wheel as unchecked
  hash-based pycs (PEP 552): imports never recompile and never compare timestamps, and the sources stay
  in the wheel for readable tracebacks. RECORD is rewritten to list the new files with their hashes.
"""

import base64
import hashlib
import importlib._bootstrap_external as bootstrap
import importlib.util
import sys
import zipfile


def compile_stdlib(source_zip: str, target_zip: str) -> int:
    count = 0
    with zipfile.ZipFile(source_zip) as src, zipfile.ZipFile(target_zip, "w", zipfile.ZIP_DEFLATED) as out:
        for info in src.infolist():
            data = src.read(info)
            if info.filename.endswith(".py"):
                code = compile(data, info.filename, "exec", dont_inherit=True)
                out.writestr(
                    _entry(info.filename[:-3] + ".pyc", info),
                    bytes(bootstrap._code_to_timestamp_pyc(code, 0, len(data))),
                )
                count += 1
            else:
                out.writestr(info, data)
    return count


def _entry(name: str, like: zipfile.ZipInfo) -> zipfile.ZipInfo:
    """A new archive entry with ``like``'s timestamp and mode (never the time of the build)."""
    info = zipfile.ZipInfo(name, like.date_time)
    info.compress_type = zipfile.ZIP_DEFLATED
    info.external_attr = like.external_attr or (0o644 << 16)
    return info


def _record_line(name: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"


def compile_wheel(source_whl: str, target_whl: str) -> int:
    tag = sys.implementation.cache_tag
    count = 0
    with zipfile.ZipFile(source_whl) as src, zipfile.ZipFile(target_whl, "w", zipfile.ZIP_DEFLATED) as out:
        record_name = next(n for n in src.namelist() if n.endswith(".dist-info/RECORD"))
        lines = []
        for info in src.infolist():
            if info.filename == record_name:
                continue
            data = src.read(info)
            out.writestr(info, data)
            lines.append(_record_line(info.filename, data))
            if info.filename.endswith(".py"):
                folder, _, name = info.filename.rpartition("/")
                pyc_name = f"{folder}/__pycache__/{name[:-3]}.{tag}.pyc"
                code = compile(data, info.filename, "exec", dont_inherit=True)
                pyc = bytes(bootstrap._code_to_hash_pyc(code, importlib.util.source_hash(data), checked=False))
                out.writestr(_entry(pyc_name, info), pyc)
                lines.append(_record_line(pyc_name, pyc))
                count += 1
        lines.append(f"{record_name},,")
        record = zipfile.ZipInfo(record_name, (2020, 1, 1, 0, 0, 0))
        record.external_attr = 0o644 << 16
        out.writestr(record, "\n".join(lines) + "\n")
    return count
