"""Dice expressions such as ``1D3``, ``2D6+4``, ``+1D4``, ``-1`` and the Sanity loss notation ``X/Y``.

Used for weapon damage, Damage Bonus (RULES.md §3.2 table), healing dice and
Sanity losses (RULES.md §3.11: "X and Y are integers or dice expressions").
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from py_rules.dice import DiceSource, d
from py_rules.errors import RulesError
from py_rules.limits import TEXT_MAX_LENGTH

__all__ = ("Expr", "parse_expr", "parse_loss", "roll_expr")

_TERM = re.compile(r"([+-]?)(?:([0-9]*)[dD]([0-9]+)|([0-9]+))")
"""One signed term of the text with its spaces taken out: ``+2D6``, ``-1``."""
_MAX_DICE = 100
_MAX_SIDES = 1000


@dataclass(frozen=True)
class Expr:
    """Signed dice groups ``(sign, count, sides)`` plus a constant."""

    text: str
    dice: tuple[tuple[int, int, int], ...]
    constant: int

    @property
    def maximum(self) -> int:
        """Largest possible total.

        >>> parse_expr("2D6+4").maximum, parse_expr("-1").maximum
        (16, -1)
        """
        return sum(count * sides if sign > 0 else -count for sign, count, sides in self.dice) + self.constant

    @property
    def minimum(self) -> int:
        """Smallest possible total."""
        return sum(count if sign > 0 else -count * sides for sign, count, sides in self.dice) + self.constant


def parse_expr(text, field: str = "damage") -> Expr:
    """Parse ``text`` (an int or e.g. ``"1D10+2"``) or raise a RulesError on ``field``.

    >>> parse_expr("1d3+1D4").dice, parse_expr(5).constant
    (((1, 1, 3), (1, 1, 4)), 5)
    """
    if isinstance(text, bool):
        raise RulesError("bad_dice_expression", f"{text!r} is not a number or dice expression such as 1D6+1.", field)
    if isinstance(text, int):
        return Expr(str(text), (), text)
    if not isinstance(text, str) or not text.strip():
        raise RulesError("bad_dice_expression", "Give a number or a dice expression such as 1D6+1.", field)
    if len(text) > TEXT_MAX_LENGTH:  # the door's own bound on a text field; a longer number is no roll (and no int)
        raise RulesError("bad_dice_expression", f"A dice expression is at most {TEXT_MAX_LENGTH} characters.", field)
    source = text.strip().replace("−", "-")
    position, dice, constant = 0, [], 0
    compact = re.sub(r"\s+", "", source)
    while position < len(compact):
        match = _TERM.match(compact, position)
        if not match or match.end() == position or (position > 0 and not match.group(1)):
            raise RulesError(
                "bad_dice_expression",
                f"{source!r} is not a dice expression: write numbers and dice like 1D6, joined by + or -.",
                field,
            )
        sign = -1 if match.group(1) == "-" else 1
        if match.group(3) is not None:
            count = int(match.group(2) or 1)
            sides = int(match.group(3))
            if not 1 <= count <= _MAX_DICE or not 1 <= sides <= _MAX_SIDES:
                raise RulesError("bad_dice_expression", f"{source!r}: use 1–{_MAX_DICE} dice of 1–{_MAX_SIDES} sides.", field)
            dice.append((sign, count, sides))
        else:
            constant += sign * int(match.group(4))
        position = match.end()
    return Expr(source, tuple(dice), constant)


def parse_loss(text, field: str = "loss") -> tuple[Expr, Expr]:
    """Sanity loss notation ``X/Y``: lose X on a success, Y on a failure (RULES.md §3.11).

    >>> [e.text for e in parse_loss("1/1D4+1")]
    ['1', '1D4+1']
    """
    if not isinstance(text, str) or text.count("/") != 1:
        raise RulesError(
            "bad_sanity_loss",
            f"Sanity loss must be written X/Y, e.g. 0/1D6 or 1D10/1D100 (got {text!r}).",
            field,
        )
    success, failure = (part.strip() for part in text.split("/"))
    exprs = []
    for part in (success, failure):
        try:
            expr = parse_expr(part, field)
        except RulesError:
            raise RulesError(
                "bad_sanity_loss",
                f"Sanity loss must be written X/Y with numbers or dice, e.g. 0/1D6 (got {text!r}).",
                field,
            ) from None
        if expr.minimum < 0:
            raise RulesError("bad_sanity_loss", f"A Sanity loss cannot be negative (got {text!r}).", field)
        exprs.append(expr)
    return exprs[0], exprs[1]


def roll_expr(dice: DiceSource, expr: Expr, purpose: str) -> tuple[int, list[int]]:
    """Roll ``expr``; returns the total and the faces in order."""
    total, faces = expr.constant, []
    for sign, count, sides in expr.dice:
        rolled = dice.roll_many(count, d(sides), purpose)
        faces.extend(rolled)
        total += sign * sum(rolled)
    return total, faces
