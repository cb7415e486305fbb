"""Render a result dict as plain text lines (STYLE.md A1 stringifiers).

Computing and rendering are separate: this works on the JSON form of a
:class:`py_rules.trace.Result`, so a logged result renders the same later.
"""

from __future__ import annotations

__all__ = ("render_lines", "signed")


def signed(value: int) -> str:
    """``+2``, ``-1``, ``+0``."""
    return f"{value:+d}"


def _headline(result: dict) -> str:
    parts = []
    if result.get("total") is not None:
        text = f"Total {result['total']}"
        if result.get("target") is not None:
            text += f" vs {result['target']}"
        parts.append(text)
    if result.get("success") is not None:
        parts.append("success" if result["success"] else "failure")
    level = str(result.get("level_name") or "")
    if level and level.lower() not in ("success", "failure"):  # "failure — Failure" says nothing twice
        parts.append(level)
    return ": ".join(parts[:2]) + (f" — {parts[2]}" if len(parts) > 2 else "") if parts else ""


def render_lines(result: dict) -> list[str]:
    """The whole trace, one line each: headline, dice, modifiers, steps, events, flags.

    The headline is the total against its target with the level; a result with none of those
    (a state change) leads with its first event instead.

    >>> render_lines({"total": 12, "target": 9, "success": True, "level_name": "2 Success Levels (Decent)",
    ...   "dice": [{"die": "d10", "face": 10, "purpose": "roll"}], "modifiers": [], "steps": [],
    ...   "events": [], "flags": []})
    ['Total 12 vs 9: success — 2 Success Levels (Decent)', 'Dice in order: d10=10 (roll)']
    """
    result = for_players(result)
    lines = []
    headline = _headline(result)
    events = list(result.get("events") or [])
    if headline:
        lines.append(headline)
    elif events:  # nothing rolled against a target: what changed is the news
        lines.append(events.pop(0))
    dice = result.get("dice") or []
    if dice:
        lines.append("Dice in order: " + ", ".join(f"{t['die']}={t['face']} ({t['purpose']})" for t in dice))
    for modifier in result.get("modifiers") or []:
        source = f" [{modifier['source']}]" if modifier.get("source") else ""
        lines.append(f"{signed(modifier['value'])} {modifier['label']}{source}")
    for step in result.get("steps") or []:
        source = f" [{step['source']}]" if step.get("source") else ""
        lines.append(f"{step['text']}{source}")
    for event in events:
        lines.append(f"→ {event}")
    if result.get("flags"):
        lines.append("Flags: " + ", ".join(result["flags"]))
    return lines


def for_players(result: dict) -> dict:
    """A copy of ``result`` as players read it (issue 8, Words): each modifier's and step's ``source`` replaced
    by the rule's name (its ``rule``, or the name of its source for a result logged before names existed),
    texts without citations, flags in words."""
    from py_rules.sources import plain, rule_name
    from py_rules.words import humanize

    def named(entry: dict, text_key: str) -> dict:
        rule = entry.get("rule")
        return {**entry, text_key: plain(entry.get(text_key) or ""),
                "source": rule if rule is not None else rule_name(entry.get("source") or "")}

    return {**result, "modifiers": [named(m, "label") for m in result.get("modifiers") or []],
            "steps": [named(s, "text") for s in result.get("steps") or []],
            "events": [plain(e) for e in result.get("events") or []],
            "flags": [humanize(f) for f in result.get("flags") or []]}
