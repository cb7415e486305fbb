"""A Call of Cthulhu investigator sheet built from what an importer read, each part said in the report.

Both Call of Cthulhu formats (:mod:`.dholes_house`, :mod:`.foundry_coc7`) read their file into a :class:`Read`
and this module maps it onto the sheet (:mod:`py_rules.coc.investigator`; the optional ``occupation``, ``notes``,
``armour`` and ``weapons`` fields of the shared contract): characteristics as numbers, skills by the sheet's names
(:mod:`.coc_skills`), current HP, Magic Points, Sanity and Luck where the file gives them (each within the sheet's
bounds: rules/coc.md §3.2 HP = (CON + SIZ) / 10, MP = POW / 5, SAN at most 99 − Cthulhu Mythos), weapons with their
damage apart from the Damage Bonus, and whatever the sheet does not model kept in the notes. What the file derived
itself (Move, Damage Bonus, Build) is compared with the sheet's own reckoning, never copied.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from py_rules.coc.sheet import SHEET
from py_rules.coc.tables import CHARACTERISTICS, MYTHOS, SANITY_CEILING, SCHEMA, SKILL_MAX, SKILL_NAMES
from py_rules.errors import RulesError
from py_rules.interchange.coc_skills import sheet_skill, written
from py_rules.interchange.report import Report, join_notes, number, quoted, text

__all__ = ("Read", "build", "weapon_damage", "MAX_WEAPONS")

MAX_WEAPONS = 30
"""The sheet's bound on weapons (shared contract)."""
_NAME_MAX = 80
_RANGE_MAX = 40
"""Longest range text a weapon keeps (:mod:`py_rules.coc.weapons`)."""
_OCCUPATION_MAX = SHEET.field("occupation").max_length


@dataclass
class Read:
    """What a Call of Cthulhu file said, before any mapping: texts and numbers as the file wrote them."""

    name: object = ""
    age: object = None
    occupation: object = ""
    characteristics: dict = field(default_factory=dict)
    luck: object = None
    current: dict = field(default_factory=dict)
    """``hp``, ``mp``, ``san`` as written (current values)."""
    maxima: dict = field(default_factory=dict)
    """``hp``, ``mp``, ``san`` maxima as the file computed them."""
    derived: dict = field(default_factory=dict)
    """``mov``, ``damage_bonus``, ``build`` as the file computed them."""
    armour: object = None
    skills: list = field(default_factory=list)
    """(name with its speciality, value as written)."""
    weapons: list = field(default_factory=list)
    """dicts: ``name``, ``skill``, ``damage`` (with its Damage Bonus part), ``db`` (None = read from damage),
    ``impale`` (None = by its kind), ``range``, ``attacks``, ``ammo``, ``malfunction``."""
    notes: list = field(default_factory=list)
    """(title, text) kept as the sheet's notes."""
    backstory: list = field(default_factory=list)
    """(title, text) of the backstory (the sheet's ``backstory``: description, beliefs, people, places …)."""
    possessions: list = field(default_factory=list)
    """Each possession as the file writes it (the sheet's ``possessions``, one a line)."""


_DB = re.compile(r"\s*\+\s*(?P<half>½|1/2|half|0\.5)?\s*(?:x\s*)?(?:db|damage bonus)\s*$", re.IGNORECASE)
_HALF_DB = re.compile(r"\s*\+\s*(?:db|damage bonus)\s*/\s*2\s*$", re.IGNORECASE)


def weapon_damage(raw: str) -> tuple[str, str]:
    """The damage dice without the Damage Bonus, and which bonus it adds (seed 003, Combat: melee weapons add the
    Damage Bonus; rules/coc.md §3.9: thrown weapons half).

    >>> weapon_damage("1D10+DB"), weapon_damage("1D6 + ½DB"), weapon_damage("1D8+1D4+half DB"), weapon_damage("2D6+4")
    (('1D10', 'full'), ('1D6', 'half'), ('1D8+1D4', 'half'), ('2D6+4', 'none'))
    """
    raw = " ".join(str(raw).split())
    half = _HALF_DB.search(raw)
    if half:
        return raw[: half.start()].strip(), "half"
    match = _DB.search(raw)
    if match:
        return raw[: match.start()].strip(), "half" if match.group("half") else "full"
    return raw, "none"


def _whole(value, what: str, low: int, high: int, report: Report) -> int | None:
    found = number(value)
    if found is None:
        if value not in (None, ""):
            report.left_out.append(f"{what}: {quoted(value)!r} is not a whole number.")
        return None
    if not low <= found <= high:
        report.left_out.append(f"{what}: {found} is outside {low}–{high}.")
        return None
    return found


