"""Operations: a round on the Confusion chart and the scatter die (M16, M17; rules/semiautomagic.md §2.11 Confusion
chart, §2.14 S17)."""

from __future__ import annotations

from py_rules.operations import Operation
from py_rules.semiautomagic import creature as C, tables as T
from py_rules.semiautomagic.confusion import confusion_round, roll_scatter
from py_rules.semiautomagic.fields import BLANK_ROWS, CREATURE, EXAMPLE_CONFUSED, LABEL
from py_rules.semiautomagic.ops_result import finish, told
from py_rules.trace import Log

__all__ = ("OPERATIONS",)


def _confusion(dice, *, creature, label, blank_rows):
    c = C.copy_of(creature)
    log = Log()
    rolled = confusion_round(dice, c, log, blank_rows)
    text = T.CONFUSION_CHART[rolled.row][0]
    details = {
        "row": rolled.row,
        "faces": rolled.faces,
        "screaming": rolled.screaming,
        "scatter": rolled.scatter[1] if rolled.scatter else None,
        "control_rounds": rolled.control_rounds,
    }
    return told(
        finish("confusion", label, c, log, total=rolled.row, level=rolled.row, level_name=text, details=details), log
    )


CONFUSION = Operation(
    id="semiautomagic.confusion_round",
    system="semiautomagic",
    title="Confusion round (d20 chart)",
    summary="Roll the Confusion chart for a Confused creature: 1 rerolls ignoring later 1s and adds 1d6 rounds; 6 "
    "rerolls ignoring 5s while screaming; blank rows 16–17 rerolled (setting); scatter die where needed; 18–20 "
    "give the player control.",
    covers=("M16", "M17"),
    params=(CREATURE.with_example(EXAMPLE_CONFUSED), LABEL, BLANK_ROWS),
    run=_confusion,
    source="seed 002, Confused; Confusion chart; rules/semiautomagic.md §2.11",
)


def _scatter(dice, *, label):
    log = Log()
    face, direction = roll_scatter(dice)
    log.step(f"d8 {face}: {direction}", "rules/semiautomagic.md §2.14 S17")
    return finish("scatter", label, None, log, total=face, level_name=direction)


SCATTER = Operation(
    id="semiautomagic.scatter",
    system="semiautomagic",
    title="Scatter die",
    summary="A direction for Panicked flight and Confusion rows 2, 7, 11, 12: a d8 read as N, NE, E, SE, S, SW, W, NW.",
    covers=("M17",),
    params=(LABEL,),
    run=_scatter,
    source="seed 002, Panicked; Confusion chart; rules/semiautomagic.md §2.14 S17",
)


OPERATIONS = (CONFUSION, SCATTER)
