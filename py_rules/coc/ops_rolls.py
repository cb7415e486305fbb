"""Operations for the dice against one sheet (rules/coc.md §3.14 C2–C6): a percentile roll, a skill, characteristic
or Luck roll, pushing a roll (§3.5) and spending or recovering Luck (§3.6). Creating a sheet is
:mod:`.ops_create`, opposed and combined rolls :mod:`.ops_opposed`, the development phase :mod:`.ops_development`."""

from __future__ import annotations

from py_rules.coc import checks, luck, push
from py_rules.coc.levels import level_for, level_name, succeeds
from py_rules.coc.params import (
    BONUS,
    CHARACTERISTIC,
    DIFFICULTY,
    EXAMPLE_AFTER_A_FAILED_ROLL,
    GOAL,
    INVESTIGATOR,
    LABEL,
    PENALTY,
    SKILL,
    with_states,
)
from py_rules.coc.percentile import roll_percentile
from py_rules.coc.settings import settings_from, settings_params
from py_rules.coc.tables import DIFFICULTIES, LUCK_MAX
from py_rules.operations import Operation
from py_rules.params import Param
from py_rules.trace import Log, Result

__all__ = ("OPERATIONS",)

FUMBLE_BASIS = settings_params("fumble_basis")
TICKING = settings_params("fumble_basis", "tick_with_bonus_die")
"""The settings of a roll that can tick a skill for improvement (rules/coc.md §3.4, §3.15)."""


def _d100(dice, *, label, bonus, penalty, value, difficulty, fumble_basis):
    perc = roll_percentile(dice, bonus, penalty, "d100")
    log, read = Log(), {}
    log.extend(perc.steps)
    if value is not None:
        level = level_for(perc.value, value, difficulty, fumble_basis)
        read = dict(target=value, level=int(level), level_name=level_name(level), success=succeeds(level, difficulty))
        log.step(f"{perc.value} vs {value}: {level_name(level)}", "seed 003, Rolling Dice; rules/coc.md §3.4")
    details = {"units": perc.units, "tens": list(perc.tens), "net_dice": perc.net}
    return Result.of(log, "coc", "d100", label=label, total=perc.value, details=details, **read)


D100 = Operation(
    id="coc.d100",
    system="coc",
    title="Percentile roll (d100)",
    summary="Roll 1D100 with bonus/penalty dice (cancel, at most 2; 00 + 0 = 100); optionally read the level against "
    "a value.",
    covers=("C2", "C3"),
    params=(
        LABEL,
        BONUS,
        PENALTY,
        Param(
            "value",
            "int",
            "Value to roll against",
            "Optional skill or characteristic value; the result shows "
            "Regular/Hard/Extreme, critical or fumble (rules/coc.md §3.4).",
            default=None,
            minimum=0,
            maximum=500,
        ),
        DIFFICULTY,
        *FUMBLE_BASIS,
    ),
    run=_d100,
    source="seed 003, Bonus Dice and Penalty Dice; rules/coc.md §3.3",
)


def _skill(dice, *, investigator, skill, difficulty, bonus, penalty, goal, label, **rest):
    settings, _ = settings_from(rest)
    return with_states(
        checks.skill_roll(
            dice,
            investigator,
            skill,
            difficulty=difficulty,
            bonus=bonus,
            penalty=penalty,
            goal=goal,
            label=label,
            settings=settings,
        )
    )


SKILL_ROLL = Operation(
    id="coc.skill_roll",
    system="coc",
    title="Skill roll",
    summary="1D100 against a skill: Regular (≤ skill), Hard (≤ half), Extreme (≤ fifth), 01 critical, fumble; the "
    "Keeper may demand a difficulty. Kept on the sheet for pushing or spending Luck.",
    covers=("C2", "C3"),
    params=(INVESTIGATOR, SKILL, DIFFICULTY, BONUS, PENALTY, GOAL, LABEL, *TICKING),
    run=_skill,
    source="seed 003, Rolling Dice; rules/coc.md §3.3, §3.4",
)


def _characteristic(dice, *, investigator, characteristic, difficulty, bonus, penalty, goal, label, **rest):
    settings, _ = settings_from(rest)
    return with_states(
        checks.characteristic_roll(
            dice,
            investigator,
            characteristic,
            difficulty=difficulty,
            bonus=bonus,
            penalty=penalty,
            goal=goal,
            label=label,
            settings=settings,
        )
    )


