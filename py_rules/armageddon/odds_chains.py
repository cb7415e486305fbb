"""The d10's chains as exact distributions (seed 000 "The Rule of 10", "The Rule of 1"; rules/armageddon.md §1.5):
what every Armageddon odds module builds on (:mod:`.odds`, :mod:`.odds_attack`).

The chains come from the roll's own pure functions :func:`~py_rules.armageddon.d10.chain_continues` and
:func:`~py_rules.armageddon.d10.chain_value`, enumerated to a depth; beyond it a Rule of 10 chain is the closed
form ``base + W`` with ``W = step·J + E`` (``J`` the further natural 10s, geometric with ratio 1/10; ``E`` what the
last reroll adds), and a Rule of 1 chain is enumerated deep enough that all its remaining totals fail.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

from py_rules.armageddon.d10 import D10, chain_continues, chain_value
from py_rules.armageddon.outcome import describe_level, success_levels
from py_rules.errors import RulesError
from py_rules.odds import Dist, Outcome

__all__ = ("TEN", "chain_dist", "depth_for", "high_parts", "roll_levels")

TEN = Fraction(1, 10)
_MIN_DEPTH = 4


@lru_cache(maxsize=64)
def chain_dist(mode: str, depth: int):
    """Every d10 chain of at most ``depth`` faces: (finite Dist of die values, high tail, low tail).

    A tail is (weight over the Dist's denominator, the prefix still rolling). The high tail's values are
    ``chain_value(prefix + [1])`` or more, the low tail's at most the best value one more reroll can give.
    """
    weights: dict = {}
    high = low = None
    stack = [[face] for face in D10.faces]
    denominator = 10**depth
    while stack:
        faces = stack.pop()
        weight = 10 ** (depth - len(faces))
        if chain_continues(faces, mode):
            if len(faces) == depth:
                if faces[0] == 10:
                    high = (weight, tuple(faces))
                else:
                    low = (weight, tuple(faces))
                continue
            stack.extend(faces + [face] for face in D10.faces)
            continue
        value = chain_value(faces, mode)[0]
        weights[value] = weights.get(value, 0) + weight
    total = sum(weights.values()) + high[0] + low[0]
    assert total == denominator
    return weights, denominator, high, low


@lru_cache(maxsize=64)
def high_parts(prefix, mode):
    """The closed form of a Rule of 10 chain that is still rolling after ``prefix``:
    (base value, step per further 10, weights of what a last non-10 reroll adds)."""
    base = chain_value(list(prefix) + [1], mode)[0]
    step = chain_value(list(prefix) + [10, 1], mode)[0] - base
    adds = {}
    for face in D10.faces[:-1]:
        extra = chain_value(list(prefix) + [face], mode)[0] - base
        adds[extra] = adds.get(extra, 0) + 1
    assert step > max(adds) and min(adds) == 0
    return base, step, adds


@lru_cache(maxsize=128)
def _bounds(mode: str, depth: int) -> tuple[int, int]:
    """(best value of a Rule of 1 chain still rolling at ``depth``, least value of a Rule of 10 one)."""
    _, _, high, low = chain_dist(mode, depth)
    low_best = max(chain_value(list(low[1]) + [f], mode)[0] for f in D10.faces[1:])
    return low_best, chain_value(list(high[1]) + [1], mode)[0]


def depth_for(mode: str, offset: int, tn: int) -> int:
    """Deep enough that a Rule of 1 chain still rolling fails whatever comes, and a Rule of 10 chain
    still rolling succeeds."""
    depth = _MIN_DEPTH
    while True:
        low_best, high_least = _bounds(mode, depth)
        if low_best + offset < tn and high_least + offset >= tn:
            return depth
        depth += 1
        if depth > 60:
            raise RulesError("too_complex", "The modifiers are too large to work out the odds.", "modifiers")


def roll_levels(offset: int, tn: int, mode: str, cap: int | None) -> Dist:
    """Success Levels of d10 + ``offset`` against ``tn`` (capped): a Dist of :class:`Outcome`s with
    one tail outcome "N Success Levels or more" holding the exact mass of the Rule of 10 beyond."""
    depth = depth_for(mode, offset, tn)
    weights, denominator, high, _low = chain_dist(mode, depth)

    def level(total):
        lv = success_levels(total, tn)
        return min(lv, cap) if cap is not None else lv

    tail_level = level(chain_value(list(high[1]) + [1], mode)[0] + offset)
    out: dict = {}
    for value, w in weights.items():
        lv = min(level(value + offset), tail_level)
        out[lv] = out.get(lv, 0) + w
    out[tail_level] = out.get(tail_level, 0) + high[0]
    out[0] = out.get(0, 0) + _low[0]  # a Rule of 1 chain still rolling fails at this depth (see depth_for)
    capped = cap is not None and tail_level >= cap
    return Dist({_level_outcome(lv, tail=lv == tail_level and not capped): w for lv, w in out.items()}, denominator)


def _level_outcome(levels: int, tail: bool = False) -> Outcome:
    if tail:
        noun = "Success Level" if levels == 1 else "Success Levels"
        return Outcome(levels, f"{levels} {noun} or more", True, True)
    return Outcome(levels, describe_level(levels) if levels else "Failure", levels > 0)
