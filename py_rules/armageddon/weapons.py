"""Weapons and armour of an Armageddon character: the sheet's fields, the common weapons as data, and the
weapon's damage read with the attacker's Strength (rules/armageddon.md §1.8, §1.8a; seed 000, The Basics: damage rolls
are the exception to the d10).

A weapon's damage is the book's form ``NdX × M + K`` where the multiplier may be the wielder's Strength
("d4 × Strength"); :func:`damage_roll` puts the Strength of the sheet in.
"""

from __future__ import annotations

# The bounds are the sheet's (py_rules/armageddon/sheet.py), declared once for the engine and the page.
from py_rules.armageddon.sheet import ARMOUR_MAX, DAMAGE_TEXT_MAX as _DAMAGE_MAX, NAME_MAX as _NAME_MAX, WEAPONS_MAX
from py_rules.armageddon.tables import DAMAGE_TYPES, SKILL_NAMES, WEAPON_DAMAGE_FORM
from py_rules.dice_expr import parse
from py_rules.errors import RulesError
from py_rules.words import listed

__all__ = (
    "COMMON_WEAPONS",
    "WEAPONS_MAX",
    "ARMOUR_MAX",
    "weapons_of",
    "armour_of",
    "damage_roll",
    "find_weapon",
    "UNARMED",
    "FIREARM_SKILLS",
)


FIREARM_SKILLS = ("Guns", "Handguns", "Rifles", "Shotguns", "Automatic Weapons")
"""Skills of firearms: a defender cannot block or parry them, only dodge (rules/armageddon.md §1.8a)."""

COMMON_WEAPONS = (
    # Values as the Classic Unisystem books print them (rules/armageddon.md §1.8 [BOOK]: punch d4 × Str, knife d4 × Str,
    # pistol d6 × 4); the Chronicler edits the sheet's copy.
    {
        "name": "Punch",
        "skill": "Brawling",
        "damage": "d4 × Strength",
        "damage_type": "bludgeoning",
        "success_levels": True,
    },
    {
        "name": "Knife",
        "skill": "Hand Weapon",
        "damage": "d4 × Strength",
        "damage_type": "slashing/stabbing",
        "success_levels": True,
    },
    {
        "name": "Baseball bat",
        "skill": "Hand Weapon",
        "damage": "d6 × Strength",
        "damage_type": "bludgeoning",
        "success_levels": True,
    },
    {
        "name": "Sword",
        "skill": "Hand Weapon",
        "damage": "d6 × Strength",
        "damage_type": "slashing/stabbing",
        "success_levels": True,
    },
    {
        "name": "Handgun (.38)",
        "skill": "Handguns",
        "damage": "d6 × 4",
        "damage_type": "bullet",
        "success_levels": False,
    },
    {
        "name": "Handgun (9mm)",
        "skill": "Handguns",
        "damage": "d6 × 4",
        "damage_type": "bullet",
        "success_levels": False,
    },
    {
        "name": "Handgun (.45)",
        "skill": "Handguns",
        "damage": "d6 × 5",
        "damage_type": "bullet",
        "success_levels": False,
    },
    {"name": "Shotgun", "skill": "Shotguns", "damage": "4d6 × 4", "damage_type": "bullet", "success_levels": False},
    {"name": "Rifle", "skill": "Rifles", "damage": "d8 × 5", "damage_type": "bullet", "success_levels": False},
)
"""A short list of common weapons as data (rules/armageddon.md §1.8: weapon data are not in the seed)."""

UNARMED = COMMON_WEAPONS[0]
"""What a character without a weapon attacks with."""

_KEYS = ("name", "skill", "damage", "damage_type", "success_levels")


_LABELS = {
    "name": "Name",
    "skill": "Skill",
    "damage": "Damage",
    "damage_type": "Damage type",
    "success_levels": "Success Levels add to damage",
    "value": "Armour value",
}
"""The editor's labels: a refusal names the weapon and the field as the form shows them ("Knife — Damage: …")."""


def _said(who: str, key: str) -> str:
    return f"{who} — {_LABELS[key]}"


def damage_roll(text: str, strength: int, field: str = "damage"):
    """The damage roll of ``text`` with ``strength`` for the word Strength; (roll, whether Strength counted).

    >>> str(damage_roll("d4 × Strength", 3)[0]), str(damage_roll("d6x4", 3)[0]), str(damage_roll("d4xStr+1", 2)[0])
    ('1d4×3', '1d6×4', '1d4×2+1')
    """
    if not isinstance(text, str):
        raise RulesError("wrong_type", "The damage must be a damage roll such as d6 × 4.", field)
    roll = parse(text, WEAPON_DAMAGE_FORM, field, {"Strength": strength})
    return roll, "Strength" in roll.named


