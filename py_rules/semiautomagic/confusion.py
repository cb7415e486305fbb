"""The Confusion chart and the scatter die (M16, M17; seed 002 Confused; rules/semiautomagic.md §2.11, §2.14 S2, S17).

:func:`chart_row` and :func:`needs_reroll` are pure; :func:`roll_confusion` draws d20s until a real row.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from py_rules.dice import DiceSource, d
from py_rules.errors import RulesError
from py_rules.semiautomagic import tables as T
from py_rules.semiautomagic.conditions import order
from py_rules.trace import Log
from py_rules.words import counted

__all__ = (
    "D20",
    "D8",
    "scatter_direction",
    "roll_scatter",
    "needs_reroll",
    "ConfusionRoll",
    "roll_confusion",
    "confusion_round",
    "row_told",
)

D20 = d(20)
D8 = d(8)
_CHART = "seed 002, Confusion chart; rules/semiautomagic.md §2.11"


def scatter_direction(face: int) -> str:
    """The d8 scatter die read as a compass direction (S17).

    >>> scatter_direction(1), scatter_direction(8)
    ('N', 'NW')
    """
    return T.SCATTER_DIRECTIONS[face - 1]


def roll_scatter(dice: DiceSource, purpose: str = "scatter die") -> tuple[int, str]:
    face = dice.roll(D8, purpose)
    return face, scatter_direction(face)


def needs_reroll(face: int, ignored, blank_rows: str = "reroll") -> bool:
    """Whether a d20 face must be rolled again: an ignored face, a blank row (default), or a reroll row.

    >>> needs_reroll(1, set()), needs_reroll(16, set()), needs_reroll(16, set(), "no_action"), needs_reroll(5, {5})
    (True, True, False, True)
    """
    effect = T.CONFUSION_CHART[face][1]
    if face in ignored or effect.get("reroll"):
        return True
    return bool(effect.get("blank")) and blank_rows == "reroll"


@dataclass
class ConfusionRoll:
    """The d20 faces in order, the final row, and what the chain added."""

    faces: list = field(default_factory=list)
    row: int = 0
    extra_rounds_faces: list = field(default_factory=list)
    screaming: bool = False
    scatter: tuple | None = None
    control_rounds: int = 0


def roll_confusion(dice: DiceSource, blank_rows: str = "reroll", log: Log | None = None) -> ConfusionRoll:
    """Roll the chart until a real row (M16): row 1 adds 1d6 rounds and ignores later 1s, row 6 makes the
    character scream and ignores 5s, blank rows are rerolled (or read as row 10 with ``no_action``)."""
    if blank_rows not in T.BLANK_CONFUSION_ROWS:
        raise RulesError("bad_choice", f"Blank rows must be one of {', '.join(T.BLANK_CONFUSION_ROWS)}.", "blank_rows")
    log = log if log is not None else Log()
    out = ConfusionRoll()
    ignored: set[int] = set()
    while True:
        face = dice.roll(D20, "Confusion chart")
        out.faces.append(face)
        text, effect = T.CONFUSION_CHART[face]
        if face in ignored:
            log.step(f"d20 {face}: ignored, roll again", _CHART)
            continue
        if effect.get("blank"):
            if blank_rows == "reroll":
                log.step(f"d20 {face}: blank row, roll again", "rules/semiautomagic.md §2.14 S2")
                continue
            log.step(
                f"d20 {face}: blank row read as row {T.NO_ACTION_ROW}",
                "rules/semiautomagic.md §2.14 S2 (option no_action)",
            )
            face = T.NO_ACTION_ROW
            text, effect = T.CONFUSION_CHART[face]
        if effect.get("reroll"):
            ignored.add(effect["ignore_add"])
            log.step(f"d20 {face}: {text}", _CHART)
            if effect.get("extra_d6_rounds"):
                extra = dice.roll(d(6), "extra rounds of confusion")
                out.extra_rounds_faces.append(extra)
                log.step(f"Confused for {extra} more rounds (1d6)", _CHART)
            if effect.get("screaming"):
                out.screaming = True
            continue
        out.row = face
        log.step(f"d20 {face}: {text}" + (" (screaming)" if out.screaming else ""), _CHART)
        if effect.get("scatter"):
            out.scatter = roll_scatter(dice)
            log.step(f"Scatter die {out.scatter[0]}: direction {out.scatter[1]}", "rules/semiautomagic.md §2.14 S17")
        if effect.get("control_d6_rounds"):
            out.control_rounds = dice.roll(d(6), "rounds of regained control")
            log.step(f"Control regained for {counted(out.control_rounds, 'rounds')} (1d6)", _CHART)
        elif effect.get("control_rounds"):
            out.control_rounds = effect["control_rounds"]
        return out


def confusion_round(dice: DiceSource, c: dict, log: Log, blank_rows: str = "reroll") -> ConfusionRoll:
    """Roll this round's Confusion for ``c`` (changed in place): extra duration, regained control,
    Panicked for the round, and row statuses (flanked, prone, crouching, screaming)."""
    confused = c["conditions"].get("Confused")
    if confused is None or c["dead"]:
        raise RulesError("not_confused", f"{c['name'] or 'This creature'} is not Confused.", "creature")
    result = roll_confusion(dice, blank_rows, log)
    name = c["name"] or "The creature"
    extra = sum(result.extra_rounds_faces)
    if extra:
        if confused["seconds"] is None:
            log.step("Confusion has no set end, so the extra rounds change nothing", _CHART)
        else:
            confused["seconds"] += extra * T.ROUND_SECONDS
            log.event(f"{name} is confused for {extra} more rounds.")
    effect = T.CONFUSION_CHART[result.row][1]
    statuses = set(c["statuses"])
    if result.screaming:
        statuses.add("screaming")
    if effect.get("status"):
        statuses.add(effect["status"])
    if statuses != set(c["statuses"]):
        c["statuses"] = sorted(statuses)
        log.event(f"{name} is now: {', '.join(c['statuses'])}.")
    if effect.get("panicked_rounds"):
        seconds = effect["panicked_rounds"] * T.ROUND_SECONDS
        panicked = c["conditions"].get("Panicked")
        if panicked is not None and (panicked["seconds"] is None or panicked["seconds"] >= seconds):
            # Row 5 adds a round of panic; it never shortens a panic that lasts longer (e.g. fear above Will).
            log.step(f"{name} is already Panicked for longer: that panic continues", _CHART)
        else:
            c["conditions"]["Panicked"] = {"seconds": seconds}
            c["conditions"] = order(c["conditions"])
            log.event(f"{name} is Panicked for this round.")
    if result.control_rounds:
        confused["control_seconds"] = result.control_rounds * T.ROUND_SECONDS
        log.event(
            f"The player controls {name} for {result.control_rounds} round{'s' if result.control_rounds != 1 else ''}."
        )
    log.tell(row_told(result))
    return result


def row_told(rolled: ConfusionRoll) -> str:
    """What the chart says the character does, in its words, with what the chain added: ``Confusion chart 12:
    Scatter die: runs in that direction. Direction: NE.``

    >>> row_told(ConfusionRoll(faces=[6, 14], row=14, screaming=True))
    'Confusion chart 14: Falls prone. Screams as loudly as it can'
    >>> row_told(ConfusionRoll(faces=[13], row=13))
    'Confusion chart 13: Hallucinates ghostly attackers and attacks empty space, flanked for the round'
    """
    said = T.CONFUSION_CHART[rolled.row][0].replace("; ", ", ")  # "; " parts a headline's lines
    text = f"Confusion chart {rolled.row}: {said}"
    if rolled.scatter:
        text += f" Direction: {rolled.scatter[1]}."
    if rolled.screaming:
        text += " Screams as loudly as it can."
    if rolled.extra_rounds_faces:
        text += f" Confused for {counted(sum(rolled.extra_rounds_faces), 'rounds')} more."
    if rolled.control_rounds and T.CONFUSION_CHART[rolled.row][1].get("control_d6_rounds"):
        text += f" ({counted(rolled.control_rounds, 'rounds')})"
    return text.rstrip(".")
