"""What an import read, mapped and left out, in plain sentences (TABLE.md: "a report of what was read, what was
mapped and what was left out"), and the small readers every format shares: a number that may be text, a list that
may be one object, a bounded text."""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field

__all__ = ("Report", "Imported", "number", "as_list", "text", "join_notes", "NOTES_MAX")

NOTES_MAX = 2000
"""Longest notes text a sheet keeps (the Armageddon sheet's bound; the Call of Cthulhu sheet's notes are bounded
like its other texts): what does not fit is cut and the report says so."""
_SHOWN = 60
"""Longest piece of the file quoted back in a report line."""


@dataclass
class Report:
    """Three lists of sentences: ``read`` (what the file holds), ``mapped`` (where each part went on our sheet) and
    ``left_out`` (what did not come over, and why)."""

    read: list[str] = field(default_factory=list)
    mapped: list[str] = field(default_factory=list)
    left_out: list[str] = field(default_factory=list)

    def to_dict(self) -> dict:
        return {"read": list(self.read), "mapped": list(self.mapped), "left_out": list(self.left_out)}


@dataclass
class Imported:
    """A format's reading of a file: the game, the sheet built for it (None when the file could not be read as a
    character at all), the report and, for a file refused for one place in it, that place (``problem``)."""

    format: str
    game: str | None
    sheet: dict | None
    report: Report
    problem: dict | None = None
    """Why the file was refused, where a place in it is to blame: ``{"field": its path in the file, "message"}``."""


def quoted(value) -> str:
    """A piece of the file as a report quotes it: short, on one line."""
    words = " ".join(str(value).split())
    return words if len(words) <= _SHOWN else words[: _SHOWN - 1] + "…"


_NUMBER = re.compile(r"\s*([+-]?\d+)(?:\.0+)?\s*%?\s*")


def number(value):
    """A whole number from a number or a text such as ``"45"``, ``" 45 "`` or ``"45%"``; None for anything else
    (an empty text, ``"—"``, ``true``, a fraction).

    >>> number("45"), number(45), number("45.0"), number(""), number("x"), number(True), number(4.5)
    (45, 45, 45, None, None, None, None)
    """
    if isinstance(value, bool) or value is None:
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, float):
        return int(value) if math.isfinite(value) and value.is_integer() else None
    if isinstance(value, str) and len(value) <= 20:
        match = _NUMBER.fullmatch(value)
        return int(match.group(1)) if match else None
    return None


def as_list(value) -> list:
    """A list of the file's entries: a list as it is, one object as a list of one, nothing as an empty list (the
    Dhole's House writes a single skill, weapon or possession as an object instead of a list of one)."""
    if value is None or value == "":
        return []
    return value if isinstance(value, list) else [value]


def text(value) -> str:
    """A text of the file, trimmed; anything that is not text (or a number) reads as empty."""
    if isinstance(value, bool) or value is None:
        return ""
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return str(value)
    return value.strip() if isinstance(value, str) else ""


def join_notes(parts: list[tuple[str, str]], report: Report, limit: int = NOTES_MAX) -> str:
    """The sheet's notes from titled parts (``("Backstory", "…")``), each a paragraph; cut at ``limit``
    characters, the report saying how much was left out."""
    blocks = [f"{title}: {body}" if title else body for title, body in parts if body.strip()]
    notes = "\n\n".join(blocks)
    if len(notes) > limit:
        report.left_out.append(
            f"The notes were cut to {limit} characters ({len(notes) - limit} characters did not fit)."
        )
        notes = notes[:limit].rstrip()
    return notes
