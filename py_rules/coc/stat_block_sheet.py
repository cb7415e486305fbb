"""The sheet a stat block makes (:mod:`py_rules.coc.stat_block` reads the block): the Keeper's own values for what it
leaves out, the derived values it printed next to the rules' own (rules/coc.md §3.2), and a valid sheet.

A creature's block (the Keeper says it is one: ``given`` ``{"kind": "creature"}``) prints no APP, EDU or Luck: its
sheet leaves them out (absent, never 0; :data:`py_rules.coc.sheet.CREATURE_OPTIONAL`), keeps the MOV the block prints
over the rules' formula, and keeps its printed Sanity loss (``san_loss``, rules/coc.md §3.11) as the loss a Sanity
roll against it is offered. Every block keeps its printed armour points. :func:`read_creature` reads such a block
with the reader as it is: what the creature lacks stands in for the reader's check of what is needed and is taken
out of the sheet it makes (:data:`_MAKING`).
"""

from __future__ import annotations

import re
from contextvars import ContextVar

from py_rules.coc import investigator
from py_rules.coc.sheet import CREATURE_OPTIONAL
from py_rules.coc.tables import CHARACTERISTIC_MAX, CHARACTERISTICS, LUCK_MAX, MYTHOS, SCHEMA, SKILL_MAX
from py_rules.errors import RulesError

__all__ = ("BOUNDS", "OPTIONAL", "compare", "dice_text", "make_sheet", "read_creature")

_MAKING: ContextVar = ContextVar("coc_creature_lacks", default=None)
"""While a creature's block is read: what its sheet leaves out (``("APP", "EDU", "Luck")`` or fewer); else None."""

OPTIONAL = ("weapons", "armour", "notes", "occupation")
"""Sheet fields a block fills when the sheet has them (added by the weapons work; a sheet without them keeps the
rest)."""


BOUNDS = {
    **{c: (0, CHARACTERISTIC_MAX) for c in CHARACTERISTICS},
    "Luck": (0, LUCK_MAX),
    "SAN": (0, 99),
    "MP": (0, CHARACTERISTIC_MAX),
    "Age": (15, 120),
    "APR": (1, 5),
    "Dodge": (0, SKILL_MAX),
}
"""What the sheet holds of each value a block prints (rules/coc.md §3.2; Sanity at most 99, an NPC's age 15–120);
out of them a printed value is not understood and asked."""


def dice_text(text: str) -> str:
    """A printed roll or Damage Bonus without its spaces, in capitals (``1d4 + db`` is ``1D4+DB``)."""
    return "".join(text.split()).upper()


def compare(sheet: dict | None, found: dict, read: list) -> None:
    """What the block printed for the derived values next to what the rules work out (rules/coc.md §3.2). A creature's
    sheet keeps its printed MOV (``sheet`` is changed in place: the rules' formula is for people)."""
    if sheet and sheet.get("kind") == "creature" and "MOV" in found:
        printed, start = found["MOV"]
        try:
            kept = investigator.from_dict({**sheet, "mov": int("".join(str(printed).split()))})
        except (ValueError, RulesError):
            kept = None
        if kept is not None:
            sheet.clear()
            sheet.update(kept)
            read.append((start, f"MOV {kept['mov']} (a creature's own, kept as printed)"))
            found = {key: value for key, value in found.items() if key != "MOV"}
    derived = sheet["derived"] if sheet else {}
    pairs = {
        "HP": ("hp_max", "HP"),
        "MP": ("mp_max", "MP"),
        "DB": ("damage_bonus", "Damage Bonus"),
        "Build": ("build", "Build"),
        "MOV": ("mov", "MOV"),
    }
    for key, (field, words) in pairs.items():
        if key not in found:
            continue
        printed, start = found[key]
        ours = derived.get(field)
        if ours is None:
            read.append((start, f"{words} {dice_text(str(printed)).replace('NONE', '0')}"))
            continue
        if key == "DB":
            said = dice_text(printed).replace("NONE", "0")
            same = said.lstrip("+") == str(ours).lstrip("+")
        else:
            said = "".join(str(printed).split())
            try:
                same = int(said) == int(ours)
            except ValueError:
                same = False
        read.append(
            (
                start,
                f"{words} {said}"
                + (
                    ""
                    if same
                    else f" (the rules give {ours} from the characteristics{' and age' if key == 'MOV' else ''}; "
                    f"the sheet keeps "
                    f"{ours})"
                ),
            )
        )


