"""Creating an investigator (C1; rules/coc.md §3.2): characteristics entered or rolled, then derived values."""

from __future__ import annotations

from py_rules.coc.investigator import from_dict
from py_rules.coc.tables import CHARACTERISTICS, CREATION_DICE, SCHEMA
from py_rules.dice import DiceSource, d
from py_rules.trace import Log, Result

__all__ = ("roll_characteristic", "create_investigator")

CREATION = "rules/coc.md §3.2 [BOOK]"
LOSS = "rules/coc.md §3.11"


def roll_characteristic(dice: DiceSource, name: str, log: Log) -> int:
    """3D6 × 5 (STR, CON, DEX, APP, POW, Luck) or (2D6 + 6) × 5 (SIZ, INT, EDU); ``log`` is told the dice."""
    count, plus = CREATION_DICE[name]
    faces = dice.roll_many(count, d(6), f"{name} creation roll")
    value = (sum(faces) + plus) * 5
    log.step(f"{name}: ({' + '.join(map(str, faces))}{f' + {plus}' if plus else ''}) × 5 = {value}", CREATION)
    return value


def create_investigator(
    dice: DiceSource,
    *,
    name: str,
    age: int,
    characteristics: dict,
    luck: int,
    skills: dict,
    roll: bool = False,
    label: str = "",
    gear: dict | None = None,
) -> Result:
    """Build a new investigator with full HP, MP and SAN = POW (capped at 99 − Cthulhu Mythos); ``gear``: the
    weapons and armour points the sheet starts with (rules/coc.md §3.8), and any other field of the sheet it starts
    with (a creature's ``kind``, printed ``mov`` and ``san_loss``: :func:`.investigator.from_dict` reads them)."""
    gear = gear or {}
    log = Log()
    chars = dict(characteristics)
    if roll:  # check the name, age, Luck and skills before any die is rolled (a retry would roll again)
        from_dict(
            {
                "schema": SCHEMA,
                "name": name,
                "age": age,
                "characteristics": {k: 50 for k in CHARACTERISTICS},
                "luck": luck,
                "skills": skills,
                **gear,
            }
        )
    if roll:
        for key in CHARACTERISTICS + ("Luck",):
            value = roll_characteristic(dice, key, log)
            if key == "Luck":
                luck = min(99, value)
            else:
                chars[key] = value
    state = from_dict(
        {"schema": SCHEMA, "name": name, "age": age, "characteristics": chars, "luck": luck, "skills": skills, **gear}
    )
    der = state["derived"]
    c = state["characteristics"]
    log.step(f"HP = (CON {c['CON']} + SIZ {c['SIZ']}) / 10 = {der['hp_max']}", CREATION)
    log.step(f"MP = POW {c['POW']} / 5 = {der['mp_max']}", CREATION)
    log.step(
        f"SAN starts at POW {c['POW']}; maximum 99 − Cthulhu Mythos = {der['san_max']}; now {state['san']}", CREATION
    )
    log.step(f"STR + SIZ = {c['STR'] + c['SIZ']}: Damage Bonus {der['damage_bonus']}, Build {der['build']}", CREATION)
    log.step(
        f"MOV {der['mov']} (its own, as its stat block prints it)"
        if der["mov_from"] == "sheet"
        else f"MOV {der['mov']} (DEX, STR vs SIZ; age {state['age']})",
        CREATION,
    )
    log.step(f"Dodge base = DEX / 2 = {c['DEX'] // 2}; Dodge {der['dodge']}", CREATION)
    if state.get("san_loss"):
        log.step(f"Sanity loss {state['san_loss']} to meet it: offered when a Sanity roll is against it", LOSS)
    luck_words = "" if state.get("luck") is None else f", Luck {state['luck']}"
    log.event(f"{state['name']} is ready: HP {state['hp']}, MP {state['mp']}, SAN {state['san']}{luck_words}")
    return Result.of(log, "coc", "create_investigator", label=label, details=dict(der), state=state)
