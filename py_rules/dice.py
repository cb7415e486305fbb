"""The one injectable source of dice (README.md, "How it fits together"; rules/cross-system.md §0).

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
import re
from dataclasses import dataclass

from py_rules.errors import RulesError
from py_rules.words import counted

__all__ = (
    "Die",
    "d",
    "Throw",
    "DiceSource",
    "RandomDice",
    "TypedDice",
    "TypedThenSeeded",
    "NeedsDie",
    "roll_words",
    "MAX_THROWS",
)

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

    When the faces run out the answer is :class:`NeedsDie`: the next die the rules ask for, named by its roll,
    so the page can ask for that one die and call again with the faces so far and the new one (physical dice
    one at a time; the same faces typed all at once give the same answer). A face the die does not have, or
    faces left over, give a :class:`RulesError` on the field ``dice`` that says what was expected.
    """

    def __init__(self, faces, field: str = "dice") -> None:
        super().__init__()
        self._faces = list(faces)
        self._field = field

    def _draw(self, die: Die, purpose: str) -> int:
        position = len(self.thrown) + 1
        if not self._faces:
            same = sum(1 for t in self.thrown if t.purpose == purpose)
            raise NeedsDie(die, purpose, position, same + 1, [t.face for t in self.thrown], self._field)
        face = self._faces.pop(0)
        if face not in die.faces:
            low, high = min(die.faces), max(die.faces)
            raise RulesError(
                "bad_dice",
                f"Die {position} ({die.name} for {purpose}) cannot show {face}; its faces run from {low} to {high}.",
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


class TypedThenSeeded(TypedDice):
    """The faces a player threw first, then digital dice from ``seed`` for the rest: a roll against someone else (an
    attack, an opposed roll) whose other side is the game master's to throw (py_rules/table/__init__.py, "gm_dice").
    :attr:`typed` counts the throws that were the player's, so the answer can say which dice were whose; the same
    faces and seed give the same throws, on every device. A typed face the die does not have is refused as
    :class:`TypedDice` refuses it; faces left over when the rule is done likewise.

    >>> dice = TypedThenSeeded([7, 40], seed=1)
    >>> [dice.roll(d(10), "units"), dice.roll(d(100), "tens")][:1], dice.typed, 1 <= dice.roll(d(6), "damage") <= 6
    ([7], 2, True)
    >>> dice.typed, len(dice.thrown)
    (2, 3)
    """

    def __init__(self, faces, seed: int, field: str = "dice") -> None:
        super().__init__(faces, field)
        self._rng = random.Random(seed)
        self.typed = 0

    def _draw(self, die: Die, purpose: str) -> int:
        if self._faces:
            face = super()._draw(die, purpose)
            self.typed += 1
            return face
        return self._rng.choice(die.faces)


_GENERIC = re.compile(r"^(?:(?:units |tens )?d\d+|roll)$", re.I)
"""A purpose that names only the die (``d10``): the roll is then named by its operation's title."""


def roll_words(purpose: str, title: str = "") -> tuple[str, str]:
    """The roll a die belongs to and which die of it, in the words of the trace's purpose.

    >>> roll_words("Sanity roll: units die"), roll_words("Survival Test no. 2"), roll_words("d10", "Task (Attribute)")
    (('Sanity roll', 'units die'), ('Survival Test no. 2', ''), ('Task', ''))
    >>> roll_words("damage")
    ('Damage', '')
    """
    head, _, part = str(purpose).partition(": ")
    if _GENERIC.match(head.strip()) and title:
        head = re.sub(r"\s*\([^()]*\)\s*$", "", title)
    head = head.strip() or "Roll"
    return head[0].upper() + head[1:], part.strip()


class NeedsDie(RulesError):
    """Typed dice ran out: the rules need one more die. Not a mistake but a question for the page: which die,
    for which roll (``die``: its name, sides, lowest and highest face, the roll's label in the game's words),
    so physical dice can be asked for one at a time as the rules need them (a CoC Sanity loss of 5+ asks for
    an INT roll only after the loss die is read)."""

    def __init__(
        self, die: Die, purpose: str, position: int, count: int, so_far: list[int], field: str = "dice", title: str = ""
    ) -> None:
        self.die_data, self.purpose, self.position, self.count, self.so_far = die, purpose, position, count, so_far
        self.title = title
        super().__init__("needs_die", self._message(), field)

    def named(self, title: str) -> NeedsDie:
        """The same question with ``title`` (the operation rolling) naming a roll whose purpose names only its die."""
        if not self.title:
            self.title = title
            self.message = self._message()
            self.args = (self.message,)
        return self

    def prompt(self) -> str:
        """What the page asks: "Sanity roll (d100) — units die", "Survival Test (d10)", "Damage (d6) — die 2"."""
        roll, part = roll_words(self.purpose, self.title)
        name = self.die_data.name
        if name in ("units d10", "tens d10"):  # a d100 is typed as its units die, then each tens die
            return f"{roll} (d100) — {'tens die' if part == 'tens die 1' else part or name}"
        return f"{roll} ({name})" + (f" — {part}" if part else f" — die {self.count}" if self.count > 1 else "")

    def _message(self) -> str:
        low, high = min(self.die_data.faces), max(self.die_data.faces)
        return f"Roll the next die and type its face ({low}–{high}): {self.prompt()}."

    def to_dict(self) -> dict:
        answer = super().to_dict()
        roll, part = roll_words(self.purpose, self.title)
        answer["die"] = {
            "name": self.die_data.name,
            "sides": len(self.die_data.faces),
            "low": min(self.die_data.faces),
            "high": max(self.die_data.faces),
            "roll": roll,
            "part": part,
            "prompt": self.prompt(),
            "position": self.position,
            "shows": list(self.die_data.faces),
            "so_far": list(self.so_far),
        }
        return answer
