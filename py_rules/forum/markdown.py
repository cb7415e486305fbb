"""Markdown for Discord, Reddit and GitHub (issue 18), from the shared line model (:mod:`.lines`).

Every text a user typed is escaped with a backslash before each character Markdown could read as markup (CommonMark
lets any ASCII punctuation be escaped so; Discord and Reddit read the same escapes), so ``**x**``, ``[url=…]``,
``<b>``, ``~~x~~``, ``||spoiler||``, an entity such as ``&lt;`` and a mention such as ``@everyone`` come out as typed.
An undone entry, when shown, is struck through (``~~…~~``, which all three render).
"""

from __future__ import annotations

from py_rules.forum.lines import Block

__all__ = ("escape", "block_text", "post")

_SPECIAL = set("\\`*_[]<>|~&@")


def escape(text: str) -> str:
    """Backslash each character Markdown could read as markup.

    >>> escape("**Cultist** [url=x] <b>")
    '\\\\*\\\\*Cultist\\\\*\\\\* \\\\[url=x\\\\] \\\\<b\\\\>'
    """
    return "".join("\\" + ch if ch in _SPECIAL else ch for ch in str(text))


def block_text(block: Block) -> str:
    """``**Kim**: Handguns — Total 16 vs 9: success`` and a list of the dice, modifiers and changes."""
    if block.who and block.what:
        head = f"**{escape(block.who)}**: {escape(block.what)}"
    else:
        head = f"**{escape(block.title)}**"
    if block.headline:
        head += f" — {escape(block.headline)}"
    lines = [f"~~{head}~~ *(undone)*" if block.undone else head]
    if block.dice:
        lines.append(f"- {block.dice_heading()}: " + escape("; ".join(block.dice)))
    if block.modifiers:
        lines.append("- Modifiers: " + escape(", ".join(block.modifiers)))
    lines += [f"- {escape(event)}" for event in block.events]
    if block.undone:
        lines = [lines[0]] + [f"- ~~{line[2:]}~~" for line in lines[1:]]
    return "\n".join(lines)


def post(blocks: list[Block], title: str = "", quote: bool = False) -> str:
    """A stretch: the title as a heading, then each block; ``quote`` puts the whole in a block quote."""
    parts = ([f"### {escape(title.strip())}"] if title.strip() else []) + [block_text(b) for b in blocks]
    text = "\n\n".join(parts)
    if quote:
        text = "\n".join(f"> {line}" if line else ">" for line in text.split("\n"))
    return text + "\n"
