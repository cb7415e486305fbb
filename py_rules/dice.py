"""The one injectable source of dice (README.md, "How it fits together"; RULES.md §0).

A :class:`Die` is data: a name and its faces. A :class:`DiceSource` draws faces
and records each throw in order, with the purpose it was thrown for. Rules
never call ``random`` themselves, so the same rule runs with

* :class:`RandomDice` (digital dice, optionally seeded),
* :class:`TypedDice` (the faces of physical dice typed by a player, or a test's
  scripted dice),

and, later, an exact enumerator for the odds preview.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from py_rules.errors import RulesError
from py_rules.words import counted

__all__ = ("Die", "d", "Throw", "DiceSource", "RandomDice", "TypedDice", "MAX_THROWS")

MAX_THROWS = 1000
"""Guard against runaway chains (STYLE.md A1 ``RollContext(max_rolls=1000)``)."""


@dataclass(frozen=True)
class Die:
    """A die as data: its name as players say it and its faces.

    >>> d(6).faces
    (1, 2, 3, 4, 5, 6)
    """

    name: str
    faces: tuple[int, ...]


def d(sides: int) -> Die:
    """The ordinary die numbered 1 to ``sides``."""
    if sides < 1:
        raise ValueError("sides must be at least 1.")
    return Die(f"d{sides}", tuple(range(1, sides + 1)))


@dataclass(frozen=True)
class Throw:
    """One face drawn, in order, with what it was for."""

    die: str
    face: int
    purpose: str

    def to_dict(self) -> dict:
        return {"die": self.die, "face": self.face, "purpose": self.purpose}


class DiceSource:
    """Base class: draws faces and keeps every throw in :attr:`thrown`."""

    def __init__(self) -> None:
        self.thrown: list[Throw] = []

    def roll(self, die: Die, purpose: str) -> int:
        """Draw one face of ``die`` for ``purpose`` and record it."""
        if len(self.thrown) >= MAX_THROWS:
            raise RulesError("too_many_rolls", f"More than {MAX_THROWS} dice in one roll.", "dice")
        face = self._draw(die, purpose)
        self.thrown.append(Throw(die.name, face, purpose))
        return face

    def roll_many(self, count: int, die: Die, purpose: str) -> list[int]:
        """Draw ``count`` faces of ``die``; each is recorded on its own."""
        return [self.roll(die, purpose) for _ in range(count)]

    def finish(self) -> None:
        """Called once the rule is done; typed dice check nothing is left over."""

    def _draw(self, die: Die, purpose: str) -> int:  # pragma: no cover - abstract
        raise NotImplementedError


class RandomDice(DiceSource):
    """Digital dice from :class:`random.Random` (seed it for replayable tests)."""

    def __init__(self, seed: int | None = None) -> None:
        super().__init__()
        self._rng = random.Random(seed)

    def _draw(self, die: Die, purpose: str) -> int:
        return self._rng.choice(die.faces)


class TypedDice(DiceSource):
    """Faces typed by a player from physical dice, used in the order given.

    Too few faces, a face the die does not have, or faces left over all give a
    :class:`RulesError` on the field ``dice`` that says what was expected.
    """

    def __init__(self, faces, field: str = "dice") -> None:
        super().__init__()
        self._faces = list(faces)
        self._field = field

    def _draw(self, die: Die, purpose: str) -> int:
        position = len(self.thrown) + 1
        if not self._faces:
            used = ", ".join(str(t.face) for t in self.thrown) or "none"
            raise RulesError(
                "dice_exhausted",
                f"Die {position} is missing: the roll needs a {die.name} for {purpose} "
                f"(faces used so far: {used}).",
                self._field,
            )
        face = self._faces.pop(0)
        if face not in die.faces:
            low, high = min(die.faces), max(die.faces)
            raise RulesError(
                "bad_dice",
                f"Die {position} ({die.name} for {purpose}) cannot show {face}; "
                f"its faces run from {low} to {high}.",
                self._field,
            )
        return face

    def finish(self) -> None:
        if self._faces:
            extra = ", ".join(str(f) for f in self._faces)
            raise RulesError(
                "dice_unused",
                f"{counted(len(self._faces), 'typed faces')} {'was' if len(self._faces) == 1 else 'were'} not needed: {extra}. "
                f"This roll used {counted(len(self.thrown), 'dice')}.",
                self._field,
            )
