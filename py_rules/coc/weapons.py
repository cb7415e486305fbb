"""Weapons on a Call of Cthulhu sheet, and the common ones as data (seed 003, Combat Round Duration; rules/coc.md §3.8).

A weapon names its attack skill (seed 003: Fighting (Brawl) for hand-to-hand and simple weapons, Firearms
(Handgun), Firearms (Rifle/Shotgun); [BOOK] any other Fighting or Firearms speciality, or Throw), its damage
dice without the Damage Bonus, how much of the Damage Bonus it adds (rules/coc.md §3.8: full in melee, half
thrown, none for firearms) and whether it impales (blades, bullets: the book's extreme-damage option).
:func:`parse_weapon` validates one with an error per field in the form's words ("Knife — Damage: …");
:data:`COMMON_WEAPONS` are the book's common weapons, values as the Investigator Handbook prints them.
"""

from __future__ import annotations

# The fields and their bounds are the sheet's (py_rules/coc/sheet.py), declared once for the engine and the page.
from py_rules.coc.sheet import SHEET, WEAPON_SKILLS
from py_rules.coc.tables import (
    BRAWL,
    COMBAT_FAMILIES,
    DAMAGE_BANDS_FORM,
    HANDGUN,
    RIFLE,
    SKILL_NAMES,
    THROW,
    WEAPON_DB,
    WEAPONS,
)
from py_rules.dice_expr import Expr, parse_parts
from py_rules.errors import RulesError
from py_rules.limits import shown as _shown

__all__ = (
    "COMMON_WEAPONS",
    "UNARMED",
    "WEAPON_SKILLS",
    "parse_weapon",
    "parse_weapons",
    "weapon_kind",
    "damage_bands",
    "band_expr",
    "find_weapon",
    "legacy_weapon",
)

_KEYS = tuple(field.path.rpartition(".")[2] for field in SHEET.fields if field.path.startswith("weapons.*."))
"""A weapon's fields, as the sheet declares them."""
_LABELS = {key: SHEET.field(f"weapons.*.{key}").label for key in _KEYS}
WEAPONS_MAX = SHEET.field("weapons").max_count


def _weapon(name, skill, damage, db="full", impale=False, range_="", attacks=1, ammo=None, malfunction=None) -> dict:
    return {
        "name": name,
        "skill": skill,
        "damage": damage,
        "db": db,
        "impale": impale,
        "range": range_,
        "attacks": attacks,
        "ammo": ammo,
        "malfunction": malfunction,
        "loaded": None,
        "jammed": False,
    }


UNARMED = _weapon("Unarmed", BRAWL, "1D3")
"""rules/coc.md §3.8 [BOOK]: unarmed 1D3 + DB (an attacker with no weapon named)."""

COMMON_WEAPONS = (
    # [BOOK] Investigator Handbook weapons table: hand-to-hand weapons on the seed's Fighting (Brawl)
    UNARMED,
    _weapon("Small knife", BRAWL, "1D4", impale=True),
    _weapon("Medium knife", BRAWL, "1D4+2", impale=True),
    _weapon("Small club", BRAWL, "1D6"),
    _weapon("Large club", BRAWL, "1D8"),
    _weapon("Hatchet", BRAWL, "1D6+1", impale=True),
    _weapon("Machete", BRAWL, "1D8", impale=True),
    # a handgun's rate of fire "1(3)": up to 3 shots a round (rules/coc.md §3.12 D18); a double-barrelled shotgun's
    # "1 or 2": both barrels in one round
    _weapon(".38 Revolver", HANDGUN, "1D10", "none", True, "15 yd", 3, 6, 100),
    _weapon(".45 Automatic", HANDGUN, "1D10+2", "none", True, "15 yd", 3, 7, 100),
    _weapon("12-gauge shotgun", RIFLE, "4D6/2D6/1D6", "none", False, "10/20/50 yd", 2, 2, 100),
    _weapon(".30-06 bolt-action rifle", RIFLE, "2D6+4", "none", True, "110 yd", 1, 5, 100),
    _weapon("Thrown rock", THROW, "1D4", "half", False, "STR in feet"),
    _weapon("Thrown knife", THROW, "1D4", "half", True, "STR in feet"),
)
"""Common weapons as data; the Keeper adds others on the sheet."""


