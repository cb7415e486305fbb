"""A condition declared once, as a record, in its game's registry (``py_rules.<game>.condition_registry``).

A record says what a condition is and does: its name and its meaning in words, the rule it comes from, how its
time is kept (``timer``), what it implies (Unconscious → Helpless) and forbids (acting, defending), the modifiers
it puts on rolls (each with its label and rule source), the words that say it starts and ends, and the fields it
carries besides its time. Each game's sheet check, "who can act", penalties and clock read the records instead of
testing a condition's name, so a new condition is one record (and its tests), and a record whose effects no
operation shows fails the registry's tests (``tests/test_condition_registries.py``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

__all__ = ("TIMERS", "FORBIDS", "ConditionModifier", "Condition", "Registry")

TIMERS = ("seconds", "rounds", "encounters", "none")
"""How a condition's time is kept: a countdown in seconds (Semiautomagic keeps every timer in seconds; Armageddon
its fear and death timers), a roll every round (dying), until the encounter ends, or none (until removed, or until
the state that made it changes)."""

FORBIDS = ("act", "defend")
"""What a condition may forbid outright: any action of one's own, a defence roll."""


@dataclass(frozen=True)
class ConditionModifier:
    """A number a condition adds to some rolls: ``value`` (None: the GM sets it on the sheet, in the condition's
    ``modifier`` field), which rolls it reaches (``applies``, in the game's words), its ``label`` on the roll, its
    rule ``source``, and ``reason``, what it is in a list of penalties (the label when not given)."""

    value: int | None
    applies: str
    label: str
    source: str
    reason: str = ""

    @property
    def said(self) -> str:
        return self.reason or self.label


@dataclass(frozen=True)
class Condition:
    """One condition of one game, declared once.

    Attributes:
        name: the name stored on the sheet.
        words: what it means, in a sentence for people.
        source: the rule it comes from (a seed, or a section of the rules notes in rules/).
        timer: one of :data:`TIMERS`.
        implies: the conditions it brings with it (never stored, derived).
        forbids: what it forbids outright, of :data:`FORBIDS`.
        modifiers: what it adds to rolls.
        starts, ends: the words after the character's name when it starts and ends ("is Staggered").
        fields: what it carries besides its time (a DC, the GM's modifier).
        rank: most serious first, where a game lists what limits a character.
        limits: ``limits(sheet, on) -> [Limit]``, what it forbids or limits in the game's words with their
            sources (:mod:`py_rules.capacity`), when it is on (``on``: every condition on, implied ones included).
        still: the rolls still made while it is on, ``(words, operation)``.
        wakes: ending it wakes the character.
        action_seconds: the seconds of action a round it leaves (None: it does not cap them).
        costs_seconds: its own remaining seconds are lost from the round's action (stunned for that long).
        only_defences: the only defence options left while it is on (None: it does not narrow them).
    """

    name: str
    words: str
    source: str
    timer: str = "none"
    implies: tuple[str, ...] = ()
    forbids: tuple[str, ...] = ()
    modifiers: tuple[ConditionModifier, ...] = ()
    starts: str = ""
    ends: str = ""
    fields: tuple[str, ...] = ()
    rank: int = 0
    limits: Callable[[dict, list], list] | None = None
    still: tuple[tuple[str, str], ...] = ()
    wakes: bool = False
    action_seconds: int | None = None
    costs_seconds: bool = False
    only_defences: tuple[str, ...] | None = None

    def __post_init__(self):
        if self.timer not in TIMERS:
            raise ValueError(f"{self.name}: timer {self.timer!r} is not one of {TIMERS}")
        if not set(self.forbids) <= set(FORBIDS):
            raise ValueError(f"{self.name}: forbids {self.forbids!r}; only {FORBIDS}")
        if not self.starts:
            object.__setattr__(self, "starts", f"is {self.name}")
        if not self.ends:
            object.__setattr__(self, "ends", f"is no longer {self.name}")


class Registry:
    """A game's conditions in their declared order (the order a sheet keeps them in), looked up by name."""

    def __init__(self, *records: Condition):
        self.records = records
        self.by_name = {r.name: r for r in records}
        if len(self.by_name) != len(records):
            raise ValueError("a condition is declared twice")
        for r in records:
            unknown = [n for n in r.implies if n not in self.by_name]
            if unknown:
                raise ValueError(f"{r.name} implies undeclared {unknown}")
        self.names = tuple(self.by_name)

    def __getitem__(self, name: str) -> Condition:
        return self.by_name[name]

    def __contains__(self, name) -> bool:
        return name in self.by_name

    def __iter__(self):
        return iter(self.records)

    def implied(self) -> dict[str, tuple[str, ...]]:
        """``{name: what it implies}`` for the conditions that imply any."""
        return {r.name: r.implies for r in self.records if r.implies}

    def closure(self, names) -> set[str]:
        """``names`` with everything they imply, and what that implies."""
        found, todo = set(names), list(names)
        while todo:
            for implied in self.by_name[todo.pop()].implies:
                if implied not in found:
                    found.add(implied)
                    todo.append(implied)
        return found

    def forbidding(self, what: str) -> tuple[str, ...]:
        """The conditions that forbid ``what`` outright, in declared order."""
        return tuple(r.name for r in self.records if what in r.forbids)

    def fields(self) -> dict[str, tuple[str, ...]]:
        """``{name: its fields besides its time}`` for the conditions that carry any."""
        return {r.name: r.fields for r in self.records if r.fields}

    def ranked(self) -> list[Condition]:
        """Most serious first (ties: declared order)."""
        return sorted(self.records, key=lambda r: r.rank)

    def ordered(self, names) -> list[str]:
        """``names`` in declared order (unknown ones left out)."""
        present = set(names)
        return [n for n in self.names if n in present]
