"""The creation record an investigator keeps (C23; rules/coc.md §3.2a: "every die kept and shown"): the dice of
each characteristic's creation roll, Luck's (twice for the youngest), and each age step with its dice.

:func:`roll_characteristics` rolls them (digital dice or physical ones typed, through the one dice source) and
answers the record; :func:`read_record` checks a record on a sheet (``creation``): each roll's dice are the
faces its roll uses and give the value written beside them, so what a sheet shows is what was rolled.

A record on a sheet::

    {"dice_source": "digital",
     "rolls": {"STR": [{"dice": [3, 5, 2], "value": 50}], …, "Luck": [{"dice": […], "value": 55}]},
     "age": [{"text": "EDU improvement check 1: 73 > EDU 60: +1D10 = 4 → EDU 64 (at most 99)", "dice": [3, 70, 4]}]}
"""

from __future__ import annotations

from py_rules.coc.age import apply_age, band_for, split_loss
from py_rules.coc.tables import CHARACTERISTICS, CREATION_DICE, LUCK_MAX
from py_rules.dice import DiceSource, TypedDice, d
from py_rules.errors import RulesError
from py_rules.limits import shown
from py_rules.trace import Log, Result

__all__ = ("FIELD", "ROLLED", "read_record", "roll_characteristics", "dice_words", "RECORD_FIELDS")

FIELD = "creation"
"""The sheet's field holding the record."""
ROLLED = CHARACTERISTICS + ("Luck",)
"""What is rolled at creation, in order (rules/coc.md §3.2)."""
SOURCE = "rules/coc.md §3.2, §3.2a"
_AGE_STEPS_MAX = 12
_TEXT_MAX = 200
_DICE_MAX = 6

RECORD_FIELDS = (
    # The record as the sheet's declaration would list it (py_rules/sheet_spec.py Field arguments), for a game
    # whose sheet is declared: path, label, kind and what it holds.
    (
        "creation",
        "Creation record",
        "record",
        "The dice rolled for each characteristic and Luck, and each age step with its dice (rules/coc.md §3.2a).",
    ),
    ("creation.dice_source", "Dice", "choice", "Digital dice, or physical dice typed."),
    ("creation.rolls", "Dice per characteristic", "map", "Each characteristic's creation roll: its dice and value."),
    ("creation.age", "Age steps", "list", "Each step of the age table with its dice."),
)


def dice_words(roll: dict, key: str) -> str:
    """One roll as the sheet shows it: ``3 + 5 + 2 = 10 × 5 = 50``, ``(4 + 6 + 6) × 5 = 80``.

    >>> dice_words({"dice": [3, 5, 2], "value": 50}, "STR"), dice_words({"dice": [4, 6], "value": 80}, "EDU")
    ('(3 + 5 + 2) × 5 = 50', '(4 + 6 + 6) × 5 = 80')
    """
    _count, plus = CREATION_DICE[key]
    faces = " + ".join(map(str, roll["dice"]))
    return f"({faces}{f' + {plus}' if plus else ''}) × 5 = {roll['value']}"


def _fail(code: str, message: str, path: str) -> RulesError:
    return RulesError(code, message, path)


def read_record(value) -> dict:
    """The record ``value`` checked and in canonical form, or a RulesError naming its place."""
    if not isinstance(value, dict):
        raise _fail("wrong_type", "The creation record must be an object.", FIELD)
    for key in value:
        if key not in ("dice_source", "rolls", "age"):
            raise _fail("unknown_field", f"The creation record has no field {shown(key)}.", FIELD)
    source = value.get("dice_source", "digital")
    if source not in ("digital", "physical"):
        raise _fail("bad_choice", "The creation record's dice are digital or physical.", f"{FIELD}.dice_source")
    rolls = value.get("rolls", {})
    if not isinstance(rolls, dict):
        raise _fail("wrong_type", "The creation record's rolls must be an object.", f"{FIELD}.rolls")
    out_rolls = {}
    for key in ROLLED:  # in the order they are rolled, whatever order they came in
        if key not in rolls:
            continue
        out_rolls[key] = _rolls_of(key, rolls[key])
    for key in rolls:
        if key not in ROLLED:
            raise _fail(
                "unknown_field",
                f"The creation record has no roll for {shown(key)}; rolls are for {', '.join(ROLLED)}.",
                f"{FIELD}.rolls",
            )
    age = value.get("age", [])
    if not isinstance(age, list) or len(age) > _AGE_STEPS_MAX:
        raise _fail(
            "wrong_type", f"The creation record's age steps must be a list of at most {_AGE_STEPS_MAX}.", f"{FIELD}.age"
        )
    out_age = []
    for index, step in enumerate(age):
        where = f"{FIELD}.age.{index}"
        if not isinstance(step, dict) or set(step) - {"text", "dice"}:
            raise _fail("wrong_type", "Each age step has its text and its dice.", where)
        text, faces = step.get("text", ""), step.get("dice", [])
        if not isinstance(text, str) or len(text) > _TEXT_MAX:
            raise _fail("wrong_type", f"An age step's text must be at most {_TEXT_MAX} characters.", f"{where}.text")
        if (
            not isinstance(faces, list)
            or len(faces) > _DICE_MAX
            or not all(isinstance(f, int) and not isinstance(f, bool) and 0 <= f <= 100 for f in faces)
        ):
            raise _fail("wrong_type", "An age step's dice must be a short list of faces (0–100).", f"{where}.dice")
        out_age.append({"text": text, "dice": list(faces)})
    return {"dice_source": source, "rolls": out_rolls, "age": out_age}


