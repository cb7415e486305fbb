"""Durations in the unit a person reads (TABLE.md, Words): a timer kept in seconds or rounds says
"2 rounds", "5 minutes" or "5 hours", never "3000 rounds".

Shared by every game's headlines; the page has the same rule in ``web/app/durations.mjs``.
"""

from __future__ import annotations

from py_rules.words import counted

__all__ = ("duration_text", "time_left")

_MINUTE, _HOUR, _DAY = 60, 3600, 86_400


def duration_text(seconds: int, round_seconds: int | None = None) -> str:
    """``seconds`` in the largest unit that reads whole (rounded up to it past a minute).

    Under a minute: rounds of ``round_seconds`` when given (a combat timer), else seconds; then minutes, hours
    (with the minutes left over) and days (with the hours).

    >>> duration_text(12, 6), duration_text(6, 6), duration_text(3, 6), duration_text(45)
    ('2 rounds', '1 round', '3 s', '45 s')
    >>> duration_text(18000, 6), duration_text(720), duration_text(5400), duration_text(90000), duration_text(61)
    ('5 hours', '12 minutes', '1 hour 30 minutes', '1 day 1 hour', '2 minutes')
    >>> duration_text(3599), duration_text(5 * 3600 + 3599), duration_text(86399)
    ('1 hour', '6 hours', '1 day')
    """
    seconds = max(0, int(seconds))
    if seconds < _MINUTE:
        if round_seconds and seconds >= round_seconds:
            return counted(-(-seconds // round_seconds), "rounds")
        return f"{seconds} s"
    minutes = -(-seconds // _MINUTE)  # rounded up once: 59 min 30 s is "1 hour", never "60 minutes"
    if minutes < 60:
        return counted(minutes, "minutes")
    if minutes < 24 * 60:
        hours, minutes = divmod(minutes, 60)
        return counted(hours, "hours") + (f" {counted(minutes, 'minutes')}" if minutes else "")
    days, hours = divmod(-(-seconds // _HOUR), 24)
    return counted(days, "days") + (f" {counted(hours, 'hours')}" if hours else "")


def time_left(name: str, seconds: int | None, round_seconds: int | None = None) -> str:
    """A timer as it is told: ``Stunned: 2 rounds left``; a timer without an end ``Broken: until removed``.

    >>> time_left("Unconscious", 18000, 6), time_left("Broken", None)
    ('Unconscious: 5 hours left', 'Broken: until removed')
    """
    if seconds is None:
        return f"{name}: until removed"
    return f"{name}: {duration_text(seconds, round_seconds)} left"
