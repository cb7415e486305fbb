"""Encounter operations that say, before time passes, what it would run that a GM must be asked about first:
Survival Tests, dying rounds or CON rolls and how many, a death timer running out (TABLE.md, Encounter; each
game's one entry point that advances time: rules/cross-system.md §4). Nothing is rolled or changed."""

from __future__ import annotations

from py_rules.encounter import flow
from py_rules.encounter.examples import DYING_COC
from py_rules.encounter.fields import COMMON, LABEL, SOURCE, TIME_PARAMS, json_object
from py_rules.encounter.games import span_text
from py_rules.encounter.sheet_time import MOVES, sheet_time_warnings
from py_rules.operations import Operation
from py_rules.params import Param
from py_rules.trace import Result

__all__ = ("TIME_CHECK", "SHEET_TIME_CHECK")


def _time_check(*, encounter, sheets, settings, unit, amount, activity, label):
    warnings = flow.time_check(encounter, {"unit": unit, "amount": amount, "activity": activity}, sheets)
    return Result(
        system="encounter",
        kind="time_check",
        label=label or encounter["name"],
        events=warnings or [f"Nothing to ask first: no dying roll comes due in {span_text(unit, amount)}."],
        details={"warnings": warnings},
    )


def _sheet_time_check(*, move, args, label):
    from py_rules.api import checked_args

    warnings = sheet_time_warnings(move, checked_args(move, args))
    return Result(
        system="encounter",
        kind="sheet_time_check",
        label=label or "Before time passes",
        events=warnings or ["Nothing to ask first: this runs no dying roll or Survival Test."],
        details={"warnings": warnings},
    )


TIME_CHECK = Operation(
    id="encounter.time_check",
    system="encounter",
    title="Before time passes",
    summary="What letting the time pass would run that the GM must know first: Survival Tests or dying "
    "rounds and how many, a death timer running out, time that cannot pass for the dying. Nothing is "
    "rolled or changed.",
    covers=(),
    rolls=False,
    run=_time_check,
    source=SOURCE,
    params=COMMON + TIME_PARAMS + (LABEL,),
)

SHEET_TIME_CHECK = Operation(
    id="encounter.sheet_time_check",
    system="encounter",
    title="Before time passes for one character",
    summary="What a time move on one character's sheet would run that the GM must know first: Survival "
    "Tests, dying rounds or CON rolls and how many, a death timer running out. Nothing is rolled or "
    "changed; the move's fields are checked as the move checks them.",
    covers=(),
    rolls=False,
    run=_sheet_time_check,
    source=SOURCE,
    params=(
        Param(
            "move",
            "choice",
            "Move",
            "The time move on the sheet.",
            choices=tuple(MOVES),
            default="coc.advance_time",
        ),
        Param(
            "args",
            "json",
            "The move's fields",
            "Every field the move takes, its sheet among them.",
            parse=json_object("They", 64),
            example={"unit": "rounds", "amount": 3, "investigator": DYING_COC},
        ),
        LABEL,
    ),
)
