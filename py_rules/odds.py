"""Exact odds: distributions as data and the answer of the ``"odds"`` mode (TABLE.md, Roll drawer; STYLE.md A2).

A :class:`Dist` is a mapping outcome → integer weight over a common denominator (icepool's
``Population``): exact, immutable, small. Each game's ``odds`` module builds the distribution of a
roll from the same pure rule functions the roll uses (the d10 chain, the d100 reading, the level
tables) or, where the space is small, by running the operation itself over every sequence of faces
(:func:`enumerate_run`), so odds and roll cannot drift.

:func:`answer` is what the door calls for ``{"op", "args", "mode": "odds"}``; :data:`SUPPORTED`
lists the operations that answer odds (the catalog marks them) without importing any game.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from fractions import Fraction
from math import gcd
from typing import Any

from py_rules.dice import MAX_THROWS, DiceSource, Die
from py_rules.errors import RulesError

__all__ = ("Dist", "Outcome", "Odds", "SUPPORTED", "answer", "enumerate_run", "ProbeDice", "uniform", "fraction_text")

SUPPORTED = frozenset(
    {
        "armageddon.task",
        "armageddon.character_task",
        "armageddon.test",
        "armageddon.resisted",
        "armageddon.fear_test",
        "armageddon.attack",
        "armageddon.essence_checks",
        "armageddon.consciousness_test",
        "armageddon.survival_test",
        "armageddon.first_aid",
        "armageddon.resuscitate",
        "armageddon.roll_damage",
        "armageddon.initiative",
        "semiautomagic.check",
        "semiautomagic.skill_check",
        "semiautomagic.attack",
        "semiautomagic.defence_roll",
        "semiautomagic.roll_damage",
        "semiautomagic.apply_damage",
        "semiautomagic.dying_round",
        "semiautomagic.medicine_stabilise",
        "semiautomagic.noise_wakes",
        "semiautomagic.soul_coma_hour",
        "semiautomagic.resuscitate",
        "semiautomagic.detect_soul_coma",
        "semiautomagic.repair",
        "semiautomagic.scatter",
        "semiautomagic.staggered_round",
        "coc.d100",
        "coc.skill_roll",
        "coc.characteristic_roll",
        "coc.luck_roll",
        "coc.push_roll",
        "coc.opposed_roll",
        "coc.attack",
        "coc.combined_roll",
        "coc.sanity_roll",
        "coc.dying_round",
        "coc.first_aid",
        "coc.medicine",
        "coc.weekly_healing_roll",
        "coc.roll_damage",
        "coc.spend_luck",
    }
)
"""Operations answering ``mode: "odds"``; each game's ``odds.ODDS`` maps them to their function."""


