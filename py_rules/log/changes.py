"""What changed in a sheet, kept instead of the sheet twice (a campaign of months keeps a long log; TABLE.md, Log).

A log entry keeps each sheet as it was before and only what changed (:func:`sheet_changes`); the sheet as it
became is rebuilt from the two (:func:`apply_changes`), exactly: the same JSON value, with its keys in the same
order and ``1``, ``1.0`` and ``true`` told apart, so undo and redo write back what was there (STYLE.md Part C).

A change record, over JSON values:

- an object ``{key: change}`` when both values are objects: one change per key that differs, where a change is
  ``[]`` (the key was removed), ``[value]`` (the key now holds ``value``, whole) or an object (the key's value
  is an object on both sides: its own change record); keys that did not change are not listed;
- ``[value]`` otherwise (lists and other values are replaced whole), and for two objects whose keys the change
  record would put in another order than ``after`` has them.

The page has the same two functions (web/store/changes.mjs): it makes entries and undoes them.

>>> sheet_changes({"name": "Harvey", "hp": 12, "skills": {"Dodge": 30}}, {"name": "Harvey", "hp": 9,
...     "skills": {"Dodge": 30, "Swim": 20}})
{'hp': [9], 'skills': {'Swim': [20]}}
>>> apply_changes({"hp": 12, "notes": "x"}, {"hp": [9], "notes": []})
{'hp': 9}
"""

from __future__ import annotations

__all__ = ("sheet_changes", "apply_changes", "same_json", "ChangesError")


class ChangesError(ValueError):
    """A change record that does not fit the value it is applied to (a damaged or hand-made entry)."""


def same_json(a, b) -> bool:
    """Equal as JSON texts are: same types (``1``, ``1.0`` and ``true`` differ; ``-0.0`` is not ``0.0``), same
    keys in the same order."""
    kind = type(a)
    if kind is not type(b):
        return False
    if kind is dict:
        return len(a) == len(b) and list(a) == list(b) and all(same_json(a[k], b[k]) for k in a)
    if kind is list:
        return len(a) == len(b) and all(same_json(x, y) for x, y in zip(a, b, strict=True))
    if kind is float:
        return repr(a) == repr(b)
    return a == b


def _order(before: dict, changes: dict) -> list:
    """The keys in the order :func:`apply_changes` leaves them: before's (less the removed), then the new ones."""
    return [k for k in before if not (k in changes and changes[k] == [])] + [k for k in changes if k not in before]


def sheet_changes(before, after):
    """The change record that turns ``before`` into ``after`` (see the module docstring)."""
    if type(before) is not dict or type(after) is not dict:
        return [after]
    out = {}
    for key, old in before.items():
        if key not in after:
            out[key] = []
        elif not same_json(old, after[key]):
            new = after[key]
            inner = sheet_changes(old, new) if type(old) is dict and type(new) is dict else [new]
            out[key] = inner
    for key, new in after.items():
        if key not in before:
            out[key] = [new]
    if _order(before, out) != list(after):
        return [after]
    return out


def _copy(value):
    if type(value) is dict:
        return {k: _copy(v) for k, v in value.items()}
    if type(value) is list:
        return [_copy(v) for v in value]
    return value


def _same(value):
    return value


def apply_changes(before, changes, *, shared: bool = False):
    """``before`` with ``changes`` applied: a new value (``before`` is left as it is); a change record that does
    not fit ``before`` raises :class:`ChangesError`. ``shared``: the new value shares what did not change with
    ``before`` and ``changes`` instead of copying it (for a reader that changes neither: checking a long log).

    >>> try:
    ...     apply_changes({"a": 1}, {"a": {"c": [2]}})
    ... except ChangesError as error:
    ...     print(error)
    'a' is not an object to change.
    """
    copy = _same if shared else _copy
    if type(changes) is list:
        if len(changes) != 1:
            raise ChangesError("A whole new value is a list of one value.")
        return copy(changes[0])
    if type(changes) is not dict:
        raise ChangesError("A change record is an object or a list of one value.")
    if type(before) is not dict:
        raise ChangesError("Only an object's keys can be changed one by one.")
    out = {}
    for key, old in before.items():
        if key not in changes:
            out[key] = copy(old)
        elif type(changes[key]) is not list or changes[key]:  # [] removes the key
            out[key] = _apply_key(old, changes[key], key, shared)
    for key, change in changes.items():
        if key not in before:
            if type(change) is not list or len(change) != 1:
                raise ChangesError(f"{key!r} is not there to change or remove.")
            out[key] = copy(change[0])
    return out


def _apply_key(old, change, key, shared=False):
    if type(change) is dict:
        if type(old) is not dict:
            raise ChangesError(f"{key!r} is not an object to change.")
        return apply_changes(old, change, shared=shared)
    if type(change) is list and len(change) == 1:
        return change[0] if shared else _copy(change[0])
    raise ChangesError(f"The change of {key!r} is not [], [value] or an object.")
