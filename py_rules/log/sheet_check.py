"""Logged sheets, checked and rebuilt (TABLE.md, Log): each sheet an entry keeps is checked by its game's own
validation once per distinct sheet (:class:`SheetCheck`, keyed exactly by :func:`sheet_key`), and the sheets an entry
left are rebuilt from its ``before`` and what changed (:func:`entry_after`, :func:`compact_entry`)."""

from __future__ import annotations

import json
import marshal

from py_rules.errors import RulesError
from py_rules.log.changes import ChangesError, apply_changes, sheet_changes

__all__ = ("SheetCheck", "sheet_key", "sheet_checker", "rebuilt", "entry_after", "compact_entry")


class SheetCheck:
    """A check of logged sheets by ``game``'s own validation (:func:`py_rules.campaign.games.validate_sheet`, the
    check a campaign character gets), each distinct sheet checked once: its verdict (None when the game accepts it,
    else the game's (field, message)) is kept by the sheet's key (:func:`sheet_key`). A sheet rebuilt from the one
    before it and what changed (:func:`entry_after`) is kept by those two keys (:meth:`rebuilt_key`): the same two
    give the same sheet, so it is rebuilt only once (a long campaign brings 10,000 entries in one
    import)."""

    def __init__(self, game: str):
        self.game, self.verdicts, self.made = game, {}, {}

    @staticmethod
    def key(sheet) -> bytes | str:
        """``sheet``'s key (:func:`sheet_key`)."""
        return sheet_key(sheet)

    @staticmethod
    def rebuilt_key(before_key, change) -> tuple | None:
        """The key of the sheet ``change`` makes of the sheet keyed ``before_key``, or None (then its own key)."""
        try:
            return (before_key, sheet_key(change))
        except (TypeError, ValueError, RecursionError):
            return None

    def __call__(self, sheet: dict, key=None) -> tuple[str | None, str] | None:
        from py_rules.campaign.games import validate_sheet

        key = sheet_key(sheet) if key is None else key
        if key not in self.verdicts:
            try:
                validate_sheet(self.game, sheet)
                self.verdicts[key] = None
            except RulesError as error:
                self.verdicts[key] = (error.field, error.message)
        return self.verdicts[key]

    def rebuilt(self, before: dict, before_key, change) -> tuple:
        """What ``change`` makes of ``before`` (keyed ``before_key``): (why it makes no sheet, None) or (None, the
        verdict of the sheet it makes); kept by :meth:`rebuilt_key`, so a pair seen before is not rebuilt."""
        key = self.rebuilt_key(before_key, change)
        known = self.made.get(key) if key is not None else None
        if known is None:
            wrong, sheet = rebuilt(before, change)
            known = (wrong, None) if wrong else (None, self(sheet, key))
            if key is not None:
                self.made[key] = known
        return known


_SHEET_TEXT = json.JSONEncoder(ensure_ascii=False, check_circular=False).encode


def sheet_key(value) -> bytes | str:
    """An exact key of a JSON ``value`` (a long log repeats its sheets): two values with the same key are the
    same value, types and key order included (``1``, ``1.0`` and ``true`` differ; ``-0.0`` is not ``0.0``); two
    keys for one value only cost a second check.

    Its ``marshal`` bytes (format 2: no shared references, no mark of interned text, each float's 8 bytes), which
    ``marshal.loads`` reads back as that very value, so different values never share them; written 3 times
    faster than JSON text. A value ``marshal`` cannot write (not plain JSON types) is keyed by its JSON text.

    >>> sheet_key({"a": 1}) == sheet_key({"a": 1}), sheet_key([1]) == sheet_key([1.0]), sheet_key([True]) == sheet_key([1])
    (True, False, False)
    """
    try:
        return marshal.dumps(value, 2)
    except ValueError:
        return _SHEET_TEXT(value)


def sheet_checker(game: str) -> SheetCheck:
    """A :class:`SheetCheck` of ``game`` (a log shares one).

    >>> check = sheet_checker("armageddon")
    >>> check({})
    ('attributes', 'Attributes must be a JSON object.')
    """
    return SheetCheck(game)


_MISFIT = "What changed in this sheet does not fit the sheet before it."
_NOT_A_SHEET = "The sheet it leaves must be a JSON object."


def rebuilt(before: dict, change) -> tuple:
    """(why ``change`` makes no sheet of ``before``, None) or (None, the sheet it makes, sharing their values)."""
    try:
        sheet = apply_changes(before, change, shared=True)  # read, never changed
    except ChangesError:
        return _MISFIT, None
    return (None, sheet) if isinstance(sheet, dict) else (_NOT_A_SHEET, None)


def entry_after(entry: dict) -> dict:
    """The sheets as ``entry`` left them, ``{character id: sheet}``: its ``after`` (an older file's entry) or each
    sheet of ``before`` with its change record applied. A change record that does not fit raises
    :class:`py_rules.log.changes.ChangesError`.

    >>> entry_after({"before": {"c1": {"hp": 12, "name": "Ann"}}, "changes": {"c1": {"hp": [9]}}})
    {'c1': {'hp': 9, 'name': 'Ann'}}
    """
    if "after" in entry:
        return entry["after"]
    before = entry["before"]
    return {cid: apply_changes(before.get(cid), change) for cid, change in entry["changes"].items()}


def compact_entry(entry: dict) -> dict:
    """``entry`` in the current shape: an older entry's ``after`` becomes ``changes`` (in its place among the keys);
    an entry already in the current shape comes back as it is. Exact: :func:`entry_after` of the result is the
    old ``after``.

    >>> compact_entry({"id": "e1", "before": {"c1": {"hp": 12}}, "after": {"c1": {"hp": 9}}, "kind": "change"})
    {'id': 'e1', 'before': {'c1': {'hp': 12}}, 'changes': {'c1': {'hp': [9]}}, 'kind': 'change'}
    """
    if "after" not in entry:
        return entry
    before = entry.get("before") or {}
    changes = {cid: sheet_changes(before.get(cid), sheet) for cid, sheet in entry["after"].items()}
    return {
        ("changes" if key == "after" else key): (changes if key == "after" else value) for key, value in entry.items()
    }
