"""Limits of what the JSON door accepts (bad input never crashes the page: a message naming the field).

Every request is bounded before any rule sees it: its size, its nesting depth, and its text (no
lone surrogates, which no answer could carry as UTF-8). The per-field limits (text length, number
range, JSON depth) are declared on each :class:`py_rules.params.Param`; the defaults live here so a
field declared without them is bounded all the same.
"""

from __future__ import annotations

import json
import math
import re
from array import array
from itertools import accumulate

from py_rules.errors import RulesError

__all__ = (
    "MAX_REQUEST_CHARS",
    "MAX_TEXT_CHARS",
    "MAX_REQUEST_DEPTH",
    "TEXT_MAX_LENGTH",
    "JSON_MAX_DEPTH",
    "JSON_MAX_LENGTH",
    "NUMBER_LIMIT",
    "DAMAGE_MAX",
    "check_damage_range",
    "shown",
    "sheet_text",
    "text_depth",
    "decoder",
    "loads",
    "check_tree",
    "finite_float",
    "whole_number",
    "has_surrogate",
    "ESCAPED_SURROGATE",
    "keep_utf8",
    "forget_utf8",
    "utf8",
)

MAX_REQUEST_CHARS = 5_000_000
"""Longest request text read at all (a whole campaign fits many times over)."""
MAX_TEXT_CHARS = 200_000_000
"""Longest text sent beside a request (a campaign file: 10,000 log entries are about 35 million characters)."""
MAX_REQUEST_DEPTH = 32
"""Deepest nesting of a request; the deepest sheet is a handful of levels inside ``args``."""
TEXT_MAX_LENGTH = 500
"""Default longest value of a ``text`` field, in characters."""
JSON_MAX_DEPTH = 8
"""Default deepest nesting of a ``json`` field's value (a sheet's deepest value sits 3 levels down)."""
JSON_MAX_LENGTH = 200_000
"""Default longest ``json`` field, in characters of its JSON text."""
NUMBER_LIMIT = 1_000_000_000
"""Default range (±) of an ``int`` or ``number`` field declared without one."""
DAMAGE_MAX = 10_000
"""The one rule for damage amounts in the three games: a typed amount from 0 to 10,000, and a damage
roll whose highest total is at most 10,000 (a roll that can only come out negative is refused; one
that may come out below 0 deals 0). Beyond it a character is long dead; below 0 is no damage."""
_MAX_DIGITS = 30
"""Longest whole number read from text: far beyond any range, far below Python's 4300-digit limit."""

_SURROGATE = re.compile("[\ud800-\udfff]")
ESCAPED_SURROGATE = re.compile(r"\\u[dD][89a-fA-F]")
"""Where a value read from JSON text can hold half a character (a lone surrogate): raw text cannot (it came as
UTF-8, or the door refused it), an escape such as ``\\ud800`` can. A text without one needs no walk of its value."""
_WHOLE = re.compile(r"\s*([+-]?)([0-9]+)\s*", re.ASCII)


def text_depth(text: str, utf8: bytes | None = None) -> int:
    r"""The deepest bracket nesting of JSON ``text``, read without recursion (brackets inside strings
    do not count).

    At C speed for a long file (a campaign of 10,000 entries is tens of MB): the escaped backslashes and
    quotes go first (JSON has backslashes only inside strings), then everything but quotes and brackets (and the
    strings left empty); what lies between two quotes is a string's. A text that is not valid JSON may be counted deeper than it is, never
    shallower than the nesting :func:`json.loads` reaches before it stops.

    The work is done on the UTF-8 bytes (``utf8``: ``text`` encoded with ``surrogatepass``, when the caller has
    them), where a backslash or a quote is one byte that never occurs inside another character's bytes.

    >>> text_depth('{"a": [1, {"b": "[[["}]}'), text_depth("[" * 5000), text_depth('["\\\\", "\\"[", []]')
    (3, 5000, 2)
    """
    plain = text.encode("utf-8", "surrogatepass") if utf8 is None else utf8
    plain = plain.replace(b"\\\\", b"").replace(b'\\"', b"").translate(None, _NOT_KEPT)
    plain = plain.replace(b'""', b"")  # two quotes side by side: what follows them is as inside or outside as before
    outside = b"".join(plain.split(b'"')[0::2]) if b'"' in plain else plain
    return max(accumulate(array("b", outside.translate(_STEP))), default=0)  # signed bytes: +1 and -1


_NOT_KEPT = bytes(c for c in range(256) if chr(c) not in '"[]{}')
_STEP = bytes.maketrans(b"[{]}", bytes([1, 1, 255, 255]))


def _refuse_constant(name: str):
    raise ValueError(f"{name} is not a JSON number")


def _finite(text: str) -> float:
    value = float(text)
    if value in (float("inf"), float("-inf")):
        raise ValueError(f"the number {text[:20]} is too large")
    return value


