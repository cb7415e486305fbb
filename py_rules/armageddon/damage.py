"""Damage rolls NdX×M+K and applying damage or restoring points to LP, EP or Essence
(U8, U9; seed 000 "The Basics", "Endurance Points"; RULES.md §1.8).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from py_rules.armageddon.character import POOL_FLOOR, has, name_of
from py_rules.armageddon.essence import gain_essence, lose_essence
from py_rules.armageddon.life import after_life_points_rise, consciousness_test, damage_life_points
from py_rules.dice import DiceSource, d
from py_rules.errors import RulesError
from py_rules.limits import check_damage_range
from py_rules.trace import Step

__all__ = ("DamageRoll", "parse_damage", "damage_value", "roll_damage", "POOLS", "apply_damage", "restore_points",
           "damage_endurance")

POOLS = ("LP", "EP", "Essence")
"""RULES.md §1.8: damage goes to Life Points, or Endurance Points / Essence for some supernatural attacks."""
_KEYS = {"LP": "life_points", "EP": "endurance_points", "Essence": "essence"}

_EXPR = re.compile(r"^\s*(?:(?:([0-9]{1,6})\s*)?[dD]\s*([0-9]{1,6})\s*)?(?:[x×*]\s*([0-9]{1,6})\s*)?"
                   r"(?:([+\-−])\s*([0-9]{1,6})\s*)?$")
"""``NdX×M+K``: each run of spaces is matched by one quantifier (the one before the next part), so a text that is
no roll is refused in one pass (spaces shared among adjacent quantifiers took minutes for 500 spaces)."""
_SOURCE = "seed 000, The Basics: damage rolls are the exception to the d10; RULES.md §1.8 NdX × M + K"


@dataclass(frozen=True)
class DamageRoll:
    """``count``d``sides`` × ``multiplier`` + ``bonus``; ``sides`` 0 means a fixed amount."""

    count: int
    sides: int
    multiplier: int
    bonus: int

    def __str__(self) -> str:
        text = f"{self.count}d{self.sides}" if self.sides else ""
        if self.multiplier != 1:
            text += f"×{self.multiplier}"
        if self.bonus or not text:
            text += f"{self.bonus:+d}" if text else str(self.bonus)
        return text


def parse_damage(text: str, field: str = "expression") -> DamageRoll:
    """Read ``NdX×M+K`` (N, ×M and +K optional; x or * for ×) or a plain number.

    >>> str(parse_damage("d4x3")), str(parse_damage("2d6 + 2")), str(parse_damage("d6*4-1")), str(parse_damage("12"))
    ('1d4×3', '2d6+2', '1d6×4-1', '12')
    """
    if not isinstance(text, str) or not text.strip():
        raise RulesError("missing_field", "Give a damage roll such as d6x4+2 or a number.", field)
    if re.fullmatch(r"\s*[0-9]{1,30}\s*", text):
        value = int(text)
        check_damage_range(value, text, field)
        return DamageRoll(0, 0, 1, value)
    match = _EXPR.match(text)
    if not match or not any(match.groups()):
        raise RulesError("bad_expression", f"{text.strip()!r} is not a damage roll; write NdX×M+K, e.g. d4x2, "
                         "2d6+3, d8x4 or a number.", field)
    count, sides, mult, sign, bonus = match.groups()
    if sides is None and mult is not None:
        raise RulesError("bad_expression", f"{text.strip()!r}: a multiplier needs dice (e.g. d4x{mult}).", field)
    roll = DamageRoll(
        count=int(count) if count else (1 if sides else 0),
        sides=int(sides) if sides else 0,
        multiplier=int(mult) if mult else 1,
        bonus=(-1 if sign in ("-", "−") else 1) * int(bonus) if bonus else 0,
    )
    if roll.sides and not (2 <= roll.sides <= 100):
        raise RulesError("out_of_range", "Damage dice must have between 2 and 100 sides.", field)
    if roll.sides and not (1 <= roll.count <= 50):
        raise RulesError("out_of_range", "Roll between 1 and 50 damage dice.", field)
    if roll.multiplier > 100 or abs(roll.bonus) > 1000:
        raise RulesError("out_of_range", "Multiplier at most 100 and bonus at most ±1000.", field)
    check_damage_range(roll.count * roll.sides * roll.multiplier + roll.bonus, text, field)
    return roll


def damage_value(roll: DamageRoll, faces) -> int:
    """The damage for ``faces``: sum × M + K, never below 0. Pure.

    >>> damage_value(parse_damage("d6x4+2"), [3])
    14
    """
    return max(0, sum(faces) * roll.multiplier + roll.bonus)


def roll_damage(dice: DiceSource, roll: DamageRoll, purpose: str = "damage",
                source: str = _SOURCE) -> tuple[int, list[int], list[Step]]:
    """Roll ``roll`` (no Rule of 10 or 1, RULES.md §1.8): (value, faces, steps)."""
    faces = dice.roll_many(roll.count, d(roll.sides), purpose) if roll.sides else []
    value = damage_value(roll, faces)
    text = f"{roll}: "
    if faces:
        text += f"({' + '.join(map(str, faces))})"
        if roll.multiplier != 1:
            text += f" × {roll.multiplier}"
        if roll.bonus:
            text += f" {roll.bonus:+d}"
    else:
        text += "fixed"
    text += f" = {value}"
    return value, faces, [Step(text, source)]


def damage_endurance(work, amount: int, cause: str = "damage", test: bool = True) -> None:
    """Lose EP; below 0 an awake character makes a Consciousness Test (seed 000, Endurance Points).

    ``test=False`` leaves the test to the caller: time passing rolls one per Turn, not one per drain.
    """
    char = work.char
    before = work.current["endurance_points"]
    after = max(POOL_FLOOR, before - amount)
    work.current["endurance_points"] = after
    char["sleep_debt"] = min(char["sleep_debt"], max(0, char["derived"]["endurance_points"] - after))
    work.event(f"{name_of(char)} loses {amount} EP to {cause} ({before} → {after}).")
    if test and after < 0 and amount > 0 and not _out(char):
        consciousness_test(work, "EP")


def _out(char) -> bool:
    return any(has(char, c) for c in ("asleep", "unconscious", "dead", "death_pending"))


def apply_damage(work, amount: int, pool: str) -> None:
    """Subtract ``amount`` from ``pool`` and apply what follows (U9)."""
    if pool == "LP":
        damage_life_points(work, amount)
    elif pool == "EP":
        damage_endurance(work, amount, "a supernatural attack")
    else:
        lose_essence(work, amount, "a supernatural attack")


def restore_points(work, amount: int, pool: str, why: str) -> None:
    """Give back ``amount`` points to ``pool``, never above its maximum; EP lost to missed sleep only
    come back by sleeping (seed 000, Endurance Points)."""
    char = work.char
    key = _KEYS[pool]
    if pool == "Essence":
        gain_essence(work, amount, why)
        return
    maximum = char["derived"][key]
    if pool == "EP":
        maximum -= char["sleep_debt"]
    before = work.current[key]
    after = max(before, min(maximum, before + amount))
    work.current[key] = after
    work.event(f"{name_of(char)} regains {after - before} {pool} from {why} ({before} → {after}).")
    if pool == "EP" and char["sleep_debt"] and before + amount > maximum:
        work.step(f"{char['sleep_debt']} EP lost to missed sleep can only be regained by sleeping.",
                  "seed 000, Endurance Points")
    if pool == "LP":
        after_life_points_rise(work)
