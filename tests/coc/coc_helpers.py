"""Shared test helpers for the CoC engine (scripted dice via TypedDice)."""

import copy

from py_rules.coc.investigator import EXAMPLE, EXAMPLE_OPPONENT, from_dict
from py_rules.dice import TypedDice


def harvey(**changes):
    """Harvey Walters (HP 12, CON 60, INT 85, SAN 60, Luck 50, Brawl 40, Dodge 40) with ``changes``."""
    data = copy.deepcopy(EXAMPLE)
    data.update(changes)
    return from_dict(data)


def cultist(**changes):
    """The Cultist (HP 12, Brawl 50, Dodge 27, Build 1 with DB +1D4)."""
    data = copy.deepcopy(EXAMPLE_OPPONENT)
    data.update(changes)
    return from_dict(data)


def run(fn, faces, *args, **kwargs):
    """Call ``fn(dice, ...)`` with exactly ``faces`` (left-over faces fail the test)."""
    dice = TypedDice(faces)
    result = fn(dice, *args, **kwargs)
    dice.finish()
    return result


def d100(value):
    """Units and tens faces that read ``value`` (1–100)."""
    if value == 100:
        return [0, 0]
    return [value % 10, value - value % 10]
