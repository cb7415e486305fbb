"""Brute-force oracle for the odds tests: every sequence of faces, typed as physical dice.

Each sequence runs the operation exactly as the door runs a roll with typed faces
(:class:`py_rules.dice.TypedDice`, then ``finish()``), so the oracle shares nothing with
:mod:`py_rules.odds` but the rules themselves. Chains are cut at ``max_dice`` faces; the mass cut off is
returned so a test can check agreement up to it.
"""

from __future__ import annotations

import json
from fractions import Fraction

from py_rules.api import _validated_args, handle, operation
from py_rules.dice import TypedDice
from py_rules.errors import RulesError


class _Short(Exception):
    def __init__(self, die):
        self.die = die


class _Scripted(TypedDice):
    """Typed dice that say which die is missing instead of refusing."""

    def _draw(self, die, purpose):
        if not self._faces:
            raise _Short(die)
        return super()._draw(die, purpose)


def brute(op_id: str, args: dict, key, *, max_dice: int = 12, max_runs: int = 200_000):
    """(outcome key → exact probability, mass cut off at ``max_dice``) over every face sequence."""
    return brute_each(op_id, args, [key], max_dice=max_dice, max_runs=max_runs)[0]


def brute_each(op_id: str, args: dict, keys, *, max_dice: int = 12, max_runs: int = 200_000) -> list:
    """:func:`brute` for each of ``keys``, from one pass over the face sequences: a test that reads the same rolls
    several ways (the outcome, then whether the sheet fell below 0) types every sequence once, not once per way."""
    op = operation(op_id)
    validated = _validated_args(op, args)
    validated.pop("dice", None)
    # a sequence of faces has the chance 1/(the product of its dice's sizes): counted per denominator in integers and
    # summed as fractions once at the end (a Fraction sum per sequence was a fifth of the time)
    counts: list[dict] = [{} for _ in keys]
    cut_counts: dict[int, int] = {}
    stack = [((), 1)]
    runs = 0
    while stack:
        path, denominator = stack.pop()
        runs += 1
        assert runs <= max_runs, "brute force too large for a test"
        dice = _Scripted(list(path))
        try:
            result = op.run(dice, **validated)
            dice.finish()
        except _Short as short:
            if len(path) >= max_dice:
                cut_counts[denominator] = cut_counts.get(denominator, 0) + 1
                continue
            faces = short.die.faces
            stack.extend((path + (f,), denominator * len(faces)) for f in faces)
            continue
        except RulesError as error:
            result = error
        result.faces = path  # what was typed, for keys that read the dice themselves
        for count, key in zip(counts, keys, strict=True):
            by_denominator = count.setdefault(key(result), {})
            by_denominator[denominator] = by_denominator.get(denominator, 0) + 1
    cut = _summed(cut_counts)
    return [({k: _summed(found) for k, found in count.items()}, cut) for count in counts]


def _summed(counts: dict[int, int]) -> Fraction:
    """The chance of ``counts`` (denominator → how many sequences have the chance 1/denominator)."""
    return sum((Fraction(n, d) for d, n in counts.items()), Fraction(0))


def odds(op_id: str, args: dict) -> dict:
    """The door's odds answer (asserting it is ok), through JSON like the worker."""
    response = handle(json.loads(json.dumps({"op": op_id, "args": args, "mode": "odds"})))
    assert response["ok"], response
    return response["result"]


def probabilities(answer: dict, section: str = "outcomes") -> dict:
    """label → Fraction of an answer's outcomes."""
    return {o["label"]: Fraction(o["p"]) for o in answer[section]}


def assert_agrees(answer: dict, brute_result, section: str = "outcomes"):
    """The odds equal the brute force label by label (exactly, or within the mass it cut off)."""
    merged, cut = brute_result
    got = probabilities(answer, section) if isinstance(section, str) else section
    assert sum(got.values()) == 1
    assert set(merged) <= set(got), (merged, got)
    for label, p in got.items():
        q = merged.get(label, Fraction(0))
        if cut:
            assert q <= p <= q + cut, (label, p, q, cut)
        else:
            assert p == q, (label, p, q)


SIDE_KEYS = ("a_wins", "tie", "neither", "b_wins")
"""The parts of an opposed roll's odds (TABLE.md, Roll drawer): each side wins, a tie left standing, nobody wins."""


def contest(answer: dict) -> tuple[str, str, dict]:
    """The two sides of an answer's contest and the chance of each of :data:`SIDE_KEYS`, which sum to 1."""
    found = answer["contest"]
    chances = {key: Fraction(found[key]["p"]) for key in SIDE_KEYS}
    assert sum(chances.values()) == 1
    return found["a"], found["b"], chances


def assert_sides_agree(chances: dict, brute_result) -> None:
    """A contest's chances equal the brute force side by side (within the mass it cut off)."""
    merged, cut = brute_result
    for key in SIDE_KEYS:
        q = merged.get(key, Fraction(0))
        assert q <= chances[key] <= q + cut, (key, chances[key], q, cut)
