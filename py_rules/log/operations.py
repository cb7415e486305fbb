"""The campaign log's operations for the JSON door (issue 11): ``log.markdown``."""

from __future__ import annotations

from py_rules.errors import RulesError
from py_rules.log.entry import validate_log_entry
from py_rules.markdown import entries_markdown
from py_rules.operations import Operation, System
from py_rules.params import Param
from py_rules.trace import Result

__all__ = ("SYSTEM", "OPERATIONS", "MAX_ENTRIES")

SYSTEM = System("log", "Campaign log", "GM", "TABLE.md, Log")
MAX_ENTRIES = 20_000
MAX_STRETCH_CHARS = 4_000_000
"""An evening's session of a few thousand entries (the page sends them without their sheets, ~1 kB each)."""
MAX_STRETCH_DEPTH = 24
"""A list of entries holding an encounter step's effects, each with its own trace."""

EXAMPLE_ENTRY = {
    "id": "e1", "at": "2026-12-01T20:15:03Z", "op": "coc.sanity_roll", "args": {}, "who": ["c1"],
    "encounter": None, "before": {}, "after": {}, "kind": "roll",
    "result": {"label": "Harvey Walters: Sanity", "total": 34, "target": 60, "success": True,
               "level_name": "Regular success", "dice": [{"die": "d10", "face": 4, "purpose": "units"},
                                                          {"die": "d10", "face": 30, "purpose": "tens"}],
               "modifiers": [], "events": ["Harvey Walters loses 1 SAN (60 → 59)."]},
}


def _entries(value) -> list:
    if not isinstance(value, list) or len(value) > MAX_ENTRIES:
        raise RulesError("wrong_type", f"Entries must be a list of at most {MAX_ENTRIES:,} log entries.", "")
    for i, entry in enumerate(value):
        problems = validate_log_entry(entry, str(i))
        if problems:
            raise RulesError("bad_entry", f"{problems[0]['message']} ({problems[0]['path']})", problems[0]["path"])
    return value


def _markdown(*, entries, title):
    text = entries_markdown(entries, title)
    return Result(system="log", kind="markdown", label=title, events=[f"{len(entries)} entries as Markdown"],
                  details={"markdown": text})


MARKDOWN = Operation(
    id="log.markdown", system="log", title="Log as Markdown",
    summary="A stretch of the log (an encounter, a session, the last entries) as one Markdown text for a forum "
    "post: each entry a headline with its dice and modifiers.",
    covers=(), rolls=False, run=_markdown, source="TABLE.md, Log",
    params=(Param("entries", "json", "Entries", "The log entries to export, oldest first.", parse=_entries,
                  example=[EXAMPLE_ENTRY], max_length=MAX_STRETCH_CHARS, max_depth=MAX_STRETCH_DEPTH),
            Param("title", "text", "Title", "A heading for the post (optional).", default="")),
)

OPERATIONS = (MARKDOWN,)
