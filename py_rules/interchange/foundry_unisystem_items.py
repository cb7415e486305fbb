"""The items of an exported Foundry VTT Unisystem actor: skills, Qualities and Drawbacks, weapons, gear,
armour, and the bonuses items give to the pools.

The item shapes are those of the two Foundry systems for Classic Unisystem named in rules/armageddon.md §1.4, read from their
``template.json`` (field names only; the two agree on every item field read here):

* ``skill`` (and ``power``): ``system.level``.
* ``quality`` and ``drawback``: ``system.cost``, the points paid (a Quality of the MMFO system also has
  ``system.type``, "Quality" or "Pulling Strings"). Neither system keeps a level for a Quality, so Essence
  Channeling's level is read from its name ("Essence Channeling 3"); a name without one gives level 1, the
  lowest, and the report asks the user to set it (its price in points is not in the rules reference, so the
  cost is not turned into a level).
* ``weapon``: ``system.damage`` (the die, e.g. ``"d6"``), ``system.damage_cha_multiplier`` (``"none"`` or an
  Attribute key such as ``"strength"``, multiplying the die), ``system.damage_cha_multiplier_modifier`` (Jesuisfrog
  only, added to that multiplier), ``system.damage_type`` (the position in the list ``system.damage_types``: None,
  Two-Handed, Slashing, Stabbing, Normal Bullet, Hollow Point, Armor Piercing, Shotgun, Explosive, Poison,
  Corrosive; Two-Handed adds 1 to the multiplier), ``system.range``, ``system.ammo_type``, ``system.capacity``.
  No weapon names its skill (the systems ask for one at each roll).
* ``item``: ``system.encumbrance`` (pounds each, as the systems add it up against half the lifting capacity),
  ``system.qty``, ``system.equipped``, ``system.armor_value``. The MMFO system's Conspiracy X cell resources
  (``gear``, ``weaponery``, ``vehicles``…) carry the same ``encumbrance``.
* every item: ``system.resource_bonus`` with ``hp``, ``endurance_points``, ``speed``, ``essence`` (and
  ``initiative``), added by both systems to the pools' maxima, and ``system.description``.

Aliases kept from the first, guessed reading where they cannot mislead: a skill's ``system.value``, a Quality's
``system.level``, a weapon's ``system.skill``, an item's ``system.weight``, item types ``equipment``.
"""

from __future__ import annotations

import math
import re

from py_rules.armageddon.qualities import effect_of
from py_rules.armageddon.sheet import QUALITIES_MAX
from py_rules.armageddon.tables import SKILL_MAX, SKILL_NAMES
from py_rules.interchange.report import Report, number, text

NAME_MAX = 100
_GEAR = ("item", "gear", "equipment", "weaponery", "vehicles", "science", "medical", "restricted")
_BONUSES = (
    ("hp", "life_points", "Life Points"),
    ("endurance_points", "endurance_points", "Endurance Points"),
    ("essence", "essence", "Essence"),
    ("speed", "speed", "Speed"),
)
_DAMAGE_TYPES = (
    "None",
    "Two-Handed",
    "Slashing",
    "Stabbing",
    "Normal Bullet",
    "Hollow Point",
    "Armor Piercing",
    "Shotgun",
    "Explosive",
    "Poison",
    "Corrosive",
)
"""The systems' damage types in their order (a weapon keeps the position)."""
_OURS = {
    "slashing": "slashing/stabbing",
    "stabbing": "slashing/stabbing",
    "piercing": "slashing/stabbing",
    "slashing/stabbing": "slashing/stabbing",
    "normal bullet": "bullet",
    "bullets": "bullet",
    "hollow point": "bullet",
    "hollowpoint": "bullet",
    "armor piercing": "bullet",
    "armorpiercing": "bullet",
    "shotgun": "bullet",
    "bullet": "bullet",
    "ballistic": "bullet",
    "gunshot": "bullet",
    "explosive": "other",
    "poison": "other",
    "corrosive": "other",
    "other": "other",
    "fire": "fire",
    "bludgeoning": "bludgeoning",
    "blunt": "bludgeoning",
}
"""Damage types as the systems (or other sheets) write them → the rules' (rules/armageddon.md §1.8a)."""


def system_of(doc: dict) -> dict:
    """A document's data: ``system`` (Foundry 10 and later) or ``data`` (older exports)."""
    value = doc.get("system", doc.get("data"))
    return value if isinstance(value, dict) else {}


def skill_name(name: str) -> str | None:
    """The rules' spelling of a skill (case aside), a type of a family written ``"Craft (Woodwork)"``; None if
    unknown (:data:`py_rules.armageddon.tables.SKILL_NAMES`)."""
    return SKILL_NAMES.canonical(name)