def make_sheet(values: dict, skills: dict, extra: dict, left_out: list) -> tuple[dict | None, str | None]:
    """A valid sheet from what was read, the optional fields the sheet does not have dropped, and a weapon the
    sheet refuses left out (said in ``left_out``); or the refusal."""
    lacks = _MAKING.get()
    values = {key: value for key, value in values.items() if key not in (lacks or ())}
    data = {
        "schema": SCHEMA,
        "name": values["name"],
        "kind": "human" if lacks is None else "creature",
        "age": values.get("Age", 25),
        "characteristics": {c: values[c] for c in CHARACTERISTICS if c in values},
        "skills": {name: value for name, (value, _) in skills.items()},
    }
    if "Luck" in values:
        data["luck"] = values["Luck"]
    base = investigator.from_dict(data)
    loss = _san_loss(extra.get("notes", ""))
    if loss:
        data["san_loss"] = loss
    if MYTHOS in data["skills"] or "SAN" in values:
        data["san"] = min(values.get("SAN", base["san"]), base["derived"]["san_max"])
    if "MP" in values:
        data["mp"] = min(values["MP"], base["derived"]["mp_max"])
    data.update({key: value for key, value in extra.items() if value not in (None, "", [])})
    for _ in range(len(OPTIONAL) + len(data.get("weapons", ())) + 1):
        try:
            return investigator.from_dict(data), None
        except RulesError as error:
            where = (error.field or "").split(".")
            if error.code == "unknown_field" and error.field in OPTIONAL:
                data.pop(error.field)
                continue
            if where[0] == "weapons" and len(where) > 1 and where[1].isdigit() and int(where[1]) < len(data["weapons"]):
                dropped = data["weapons"].pop(int(where[1]))
                left_out.append(f"Weapon {dropped['name']}: {error.message}")
                continue
            if where[0] in OPTIONAL:
                data.pop(where[0])
                left_out.append(error.message)
                continue
            return None, error.message
    return None, "The sheet could not be made."


_SAN_LOSS = re.compile(r"Sanity loss (\S+?)\.?(?:\s|$)")
"""A Sanity loss as the reader keeps it in the notes ("Sanity loss 0/1D6 to see it.")."""


def _san_loss(notes: str) -> str | None:
    """The first Sanity loss the notes keep that reads as ``X/Y`` (rules/coc.md §3.11), or None."""
    for match in _SAN_LOSS.finditer(notes or ""):
        try:
            return investigator.from_dict({**investigator.EXAMPLE, "san_loss": match.group(1)})["san_loss"]
        except RulesError:
            continue
    return None


def read_creature(parse, text, given) -> dict:
    """``parse(text, given)`` for a creature's block: what the block leaves out of what a creature may lack is not
    asked but left out of its sheet; a printed APP, EDU or Luck is kept. The answer says so in words."""
    first = parse(text, given)
    lacks = tuple(key for key in first["missing"] if key in CREATURE_OPTIONAL)
    token = _MAKING.set(lacks)
    try:  # each value the creature lacks stands in as its least, then is taken out of the sheet
        again = parse(text, {**given, **{key: BOUNDS[key][0] for key in lacks}})
    finally:
        _MAKING.reset(token)
    stand_ins = {f"{key} {BOUNDS[key][0]} (given by you)" for key in lacks}
    read = [line for line in again["read"] if line not in stand_ins]
    sheet = again["sheet"]
    if sheet is not None and lacks:
        read.append(f"A creature: no {', '.join(lacks)} on its sheet")
    if sheet is not None and sheet.get("san_loss"):
        read.append(f"Sanity loss {sheet['san_loss']} kept on its sheet: offered when an investigator meets it")
    missing = [key for key in again["missing"] if key not in lacks]
    return {
        **again,
        "read": read,
        "missing": missing,
        "left_out": [k for k in again["left_out"] if k not in lacks],
        "asks": [ask for ask in again["asks"] if ask["key"] not in lacks],
    }
