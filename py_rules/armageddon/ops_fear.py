"""Operations on Fear: the Fear Test and the Fear Table it may send the Chronicler to (U19, U20; seed 000, Fear
Tests; rules/armageddon.md §1.13)."""

from __future__ import annotations

from py_rules.armageddon.character import name_of
from py_rules.armageddon.fear import fear_table_lookup, fear_test, is_placeholder
from py_rules.armageddon.fields import (
    CHARACTER,
    ESSENCE_SETTINGS,
    FEAR_TABLE_PARAM,
    LABEL,
    MODIFIERS,
    ROLL_SETTINGS,
    TURN_SECONDS,
    USE_FEAR_EFFECTS,
)
from py_rules.armageddon.tables import FEAR_TABLE
from py_rules.armageddon.work import GM_MODIFIER as _GM_MODS, SYSTEM as _SYS, work_for as _work
from py_rules.modifiers import parse_modifiers
from py_rules.operations import Operation
from py_rules.params import Param
from py_rules.trace import Result, Step
from py_rules.words import counted

__all__ = ("FEAR", "FEAR_TABLE_OP")


def _fear_test(dice, *, character, penalty, modifiers, label, **options):
    work = _work(character, dice, options)
    roll, row = fear_test(work, penalty=penalty, extra=parse_modifiers(modifiers, _GM_MODS))
    return work.result(
        "fear_test",
        label or f"{name_of(character)}: Fear Test",
        main=roll,
        details={
            "fear_table_row": row,
            "margin": roll.target - roll.total if row else 0,
            "fear_table_placeholder": is_placeholder(work.settings.fear_table),
        },
    )


FEAR = Operation(
    id="armageddon.fear_test",
    system=_SYS,
    title="Fear Test",
    summary="Mundanes: Willpower + 1d10; the Gifted and supernatural: Willpower × 2 + 1d10; the Chronicler's "
    "penalty −1 to −8. Failure: frozen for a Turn and Essence lost by the Fear Table (a placeholder until "
    "replaced).",
    covers=("U19", "U20", "U10"),
    params=(
        CHARACTER,
        Param(
            "penalty",
            "int",
            "Chronicler's fear penalty",
            "Seed 000, Fear Tests: −1 to −8 depending on the creature or situation.",
            default=0,
            minimum=-8,
            maximum=0,
        ),
        MODIFIERS,
        LABEL,
        USE_FEAR_EFFECTS,
        FEAR_TABLE_PARAM,
        TURN_SECONDS,
    )
    + ROLL_SETTINGS
    + ESSENCE_SETTINGS,
    run=_fear_test,
    source="seed 000, Fear Tests; rules/armageddon.md §1.13",
)


def _fear_table(*, margin, fear_table):
    table = fear_table or FEAR_TABLE
    row = fear_table_lookup(margin, table)
    placeholder = is_placeholder(table)
    steps = [
        Step(
            f"Failed by {margin}: {row['effect']}; Essence loss {row['essence_dice']}; frozen "
            f"{counted(row['frozen_turns'], 'Turns')}",
            "seed 000, Fear Tests; rules/armageddon.md §1.13",
        )
    ]
    if placeholder:
        steps.append(
            Step(
                "This Fear Table is a stand-in until the book's own table (Armageddon p. 124) is typed in.",
                "rules/armageddon.md §1.13 [UNVERIFIED]",
            )
        )
    return Result(
        system=_SYS,
        kind="fear_table",
        label=f"Fear Table, failed by {margin}",
        level_name=row["effect"],
        flags=["fear_table_placeholder"] if placeholder else [],
        steps=steps,
        details={"row": row, "table": [dict(r) for r in table], "placeholder": placeholder},
    )


FEAR_TABLE_OP = Operation(
    id="armageddon.fear_table",
    system=_SYS,
    title="Fear Table lookup",
    summary="Read the Fear Table for the amount a Fear Test failed by: extra effect, Essence loss dice, Turns "
    "frozen. Ships as a placeholder (rules/armageddon.md §1.13).",
    covers=("U20",),
    params=(
        Param(
            "margin",
            "int",
            "Failed by",
            "Target Number minus the Fear Test's total.",
            default=1,
            minimum=1,
            maximum=100,
        ),
        FEAR_TABLE_PARAM,
    ),
    run=_fear_table,
    source="seed 000, Fear Tests (Fear Table, Armageddon p. 124); rules/armageddon.md §1.13",
    rolls=False,
)
