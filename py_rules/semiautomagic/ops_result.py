"""How every Semiautomagic operation answers: a Result carrying its whole trace and, when it changes a sheet, the new
state with its derived values (rules/cross-system.md §0, §4: a resolution returns its whole story, its events and
the state it leaves), headed by what decided something."""

from __future__ import annotations

from py_rules.semiautomagic import creature as C
from py_rules.trace import Log, Result

__all__ = ("GM", "finish", "told")

GM = "GM's modifier (rules/semiautomagic.md §2.2)"
"""The label of the situational modifiers a GM types into an operation's ``modifiers`` field."""


def finish(kind: str, label: str, c: dict | None, log: Log, **fields) -> Result:
    """A Result carrying ``log`` and, if ``c`` is given, the new state and its derived values."""
    details = fields.pop("details", {})
    if c is not None:
        details = {"derived": C.derive(c), **details}
    return Result.of(log, "semiautomagic", kind, label=label, details=details, state=c, **fields)


def told(result: Result, log: Log) -> Result:
    """``result`` headed by what decided something (the dying roll with its DC, the chart's row, the timers
    left), in order: the lines ``log`` was told."""
    result.headline = log.headline(8)
    return result
