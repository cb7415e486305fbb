"""Foundry VTT's Unisystem systems, an Armageddon (Classic Unisystem) character exported as an actor.

Two Foundry systems play Classic Unisystem (rules/armageddon.md §1.4 cites both); the shapes read are those of their
``template.json`` (field names only, no code taken):

* "Classic Unisystem (Unofficial) by MMFO" (system id ``unisystembymmfo``, Mystery-Man-From-Ouperspace/
  unisystembymmfo ``template.json``, ``modules/actor.js``, ``templates/character-sheet.html``): everything at the top
  of ``system``: the Attributes ``system.<strength|dexterity|constitution|intelligence|perception|willpower>.value``,
  the pools ``system.hp``, ``system.endurance_points``, ``system.essence`` (each ``value`` and ``max``),
  ``system.speed.value``, ``system.initiative.value``, ``system.biography`` (rich text), ``system.profession``.
  The All Flesh Must Be Eaten system by Jesuisfrog before its 2024 rework (id ``afmbe``) had the same layout.
* "All Flesh Must Be Eaten by Jesuisfrog" (id ``afmbe-jesuisfrog``, jesuisfrog/AFMBE-Jesuisfrog-Unofficial
  ``template.json``, ``modules/actor.js``): the Attributes under ``system.primaryAttributes.<strength…>.value``, the
  pools and Speed under ``system.secondaryAttributes.<hp|endurance_points|essence|speed>`` (``value``/``max``), the
  biography in ``system.bio.biography``.

Both systems work the maxima out when a sheet opens (the rules' formulas plus the items' ``resource_bonus``) and do
not store them, so an export usually holds ``max`` 0 and ``speed`` 0: a maximum or Speed of 0 is taken as "not
kept", and a pool at 0 of 0 as never filled in (the sheet starts it full). Items: see
:mod:`py_rules.interchange.foundry_unisystem_items`. Kept from the first, guessed reading, where harmless:
``system.attributes.<…>``, pools called ``life_points``/``lp``, ``endurance``/``ep``, ``essence_pool``, a bare
number for a pool, ``system.notes``/``system.description``; exports older than Foundry 10 say ``data`` for
``system``.

Derived values (Life Points, Endurance Points, Essence Pool, Speed) are the sheet's own (rules/armageddon.md §1.4); the file's
maxima are compared with them, its current values kept within them.
"""

from __future__ import annotations

from py_rules.armageddon.tables import ATTRIBUTE_MAX, ATTRIBUTES
from py_rules.interchange.foundry_rich_text import plain_text
from py_rules.interchange.foundry_unisystem_items import (
    NAME_MAX,
    Items,
    damage_type,
    skill_name,
    system_of,
    weapon_damage,
)
from py_rules.interchange.report import Imported, Report, as_list, join_notes, number, quoted, text

__all__ = ("FORMAT", "NAME", "looks_like", "read", "sheet_has_weapons")

FORMAT = "foundry_unisystem"
NAME = "Foundry VTT, Unisystem (Armageddon)"
GAME = "armageddon"
"""The game whose character this format holds."""
_POOLS = (
    ("life_points", ("hp", "life_points", "lp"), "Life Points"),
    ("endurance_points", ("endurance_points", "endurance", "ep"), "Endurance Points"),
    ("essence", ("essence", "essence_pool"), "Essence"),
)
_SYSTEMS = {
    "unisystembymmfo": "Classic Unisystem (Unofficial) by MMFO",
    "afmbe-jesuisfrog": "All Flesh Must Be Eaten by Jesuisfrog",
    "afmbe": "All Flesh Must Be Eaten",
}
"""Foundry's ids of the systems whose actors this reads (an export names it in ``_stats.systemId``)."""


def _has_attributes(place) -> bool:
    return isinstance(place, dict) and {"strength", "willpower"} <= {str(k).lower() for k in place}


def _places(system: dict) -> tuple[dict, dict, str]:
    """(where the Attributes are, where the pools are, the layout in words) of an actor's data."""
    grouped = system.get("primaryAttributes")
    if _has_attributes(grouped):
        pools = system.get("secondaryAttributes")
        return grouped, pools if isinstance(pools, dict) else system, "grouped as primary and secondary attributes"
    if _has_attributes(system):
        return system, system, "each at the top of the actor's data"
    if _has_attributes(system.get("attributes")):
        return system["attributes"], system, "under the attributes"
    return {}, system, ""


def looks_like(data) -> bool:
    """An actor whose data names Unisystem's Attributes (``strength`` … ``willpower``) in one of the layouts read."""
    return isinstance(data, dict) and bool(_places(system_of(data))[2])


def _value(entry):
    return entry.get("value") if isinstance(entry, dict) else entry


