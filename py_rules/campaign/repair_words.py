"""How a campaign's repair (:mod:`.repair`) lists what it dropped: each as ``{"path", "what", "why"}``, what it was
in plain words (a character by its sheet's name, an encounter by its name, a log entry by its label) and the first
problem the check found (TABLE.md, Kept safe: a problem names who and which field)."""

from __future__ import annotations

from typing import Any

__all__ = ("dropped_item", "quoted", "first_problem", "character_words", "encounter_words", "entry_words")


def dropped_item(path: str, what: str, why: str) -> dict:
    """One piece the repair dropped or replaced: where it was, what it was in words, and why."""
    return {"path": path, "what": what, "why": why}


def quoted(text: Any, limit: int = 60) -> str | None:
    """A name in quotes, cut at ``limit`` characters; None for no name."""
    if isinstance(text, str) and text.strip():
        text = text.strip()
        return f"“{text[:limit]}…”" if len(text) > limit else f"“{text}”"
    return None


def character_words(entry: Any, index: int) -> str:
    """A character in plain words: by its sheet's name when it has one.

    >>> character_words({"sheet": {"name": "Harvey Walters"}}, 2), character_words(None, 2)
    ('The character “Harvey Walters”', 'Character 3 (no name)')
    """
    sheet = entry.get("sheet") if isinstance(entry, dict) else None
    name = quoted(sheet.get("name")) if isinstance(sheet, dict) else None
    return f"The character {name}" if name else f"Character {index + 1} (no name)"


def encounter_words(enc: Any, index: int) -> str:
    name = quoted(enc.get("name")) if isinstance(enc, dict) else None
    return f"The encounter {name}" if name else f"Encounter {index + 1} (no name)"


def entry_words(entry: Any, index: int) -> str:
    result = entry.get("result") if isinstance(entry, dict) else None
    label = quoted(result.get("label")) if isinstance(result, dict) else None
    return f"The log entry {label}" if label else f"Log entry {index + 1}"


def first_problem(problems: list) -> str:
    """Why a piece was dropped: the first problem the check found in it."""
    return problems[0]["message"]
