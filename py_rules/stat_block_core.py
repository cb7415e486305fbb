r"""What every game's stat-block reader shares: the text made plain, the mask of what has been read, tables of names
and numbers, the name and description lines, the parts not read, and what a block leaves out against what it prints
and the reader did not understand.

A game's reader (:mod:`py_rules.coc.stat_block`, :mod:`py_rules.armageddon.stat_block`,
:mod:`py_rules.semiautomagic.stat_block`) brings its own words and patterns and runs its passes over one
:class:`Reader`: each pass reads the text with what earlier passes read blanked out (:meth:`Reader.masked`), so no
two passes read the same characters, and whatever no pass read is listed by :func:`not_read`.

Every pattern a reader uses runs in time linear in the text (the team's guide: every parser of user text runs in
time linear in its input). The rule that keeps them so is written at the top of
:mod:`py_rules.coc.stat_block_grammar`: a run of white space is matched by one quantifier only. The table pass here
reads line by line and word by word, with no pattern that can backtrack over a run.

Two kinds of value a sheet needs and the reader did not take are kept apart (the Keeper or Chronicler gives both):

- **left out**: the block does not print it at all;
- **not understood**: the block prints its name (``EDU —``, ``STR 9999``) but the reader could not read a value the
  sheet holds from it; the answer says what text it could not read.
"""

from __future__ import annotations

import re
import unicodedata

__all__ = (
    "MAX_CHARS",
    "SEP",
    "Reader",
    "alternation",
    "cased",
    "asks",
    "clean",
    "cut",
    "empty_notice",
    "given_values",
    "keep_name",
    "name_and_description",
    "not_read",
    "not_understood",
    "number",
    "read_values",
    "sheet_from",
    "trim",
)

MAX_CHARS = 20_000
"""The longest text read; the rest of a longer paste is listed as not read."""

SEP = r"\s*(?:[:=]\s*)?"
"""Spaces, then perhaps a colon or equals sign and more spaces (``STR 60``, ``STR: 60``): one quantifier per run of
spaces, the rule that keeps every reader linear (py_rules/coc/stat_block_grammar.py)."""


def cased(words) -> str:
    """An alternation of ``words`` as a block prints them, as written or in capitals, not in the lower case of its
    prose ("per"); the longest first."""
    return "|".join(
        dict.fromkeys(
            form for word in sorted(words, key=len, reverse=True) for form in (re.escape(word), re.escape(word.upper()))
        )
    )


def alternation(words) -> str:
    """An alternation of ``words``, the longest first, the words of each apart by one run of spaces."""
    return "|".join(
        r"\s+".join(re.escape(part) for part in word.split()) for word in sorted(words, key=len, reverse=True)
    )


_MAX_LISTED = 60
"""Parts not read listed one by one before the rest are summed up."""
_SHOWN = 80
"""Longest part not read shown whole."""

_ASCII_PLAIN = {**{code: " " for code in range(32)}, ord("\n"): "\n", ord("\r"): "\n", ord("\t"): "\t", 127: " "}


def clean(text) -> str:
    """The text as a string of printable characters (anything else a space), dashes and spaces made plain; tabs are
    kept, since a table copied from a PDF or a spreadsheet parts its cells with them.

    >>> clean("STR\\t60\\r\\nCON\\u201360\\x07")
    'STR\\t60\\n\\nCON-60 '
    """
    if not isinstance(text, str):
        text = "" if text is None else str(text)
    if text.isascii():  # the usual paste: its control characters made plain at C speed
        return text.translate(_ASCII_PLAIN)
    out = []
    for ch in text:
        if ch in "\n\t":
            out.append(ch)
        elif ch in "\u2012\u2013\u2014\u2212\u2010\u2011":
            out.append("-")
        elif ch in "\u00a0\u2007\u202f":
            out.append(" ")
        elif ch == "\r":
            out.append("\n")
        elif unicodedata.category(ch) in ("Cc", "Cs", "Co", "Cn", "Cf"):
            out.append(" ")
        else:
            out.append(ch)
    return "".join(out)


def cut(text) -> tuple[str, list[str]]:
    """The text made plain and cut to :data:`MAX_CHARS`, and the notice of what was cut (empty when nothing was)."""
    raw = clean(text)
    if len(raw) <= MAX_CHARS:
        return raw, []
    return raw[:MAX_CHARS], [f"Everything after the first {MAX_CHARS:,} characters (the text is {len(raw):,} long)"]


_USED_RUN = re.compile(b"\x01+")


