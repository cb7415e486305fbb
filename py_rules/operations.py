"""How an operation is declared (issue 2; STYLE.md Part B §2).

An :class:`Operation` is data: its id (``system.verb_noun``, also the worker
message's ``op``), a title and summary for the page, the RULES.md checklist
IDs it implements (``covers``), its parameters, its rule source, and the pure
function that runs it. Rolling operations get the ``dice`` field for physical
dice added automatically and receive the dice source as first argument.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from py_rules.params import Param, faces_param

__all__ = ("Operation", "System")


def _odds_supported() -> frozenset:
    from py_rules.odds import SUPPORTED  # issue 9: which operations answer mode "odds"

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

    def __post_init__(self) -> None:
        names = [p.name for p in self.params]
        if len(names) != len(set(names)):
            raise ValueError(f"{self.id}: duplicate parameter names")
        if self.rolls and "dice" in names:
            raise ValueError(f"{self.id}: 'dice' is added automatically")

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
            "params": [p.to_dict() for p in self.all_params],
        }
