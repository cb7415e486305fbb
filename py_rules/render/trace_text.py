"""The trace as the page shows it under a result (every answer's ``text``, :func:`py_rules.api.answer`): one line
each for the headline, the dice in order as thrown, each modifier and step with the rule it follows, each event and
what each flag means, in words (STYLE.md A1 stringifiers; README, Words). Nothing is left out: this is the why a forum post leaves to
the page. It is no forum's format, and a stretch of it never shows an undone entry.
"""

from __future__ import annotations

from py_rules.render.formats import Format
from py_rules.render.lines import Block, Cited, result_block

__all__ = ("FORMAT", "escape", "lines", "block_text", "post", "render_lines")

FORMAT = Format("trace", "Trace text", "trace text", forum=False)


def escape(text: str) -> str:
    """The trace is plain text: every character reads as itself."""
    return str(text)


def _cited(line: Cited) -> str:
    return f"{line.text} [{line.rule}]" if line.rule else line.text


def lines(block: Block) -> list[str]:
    """The whole trace of ``block``, one line each: headline, dice, modifiers, steps, events, flags."""
    out = [block.headline] if block.headline else []
    if block.throws:
        out.append("Dice in order: " + block.throws)
    out += [_cited(m) for m in block.modifiers] + [_cited(s) for s in block.steps]
    out += [f"→ {event}" for event in block.events]
    out += list(block.flags)  # each already in words (py_rules.flag_words): a marker's name is no label for people
    return out


def block_text(block: Block) -> str:
    return "\n".join(lines(block))


def post(blocks: list[Block], title: str = "", quote: bool = False) -> str:
    """Several traces, the title first, a blank line between (a trace is never quoted)."""
    parts = ([title.strip()] if title.strip() else []) + [block_text(b) for b in blocks]
    return "\n\n".join(parts) + "\n"


def render_lines(result: dict) -> list[str]:
    """The trace of ``result`` (an answer's JSON), one line each. The headline is the result's own, else the total
    against its target with the level; a result with none of those (a state change) leads with its first event.

    >>> render_lines({"total": 12, "target": 9, "success": True, "level_name": "2 Success Levels (Decent)",
    ...   "dice": [{"die": "d10", "face": 10, "purpose": "roll"}], "modifiers": [], "steps": [],
    ...   "events": [], "flags": []})
    ['Total 12 vs 9: success — 2 Success Levels (Decent)', 'Dice in order: d10=10 (roll)']
    """
    return lines(result_block(result, trace=True))
