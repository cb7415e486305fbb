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
    op = operation(op_id)
    validated = _validated_args(op, args)
    validated.pop("dice", None)
    out: dict = {}
    cut = Fraction(0)
    stack = [((), Fraction(1))]
    runs = 0
    while stack:
        path, p = stack.pop()
        runs += 1
        assert runs <= max_runs, "brute force too large for a test"
        dice = _Scripted(list(path))
        try:
            result = op.run(dice, **validated)
            dice.finish()
        except _Short as short:
            if len(path) >= max_dice:
                cut += p
                continue
            faces = short.die.faces
            stack.extend((path + (f,), p / len(faces)) for f in faces)
            continue
        except RulesError as error:
            result = error
        result.faces = path  # what was typed, for keys that read the dice themselves
        k = key(result)
        out[k] = out.get(k, 0) + p
    return out, cut


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
