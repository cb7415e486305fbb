r"""Read an Armageddon (Classic Unisystem) NPC's stat block, as the books print it, into a character sheet.

A Chronicler pastes a block such as::

    Zombie cop
    Str 3 Dex 2 Con 3 Int 2 Per 2 Wil 2
    LP 34 EP 29 Spd 10 Essence 14
    Skills: Brawling 2, Guns (Handgun) 3, Dodge 2, Notice 2
    Qualities/Drawbacks: Hard to Kill 1, Cruel (-1)
    Attacks: Punch d4 × Str (6) bludgeoning; .38 revolver d6 × 4 (12) bullet
    Armor: Kevlar vest (AV 10)

:func:`parse` reads the six Attributes (abbreviated or in full, in a line or in a table of names and numbers), the
pools the block prints (Life Points, Endurance Points, Speed, Essence: rules/armageddon.md §1.4) against those the
rules work out (a difference, as a Quality the block does not list would make, is kept as the pool's bonus and said),
skills and their levels, Qualities and Drawbacks, attacks with their damage as the book prints it (rules/armageddon.md
§1.8: ``d4 × Str``, ``d6 × 4``) and armour (§1.8a), and answers as every game's reader does
(:mod:`py_rules.stat_block_core`): the sheet or None while an Attribute is missing, what was read, what was not,
and what the block leaves out against what it prints and was not understood. It never raises on any text.
The words and patterns it reads by are :mod:`py_rules.armageddon.stat_block_grammar` (each runs in time linear in
the text).
"""

from __future__ import annotations

from py_rules import stat_block_core as core
from py_rules.armageddon import character, stat_block_grammar as grammar
from py_rules.armageddon.sheet import SHEET
from py_rules.armageddon.tables import ATTRIBUTES, SKILLS
from py_rules.stat_block_core import Reader
from py_rules.stat_block_table import read_table

__all__ = ("parse", "weapon_for")

_GUNS = {
    "handgun": ("pistol", "revolver", "handgun", ".38", ".45", "9mm", "colt", "glock", "beretta", "derringer"),
    "shotgun": ("shotgun", "gauge"),
    "rifle": ("rifle", "carbine", "musket"),
    "automatic": ("submachine", "smg", "uzi", "assault", "machine gun", "automatic", "ak-47", "m16", "tommy"),
}
_GUN_SKILLS = {
    "handgun": ("Guns (Handgun)", "Handguns"),
    "shotgun": ("Guns (Shotgun)", "Shotguns"),
    "rifle": ("Guns (Rifle)", "Rifles"),
    "automatic": ("Guns (Assault Rifle)", "Automatic Weapons"),
}
_UNARMED = ("punch", "kick", "bite", "claw", "fist", "head butt", "headbutt", "grapple", "slam", "brawl", "tackle")
_BLADES = ("knife", "sword", "axe", "machete", "dagger", "blade", "spear", "bayonet", "katana", "razor", "claw")
_FIRE = ("fire", "flame", "torch", "molotov", "burn")


def _skill_known(name: str) -> bool:
    return (name.split(" (", 1)[0] if name.endswith(")") else name) in SKILLS


def weapon_for(name: str, skills: dict) -> tuple[str, str, bool]:
    """The skill an attack named ``name`` is rolled with (the block's own when it lists one that fits), its damage
    type and whether Success Levels add to its damage (hand-to-hand: rules/armageddon.md §1.8).

    >>> weapon_for(".38 revolver", {"Guns (Handgun)": 3}), weapon_for("Punch", {})
    (('Guns (Handgun)', 'bullet', False), ('Brawling', 'bludgeoning', True))
    """
    low = name.lower()
    for kind, words in _GUNS.items():
        if any(word in low for word in words):
            listed = [skill for skill in skills if skill.startswith(_GUN_SKILLS[kind]) or skill == "Guns"]
            return (listed[0] if listed else _GUN_SKILLS[kind][1]), "bullet", False
    kind = (
        "fire"
        if any(word in low for word in _FIRE)
        else ("slashing/stabbing" if any(word in low for word in _BLADES) else "bludgeoning")
    )
    if any(word in low for word in _UNARMED):
        listed = [skill for skill in ("Brawling", "Martial Arts", "Kung Fu") if skill in skills]
        return (listed[0] if listed else "Brawling"), kind, True
    listed = [skill for skill in skills if skill.startswith(("Hand Weapon", "Getting Medieval"))]
    return (listed[0] if listed else "Hand Weapon"), kind, True


