"""The log and the encounters of a campaign file, checked (TABLE.md, Kept safe): each entry bounded JSON
(:func:`py_rules.campaign.problems.check_json`), then its shape by its own module (:mod:`py_rules.log.entry`,
:mod:`py_rules.encounter.state`). A long log read from JSON text is measured from that text at C speed, and walked
value by value only when the text cannot tell (:func:`_plainly_bounded`, :func:`_bounded_by_text`).

:func:`py_rules.campaign.file.validate` checks a whole file's log and encounters here, and ``log.check`` a long
log a stretch at a time.
"""

from __future__ import annotations

import json
import re

from py_rules.campaign.file_text import plain_escapes
from py_rules.campaign.problems import LIMITS, check_json, join_path, problem

__all__ = ("GROWTH", "check_entries")


def check_entries(
    entries: list,
    key: str,
    what: str,
    *,
    start: int = 0,
    seen: set | None = None,
    game: str | None = None,
    shallow: bool = False,
    log_text=None,
) -> list[dict]:
    """The problems of a list of log entries or encounters: each a bounded JSON object, then its shape by its own
    module, and with the campaign's ``game`` each log entry's sheets by that game's own validation and each
    encounter as one of that game. A long log is checked a stretch at a time (``log.check``): ``start`` is the
    stretch's first index in the whole list, ``seen`` the log entry ids before it (only those the stretch's
    entries mention matter: :func:`py_rules.log.entry.order_problems`).

    ``shallow``: the log entries were just read from JSON text (finite numbers, text keys) nested at most
    ``LIMITS["depth"]`` deep each (``campaign.check_file``); each entry is then measured by its own JSON text at C
    speed (:func:`_plainly_bounded`), and walked value by value only when that cannot tell. ``log_text``: the
    entries' own text in the file (:class:`py_rules.campaign.file_text.LogText`), measured instead of written again
    (:func:`_bounded_by_text`)."""
    problems: list = []
    sizes: list = [None] * len(entries)
    long_keys = log_text.holding(_LONG_KEY_TEXT) if shallow and log_text else set()
    for index, entry in enumerate(entries, start):
        if not isinstance(entry, dict):
            problems.append(problem(join_path(key, index), f"Each {what} entry must be a JSON object."))
            continue
        if shallow:
            sizes[index - start] = (
                _bounded_by_text(log_text, index - start, index - start in long_keys)
                if log_text
                else _plainly_bounded(entry)
            )
        if sizes[index - start] is None:
            check_json(entry, join_path(key, index), problems)
    if not problems:  # bounded JSON objects: now the shape of each (not piled on a size problem)
        check = _ENTRY_CHECKS[key]()
        problems.extend(
            check(entries, key, start=start, seen=seen, game=game, plain=True, sizes=sizes)
            if key == "log"
            else check(entries, key, game)
        )
    return problems


_ENCODE = json.JSONEncoder(ensure_ascii=False, check_circular=False, allow_nan=False).encode
_LONG_KEY = re.compile(r'"[^"]{201,}": ')  # more than 200 characters
"""A key longer than check_json allows, in JSON text whose escaped quotes and backslashes became two plain
characters each (a key's text is then at least as long as the key, and holds no quote)."""


def _plainly_bounded(entry: dict) -> int | None:
    """The length of ``entry``'s JSON text when it certainly passes :func:`check_json`, else None (then it is walked).

    Only for a value read from JSON text nested at most ``LIMITS["depth"]`` deep (numbers finite, keys text, every
    value JSON): what is left to know is read from its text at C speed. Every text in it is shorter than the whole
    text (at most ``LIMITS["text"]``); it holds at most 1 + one value after each ``[``, ``,`` or ``:`` (at most
    ``LIMITS["entry_nodes"]``); and no key is longer than 200 characters.

    >>> _plainly_bounded({"a": [1, "x"]}), _plainly_bounded({"k" * 201: 1}), _plainly_bounded({"t": "x" * 20_001})
    (15, None, None)
    """
    try:
        written = _ENCODE(entry)
    except (TypeError, ValueError, RecursionError):
        return None
    if len(written) > LIMITS["text"]:
        return None
    if 1 + written.count("[") + written.count(",") + written.count(":") > LIMITS["entry_nodes"]:
        return None
    if _LONG_KEY.search(plain_escapes(written) if "\\" in written else written):
        return None
    return len(written)


_LONG_KEY_TEXT = re.compile(r'"[^"]{201,}"[ \t\n\r]*:')  # more than 200 characters
"""A key of more than 200 characters as a file wrote it, its escaped quotes and backslashes made two plain
characters each: between two quotes, then a colon, only a key's text can lie (a text never has a colon after its
closing quote, nor a structural colon before its opening one), and a key is never longer than its written text."""

GROWTH = 8
"""How many times longer than a file wrote it an entry's JSON text can come out, written again as this module
writes it (``_ENCODE``, which :func:`py_rules.log.entry.validate_log_entry` measures): a text, a key, a whole
number, ``true``, ``false`` and ``null`` come out at most as long as written (``\\u00e9`` is ``é``; a character
written plainly stays plain), brackets as they are, a ``,`` or ``:`` is 2 characters (a space after it), spaces
between values none, and a number with a fraction or an exponent is at most 24 characters
(``-2.2250738585072014e-308``) from at least 3 written (``1e5``, ``1.5``); so at most 8 times."""


def _bounded_by_text(log_text, index: int, long_key: bool) -> int | None:
    """:func:`_plainly_bounded` measured from the text of log entry ``index`` as the file wrote it
    (:class:`py_rules.campaign.file_text.LogText`: a long log is not written to JSON again): a bound, within :data:`py_rules.log.entry.MAX_ENTRY_CHARS`, of the length of its JSON text when it
    certainly passes :func:`check_json`, else None (then it is walked and measured exactly).

    The same preconditions (read from JSON text nested at most ``LIMITS["depth"]`` deep), and the same reasons read
    from the written text, an object (``{`` … ``}``): every text in it is shorter than that text (a text is never
    longer than it is written); it holds at most 1 + one value after each ``[``, ``,`` or ``:`` written, so fewer
    than its length; no key is longer than 200 characters (``long_key``: :data:`_LONG_KEY_TEXT` may match its
    text); written again it is at most :data:`GROWTH` times as long.

    >>> from py_rules.campaign.file_text import LogText
    >>> _bounded_by_text(LogText('[{"a":[1,"x"]}]', [(1, 14)]), 0, False), _bounded_by_text(None, 0, True)
    (104, None)
    """
    from py_rules.log.entry import MAX_ENTRY_CHARS

    if long_key:
        return None
    start, end = log_text.spans[index]
    size = end - start
    if size > LIMITS["text"] or GROWTH * size > MAX_ENTRY_CHARS:
        return None
    if size - 1 > LIMITS["entry_nodes"]:
        written = log_text.entry(index)
        if 1 + written.count("[") + written.count(",") + written.count(":") > LIMITS["entry_nodes"]:
            return None
    return GROWTH * size


def _log_check():
    from py_rules.log.entry import validate_log

    return validate_log


def _encounters_check():
    from py_rules.encounter.state import validate_encounters

    return validate_encounters


_ENTRY_CHECKS = {"log": _log_check, "encounters": _encounters_check}
"""The shape of each log entry and encounter, checked by their own modules."""
