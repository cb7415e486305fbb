"""Fear Tests and the Fear Table (U19, U20; seed 000 "Fear Tests"; rules/armageddon.md §1.13).

The Fear Table is data (:data:`py_rules.armageddon.tables.FEAR_TABLE`), a
placeholder until a table types in the book's p. 124 values; an operation may
also receive a replacement table as JSON (:func:`parse_fear_table`).
"""

from __future__ import annotations

from py_rules.armageddon.character import add, attribute, name_of
from py_rules.armageddon.damage import roll_damage
from py_rules.armageddon.essence import lose_essence
from py_rules.armageddon.tables import DAMAGE_FORM, FEAR_FROZEN_TURNS, FEAR_TABLE, FEAR_TABLE_IS_PLACEHOLDER
from py_rules.dice_expr import parse
from py_rules.errors import RulesError
from py_rules.trace import Modifier

__all__ = ("fear_table_lookup", "parse_fear_table", "fear_test", "is_placeholder", "fear_test_kind")

_FEAR = "seed 000, Fear Tests"
_TABLE = "seed 000, Fear Tests: the Fear Table (Armageddon p. 124); rules/armageddon.md §1.13 placeholder"
_ROW_KEYS = ("min_margin", "max_margin", "effect", "essence_dice", "frozen_turns")


def fear_table_lookup(margin: int, table=FEAR_TABLE) -> dict:
    """The row for a Fear Test failed by ``margin`` (≥ 1) (U20).

    >>> fear_table_lookup(1)["essence_dice"], fear_table_lookup(6)["essence_dice"], fear_table_lookup(40)["min_margin"]
    ('1d6', '1d8', 11)
    """
    if margin < 1:
        raise RulesError("out_of_range", "The Fear Table is read for a failed Fear Test: margin 1 or more.", "margin")
    chosen = None
    for row in table:
        if row["min_margin"] <= margin and (row["max_margin"] is None or margin <= row["max_margin"]):
            return row
        if row["min_margin"] <= margin:
            chosen = row
    if chosen is None:
        raise RulesError("bad_table", f"The Fear Table has no row for a margin of {margin}.", "fear_table")
    return chosen


def is_placeholder(table) -> bool:
    return FEAR_TABLE_IS_PLACEHOLDER and list(table) == list(FEAR_TABLE)


def parse_fear_table(raw) -> tuple:
    """Validate a replacement Fear Table (a list of rows like :data:`FEAR_TABLE`)."""
    if not isinstance(raw, list) or not raw:
        raise RulesError("wrong_type", "The Fear Table must be a non-empty list of rows.", "fear_table")
    rows = []
    for index, row in enumerate(raw):
        field = f"{index}"
        if not isinstance(row, dict):
            raise RulesError("wrong_type", f"Row {index} must be an object.", field)
        unknown = set(row) - set(_ROW_KEYS)
        if unknown:
            raise RulesError(
                "unknown_field", f"Row {index} has no field {sorted(unknown)[0]!r}.", f"{field}.{sorted(unknown)[0]}"
            )
        low = row.get("min_margin")
        high = row.get("max_margin")
        if isinstance(low, bool) or not isinstance(low, int) or low < 1:
            raise RulesError(
                "wrong_type", f"Row {index}: the lowest margin must be a whole number ≥ 1.", f"{field}.min_margin"
            )
        if high is not None and (isinstance(high, bool) or not isinstance(high, int) or high < low):
            raise RulesError(
                "wrong_type",
                f"Row {index}: the highest margin must be empty or at least the lowest margin.",
                f"{field}.max_margin",
            )
        effect = row.get("effect", "")
        if not isinstance(effect, str):
            raise RulesError("wrong_type", f"Row {index}: the effect must be text.", f"{field}.effect")
        dice = row.get("essence_dice")
        parse(dice, DAMAGE_FORM, f"{field}.essence_dice")
        turns = row.get("frozen_turns", FEAR_FROZEN_TURNS)
        if isinstance(turns, bool) or not isinstance(turns, int) or not 1 <= turns <= 1000:
            raise RulesError(
                "wrong_type", f"Row {index}: the Turns frozen must be a whole number ≥ 1.", f"{field}.frozen_turns"
            )
        rows.append(
            {"min_margin": low, "max_margin": high, "effect": effect, "essence_dice": dice, "frozen_turns": turns}
        )
    return tuple(sorted(rows, key=lambda r: r["min_margin"]))


def fear_test_kind(character: dict) -> str:
    """Mundanes: Difficult; the Gifted and supernatural creatures: Simple (seed 000, Fear Tests)."""
    return "difficult" if character["kind"] == "mundane" else "simple"


def fear_test(work, *, penalty: int, extra=()):
    """Fear Test with the Chronicler's penalty; failure freezes for a Turn and costs Essence by the
    Fear Table (U19, U20)."""
    char = work.char
    kind = fear_test_kind(char)
    will = attribute(char, "Willpower")
    if kind == "simple":
        parts = [Modifier("Willpower × 2", will * 2, _FEAR + f": {char['kind'].title()}: Simple Willpower Test")]
    else:
        parts = [Modifier("Willpower", will, _FEAR + ": Mundanes: Difficult Willpower Test")]
    mods = list(extra)
    if penalty:
        mods.insert(0, Modifier("Chronicler's fear penalty", penalty, _FEAR + ": −1 to −8 by creature/situation"))
    roll = work.roll(
        f"Fear Test ({kind.title()} Willpower)", kind="fear_test", parts=parts, attributes=("Willpower",), extra=mods
    )
    if roll.success:
        work.event(f"{name_of(char)} keeps their nerve (Fear Test {roll.total}).")
        return roll, None
    table = work.settings.fear_table
    margin = roll.target - roll.total
    row = fear_table_lookup(margin, table)
    placeholder = is_placeholder(table)
    if placeholder:
        work.flag("fear_table_placeholder")
    label = "placeholder Fear Table" if placeholder else "Fear Table"
    work.step(
        f"Failed by {margin}: {label} row {row['min_margin']}–{row['max_margin'] or '…'}: "
        f"{row['effect']}; Essence loss {row['essence_dice']}",
        _TABLE,
    )
    turns = row["frozen_turns"] if work.settings.use_fear_table_effects else FEAR_FROZEN_TURNS
    seconds = turns * work.settings.turn_seconds
    add(char, "frozen")
    char["timers"]["frozen_seconds"] = max(char["timers"]["frozen_seconds"], seconds)
    work.event(f"{name_of(char)} freezes up for {turns} Turn{'s' if turns != 1 else ''} ({seconds} s).")
    if work.settings.use_fear_table_effects:
        work.event(f"Fear Table effect ({label}): {row['effect']}.")
    else:
        work.step(
            "The row's additional effect is the Chronicler's option (setting 'Apply the Fear Table's extra "
            "effects' is off): only the one-Turn freeze and the Essence loss apply.",
            _FEAR,
        )
    value, _faces, steps = roll_damage(
        work.dice, parse(row["essence_dice"], DAMAGE_FORM, "fear_table"), "Essence loss (Fear Table)", _TABLE
    )
    work.steps.extend(steps)
    lose_essence(work, value, "fear")
    return roll, row