def _weapon(raw, index: int) -> dict:
    field = f"weapons.{index}"
    who = f"Weapon {index + 1}"
    if not isinstance(raw, dict):
        raise RulesError("wrong_type", f"{who} must have a name, a skill and a damage.", field)
    if isinstance(raw.get("name"), str) and raw["name"].strip():
        who = raw["name"].strip()[:_NAME_MAX]
    unknown = [key for key in raw if key not in _KEYS]
    if unknown:
        raise RulesError(
            "unknown_field",
            f"{who} has no field {unknown[0]!r} (a weapon has a name, a skill, a damage, "
            "a damage type and whether Success Levels add to damage).",
            f"{field}.{unknown[0]}",
        )
    name = _text(raw.get("name", ""), who, "name", field, _NAME_MAX)
    if not name:
        raise RulesError("missing_field", f"{_said(who, 'name')}: every weapon needs a name.", f"{field}.name")
    skill = _text(raw.get("skill", "Brawling"), who, "skill", field, _NAME_MAX)
    if SKILL_NAMES.canonical(skill) != skill:  # a listed skill or a family's type (py_rules.skill_names)
        raise RulesError(
            "unknown_skill",
            f"{_said(who, 'skill')}: there is no skill called {skill!r}; pick one from "
            "the list (e.g. Handguns, Brawling, Hand Weapon).",
            f"{field}.skill",
        )
    damage = _text(raw.get("damage", ""), who, "damage", field, _DAMAGE_MAX)
    if not damage:
        raise RulesError(
            "missing_field",
            f"{_said(who, 'damage')}: give the damage as the book prints it, e.g. d4 × Strength or d6 × 4.",
            f"{field}.damage",
        )
    try:
        damage_roll(damage, 1, f"{field}.damage")
    except RulesError as error:
        raise RulesError(error.code, f"{_said(who, 'damage')}: {error.message}", f"{field}.damage") from None
    kind = raw.get("damage_type", "bludgeoning")
    if not isinstance(kind, str) or kind not in DAMAGE_TYPES:
        raise RulesError(
            "bad_choice", f"{_said(who, 'damage_type')}: one of {listed(DAMAGE_TYPES)}.", f"{field}.damage_type"
        )
    flag = raw.get("success_levels", False)
    if not isinstance(flag, bool):
        raise RulesError("wrong_type", f"{_said(who, 'success_levels')}: yes or no.", f"{field}.success_levels")
    return {"name": name, "skill": skill, "damage": damage, "damage_type": kind, "success_levels": flag}


def _text(value, who: str, key: str, field: str, limit: int) -> str:
    if not isinstance(value, str):
        raise RulesError("wrong_type", f"{_said(who, key)}: must be text.", f"{field}.{key}")
    if len(value) > limit:
        raise RulesError(
            "out_of_range", f"{_said(who, key)}: at most {limit} characters (got {len(value)}).", f"{field}.{key}"
        )
    return value.strip()


def weapons_of(raw) -> list:
    """The sheet's ``weapons``, validated; each error names the weapon and its field in the form's words."""
    if raw is None:
        return []
    if not isinstance(raw, list):
        raise RulesError("wrong_type", "Weapons must be a list.", "weapons")
    if len(raw) > WEAPONS_MAX:
        raise RulesError("out_of_range", f"At most {WEAPONS_MAX} weapons.", "weapons")
    return [_weapon(item, index) for index, item in enumerate(raw)]


def armour_of(raw):
    """The sheet's ``armour`` ``{"name", "value"}`` (value 0–50), or None when he wears none."""
    if raw is None:
        return None
    if not isinstance(raw, dict):
        raise RulesError("wrong_type", "Armour must have a name and a value.", "armour")
    unknown = [key for key in raw if key not in ("name", "value")]
    if unknown:
        raise RulesError(
            "unknown_field", f"Armour has no field {unknown[0]!r} (it has a name and a value).", f"armour.{unknown[0]}"
        )
    name = _text(raw.get("name", ""), "Armour", "name", "armour", _NAME_MAX)
    value = raw.get("value", 0)
    if (
        isinstance(value, bool)
        or not isinstance(value, (int, float))
        or (isinstance(value, float) and not value.is_integer())
    ):
        raise RulesError("wrong_type", f"{_said('Armour', 'value')}: a whole number (got {value!r}).", "armour.value")
    if not 0 <= value <= ARMOUR_MAX:
        raise RulesError(
            "out_of_range",
            f"{_said('Armour', 'value')}: between 0 and {ARMOUR_MAX} (got {int(value)}).",
            "armour.value",
        )
    return {"name": name, "value": int(value)}


def find_weapon(character: dict, name: str) -> dict:
    """The weapon called ``name`` on the sheet; empty: the first listed, or a punch when none is."""
    weapons = character.get("weapons") or []
    name = (name or "").strip()
    if not name:
        return dict(weapons[0]) if weapons else dict(UNARMED)
    for weapon in weapons:
        if weapon["name"] == name:
            return dict(weapon)
    for weapon in COMMON_WEAPONS:
        if weapon["name"] == name:
            return dict(weapon)
    known = [w["name"] for w in weapons] or [UNARMED["name"]]
    raise RulesError(
        "unknown_weapon",
        f"{character['name'] or 'The attacker'} has no weapon called {name!r}; their weapons: {listed(known)}.",
        "weapon",
    )