CHARACTERISTIC_ROLL = Operation(
    id="coc.characteristic_roll",
    system="coc",
    title="Characteristic roll (CON, INT …)",
    summary="1D100 against a characteristic, e.g. a CON roll or an INT roll.",
    covers=("C4",),
    params=(INVESTIGATOR, CHARACTERISTIC, DIFFICULTY, BONUS, PENALTY, GOAL, LABEL, *FUMBLE_BASIS),
    run=_characteristic,
    source="rules/coc.md §3.2; seed 003 (CON roll, INT roll)",
)


def _luck(dice, *, investigator, difficulty, bonus, penalty, label, **rest):
    settings, _ = settings_from(rest)
    return with_states(
        checks.luck_roll(
            dice, investigator, difficulty=difficulty, bonus=bonus, penalty=penalty, label=label, settings=settings
        )
    )


LUCK_ROLL = Operation(
    id="coc.luck_roll",
    system="coc",
    title="Luck roll",
    summary="1D100 against current Luck, when fate or external circumstances matter.",
    covers=("C6",),
    params=(INVESTIGATOR, DIFFICULTY, BONUS, PENALTY, LABEL, *FUMBLE_BASIS),
    run=_luck,
    source="seed 003, Luck",
)


def _push(dice, *, investigator, justification, bonus, penalty, label, **rest):
    settings, _ = settings_from(rest)
    return with_states(
        push.push_roll(dice, investigator, justification, label=label, bonus=bonus, penalty=penalty, settings=settings)
    )


PUSH = Operation(
    id="coc.push_roll",
    system="coc",
    title="Push the last roll",
    summary="Roll the same failed skill or characteristic roll once more, if justified. Not combat, not opposed, only "
    "once, not after spending Luck; a failed push is flagged for the Keeper's harsher consequence.",
    covers=("C5",),
    params=(
        INVESTIGATOR.with_example(EXAMPLE_AFTER_A_FAILED_ROLL),
        Param(
            "justification",
            "text",
            "Justification",
            "Seed 003, Pushing a Roll: 'If justified' — how the new attempt differs.",
            default="",
            example="Empties every drawer onto the floor",
        ),
        Param(
            "bonus",
            "int",
            "Bonus dice (if changed)",
            "rules/coc.md §3.5: the push keeps the first roll's bonus "
            "dice unless the Keeper changes them; leave empty to keep them.",
            default=None,
            minimum=0,
            maximum=5,
        ),
        Param(
            "penalty",
            "int",
            "Penalty dice (if changed)",
            "rules/coc.md §3.5: the push keeps the first roll's "
            "penalty dice unless the Keeper changes them; leave empty to keep them.",
            default=None,
            minimum=0,
            maximum=5,
        ),
        LABEL,
        *settings_params("push_after_fumble", "fumble_basis", "tick_with_bonus_die"),
    ),
    run=_push,
    source="seed 003, Pushing a Roll; rules/coc.md §3.5, §3.12 D1",
)


def _spend(*, investigator, points, target_level, label, **rest):
    settings, _ = settings_from(rest)
    return with_states(
        luck.spend_luck(investigator, points=points, target_level=target_level, label=label, settings=settings)
    )


SPEND_LUCK = Operation(
    id="coc.spend_luck",
    system="coc",
    title="Spend Luck on the last roll",
    summary="Lower the last skill roll point for point, even after a success. Not on pushed rolls, fumbles, damage, "
    "Luck or Sanity rolls; never buys a critical.",
    covers=("C6",),
    params=(
        INVESTIGATOR,
        Param(
            "points",
            "int",
            "Luck points",
            "Seed 003, Luck: reduce the roll by the Luck points spent.",
            default=0,
            minimum=0,
            maximum=LUCK_MAX,
        ),
        Param(
            "target_level",
            "choice",
            "…or reach level",
            "Spend exactly what reaches this level "
            "(rules/coc.md §3.6: cost = roll − threshold); leave empty to spend the points above.",
            default="",
            choices=("",) + DIFFICULTIES,
        ),
        LABEL,
        *FUMBLE_BASIS,
    ),
    run=_spend,
    source="seed 003, Luck; rules/coc.md §3.6, §3.12 D15",
    rolls=False,
)


def _recover(dice, *, investigator, label):
    return with_states(luck.recover_luck(dice, investigator, label=label))


RECOVER_LUCK = Operation(
    id="coc.recover_luck",
    system="coc",
    title="Recover Luck (after a session)",
    summary="Optional book rule: roll 1D100; above current Luck, gain 1D10 Luck (max 99).",
    covers=("C6",),
    params=(INVESTIGATOR, LABEL),
    run=_recover,
    source="rules/coc.md §3.6 [BOOK optional]",
)


OPERATIONS = (
    D100,
    SKILL_ROLL,
    CHARACTERISTIC_ROLL,
    LUCK_ROLL,
    PUSH,
    SPEND_LUCK,
    RECOVER_LUCK,
)
