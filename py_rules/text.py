"""The one rule for the characters a text may hold, wherever it comes in: a form, a paste, a file, an import.

A name (of a character, a campaign, a weapon, a skill; any one-line text of a sheet or a form) holds no lone
surrogate (half a character, which is not Unicode text: no answer could carry it as UTF-8), no control character
(U+0000–U+001F, U+007F–U+009F; nor the line and paragraph separators U+2028/U+2029) and no bidirectional
embedding, override or isolate (U+202A–U+202E, U+2066–U+2069): invisible characters that turn the text after them
around, so a name could show as another name, or turn the rest of a log line or a forum post around with it. A
multi-line text (a sheet's notes: :data:`LINES_KEYS`) may also hold line breaks and tabs (``\\t``, ``\\n``,
``\\r``, U+2028, U+2029).

Such a text is refused, never changed quietly: the error names the field and says which character and where, so
the person can remove it (the house rules: a clear message naming the field, and the state as it was). The
left-to-right and right-to-left marks (U+200E, U+200F, U+061C) are allowed: they only tell a neutral character
beside them which way it reads, which text mixing Hebrew or Arabic with Latin letters needs, and they cannot turn
the text after them around.

:func:`check_sheet` applies the rule to every text of a sheet (its keys too) and is called by each game's own sheet
validation (the ``from_dict`` that :data:`py_rules.campaign.games.SHEETS` names), so every way a sheet comes in (an
operation's field, a campaign file, a character import, a pasted stat block, a logged sheet) meets it there.
"""

from __future__ import annotations

import re

from py_rules.errors import RulesError

__all__ = ("LINES_KEYS", "REPLACEMENT", "problem", "check", "check_sheet", "mended")

_BIDI = "\u202a-\u202e\u2066-\u2069"
_SURROGATES = "\ud800-\udfff"
_IN_LINE = re.compile(f"[\x00-\x1f\x7f-\x9f\u2028\u2029{_BIDI}{_SURROGATES}]")
"""What a one-line text may not hold."""
_IN_LINES = re.compile(f"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f{_BIDI}{_SURROGATES}]")
"""What a multi-line text may not hold (tabs and line breaks are its own)."""

LINES_KEYS = frozenset({"notes", "backstory", "possessions"})
"""The keys of a sheet whose text may run over several lines."""
REPLACEMENT = "\ufffd"
"""What :func:`mended` writes for a refused character: the replacement character, shown as a visible mark."""

_NAMES = {
    "\u202a": "left-to-right embedding",
    "\u202b": "right-to-left embedding",
    "\u202c": "pop directional formatting",
    "\u202d": "left-to-right override",
    "\u202e": "right-to-left override",
    "\u2066": "left-to-right isolate",
    "\u2067": "right-to-left isolate",
    "\u2068": "first strong isolate",
    "\u2069": "pop directional isolate",
    "\t": "tab",
    "\n": "line break",
    "\r": "carriage return",
    "\x00": "null character",
    "\u2028": "line separator",
    "\u2029": "paragraph separator",
}


def problem(value: str, lines: bool = False) -> str | None:
    """Why ``value`` may not be kept (the words after the field's name), or None when it may; ``lines``: a
    multi-line text.

    >>> problem("Ann"), problem("Ann\\nBee", lines=True)
    (None, None)
    >>> problem("Ann\\u202eenna")
    'holds an invisible character that turns the text around (U+202E, right-to-left override) at character 4: remove it.'
    >>> problem("A\\x00"), problem("A\\ud800")
    ('holds a control character (U+0000, null character) at character 2: remove it.', 'holds half a character (U+D800), which is not valid Unicode text: remove it.')
    """
    found = (_IN_LINES if lines else _IN_LINE).search(value)
    if found is None:
        return None
    char = found.group()
    code = f"U+{ord(char):04X}"
    name = _NAMES.get(char)
    said = f"{code}, {name}" if name else code
    if "\ud800" <= char <= "\udfff":
        return f"holds half a character ({code}), which is not valid Unicode text: remove it."
    if char in _NAMES and "\u202a" <= char <= "\u2069":
        return f"holds an invisible character that turns the text around ({said}) at character {found.start() + 1}: remove it."
    return f"holds a control character ({said}) at character {found.start() + 1}: remove it."


def check(value: str, field: str | None, label: str, lines: bool = False) -> str:
    """``value`` when it holds no character the rule refuses, else a RulesError naming ``field`` (its words:
    ``label``)."""
    wrong = problem(value, lines)
    if wrong:
        raise RulesError("bad_text", f"{label} {wrong}", field)
    return value


def check_sheet(sheet, path: str = "") -> None:
    """Refuse the first text of ``sheet`` (a value, a key, at any depth) that the rule refuses, naming its path
    (``weapons.0.name``; for a key, the object that holds it). The text under a key of :data:`LINES_KEYS` may run
    over several lines. Iterative; a text is only searched, at C speed."""
    line, lines = _IN_LINE.search, _IN_LINES.search
    stack = [(sheet, path)]
    while stack:
        node, where = stack.pop()
        kind = type(node)
        if kind is dict:
            for key, child in node.items():
                if type(key) is str and line(key):
                    _refuse(key, where, key=True)
                child_kind = type(child)
                if child_kind is str:
                    if (lines if key in LINES_KEYS else line)(child):
                        _refuse(child, _join(where, key), lines=key in LINES_KEYS)
                elif child_kind is dict or child_kind is list:
                    stack.append((child, _join(where, key)))
        elif kind is list:
            for index, child in enumerate(node):
                child_kind = type(child)
                if child_kind is str:
                    if line(child):
                        _refuse(child, _join(where, index))
                elif child_kind is dict or child_kind is list:
                    stack.append((child, _join(where, index)))
        elif kind is str and line(node):
            _refuse(node, where)


def _join(where: str, key) -> str:
    return f"{where}.{key}" if where else str(key)


def _refuse(value: str, where: str, *, key: bool = False, lines: bool = False) -> None:
    from py_rules.words import field_words

    said = field_words(where) if where else ""
    if key:
        label = f"A name in {said.lower() if said else 'the sheet'}"
    else:
        label = said or "A text"
    check(value, where or None, label, lines)


def mended(value, paths: list, path: str = "", lines: bool = False):
    """``value`` (JSON) with every character the rule refuses in its texts replaced by :data:`REPLACEMENT`, the path
    of each text so mended added to ``paths``; keys stay as they are. Only for a campaign kept before this rule
    (``campaign.repair``, which documents it): a text coming in is refused, never mended. Texts under a key of
    :data:`LINES_KEYS` keep their line breaks; a change record's ``[text]`` is read as the key's own text."""
    kind = type(value)
    if kind is str:
        search = _IN_LINES if lines else _IN_LINE
        if search.search(value) is None:
            return value
        paths.append(path)
        return search.sub(REPLACEMENT, value)
    if kind is dict:
        return {key: mended(child, paths, _join(path, key), key in LINES_KEYS) for key, child in value.items()}
    if kind is list:
        return [mended(child, paths, _join(path, index), lines) for index, child in enumerate(value)]
    return value