def _kind(items: Items, channeling: int, report: Report) -> str:
    if channeling:
        return "gifted"
    if items.gifted:
        report.mapped.append("Quality Gifted: a Gifted character (no Essence Channeling on the file).")
        return "gifted"
    return "mundane"


def _pools(pools: dict, derived: dict, report: Report) -> dict:
    """The current pools the file keeps, within the sheet's maxima."""
    current = {}
    for key, names, words in _POOLS:
        raw = next((pools[n] for n in names if n in pools), None)
        given_max = number(raw.get("max")) if isinstance(raw, dict) else None
        value = number(_value(raw))
        if given_max and given_max != derived[key]:
            report.left_out.append(
                f"The file's {words} maximum {given_max} differs from the rules' "
                f"{derived[key]}; the sheet uses {derived[key]}."
            )
        if value is None:
            if raw is not None:
                report.left_out.append(f"Current {words} {quoted(_value(raw))} is not a number; the sheet starts full.")
            continue
        if isinstance(raw, dict) and value == 0 and not given_max:
            report.left_out.append(
                f"{words} 0 with no maximum on the file (never filled in): the sheet starts at {derived[key]}."
            )
            continue
        if value > derived[key]:
            report.left_out.append(
                f"Current {words} {value} is above the sheet's maximum {derived[key]}; "
                f"the sheet starts at {derived[key]}."
            )
            value = derived[key]
        current[key] = value
        report.mapped.append(f"Current {words}: {value} of {derived[key]}.")
    speed = number(_value(pools.get("speed")))
    if speed:
        (report.mapped if speed == derived["speed"] else report.left_out).append(
            f"Speed {speed}: "
            + (
                "the sheet reckons the same."
                if speed == derived["speed"]
                else f"the rules give {derived['speed']}; the sheet reckons its own."
            )
        )
    return current


def read(data) -> Imported:
    """The character of an exported Unisystem actor, mapped (the game's validation comes after)."""
    from py_rules.armageddon import character

    report = Report()
    system = system_of(data)
    name = " ".join(text(data.get("name")).split())[:NAME_MAX] or "Character"
    stats = data.get("_stats")
    made_by = _SYSTEMS.get(text(stats.get("systemId"))) if isinstance(stats, dict) else None
    report.read.append(f"A Foundry actor called {name}" + (f", from the {made_by} system." if made_by else "."))
    sheet: dict = {"schema": character.SCHEMA, "name": name}
    report.mapped.append(f"Name: {name}.")
    raw_attributes, pools, layout = _places(system)
    raw_attributes = {str(k).lower(): v for k, v in raw_attributes.items()}
    attributes = {}
    for key in ATTRIBUTES:
        value = number(_value(raw_attributes.get(key.lower())))
        if value is None or not 0 <= value <= ATTRIBUTE_MAX:
            report.left_out.append(f"{key} is missing or not a level of 0–{ATTRIBUTE_MAX}.")
            continue
        attributes[key] = value
    sheet["attributes"] = attributes
    report.read.append(f"Attributes ({layout or 'none found'}): {', '.join(attributes) or 'none'}.")
    if attributes:
        report.mapped.append("Attributes: " + ", ".join(f"{k} {v}" for k, v in attributes.items()) + ".")
    items = Items()
    items.read(as_list(data.get("items")))
    if items.kinds:
        report.read.append("Items: " + ", ".join(f"{n} {k or 'untyped'}" for k, n in items.kinds.items()) + ".")
    sheet["skills"] = items.skills
    if items.skills:
        report.mapped.append("Skills: " + ", ".join(f"{k} {v}" for k, v in items.skills.items()) + ".")
    for unknown in items.unknown_skills:  # one line each: the report counts every thing left out
        report.left_out.append(f"Skill {unknown}: not in the rules' list (kept in the notes).")
    channeling = items.channeling_level(report)
    sheet["kind"], sheet["essence_channeling"] = _kind(items, channeling, report), channeling
    bonuses = items.sheet_bonuses(report)
    if bonuses:
        sheet["bonuses"] = bonuses
    others = list(items.others)
    carried = []
    for item_name, weight in items.gear:
        if item_name and weight is not None:
            carried.append({"name": item_name[:NAME_MAX], "weight": weight})
        elif item_name:
            others.append(f"{item_name} (no weight)")
    if carried:
        sheet["items"] = carried[:200]
        report.mapped.append(f"{len(carried)} item{'s' if len(carried) != 1 else ''} carried, with their weights.")
    _armour(items, sheet, report, others)
    if len(attributes) == len(ATTRIBUTES):
        current = _pools(pools, character.derive(attributes, bonuses, items.entries), report)
        if current:
            sheet["current"] = current
    parts = []
    for entry in items.entries:  # the Quality's level is the channeling the sheet got (seed 000, Essence)
        if entry["name"] == "Essence Channeling" and channeling:
            entry["level"] = channeling
    if items.entries:
        sheet["qualities"] = items.entries
        report.mapped.append(f"{len(items.entries)} Qualities and Drawbacks, with their levels and points.")
    if items.effects_kept:
        report.mapped.append(
            "The engine applies the bonus of " + ", ".join(items.effects_kept) + " itself (its level "
            "on the sheet), so the file's own bonus for it is not added again."
        )
    sheet_weapons = _weapons(items.weapons, items.skills, report, parts)
    if sheet_weapons:
        sheet["weapons"] = sheet_weapons
    if items.unknown_skills:
        parts.append(("Other skills", ", ".join(items.unknown_skills)))
    if others:
        parts.append(("Also on the file", ", ".join(others)))
        for other in others:
            report.left_out.append(f"{other}: an item this sheet does not model (kept in the notes).")
    bio = system.get("bio") if isinstance(system.get("bio"), dict) else {}
    for title, value in (
        ("Profession", system.get("profession")),
        ("Biography", system.get("biography")),
        ("Biography", bio.get("biography")),
        ("Contacts", bio.get("contacts")),
        ("Notes", system.get("notes")),
        ("Description", system.get("description")),
    ):
        said = _plain(value)
        if said:
            parts.append((title, said))
    notes = join_notes(parts, report)
    if notes:
        sheet["notes"] = notes
    return Imported(FORMAT, GAME, sheet, report)


