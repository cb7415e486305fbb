"""How an operation is declared (STYLE.md Part B §2).

An :class:`Operation` is data: its id (``system.verb_noun``, also the worker
message's ``op``), a title and summary for the page, the rules notes' checklist
IDs it implements (``covers``), its parameters, its rule source, and the pure
function that runs it. Rolling operations get the ``dice`` field for physical
dice added automatically and receive the dice source as first argument.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from py_rules.params import Param, faces_param

__all__ = ("Operation", "System", "DEADLINE_SECONDS", "FILE_DEADLINE_SECONDS", "LONG_INPUT_CHARS")

DEADLINE_SECONDS = 5.0
"""How long the page waits for one answer before it stops the engine and starts a fresh one (web/rpc.mjs), unless
the operation declares its own ``deadline_seconds``. A normal request answers in milliseconds: the slowest valid
request the door's fuzzing drew in a 90 s survey took 140 ms in CPython (armageddon.advance_time), a few times that in
Pyodide and a few times more on a slow tablet, still well inside this. A call stopped here never loses anything:
the engine is a pure function of its request and the page stores an answer only once it has it."""

FILE_DEADLINE_SECONDS = 120.0
"""The limit of an operation that reads a whole file (a campaign, a long stretch of its log, a character file of
another tool: any field of a million characters or more): checking a 10,000-entry log took 2 to 5 s in CPython
(tools/bench_log.py), several times that in Pyodide on a slow tablet."""

LONG_INPUT_CHARS = 1_000_000
"""A field that may hold this many characters or more makes its operation a whole file's (:data:`FILE_DEADLINE_SECONDS`;
tests/test_api.py holds every operation to it)."""


def _odds_supported() -> frozenset:
    from py_rules.odds import SUPPORTED  # which operations answer mode "odds"

    return SUPPORTED


@dataclass(frozen=True)
class System:
    """A game the engine knows: its id, name and who runs it."""

    id: str
    name: str
    gm_title: str
    source: str
    dice_help: str = ""
    """How this game's physical dice are typed, shown with every ``dice`` field of its operations."""

    def to_dict(self) -> dict:
        return {"id": self.id, "name": self.name, "gm_title": self.gm_title, "source": self.source}


@dataclass(frozen=True)
class Operation:
    """One operation of the JSON door.

    ``run(dice, **args)`` for rolling operations, ``run(**args)`` otherwise;
    it returns a :class:`py_rules.trace.Result`.
    """

    id: str
    system: str
    title: str
    summary: str
    covers: tuple[str, ...]
    params: tuple[Param, ...]
    run: Callable
    source: str
    rolls: bool = True
    dice_help: str = ""
    """Which die is typed when, if the operation's order needs saying (else its system's)."""
    deadline_seconds: float = DEADLINE_SECONDS
    """How long the page waits for this operation's answer before it stops the engine (:data:`DEADLINE_SECONDS`)."""

    def __post_init__(self) -> None:
        names = [p.name for p in self.params]
        if len(names) != len(set(names)):
            raise ValueError(f"{self.id}: duplicate parameter names")
        if self.rolls and "dice" in names:
            raise ValueError(f"{self.id}: 'dice' is added automatically")
        if not 0 < self.deadline_seconds <= 600:
            raise ValueError(f"{self.id}: deadline_seconds must be more than 0 and at most 600")

    @property
    def all_params(self) -> tuple[Param, ...]:
        """The declared parameters plus ``dice`` for rolling operations."""
        return self.params + ((faces_param(order=self.dice_help),) if self.rolls else ())

    def to_dict(self) -> dict:
        return {
            "id": self.id,
            "system": self.system,
            "title": self.title,
            "summary": self.summary,
            "covers": list(self.covers),
            "source": self.source,
            "rolls": self.rolls,
            "odds": self.id in _odds_supported(),
            "deadline_seconds": self.deadline_seconds,
            "params": [p.to_dict() for p in self.all_params],
        }
