"""Results that explain themselves (rules/cross-system.md §4; STYLE.md A1 expression tree).

A :class:`Result` keeps every die thrown (rerolls included, in order), every
modifier with its label and rule source, the total against its target, the
level with its name, flags, the ordered explanation steps, the state changes
(events) and, for operations that change a character, the new state.
Everything converts to plain JSON with :meth:`Result.to_dict`: texts in plain words, each source kept for
developers with the rule's human name beside it (``rule``, :mod:`py_rules.sources`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from py_rules.dice import Throw
from py_rules.sources import plain, rule_name, split

__all__ = ("Modifier", "Step", "Result", "Log", "total_of", "signed", "headline_of", "rolled")


def signed(value: int) -> str:
    """``+2``, ``-1``, ``+0`` (a modifier as a trace writes it).

    >>> signed(2), signed(-1), signed(0)
    ('+2', '-1', '+0')
    """
    return f"{value:+d}"


@dataclass(frozen=True)
class Modifier:
    """A number added to a roll, with why and where the rule says so."""

    label: str
    value: int
    source: str

    def to_dict(self) -> dict:
        return {"label": plain(self.label), "value": self.value, "source": self.source, "rule": rule_name(self.source)}


@dataclass(frozen=True)
class Step:
    """One line of the explanation, in order, citing its rule."""

    text: str
    source: str = ""

    def to_dict(self) -> dict:
        """The line in plain words; a citation inside it joins ``source`` (and its name ``rule``)."""
        text, cited = split(self.text)
        source = "; ".join([self.source] + cited if self.source else cited)
        return {"text": text, "source": source, "rule": rule_name(source)}


@dataclass
class Log:
    """Collects a state-changing rule's steps (with sources), events and flags, in order."""

    steps: list[Step] = field(default_factory=list)
    events: list[str] = field(default_factory=list)
    flags: list[str] = field(default_factory=list)
    told: list[str] = field(default_factory=list)
    """What decided something, one line each in the game's words (a roll against its target and its outcome, a
    condition's time left): the lines the result's headline says (:func:`headline_of`)."""

    def tell(self, text: str) -> None:
        self.told.append(text)

    def step(self, text: str, source: str = "") -> None:
        self.steps.append(Step(text, source))

    def extend(self, steps) -> None:
        """Steps made elsewhere (a roll's own explanation), in order."""
        self.steps.extend(steps)

    def event(self, text: str) -> None:
        self.events.append(text)

    def flag(self, name: str) -> None:
        if name not in self.flags:
            self.flags.append(name)

    def headline(self, most: int = 6) -> str | None:
        """The told lines as the result's headline (:func:`headline_of`); None when nothing was told."""
        return headline_of(self.told, most)


def headline_of(told, most: int = 6) -> str | None:
    """The told lines as one headline, in order (None when nothing was told); a long run (an hour of Survival
    Tests) reads as its first lines, how many more, and the last: the trace keeps every one.

    >>> headline_of(["Survival Test 1: 11 vs 9 — passed", "Survival Test 2: 7 vs 9 — failed"])
    'Survival Test 1: 11 vs 9 — passed; Survival Test 2: 7 vs 9 — failed'
    >>> headline_of(list("abcdefgh"), 4)
    'a; b; … 5 more …; h'
    >>> headline_of([]) is None
    True
    """
    lines = [str(line) for line in told if line]
    if not lines:
        return None
    if len(lines) > most:
        lines = lines[: most - 2] + [f"… {len(lines) - most + 1} more …", lines[-1]]
    return "; ".join(lines)


def rolled(who: str, what: str, roll=None, target=None, level=None, note: str = "") -> dict:
    """One roll of a result as a forum post names it (``details["who_rolled"]``, a list of these, read by
    :mod:`py_rules.render.rolls`): who rolled, what, the roll against its target, the level, and a note (the roll
    before Luck, the patient of a medic's roll), so a reader can check it (TABLE.md, The forum's own format).

    >>> rolled("Cultist", "Dodge", 6, 27, "Hard success")
    {'who': 'Cultist', 'what': 'Dodge', 'roll': 6, 'target': 27, 'level': 'Hard success', 'note': ''}
    """
    return {"who": who, "what": what, "roll": roll, "target": target, "level": level or "", "note": note}


def total_of(modifiers) -> int:
    """Sum of the values of ``modifiers``."""
    return sum(m.value for m in modifiers)


@dataclass
class Result:
    """The trace of one resolution.

    Attributes:
        system: ``"armageddon"``, ``"semiautomagic"`` or ``"coc"``.
        kind: what was resolved, e.g. ``"task"``.
        label: the user's free text (who rolls and what for), echoed back.
        dice: every face thrown, in order (filled in by the API from the dice source).
        modifiers: each modifier with label and source.
        total: the final number compared with ``target`` (None if nothing was rolled).
        target: the number to reach, if any.
        success: whether it succeeded, if that applies.
        level: the degree of success (Success Levels, CoC level rank …).
        level_name: the name of that level.
        headline: what the page says first, when the total against its target would not say what happened
            (time passing that ran Survival Tests, damage with its CON roll); None: the total says it.
        flags: short markers such as ``"rule_of_10"`` or ``"fumble"``.
        steps: the explanation, line by line.
        events: state changes applied, as sentences.
        details: extra structured values specific to the rule.
        state: the new character/creature state for state-changing operations.
        states: the new value of every shared state this result changed, keyed by the
            ``state_key`` of the params that hold it (an attack changes both sides); the API adds
            ``state`` under the key of the operation's first state param when it is not listed.
    """

    system: str
    kind: str
    label: str = ""
    dice: list[Throw] = field(default_factory=list)
    modifiers: list[Modifier] = field(default_factory=list)
    total: int | None = None
    target: int | None = None
    success: bool | None = None
    level: int | None = None
    level_name: str | None = None
    headline: str | None = None
    flags: list[str] = field(default_factory=list)
    steps: list[Step] = field(default_factory=list)
    events: list[str] = field(default_factory=list)
    details: dict[str, Any] = field(default_factory=dict)
    state: dict[str, Any] | None = None
    states: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def of(cls, log: Log, system: str, kind: str, **fields) -> Result:
        """The result whose steps, events and flags are the lines ``log`` collected, in order (the one way every
        game builds its trace); ``fields`` are the rest (label, total, level, details, state …)."""
        return cls(
            system=system,
            kind=kind,
            steps=list(log.steps),
            events=list(log.events),
            flags=list(log.flags),
            **fields,
        )

    def to_dict(self) -> dict:
        return {
            "system": self.system,
            "kind": self.kind,
            "label": self.label,
            "dice": [t.to_dict() for t in self.dice],
            "modifiers": [m.to_dict() for m in self.modifiers],
            "total": self.total,
            "target": self.target,
            "success": self.success,
            "level": self.level,
            "level_name": self.level_name,
            "headline": plain(self.headline) if self.headline else None,
            "flags": list(self.flags),
            "steps": [s.to_dict() for s in self.steps],
            "events": [plain(event) for event in self.events],
            "details": self.details,
            "state": self.state,
            "states": dict(self.states),
        }

    def __repr__(self) -> str:
        return f"<Result {self.system}.{self.kind} total={self.total} level={self.level_name!r}>"