def _armour(items: Items, sheet: dict, report: Report, others: list) -> None:
    """The best armour worn (an equipped item with an armour value) as the sheet's armour; others in the notes."""
    from py_rules.armageddon.weapons import ARMOUR_MAX

    worn = sorted(items.armour, key=lambda entry: -entry[1])
    for index, (item_name, value) in enumerate(worn):
        if index == 0 and 0 < value <= ARMOUR_MAX:
            sheet["armour"] = {"name": item_name[:NAME_MAX], "value": value}
            report.mapped.append(f"Armour worn: {item_name}, armour value {value}.")
        else:
            others.append(
                f"{item_name} (armour {value}"
                + (f", above the sheet's {ARMOUR_MAX}" if value > ARMOUR_MAX else "")
                + ")"
            )


def _plain(value) -> str:
    return plain_text(_value(value) if isinstance(value, dict) else value)


def sheet_has_weapons() -> bool:
    """Whether the Armageddon sheet keeps weapons (the shared contract's optional ``weapons``); until it does, an
    imported weapon is kept in the notes."""
    from py_rules.armageddon import character

    return "weapons" in getattr(character, "_KEYS", ())


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
    """Weapons whose skill is on the sheet and whose damage the sheet can write (the shared contract: a weapon names
    a skill the sheet has), else kept in the notes with the reason."""
    out, kept = [], []
    for weapon in weapons:
        damage, described, why = weapon_damage(weapon)
        ours, word = damage_type(weapon["damage_type"])
        label = (
            f"{weapon['name'] or 'A weapon'} ({described}"
            + (f", {word}" if word and word not in ("None", "none") else "")
            + ")"
        )
        skill = skill_name(weapon["skill"]) if weapon["skill"] else None
        if not sheet_has_weapons():
            report.left_out.append(f"Weapon {label}: this sheet keeps no weapons (kept in the notes).")
            kept.append(label)
            continue
        if not weapon["name"] or damage is None:
            report.left_out.append(
                f"Weapon {weapon['name'] or 'without a name'}: "
                + (
                    "it has no name."
                    if damage is not None
                    else f"damage {quoted(described)}: {why}."
                    if why
                    else "the file gives no damage."
                )
            )
            kept.append(label)
            continue
        if skill not in skills:
            report.left_out.append(
                f"Weapon {weapon['name']}: "
                + (
                    f"the skill {quoted(weapon['skill'])} is not on the sheet."
                    if weapon["skill"]
                    else "the file does not say which skill it is used with (Foundry asks at each roll); add it on the "
                    "sheet."
                )
            )
            kept.append(label)
            continue
        entry = {"name": weapon["name"][:NAME_MAX], "skill": skill, "damage": damage}
        if ours:
            entry["damage_type"] = ours
        problem = _weapon_problem(entry)
        if problem is None:
            out.append(entry)
            report.mapped.append(
                f"Weapon {entry['name']}: {skill}, damage {quoted(damage)}" + (f", {ours}" if ours else "") + "."
            )
            continue
        report.left_out.append(f"Weapon {entry['name']}: {problem}")
        kept.append(label)
    if kept:
        parts.append(("Weapons", "; ".join(kept)))
        report.mapped.append("Weapons kept in the notes: " + "; ".join(kept) + ".")  # each said left out above
    return out
