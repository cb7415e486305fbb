"""Foundry VTT's Unisystem system, an Armageddon (Classic Unisystem) character exported as an actor (issue 18).

No copy of the Unisystem system's source is stored to check against, so the shape read is the one the issue
names, with the aliases such systems use: ``system.attributes.<strength|dexterity|constitution|intelligence|
perception|willpower>.value``; the pools ``system.hp`` (Life Points; also ``life_points``), ``system.endurance_points``
and ``system.essence`` (each ``value``/``max``, or a number) and ``system.speed``; items of type ``skill`` with their
level (``system.level``, else ``system.value``), ``quality`` and ``drawback`` (kept in the notes with their level
or cost; the Quality "Essence Channeling" sets that level and makes the character Gifted, seed 000, Essence),
``weapon`` (``system.damage``, ``system.skill``, ``system.damage_type``), and gear (``item``/``gear``/``equipment``,
with ``system.weight`` in pounds). Exports older than Foundry 10 say ``data`` where newer ones say ``system``.

Derived values (Life Points, Endurance Points, Essence Pool, Speed) are the sheet's own (RULES.md §1.4); the file's
maxima are compared with them, its current values kept within them.
"""

from __future__ import annotations

from py_rules.armageddon.tables import ATTRIBUTE_MAX, ATTRIBUTES, SKILL_MAX, SKILLS
from py_rules.interchange.report import Imported, Report, as_list, join_notes, number, quoted, text

__all__ = ("FORMAT", "NAME", "looks_like", "read")

FORMAT = "foundry_unisystem"
NAME = "Foundry VTT, Unisystem (Armageddon)"
_POOLS = (("life_points", ("hp", "life_points", "lp"), "Life Points"),
          ("endurance_points", ("endurance_points", "endurance", "ep"), "Endurance Points"),
          ("essence", ("essence", "essence_pool"), "Essence"))
_GEAR = ("item", "gear", "equipment")
_NAME_MAX = 100


def _system(doc: dict) -> dict:
    value = doc.get("system", doc.get("data"))
    return value if isinstance(value, dict) else {}


def looks_like(data) -> bool:
    """An actor whose ``system.attributes`` names Unisystem's six Attributes (``strength`` … ``willpower``)."""
    if not isinstance(data, dict):
        return False
    attributes = _system(data).get("attributes")
    return isinstance(attributes, dict) and {"strength", "willpower"} <= {str(k).lower() for k in attributes}


def _value(entry):
    return entry.get("value") if isinstance(entry, dict) else entry


def _skill(name: str) -> str | None:
    """The rules' spelling of a skill (case aside), a speciality written ``"Craft (Woodwork)"``; None if unknown."""
    base, _, rest = name.partition(" (")
    for known in SKILLS:
        if known.lower() == base.strip().lower():
            return known + (f" ({rest}" if rest else "")
    return None


def _kind_and_channeling(qualities: list[tuple[str, int | None]], report: Report) -> tuple[str, int]:
    for name, level in qualities:
        if name.lower().startswith("essence channeling"):
            level = max(0, min(10, level or 1))
            report.mapped.append(f"Quality Essence Channeling {level}: Gifted, Essence Channeling {level}.")
            return "gifted", level
    return "mundane", 0


