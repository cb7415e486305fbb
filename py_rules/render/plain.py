"""Plain text for a post where nothing is formatted (a chat, an e-mail): what the user typed comes out as typed."""

from __future__ import annotations

from py_rules.render.formats import Format
from py_rules.render.lines import Block
from py_rules.render.user_text import visible

__all__ = ("FORMAT", "block_text", "post", "escape")

FORMAT = Format("plain", "Plain text", "plain text", strike=True)
"""An undone entry says so ("Undone: …"): plain text cannot strike through."""


def escape(text: str) -> str:
    """Plain text needs no escaping: every character reads as itself; only the invisible ones are dropped."""
    return visible(text)


def block_text(block: Block) -> str:
    """``Kim: Handguns — Total 16 vs 9: success``, then each detail on its own line."""
    lines = [("Undone: " if block.undone else "") + block.head(escape)]
    lines += [f"  {lead}{escape(text)}" for lead, text in block.details()]
    return "\n".join(lines)


def post(blocks: list[Block], title: str = "", quote: bool = False) -> str:
    """A stretch: the title, then each block, a blank line between (``quote`` changes nothing in plain text)."""
    parts = ([escape(title.strip())] if title.strip() else []) + [block_text(b) for b in blocks]
    last = blocks[-1] if blocks else Block()
    parts += [f"Next to post: {escape(last.next_up)}"] if last.next_up else []
    return (
        "\n\n".join(parts) + "\n" + (f"Roll code for the game master: {last.roll_token}\n" if last.roll_token else "")
    )
