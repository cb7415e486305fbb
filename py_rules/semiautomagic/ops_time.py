"""Operations: rounds and hours pass, every timer ticks and each periodic rule runs (M9, M15, M16, M18–M20;
rules/semiautomagic.md §2.13 Time and actions; rules/cross-system.md §4: one entry point advances time)."""

from __future__ import annotations

from py_rules.operations import Operation
from py_rules.params import Param
from py_rules.semiautomagic import creature as C
from py_rules.semiautomagic.clock import advance_hours, advance_rounds
from py_rules.semiautomagic.fields import (
    BLANK_ROWS,
    CARETAKER,
    CREATURE,
    DYING_ORDER,
    DYING_RULE,
    EXAMPLE_DYING,
    EXAMPLE_SOUL_COMA,
    LABEL,
)
from py_rules.semiautomagic.ops_result import finish, told
from py_rules.trace import Log

__all__ = ("OPERATIONS",)


def _rounds(dice, *, creature, label, rounds, dying_rule, dying_order, blank_rows, caretaker_medicine, confusion):
    c = C.copy_of(creature)
    log = Log()
    advance_rounds(
        dice,
        c,
        rounds,
        log,
        rule=dying_rule,
        order=dying_order,
        blank_rows=blank_rows,
        caretaker_medicine=caretaker_medicine,
        confusion=confusion,
    )
    return told(finish("rounds", label, c, log, level_name=_after(c, rounds, "round"), details={"rounds": rounds}), log)


ROUNDS = Operation(
    id="semiautomagic.advance_rounds",
    system="semiautomagic",
    title="Next round (tick every timer)",
    summary="Start the next round or rounds: every timer runs 6 seconds (conditions end, sleepers and the unconscious wake "
    "Flat-Footed, Soul Coma hours), then the dying round, the Staggered stun roll and the Confusion chart.",
    covers=("M9", "M15", "M16", "M18", "M19", "M20"),
    params=(
        CREATURE.with_example(EXAMPLE_DYING),
        LABEL,
        Param("rounds", "int", "Rounds", "How many 6-second rounds start.", default=1, minimum=1, maximum=100),
        DYING_RULE,
        DYING_ORDER,
        BLANK_ROWS,
        CARETAKER,
        Param(
            "confusion",
            "bool",
            "Roll the Confusion chart",
            "Off: a Confused character's chart is rolled at the start of its turn instead (an encounter does that).",
            default=True,
        ),
    ),
    run=_rounds,
    source="rules/semiautomagic.md §2.13, rules/cross-system.md §4; seed 002, Conditions",
)


def _hours(dice, *, creature, label, hours, caretaker_medicine, dying_rule):
    c = C.copy_of(creature)
    log = Log()
    advance_hours(dice, c, hours, log, caretaker_medicine=caretaker_medicine, rule=dying_rule)
    return told(finish("hours", label, c, log, level_name=_after(c, hours, "hour"), details={"hours": hours}), log)


def _after(c: dict, count: int, unit: str) -> str:
    """'After 2 rounds: Helpless, Unconscious' — how the creature stands once the time has passed."""
    now = ", ".join(C.effective_conditions(c)) or ("dead" if c["dead"] else "no conditions")
    return f"After {count} {unit}{'s' if count != 1 else ''}: {now}"


HOURS = Operation(
    id="semiautomagic.advance_hours",
    system="semiautomagic",
    title="Hours pass",
    summary="Whole hours pass: wake-up timers (1d4 hours per wound), Soul Coma hourly checks, every other timer. "
    "Not while dying (play the rounds).",
    covers=("M19", "M20"),
    params=(
        CREATURE.with_example(EXAMPLE_SOUL_COMA),
        LABEL,
        Param("hours", "int", "Hours", "How many hours pass.", default=1, minimum=1, maximum=240),
        CARETAKER,
        DYING_RULE,
    ),
    run=_hours,
    source="seed 002, Unconscious; Soul Coma; rules/cross-system.md §4",
)


OPERATIONS = (ROUNDS, HOURS)