def _whole_within(max_digits: int):
    def whole(text: str) -> int:
        if len(text.lstrip("-")) > max_digits:
            raise ValueError(f"the number {text[:12]}… has more than {max_digits} digits")
        return int(text)

    return whole


def _number_rules(text: str, max_digits: int, utf8: bytes | None = None) -> dict:
    # each whole number read by Python costs a call; a text with no run of more than max_digits digits anywhere
    # holds no such number, and a long file is read without the call
    whole = None if _no_digit_run(text, max_digits + 1, utf8) else _whole_within(max_digits)
    return {"parse_constant": _refuse_constant, "parse_float": _finite, "parse_int": whole}


def decoder(text: str, max_digits: int = _MAX_DIGITS, utf8: bytes | None = None) -> json.JSONDecoder:
    """The JSON decoder :func:`loads` reads ``text`` with: NaN and infinities refused, whole numbers of at most
    ``max_digits`` digits (:mod:`py_rules.campaign.file_text` reads a file a value at a time with it). ``utf8``:
    as for :func:`text_depth`."""
    return json.JSONDecoder(**_number_rules(text, max_digits, utf8))


def loads(text: str, depth: int, field: str, label: str, max_digits: int = _MAX_DIGITS, *, measured: int | None = None):
    """``json.loads`` refusing what no answer could carry: nesting deeper than ``depth``, NaN and
    infinities (as numbers or too large to be finite), whole numbers of more than ``max_digits``
    digits; errors name ``field`` (shown as ``label``). ``measured``: ``text_depth(text)``, when the caller has it."""
    if (text_depth(text) if measured is None else measured) > depth:
        raise RulesError("too_deep", f"{label} is nested more than {depth} levels deep.", field)
    try:
        return json.loads(text, **_number_rules(text, max_digits))
    except RecursionError:  # pragma: no cover - the depth check above comes first
        raise RulesError("too_deep", f"{label} is nested too deeply.", field) from None
    except ValueError as error:  # JSONDecodeError, a refused number, or Python's int digit limit
        where = f" at line {error.lineno}, column {error.colno}" if isinstance(error, json.JSONDecodeError) else ""
        message = error.msg if isinstance(error, json.JSONDecodeError) else str(error)[:120]
        raise RulesError("bad_json", f"{label} is not valid JSON ({message}{where}).", field) from None


_DIGITS = bytes(ord("0") if 48 <= c <= 57 else ord(" ") for c in range(256))


def _no_digit_run(text: str, length: int, utf8: bytes | None = None) -> bool:
    """Whether ``text`` is long (over 100,000 characters) and has no run of ``length`` ASCII digits (at C speed).

    >>> _no_digit_run("[12, 345]" * 20_000, 4), _no_digit_run("[12, 3456]" * 20_000, 4), _no_digit_run("[1]", 4)
    (True, False, False)
    """
    if len(text) <= 100_000:
        return False
    return (text.encode("utf-8", "surrogatepass") if utf8 is None else utf8).translate(_DIGITS).find(b"0" * length) < 0


def has_surrogate(text: str) -> bool:
    """Whether ``text`` holds a lone surrogate (``"\\ud800"``), which UTF-8 cannot encode (a long text is
    encoded to find out, at C speed).

    >>> has_surrogate("Ann"), has_surrogate("\\ud800" + "a" * 20_000)
    (False, True)
    """
    if len(text) < 10_000:
        return _SURROGATE.search(text) is not None
    if _UTF8 and _UTF8[0] is text:
        return False
    try:
        keep_utf8(text, text.encode("utf-8"))
    except UnicodeEncodeError:
        return True
    return False


_UTF8: list = []
"""The last long text known to hold no lone surrogate, and its UTF-8 bytes (:func:`keep_utf8`)."""


def keep_utf8(text: str, data: bytes) -> None:
    """Keep ``data``, the UTF-8 bytes of ``text`` (a long text with no lone surrogate), until the next long text or
    :func:`forget_utf8` (a long campaign file is tens of MB, sent as its bytes, and
    its bytes are read again at C speed: :func:`utf8`)."""
    if len(text) >= 10_000:
        _UTF8[:] = [text, data]


def forget_utf8() -> None:
    """Let go of the bytes kept by :func:`keep_utf8`."""
    _UTF8.clear()


def utf8(text: str) -> bytes:
    r"""``text`` as UTF-8 bytes, a lone surrogate kept (``surrogatepass``): the bytes kept for it
    (:func:`keep_utf8`), else written now.

    >>> utf8("é\ud800")
    b'\xc3\xa9\xed\xa0\x80'
    """
    if _UTF8 and _UTF8[0] is text:
        return _UTF8[1]
    return text.encode("utf-8", "surrogatepass")