def read(data) -> Imported:
    """The character of an exported Unisystem actor, mapped (the game's validation comes after)."""
    from py_rules.armageddon import character

    report = Report()
    system = _system(data)
    name = " ".join(text(data.get("name")).split())[:_NAME_MAX] or "Character"
    report.read.append(f"A Foundry actor called {name}.")
    sheet: dict = {"schema": character.SCHEMA, "name": name}
    report.mapped.append(f"Name: {name}.")
    raw_attributes = {str(k).lower(): v for k, v in (system.get("attributes") or {}).items()} \
        if isinstance(system.get("attributes"), dict) else {}
    attributes = {}
    for key in ATTRIBUTES:
        value = number(_value(raw_attributes.get(key.lower())))
        if value is None or not 0 <= value <= ATTRIBUTE_MAX:
            report.left_out.append(f"{key} is missing or not a level of 0–{ATTRIBUTE_MAX}.")
            continue
        attributes[key] = value
    sheet["attributes"] = attributes
    report.read.append(f"Attributes: {', '.join(attributes) or 'none'}.")
    if attributes:
        report.mapped.append("Attributes: " + ", ".join(f"{k} {v}" for k, v in attributes.items()) + ".")
    skills, qualities, drawbacks, weapons, gear, others = {}, [], [], [], [], []
    kinds: dict[str, int] = {}
    unknown_skills = []
    for item in as_list(data.get("items")):
        if not isinstance(item, dict):
            continue
        kind, item_name, item_system = text(item.get("type")).lower(), " ".join(text(item.get("name")).split()), _system(item)
        kinds[kind] = kinds.get(kind, 0) + 1
        level = number(item_system.get("level", item_system.get("value")))
        if kind == "skill":
            ours = _skill(item_name) if item_name else None
            if ours and level is not None and 0 <= level <= SKILL_MAX and len(ours) <= _NAME_MAX:
                skills[ours] = level
            else:
                unknown_skills.append(f"{item_name or 'unnamed'} {level if level is not None else ''}".strip())
        elif kind in ("quality", "drawback"):
            cost = level if level is not None else number(item_system.get("cost"))
            (qualities if kind == "quality" else drawbacks).append((item_name, cost))
        elif kind == "weapon":
            weapons.append({"name": item_name, "damage": text(item_system.get("damage")),
                            "skill": text(item_system.get("skill")),
                            "damage_type": text(item_system.get("damage_type") or item_system.get("damageType"))})
        elif kind in _GEAR:
            weight = item_system.get("weight")
            gear.append((item_name, weight if isinstance(weight, (int, float)) and not isinstance(weight, bool)
                         else number(weight)))
        elif item_name:
            others.append(f"{item_name} ({kind or 'item'})")
    if kinds:
        report.read.append("Items: " + ", ".join(f"{n} {k or 'untyped'}" for k, n in kinds.items()) + ".")
    sheet["skills"] = skills
    if skills:
        report.mapped.append("Skills: " + ", ".join(f"{k} {v}" for k, v in skills.items()) + ".")
    if unknown_skills:
        report.left_out.append("Skills not in the rules' list (kept in the notes): " + ", ".join(unknown_skills) + ".")
    kind, channeling = _kind_and_channeling(qualities, report)
    sheet["kind"], sheet["essence_channeling"] = kind, channeling
    items = []
    for item_name, weight in gear:
        if item_name and weight is not None and 0 <= weight <= 1_000_000:
            items.append({"name": item_name[:_NAME_MAX], "weight": weight})
        elif item_name:
            others.append(f"{item_name} (no weight)")
    if items:
        sheet["items"] = items[:200]
        report.mapped.append(f"{len(items)} item{'s' if len(items) != 1 else ''} carried, with their weights.")
    if len(attributes) == len(ATTRIBUTES):
        derived = character.derive(attributes)
        current = {}
        for key, names, words in _POOLS:
            raw = next((system[n] for n in names if n in system), None)
            given_max = number(raw.get("max")) if isinstance(raw, dict) else None
            if given_max is not None and given_max != derived[key]:
                report.left_out.append(f"The file's {words} maximum {given_max} differs from the rules' "
                                       f"{derived[key]}; the sheet uses {derived[key]}.")
            value = number(_value(raw))
            if value is None:
                continue
            if value > derived[key]:
                report.left_out.append(f"Current {words} {value} is above the sheet's maximum {derived[key]}; "
                                       f"the sheet starts at {derived[key]}.")
                value = derived[key]
            current[key] = value
            report.mapped.append(f"Current {words}: {value} of {derived[key]}.")
        if current:
            sheet["current"] = current
        speed = number(_value(system.get("speed")))
        if speed is not None:
            (report.mapped if speed == derived["speed"] else report.left_out).append(
                f"Speed {speed}: " + ("the sheet reckons the same." if speed == derived["speed"] else
                                       f"the rules give {derived['speed']}; the sheet reckons its own."))
    parts = []
    if qualities:
        parts.append(("Qualities", ", ".join(f"{n} {c}" if c is not None else n for n, c in qualities)))
    if drawbacks:
        parts.append(("Drawbacks", ", ".join(f"{n} {c}" if c is not None else n for n, c in drawbacks)))
    if qualities or drawbacks:
        report.mapped.append("Qualities and Drawbacks: kept in the notes.")
    sheet_weapons = _weapons(weapons, skills, report, parts)
    if sheet_weapons:
        sheet["weapons"] = sheet_weapons
    if unknown_skills:
        parts.append(("Other skills", ", ".join(unknown_skills)))
    if others:
        parts.append(("Also on the file", ", ".join(others)))
        report.left_out.append("Items this sheet does not model (kept in the notes): " + ", ".join(others) + ".")
    for key in ("biography", "notes", "description"):
        said = _plain(system.get(key))
        if said:
            parts.append((key.title(), said))
    notes = join_notes(parts, report)
    if notes:
        sheet["notes"] = notes
    return Imported(FORMAT, "armageddon", sheet, report)