class Reader:
    """The text with what has been read marked, and what was read in order of where it stood."""

    def __init__(self, text: str):
        self.text = text
        self.used = bytearray(len(text))
        self.read: list[tuple[int, str]] = []
        self.notes: list[str] = []

    def masked(self) -> str:
        """The text with read parts blanked out (so no later pattern crosses them): the runs read are found at C
        speed, so each pattern's pass costs a copy of the text, not a step per character."""
        pieces, last = [], 0
        for run in _USED_RUN.finditer(self.used):
            pieces += (self.text[last : run.start()], "\x00" * (run.end() - run.start()))
            last = run.end()
        pieces.append(self.text[last:])
        return "".join(pieces)

    def take(self, start: int, end: int, words: str | None = None) -> None:
        if end > start:
            self.used[start:end] = b"\x01" * (end - start)
        if words:
            self.read.append((start, words))

    def free(self, start: int, end: int) -> bool:
        return not any(self.used[start:end])

    def lines(self) -> list[tuple[int, str]]:
        """Each line with the offset it starts at."""
        out, start = [], 0
        for line in self.text.split("\n"):
            out.append((start, line))
            start += len(line) + 1
        return out


def number(text: str) -> int:
    """A printed whole number (``+ 2``, ``60%``) as an int; ValueError when it is not one."""
    return int("".join(text.split()).rstrip("%"))


def read_values(reader: Reader, patterns: dict, found: dict) -> None:
    """Each ``key: pattern`` (group 1 the value) read wherever it stands; the first of each key is kept."""
    for key, pattern in patterns.items():
        for match in pattern.finditer(reader.masked()):
            found.setdefault(key, (match.group(1), match.start()))
            reader.take(match.start(), match.end())


# --- tables of names and numbers ------------------------------------------------------------------------------

_EDGE = frozenset(",.;:()-")


def trim(text: str) -> str:
    """``text`` without the spaces and punctuation (``,.;:()-``) at either end: one pass from each end (a pattern
    for the trailing run would walk every run in the middle to its end again)."""
    start, end = 0, len(text)
    while start < end and (text[start].isspace() or text[start] in _EDGE):
        start += 1
    while end > start and (text[end - 1].isspace() or text[end - 1] in _EDGE):
        end -= 1
    return text[start:end]


def name_and_description(
    reader: Reader, stat_line: re.Pattern, stat_start: re.Pattern, name_age: re.Pattern | None = None
) -> dict:
    """The first line is the name (``NAME, age 47, occupation``) unless it holds numbers of the block (``stat_line``
    finds them, ``stat_start`` a line that starts with the block's words); the lines after it, before the numbers
    start, describe them."""
    out = {"name": None, "occupation": "", "description": [], "age": None, "spans": []}
    for start, line in reader.lines():
        end = start + len(line)
        if not line.strip():
            continue
        stat = stat_line.search(line) or stat_start.match(line)
        if stat and out["name"] is None and not out["spans"]:  # "Mick Doyle, dockside thug. STR 75 …" on one line
            line = line[: stat.start()]
            end = start + len(line)
        elif stat:
            break
        if not line.strip() or not reader.free(start, end):
            break
        if out["name"] is None:
            head = re.split(r"[,(:]|\s-\s", line, maxsplit=1)
            name = " ".join(head[0].split()).strip(" -*#")
            if not name or len(name) > 80 or not re.search(r"[A-Za-z]", name):
                break
            if name.isupper():
                name = name.title()
            out["name"] = name
            rest = line[len(head[0]) :]
            age = name_age.search(rest) if name_age else None
            if age:
                out["age"] = (age.group(1), start + len(head[0]) + age.start())
                rest = rest[: age.start()] + rest[age.end() :]
            out["occupation"] = " ".join(trim(rest).split())[:200]
            words = f"Name {name}" + (f", {out['occupation']}" if out["occupation"] else "")
        elif re.search(r"[A-Za-z]{3}", line):
            out["description"].append(" ".join(line.split()))
            words = f"Description: {' '.join(line.split())[:120]}"
        else:
            break
        out["spans"].append((start, end, words))
        reader.take(start, end)
    return out


def keep_name(reader: Reader, who: dict, anything: bool) -> None:
    """The name and description count only when the block gave numbers too; junk is all listed as not read."""
    for start, end, words in who["spans"]:
        if anything:
            reader.read.append((start, words))
        else:
            reader.used[start:end] = bytes(end - start)
    if not anything:
        who.update(name=None, occupation="", description=[], age=None)


# --- what was not read -----------------------------------------------------------------------------------------


def not_read(reader: Reader) -> list[str]:
    """Every stretch of the text nothing was read from and that holds a letter or digit."""
    parts, current = [], []
    for ch, used in zip(reader.text, reader.used, strict=True):
        if used or ch == "\n":
            if current:
                parts.append("".join(current))
                current = []
        else:
            current.append(ch)
    if current:
        parts.append("".join(current))
    out = []
    for part in parts:
        for piece in re.split(r"[,;|]", part):
            words = " ".join(piece.split()).strip(" .:-")
            if words.count("(") != words.count(")"):  # a parenthesis cut off by what was read around it
                words = words.strip(" ()")
            if re.search(r"[^\W_]", words):
                out.append(words if len(words) <= _SHOWN else words[: _SHOWN - 3] + "…")
    if len(out) > _MAX_LISTED:
        out = out[:_MAX_LISTED] + [f"… and {len(out) - _MAX_LISTED} more parts"]
    return out


