"""Damage rolls NdX×M+K (read by :mod:`py_rules.dice_expr` with the game's :data:`~py_rules.armageddon.tables.DAMAGE_FORM`) and applying damage or restoring points to LP, EP or Essence
(U8, U9; seed 000 "The Basics", "Endurance Points"; rules/armageddon.md §1.8).
"""

from __future__ import annotations

from py_rules.armageddon.character import POOL_FLOOR, has, name_of
from py_rules.armageddon.essence import gain_essence, lose_essence
from py_rules.armageddon.life import after_life_points_rise, consciousness_test, damage_life_points
from py_rules.armageddon.tables import DAMAGE_FORM
from py_rules.dice import DiceSource
from py_rules.dice_expr import Expr, roll
from py_rules.trace import Step

__all__ = ("roll_damage", "POOLS", "apply_damage", "restore_points", "damage_endurance")

POOLS = ("LP", "EP", "Essence")
"""rules/armageddon.md §1.8: damage goes to Life Points, or Endurance Points / Essence for some supernatural attacks."""
_KEYS = {"LP": "life_points", "EP": "endurance_points", "Essence": "essence"}

_SOURCE = "seed 000, The Basics: damage rolls are the exception to the d10; rules/armageddon.md §1.8 NdX × M + K"


def roll_damage(
    dice: DiceSource, expr: Expr, purpose: str = "damage", source: str = _SOURCE
) -> tuple[int, tuple[int, ...], list[Step]]:
    """Roll ``expr`` read with :data:`~py_rules.armageddon.tables.DAMAGE_FORM` (no Rule of 10 or 1, rules/armageddon.md §1.8),
    never below 0: (value, faces, steps).

    >>> from py_rules.dice import TypedDice
    >>> from py_rules.dice_expr import parse
    >>> value, faces, steps = roll_damage(TypedDice([3]), parse("d6x4+2", DAMAGE_FORM))
    >>> value, steps[0].text
    (14, '1d6×4+2: (3) × 4 +2 = 14')
    """
    rolled = roll(dice, expr, purpose, floor=DAMAGE_FORM.floor)
    text = f"{expr}: "
    if rolled.faces:
        text += f"({' + '.join(map(str, rolled.faces))})"
        if expr.dice[0].times != 1:
            text += f" × {expr.dice[0].times}"
        if expr.constant:
            text += f" {expr.constant:+d}"
    else:
        text += "fixed"
    text += f" = {rolled.total}"
    return rolled.total, rolled.faces, [Step(text, source)]


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
        work.step(
            f"{char['sleep_debt']} EP lost to missed sleep can only be regained by sleeping.",
            "seed 000, Endurance Points",
        )
    if pool == "LP":
        after_life_points_rise(work)
