"""One entry of the campaign log (TABLE.md, Log): what happened, with the sheets before and after.

An entry is a JSON object::

    {"id": "e-0042",                 # unique in the campaign (the page makes it)
     "at": "2026-12-01T20:15:03Z",   # ISO-8601 time it happened
     "op": "coc.attack",             # the operation run ("log.undo" / "log.redo" for those)
     "args": {...},                  # the arguments as sent (an encounter effect's args leave out its sheet)
     "result": {...} | null,         # the engine's JSON answer (``result`` of the door); null for undo/redo
     "who": ["c-harvey", "c-ghoul"], # character ids involved
     "encounter": "enc-1" | null,    # the encounter it belongs to
     "before": {character id: sheet},  # every sheet it changed, as it was …
     "changes": {character id: change record},  # … and what changed in it (same ids; empty for a plain roll)
     "encounter_before": state | null, # the encounter state before and after, when it changed one
     "encounter_after": state | null,
     "kind": "roll" | "change" | "undo" | "redo",
     "proposal": "p-…", "seat": "s-…"}  # optional: the player's proposal it accepted, and its seat

Each sheet as it became (its ``after``) is ``before`` with its change record applied
(:mod:`py_rules.log.changes`: a long log keeps each sheet once, not twice); :func:`entry_after` rebuilds
it exactly. An entry of an older file keeps ``"after": {character id: sheet}`` instead of ``changes``: it is read
the same way, and :func:`compact_entry` turns it into the current shape (an import does). ``before``/``after`` make
undo exact (STYLE.md Part C: no inverse operations): undoing entry X writes X's ``before`` back and logs ``{"kind":
"undo", "op": "log.undo", "args": {"entry": X's id}, "before": X's after, "changes": back to X's before, ...}``; a
redo writes ``after`` back the same way. ``encounter_before`` and ``encounter_after`` are optional (null when
absent) so an encounter step (Next, a new round) undoes too.
:func:`validate_log_entry` checks one entry for the campaign file, bounded in size; :func:`validate_log` a
campaign's whole log (ids unique, an undo or redo naming an entry before it).

Given the campaign's game, every sheet of ``before`` and every rebuilt ``after`` goes through that game's own
validation, the one a campaign character gets ("every character through its game's own validation";
TABLE.md, Kept safe): undo writes ``before`` over a character, so a sheet the game refuses would break the
character. A long log repeats each sheet (one entry's ``after`` is the next one's ``before``), so
:func:`sheet_checker` checks each distinct sheet once and remembers the verdict by an exact key of the sheet.
"""

from __future__ import annotations

import json
import re
from datetime import datetime

from py_rules.bounded import oversize, problem
from py_rules.encounter.state import validate_encounter
from py_rules.log.sheet_check import SheetCheck, compact_entry, entry_after, rebuilt, sheet_checker, sheet_key
from py_rules.log.trace_check import trace_problems

__all__ = (
    "KINDS",
    "MAX_ENTRY_CHARS",
    "MAX_ENTRIES",
    "validate_log_entry",
    "validate_log",
    "read_problems",
    "sheet_checker",
    "sheet_key",
    "SheetCheck",
    "order_problems",
    "entry_after",
    "compact_entry",
)

KINDS = ("roll", "change", "undo", "redo")
MAX_ENTRY_CHARS = 400_000
"""An entry holds at most a few sheets twice and one trace; 10,000 of them must still load fast."""
MAX_ENTRIES = 100_000
"""A campaign's whole log (the scale target is 10,000 entries)."""
MAX_DEPTH = 40
MAX_ID = 100
_REQUIRED = ("id", "at", "op", "args", "result", "who", "encounter", "before", "kind")
_AFTER = ("changes", "after")
"""One of them: what changed in each sheet (the current shape), or each sheet whole as it became (older files)."""
_STATES = ("encounter_before", "encounter_after")
_TAGS = {"proposal": "The proposal it accepted", "seat": "The seat that proposed it"}
"""An entry a player's proposal made (:mod:`py_rules.table`) names the proposal and the seat."""
_OPTIONAL = _STATES + tuple(_TAGS)
_OP = re.compile(r"[a-z][a-z0-9_]*(\.[a-z0-9_]+)+")


def _id_problem(value, path: str, what: str) -> list[dict]:
    if not isinstance(value, str) or not value.strip() or len(value) > MAX_ID:
        return [problem(path, f"{what} must be text of 1 to {MAX_ID} characters.")]
    return []


