"""Size and depth limits for JSON kept in a campaign file (a long campaign stays fast and safe).

>>> oversize({"a": [1, 2]}, "log.0", max_chars=100, max_depth=3)
[]
>>> oversize([[[[1]]]], "x", max_chars=100, max_depth=3)
[{'path': 'x', 'message': 'Nested more than 3 levels deep.'}]
"""

from __future__ import annotations

import json

__all__ = ("depth", "oversize", "problem")


def problem(path: str, message: str) -> dict:
    """One problem, as campaign validation lists them: where and what."""
    return {"path": path, "message": message}


def depth(value, limit: int) -> int:
    """Nesting depth of ``value`` (a scalar is 0), counting no further than ``limit + 1``.

    Only objects and lists are visited (a long log's entries hold mostly scalars).

    >>> depth(5, 3), depth({"a": [1, {"b": []}]}, 9), depth([[[[[]]]]], 2)
    (0, 4, 3)
    """
    containers = (dict, list)
    if not isinstance(value, containers):
        return 0
    stack, deepest = [(value, 1)], 1
    while stack:
        item, level = stack.pop()
        if level > limit:
            return level
        deepest = max(deepest, level)
        inner = level + 1
        stack.extend(
            (child, inner)
            for child in (item.values() if isinstance(item, dict) else item)
            if isinstance(child, containers)
        )
    return deepest


def oversize(value, path: str, *, max_chars: int, max_depth: int) -> list[dict]:
    """The problems of ``value`` being nested too deep or longer than ``max_chars`` as JSON (or not JSON)."""
    if depth(value, max_depth) > max_depth:
        return [problem(path, f"Nested more than {max_depth} levels deep.")]
    try:
        size = len(json.dumps(value, ensure_ascii=False, allow_nan=False))
    except (TypeError, ValueError) as error:
        return [problem(path, f"Not plain JSON ({error}).")]
    if size > max_chars:
        return [problem(path, f"Too large: {size:,} characters of JSON (at most {max_chars:,}).")]
    return []
