"""The Dhole's House investigator export (Call of Cthulhu 7e).

The file is one JSON object whose ``Investigator`` holds ``PersonalDetails`` (``Name``, ``Occupation``, ``Age``,
``Gender``, ``Residence``, ``Birthplace`` …), ``Characteristics`` (``STR`` … ``EDU``, ``Sanity``/``SanityMax``,
``HitPts``/``HitPtsMax``, ``MagicPts``/``MagicPtsMax``, ``Luck``, ``Move``, ``DamageBonus``, ``Build``: numbers
written as text), ``Skills.Skill`` (``name``, ``subskill`` — ``"None"`` for none —, ``value``, ``occupation``),
``Weapons.weapon`` (``name``, ``skillname``, ``damage`` with ``+DB``, ``range``, ``attacks``, ``ammo``, ``malf``),
``Possessions.item`` (each ``description``), ``Backstory`` (titled texts) and ``Cash``/``Assets``. Each of the
three lists may be one object instead (the site writes a single entry so). Everything is mapped by
:mod:`.coc_sheet`; the backstory and possessions go to the sheet's own fields, and what it does not model (cash, the rest of the personal details)
goes to the sheet's backstory and possessions, and the rest is kept in the notes.
"""

from __future__ import annotations

from py_rules.coc.tables import CHARACTERISTICS
from py_rules.interchange.coc_sheet import Read, build
from py_rules.interchange.coc_skills import full_name
from py_rules.interchange.report import Imported, Report, as_list, quoted, text

__all__ = ("FORMAT", "NAME", "looks_like", "read")

FORMAT = "dholes_house"
NAME = "The Dhole's House (Call of Cthulhu)"
GAME = "coc"
"""The game whose character this format holds."""
_DETAILS_KEPT = ("Name", "Occupation", "Age")
_CHARACTERISTIC_KEYS = set(CHARACTERISTICS) | {
    "Sanity",
    "SanityStart",
    "SanityMax",
    "HitPts",
    "HitPtsMax",
    "MagicPts",
    "MagicPtsMax",
    "Luck",
    "LuckMax",
    "Move",
    "DamageBonus",
    "Build",
}

_WORDS = {
    "Sanity": "Sanity",
    "SanityStart": "starting Sanity",
    "SanityMax": "Sanity maximum",
    "HitPts": "HP",
    "HitPtsMax": "HP maximum",
    "MagicPts": "Magic Points",
    "MagicPtsMax": "Magic Points maximum",
    "LuckMax": "Luck maximum",
    "DamageBonus": "Damage Bonus",
}


def looks_like(data) -> bool:
    """Whether ``data`` is a Dhole's House export: an object with an ``Investigator`` object."""
    return isinstance(data, dict) and isinstance(data.get("Investigator"), dict)


def _obj(value) -> dict:
    return value if isinstance(value, dict) else {}


def _texts(value, title: str) -> list[tuple[str, str]]:
    """Titled texts of a part: one text, or an object of titled texts (the site's backstory sections)."""
    if isinstance(value, dict):
        return [(f"{title} — {key}" if title else str(key), text(body)) for key, body in value.items() if text(body)]
    return [(title, text(value))] if text(value) else []


def _skills(investigator: dict, report: Report) -> list:
    entries = as_list(_obj(investigator.get("Skills")).get("Skill"))
    out, occupation = [], []
    for entry in entries:
        if not isinstance(entry, dict):
            report.left_out.append("A skill entry that is not a skill.")
            continue
        name = full_name(text(entry.get("name")), text(entry.get("subskill")))
        out.append((name, entry.get("value")))
        if text(entry.get("occupation")).lower() == "true":
            occupation.append(name)
    report.read.append(
        f"{len(out)} skill{'s' if len(out) != 1 else ''}"
        + (f" ({len(occupation)} of them occupation skills)" if occupation else "")
        + "."
    )
    return out


def _weapons(investigator: dict, report: Report) -> list:
    entries = as_list(_obj(investigator.get("Weapons")).get("weapon"))
    out = []
    for entry in entries:
        if not isinstance(entry, dict):
            report.left_out.append("A weapon entry that is not a weapon.")
            continue
        out.append(
            {
                "name": entry.get("name"),
                "skill": entry.get("skillname"),
                "damage": entry.get("damage"),
                "range": "" if text(entry.get("range")) in ("-", "—") else entry.get("range"),
                "attacks": text(entry.get("attacks")),
                "ammo": entry.get("ammo"),
                "malfunction": entry.get("malf"),
                "impale": _impale(entry.get("impale")),
            }
        )
    if out:
        report.read.append(f"{len(out)} weapon{'s' if len(out) != 1 else ''}.")
    return out


def _impale(value):
    said = text(value).lower()
    return True if said in ("true", "yes", "y", "1") else False if said in ("false", "no", "n", "0") else None


def _possessions(investigator: dict, report: Report) -> list[str]:
    items = []
    for entry in as_list(_obj(investigator.get("Possessions")).get("item")):
        said = text(entry.get("description") or entry.get("name")) if isinstance(entry, dict) else text(entry)
        if said:
            items.append(said)
    if items:
        report.read.append(f"{len(items)} possession{'s' if len(items) != 1 else ''}.")
    return items


def read(data) -> Imported:
    """The investigator of a Dhole's House export, mapped (the game's validation comes after)."""
    report = Report()
    investigator = _obj(data.get("Investigator")) if isinstance(data, dict) else {}
    details = _obj(investigator.get("PersonalDetails"))
    chars = _obj(investigator.get("Characteristics"))
    if not details and not chars:
        report.left_out.append("The file has an investigator but no personal details or characteristics.")
    report.read.append("Personal details: " + (", ".join(str(k) for k in details if text(details[k])) or "none") + ".")
    report.read.append(
        "Characteristics: " + (", ".join(_WORDS.get(str(k), str(k)) for k in chars if text(chars[k])) or "none") + "."
    )
    found = Read(
        name=details.get("Name"),
        age=details.get("Age"),
        occupation=details.get("Occupation"),
        characteristics={key: chars.get(key) for key in CHARACTERISTICS if key in chars},
        luck=chars.get("Luck"),
        current={"hp": chars.get("HitPts"), "mp": chars.get("MagicPts"), "san": chars.get("Sanity")},
        maxima={"hp": chars.get("HitPtsMax"), "mp": chars.get("MagicPtsMax"), "san": chars.get("SanityMax")},
        derived={"mov": chars.get("Move"), "damage_bonus": chars.get("DamageBonus"), "build": chars.get("Build")},
    )
    found.skills = _skills(investigator, report)
    found.weapons = _weapons(investigator, report)
    other_details = [
        f"{key}: {text(value)}" for key, value in details.items() if key not in _DETAILS_KEPT and text(value)
    ]
    if other_details:
        found.notes.append(("Personal details", "; ".join(other_details)))
    backstory = _texts(investigator.get("Backstory"), "Backstory")
    if backstory:
        report.read.append("Backstory.")
    found.backstory += backstory
    found.possessions += _possessions(investigator, report)
    for key in ("Cash", "Assets"):
        found.notes += _texts(investigator.get(key), key)
    unread = [str(k) for k in chars if k not in _CHARACTERISTIC_KEYS and text(chars[k])]
    for key in unread:  # one line each: the report counts every thing left out
        report.left_out.append(f"{key} {quoted(chars[key])}: a characteristic this sheet does not keep.")
    sheet = build(found, report)
    return Imported(FORMAT, GAME, sheet, report)
