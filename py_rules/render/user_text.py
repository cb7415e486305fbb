"""What every forum format does to a text a user typed before escaping it its own way: invisible characters out.

A name pasted from elsewhere can hold zero-width spaces, joiners or direction marks (Unicode general category Cf,
"format"): a reader cannot see them, a copy of the post carries them, and a search for the name misses it. They are
dropped, except the zero-width joiner inside an emoji sequence (a family, a flag with a sign), which draws one
picture. A line break or a tab becomes a space: a user's text never starts a line of its own in a post.
"""

from __future__ import annotations

import unicodedata

__all__ = ("visible", "ROLL_CODE")

_ZWJ = "\u200d"
ROLL_CODE = r"[A-Za-z0-9_\-]+(?:\.[A-Za-z0-9_\-]+)*"
"""A roll code as ``table.encode`` writes it: base64url parts joined by dots (``forum.result``'s ``code``)."""


def _pictograph(ch: str) -> bool:
    return bool(ch) and (ord(ch) >= 0x1F000 or unicodedata.category(ch) == "So" or ch == "\ufe0f")


def visible(text) -> str:
    """``text`` without the characters nobody sees, on one line.

    >>> visible("Bo\\u200bb\\u2060\\ufeff \\u202eevil")
    'Bob evil'
    >>> visible("a\\nb\\tc")
    'a b c'
    >>> visible("\\U0001F468\\u200d\\U0001F469") == "\\U0001F468\\u200d\\U0001F469"
    True
    """
    text = " ".join(str(text).split("\n")).replace("\r", " ").replace("\t", " ")
    out = []
    for i, ch in enumerate(text):
        if (
            unicodedata.category(ch) != "Cf"
            or ch == _ZWJ
            and out
            and _pictograph(out[-1])
            and i + 1 < len(text)
            and _pictograph(text[i + 1])
        ):
            out.append(ch)
    return "".join(out)