_BLANKS = {0: " ", ord("|"): " ", ord("\t"): " "}


def not_understood(reader: Reader, wanted, keywords: dict, problems: dict) -> dict:
    """For each key the sheet still needs (``wanted``), the text the block prints for it that the reader could not
    read: a value out of the sheet's bounds (``problems``: key → the printed text and why), or the key's name found
    in what no pass read (``keywords``: key → a pattern of its names), with what follows it on its line."""
    out = {}
    masked = None
    for key in wanted:
        if key in problems:
            out[key] = problems[key]
            continue
        if key not in keywords:
            continue
        if masked is None:
            masked = reader.masked()
        match = keywords[key].search(masked)
        if match:
            end = masked.find("\n", match.start())
            end = len(masked) if end < 0 else end
            printed = " ".join(masked[match.start() : min(end, match.start() + 40)].translate(_BLANKS).split())
            out[key] = f"“{printed}”"
    return out


def empty_notice(raw: str, anything: bool, what: str) -> list[str]:
    """The first line of the not-read list when nothing (or no text) was found."""
    if not raw.strip():
        return ["The text is empty: paste a stat block."]
    return [] if anything else [f"No {what} was found in the text."]


def given_values(given, bounds: dict) -> tuple[dict, list[str]]:
    """The values the Keeper or Chronicler gives for what the block leaves out or the reader did not understand
    (``{"STR": 50, "name": "..."}``), each within ``bounds`` (key → (least, most))."""
    if not isinstance(given, dict):
        return {}, []
    out, problems = {}, []
    for key, value in given.items():
        if key == "name" and isinstance(value, str) and value.strip():
            out["name"] = " ".join(value.split())[:80]
        elif key in bounds and isinstance(value, int) and not isinstance(value, bool):
            low, high = bounds[key]
            if low <= value <= high:
                out[key] = value
            else:
                problems.append(f"{key} must be between {low} and {high} (got {value}).")
    return out, problems


def asks(missing, unclear: dict, bounds: dict, labels: dict | None = None) -> list[dict]:
    """What the form asks for, each with its bounds and why: left out by the block, or printed and not understood
    (with the text)."""
    labels = labels or {}
    return [
        {
            "key": key,
            "label": labels.get(key, key),
            "minimum": bounds[key][0],
            "maximum": bounds[key][1],
            **({"not_understood": unclear[key]} if key in unclear else {"left_out": True}),
        }
        for key in missing
    ]


def sheet_from(from_dict, data: dict, dropped: list, lists=(), maps=(), optional=()) -> tuple[dict | None, str | None]:
    """The game's own check of the sheet a block makes (``from_dict``): an entry of a list (``lists``: a weapon, a
    Quality) or a map (``maps``: a skill) the check refuses is dropped and said in ``dropped``, as is an ``optional``
    field; anything else refused is the answer's refusal (the sheet is None)."""
    from py_rules.errors import RulesError

    for _ in range(sum(len(data.get(name) or ()) for name in (*lists, *maps)) + len(optional) + 1):
        try:
            return from_dict(data), None
        except RulesError as error:
            where = (error.field or "").split(".")
            if where[0] in lists and len(where) > 1 and where[1].isdigit() and int(where[1]) < len(data[where[0]]):
                entry = data[where[0]].pop(int(where[1]))
                dropped.append(f"{entry.get('name', where[0])}: {error.message}")
                continue
            if where[0] in maps and len(where) > 1 and ".".join(where[1:]) in data.get(where[0], {}):
                data[where[0]].pop(".".join(where[1:]))
                dropped.append(error.message)
                continue
            if where[0] in optional and where[0] in data:
                data.pop(where[0])
                dropped.append(error.message)
                continue
            return None, error.message
    return None, "The sheet could not be made."


_LIST_GAP = frozenset(" \t\n,;.")


def read_list(reader: Reader, head: re.Pattern, item: re.Pattern, keep) -> None:
    """Each list that ``head`` starts (``Skills:``), item by item (``item`` matched where the last one ended, past
    commas, semicolons and line breaks): ``keep(match)`` records an item and says whether it did; an item it does not
    keep is left to be listed as not read, and the list goes on. It ends at the first text that is no item (another
    part of the block, or what an earlier pass read)."""
    masked = reader.masked()
    for found in head.finditer(masked):
        reader.take(found.start(), found.end())
        position = found.end()
        while True:
            while position < len(masked) and masked[position] in _LIST_GAP:
                position += 1
            match = item.match(masked, position)
            if not match or match.end() == position:
                break
            if keep(match):
                reader.take(match.start(), match.end())
            position = match.end()
