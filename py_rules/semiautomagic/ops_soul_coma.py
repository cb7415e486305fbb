"""Operations: a Soul Coma's hourly check and telling whether the body is alive (M20; rules/semiautomagic.md §2.12
Soul Coma procedure)."""

from __future__ import annotations

from py_rules.operations import Operation
from py_rules.params import Param
from py_rules.semiautomagic import creature as C, tables as T
from py_rules.semiautomagic.conditions import detect_soul_coma, soul_coma_hour
from py_rules.semiautomagic.fields import CARETAKER, CREATURE, DYING_RULE, EXAMPLE_SOUL_COMA, LABEL, skill_bonus
from py_rules.semiautomagic.ops_result import finish
from py_rules.trace import Log

__all__ = ("OPERATIONS",)


def _soul_hour(dice, *, creature, label, caretaker_medicine, dying_rule):
    c = C.copy_of(creature)
    log = Log()
    held = soul_coma_hour(dice, c, log, caretaker_medicine=caretaker_medicine, rule=dying_rule)
    return finish("soul_coma", label, c, log, success=held, level_name="holds on" if held else "begins dying")


SOUL_HOUR = Operation(
    id="semiautomagic.soul_coma_hour",
    system="semiautomagic",
    title="Soul Coma: the hourly check",
    summary="Fortitude against the DC (1 in the first hour, +1 each hour); or a caretaker's Medicine against the same "
    "DC, which then does not rise. Failure: the body begins Dying.",
    covers=("M20",),
    params=(CREATURE.with_example(EXAMPLE_SOUL_COMA), LABEL, CARETAKER, DYING_RULE),
    run=_soul_hour,
    source="seed 002, Soul Coma; rules/semiautomagic.md §2.12",
)


def _detect(dice, *, label, method, bonus):
    log = Log()
    ok, total = detect_soul_coma(dice, method, bonus, log)
    return finish(
        "soul_coma_detect",
        label,
        None,
        log,
        success=ok,
        total=total,
        target=T.SOUL_COMA_DETECT[method],
        level_name="alive" if ok else "looks dead",
    )


DETECT = Operation(
    id="semiautomagic.detect_soul_coma",
    system="semiautomagic",
    title="Soul Coma: is the body alive?",
    summary="A body in a Soul Coma appears dead at a casual glance: DC 7 Medicine or DC 8 Perception reveals it is alive.",
    covers=("M20",),
    params=(
        LABEL,
        Param(
            "method", "choice", "Check", "Seed 002, Soul Coma.", default="Medicine", choices=tuple(T.SOUL_COMA_DETECT)
        ),
        skill_bonus("bonus", "Observer's bonus", "rules/semiautomagic.md §2.2: d6 + the skill bonus."),
    ),
    run=_detect,
    source="seed 002, Soul Coma",
)


OPERATIONS = (SOUL_HOUR, DETECT)
