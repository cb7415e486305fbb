"""BBCode for phpBB and the other boards play-by-post games live on, from the shared line model
(:mod:`.lines`): ``[b]`` for who did it, ``[list]``/``[*]`` for the details, ``[quote]`` around a stretch when
asked, ``[i]`` and ``[color]`` for an undone entry (phpBB has no strike-through tag of its own).

BBCode has no escape character, so a user's text is kept from becoming a tag by a zero-width space after each
``[`` (``[url=…]`` shows as typed; the board sees no tag). HTML needs nothing: the board shows ``<b>`` as text.
"""

from __future__ import annotations

from py_rules.render.formats import Format
from py_rules.render.lines import Block

__all__ = ("FORMAT", "escape", "block_text", "post", "ZERO_WIDTH")

FORMAT = Format("bbcode", "BBCode (phpBB)", "BBCode", strike=True, quote=True)

ZERO_WIDTH = "\u200b"


def escape(text: str) -> str:
    """A user's text that no board reads as a tag.

    >>> escape("[url=http://x]me[/url]") == "[\\u200burl=http://x]me[\\u200b/url]"
    True
    """
    return str(text).replace("[", "[" + ZERO_WIDTH)


def block_text(block: Block) -> str:
    """``[b]Kim[/b]: Handguns — Total 16 vs 9: success`` and a list of the dice, modifiers and changes."""
    head = block.head(escape, lambda text: f"[b]{text}[/b]")
    items = [lead + escape(text) for lead, text in block.details()]
    text = head + ("\n[list]\n" + "\n".join(f"[*]{item}" for item in items) + "\n[/list]" if items else "")
    return f"[i]Undone:[/i] [color=gray]{text}[/color]" if block.undone else text


def post(blocks: list[Block], title: str = "", quote: bool = False) -> str:
    """A stretch: the title in bold, then each block; ``quote`` puts the whole in ``[quote]``."""
    parts = ([f"[b]{escape(title.strip())}[/b]"] if title.strip() else []) + [block_text(b) for b in blocks]
    text = "\n\n".join(parts)
    return (f"[quote]{text}[/quote]" if quote else text) + "\n"