def _iso_problem(value, path: str) -> list[dict]:
    if isinstance(value, str) and len(value) <= 40:
        try:
            datetime.fromisoformat(value.replace("Z", "+00:00"))
            return []
        except ValueError:
            pass
    return [problem(path, "The time must be an ISO-8601 date and time, e.g. 2026-12-01T20:15:03Z.")]


def _is_sheets(value) -> bool:
    return isinstance(value, dict) and all(isinstance(v, dict) for v in value.values())


def _sheets_problems(entry: dict, path: str, check: SheetCheck | None = None) -> list[dict]:
    after_key = "after" if "after" in entry else "changes"
    out = []
    if not _is_sheets(entry["before"]):
        out.append(problem(f"{path}.before", "Must map character ids to sheets (JSON objects)."))
    if after_key == "after" and not _is_sheets(entry["after"]):
        out.append(problem(f"{path}.after", "Must map character ids to sheets (JSON objects)."))
    if after_key == "changes" and not isinstance(entry["changes"], dict):
        out.append(problem(f"{path}.changes", "Must map character ids to what changed in their sheets (JSON objects)."))
    if out:
        return out
    if set(entry["before"]) != set(entry[after_key]):
        out.append(problem(f"{path}.{after_key}", "Must hold the same characters as 'before'."))
        return out
    who = entry["who"] if isinstance(entry["who"], list) else []
    for cid in entry["before"]:
        if cid not in who:
            out.append(problem(f"{path}.before.{cid}", "A changed character must be listed in 'who'."))
    before = entry["before"]
    keys = {cid: check.key(sheet) for cid, sheet in before.items()} if check is not None else {}
    made = {}  # the verdict of each sheet left, with a game
    if after_key == "after":
        made = {cid: check(sheet) for cid, sheet in entry["after"].items()} if check is not None else {}
    else:
        for cid, change in entry["changes"].items():
            wrong, verdict = (
                check.rebuilt(before[cid], keys[cid], change)
                if check is not None
                else (rebuilt(before[cid], change)[0], None)
            )
            if wrong:
                out.append(problem(f"{path}.changes.{cid}", wrong))
            elif check is not None:
                made[cid] = verdict
    if check is not None:
        verdicts = {cid: check(sheet, keys[cid]) for cid, sheet in before.items()}
        for key, found in (("before", verdicts), (after_key, made)):
            for cid, verdict in found.items():
                if verdict is not None:
                    field, message = verdict
                    out.append(problem(f"{path}.{key}.{cid}" + (f".{field}" if field else ""), message))
    return out


_READ_WORDS = {
    "id": "The entry id",
    "op": "The operation",
    "kind": "The kind of entry",
    "args": "The arguments",
    "args.entry": "The entry undone or redone",
    "result": "The result",
}
"""The parts of an entry that every reader of a log keys on, in words (:func:`read_problems`)."""


def read_problems(entry, path: str) -> list[dict]:
    """The problems of the parts of ``entry`` that a reader of log entries keys on (its ``id``, ``op``, ``kind``,
    ``args`` and an undo's or redo's ``args.entry``, its ``result``), each checked as :func:`validate_log_entry`
    checks it where the entry has it; a part left out is not a problem here. A stretch sent for a forum post
    (``forum.stretch``) is entries without their sheets (the page sends less): this is its check, so a malformed
    entry is refused naming the field instead of breaking the reader. Messages name the field in words.

    >>> read_problems({"id": [], "kind": "roll"}, "0")
    [{'path': '0.id', 'message': 'The entry id must be text of 1 to 100 characters.'}]
    >>> read_problems({"id": "e2", "kind": "undo", "args": {"entry": {}}}, "1")
    [{'path': '1.args.entry', 'message': 'The entry undone or redone must be text of 1 to 100 characters.'}]
    """
    if not isinstance(entry, dict):
        return [problem(path, "A log entry must be a JSON object.")]
    out = []
    if "id" in entry:
        out += _id_problem(entry["id"], f"{path}.id", _READ_WORDS["id"])
    op = entry.get("op")
    if "op" in entry and (not isinstance(op, str) or not _OP.fullmatch(op) or len(op) > MAX_ID):
        out.append(problem(f"{path}.op", f"{_READ_WORDS['op']} must be an operation id such as 'coc.attack'."))
    kind = entry.get("kind")
    if "kind" in entry and (not isinstance(kind, str) or kind not in KINDS):
        out.append(problem(f"{path}.kind", f"{_READ_WORDS['kind']} must be one of: {', '.join(KINDS)}."))
    args = entry.get("args")
    if "args" in entry and not isinstance(args, dict):
        out.append(problem(f"{path}.args", f"{_READ_WORDS['args']} must be a JSON object."))
    elif kind in ("undo", "redo"):
        out += _id_problem((args or {}).get("entry"), f"{path}.args.entry", _READ_WORDS["args.entry"])
    if entry.get("result") is not None and not isinstance(entry["result"], dict):
        out.append(problem(f"{path}.result", f"{_READ_WORDS['result']} must be the engine's answer (a JSON object)."))
    return out


