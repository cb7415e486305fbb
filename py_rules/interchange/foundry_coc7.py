"""Foundry VTT's Call of Cthulhu 7th Edition system: an exported actor in (TABLE.md, "Characters from where they
already are"); an investigator goes out as an actor file by :mod:`.foundry_coc7_export`.

The shapes follow the system's own definitions (Miskatonic-Investigative-Society/CoC7-FoundryVTT):

* ``template.json``: an actor's ``system.characteristics.<str|con|siz|dex|app|int|pow|edu>.value``,
  ``system.attribs.{hp,mp,san,lck,mov,db,build,armor}`` (``value``, and ``max`` for hp, mp, san, mov),
  ``system.infos`` (``occupation``, ``age``, ``sex``, ``residence``, ``birthplace``, ``archetype``,
  ``organization``, ``playername``), ``system.backstory``, ``system.biography`` (titled sections) and
  ``system.notes``; a skill item's ``system.skillName``, ``specialization``, ``base``,
  ``adjustments.{personal,occupation,archetype,experience}``, ``value`` and ``properties`` (``special``,
  ``fighting``, ``firearm``, ``combat``); a weapon item's ``system.skill.main.name``,
  ``range.normal.{value,units,damage}``, ``usesPerRound.normal``, ``bullets``, ``ammo``, ``malfunction`` and
  ``properties`` (``addb`` adds the Damage Bonus, ``ahdb`` half of it, ``impl`` impales); an ``item``'s
  ``quantity``. Exports older than Foundry 10 say ``data`` where newer ones say ``system``; both are read.
* ``module/items/skill/data.js`` (``rawValue``): a character's skill is its base plus its personal, occupation and
  experience adjustments (the archetype's only under the Pulp rule); any other actor's is its stored ``value``.
  A specialised skill is named ``"<specialization> (<skillName>)"``, e.g. ``"Firearms (Handgun)"``.

The export writes every skill the sheet lists so that this importer reads it back as the same sheet (rules/coc.md
§3.2); Foundry's rich text is read by :mod:`.foundry_rich_text`.
"""

from __future__ import annotations

import re

from py_rules.coc.tables import CHARACTERISTICS
from py_rules.interchange.coc_sheet import Read, build
from py_rules.interchange.coc_skills import full_name
from py_rules.interchange.foundry_rich_text import plain_text
from py_rules.interchange.report import Imported, Report, as_list, number, text
from py_rules.skill_names import format_name

__all__ = ("FORMAT", "NAME", "looks_like", "read", "FLAG", "POSSESSIONS")

FORMAT = "foundry_coc7"
NAME = "Foundry VTT, Call of Cthulhu 7th Edition"
GAME = "coc"
"""The game whose character this format holds."""
FLAG = "rules-companion"
"""Our key in an item's ``flags``."""
_ATTRIBS = ("hp", "mp", "san", "lck", "mov", "db", "build", "armor")
_INFO_KEPT = ("occupation", "age")
_INFO_WORDS = {
    "sex": "Sex",
    "residence": "Residence",
    "birthplace": "Birthplace",
    "archetype": "Archetype",
    "organization": "Organization",
    "playername": "Player",
}


def _system(doc: dict) -> dict:
    value = doc.get("system", doc.get("data"))
    return value if isinstance(value, dict) else {}


def looks_like(data) -> bool:
    """An exported CoC7 actor: an object whose ``system`` (or ``data``) has ``characteristics`` with ``str``, or
    whose items are CoC7 skills."""
    if not isinstance(data, dict):
        return False
    system = _system(data)
    chars = system.get("characteristics")
    if isinstance(chars, dict) and "str" in chars:
        return True
    return any(
        isinstance(i, dict) and i.get("type") == "skill" and "skillName" in _system(i)
        for i in as_list(data.get("items"))[:500]
    )


_BASE_FORMULA = re.compile(r"\s*@\s*(str|con|siz|dex|app|int|pow|edu)\s*(?:/\s*(\d+)\s*)?", re.IGNORECASE)


def _base(raw, chars: dict) -> int | None:
    """A skill's base: a number, or a formula of a characteristic such as ``@DEX/2`` or ``@EDU``."""
    found = number(raw)
    if found is not None:
        return found
    match = _BASE_FORMULA.fullmatch(text(raw)) if isinstance(raw, str) else None
    if match:
        value = chars.get(match.group(1).upper())
        return value // int(match.group(2) or 1) if isinstance(value, int) and int(match.group(2) or 1) else None
    return None


def skill_value(item: dict, actor_type: str, chars: dict):
    """A skill item's value (``rawValue`` of the system's skill item); None when the item gives none."""
    system = _system(item)
    if actor_type == "character":
        base = _base(system.get("base"), chars)
        adjustments = system.get("adjustments") if isinstance(system.get("adjustments"), dict) else {}
        parts = [number(adjustments.get(k)) or 0 for k in ("personal", "occupation", "experience")]
        if base is not None:
            return base + sum(parts)
    value = number(system.get("value"))
    return value if value is not None and value >= 0 else None


def _skill_name(item: dict) -> str:
    system = _system(item)
    skill, speciality = text(system.get("skillName")), text(system.get("specialization"))
    if skill and speciality:  # the system's specialization is the family, its skillName the speciality
        return format_name(speciality, skill)
    return full_name(text(item.get("name")) or skill)


