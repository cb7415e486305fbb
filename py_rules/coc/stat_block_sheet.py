"""The sheet a stat block makes (:mod:`py_rules.coc.stat_block` reads the block): the Keeper's own values for what it
leaves out, the derived values it printed next to the rules' own (rules/coc.md §3.2), and a valid investigator sheet."""

from __future__ import annotations

from py_rules.coc import investigator
from py_rules.coc.tables import CHARACTERISTIC_MAX, CHARACTERISTICS, LUCK_MAX, MYTHOS, SCHEMA, SKILL_MAX
from py_rules.errors import RulesError

__all__ = ("BOUNDS", "OPTIONAL", "compare", "dice_text", "make_sheet")

OPTIONAL = ("weapons", "armour", "notes", "occupation")
"""Sheet fields a block fills when the sheet has them (added by the weapons work; a sheet without them keeps the
rest)."""


BOUNDS = {**{c: (0, CHARACTERISTIC_MAX) for c in CHARACTERISTICS}, "Luck": (0, LUCK_MAX), "SAN": (0, 99),
          "MP": (0, CHARACTERISTIC_MAX), "Age": (15, 120), "APR": (1, 5), "Dodge": (0, SKILL_MAX)}
"""What the sheet holds of each value a block prints (rules/coc.md §3.2; Sanity at most 99, an NPC's age 15–120);
out of them a printed value is not understood and asked."""


def dice_text(text: str) -> str:
    """A printed roll or Damage Bonus without its spaces, in capitals (``1d4 + db`` is ``1D4+DB``)."""
    return "".join(text.split()).upper()


def compare(sheet: dict | None, found: dict, read: list) -> None:
    """What the block printed for the derived values next to what the rules work out (rules/coc.md §3.2)."""
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
    data = {"schema": SCHEMA, "name": values["name"], "age": values.get("Age", 25),
            "characteristics": {c: values[c] for c in CHARACTERISTICS}, "luck": values["Luck"],
            "skills": {name: value for name, (value, _) in skills.items()}}
    base = investigator.from_dict(data)
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
