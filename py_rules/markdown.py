"""Markdown for play-by-post forums (issue 11; STYLE.md A1 ``MarkdownStringifier``).

Rendering is a stage of its own, apart from rolling: it works on the JSON a result already is (the engine's
answer, or a logged one), with the pieces :mod:`py_rules.render` uses for plain text, so a logged result reads
the same in the page, in a forum post and in tests. A result becomes a headline line and a short list — its
dice (each face in order, rerolls included), its modifiers (value and label) and what changed — that reads as
plain text too::

    **Kim: Handguns** — Total 22 vs 9: success — 6 Success Levels (Extraordinary)
    - Dice: d10=10 (d10), d10=10 (Rule of 10 reroll), d10=8 (Rule of 10 reroll)
    - Modifiers: +2 Dexterity, +3 Handguns, -1 darkness

:func:`entries_markdown` renders a stretch of the campaign log (an encounter, a session, the last N entries;
see :mod:`py_rules.log.entry` for an entry's shape) as one document, in the order given (oldest first).
Rule citations and internal flags stay out: a forum reader wants what happened, the page keeps the why. An
encounter step lists no dice of its own: they belong to its effects, each logged and rendered as its own entry.
"""

from __future__ import annotations

from py_rules.render import dice_text, lead, modifier_text

__all__ = ("escape", "result_markdown", "entry_markdown", "entries_markdown")

_SPECIAL = "\\`*_[]<>|~"


def escape(text: str) -> str:
    """Backslash the characters Markdown would read as markup, nothing else (plain text stays readable).

    >>> escape("Cultist *2* [boss]")
    'Cultist \\\\*2\\\\* \\\\[boss\\\\]'
    """
    return "".join("\\" + ch if ch in _SPECIAL else ch for ch in str(text))


def _title_of(result: dict) -> str:
    """The result's label, else its operation's title, else its kind."""
    if result.get("label"):
        return str(result["label"])
    op_id = result.get("op")
    if isinstance(op_id, str):
        from py_rules.api import operation  # the op has run: its rules are loaded already

        try:
            return operation(op_id).title
        except Exception:  # an entry from an operation this engine no longer has
            pass
    return str(result.get("kind") or "Result")


def result_markdown(result: dict) -> str:
    """One result as a headline line plus its dice, modifiers and changes.

    >>> print(result_markdown({"label": "Ann: Dodge", "total": 12, "target": 40, "success": True,
    ...     "level_name": "Hard success", "dice": [{"die": "d10", "face": 2, "purpose": "units"},
    ...     {"die": "d10", "face": 10, "purpose": "tens"}], "modifiers": [], "events": []}))
    **Ann: Dodge** — Total 12 vs 40: success — Hard success
    - Dice: d10=2 (units), d10=10 (tens)
    """
    head, events = lead(result)
    lines = [f"**{escape(_title_of(result))}**" + (f" — {escape(head)}" if head else "")]
    dice = result.get("dice") or []
    if dice and not (result.get("details") or {}).get("effects"):  # an encounter's dice belong to its effects
        lines.append("- Dice: " + escape(dice_text(dice)))
    modifiers = result.get("modifiers") or []
    if modifiers:
        lines.append("- Modifiers: " + escape(", ".join(modifier_text(m) for m in modifiers)))
    lines += [f"- {escape(event)}" for event in events]
    return "\n".join(lines)


_UNDO_WORDS = {"undo": "Undone", "redo": "Redone"}


def entry_markdown(entry: dict, earlier: dict | None = None) -> str:
    """One log entry; an undo or redo names the entry it undid (looked up in ``earlier``, by id)."""
    if entry.get("kind") in _UNDO_WORDS:
        target = (earlier or {}).get((entry.get("args") or {}).get("entry"))
        what = _title_of(target["result"]) if target and isinstance(target.get("result"), dict) else "an earlier change"
        return f"*{_UNDO_WORDS[entry['kind']]}:* {escape(what)}"
    return result_markdown(entry.get("result") or {})


def entries_markdown(entries: list[dict], title: str = "") -> str:
    """A stretch of the log as one Markdown document: the title as a heading, then each entry in order."""
    blocks = [f"# {escape(title)}"] if title.strip() else []
    seen: dict = {}
    for entry in entries:
        blocks.append(entry_markdown(entry, seen))
        seen[entry.get("id")] = entry
    return "\n\n".join(blocks) + "\n"
