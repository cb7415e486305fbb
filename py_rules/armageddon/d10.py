"""The Unisystem d10 with the Rule of 10 and the Rule of 1 (U2; rules/armageddon.md §1.5).

The arithmetic is separate from where the faces come from:
:func:`chain_continues` says whether a sequence of faces needs another die and
:func:`chain_value` reads its value, both pure; :func:`roll_d10` draws faces
from a dice source until the chain ends. An exact enumerator can use the two
pure functions directly.
"""

from __future__ import annotations

from dataclasses import dataclass

from py_rules.armageddon.tables import RULE_OF_ONE_MODES
from py_rules.dice import DiceSource, d
from py_rules.trace import Step

__all__ = ("D10", "D10Roll", "chain_continues", "chain_value", "roll_d10")

D10 = d(10)

_TEN = "seed 000, The Rule of 10"
_ONE = "seed 000, The Rule of 1; rules/armageddon.md §1.5"


@dataclass(frozen=True)
class D10Roll:
    """A resolved d10: every face in order, the die's value, flags and steps."""

    faces: tuple[int, ...]
    value: int
    flags: tuple[str, ...]
    steps: tuple[Step, ...]


def chain_continues(faces, mode: str = "replace") -> bool:
    """Whether ``faces`` (first roll, then rerolls) needs one more die.

    Rule of 10: keep rolling while the latest die is a natural 10.
    Rule of 1: after a natural 1 roll once; keep rolling while the latest reroll is a 1.

    >>> chain_continues([10, 10]), chain_continues([10, 7]), chain_continues([1]), chain_continues([1, 3])
    (True, False, True, False)
    """
    _check_mode(mode)
    if not faces:
        return True
    first, last = faces[0], faces[-1]
    if first == 10:
        return last == 10
    if first == 1:
        return len(faces) == 1 or last == 1
    return False


def chain_value(faces, mode: str = "replace") -> tuple[int, tuple[str, ...], tuple[Step, ...]]:
    """The value of a finished chain of ``faces``, its flags and explanation.

    >>> chain_value([10, 7])[0], chain_value([10, 10, 8])[0], chain_value([1, 3])[0]
    (12, 18, -2)
    """
    _check_mode(mode)
    first = faces[0]
    steps = [Step(f"d10 rolled a natural {first}" if first in (1, 10) else f"d10 rolled {first}")]
    if first == 10:
        value = 10
        for reroll in faces[1:]:
            bonus = max(0, reroll - 5)
            value += bonus
            steps.append(Step(f"Rule of 10: reroll {reroll} − 5 = {reroll - 5} → +{bonus} (die now {value})", _TEN))
        return value, ("rule_of_10",), tuple(steps)
    if first == 1:
        value, more = _rule_of_one(faces[1:], mode)
        steps.extend(more)
        return value, ("rule_of_1",), tuple(steps)
    return first, (), tuple(steps)


def _rule_of_one(rerolls, mode: str) -> tuple[int, list[Step]]:
    """Value of a natural 1 followed by ``rerolls`` under ``mode`` (rules/armageddon.md §1.5 table)."""
    steps = []
    value = 1
    for index, reroll in enumerate(rerolls):
        delta = reroll - 5
        if mode == "afmbe_foundry":
            if reroll == 1:
                value = (value if index else 0) - 5
                text = f"natural 1 again → −5 (die now {value})"
            elif index == 0 and reroll <= 5:
                value = delta
                text = f"{reroll} − 5 = {delta} replaces the die (die now {value})"
            else:
                text = f"{reroll} ends the chain and adds nothing (die {value})"
        elif delta >= 0 and index == 0:
            text = f"{reroll} − 5 = {delta} is not negative: the roll counts as a 1 (die {value})"
        elif delta >= 0:
            text = f"{reroll} − 5 = {delta} is not negative: it ends the chain and subtracts nothing (die {value})"
        elif mode == "replace" and index == 0:
            value = delta
            text = f"{reroll} − 5 = {delta} replaces the die (die now {value})"
        else:
            value += delta
            text = f"{reroll} − 5 = {delta} lowers the die (die now {value})"
        steps.append(Step(f"Rule of 1: reroll {text}", _ONE))  # a non-default reading is named as a house rule
    return value, steps


def roll_d10(dice: DiceSource, mode: str = "replace", purpose: str = "d10") -> D10Roll:
    """Roll the d10 of a Task or Test with the Rules of 10 and 1 (U2)."""
    faces = [dice.roll(D10, purpose)]
    while chain_continues(faces, mode):
        kind = "Rule of 10" if faces[0] == 10 else "Rule of 1"
        faces.append(dice.roll(D10, f"{kind} reroll"))
    value, flags, steps = chain_value(faces, mode)
    return D10Roll(tuple(faces), value, flags, steps)


def _check_mode(mode: str) -> None:
    if mode not in RULE_OF_ONE_MODES:
        raise ValueError(f"unknown Rule of 1 mode {mode!r}")