def _plain(value) -> str:
    from py_rules.interchange.foundry_coc7 import plain_text

    return plain_text(_value(value) if isinstance(value, dict) else value)


def sheet_has_weapons() -> bool:
    """Whether the Armageddon sheet keeps weapons (the shared contract's optional ``weapons``); until it does, an
    imported weapon is kept in the notes."""
    from py_rules.armageddon import character

    return "weapons" in getattr(character, "_KEYS", ())


_DAMAGE_WORDS = {"slashing": "slashing/stabbing", "stabbing": "slashing/stabbing", "piercing": "slashing/stabbing",
                 "slashing/stabbing": "slashing/stabbing", "bullet": "bullet", "ballistic": "bullet",
                 "gunshot": "bullet", "fire": "fire", "bludgeoning": "bludgeoning", "blunt": "bludgeoning"}
"""Damage types as other sheets write them → the rules' (RULES.md §1.8: slashing/stabbing and bullets double)."""


def _damage_type(raw: str) -> str | None:
    from py_rules.armageddon import tables

    said = _DAMAGE_WORDS.get(raw.strip().lower(), raw.strip().lower())
    return said if said in getattr(tables, "DAMAGE_TYPES", ()) else None


def _weapon_problem(entry: dict) -> str | None:
    """The sheet's own check of one weapon (:func:`py_rules.armageddon.weapons.weapons_of`): None when it passes,
    else its message."""
    from py_rules.errors import RulesError

    try:
        from py_rules.armageddon.weapons import weapons_of
    except ImportError:  # the sheet keeps no weapons yet: sheet_has_weapons() said so before this is asked
        return "this sheet keeps no weapons."
    try:
        weapons_of([entry])
        return None
    except RulesError as error:
        return error.message


def _weapons(weapons: list[dict], skills: dict, report: Report, parts: list) -> list[dict]:
    """Weapons whose skill is on the sheet (the shared contract: a weapon names a skill the sheet has), else kept in
    the notes."""
    out, kept = [], []
    for weapon in weapons:
        label = f"{weapon['name'] or 'A weapon'} ({weapon['skill'] or 'no skill'}, {weapon['damage'] or 'no damage'})"
        skill = _skill(weapon["skill"]) if weapon["skill"] else None
        if sheet_has_weapons() and weapon["name"] and skill in skills and weapon["damage"]:
            entry = {"name": weapon["name"][:_NAME_MAX], "skill": skill, "damage": weapon["damage"]}
            if _damage_type(weapon["damage_type"]):
                entry["damage_type"] = _damage_type(weapon["damage_type"])
            problem = _weapon_problem(entry)
            if problem is None:
                out.append(entry)
                report.mapped.append(f"Weapon {entry['name']}: {skill}, damage {quoted(entry['damage'])}.")
                continue
            report.left_out.append(f"Weapon {entry['name']}: {problem}")
            kept.append(label)
        else:
            kept.append(label)
    if kept:
        parts.append(("Weapons", "; ".join(kept)))
        report.left_out.append("Weapons kept in the notes: " + "; ".join(kept) + ".")
    return out