def _weight(raw) -> int | float | None:
    """Pounds from a number or a text such as ``"2.5"``; None for anything else (or beyond a million)."""
    if isinstance(raw, bool) or raw is None:
        return None
    if isinstance(raw, (int, float)):
        value = float(raw)
    elif isinstance(raw, str) and len(raw) <= 20:
        try:
            value = float(raw.strip())
        except ValueError:
            return None
    else:
        return None
    if not math.isfinite(value) or not 0 <= value <= 1_000_000:
        return None
    return int(value) if value.is_integer() else round(value, 2)


def damage_type(raw) -> tuple[str | None, str]:
    """(the rules' damage type or None, the system's word) for a weapon's ``damage_type``: its position in the
    systems' list, or a word."""
    position = number(raw)
    word = _DAMAGE_TYPES[position] if position is not None and 0 <= position < len(_DAMAGE_TYPES) else text(raw)
    return _OURS.get(word.strip().lower()), word


def quality_effect(name: str):
    """The effect of a Quality named as a file names it, its level possibly in the name ("Hard to Kill 2")."""
    return effect_of(re.sub(r"\s*\d{1,2}\s*$", "", name))


class Items:
    """What the items of an actor hold, sorted by what the sheet does with them."""

    def __init__(self) -> None:
        self.kinds: dict[str, int] = {}
        self.skills: dict[str, int] = {}
        self.unknown_skills: list[str] = []
        self.qualities: list[str] = []
        self.drawbacks: list[str] = []
        self.entries: list[dict] = []  # the sheet's Qualities and Drawbacks: name, kind, level, points
        self.effects_kept: list[str] = []  # Qualities whose bonus the engine applies itself
        self.channeling: tuple[str, int | None, int | None] | None = None
        self.gifted = False
        self.weapons: list[dict] = []
        self.gear: list[tuple[str, int | float | None]] = []
        self.armour: list[tuple[str, int]] = []
        self.bonuses: dict[str, int] = {}
        self.bonus_sources: dict[str, list[str]] = {}
        self.others: list[str] = []

    def read(self, raw_items: list) -> None:
        for item in raw_items:
            if isinstance(item, dict):
                self._one(item)

    def _one(self, item: dict) -> None:
        kind = text(item.get("type")).lower()[:40]
        name = " ".join(text(item.get("name")).split())[:NAME_MAX]
        system = system_of(item)
        self.kinds[kind] = self.kinds.get(kind, 0) + 1
        effect = quality_effect(name) if kind == "quality" and name else None
        if (
            effect is not None and effect.per_level
        ):  # the engine applies the Quality's own bonus (rules/armageddon.md §1.4)
            if isinstance(system.get("resource_bonus"), dict) and any(system["resource_bonus"].values()):
                self.effects_kept.append(name)
        else:
            self._bonus(name or kind or "an item", system.get("resource_bonus"))
        if kind == "skill":
            level = number(system.get("level", system.get("value")))
            ours = skill_name(name) if name else None
            if ours and level is not None and 0 <= level <= SKILL_MAX:
                self.skills[ours] = level
            else:
                self.unknown_skills.append(f"{name or 'unnamed'} {level if level is not None else ''}".strip())
        elif kind in ("quality", "drawback"):
            self._quality(kind, name, system)
        elif kind == "weapon":
            self.weapons.append(
                {
                    "name": name,
                    "damage": text(system.get("damage")),
                    "skill": text(system.get("skill")),
                    "multiplier": text(system.get("damage_cha_multiplier")).lower(),
                    "modifier": number(system.get("damage_cha_multiplier_modifier")) or 0,
                    "damage_type": system.get("damage_type", system.get("damageType")),
                }
            )
            self._carried(name, system)
        elif kind in _GEAR:
            self._carried(name, system, always=True)
            armour = number(system.get("armor_value"))
            if armour and system.get("equipped") is True and name:
                self.armour.append((name, armour))
        elif name:
            level = number(system.get("level"))
            self.others.append(f"{name} ({kind or 'item'}{f' {level}' if level is not None else ''})")

    def _quality(self, kind: str, name: str, system: dict) -> None:
        cost = number(system.get("cost"))
        level = number(system.get("level"))
        label = name + (" (Pulling Strings)" if text(system.get("type")).lower() == "pulling strings" else "")
        points = f" ({cost} point{'s' if cost != 1 else ''})" if cost is not None else ""
        said = label + (f" {level}" if level is not None else "") + points
        (self.qualities if kind == "quality" else self.drawbacks).append(said)
        self._entry(kind, label, level, cost)
        lowered = name.lower()
        if kind == "quality" and lowered.startswith("essence channeling") and self.channeling is None:
            named = re.search(r"(\d{1,2})", name)
            self.channeling = (name, int(named.group(1)) if named else level, cost)
        elif kind == "quality" and re.fullmatch(r"(the )?gifted( \(.*\))?", lowered):
            self.gifted = True

    def _entry(self, kind: str, name: str, level, cost) -> None:
        """The Quality or Drawback as the sheet keeps it; its level is the file's, else a number in its name, else (for
        a Quality bought per level, such as Hard to Kill) its cost, else 1."""
        if not name or len(self.entries) >= QUALITIES_MAX:
            return
        effect = quality_effect(name) if kind == "quality" else None
        named = re.search(r"(\d{1,2})", name)
        if level is None and named:
            level = int(named.group(1))
        if level is None and effect is not None and effect.levels[1] > 1 and cost is not None:
            level = cost
        low, high = effect.levels if effect is not None else (1, 10)
        level = max(low, min(high, int(level))) if isinstance(level, (int, float)) else 1
        points = max(0, min(50, abs(int(cost)))) if isinstance(cost, (int, float)) else 0
        if effect is not None and any(each["name"].casefold() == effect.name.casefold() for each in self.entries):
            return
        self.entries.append(
            {"name": effect.name if effect is not None else name, "kind": kind, "level": level, "points": points}
        )

    def _carried(self, name: str, system: dict, always: bool = False) -> None:
        weight = _weight(system.get("encumbrance", system.get("weight")))
        quantity = number(system.get("qty"))
        quantity = quantity if quantity is not None and 1 <= quantity <= 10_000 else 1
        if weight is not None and quantity > 1:
            weight = _weight(weight * quantity)
        label = f"{name} ×{quantity}" if quantity > 1 else name
        if always or (weight is not None and weight > 0):
            self.gear.append((label, weight))

    def _bonus(self, source: str, raw) -> None:
        if not isinstance(raw, dict):
            return
        for key, ours, _words in _BONUSES:
            value = number(raw.get(key))
            if value:
                self.bonuses[ours] = self.bonuses.get(ours, 0) + value
                self.bonus_sources.setdefault(ours, []).append(f"{source} {value:+d}")
        if number(raw.get("initiative")):
            self.bonus_sources.setdefault("initiative", []).append(f"{source} {number(raw.get('initiative')):+d}")

    def channeling_level(self, report: Report) -> int:
        """Essence Channeling's level (0 without the Quality), said in the report."""
        if self.channeling is None:
            return 0
        name, level, cost = self.channeling
        if level is None:
            paid = f" only its cost ({cost} points)" if cost else " no level"
            report.left_out.append(
                f"Essence Channeling: the file gives{paid}; it starts at level 1. Set its level on the sheet."
            )
        level = max(1, min(10, level or 1))
        report.mapped.append(f"Quality {name}: Gifted, Essence Channeling {level}.")
        return level

    def sheet_bonuses(self, report: Report) -> dict:
        """The pools' bonuses the items give (the sheet's ``bonuses``), said in the report."""
        out = {}
        for _key, ours, words in _BONUSES:
            total = self.bonuses.get(ours, 0)
            if total and -100 <= total <= 1000:
                out[ours] = total
                report.mapped.append(f"{words} bonus {total:+d}, from " + ", ".join(self.bonus_sources[ours]) + ".")
            elif total:
                report.left_out.append(f"{words} bonus {total:+d} is beyond what the sheet keeps (−100 to 1000).")
        if self.bonus_sources.get("initiative"):
            report.left_out.append(
                "Initiative bonuses ("
                + ", ".join(self.bonus_sources["initiative"])
                + "): the sheet reckons Initiative from Dexterity only."
            )
        return out


def weapon_damage(weapon: dict) -> tuple[str | None, str, str]:
    """(the damage as the sheet writes it or None, the damage as the file reckons it, why the sheet cannot take
    it) of a weapon: a die, times an Attribute when it names one (Two-Handed adds 1 to that Attribute, as both
    systems reckon it)."""
    base = weapon["damage"].strip()
    if not base or base == "0":
        return None, "no damage", ""
    multiplier = weapon["multiplier"]
    if multiplier in ("", "none"):
        return base, base, ""
    extra = weapon["modifier"] + (1 if damage_type(weapon["damage_type"])[1] == "Two-Handed" else 0)
    attribute = multiplier.title()[:20]
    described = f"{base} × {attribute}" if not extra else f"{base} × ({attribute} {extra:+d})"
    if multiplier != "strength":
        return None, described, "the sheet multiplies damage by Strength only"
    if extra:
        return None, described, "the sheet cannot add to the Strength a damage is multiplied by"
    if re.search(r"[x×*]", base, re.IGNORECASE):
        return None, described, "its damage already has a multiplier"
    return described, described, ""
