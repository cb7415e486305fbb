"""Weapons and armour of a Semiautomagic creature: the sheet's fields and a short list of example weapons
(seed 002, damage types; Bludgeoning; Nonlethal Damage; Toughness: worn armour as a Defence source; Mobility
Penalty).

The seed names the damage types and the weapons that deal them (spears, knives, bows and firearms pierce; a
club or a mace bludgeons; blades and axes slash) but prints no weapon's damage: the dice in
:data:`COMMON_WEAPONS` are examples for the table to change on the sheet (:data:`WEAPONS_ARE_EXAMPLES`).
"""

from __future__ import annotations

from py_rules.dice_expr import parse
from py_rules.errors import RulesError
from py_rules.semiautomagic import tables as T

# The bounds are the sheet's (py_rules/semiautomagic/sheet_bounds.py), declared once for the engine and the page.
from py_rules.semiautomagic.sheet import SHEET
from py_rules.semiautomagic.sheet_bounds import DAMAGE_TEXT_MAX as _DAMAGE_MAX, NAME_MAX as _NAME_MAX, WEAPONS_MAX
from py_rules.words import listed

__all__ = (
    "COMMON_WEAPONS",
    "WEAPONS_ARE_EXAMPLES",
    "WEAPONS_MAX",
    "weapons_of",
    "armour_of",
    "find_weapon",
    "type_key",
)

_KEYS = ("name", "damage", "damage_type", "kind", "light_material", "nonlethal")

DEFAULT_KIND = "melee"
"""A weapon that declares no kind (a sheet made before weapons had one) is a melee weapon: Weapon Skill, as every
attack rolled before (rules/semiautomagic.md §2.4)."""

WEAPONS_ARE_EXAMPLES = True
"""Seed 002 gives damage types, not weapon damage: the dice below are examples (rules/semiautomagic.md §2.14 S9)."""

COMMON_WEAPONS = (
    # One or two weapons per damage type the seed names (seed 002, damage types); dice are examples.
    {
        "name": "Fists",
        "kind": "melee",
        "damage": "1d4",
        "damage_type": "bludgeoning",
        "light_material": False,
        "nonlethal": True,
    },
    {
        "name": "Club",
        "kind": "melee",
        "damage": "1d8",
        "damage_type": "bludgeoning",
        "light_material": False,
        "nonlethal": False,
    },
    {
        "name": "Aluminium club",
        "kind": "melee",
        "damage": "1d8",
        "damage_type": "bludgeoning",
        "light_material": True,
        "nonlethal": False,
    },
    {
        "name": "Mace",
        "kind": "melee",
        "damage": "1d10",
        "damage_type": "bludgeoning",
        "light_material": False,
        "nonlethal": False,
    },
    {
        "name": "Knife",
        "kind": "melee",
        "damage": "1d6",
        "damage_type": "piercing",
        "light_material": False,
        "nonlethal": False,
    },
    {
        "name": "Spear",
        "kind": "melee",
        "damage": "1d10",
        "damage_type": "piercing",
        "light_material": False,
        "nonlethal": False,
    },
    {
        "name": "Bow",
        "kind": "ranged",
        "damage": "1d10",
        "damage_type": "piercing",
        "light_material": False,
        "nonlethal": False,
    },
    {
        "name": "Pistol",
        "kind": "ranged",
        "damage": "2d6",
        "damage_type": "piercing",
        "light_material": False,
        "nonlethal": False,
    },
    {
        "name": "Sword",
        "kind": "melee",
        "damage": "1d10",
        "damage_type": "slashing",
        "light_material": False,
        "nonlethal": False,
    },
    {
        "name": "Axe",
        "kind": "melee",
        "damage": "1d12",
        "damage_type": "slashing",
        "light_material": False,
        "nonlethal": False,
    },
    {
        "name": "Stun baton",
        "kind": "melee",
        "damage": "1d8",
        "damage_type": "electric",
        "light_material": False,
        "nonlethal": True,
    },
    {
        "name": "Torch",
        "kind": "melee",
        "damage": "1d6",
        "damage_type": "heat",
        "light_material": False,
        "nonlethal": False,
    },
    {
        "name": "Frost wand",
        "kind": "ranged",
        "damage": "1d8",
        "damage_type": "cold",
        "light_material": False,
        "nonlethal": False,
    },
    {
        "name": "Acid flask",
        "kind": "ranged",
        "damage": "2d4",
        "damage_type": "chemical",
        "light_material": False,
        "nonlethal": False,
    },
    {
        "name": "EMP grenade",
        "kind": "ranged",
        "damage": "2d6",
        "damage_type": "emp",
        "light_material": False,
        "nonlethal": False,
    },
)
"""A short list of example weapons (seed 002 names the weapons of each damage type, not their dice)."""

WEAPON_TYPES = {key.lower(): key for key in T.DAMAGE_TYPES}
"""The sheet's damage types (``"piercing"`` … ``"emp"``) → the rules' names (seed 002, damage types)."""


def type_key(damage_type: str) -> str:
    """The rules' name of a sheet's damage type (``"emp"`` → ``"EMP"``)."""
    return WEAPON_TYPES[damage_type]


_LABELS = {
    "name": "Name",
    "damage": "Damage",
    "damage_type": "Damage type",
    "kind": "Melee, ranged or spell",
    "light_material": "Light material",
    "nonlethal": "Nonlethal",
    "defence": "Defence",
    "mobility_penalty": "Mobility penalty",
}
"""The editor's labels: a refusal names the weapon and the field as the form shows them ("Club — Damage: …")."""


def _said(who: str, key: str) -> str:
    return f"{who} — {_LABELS[key]}"


