"""Markdown for Discord, Reddit and GitHub, from the shared line model (:mod:`.lines`).

Every text a user typed is escaped with a backslash before each character Markdown could read as markup (CommonMark
lets any ASCII punctuation be escaped so; Discord and Reddit read the same escapes), so ``**x**``, ``[url=…]``,
``<b>``, ``~~x~~``, ``||spoiler||``, an entity such as ``&lt;`` and a mention such as ``@everyone`` come out as typed.
A web address is kept from being linked (GitHub's and Discord's autolinks, markdown-it's linkify) the same way: the
``:`` before ``//`` and a ``.`` between a letter or digit and a letter are backslashed (``http\\://x\\.example``).
Invisible characters are dropped (:func:`.user_text.visible`).

An undone entry, when shown, is said in words ("Undone:", in italics): ``~~…~~`` strikes through on GitHub and
Discord but is shown as typed by a strict CommonMark reader, so the words are what every reader sees.
The roll code is a code span, which every reader shows as typed and copies whole.

A user's text that starts a list item (an event such as "# Bob loses 4 Sanity") is also kept from starting a block:
a leading ``#``, ``-``, ``+``, ``>`` or ``1.`` would make a heading, a list or a quote, so it is backslashed too
(CommonMark, ATX headings, list items and block quotes); a line break in a user's text becomes a space, so no text
of theirs starts a line of its own.
"""

from __future__ import annotations

import re

from py_rules.render.formats import Format
from py_rules.render.lines import Block
from py_rules.render.user_text import visible

__all__ = ("FORMAT", "escape", "escape_start", "block_text", "post")

FORMAT = Format(
    "markdown",
    "Markdown (Discord, Reddit)",
    "Markdown",
    strike=True,
    quote=True,
    extension="md",
    media_type="text/markdown",
)

_SPECIAL = set("\\`*_[]<>|~&@")
_LINKING = re.compile(r":(?=/)|(?<=[A-Za-z0-9])\.(?=[A-Za-z])")
_BLOCK_START = re.compile(r"^(\d{1,9})([.)])|^([#+\-=])")


def escape(text: str) -> str:
    """Backslash each character Markdown could read as markup.

    >>> escape("**Cultist** [url=x] <b>")
    '\\\\*\\\\*Cultist\\\\*\\\\* \\\\[url=x\\\\] \\\\<b\\\\>'
    """
    text = "".join("\\" + ch if ch in _SPECIAL else ch for ch in visible(text))
    return _LINKING.sub(lambda m: "\\" + m.group(), text)


def escape_start(text: str) -> str:
    """:func:`escape`, and a text that starts a list item kept from starting a heading, a list or a quote.

    >>> escape_start("# Bob loses 4 Sanity"), escape_start("1. x"), escape_start("- x"), escape_start("Bob")
    ('\\\\# Bob loses 4 Sanity', '1\\\\. x', '\\\\- x', 'Bob')
    """
    text = escape(text).lstrip()
    return _BLOCK_START.sub(lambda m: f"{m.group(1)}\\{m.group(2)}" if m.group(1) else "\\" + m.group(3), text, 1)


def block_text(block: Block) -> str:
    """``**Kim**: Handguns — Total 16 vs 9: success`` and a list of the dice, modifiers and changes."""
    head = block.head(escape, lambda text: f"**{text}**")
    lines = [f"*Undone:* {head}" if block.undone else head]
    lines += [f"- {lead}{escape(text) if lead else escape_start(text)}" for lead, text in block.details()]
    return "\n".join(lines)


def ending(blocks: list[Block]) -> list[str]:
    """Whose post is next and the roll code, after the blocks."""
    last = blocks[-1] if blocks else Block()
    out = [f"Next to post: **{escape(last.next_up)}**"] if last.next_up else []
    return out + ([f"Roll code for the game master: `{last.roll_token}`"] if last.roll_token else [])


def post(blocks: list[Block], title: str = "", quote: bool = False) -> str:
    """A stretch: the title as a heading (its own ``#`` backslashed: a trailing one would close the heading), then
    each block; ``quote`` puts the whole in a block quote."""
    heading = escape(title.strip()).replace("#", "\\#")
    parts = ([f"### {heading}"] if heading else []) + [block_text(b) for b in blocks]
    text = "\n\n".join(parts + ending(blocks))
    if quote:
        text = "\n".join(f"> {line}" if line else ">" for line in text.split("\n"))
    return text + "\n"
