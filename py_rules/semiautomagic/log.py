"""A small collector for the steps, events and flags of a state-changing rule."""

from __future__ import annotations

from dataclasses import dataclass, field

from py_rules.trace import Step

__all__ = ("Log",)


@dataclass
class Log:
    """Steps (arithmetic, with sources), events (state changes as sentences) and flags, in order."""

    steps: list = field(default_factory=list)
    events: list = field(default_factory=list)
    flags: list = field(default_factory=list)

    def step(self, text: str, source: str = "") -> None:
        self.steps.append(Step(text, source))

    def event(self, text: str) -> None:
        self.events.append(text)

    def flag(self, name: str) -> None:
        if name not in self.flags:
            self.flags.append(name)