def weapon_kind(weapon: dict) -> str:
    """``melee`` (a Fighting skill), ``firearm`` (Firearms) or ``thrown`` (Throw); seed 003, If attacking.

    >>> [weapon_kind(w) for w in (UNARMED, COMMON_WEAPONS[7], COMMON_WEAPONS[-1])]
    ['melee', 'firearm', 'thrown']
    """
    if SKILL_NAMES.family_name(weapon["skill"]) == "Firearms":
        return "firearm"
    return "thrown" if weapon["skill"] == THROW else "melee"


def _said(name: str, key: str) -> str:
    return f"{name} — {_LABELS[key]}"


def damage_bands(text, field: str = "damage", said: str = "Damage") -> tuple[Expr, ...]:
    """A weapon's damage: one dice expression, or up to three by range ("4D6/2D6/1D6") [BOOK shotgun].

    >>> [e.text for e in damage_bands("4D6/2D6/1D6")], damage_bands("1D4")[0].most
    (['4D6', '2D6', '1D6'], 4)
    """
    if not isinstance(text, str) or not text.strip():
        raise RulesError(
            "bad_dice_expression", f"{said}: give dice such as 1D4 or 2D6+4 (without the Damage Bonus).", field
        )
    try:
        return parse_parts(text, DAMAGE_BANDS_FORM, field)
    except RulesError as error:
        raise RulesError(error.code, f"{said}: {error.message}", field) from None


_BANDS = {"Regular": 0, "Hard": 1, "Extreme": 2}


def band_expr(weapon: dict, range_difficulty: str = "Regular") -> tuple[Expr, int]:
    """The damage expression at the range (Regular = base range, Hard = up to ×2, Extreme = up to ×4) and the band
    used (0 when the weapon has a single damage)."""
    bands = damage_bands(weapon["damage"])
    band = min(_BANDS.get(range_difficulty, 0), len(bands) - 1)
    return bands[band], band


def _int(value, field: str, said: str, key: str):
    declared = SHEET.field(f"weapons.*.{key}")
    low, high, optional = int(declared.minimum), int(declared.maximum), declared.optional
    if value is None and optional:
        return None
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if isinstance(value, bool) or not isinstance(value, int):
        empty = " or empty" if optional else ""
        raise RulesError("wrong_type", f"{said} must be a whole number{empty} (got {_shown(value)}).", field)
    if not low <= value <= high:
        raise RulesError("out_of_range", f"{said} must be between {low} and {high} (got {value}).", field)
    return value


def _text(value, field: str, said: str, key: str, required: bool = False) -> str:
    high = SHEET.field(f"weapons.*.{key}").max_length
    if not isinstance(value, str):
        raise RulesError("wrong_type", f"{said} must be text.", field)
    value = " ".join(value.split())
    if required and not value:
        raise RulesError("missing_field", f"{said}: a weapon needs a name.", field)
    if len(value) > high:
        raise RulesError("out_of_range", f"{said} has at most {high} characters.", field)
    return value


def weapon_skill(name, field: str, said: str) -> str:
    """The sheet's name of a weapon's attack skill ("Brawl" → Fighting (Brawl)), or an error naming the choices."""
    if not isinstance(name, str):
        raise RulesError("wrong_type", f"{said} must be a skill's name.", field)
    found = SKILL_NAMES.canonical(name)  # any Fighting or Firearms speciality (rules/coc.md §3.2a), or Throw
    if found is not None and (found == THROW or SKILL_NAMES.family_name(found) in COMBAT_FAMILIES):
        return found
    raise RulesError(
        "unknown_skill",
        f"{said}: {_shown(name)} is no attack skill; use a Fighting or Firearms skill, or Throw.",
        field,
    )