def _rolls_of(key: str, rolls) -> list:
    where = f"{FIELD}.rolls.{key}"
    most = 2 if key == "Luck" else 1  # rules/coc.md §3.2a: Luck twice at 15–19
    if not isinstance(rolls, list) or not 1 <= len(rolls) <= most:
        raise _fail(
            "wrong_type",
            f"The creation record keeps {'one or two rolls' if most == 2 else 'one roll'} for {key}.",
            where,
        )
    count, plus = CREATION_DICE[key]
    out = []
    for roll in rolls:
        if not isinstance(roll, dict) or set(roll) != {"dice", "value"}:
            raise _fail("wrong_type", f"A roll for {key} has its dice and its value.", where)
        faces = roll["dice"]
        if (
            not isinstance(faces, list)
            or len(faces) != count
            or not all(isinstance(f, int) and not isinstance(f, bool) and 1 <= f <= 6 for f in faces)
        ):
            raise _fail("bad_dice", f"{key} is rolled with {count}D6: {count} faces from 1 to 6.", where)
        if roll["value"] != (sum(faces) + plus) * 5:
            raise _fail(
                "bad_input",
                f"The dice for {key} ({', '.join(map(str, faces))}) give "
                f"{(sum(faces) + plus) * 5}, not {shown(roll['value'])}.",
                where,
            )
        out.append({"dice": list(faces), "value": roll["value"]})
    return out


def _roll_one(dice: DiceSource, key: str, purpose: str) -> dict:
    count, plus = CREATION_DICE[key]
    faces = dice.roll_many(count, d(6), purpose)
    return {"dice": faces, "value": (sum(faces) + plus) * 5}


def roll_characteristics(dice: DiceSource, *, age: int, age_loss: dict | None = None, label: str = "") -> Result:
    """Roll the eight characteristics and Luck (rules/coc.md §3.2), then apply the age table (§3.2a), every die in
    the trace and in the record the sheet keeps (``details.creation``). ``details.characteristics`` and
    ``details.luck`` are the values after age."""
    band = band_for(age)
    if age_loss:  # a split the band does not allow is refused before a die is thrown (a retry would roll again)
        split_loss(band, age_loss, {key: LUCK_MAX for key in CHARACTERISTICS})
    rolls, log, rolled = {}, Log(), {}
    for key in ROLLED:
        roll = _roll_one(dice, key, f"{key} creation roll")
        rolls[key] = [roll]
        rolled[key] = roll["value"]
        log.step(f"{key}: {dice_words(roll, key)}", SOURCE)
    luck = min(LUCK_MAX, rolled.pop("Luck"))
    if band.luck_twice:
        again = _roll_one(dice, "Luck", "Luck creation roll (second)")
        rolls["Luck"].append(again)
        luck = min(LUCK_MAX, max(luck, again["value"]))
        log.step(f"Luck again: {dice_words(again, 'Luck')}; the higher kept: {luck}", SOURCE)
    chars, age_record = apply_age(dice, rolled, age, log, age_loss)
    record = {
        "dice_source": "physical" if isinstance(dice, TypedDice) else "digital",
        "rolls": rolls,
        "age": age_record,
    }
    said = ", ".join(f"{key} {chars[key]}" for key in CHARACTERISTICS) + f", Luck {luck}"
    log.event(f"Rolled at age {age}: {said}")
    return Result.of(
        log,
        "coc",
        "roll_characteristics",
        label=label,
        details={
            "characteristics": chars,
            "luck": luck,
            "rolled": {**rolled, "Luck": rolls["Luck"][0]["value"]},
            "creation": read_record(record),
            "age_band": band.words(),
        },
    )
