"""Operations: morale damage against Will and the GM's removal of morale penalties (M13; rules/semiautomagic.md
§2.8 Morale / Will, §2.14 S15)."""

from __future__ import annotations

from py_rules.operations import Operation
from py_rules.params import Param
from py_rules.semiautomagic import creature as C, tables as T
from py_rules.semiautomagic.fields import CREATURE, LABEL
from py_rules.semiautomagic.morale import apply_morale_damage, remove_morale_penalties
from py_rules.semiautomagic.ops_result import finish
from py_rules.trace import Log

__all__ = ("OPERATIONS",)


def _morale(*, creature, label, damage, source):
    c = C.copy_of(creature)
    log = Log()
    apply_morale_damage(c, damage, source, log)
    return finish("morale", label, c, log, total=damage, level_name=f"Will {C.will(c)}")


MORALE = Operation(
    id="semiautomagic.apply_morale_damage",
    system="semiautomagic",
    title="Morale damage (vs Will)",
    summary="Morale damage above Minimum Will gives a morale penalty (Will −1); above Will, fear panics, insanity "
    "confuses, rage frenzies; Will 0 means Broken (and Helpless).",
    covers=("M13",),
    params=(
        CREATURE,
        LABEL,
        Param(
            "damage",
            "int",
            "Morale damage",
            "rules/semiautomagic.md §2.8: one source's morale damage.",
            default=4,
            minimum=0,
            maximum=100,
        ),
        Param(
            "source",
            "choice",
            "Source",
            "rules/semiautomagic.md §2.8 [SRC Morale.html]: fear, insanity, rage or other.",
            default="fear",
            choices=tuple(T.MORALE_SOURCES),
        ),
    ),
    run=_morale,
    rolls=False,
    source="seed 002, Morale Penalty; Broken; rules/semiautomagic.md §2.8",
)


def _recover(*, creature, label, count):
    c = C.copy_of(creature)
    log = Log()
    remove_morale_penalties(c, count, log)
    return finish("morale_recovery", label, c, log, level_name=f"Will {C.will(c)}")


RECOVER = Operation(
    id="semiautomagic.remove_morale_penalties",
    system="semiautomagic",
    title="Remove morale penalties",
    summary="The GM removes morale penalties (the seed gives no recovery rule); Will above 0 ends Broken, and "
    "insanity's Confusion ends.",
    covers=("M13",),
    params=(
        CREATURE,
        LABEL,
        Param(
            "count",
            "int",
            "Penalties removed",
            "rules/semiautomagic.md §2.14 S15: a GM operation.",
            default=1,
            minimum=1,
            maximum=200,
        ),
    ),
    run=_recover,
    rolls=False,
    source="rules/semiautomagic.md §2.8, §2.14 S15",
)


OPERATIONS = (MORALE, RECOVER)