def _skills(read: Read, sheet: dict, report: Report, other: list[str]) -> None:
    """Each skill at its own value: every speciality of a family is a skill of its own (rules/coc.md §3.2a); what the
    sheet cannot keep is left out one line each, named, and kept in the notes."""
    held: dict[str, str] = {}  # lower-cased sheet name -> the sheet's key (specialities are told apart case aside)
    renamed = []
    for written_name, raw in read.skills:
        name = " ".join(text(written_name).split())
        if not name:
            report.left_out.append("A skill without a name.")
            continue
        value = _whole(raw, name, 0, SKILL_MAX, report)
        if value is None:
            if raw in (None, ""):
                report.left_out.append(f"{name}: no value.")
            continue
        ours = sheet_skill(name)
        if ours is None:
            shown = written(name)
            other.append(f"{shown} {value}")
            report.left_out.append(f"{shown} {value}: this sheet has no such skill (kept in the notes).")
            continue
        if ours.lower() in held:
            kept = held[ours.lower()]
            other.append(f"{name} {value}")
            report.left_out.append(
                f"{name} {value}: {kept} is listed twice; the first value, {sheet['skills'][kept]}, "
                f"is kept (this one is in the notes)."
            )
            continue
        held[ours.lower()] = ours
        sheet["skills"][ours] = value
        if ours != name:
            renamed.append(f"{name} → {ours}")
    if sheet["skills"]:
        report.mapped.append(f"Skills: {', '.join(f'{k} {v}' for k, v in sheet['skills'].items())}.")
    if renamed:
        report.mapped.append(f"Skills named the sheet's way: {', '.join(renamed)}.")


def _weapon_skill(raw: str) -> str | None:
    """The sheet's spelling of a weapon's skill (:func:`py_rules.coc.weapons.weapon_skill`: a Fighting or Firearms
    skill, or Throw), after the other tools' spellings (:mod:`.coc_skills`); None when it is none of those."""
    from py_rules.coc.weapons import weapon_skill

    for name in (raw, sheet_skill(raw), written(raw), raw.title()):
        if not name:
            continue
        try:
            return weapon_skill(name, "skill", "skill")
        except RulesError:
            continue
    return None


def _weapons(read: Read, report: Report, other: list[str]) -> list[dict]:
    from py_rules.coc.weapons import damage_bands

    out = []
    for raw in read.weapons:
        name = " ".join(text(raw.get("name")).split())[:_NAME_MAX]
        if not name:
            report.left_out.append("A weapon without a name.")
            continue
        skill_text = " ".join(text(raw.get("skill")).split())
        skill = _weapon_skill(skill_text) if skill_text else None
        dice, db = weapon_damage(text(raw.get("damage")))
        if raw.get("db") in ("full", "half", "none"):
            db = raw["db"]
        problem = None
        if skill is None:
            problem = f"its skill {quoted(skill_text)!r} is not one this sheet knows" if skill_text else "no skill"
        else:
            try:
                damage_bands(dice)
            except RulesError:
                problem = f"its damage {quoted(raw.get('damage'))!r} is not dice this app rolls"
        if problem or len(out) >= MAX_WEAPONS:
            why = problem or f"the sheet holds at most {MAX_WEAPONS} weapons"
            report.left_out.append(f"Weapon {name}: {why} (kept in the notes).")
            other.append(f"{name} ({text(raw.get('skill'))}, {text(raw.get('damage'))})")
            continue
        impale = raw.get("impale")
        if not isinstance(impale, bool):
            impale = (
                SKILL_NAMES.family_name(skill) == "Firearms"
            )  # seed 003 weapons: bullets impale, the Brawl does not
        weapon = {
            "name": name,
            "skill": skill,
            "damage": dice.upper(),
            "db": db,
            "impale": impale,
            "range": " ".join(text(raw.get("range")).split())[:_RANGE_MAX],
            "attacks": 1,
            "ammo": None,
            "malfunction": None,
        }
        attacks = number(str(raw.get("attacks", "")).split("(")[0].split("/")[0].split(" or ")[0])
        if attacks is not None:
            weapon["attacks"] = max(1, min(5, attacks))
        for key, high in (("ammo", 1000), ("malfunction", 100)):
            value = number(raw.get(key))
            if value is not None and 0 <= value <= high:
                weapon[key] = value
        out.append(weapon)
        bonus = {"full": " + Damage Bonus", "half": " + half Damage Bonus", "none": ""}[db]
        report.mapped.append(
            f"Weapon {name}: {skill}, damage {weapon['damage']}{bonus}" + (", impales" if impale else "") + "."
        )
    return out


def _pools(read: Read, sheet: dict, report: Report) -> None:
    from py_rules.coc.investigator import hp_max, mp_max

    ours = {"hp": hp_max(sheet), "mp": mp_max(sheet), "san": max(0, SANITY_CEILING - sheet["skills"].get(MYTHOS, 0))}
    words = {"hp": "HP", "mp": "Magic Points", "san": "Sanity"}
    for key in ("hp", "mp", "san"):
        given_max = number(read.maxima.get(key))
        if given_max is not None and given_max != ours[key] and key != "san":
            report.left_out.append(
                f"The file's {words[key]} maximum {given_max} differs from the rules' "
                f"{ours[key]}; the sheet uses {ours[key]}."
            )
        current = _whole(read.current.get(key), f"Current {words[key]}", 0, 10_000, report)
        if current is None:
            continue
        if current > ours[key]:
            report.left_out.append(
                f"Current {words[key]} {current} is above the sheet's maximum {ours[key]}; "
                f"the sheet starts at {ours[key]}."
            )
            current = ours[key]
        sheet[key] = current
        report.mapped.append(f"Current {words[key]}: {current} of {ours[key]}.")