def _text(value, who: str, key: str, field: str, limit: int) -> str:
    if not isinstance(value, str):
        raise RulesError("wrong_type", f"{_said(who, key)}: must be text.", f"{field}.{key}")
    if len(value) > limit:
        raise RulesError(
            "out_of_range", f"{_said(who, key)}: at most {limit} characters (got {len(value)}).", f"{field}.{key}"
        )
    return value.strip()


def _flag(raw: dict, key: str, who: str, field: str) -> bool:
    value = raw.get(key, False)
    if not isinstance(value, bool):
        raise RulesError("wrong_type", f"{_said(who, key)}: yes or no.", f"{field}.{key}")
    return value


def _weapon(raw, index: int) -> dict:
    field = f"weapons.{index}"
    who = f"Weapon {index + 1}"
    if not isinstance(raw, dict):
        raise RulesError("wrong_type", f"{who} must have a name, a damage and a damage type.", field)
    if isinstance(raw.get("name"), str) and raw["name"].strip():
        who = raw["name"].strip()[:_NAME_MAX]
    unknown = [key for key in raw if key not in _KEYS]
    if unknown:
        raise RulesError(
            "unknown_field",
            f"{who} has no field {unknown[0]!r} (a weapon has a name, a damage, a "
            "damage type, a kind (melee, ranged or spell), whether it is of a light material and whether it is nonlethal).",
            f"{field}.{unknown[0]}",
        )
    name = _text(raw.get("name", ""), who, "name", field, _NAME_MAX)
    if not name:
        raise RulesError("missing_field", f"{_said(who, 'name')}: every weapon needs a name.", f"{field}.name")
    damage = _text(raw.get("damage", ""), who, "damage", field, _DAMAGE_MAX)
    if not damage:
        raise RulesError("missing_field", f"{_said(who, 'damage')}: give dice such as 1d6 or 2d6+3.", f"{field}.damage")
    try:
        parse(damage, T.DAMAGE_FORM, f"{field}.damage")
    except RulesError as error:
        raise RulesError(error.code, f"{_said(who, 'damage')}: {error.message}", f"{field}.damage") from None
    raw_type = raw.get("damage_type", "bludgeoning")
    kind = raw_type.lower() if isinstance(raw_type, str) else raw_type
    if kind not in WEAPON_TYPES:
        raise RulesError(
            "bad_choice", f"{_said(who, 'damage_type')}: one of {listed(T.DAMAGE_TYPES)}.", f"{field}.damage_type"
        )
    attack = raw.get("kind", DEFAULT_KIND)
    if attack not in T.ATTACK_SKILLS:
        raise RulesError("bad_choice", f"{_said(who, 'kind')}: one of {listed(T.ATTACK_SKILLS)}.", f"{field}.kind")
    return {
        "name": name,
        "damage": damage,
        "damage_type": kind,
        "kind": attack,
        "light_material": _flag(raw, "light_material", who, field),
        "nonlethal": _flag(raw, "nonlethal", who, field),
    }


def weapons_of(raw) -> list:
    """The sheet's ``weapons``, validated; each error names the weapon and its field in the form's words."""
    if raw is None:
        return []
    if not isinstance(raw, list):
        raise RulesError("wrong_type", "Weapons must be a list.", "weapons")
    if len(raw) > WEAPONS_MAX:
        raise RulesError("out_of_range", f"At most {WEAPONS_MAX} weapons.", "weapons")
    return [_weapon(item, index) for index, item in enumerate(raw)]


def _whole(raw: dict, key: str) -> int:
    declared = SHEET.field(f"armour.{key}")
    low, high = int(declared.minimum), int(declared.maximum)
    value = raw.get(key, 0)
    if (
        isinstance(value, bool)
        or not isinstance(value, (int, float))
        or (isinstance(value, float) and not value.is_integer())
    ):
        raise RulesError("wrong_type", f"{_said('Armour', key)}: a whole number (got {value!r}).", f"armour.{key}")
    if not low <= value <= high:
        raise RulesError(
            "out_of_range", f"{_said('Armour', key)}: between {low} and {high} (got {int(value)}).", f"armour.{key}"
        )
    return int(value)


def armour_of(raw):
    """The sheet's worn ``armour`` ``{"name", "defence", "mobility_penalty"}``, or None (seed 002: worn armour is
    the most common Defence source; armour is the usual source of mobility penalties)."""
    if raw is None:
        return None
    if not isinstance(raw, dict):
        raise RulesError("wrong_type", "Armour must have a name, a defence and a mobility penalty.", "armour")
    unknown = [key for key in raw if key not in ("name", "defence", "mobility_penalty")]
    if unknown:
        raise RulesError(
            "unknown_field",
            f"Armour has no field {unknown[0]!r} (it has a name, a defence and a mobility penalty).",
            f"armour.{unknown[0]}",
        )
    name = _text(raw.get("name", ""), "Armour", "name", "armour", _NAME_MAX)
    return {"name": name, "defence": _whole(raw, "defence"), "mobility_penalty": _whole(raw, "mobility_penalty")}


def find_weapon(c: dict, name: str):
    """The weapon called ``name`` on the sheet; empty: the first listed, or None when it lists none."""
    weapons = c.get("weapons") or []
    name = (name or "").strip()
    if not name:
        return dict(weapons[0]) if weapons else None
    for weapon in weapons:
        if weapon["name"] == name:
            return dict(weapon)
    known = [w["name"] for w in weapons]
    raise RulesError(
        "unknown_weapon",
        f"{c['name'] or 'The attacker'} has no weapon called {name!r}"
        + (f"; its weapons: {listed(known)}." if known else "; it lists no weapons."),
        "weapon",
    )