def validate_log_entry(
    entry,
    path: str = "log.0",
    game: str | None = None,
    *,
    check_sheet: SheetCheck | None = None,
    plain: bool = False,
    size: int | None = None,
) -> list[dict]:
    """Every problem of ``entry`` as ``{"path", "message"}`` (an empty list when it is valid).

    ``plain``: the caller has already found ``entry`` plain JSON nested at most
    :data:`py_rules.campaign.problems.LIMITS` ``depth`` deep (:func:`py_rules.campaign.problems.check_json`, as a
    campaign file's check does): only its size is measured here, at C speed (10,000 entries in one import), unless
    the caller measured it already (``size``: the length of its JSON text, or a bound of it within
    :data:`MAX_ENTRY_CHARS`).

    With ``game`` (the campaign's), each sheet of ``before`` and ``after`` (rebuilt from ``changes``) is checked by
    that game's own validation (``check_sheet``, a :func:`sheet_checker` of that game, when given: a log shares one) and each
    encounter state must be of that game.

    >>> validate_log_entry({"id": "e1", "at": "2026-12-01T20:15:03Z", "op": "coc.sanity_roll", "args": {},
    ...     "result": {}, "who": ["c1"], "encounter": None, "before": {}, "changes": {}, "kind": "roll"})
    []
    >>> validate_log_entry({"id": "e1"}, "log.3")[0]
    {'path': 'log.3.at', 'message': 'Missing.'}
    >>> validate_log_entry({"id": "e1", "at": "2026-12-01T20:15:03Z", "op": "armageddon.task", "args": {},
    ...     "result": {}, "who": ["c1"], "encounter": None, "before": {"c1": {}}, "changes": {"c1": {}},
    ...     "kind": "change"}, "log.3", "armageddon")[0]
    {'path': 'log.3.before.c1.attributes', 'message': 'Attributes must be a JSON object.'}
    """
    if not isinstance(entry, dict):
        return [problem(path, "A log entry must be a JSON object.")]
    missing = [problem(f"{path}.{key}", "Missing.") for key in _REQUIRED if key not in entry]
    if not any(key in entry for key in _AFTER):
        missing.append(problem(f"{path}.changes", "Missing."))
    unknown = [
        problem(f"{path}.{key}", "Not a field of a log entry.")
        for key in entry
        if key not in _REQUIRED and key not in _OPTIONAL and key not in _AFTER
    ]
    if all(key in entry for key in _AFTER):
        unknown.append(
            problem(
                f"{path}.after",
                "An entry keeps what changed in each sheet or, as older files did, each sheet after it: not both.",
            )
        )
    if missing or unknown:
        return missing + unknown
    big = (
        _too_large(entry, path, size)
        if plain
        else oversize(entry, path, max_chars=MAX_ENTRY_CHARS, max_depth=MAX_DEPTH)
    )
    if big:
        return big
    out = _id_problem(entry["id"], f"{path}.id", "The entry id")
    out += _iso_problem(entry["at"], f"{path}.at")
    if not isinstance(entry["op"], str) or not _OP.fullmatch(entry["op"]) or len(entry["op"]) > MAX_ID:
        out.append(problem(f"{path}.op", "Must be an operation id such as 'coc.attack'."))
    if not isinstance(entry["args"], dict):
        out.append(problem(f"{path}.args", "Must be a JSON object."))
    if entry["kind"] not in KINDS:
        out.append(problem(f"{path}.kind", f"Must be one of: {', '.join(KINDS)}."))
    undoing = entry["kind"] in ("undo", "redo")
    if not (isinstance(entry["result"], dict) or (undoing and entry["result"] is None)):
        out.append(problem(f"{path}.result", "Must be the engine's answer (a JSON object)."))
    elif isinstance(entry["result"], dict):
        out += trace_problems(entry["result"], f"{path}.result")
    if undoing and isinstance(entry["args"], dict):
        out += _id_problem(entry["args"].get("entry"), f"{path}.args.entry", "The entry undone or redone")
    who = entry["who"]
    if not isinstance(who, list) or len(set(map(str, who))) != len(who):
        out.append(problem(f"{path}.who", "Must list character ids, each once."))
    else:
        for i, cid in enumerate(who):
            out += _id_problem(cid, f"{path}.who.{i}", "A character id")
    if entry["encounter"] is not None:
        out += _id_problem(entry["encounter"], f"{path}.encounter", "The encounter id")
    for key in _STATES:
        if entry.get(key) is not None:
            out += validate_encounter(entry[key], f"{path}.{key}", game)
    for key, what in _TAGS.items():
        if entry.get(key) is not None:
            out += _id_problem(entry[key], f"{path}.{key}", what)
    if game is not None and check_sheet is None:
        check_sheet = sheet_checker(game)
    return out + _sheets_problems(entry, path, check_sheet)


