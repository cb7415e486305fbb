"""Every file of the page and the engine reads in one sitting (web/README.md, "The contract a screen meets": Size):
none is over 400 lines unless its first lines say why (``Over 400 lines: <reason>``), so a module that grows past the
bound is split by job, as web/store/, web/app/ and each game's operations are."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LIMIT = 400
FILES = sorted(path for path in (ROOT / "web").rglob("*") if path.suffix in {".mjs", ".js", ".css", ".html"})
ENGINE_FILES = sorted((ROOT / "py_rules").rglob("*.py"))


def reason_at_top(lines: list[str]) -> str:
    """The reason a file's first lines give for its length, or ""."""
    said = next((line for line in lines[:12] if "Over 400 lines:" in line), "")
    return said.split("Over 400 lines:", 1)[1].strip(" */-") if said else ""


def test_no_page_file_is_over_400_lines_without_its_reason_at_the_top():
    assert any(path.name == "storage.mjs" for path in FILES), "the page's files are where this test looks"
    long = {
        path.relative_to(ROOT).as_posix(): len(lines)
        for path in FILES
        if len(lines := path.read_text(encoding="utf-8").splitlines()) > LIMIT and not reason_at_top(lines)
    }
    assert long == {}, "split each by job, or say at its top why not ('Over 400 lines: <reason>')"


def test_no_engine_file_is_over_400_lines_without_its_reason_at_the_top():
    assert any(path.name == "api.py" for path in ENGINE_FILES), "the engine's files are where this test looks"
    long = {
        path.relative_to(ROOT).as_posix(): len(lines)
        for path in ENGINE_FILES
        if len(lines := path.read_text(encoding="utf-8").splitlines()) > LIMIT and not reason_at_top(lines)
    }
    assert long == {}, "split each by job, or say at its top why not ('Over 400 lines: <reason>')"
