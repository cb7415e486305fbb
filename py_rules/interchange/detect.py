"""Which format a character file is in (an optional format, else detected), and reading it with that
format's module."""

from __future__ import annotations

from py_rules import limits
from py_rules.errors import RulesError
from py_rules.interchange import dholes_house, foundry_coc7, foundry_unisystem
from py_rules.interchange.report import Imported, Report

__all__ = ("FORMATS", "NAMES", "GAMES_READ", "detect", "read_file", "MAX_FILE_CHARS")

FORMATS = {module.FORMAT: module for module in (dholes_house, foundry_coc7, foundry_unisystem)}
"""Each format's module, in the order they are tried."""
NAMES = {key: module.NAME for key, module in FORMATS.items()}
GAMES_READ = frozenset(module.GAME for module in FORMATS.values())
"""The games some format holds characters of (a campaign of another game has no import to offer)."""
MAX_FILE_CHARS = 2_000_000
"""A character file far larger than any real export (a Foundry actor with every item is about 200 kB)."""
_DEPTH = 40


def detect(data) -> str | None:
    """The format ``data`` (decoded JSON) is in, or None."""
    return next((key for key, module in FORMATS.items() if module.looks_like(data)), None)


def _refused(message: str) -> Imported:
    return Imported("", None, None, Report(left_out=[message]))


def read_file(content: str, format: str = "auto") -> Imported:
    """The file's character as its format reads it; a file that is no character of a known format comes back with
    no sheet and a report saying why (never an exception). A file holding half a character (a lone surrogate,
    written as an escape) anywhere is refused whole, naming the place in the file (``problem``): no format documents
    a replacement for it, and no answer could carry it."""
    if not content.strip():
        return _refused("The file is empty.")
    try:
        data = limits.loads(content, _DEPTH, "text", "The file")
    except RulesError as error:
        return _refused(error.message + " A character file from the Dhole's House or Foundry is a JSON file.")
    if limits.ESCAPED_SURROGATE.search(content):  # only an escape can write half a character
        try:
            limits.check_tree(data, "", _DEPTH + 1)
        except RulesError as error:  # refused whole: every text of the file may reach the sheet or the report
            message = (
                f"The file holds half a character (a lone surrogate) at {error.field or 'its top'}, which is "
                "not valid Unicode text."
            )
            return Imported("", None, None, Report(), {"field": error.field or "", "message": message})
    found = detect(data)
    if format not in ("auto", found):
        said = f"it looks like {NAMES[found]}" if found else "it is not a character of a known format"
        return _refused(f"This is not a file of {NAMES[format]}: {said}.")
    if found is None:
        return _refused(
            "This file is not a character from the Dhole's House or a Foundry actor (Call of Cthulhu "
            "7th Edition or Unisystem) that this app reads."
        )
    return FORMATS[found].read(data)