def parse_weapon(data, field: str = "weapon") -> dict:
    """One weapon validated and normalized (missing optional keys take their defaults)."""
    if not isinstance(data, dict):
        raise RulesError("wrong_type", "Each weapon has a name, a skill and its damage.", field)
    raw_name = data.get("name")
    name = raw_name.strip() if isinstance(raw_name, str) and raw_name.strip() else "The weapon"
    extra = sorted(set(data) - set(_LABELS))
    if extra:
        raise RulesError("unknown_field", f"{name}: a weapon has no field {extra[0]!r}.", f"{field}.{extra[0]}")
    out = {"name": _text(data.get("name", ""), f"{field}.name", _said(name, "name"), "name", required=True)}
    name = out["name"]
    out["skill"] = weapon_skill(data.get("skill", BRAWL), f"{field}.skill", _said(name, "skill"))
    damage = data.get("damage")
    if damage is None:
        raise RulesError(
            "missing_field",
            f"{_said(name, 'damage')}: give dice such as 1D4 (without the Damage Bonus).",
            f"{field}.damage",
        )
    if isinstance(damage, int) and not isinstance(damage, bool):
        damage = str(damage)
    damage_bands(damage, f"{field}.damage", _said(name, "damage"))
    out["damage"] = " ".join(damage.split()).upper()
    db = data.get(
        "db",
        "none" if SKILL_NAMES.family_name(out["skill"]) == "Firearms" else "half" if out["skill"] == THROW else "full",
    )
    if db not in WEAPON_DB:
        raise RulesError(
            "bad_input", f"{_said(name, 'db')} must be full, half or none (got {_shown(db)}).", f"{field}.db"
        )
    out["db"] = db
    impale = data.get("impale", False)
    if not isinstance(impale, bool):
        raise RulesError("wrong_type", f"{_said(name, 'impale')} must be yes or no.", f"{field}.impale")
    out["impale"] = impale
    out["range"] = _text(data.get("range", ""), f"{field}.range", _said(name, "range"), "range")
    for key in ("attacks", "ammo", "malfunction", "loaded"):
        out[key] = _int(data.get(key, SHEET.field(f"weapons.*.{key}").default), f"{field}.{key}", _said(name, key), key)
    if out["loaded"] is not None and (out["ammo"] is None or out["loaded"] > out["ammo"]):
        most = "it has no shots given" if out["ammo"] is None else f"it holds {out['ammo']}"
        raise RulesError(
            "out_of_range",
            f"{_said(name, 'loaded')}: {out['loaded']} is more than the weapon holds ({most}).",
            f"{field}.loaded",
        )
    jammed = data.get("jammed", False)
    if not isinstance(jammed, bool):
        raise RulesError("wrong_type", f"{_said(name, 'jammed')} must be yes or no.", f"{field}.jammed")
    out["jammed"] = jammed
    return out


def parse_weapons(data, field: str = "weapons") -> list[dict]:
    """A sheet's weapons (at most :data:`WEAPONS_MAX`, names unique)."""
    if not isinstance(data, list):
        raise RulesError("wrong_type", "The weapons must be a list.", field)
    if len(data) > WEAPONS_MAX:
        raise RulesError("out_of_range", f"At most {WEAPONS_MAX} weapons on a sheet.", field)
    out, names = [], set()
    for i, weapon in enumerate(data):
        parsed = parse_weapon(weapon, f"{field}.{i}")
        if parsed["name"].lower() in names:
            raise RulesError(
                "bad_input", f"Two weapons are called {parsed['name']}: give each its own name.", f"{field}.{i}.name"
            )
        names.add(parsed["name"].lower())
        out.append(parsed)
    return out


def legacy_weapon(kind: str) -> dict:
    """The seed's three attack kinds ("Brawl", "Handgun", "Rifle") as weapons with the book's typical damage."""
    skill, damage, melee, impaling, attacks = WEAPONS[kind]
    return _weapon(kind, skill, damage, "full" if melee else "none", impaling, attacks=attacks)


def find_weapon(state: dict, name, field: str = "weapon") -> dict:
    """The weapon ``name`` on ``state``'s sheet (case and spacing ignored); empty = unarmed; the seed's three attack
    kinds when the sheet has no weapon of that name; otherwise an error listing the sheet's weapons."""
    if isinstance(name, dict):
        return parse_weapon(name, field)
    if name is None or (isinstance(name, str) and not name.strip()):
        return dict(UNARMED)
    if not isinstance(name, str):
        raise RulesError("wrong_type", "Name the weapon used.", field)
    wanted = " ".join(name.split()).lower()
    for weapon in state.get("weapons", []):
        if weapon["name"].lower() == wanted:
            return dict(weapon)
    for kind in WEAPONS:
        if kind.lower() == wanted:
            return legacy_weapon(kind)
    if wanted == UNARMED["name"].lower():
        return dict(UNARMED)
    owned = [w["name"] for w in state.get("weapons", [])]
    listed = ", ".join(owned) if owned else "none"
    raise RulesError(
        "bad_input",
        f"{state.get('name', 'The attacker')} has no weapon called {_shown(name)} "
        f"(weapons on the sheet: {listed}; or Unarmed).",
        field,
    )
