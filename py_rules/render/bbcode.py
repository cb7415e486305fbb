"""BBCode for phpBB and the other boards play-by-post games live on, from the shared line model
(:mod:`.lines`): ``[b]`` for who did it, ``[list]``/``[*]`` for the details, ``[quote]`` around a stretch when
asked, ``[i]`` and ``[color]`` for an undone entry (phpBB has no strike-through tag of its own: it is said in
words and greyed), the roll code in ``[code]`` (phpBB's "Select all" copies it whole).

BBCode has no escape character, and a board links a web address or an e-mail address by itself (phpBB's magic
URLs, the auto-linking of BBCode renderers). A user's text is kept literal by an empty tag, ``[i][/i]``, which
every board draws as nothing and a copy of the post leaves out: after each ``[`` (``[url]`` is no tag), before a
``:`` that starts ``//`` (``http://`` is no address), before a ``.`` between a letter or digit and a letter
(``www.x.example`` is no domain) and before an ``@`` (no e-mail address). No invisible character is written.
HTML needs nothing: the board shows ``<b>`` as text.
"""

from __future__ import annotations

import re

from py_rules.render.formats import Format
from py_rules.render.lines import Block
from py_rules.render.user_text import visible

__all__ = ("FORMAT", "escape", "block_text", "post", "BREAK")

FORMAT = Format("bbcode", "BBCode (phpBB)", "BBCode", strike=True, quote=True)

BREAK = "[i][/i]"
"""The empty tag that keeps a tag, an address or a domain from being read in a user's text."""
_LINKING = re.compile(r"\[|(?=:/)|(?<=[A-Za-z0-9])(?=\.[A-Za-z])|(?=@)")


def escape(text: str) -> str:
    """A user's text that no board reads as a tag or a link, shown as typed.

    >>> escape("[url]http://x.example[/url]")
    '[[i][/i]url]http[i][/i]://x[i][/i].example[[i][/i]/url]'
    >>> escape("Dr. Mo, 1.5 m")
    'Dr. Mo, 1.5 m'
    """
    return _LINKING.sub(lambda m: "[" + BREAK if m.group() == "[" else BREAK, visible(text))


def block_text(block: Block) -> str:
    """``[b]Kim[/b]: Handguns — Total 16 vs 9: success`` and a list of the dice, modifiers and changes."""
    head = block.head(escape, lambda text: f"[b]{text}[/b]")
    items = [lead + escape(text) for lead, text in block.details()]
    text = head + ("\n[list]\n" + "\n".join(f"[*]{item}" for item in items) + "\n[/list]" if items else "")
    return f"[i]Undone:[/i] [color=gray]{text}[/color]" if block.undone else text


def ending(blocks: list[Block]) -> list[str]:
    """Whose post is next and the roll code, after the blocks."""
    last = blocks[-1] if blocks else Block()
    out = [f"Next to post: [b]{escape(last.next_up)}[/b]"] if last.next_up else []
    return out + (
        [f"[size=85]Roll code for the game master:[/size] [code]{last.roll_token}[/code]"] if last.roll_token else []
    )


def post(blocks: list[Block], title: str = "", quote: bool = False) -> str:
    """A stretch: the title in bold, then each block; ``quote`` puts the whole in ``[quote]``."""
    parts = ([f"[b]{escape(title.strip())}[/b]"] if title.strip() else []) + [block_text(b) for b in blocks]
    text = "\n\n".join(parts + ending(blocks))
    return (f"[quote]{text}[/quote]" if quote else text) + "\n"