def _read(reader: Reader, found: dict, skills: dict, qualities: list, weapons: list, extra: dict) -> None:
    """The passes after the tables and the name, in their order: Attributes and pools, lists, attacks, armour."""
    for match in grammar.ATTRIBUTE.finditer(reader.masked()):
        found.setdefault(grammar.BY_WORD[match.group(1)], (match.group(2), match.start()))
        reader.take(match.start(), match.end())
    core.read_values(reader, grammar.POOLS, found)

    def skill(match) -> bool:
        name, level = " ".join(match.group("name").split()), int(match.group("level"))
        if not _skill_known(name):
            return False
        skills.setdefault(name, level)
        reader.read.append((match.start(), f"Skill {name} {level}"))
        return True

    core.read_list(reader, grammar.SKILLS_HEAD, grammar.SKILL_ITEM, skill)
    for head in grammar.QUALITIES_HEAD.finditer(reader.masked()):  # which list a Quality is in: kept from its head
        extra.setdefault("heads", []).append((head.start(), head.group("head").lower()))

    def quality(match) -> bool:
        name = " ".join(match.group("name").split())
        number = int(match.group("level")) if match.group("level") else None
        heads = [words for start, words in extra.get("heads", []) if start < match.start()]
        kind = "drawback" if (heads and heads[-1].startswith("drawback")) or (number or 0) < 0 else "quality"
        level = min(max(abs(number or 1), 1), 10)
        qualities.append(
            {"name": name[:100], "kind": kind, "level": level, "points": SHEET.field("qualities.*.points").default}
        )
        reader.read.append((match.start(), f"{kind.title()} {name}" + (f" {level}" if number else "")))
        return True

    core.read_list(reader, grammar.QUALITIES_HEAD, grammar.QUALITY_ITEM, quality)
    for head in grammar.ATTACKS_HEAD.finditer(reader.masked()):
        reader.take(head.start(), head.end())
    for match in grammar.ATTACK.finditer(reader.masked()):
        name = " ".join(match.group("name").split()).strip(" -")
        times = match.group("times")
        damage = "".join(match.group("dice").split()).lower()
        if times:
            damage += " × " + ("Strength" if times.lower().startswith("str") else times)
        if match.group("plus"):
            damage += f" {match.group('sign')} {match.group('plus')}"
        weapons.append((name, damage, match.group("type"), match.start()))
        reader.take(match.start(), match.end())
    for match in grammar.ARMOUR.finditer(reader.masked()):
        value = 0 if match.group("none") else int(match.group("value"))
        extra.setdefault("armour", ((match.group("name") or "").strip(), value, match.start()))
        reader.take(match.start(), match.end())
    for match in grammar.KIND.finditer(reader.masked()):
        extra.setdefault("kind", (grammar.KIND_WORDS[match.group(1).lower()], match.start()))
        reader.take(match.start(), match.end())


def _pools(sheet: dict | None, found: dict, data: dict, said: list) -> None:
    """The pools the block prints against the rules' (rules/armageddon.md §1.4): a difference kept as a bonus."""
    if sheet is None:
        return
    for key in ("life_points", "endurance_points", "essence", "speed"):
        if key not in found:
            continue
        try:
            printed = core.number(found[key][0])
        except ValueError:
            continue
        ours = sheet["derived"][key] - sheet["bonuses"][key]
        difference = printed - ours
        words = f"{grammar.POOL_SAID[key]} {printed}"
        if difference and -100 <= difference <= 1000:
            data["bonuses"][key] = difference
            words += f" (the rules give {ours}; the difference, {difference:+d}, kept as a bonus)"
        elif difference:
            words += f" (the rules give {ours}; the sheet keeps {ours})"
        said.append((found[key][1], words))


