"""What the encounter says of any game's effects, in plain words; each game's own part (its order, the end of a
round, time skipped, what must be asked first) is in its hooks (:mod:`.hooks`, ``py_rules.<game>.encounter_hooks``).
"""

from __future__ import annotations

from py_rules.errors import RulesError

__all__ = ("TIME_UNITS", "sheet_name", "decided", "span_text", "spoken_seconds", "at_most")

TIME_UNITS = ("minutes", "hours", "days", "weeks")


def at_most(amount: int, limit: int, unit: str) -> int:
    """``amount`` of ``unit`` when it is at most ``limit``; a longer skip is refused (use a longer unit)."""
    if amount > limit:
        raise RulesError("out_of_range", f"Skip at most {limit} {unit} at once here; use a longer unit.", "amount")
    return amount


def sheet_name(sheet: dict, fallback: str) -> str:
    """The name on a sheet (every game keeps it under ``name``), else ``fallback``."""
    name = sheet.get("name") if isinstance(sheet, dict) else None
    return name.strip()[:100] if isinstance(name, str) and name.strip() else fallback


# --- what an effect decided, in plain words (one log entry per step: TABLE.md, the headline says it) ---------


def _few(lines: list, most: int) -> list:
    """At most ``most`` lines: a long list reads as the first ones, how many more, the last.

    >>> _few(list("abcdefg"), 4)
    ['a', 'b', '… 4 more …', 'g']
    """
    if len(lines) <= most:
        return lines
    return lines[: most - 2] + [f"… {len(lines) - most + 1} more …", lines[-1]]


def decided(game: str, name: str, result: dict) -> str | None:
    """What an effect (one character's end of a round, time passing, the Confusion chart at the start of a turn)
    decided, in one plain line: the effect's own headline (each roll against its target and what came of it, the
    timers left, the chart's row), led by the character's name; without one, what changed (its events); None
    when it threw no die and changed nothing worth telling (a number repeated, "5 s pass").

    >>> decided("coc", "Ann", {"headline": "CON roll (dying) 43 vs 60 — Regular success: clings to life"})
    'Ann: CON roll (dying) 43 vs 60 — Regular success: clings to life'
    >>> decided("coc", "Ann", {"dice": [], "events": [], "text": ["Total 12 vs 12"]}) is None
    True
    >>> decided("semiautomagic", "Ann", {"dice": [], "events": ["Ann is no longer Staggered."]})
    'Ann is no longer Staggered.'
    """
    head = result.get("headline")
    if isinstance(head, str) and head:
        return head if head.startswith(name) else f"{name}: {head}"
    events = _few([str(e) for e in result.get("events") or []], 3)
    if events:
        return " ".join(events)
    if not result.get("dice"):
        return None
    text = result.get("text") or []
    return f"{name}: {text[0]}" if text else None


# --- time in words (what time passing would run is said before it runs: TABLE.md, no default that can hurt) --


def span_text(unit: str, amount: int) -> str:
    """``1 minute``, ``12 minutes``."""
    return f"{amount} {unit if amount != 1 else unit[:-1]}"


def spoken_seconds(seconds: int) -> str:
    """``1 hour 30 minutes``, ``45 seconds``.

    >>> spoken_seconds(5400), spoken_seconds(45), spoken_seconds(61)
    ('1 hour 30 minutes', '45 seconds', '1 minute 1 second')
    """
    hours, rest = divmod(seconds, 3600)
    minutes, secs = divmod(rest, 60)
    parts = [span_text(unit, n) for unit, n in (("hours", hours), ("minutes", minutes), ("seconds", secs)) if n]
    return " ".join(parts) or "0 seconds"