_ENCODE = json.JSONEncoder(ensure_ascii=False, check_circular=False, allow_nan=False).encode
"""Plain JSON known to be finite and bounded in depth (no cycle to look for)."""


def _too_large(entry: dict, path: str, size: int | None = None) -> list[dict]:
    """The problem of a plain JSON ``entry`` (already checked) longer than :data:`MAX_ENTRY_CHARS` as JSON text, as
    :func:`py_rules.bounded.oversize` words it (``size``: that length, or a bound of it within the limit, when
    known)."""
    size = len(_ENCODE(entry)) if size is None else size
    if size > MAX_ENTRY_CHARS:
        return [problem(path, f"Too large: {size:,} characters of JSON (at most {MAX_ENTRY_CHARS:,}).")]
    return []


def order_problems(entry: dict, path: str, seen) -> list[dict]:
    """The problems of a valid entry's place in its log: an id used before, an undo or redo of no entry before it.

    Only two questions are asked of ``seen`` (the ids before the entry): is the entry's own ``id`` in it, and (an
    undo or redo) is its ``args.entry``. So ``seen`` may hold only those ids that entries mention.
    """
    out = []
    if entry["id"] in seen:
        out.append(problem(f"{path}.id", f"Another entry is already called {entry['id']!r}."))
    if entry["kind"] in ("undo", "redo") and entry["args"]["entry"] not in seen:
        out.append(problem(f"{path}.args.entry", "Names no entry before it."))
    return out


def validate_log(
    entries,
    path: str = "log",
    *,
    start: int = 0,
    seen: set | None = None,
    game: str | None = None,
    plain: bool = False,
    sizes: list | None = None,
) -> list[dict]:
    """Every problem of a campaign's log: each entry's, a repeated id, an undo or redo of no earlier entry.

    A long log is checked in stretches: ``start`` is the first entry's index in the whole log and ``seen`` the
    ids of the entries before it (updated in place). Only the earlier ids that the stretch's entries mention
    (their own ids, the entries their undos and redos name) change the verdict (:func:`order_problems`), so
    ``seen`` may be just those. With ``game`` every sheet is checked by that game, each distinct sheet once.
    ``plain``: every entry has passed :func:`py_rules.campaign.problems.check_json` (see :func:`validate_log_entry`);
    ``sizes``: where known (else None), each one's ``size`` (see :func:`validate_log_entry`).

    >>> validate_log([{"id": "e1"}], "log")[0]["path"]
    'log.0.at'
    """
    if not isinstance(entries, list) or len(entries) > MAX_ENTRIES:
        return [problem(path, f"The log must be a list of at most {MAX_ENTRIES:,} entries.")]
    out = []
    seen = set() if seen is None else seen
    check = sheet_checker(game) if game is not None else None
    for i, entry in enumerate(entries, start):
        size = sizes[i - start] if sizes else None
        found = validate_log_entry(entry, f"{path}.{i}", game, check_sheet=check, plain=plain, size=size)
        out += found
        if found:
            continue
        out += order_problems(entry, f"{path}.{i}", seen)
        seen.add(entry["id"])
    return out
