"""An investigator out as an actor file Foundry VTT's Call of Cthulhu 7th Edition system imports (TABLE.md,
"Characters from where they already are"); the file's shapes are those :mod:`.foundry_coc7` reads back.

Every skill the sheet lists is written as an item with its base (the sheet's, rules/coc.md §3.2; a speciality of a
family as the system names one, rules/coc.md §3.2a) and the rest as experience, so Foundry shows the sheet's value
and the importer reads it back as the same sheet; what Foundry has no field for (the weapon's range as written) rides
in the item's ``flags``, which Foundry keeps.
"""

from __future__ import annotations

import re

from py_rules.coc.tables import CHARACTERISTICS, SKILL_NAMES, combat_skill
from py_rules.interchange.coc_skills import base_value
from py_rules.interchange.foundry_coc7 import FLAG, POSSESSIONS as _POSSESSIONS
from py_rules.interchange.foundry_rich_text import rich_text
from py_rules.interchange.report import Report

__all__ = ("export",)


def _skill_item(name: str, value: int, chars: dict) -> dict:
    """A skill item as the system writes one: a speciality of a family (rules/coc.md §3.2a) has the family as its
    ``specialization``, the speciality as its ``skillName`` and ``properties.special`` (module/items/skill/data.js,
    ``guessNameParts``); the item's name is the whole name, ``"Language (Other) (Latin)"``."""
    family = SKILL_NAMES.family_name(name)
    special = family is not None
    speciality = SKILL_NAMES.parts(name)[1] if special else ""  # the sheet's names are the game's own
    base = min(base_value(name, chars), value)
    return {
        "name": name,
        "type": "skill",
        "system": {
            "skillName": speciality if special else name,
            "specialization": family if special else "",
            "base": base,
            "adjustments": {
                "personal": None,
                "occupation": None,
                "archetype": None,
                "experience": value - base or None,
            },
            "value": value,
            "bonusDice": 0,
            "properties": {
                "special": special,
                "combat": combat_skill(name),
                "fighting": family == "Fighting",
                "firearm": family == "Firearms",
            },
            "description": {"value": ""},
        },
        "effects": [],
        "flags": {},
    }


def _range_parts(value: str) -> tuple[int, str]:
    match = re.fullmatch(r"\s*+(\d++)\s*+(.*)", value)  # possessive: a run of spaces is never given back
    return (int(match.group(1)), match.group(2).strip()) if match else (0, "")


def _weapon_item(weapon: dict) -> dict:
    distance, units = _range_parts(weapon.get("range", ""))
    skill = weapon["skill"]
    melee = SKILL_NAMES.family_name(skill) == "Fighting"
    return {
        "name": weapon["name"],
        "type": "weapon",
        "system": {
            "wpnType": "",
            "skill": {"main": {"name": skill, "id": ""}, "alternativ": {"name": "", "id": ""}},
            "range": {
                "normal": {"value": distance, "units": units, "damage": weapon["damage"]},
                "long": {"value": 0, "units": "", "damage": ""},
                "extreme": {"value": 0, "units": "", "damage": ""},
            },
            "usesPerRound": {"normal": weapon.get("attacks", 1), "max": None, "burst": None},
            "bullets": weapon.get("ammo"),
            "ammo": weapon.get("ammo") or 0,
            "malfunction": weapon.get("malfunction"),
            "properties": {
                "melee": melee,
                "rngd": not melee,
                "thrown": skill == "Throw",
                "addb": weapon.get("db") == "full",
                "ahdb": weapon.get("db") == "half",
                "impl": bool(weapon.get("impale")),
            },
            "description": {"value": "", "chat": "", "special": "", "keeper": ""},
        },
        "effects": [],
        "flags": {FLAG: {"range": weapon.get("range", "")}},
    }


def export(sheet: dict) -> tuple[dict, Report]:
    """A normalized investigator (:func:`py_rules.coc.investigator.from_dict`) as a CoC7 actor file, and what it
    wrote and left out."""
    report = Report()
    c, d = sheet["characteristics"], sheet["derived"]
    system = {
        "characteristics": {k.lower(): {"value": c[k]} for k in CHARACTERISTICS if k in c},
        "attribs": {
            "hp": {"value": sheet["hp"], "max": d["hp_max"], "auto": True},
            "mp": {"value": sheet["mp"], "max": d["mp_max"], "auto": True},
            "lck": {"value": sheet.get("luck"), "max": 99},
            "san": {"value": sheet["san"], "max": d["san_max"], "auto": True},
            "mov": {"value": d["mov"], "max": d["mov"], "auto": True},
            "db": {"value": d["damage_bonus"], "auto": True},
            "build": {"value": d["build"], "current": d["build"], "auto": True},
            "armor": {"value": sheet.get("armour", 0), "localized": False, "locations": [], "auto": False},
        },
        "infos": {
            "occupation": sheet.get("occupation", ""),
            "age": str(sheet["age"]),
            "sex": "",
            "residence": "",
            "birthplace": "",
            "archetype": "",
            "organization": "",
            "playername": "",
        },
        "backstory": rich_text(sheet.get("backstory", "")),
        "notes": rich_text(sheet.get("notes", "")),
        "biography": [{"title": _POSSESSIONS, "value": rich_text(sheet["possessions"])}]
        if sheet.get("possessions")
        else [],
    }
    items = [_skill_item(name, value, c) for name, value in sheet["skills"].items()]
    items += [_weapon_item(w) for w in sheet.get("weapons") or []]
    report.mapped.append(
        f"{sheet['name']}: characteristics, HP, Magic Points, Sanity, Luck, Move, Damage Bonus "
        f"and Build; {len(sheet['skills'])} skills and {len(sheet.get('weapons') or [])} weapons as "
        f"items"
        + "".join(
            f"; the {words}"
            for key, words in (
                ("backstory", "backstory"),
                ("notes", "notes"),
                ("possessions", "possessions as a biography section"),
            )
            if sheet.get(key)
        )
        + "."
    )
    dropped = [
        word
        for key, word in (
            ("conditions", "conditions"),
            ("scheduled_heals", "scheduled healing"),
            ("last_roll", "the last roll"),
        )
        if (any(sheet[key].values()) if key == "conditions" else sheet.get(key))
    ]
    for word in dropped:
        report.left_out.append(f"{word[0].upper()}{word[1:]}: not in a Foundry actor file.")
    actor = {
        "name": sheet["name"],
        "type": "character",
        "img": "icons/svg/mystery-man.svg",
        "system": system,
        "items": items,
        "effects": [],
        "flags": {FLAG: {"schema": sheet["schema"]}},
    }
    return actor, report