class Dist:
    """A finite distribution: outcome → integer weight, weights summing to ``denominator``.

    >>> die = uniform(range(1, 7))
    >>> die.map(lambda f: f >= 5).probability(True)
    Fraction(1, 3)
    >>> (die + die).probability(7)
    Fraction(1, 6)
    """

    __slots__ = ("weights", "denominator")

    def __init__(self, weights: dict, denominator: int | None = None) -> None:
        self.weights = {k: w for k, w in weights.items() if w}
        total = sum(self.weights.values())
        self.denominator = total if denominator is None else denominator
        if total != self.denominator:
            raise ValueError(f"weights sum to {total}, not {self.denominator}")

    def __repr__(self) -> str:
        return f"Dist({self.weights!r}, {self.denominator})"

    def __eq__(self, other) -> bool:
        return isinstance(other, Dist) and self.fractions() == other.fractions()

    __hash__ = None  # equal by value, and its weights are a dict: not a set member or a dict key

    def __add__(self, other: Dist) -> Dist:
        return self.combine(other, lambda a, b: a + b)

    @classmethod
    def from_fractions(cls, probabilities: dict) -> Dist:
        """From outcome → Fraction (summing to 1)."""
        common = 1
        for p in probabilities.values():
            common = common * p.denominator // gcd(common, p.denominator)
        return cls({k: int(p * common) for k, p in probabilities.items()}, common)

    def probability(self, outcome) -> Fraction:
        return Fraction(self.weights.get(outcome, 0), self.denominator)

    def chance(self, predicate: Callable[[Any], bool]) -> Fraction:
        """The exact chance that ``predicate(outcome)`` holds."""
        return Fraction(sum(w for k, w in self.weights.items() if predicate(k)), self.denominator)

    def fractions(self) -> dict:
        return {k: Fraction(w, self.denominator) for k, w in self.weights.items()}

    def map(self, function: Callable) -> Dist:
        """Outcomes relabelled by ``function`` (equal labels merge)."""
        out: dict = {}
        for k, w in self.weights.items():
            key = function(k)
            out[key] = out.get(key, 0) + w
        return Dist(out, self.denominator)

    def bind(self, function: Callable[[Any], Dist]) -> Dist:
        """The mixture: each outcome replaced by the distribution ``function(outcome)``."""
        parts = [(w, function(k)) for k, w in self.weights.items()]
        common = 1
        for _, part in parts:
            common = common * part.denominator // gcd(common, part.denominator)
        out: dict = {}
        for w, part in parts:
            scale = w * (common // part.denominator)
            for k, v in part.weights.items():
                out[k] = out.get(k, 0) + scale * v
        return Dist(out, self.denominator * common)

    def combine(self, other: Dist, function: Callable) -> Dist:
        """The joint roll of two independent distributions, read by ``function(a, b)``."""
        out: dict = {}
        for a, wa in self.weights.items():
            for b, wb in other.weights.items():
                key = function(a, b)
                out[key] = out.get(key, 0) + wa * wb
        return Dist(out, self.denominator * other.denominator)

    def repeat(self, times: int) -> Dist:
        """The sum of ``times`` independent copies (``times`` ≥ 0)."""
        result = Dist({0: 1})
        for _ in range(times):
            result = result + self
        return result


def uniform(outcomes: Iterable) -> Dist:
    """Each outcome equally likely (repeats count twice)."""
    out: dict = {}
    for k in outcomes:
        out[k] = out.get(k, 0) + 1
    return Dist(out)


def fraction_text(p: Fraction) -> str:
    """``"37/100"``, ``"1"``, ``"0"``."""
    return str(p.numerator) if p.denominator == 1 else f"{p.numerator}/{p.denominator}"


SIDES = ("a", "tie", "neither", "b")
"""Who an opposed roll's outcome goes to: the first side, a tie left standing, nobody (both fail), the second side."""


@dataclass(frozen=True)
class Outcome:
    """One shown outcome: an ordering key, a label in the game's words, success if it applies, and in an opposed
    roll which way it goes (one of :data:`SIDES`)."""

    order: Any
    label: str
    success: bool | None = None
    tail: bool = False
    side: str | None = None


@dataclass
class Odds:
    """An operation's answer in odds mode before it becomes JSON.

    ``dist`` maps :class:`Outcome` → weight; ``chances`` are named extra probabilities (e.g. the
    chance of the INT roll after a Sanity loss); ``tables`` are further distributions
    (title, Dist of Outcomes); ``notes`` say what the odds assume, in plain words. ``contest``: the two sides'
    names when the roll is opposed; the answer then says the chance each side wins, of a tie and of nobody
    winning, summed over the outcomes' ``side``.
    """

    title: str
    dist: Dist
    chances: list[tuple[str, Fraction]] = field(default_factory=list)
    tables: list[tuple[str, Dist]] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    details: dict = field(default_factory=dict)
    contest: tuple[str, str] | None = None

    def contest_chances(self) -> dict | None:
        """``{"a", "b": names, "a_wins", "tie", "neither", "b_wins": exact Fractions}`` for an opposed roll."""
        if self.contest is None:
            return None
        if any(o.side not in SIDES for o in self.dist.weights):
            raise ValueError("every outcome of an opposed roll says which side it goes to")
        words = {"a": "a_wins", "tie": "tie", "neither": "neither", "b": "b_wins"}
        out = {words[side]: self.dist.chance(lambda o, side=side: o.side == side) for side in SIDES}
        return {"a": self.contest[0], "b": self.contest[1], **out}

    def to_dict(self, op_id: str) -> dict:
        main = _outcomes(self.dist)
        successes = [o for o in self.dist.weights if o.success is not None]
        success = None
        if successes:
            p = self.dist.chance(lambda o: o.success is True)
            success = _prob(p)
        return {
            "op": op_id,
            "mode": "odds",
            "title": self.title,
            "outcomes": main,
            "success": success,
            "chances": [dict(label=label, **_prob(p)) for label, p in self.chances],
            "tables": [{"title": t, "outcomes": _outcomes(d)} for t, d in self.tables],
            "notes": list(self.notes),
            "details": self.details,
            "contest": _contest(self.contest_chances()),
        }


def _contest(chances: dict | None) -> dict | None:
    if chances is None:
        return None
    return {k: v if isinstance(v, str) else _prob(v) for k, v in chances.items()}


def _prob(p: Fraction) -> dict:
    return {"p": fraction_text(p), "float": float(p)}


def _outcomes(dist: Dist) -> list[dict]:
    rows = []
    for outcome in sorted(dist.weights, key=lambda o: o.order):
        p = dist.probability(outcome)
        rows.append({"label": outcome.label, "success": outcome.success, "tail": outcome.tail, **_prob(p)})
    return rows


# --- running the rule itself over every sequence of faces -------------------------------------


class _Need(BaseException):
    """Raised by :class:`_PathDice` when the rule wants a die beyond the scripted path (not an error)."""

    def __init__(self, die: Die) -> None:
        self.die = die


class _PathDice(DiceSource):
    def __init__(self, path, fill=None) -> None:
        super().__init__()
        self._path = path
        self._fill = fill

    def _draw(self, die: Die, purpose: str) -> int:
        index = len(self.thrown)
        if index < len(self._path):
            return self._path[index]
        face = self._fill(self, die, purpose) if self._fill else None
        if face is None:
            raise _Need(die)
        return face


class ProbeDice(DiceSource):
    """Answers the faces of ``first`` in order, then every die with a fixed face per die name (default:
    its middle face); for reading what a rule adds to its dice without enumerating them."""

    def __init__(self, faces: dict | None = None, first=()) -> None:
        super().__init__()
        self._faces = faces or {}
        self._first = list(first)

    def _draw(self, die: Die, purpose: str) -> int:
        if self._first:
            return self._first.pop(0)
        face = self._faces.get(die.name)
        return die.faces[(len(die.faces) - 1) // 2] if face is None else face


MAX_RUNS = 20000
"""Guard for :func:`enumerate_run`: beyond it an operation's odds are refused, not approximated."""


def enumerate_run(
    run: Callable[[DiceSource], Any],
    key: Callable[[Any], Any],
    *,
    prefix=(),
    fill=None,
    max_runs: int = MAX_RUNS,
    budget: list | None = None,
) -> Dist:
    """The exact distribution of ``key(run(dice))`` over every sequence of faces ``run`` may draw.

    Depth first: a run that wants a die beyond its path is re-run once per face of that die. ``prefix``
    fixes the first faces (the distribution is then conditional on them); ``fill(dice, die, purpose)`` may
    answer a die beyond the path with a fixed face instead of branching (for dice ``key`` ignores). A rule
    that refuses before any die raises its error here; one that raises :class:`RulesError` on some faces
    only gives that outcome as ``key(error)``.
    """
    budget = budget if budget is not None else [max_runs]
    out: dict = {}
    stack = [(tuple(prefix), 1, 1)]
    denominators = []
    while stack:
        path, num, den = stack.pop()
        budget[0] -= 1
        if budget[0] < 0:
            raise RulesError("too_complex", "This roll has too many possible dice to work out its exact odds.", "args")
        try:
            outcome = run(_PathDice(path, fill))
        except _Need as need:
            faces = need.die.faces
            if len(path) >= MAX_THROWS:
                raise RulesError(
                    "too_complex", "This roll's dice can chain too far to work out its odds.", "args"
                ) from None
            for face in reversed(faces):
                stack.append((path + (face,), num, den * len(faces)))
            continue
        except RulesError as error:
            if len(path) == len(prefix):
                raise  # refused before any die: the roll's own error
            outcome = error
        k = key(outcome)
        out.setdefault(k, []).append((num, den))
        denominators.append(den)
    common = 1
    for den in set(denominators):
        common = common * den // gcd(common, den)
    weights = {k: sum(n * (common // d) for n, d in parts) for k, parts in out.items()}
    return Dist(weights, common)


def answer(op, args: dict) -> dict:
    """The odds-mode answer for a validated request (the door's ``mode: "odds"``)."""
    if op.id not in SUPPORTED:
        raise RulesError("no_odds", f"{op.title} has no odds to show: its outcome is not a roll to weigh.", "mode")
    module = importlib.import_module(f"py_rules.{op.system}.odds")
    args = dict(args)
    args.pop("dice", None)
    odds: Odds = module.ODDS[op.id](op, args)
    return odds.to_dict(op.id)
