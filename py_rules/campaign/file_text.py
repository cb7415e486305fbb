"""A campaign file read from its text with the place of each log entry in it (a long campaign's file).

A 10,000-entry file is tens of MB of JSON. Read whole by ``json.loads`` its entries lose their text, and measuring
each one again (its size, how many values it holds, its longest key: :func:`py_rules.campaign.problems.check_json`'s
bounds) meant writing it back to JSON. Here the file is read with the same C scanner and the same number rules
(:func:`py_rules.limits.decoder`), the top object and its ``"log"`` list a value at a time, so each entry's text
is known as it was read: :func:`py_rules.campaign.entries.check_entries` measures it from that text.

Only a plain file is read this way: a JSON object, its ``"log"`` (if any) a list. Anything else, or anything the
scanner refuses, gives None and the caller reads the text as before (``limits.loads``), whose messages then say
what is wrong. What comes out is what ``json.loads`` with the same decoder gives (duplicate keys included: the last
one's value, at the first one's place).
"""

from __future__ import annotations

import json
import re
from bisect import bisect_left, bisect_right
from dataclasses import dataclass
from json.decoder import WHITESPACE, scanstring

__all__ = ("LogText", "read", "plain_escapes")


@dataclass(frozen=True)
class LogText:
    """A file's text and the ``(start, end)`` of each entry of its ``"log"`` list in it (the last ``"log"`` key's)."""

    text: str
    spans: list

    def entry(self, index: int) -> str:
        """The JSON text of log entry ``index`` as the file wrote it."""
        start, end = self.spans[index]
        return self.text[start:end]

    def holding(self, pattern: re.Pattern) -> set:
        """The indexes of the entries whose text, each escaped backslash and quote in it made two plain characters
        (``__``), holds a match of ``pattern``, and maybe a few more (never fewer). Searched a stretch of entries at
        a time at C speed (a long file is tens of MB): an entry starts outside any text, so a stretch made
        plain is its entries made plain, and a match found in an entry is found in its stretch or lies in another
        match there, which the entry meets.

        >>> _, log = read('{"log": [{"a": 1}, {"%s": 2}, {"b": 3}]}' % ("k" * 201), json.JSONDecoder())
        >>> log.holding(re.compile('"[^"]{201,}"[ ]*:'))
        {1}
        """
        text, spans = self.text, self.spans
        starts, ends = [start for start, _ in spans], [end for _, end in spans]
        found: set = set()
        first = 0
        while first < len(spans):
            low = starts[first]
            last = max(bisect_right(starts, low + _STRETCH), first + 1)  # entries first … last - 1
            high = ends[last - 1]
            if text.find("\\", low, high) < 0:
                matches, shift = pattern.finditer(text, low, high), 0
            else:
                matches, shift = pattern.finditer(plain_escapes(text[low:high])), low
            for match in matches:
                found.update(range(bisect_right(ends, match.start() + shift), bisect_left(starts, match.end() + shift)))
            first = last
        return found


_STRETCH = 1 << 20
"""Characters of log entries made plain at a time (a few at most: the file is held once already)."""


def plain_escapes(text: str) -> str:
    """``text`` with each escaped backslash and quote made two plain characters (``__``)."""
    return text.replace("\\\\", "__").replace('\\"', "__")


def read(text: str, decoder: json.JSONDecoder) -> tuple[dict, LogText] | None:
    """The file's top object and its log entries' text, or None when the text is not plainly a JSON object
    (then ``decoder.decode(text)`` says why, or reads it).

    >>> value, log = read('{"id": "c1", "log": [ {"a": 1}, [2] ]} ', json.JSONDecoder())
    >>> value, [log.entry(i) for i in range(2)]
    ({'id': 'c1', 'log': [{'a': 1}, [2]]}, ['{"a": 1}', '[2]'])
    >>> read('[1]', json.JSONDecoder()), read('{"a": 1} x', json.JSONDecoder())
    (None, None)
    """
    try:
        return _object(text, decoder.scan_once)
    except (StopIteration, ValueError, IndexError):  # not a value where one must be, or refused: said by decode
        return None


def _object(text: str, scan) -> tuple[dict, LogText] | None:
    space = WHITESPACE.match
    at = space(text, 0).end()
    if text[at : at + 1] != "{":
        return None
    at = space(text, at + 1).end()
    found: dict = {}
    spans: list = []
    if text[at : at + 1] == "}":
        at += 1
    else:
        while True:
            if text[at : at + 1] != '"':
                return None
            key, at = scanstring(text, at + 1, True)
            at = space(text, at).end()
            if text[at : at + 1] != ":":
                return None
            at = space(text, at + 1).end()
            if key == "log" and text[at : at + 1] == "[":
                value, spans, at = _list(text, at, scan, space)
            else:
                value, at = scan(text, at)
            found[key] = value
            at = space(text, at).end()
            sign = text[at : at + 1]
            if sign == "}":
                at += 1
                break
            if sign != ",":
                return None
            at = space(text, at + 1).end()
    if space(text, at).end() != len(text):
        return None
    if not isinstance(found.get("log"), list):
        spans = []
    return found, LogText(text, spans)


def _list(text: str, at: int, scan, space) -> tuple[list, list, int]:
    """The list starting at ``at`` (its ``[``), each item's span, and where it ends; raises ValueError when it is
    not a plain list."""
    at = space(text, at + 1).end()
    items: list = []
    spans: list = []
    if text[at : at + 1] == "]":
        return items, spans, at + 1
    while True:
        value, end = scan(text, at)
        items.append(value)
        spans.append((at, end))
        at = space(text, end).end()
        sign = text[at : at + 1]
        if sign == "]":
            return items, spans, at + 1
        if sign != ",":
            raise ValueError("not a list")
        at = space(text, at + 1).end()
