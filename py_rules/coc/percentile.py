"""Percentile dice with bonus and penalty dice (C2; seed 003 "Bonus Dice and Penalty Dice"; rules/coc.md §3.3).

Physical dice are typed as they show: the units die 0–9 and each tens die
00–90. The pure functions :func:`read_d100`, :func:`net_dice` and
:func:`choose` do the arithmetic; :func:`roll_percentile` draws the faces
(units die first, then the tens dice) from the injected dice source.
"""

from __future__ import annotations

from dataclasses import dataclass

from py_rules.coc.tables import BONUS_PENALTY_CAP
from py_rules.dice import DiceSource, Die
from py_rules.trace import Log, Step

__all__ = ("UNITS_DIE", "TENS_DIE", "Percentile", "read_d100", "net_dice", "choose", "roll_percentile")

UNITS_DIE = Die("units d10", tuple(range(10)))
TENS_DIE = Die("tens d10", tuple(range(0, 100, 10)))

_READ = "rules/coc.md §3.3: 00 + 0 reads 100"
_BONUS = "seed 003, Bonus Dice and Penalty Dice"
_CANCEL = "rules/coc.md §3.3 / §3.12 D17 [BOOK]: bonus and penalty dice cancel one for one, at most 2"


@dataclass(frozen=True)
class Percentile:
    """A d100 reading: the units die, every tens die, the net dice and the value kept."""

    units: int
    tens: tuple[int, ...]
    net: int
    value: int
    kept: int
    steps: tuple[Step, ...]


def read_d100(tens: int, units: int) -> int:
    """The d100 value of one tens die and the units die; 00 + 0 is 100.

    >>> read_d100(0, 0), read_d100(0, 5), read_d100(60, 5), read_d100(90, 0)
    (100, 5, 65, 90)
    """
    return 100 if tens == 0 and units == 0 else tens + units


def net_dice(bonus: int, penalty: int, cap: int = BONUS_PENALTY_CAP) -> int:
    """Bonus minus penalty dice, capped at ±``cap`` (positive = bonus).

    >>> net_dice(1, 0), net_dice(3, 0), net_dice(1, 2), net_dice(0, 5)
    (1, 2, -1, -2)
    """
    return max(-cap, min(cap, bonus - penalty))


def choose(units: int, tens, net: int) -> tuple[int, int]:
    """The value kept and its index among ``tens``: lowest with bonus dice, highest with penalty dice.

    Candidates are compared as totals (with 00 + 0 = 100), not as tens faces.

    >>> choose(5, (60, 10), 1)
    (15, 1)
    >>> choose(0, (0, 10), 1)
    (10, 1)
    >>> choose(0, (30, 0), -1)
    (100, 1)
    """
    values = [read_d100(t, units) for t in tens]
    if net > 0:
        kept = min(range(len(values)), key=lambda i: values[i])
    elif net < 0:
        kept = max(range(len(values)), key=lambda i: values[i])
    else:
        kept = 0
    return values[kept], kept


def roll_percentile(dice: DiceSource, bonus: int = 0, penalty: int = 0, purpose: str = "d100") -> Percentile:
    """Roll 1D100 with bonus/penalty dice: one units die, then 1 + |net| tens dice."""
    net = net_dice(bonus, penalty)
    log = Log()
    if bonus or penalty:

        def dice_text(n: int, kind: str) -> str:
            return f"{n} {kind} {'die' if n == 1 else 'dice'}"

        kept = "no extra dice" if not net else dice_text(abs(net), "bonus" if net > 0 else "penalty")
        log.step(f"{dice_text(bonus, 'bonus')}, {dice_text(penalty, 'penalty')} → {kept}", _CANCEL)
    units = dice.roll(UNITS_DIE, f"{purpose}: units die")
    tens = tuple(dice.roll(TENS_DIE, f"{purpose}: tens die {i + 1}") for i in range(1 + abs(net)))
    value, kept = choose(units, tens, net)
    readings = ", ".join(f"{t:02d}+{units}={read_d100(t, units)}" for t in tens)
    if net:
        rule = "keep the lowest (bonus)" if net > 0 else "keep the highest (penalty)"
        log.step(f"Units {units}; tens {', '.join(f'{t:02d}' for t in tens)}: {readings}; {rule} → {value}", _BONUS)
    else:
        log.step(f"Units {units}, tens {tens[0]:02d} → {value}", _READ)
    return Percentile(units, tens, net, value, kept, tuple(log.steps))
