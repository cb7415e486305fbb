"""Size and depth limits for JSON kept in a campaign file (issue 11: a long campaign stays fast and safe).

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
    """Nesting depth of ``value`` (a scalar is 0), counting no further than ``limit + 1``."""
    stack, deepest = [(value, 0)], 0
    while stack:
        item, level = stack.pop()
        if isinstance(item, (dict, list)):
            level += 1
            deepest = max(deepest, level)
            if level > limit:
                return level
            stack.extend((child, level) for child in (item.values() if isinstance(item, dict) else item))
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