def _weapon(item: dict) -> dict:
    system = _system(item)
    flags = item.get("flags") if isinstance(item.get("flags"), dict) else {}
    ours = flags.get(FLAG) if isinstance(flags.get(FLAG), dict) else {}
    skill = system.get("skill") if isinstance(system.get("skill"), dict) else {}
    main = skill.get("main") if isinstance(skill.get("main"), dict) else {}
    ranges = system.get("range") if isinstance(system.get("range"), dict) else {}
    normal = ranges.get("normal") if isinstance(ranges.get("normal"), dict) else {}
    properties = system.get("properties") if isinstance(system.get("properties"), dict) else {}
    uses = system.get("usesPerRound") if isinstance(system.get("usesPerRound"), dict) else {}
    if "range" in ours:
        range_text = text(ours["range"])
    else:
        value, units = number(normal.get("value")), text(normal.get("units"))
        range_text = f"{value} {units}".strip() if value else ""
    db = "half" if properties.get("ahdb") is True else "full" if properties.get("addb") is True else None
    return {
        "name": item.get("name"),
        "skill": text(main.get("name")),
        "damage": text(normal.get("damage")),
        "db": db,
        "impale": properties.get("impl") if isinstance(properties.get("impl"), bool) else None,
        "range": range_text,
        "attacks": text(uses.get("normal")),
        "ammo": system.get("bullets"),
        "malfunction": system.get("malfunction"),
    }


def read(data) -> Imported:
    """The investigator of an exported CoC7 actor, mapped (the game's validation comes after)."""
    report = Report()
    system = _system(data)
    actor_type = text(data.get("type")) or "character"
    report.read.append(
        f"A Foundry actor of type {actor_type}"
        + (f" called {text(data.get('name'))}" if text(data.get("name")) else "")
        + "."
    )
    raw_chars = system.get("characteristics") if isinstance(system.get("characteristics"), dict) else {}
    chars = {}
    for key in CHARACTERISTICS:
        entry = raw_chars.get(key.lower())
        if isinstance(entry, dict) and "value" in entry:
            chars[key] = entry["value"]
    attribs = system.get("attribs") if isinstance(system.get("attribs"), dict) else {}
    attrib = {k: attribs.get(k) if isinstance(attribs.get(k), dict) else {} for k in _ATTRIBS}
    infos = system.get("infos") if isinstance(system.get("infos"), dict) else {}
    found = Read(
        name=data.get("name"),
        age=infos.get("age"),
        occupation=infos.get("occupation"),
        characteristics=chars,
        luck=attrib["lck"].get("value"),
        current={k: attrib[k].get("value") for k in ("hp", "mp", "san")},
        maxima={k: attrib[k].get("max") for k in ("hp", "mp", "san")},
        derived={
            "mov": attrib["mov"].get("value"),
            "damage_bonus": attrib["db"].get("value"),
            "build": attrib["build"].get("value"),
        },
        armour=attrib["armor"].get("value") or None,
    )
    report.read.append(
        f"Characteristics: {', '.join(chars) or 'none'}; attributes: "
        f"{', '.join(k for k in _ATTRIBS if attrib[k]) or 'none'}."
    )
    known_chars = {k: number(v) for k, v in chars.items() if number(v) is not None}
    items = [i for i in as_list(data.get("items")) if isinstance(i, dict)]
    kinds: dict[str, int] = {}
    possessions, others = [], []
    for item in items:
        kind = text(item.get("type"))
        kinds[kind] = kinds.get(kind, 0) + 1
        if kind == "skill":
            found.skills.append((_skill_name(item), skill_value(item, actor_type, known_chars)))
        elif kind == "weapon":
            found.weapons.append(_weapon(item))
        elif kind == "item":
            quantity = number(_system(item).get("quantity"))
            possessions.append(text(item.get("name")) + (f" ×{quantity}" if quantity and quantity > 1 else ""))
        elif text(item.get("name")):
            others.append(f"{text(item.get('name'))} ({kind or 'item'})")
    if kinds:
        report.read.append("Items: " + ", ".join(f"{n} {k or 'untyped'}" for k, n in kinds.items()) + ".")
    details = [f"{_INFO_WORDS.get(k, k)}: {text(v)}" for k, v in infos.items() if k not in _INFO_KEPT and text(v)]
    if details:
        found.notes.append(("Personal details", "; ".join(details)))
    backstory = plain_text(system.get("backstory"))
    if backstory:
        found.backstory.append(("", backstory))
    for section in as_list(system.get("biography")):
        if isinstance(section, dict) and plain_text(section.get("value")):
            title = text(section.get("title")) or "Biography"
            if _ours(data) and title == POSSESSIONS:  # our own export's possessions, one a line
                possessions += plain_text(section.get("value")).split("\n")
            else:
                found.backstory.append((title, plain_text(section.get("value"))))
    if plain_text(system.get("notes")):
        found.notes.append(("" if _ours(data) else "Notes", plain_text(system.get("notes"))))
    found.possessions += [p for p in possessions if p.strip()]
    if others:
        found.notes.append(("Also on the file", ", ".join(others)))
        for other in others:  # one line each: the report counts every thing left out
            report.left_out.append(f"{other}: an item this sheet does not model (kept in the notes).")
    sheet = build(found, report)
    return Imported(FORMAT, GAME, sheet, report)


POSSESSIONS = "Possessions"
"""The biography section our export writes the sheet's possessions in (a CoC7 actor has no such text)."""


def _ours(data: dict) -> bool:
    flags = data.get("flags") if isinstance(data.get("flags"), dict) else {}
    return isinstance(flags.get(FLAG), dict)
