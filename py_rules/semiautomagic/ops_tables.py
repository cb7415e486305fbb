"""Operations: the rule tables shown as they are kept (the Scale table, the EMP Toughness table, the damage types, the
Confusion chart) (M8, M22; rules/semiautomagic.md §2.3, §2.5, §2.11; rules/cross-system.md §0: tables are data)."""

from __future__ import annotations

from py_rules.operations import Operation
from py_rules.params import Param
from py_rules.semiautomagic import tables as T
from py_rules.semiautomagic.fields import LABEL
from py_rules.semiautomagic.ops_result import finish
from py_rules.trace import Log

__all__ = ("OPERATIONS",)


def _tables(*, label, table):
    log = Log()
    if table == "scale":
        for scale, row in T.SCALE_TABLE.items():
            log.step(
                f"Scale {scale}: {row[0]}, base Toughness {row[1]}, size ×{row[2]}, attack {row[3]:+d}, Target {row[4]}"
                + (f" ({row[5]})" if row[5] else ""),
                "rules/semiautomagic.md §2.3",
            )
    elif table == "emp":
        for name, (value, example) in T.EMP_TOUGHNESS.items():
            log.step(f"{name}: EMP Toughness {value}" + (f" — {example}" if example else ""), "seed 002, EMP table")
    elif table == "damage_types":
        for name, note in T.DAMAGE_TYPES.items():
            log.step(f"{name}: {note}", "seed 002, damage types")
        log.step(
            "Nonlethal is not a type: it comes with one; a would-be-fatal nonlethal hit knocks out; objects are immune",
            "seed 002, Nonlethal Damage",
        )
    else:
        for face, (text, _effect) in T.CONFUSION_CHART.items():
            log.step(f"{face}: {text}", "seed 002, Confusion chart")
    names = {
        "damage_types": "Damage types",
        "emp": "EMP Toughness table",
        "scale": "Scale table",
        "confusion": "Confusion chart",
    }
    return finish("table", label or names.get(table, table), None, log, level_name=names.get(table, table))


TABLES = Operation(
    id="semiautomagic.show_table",
    system="semiautomagic",
    title="Rule tables",
    summary="Show the Scale table, the EMP Toughness table, the eight damage types with their notes, or the Confusion chart.",
    covers=("M8", "M22"),
    params=(
        LABEL,
        Param(
            "table",
            "choice",
            "Table",
            "The engine's editable rule data (rules/cross-system.md §0).",
            default="damage_types",
            choices=("damage_types", "emp", "scale", "confusion"),
        ),
    ),
    run=_tables,
    rolls=False,
    source="seed 002; rules/semiautomagic.md §2.3, §2.5, §2.11",
)


OPERATIONS = (TABLES,)