def _plainly_fine(value, depth: int) -> int | None:
    """The length of ``value``'s JSON text (``ensure_ascii=False``) when ``value`` certainly passes
    :func:`check_tree`: it encodes as UTF-8 JSON with finite numbers (C speed; a lone surrogate or NaN fails) and
    its containers nest at most ``depth`` deep; else None. A long campaign log is millions of values, and building
    each one's path costs seconds; the path is built only to name a problem."""
    try:
        text = json.dumps(value, ensure_ascii=False, allow_nan=False)
        text.encode("utf-8")
    except (TypeError, ValueError):  # UnicodeEncodeError is a ValueError
        return None
    stack = [(value, 1)]
    while stack:
        node, level = stack.pop()
        children = node.values() if isinstance(node, dict) else node if isinstance(node, list) else None
        if children is None:
            continue
        if level > depth:
            return None
        stack.extend((child, level + 1) for child in children if isinstance(child, (dict, list)))
    return len(text)


def check_tree(value, field: str, depth: int, *, halves: bool = False) -> int | None:
    """Walk ``value`` (decoded JSON) without recursion: refuse nesting deeper than ``depth`` and text
    (keys included) with lone surrogates or non-finite numbers, naming the path (``field.key.0``). Returns the
    length of its JSON text (``ensure_ascii=False``) when the fast path wrote it, else None. ``halves``: lone
    surrogates in texts (not keys) are let through, for an operation that mends them before anything else."""
    size = _plainly_fine(value, depth)
    if size is not None:
        return size
    stack = [(value, field, 0)]
    while stack:
        node, path, level = stack.pop()
        if isinstance(node, str):
            if not halves and has_surrogate(node):
                raise RulesError(
                    "bad_text", f"{path or 'The value'} holds a character that is not valid Unicode text.", path
                )
        elif isinstance(node, float):
            if not math.isfinite(node):
                raise RulesError("wrong_type", f"{path or 'The value'} must be a finite number.", path)
        elif isinstance(node, (dict, list)):
            if level >= depth:
                raise RulesError("too_deep", f"{path or 'The value'} is nested more than {depth} levels deep.", path)
            items = node.items() if isinstance(node, dict) else enumerate(node)
            for key, child in items:
                key_text = key if isinstance(key, str) else str(key)
                if has_surrogate(key_text):
                    raise RulesError(
                        "bad_text", f"{path or 'The value'} has a key that is not valid Unicode text.", path
                    )
                stack.append((child, f"{path}.{key_text}" if path else key_text, level + 1))


def finite_float(text: str) -> float | None:
    """A finite float read from ``text`` of reasonable length, else None (no overflow, no NaN)."""
    text = text.strip()
    if len(text) > 64:
        return None
    try:
        value = float(text)
    except ValueError:
        return None
    return value if math.isfinite(value) else None


def whole_number(text: str) -> int | None:
    """The whole number written in ASCII digits in ``text`` (at most 30 digits), else None.

    >>> whole_number(" -12 "), whole_number("²"), whole_number("1" * 31)
    (-12, None, None)
    """
    match = _WHOLE.fullmatch(text)
    if not match or len(match.group(2)) > _MAX_DIGITS:
        return None
    return int(match.group(1) + match.group(2))


def check_damage_range(highest: int, text: str, field: str) -> None:
    """Refuse a damage amount or roll outside :data:`DAMAGE_MAX`'s rule, naming ``field``.

    >>> check_damage_range(12, "2d6", "damage")
    >>> check_damage_range(-5, "-5", "amount")
    Traceback (most recent call last):
    ...
    py_rules.errors.RulesError: Damage cannot be negative: -5 deals no damage (give 0 or more).
    """
    if highest < 0:
        raise RulesError(
            "out_of_range", f"Damage cannot be negative: {text.strip()[:40]} deals no damage (give 0 or more).", field
        )
    if highest > DAMAGE_MAX:
        raise RulesError(
            "out_of_range",
            f"Damage must be at most {DAMAGE_MAX:,}: {text.strip()[:40]} can reach "
            f"{'more' if highest >= 10**30 else f'{highest:,}'}.",
            field,
        )


def shown(value) -> str:
    """``value`` as an error message quotes it: at most 40 characters, a huge number by its size.

    >>> shown(12), shown(10**40), shown("x" * 50)
    ('12', 'a number of more than 30 digits', "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx...")
    """
    text = repr(value) if not isinstance(value, int) or abs(value) < 10**30 else "a number of more than 30 digits"
    return text if len(text) <= 40 else text[:37] + "..."


def sheet_text(value, field: str, limit: int) -> str:
    """A text field of a sheet: text of at most ``limit`` characters (names are repeated in every step
    of a result, so their length bounds the answer's), else a RulesError naming ``field``."""
    from py_rules.words import field_words

    if not isinstance(value, str):
        raise RulesError("wrong_type", f"{field_words(field)} must be text.", field)
    if len(value) > limit:
        raise RulesError(
            "out_of_range", f"{field_words(field)} must be at most {limit} characters (got {len(value)}).", field
        )
    return value
