"""The campaign log's operation for the JSON door: ``log.check``, which checks a long campaign file's log a stretch
at a time (a file of 10,000 entries is tens of MB, far over one request). A stretch of the log as a forum post is
``forum.stretch`` (:mod:`py_rules.forum.operations`), which shares this module's bounds on a stretch."""

from __future__ import annotations

from py_rules.campaign.entries import check_entries
from py_rules.campaign.games import GAMES
from py_rules.campaign.problems import LIMITS as FILE_LIMITS
from py_rules.campaign.words import problem_text, where_words
from py_rules.errors import RulesError
from py_rules.log.entry import MAX_DEPTH as ENTRY_DEPTH, MAX_ENTRIES as MAX_LOG, MAX_ID
from py_rules.operations import FILE_DEADLINE_SECONDS, Operation, System
from py_rules.params import Param
from py_rules.trace import Result

__all__ = ("SYSTEM", "OPERATIONS", "MAX_ENTRIES", "MAX_STRETCH_CHARS", "MAX_STRETCH_DEPTH", "EXAMPLE_ENTRY")

SYSTEM = System("log", "Campaign log", "GM", "TABLE.md, Log")
MAX_ENTRIES = 20_000
"""The most entries of a stretch sent as one request."""
MAX_STRETCH_CHARS = 4_000_000
"""An evening's session of a few thousand entries (the page sends them without their sheets, ~1 kB each)."""
MAX_STRETCH_DEPTH = 24
"""A list of entries holding an encounter step's effects, each with its own trace."""

EXAMPLE_ENTRY = {
    "id": "e1",
    "at": "2026-12-01T20:15:03Z",
    "op": "coc.sanity_roll",
    "args": {},
    "who": ["c1"],
    "encounter": None,
    "before": {},
    "changes": {},
    "kind": "roll",
    "result": {
        "label": "Harvey Walters: Sanity",
        "total": 34,
        "target": 60,
        "success": True,
        "level_name": "Regular success",
        "dice": [{"die": "d10", "face": 4, "purpose": "units"}, {"die": "d10", "face": 30, "purpose": "tens"}],
        "modifiers": [],
        "events": ["Harvey Walters loses 1 SAN (60 → 59)."],
    },
}
"""A log entry as the page keeps it: the example of a field that takes entries."""

MAX_CHECK_CHARS = 4_000_000
"""One stretch of a log to check: the page cuts a long log into stretches under this size."""
MAX_CHECK_PROBLEMS = 100


def _stretch(value) -> list:
    if not isinstance(value, list):
        raise RulesError("wrong_type", "Must be a list of log entries.", "")
    return value


def _ids(value) -> list:
    if not isinstance(value, list) or len(value) > MAX_LOG or not all(isinstance(x, str) for x in value):
        raise RulesError("wrong_type", f"Must be a list of at most {MAX_LOG:,} entry ids.", "")
    return value


def _check(*, game, entries, start, earlier, total):
    """One stretch of a campaign file's log, checked exactly as ``campaign.validate`` checks the whole file's log
    (TABLE.md, Kept safe): each entry's size and shape, its sheets by ``game``'s own validation (each distinct
    sheet once), its encounter states as ``game``'s, its id unused before, an undo or redo naming an earlier entry.

    ``earlier`` need not be every id before the stretch: the verdict asks only whether an entry's own id, or the
    entry an undo or redo names (``args.entry``), came before. So the ids before the stretch that its entries
    mention give the same verdict as all of them (the page sends just those: a long log's ids would not fit one
    request beside its stretch).
    """
    problems = []
    if start == 0 and total > FILE_LIMITS["log"]:
        problems.append(
            {
                "path": "log",
                "message": f"A campaign's log holds at most {FILE_LIMITS['log']:,} entries (this one has {total:,}).",
            }
        )
    problems += check_entries(entries, "log", "log", start=start, seen=set(earlier or ()), game=game)
    shown = problems[:MAX_CHECK_PROBLEMS]
    for each in shown:  # what a user reads: which entry, which sheet and field, why (as campaign.validate says it)
        each["text"] = problem_text(where_words({}, each.get("path") or ""), each["message"])
    count = len(problems)
    headline = (
        f"Entries {start + 1}–{start + len(entries)} of the log are valid."
        if not count
        else f"The log has {count} problem{'s' if count != 1 else ''} in entries {start + 1}–{start + len(entries)}."
    )
    return Result(
        system="log",
        kind="check",
        events=[headline],
        details={"valid": not problems, "problems": shown, "count": count},
    )


CHECK = Operation(
    id="log.check",
    system="log",
    title="Check a stretch of a log",
    summary="Checks the log of a campaign file a stretch at a time, exactly as the whole file is checked: each entry's "
    "size and shape, every sheet it keeps by the game's own rules, ids used once, an undo or redo naming an entry "
    "before it. Lists each problem with where it is.",
    covers=(),
    rolls=False,
    run=_check,
    deadline_seconds=FILE_DEADLINE_SECONDS,
    source="TABLE.md, Kept safe",
    params=(
        Param(
            "game",
            "choice",
            "Game",
            "The campaign's game: every sheet the log keeps is checked by its rules.",
            choices=GAMES,
        ),
        Param(
            "entries",
            "json",
            "Entries",
            "A stretch of the log, oldest first.",
            parse=_stretch,
            example=[EXAMPLE_ENTRY],
            max_length=MAX_CHECK_CHARS,
            max_depth=ENTRY_DEPTH + 1,
            as_written=True,
        ),
        Param(
            "start",
            "int",
            "First entry",
            "Where the stretch starts in the whole log (0 = the first entry).",
            default=0,
            minimum=0,
            maximum=MAX_LOG,
        ),
        Param(
            "earlier",
            "json",
            "Earlier entries",
            "Ids of entries before the stretch: all of them, or only those "
            "the stretch's entries use (their own ids and the entries they undo or redo), which gives the "
            "same verdict.",
            default=None,
            parse=lambda v: _ids([] if v is None else v),
            example=[],
            max_length=MAX_LOG * (MAX_ID + 4),
            as_written=True,
        ),
        Param(
            "total",
            "int",
            "Entries in the whole log",
            "Checked against the largest log a file may hold.",
            default=0,
            minimum=0,
            maximum=10_000_000,
        ),
    ),
)

OPERATIONS = (CHECK,)