def _derived_compare(read: Read, sheet: dict, report: Report) -> None:
    from py_rules.coc.investigator import derived

    ours = derived(sheet)
    for key, words in (("mov", "Move"), ("damage_bonus", "Damage Bonus"), ("build", "Build")):
        given = text(read.derived.get(key))
        if not given:
            continue
        mine = str(ours[key])
        same = given.replace(" ", "").upper().lstrip("+") == mine.upper().lstrip("+") or (
            given in ("0", "none", "None") and mine == "0"
        )
        if same:
            report.mapped.append(f"{words} {given}: the sheet reckons the same.")
        else:
            report.left_out.append(
                f"The file's {words} {quoted(given)} differs from the rules' {mine}; the sheet reckons its own."
            )


def build(read: Read, report: Report) -> dict:
    """The sheet for ``read``; every choice made is added to ``report``. The sheet may still fail the game's
    validation (a characteristic missing): the caller puts it through and reports that."""
    sheet: dict = {"schema": SCHEMA}
    name = " ".join(text(read.name).split())
    if not name:
        report.left_out.append("The file gives no name; the sheet is called Investigator.")
        name = "Investigator"
    elif len(name) > _NAME_MAX:
        report.left_out.append(f"The name was cut to {_NAME_MAX} characters.")
        name = name[:_NAME_MAX].rstrip()
    sheet["name"] = name
    report.mapped.append(f"Name: {name}.")
    age = _whole(read.age, "Age", 15, 120, report)
    if age is not None:
        sheet["age"] = age
        report.mapped.append(f"Age: {age}.")
    chars = {}
    for key in CHARACTERISTICS:
        value = _whole(read.characteristics.get(key), key, 0, 500, report)
        if value is None:
            if read.characteristics.get(key) in (None, ""):
                report.left_out.append(f"{key} is missing.")
            continue
        chars[key] = value
    sheet["characteristics"] = chars
    if chars:
        report.mapped.append("Characteristics: " + ", ".join(f"{k} {v}" for k, v in chars.items()) + ".")
    luck = _whole(read.luck, "Luck", 0, 99, report)
    if luck is not None:
        sheet["luck"] = luck
        report.mapped.append(f"Luck: {luck}.")
    elif read.luck in (None, ""):
        report.left_out.append("The file gives no Luck.")
    sheet["skills"] = {}
    other: list[str] = []
    _skills(read, sheet, report, other)
    if len(chars) == len(CHARACTERISTICS):
        _pools(read, sheet, report)
        _derived_compare(read, sheet, report)
    occupation = " ".join(text(read.occupation).split())
    if occupation:
        sheet["occupation"] = occupation[:_OCCUPATION_MAX]
        report.mapped.append(f"Occupation: {sheet['occupation']}.")
    armour = _whole(read.armour, "Armour", 0, 30, report)
    if armour:
        sheet["armour"] = armour
        report.mapped.append(f"Armour: {armour}.")
    weapons = _weapons(read, report, other)
    if weapons:
        sheet["weapons"] = weapons
    backstory = join_notes(list(read.backstory), report, SHEET.field("backstory").max_length)
    if backstory:
        sheet["backstory"] = backstory
        report.mapped.append(
            "Backstory: "
            + ", ".join(dict.fromkeys(title or "text" for title, body in read.backstory if body.strip()))
            + "."
        )
    possessions = _possessions(read.possessions, report)
    if possessions:
        sheet["possessions"] = possessions
        report.mapped.append(f"Possessions: {len(read.possessions)}.")
    parts = list(read.notes)
    if other:
        parts.append(("Also on the file", ", ".join(other)))
    notes = join_notes(parts, report)
    if notes:
        sheet["notes"] = notes
        titles = [title or "text" for title, body in parts if body.strip()]
        report.mapped.append(f"Notes: {', '.join(dict.fromkeys(titles))}.")
    return sheet


def _possessions(items: list, report: Report) -> str:
    """The possessions one a line, cut at the sheet's bound (the report saying how many did not fit)."""
    limit = SHEET.field("possessions").max_length
    kept, size = [], 0
    for item in (" ".join(text(each).split()) for each in items):
        if item and size + len(item) + (1 if kept else 0) <= limit:
            kept.append(item)
            size += len(item) + (1 if len(kept) > 1 else 0)
    left = len([each for each in items if text(each).strip()]) - len(kept)
    if left:
        report.left_out.append(
            f"{left} possession{'s' if left != 1 else ''} did not fit in the sheet's {limit} characters."
        )
    return "\n".join(kept)
