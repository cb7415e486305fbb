"""The trace of a logged result, checked (TABLE.md, Log): every part the page and the forum writers read has the
shape the engine gives it, since a stored or imported log is read back long after it was written."""

from __future__ import annotations

from py_rules.bounded import problem

__all__ = ("trace_problems",)


def _is_int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_die(item) -> bool:
    return (
        isinstance(item, dict)
        and isinstance(item.get("die"), str)
        and _is_int(item.get("face"))
        and isinstance(item.get("purpose"), str)
    )


def _is_modifier(item) -> bool:
    return isinstance(item, dict) and _is_int(item.get("value")) and isinstance(item.get("label"), str)


def _is_step(item) -> bool:
    return isinstance(item, dict) and isinstance(item.get("text"), str)


_TRACE_LISTS = (  # (key, what each item must be, its fields, its test): what render.py and markdown.py read
    ("dice", "a die as thrown", ("die", "face", "purpose"), _is_die),
    ("modifiers", "a modifier", ("value", "label"), _is_modifier),
    ("steps", "a step", ("text",), _is_step),
)


def trace_problems(result: dict, path: str) -> list[dict]:
    """The problems of a logged result's trace: every part the page and the Markdown export read must have the
    shape the engine gives it (a stored or imported log is read back long after it was written)."""
    out = []
    for key, what, fields, test in _TRACE_LISTS:
        items = result.get(key)
        if items is None:
            continue
        if not isinstance(items, list):
            out.append(problem(f"{path}.{key}", "Must be a list."))
            continue
        if all(map(test, items)):
            continue
        for i, item in enumerate(items):
            if not test(item):
                out.append(problem(f"{path}.{key}.{i}", f"Must be {what} ({', '.join(fields)})."))
    for key in ("events", "flags"):
        items = result.get(key)
        if items is not None and (not isinstance(items, list) or not all(isinstance(x, str) for x in items)):
            out.append(problem(f"{path}.{key}", "Must be a list of texts."))
    for key in ("label", "level_name", "op", "kind"):
        if result.get(key) is not None and not isinstance(result[key], str):
            out.append(problem(f"{path}.{key}", "Must be a text."))
    if result.get("success") is not None and not isinstance(result["success"], bool):
        out.append(problem(f"{path}.success", "Must be true or false."))
    if result.get("details") is not None and not isinstance(result["details"], dict):
        out.append(problem(f"{path}.details", "Must be a JSON object."))
    return out
