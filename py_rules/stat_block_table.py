"""Tables of names and numbers in a pasted stat block, read for every game (what :mod:`py_rules.stat_block_core`'s
readers share): a ``char. | value`` table (Markdown, pipes or tabs as a PDF or a spreadsheet copies it), the
rulebook's table with halves and fifths in columns, names over rows of values, a column of names beside a column of
values, one name and value per line. Read line by line and word by word, with no pattern that can backtrack over a
run (the team's guide: every parser of user text runs in time linear in its input)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from py_rules.stat_block_core import Reader, number

__all__ = ("Keys", "read_table")


@dataclass(frozen=True)
class Keys:
    """What a game's tables of names and numbers may hold: each name (upper case, of one to three words) and the key
    it stands for, the words that only head a table's columns, and which keys may carry their half and fifth."""

    names: dict
    headers: frozenset = frozenset()
    halves: frozenset = frozenset()
    longest: int = field(init=False, default=1)

    def __post_init__(self):
        object.__setattr__(self, "longest", max(len(name.split()) for name in self.names))


_TABLE_NUMBER = re.compile(r"[+\-]?\d{1,4}%?|[+\-]?\d{0,2}D\d{1,3}", re.I)
"""One cell's number: ``60``, ``60%``, ``+2``, ``-1``, or a Damage Bonus such as ``+1D4`` (each word is matched
whole, so the pattern stops within a few characters of any word)."""
_TABLE_HALVES = re.compile(r"\(\d{1,4}/\d{1,4}\)")
_RULE_WORD = re.compile(r"[:\-=+_]{3,}")
"""A word of a table's rule line (``|---|:---:|``)."""
_WORD = re.compile(r"[^\s|]+")


def _words_of(masked: str, start: int, end: int) -> list[tuple[int, int, str]]:
    """The words of a line (split at spaces, tabs and the pipes of a Markdown table), with their offsets."""
    return [(m.start(), m.end(), m.group()) for m in _WORD.finditer(masked, start, end)]


def _classify(words, keys: Keys):
    """The line's tokens, ``(kind, value, start, end)`` with kind ``key``, ``num``, ``halves`` or ``head``; None
    when a word is none of them (the line is not a table's)."""
    tokens, index = [], 0
    while index < len(words):
        word = words[index][2]
        for size in range(min(keys.longest, len(words) - index), 0, -1):  # the longest name first: "Hit Points"
            phrase = " ".join(each[2] for each in words[index : index + size]).upper().rstrip(":.")
            if phrase in keys.names:
                tokens.append(("key", keys.names[phrase], words[index][0], words[index + size - 1][1]))
                index += size
                break
        else:
            plain = word.rstrip(":")
            if plain.upper().rstrip(".") in keys.headers:
                tokens.append(("head", None, words[index][0], words[index][1]))
            elif _TABLE_NUMBER.fullmatch(plain):
                tokens.append(("num", plain, words[index][0], words[index][1]))
            elif _TABLE_HALVES.fullmatch(plain):
                tokens.append(("halves", plain, words[index][0], words[index][1]))
            elif _RULE_WORD.fullmatch(word):
                tokens.append(("head", None, words[index][0], words[index][1]))
            else:
                return None
            index += 1
    return tokens


def _halves_agree(value: str, half: str, fifth: str | None) -> bool:
    try:
        whole = number(value)
        return number(half) == whole // 2 and (fifth is None or number(fifth) == whole // 5)
    except ValueError:
        return False


def _pairs(names: list, numbers: list, keys: Keys):
    """How a run of names and the run of numbers after it go together, or None when they do not:
    ``STR 60``, ``STR 60 30 12`` (a value with its half and fifth), ``STR CON SIZ / 60 55 65`` (names over numbers,
    or a column of names then a column of numbers), ``STR CON / 60 55 / 30 27 / 12 11`` (rows of values, halves and
    fifths) or ``STR CON / 60 30 12 55 27 11`` (each value with its half and fifth)."""
    k, m = len(names), len(numbers)
    values = [each[1] for each in numbers]
    if k == m:
        return [(names[i], numbers[i], ()) for i in range(k)]
    if k == 1 and m in (2, 3) and names[0][1] in keys.halves:
        return [(names[0], numbers[0], numbers[1:])]
    if m in (2 * k, 3 * k) and all(name[1] in keys.halves for name in names):
        per = m // k
        grouped = all(
            _halves_agree(values[i * per], values[i * per + 1], values[i * per + 2] if per == 3 else None)
            for i in range(k)
        )
        if grouped:
            return [(names[i], numbers[i * per], tuple(numbers[i * per + 1 : (i + 1) * per])) for i in range(k)]
        rows = all(_halves_agree(values[i], values[k + i], values[2 * k + i] if per == 3 else None) for i in range(k))
        if rows:
            return [(names[i], numbers[i], tuple(numbers[k + i :: k])) for i in range(k)]
    return None


def read_table(reader: Reader, keys: Keys, found: dict) -> None:
    """Tables of names and numbers in any of the layouts a scenario, a rulebook, a PDF or a spreadsheet gives:
    a ``char. | value`` table (Markdown, pipes or tabs), the rulebook's table with halves and fifths in columns
    (``STR 60 30 12``, under a ``Char. Value Half Fifth`` head), a row of names over a row of numbers, and a column
    of names over a column of numbers (one per line, as a PDF copies a table). Only lines made wholly of a table's
    names, numbers and heads are read here; a run of such lines is read as one table."""
    masked = reader.masked()
    run: list = []
    for start, line in reader.lines():
        if not line or line.isspace():  # a blank line goes on with the run (a PDF's copy has many)
            continue
        tokens = _classify(_words_of(masked, start, start + len(line)), keys)
        if tokens is None:
            _read_run(reader, run, keys, found)
            run = []
        else:
            run += tokens
    _read_run(reader, run, keys, found)


def _read_run(reader: Reader, tokens: list, keys: Keys, found: dict) -> None:
    """One run of table lines: each run of names with the run of numbers after it."""
    if not any(kind == "key" for kind, *_ in tokens) or not any(kind == "num" for kind, *_ in tokens):
        return
    anything = False
    heads = [token for token in tokens if token[0] == "head"]
    body = [token for token in tokens if token[0] != "head"]
    index = 0
    while index < len(body):
        names = []
        while index < len(body) and body[index][0] == "key":
            names.append(body[index])
            index += 1
        numbers, halves = [], []
        while index < len(body) and body[index][0] in ("num", "halves"):
            (numbers if body[index][0] == "num" else halves).append(body[index])
            index += 1
        if not names:
            continue
        paired = _pairs(names, numbers, keys) if numbers else None
        if paired is None:
            continue
        anything = True
        for name, value, extra in paired:
            key = name[1]
            found.setdefault(key, (value[1], name[2]))
            reader.take(name[2], name[3])
            reader.take(value[2], value[3])
            for each in extra:
                reader.take(each[2], each[3])
            if extra and not _halves_agree(value[1], extra[0][1], extra[1][1] if len(extra) > 1 else None):
                reader.read.append(
                    (
                        name[2],
                        f"{key}: the block's half and fifth of {value[1]} are not the "
                        "rules' (the sheet works them out)",
                    )
                )
        for each in halves:
            reader.take(each[2], each[3])
    if anything:
        for each in heads:
            reader.take(each[2], each[3])


# --- the name and description -----------------------------------------------------------------------------------