def parse(text, given=None) -> dict:
    """The answer every stat-block reader gives (:mod:`py_rules.coc.stat_block`) for an Armageddon block; never
    raises. ``given`` holds the Chronicler's values for the Attributes the block leaves out or prints in a way not
    understood (and perhaps a name)."""
    raw, cut = core.cut(text)
    reader = Reader(raw)
    found, skills, qualities, weapon_rows, extra = {}, {}, [], [], {}
    read_table(reader, grammar.TABLE, found)
    who = core.name_and_description(reader, grammar.STAT_LINE, grammar.STAT_START)
    _read(reader, found, skills, qualities, weapon_rows, extra)
    anything = bool(found or skills or weapon_rows)
    core.keep_name(reader, who, anything)

    bounds = {
        name: (SHEET.field(f"attributes.{name}").minimum, SHEET.field(f"attributes.{name}").maximum)
        for name in ATTRIBUTES
    }
    attributes, said, unclear, problems = {}, [], {}, []
    for name in ATTRIBUTES:
        if name in found:
            value, start = core.number(found[name][0]), found[name][1]
            low, high = bounds[name]
            if low <= value <= high:
                attributes[name] = value
                said.append((start, f"{name} {value}"))
            else:
                unclear[name] = f"“{name} {value}” (the sheet holds {low}–{high})"
                problems.append(f"{name} {value}: the sheet holds {low}–{high}")
    missing = [name for name in ATTRIBUTES if name not in attributes]
    unclear = core.not_understood(reader, missing, grammar.NEEDED, unclear)
    keeper, given_problems = core.given_values(given, bounds)
    attributes.update({key: value for key, value in keeper.items() if key != "name"})
    said += [(len(raw) + 1, f"{key} {value} (given by you)") for key, value in keeper.items() if key != "name"]
    name = keeper.get("name") or who["name"] or "Stat block NPC"
    missing = [key for key in ATTRIBUTES if key not in attributes]

    weapons = []
    for weapon_name, damage, printed_type, start in weapon_rows[:30]:
        skill, kind, levels = weapon_for(weapon_name, skills)
        kind = grammar.TYPE_WORDS.get((printed_type or "").lower(), kind)
        weapons.append(
            {"name": weapon_name[:100], "skill": skill, "damage": damage, "damage_type": kind, "success_levels": levels}
        )
        said.append(
            (
                start,
                f"Attack {weapon_name}: {damage}, {kind}, rolled with {skill}"
                + (" (+ Success Levels)" if levels else ""),
            )
        )
    channeling = found.get("essence_channeling")
    kind = extra.get("kind", ("mundane", 0))[0]
    if kind == "mundane" and (channeling or any(q["name"].lower() in ("gifted", "the gifted") for q in qualities)):
        kind = "gifted"
    data = {
        "schema": character.SCHEMA,
        "name": name[:100],
        "kind": kind,
        "attributes": attributes,
        "skills": skills,
        "qualities": qualities,
        "weapons": weapons,
        "bonuses": {},
        "notes": " ".join([*who["description"]])[:2000],
    }
    if channeling:
        data["essence_channeling"] = core.number(channeling[0])
        said.append((channeling[1], f"Essence Channeling {data['essence_channeling']}"))
    if "armour" in extra:
        armour_name, value, start = extra["armour"]
        if value:
            data["armour"] = {"name": armour_name[:100] or "Armour", "value": value}
        said.append((start, f"Armour {value}" + (f" ({armour_name})" if armour_name else "")))
    if extra.get("kind"):
        said.append((extra["kind"][1], f"Kind: {kind}"))
    sheet, refusal = None, None
    if not missing:
        sheet, refusal = core.sheet_from(
            character.from_dict,
            data,
            problems,
            lists=("weapons", "qualities"),
            maps=("skills",),
            optional=("armour", "essence_channeling"),
        )
        pooled = []
        _pools(sheet, found, data, pooled)
        if sheet is not None and any(data["bonuses"].values()):
            sheet, refusal = core.sheet_from(character.from_dict, data, problems)
        said += pooled
    else:
        said += [
            (found[key][1], f"{grammar.POOL_SAID[key]} {found[key][0]}")
            for key in ("life_points", "endurance_points", "essence", "speed")
            if key in found
        ]
    read = [words for _, words in sorted(reader.read + said, key=lambda pair: pair[0])]
    not_read = (
        core.empty_notice(raw, anything, "Attribute, skill or attack")
        + cut
        + core.not_read(reader)
        + problems
        + given_problems
        + ([refusal] if refusal else [])
    )
    unclear = {key: unclear[key] for key in missing if key in unclear}
    return {
        "sheet": sheet,
        "name": name,
        "read": read,
        "not_read": not_read,
        "missing": missing,
        "left_out": [key for key in missing if key not in unclear],
        "not_understood": unclear,
        "asks": core.asks(missing, unclear, bounds),
        "weapons": weapons,
    }
