"""A problem of a campaign file, and the checks of its parts that the file's validation, its repair and its
migrations share: bounded JSON (:func:`check_json`, within :data:`LIMITS`) and the top-level texts, ids, times and
revision. Each check appends ``{"path", "message"}`` to a list of problems (all of them are listed, not only the
first) and returns the value, or None when it has a problem.
"""

from __future__ import annotations

import math
import re
from datetime import datetime
from typing import Any

from py_rules.bounded import problem
from py_rules.text import problem as text_problem

__all__ = (
    "LIMITS",
    "problem",
    "join_path",
    "check_json",
    "text_field",
    "identifier_field",
    "timestamp_field",
    "timestamp_problem",
    "revision_field",
)

LIMITS = {
    "name": 80,  # characters in the campaign's name
    "id": 64,  # characters in a campaign or character id
    "timestamp": 40,  # characters in an ISO-8601 time
    "characters": 500,  # characters in one campaign
    "log": 50_000,  # log entries (the campaign log; TABLE.md, Log)
    "encounters": 1_000,  # encounters
    "text": 20_000,  # characters in any one text anywhere in the file (a sheet's notes included)
    "depth": 24,  # nesting of objects and lists
    "entry_nodes": 20_000,  # values in one log entry, encounter or sheet
    "problems": 200,  # problems listed before the rest are summed up
}
"""Bounds that keep a file the page can hold and show; a file beyond one is refused with the path of the excess."""

_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.:-]*")


def join_path(*parts) -> str:
    """A dotted path of a campaign file from its parts, the empty ones left out.

    >>> join_path("characters", 0, "", "sheet")
    'characters.0.sheet'
    """
    return ".".join(str(p) for p in parts if p not in (None, ""))


def check_json(value: Any, path: str, problems: list) -> None:
    """Plain JSON of bounded depth, text length and size: lists and objects with text keys, finite numbers.

    Iterative, and a path is spelled out only for a problem: a campaign's log holds thousands of entries.
    """
    text_limit, depth_limit, budget = LIMITS["text"], LIMITS["depth"], LIMITS["entry_nodes"]
    links: list[tuple[int, Any]] = [(-1, path)]  # node → (parent node, key): paths are built only when needed

    def where(node: int) -> str:
        parts = []
        while node >= 0:
            node, key = links[node]
            parts.append(key)
        return join_path(*reversed(parts))

    stack = [(value, 0, 0)]
    count = 0
    while stack:
        value, node, depth = stack.pop()
        count += 1
        kind = type(value)
        if kind is str:
            if len(value) > text_limit:
                problems.append(
                    problem(where(node), f"This text is {len(value)} characters long; at most {text_limit} are kept.")
                )
            continue
        if kind is float:
            if not math.isfinite(value):
                problems.append(problem(where(node), "This number is not a finite number."))
            continue
        if kind is dict:
            items = [(key, item) for key, item in value.items()]
            for key, _ in items:
                if not isinstance(key, str) or len(key) > 200:
                    problems.append(problem(where(node), "A field name here is not short text."))
        elif kind is list:
            items = list(enumerate(value))
        else:
            if value is not None and kind not in (bool, int):
                problems.append(problem(where(node), f"This value ({kind.__name__}) is not JSON."))
            continue
        if items and depth >= depth_limit:
            problems.append(problem(where(node), f"This part is nested more than {depth_limit} levels deep."))
            continue
        for key, item in reversed(items):
            child = type(item)
            if item is None or child is bool or child is int or (child is str and len(item) <= text_limit):
                count += 1  # plain scalars need no visit
                continue
            if isinstance(key, str) and len(key) > 200:
                continue
            links.append((node, key))
            stack.append((item, len(links) - 1, depth + 1))
        if count > budget:
            problems.append(problem(where(node), f"This part holds more than {budget} values."))
            return


def text_field(raw: dict, key: str, problems: list, low: int, high: int, what: str, path: str = "") -> str | None:
    """``raw[key]``: one line of ``low``–``high`` characters (a name stripped), or None with its problem listed."""
    value = raw.get(key)
    where = join_path(path, key)
    if value is None:
        problems.append(problem(where, f"{what} is missing."))
    elif not isinstance(value, str):
        problems.append(problem(where, f"{what} must be text."))
    elif not low <= len(value.strip() if low else value) <= high:
        problems.append(problem(where, f"{what} must be {low}–{high} characters long (it is {len(value)})."))
    elif text_problem(value):  # a name, an id or a time: one line, no control or direction-turning character
        problems.append(problem(where, f"{what} {text_problem(value)}"))
    else:
        return value.strip() if key == "name" else value
    return None


def identifier_field(raw: dict, key: str, problems: list, what: str, path: str = "") -> str | None:
    """``raw[key]`` as an id (letters, digits and ``. _ : -``), or None with its problem listed."""
    value = text_field(raw, key, problems, 1, LIMITS["id"], what, path)
    if value is not None and not _ID.fullmatch(value):
        problems.append(
            problem(join_path(path, key), f"{what} may hold only letters, digits and . _ : - (got {value[:20]!r}).")
        )
        return None
    return value


def timestamp_field(raw: dict, key: str, problems: list, what: str) -> str | None:
    """``raw[key]`` as an ISO-8601 date and time, or None with its problem listed."""
    value = text_field(raw, key, problems, 1, LIMITS["timestamp"], what)
    if value is None:
        return None
    wrong = timestamp_problem(value)
    if wrong:
        problems.append(problem(key, f"{what}: {wrong}"))
        return None
    return value


def timestamp_problem(value: str) -> str | None:
    """Why ``value`` is not an ISO-8601 date and time, or None."""
    try:
        datetime.fromisoformat(value[:-1] + "+00:00" if value.endswith("Z") else value)
    except ValueError:
        return f"{value[:40]!r} is not a date and time such as 2026-12-01T18:30:00Z."
    return None


def revision_field(raw: dict, problems: list) -> int | None:
    """The campaign's revision, a whole number of at least 0 (0 when missing), or None with its problem listed."""
    value = raw.get("revision", 0)
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 2**53:
        problems.append(problem("revision", f"The revision must be a whole number of at least 0 (got {value!r})."))
        return None
    return value
