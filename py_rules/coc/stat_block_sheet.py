"""The sheet a stat block makes (:mod:`py_rules.coc.stat_block` reads the block): the Keeper's own values for what it
leaves out, the derived values it printed next to the rules' own (rules/coc.md §3.2), and a valid sheet.

A creature's block (the Keeper says it is one: ``given`` ``{"kind": "creature"}``) prints no APP, EDU or Luck: its
sheet leaves them out (absent, never 0; :data:`py_rules.coc.sheet.CREATURE_OPTIONAL`), keeps the MOV the block prints
over the rules' formula, and keeps its printed Sanity loss (``san_loss``, rules/coc.md §3.11) as the loss a Sanity roll
against it is offered. Every block keeps its printed armour points.
"""

from __future__ import annotations

import re

from py_rules.coc import investigator
from py_rules.coc.sheet import CREATURE_OPTIONAL, SHEET
from py_rules.coc.tables import CHARACTERISTICS, MYTHOS, SCHEMA
from py_rules.errors import RulesError

__all__ = ("OPTIONAL", "compare", "dice_text", "given_values", "make_sheet", "creature_given", "creature_read")

OPTIONAL = ("weapons", "armour", "notes", "occupation")
"""Sheet fields a block fills when the sheet has them (added by the weapons work; a sheet without them keeps the
rest)."""


def dice_text(text: str) -> str:
    """A printed roll or Damage Bonus without its spaces, in capitals (``1d4 + db`` is ``1D4+DB``)."""
    return "".join(text.split()).upper()


def given_values(given) -> tuple[dict, list[str]]:
    """The Keeper's own values for what the block leaves out (``{"STR": 50, "Luck": 40, "name": "..."}``)."""
    if not isinstance(given, dict):
        return {}, []
    out, problems = {}, []
    creature = given.get("kind") == "creature"
    if creature:
        out["kind"] = "creature"
    for key, value in given.items():
        if key == "name" and isinstance(value, str) and value.strip():
            out["name"] = " ".join(value.split())[:SHEET.field("name").max_length]
        elif key in CREATURE_OPTIONAL and value is None and creature:
            out[key] = None  # the creature has none: its sheet leaves it out
        elif key in (*CHARACTERISTICS, "Luck") and isinstance(value, int) and not isinstance(value, bool):
            declared = SHEET.field("luck" if key == "Luck" else f"characteristics.{key}")
            low, high = int(declared.minimum), int(declared.maximum)
            if low <= value <= high:
                out[key] = value
            else:
                problems.append(f"{key} must be between {low} and {high} (got {value}).")
    return out, problems


def creature_given(given, missing: list) -> dict | None:
    """For a creature's block (``given`` says ``"kind": "creature"``) that leaves out only what a creature may lack,
    ``given`` with each of those marked absent (read again with it, the block makes a creature's sheet); else None."""
    if not isinstance(given, dict) or given.get("kind") != "creature" or not missing:
        return None
    if any(key not in CREATURE_OPTIONAL for key in missing):
        return None
    return {**given, **{key: None for key in missing}}


def creature_read(parsed: dict, absent: list) -> dict:
    """What was read, in words, for a creature read with ``absent`` left out: no line for the kind or the absent
    values as if given by the Keeper, one line saying what its sheet leaves out."""
    placeholders = {"kind creature (given by you)", *(f"{key} None (given by you)" for key in absent)}
    read = [line for line in parsed["read"] if line not in placeholders]
    sheet = parsed["sheet"]
    if absent and sheet is not None:
        read.append(f"A creature: no {', '.join(absent)} on its sheet")
    if sheet is not None and sheet.get("san_loss"):
        read.append(f"Sanity loss {sheet['san_loss']} kept on its sheet: offered when an investigator meets it")
    return {**parsed, "read": read}


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
    pairs = {"HP": ("hp_max", "HP"), "MP": ("mp_max", "MP"), "DB": ("damage_bonus", "Damage Bonus"),
             "Build": ("build", "Build"), "MOV": ("mov", "MOV")}
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
        read.append((start, f"{words} {said}" + ("" if same else
                     f" (the rules give {ours} from the characteristics{' and age' if key == 'MOV' else ''}; "
                     f"the sheet keeps "
                     f"{ours})")))


def make_sheet(values: dict, skills: dict, extra: dict, left_out: list) -> tuple[dict | None, str | None]:
    """A valid sheet from what was read, the optional fields the sheet does not have dropped, and a weapon the
    sheet refuses left out (said in ``left_out``); or the refusal."""
    creature = values.get("kind") == "creature"
    data = {"schema": SCHEMA, "name": values["name"], "kind": "creature" if creature else "human",
            "age": values.get("Age", SHEET.field("age").default),
            "characteristics": {c: values[c] for c in CHARACTERISTICS if values.get(c) is not None},
            "skills": {name: value for name, (value, _) in skills.items()}}
    if values.get("Luck") is not None:
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
