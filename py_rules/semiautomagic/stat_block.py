r"""Read a Semiautomagic creature's stat block into a creature sheet (the shape :func:`creature.from_dict` accepts).

A GM pastes a block such as::

    Cave troll
    Scale 1
    Str 6, Dex 2, End 5, Int 1, Spi 2
    Toughness 17 (Minimum 11), Will 8
    Defence: natural armour +3
    Skills: Weapon Skill 3, Wrestle 2, Perception 1
    Movement: walk 6, climb 2
    Weapons: Club 1d8 bludgeoning; Claws 1d6 slashing
    Armour: hide coat (Defence +1, Mobility penalty 1)

:func:`parse` reads the five abilities (rules/semiautomagic.md §2.3; abbreviated or in full, in a line or in a table
of names and numbers), Scale, the Defence sources and worn armour (seed 002, Toughness: natural armour, worn armour,
Durability, Unarmoured), skills, speeds, and weapons with their dice and damage type (seed 002, damage types;
nonlethal). Toughness and Will, which the rules work out (seed 002, Creature or Object Toughness:
6 + 3 × Scale + Endurance + Defence; rules/semiautomagic.md §2.3: Will = Spirit + 6 + extras), are compared with what
the block prints: a Will above the rules' is kept as the sheet's Will bonus, a Toughness above the rules' when the
block names no Defence as natural armour (the usual source of a creature's: seed 002, Natural Armour), each said;
otherwise the rules' own are kept and the difference said. It answers as every game's reader does
(:mod:`py_rules.stat_block_core`) and never raises on any text.

Every pattern below keeps the linear-time rule written at the top of :mod:`py_rules.coc.stat_block_grammar`.
"""

from __future__ import annotations

import re

from py_rules import stat_block_core as core
from py_rules.semiautomagic import creature, tables as T
from py_rules.stat_block_core import SEP, Reader, alternation, cased
from py_rules.stat_block_table import Keys, read_table

__all__ = ("ABILITY_BOUNDS", "ABILITY_WORDS", "KEYWORDS", "parse")

ABILITY_WORDS = {
    "Strength": ("Str", "Strength"),
    "Dexterity": ("Dex", "Dexterity"),
    "Endurance": ("End", "Endurance"),
    "Intelligence": ("Int", "Intelligence"),
    "Spirit": ("Spi", "Spr", "Spirit"),
}
"""Each ability (rules/semiautomagic.md §2.3) and the words a block prints it by."""
ABILITY_BOUNDS = (0, 30)
"""What a creature sheet holds of an ability (:func:`creature.from_dict`)."""
_VALUE_WORDS = {"scale": ("Scale", "Size Scale"), "toughness": ("Toughness",), "will": ("Will",)}
_DEFENCE_WORDS = {
    "natural_armour": ("natural armour", "natural armor", "natural"),
    "worn_armour": ("worn armour", "worn armor", "armour", "armor"),
    "durability": ("durability",),
    "unarmoured": ("unarmoured", "unarmored"),
    "other": ("other",),
}
_SKILL_HEADS = ("Skills", "Skill")
_WEAPON_HEADS = ("Weapons", "Weapon", "Attacks", "Attack")
_MOVE_HEADS = ("Movement", "Speed", "Speeds", "Move")
_TYPES = {key.lower(): key.lower() for key in T.DAMAGE_TYPES}
_HEADS = ("ABILITY", "ABILITIES", "VALUE", "SCORE")

_TABLE = Keys(
    {
        **{word.upper(): name for name, words in ABILITY_WORDS.items() for word in words},
        **{word.upper(): key for key, words in _VALUE_WORDS.items() for word in words},
    },
    frozenset(_HEADS),
)


_ABILITY = re.compile(rf"\b({cased(w for ws in ABILITY_WORDS.values() for w in ws)})\b{SEP}(\d{{1,4}})(?!\d)")
_BY_WORD = {form: name for name, words in ABILITY_WORDS.items() for word in words for form in (word, word.upper())}
_VALUES = {
    key: re.compile(
        rf"\b(?:{cased(words)})\b(?!\s*(?:bonus|Skill)){SEP}((?:[+\-]\s*)?\d{{1,4}})(?!\d)"
        r"(?:\s*\(\s*(?:[Mm]in(?:imum|\.)?\s*)?(?:[+\-]\s*)?\d{1,4}\s*\))?",
        re.I if key == "scale" else 0,
    )
    for key, words in _VALUE_WORDS.items()
}
"""``Scale 1``, ``Toughness 17 (Minimum 11)``, ``Will 8 (min 2)``: the value (group 1)."""
_NEEDED = {name: re.compile(rf"\b(?:{cased(words)})\b") for name, words in ABILITY_WORDS.items()}
_DEFENCE = re.compile(
    rf"\bDefen[cs]e\b\s*(?:[:=]\s*)?(?:(?P<before>{alternation(w for ws in _DEFENCE_WORDS.values() for w in ws)})"
    r"\s*(?:[:=]\s*)?)?(?P<value>(?:[+\-]\s*)?\d{1,2})(?!\d)(?:\s*\(\s*(?P<after>"
    rf"{alternation(w for ws in _DEFENCE_WORDS.values() for w in ws)})\s*\))?",
    re.I,
)
"""``Defence: natural armour +3``, ``Defence +2 (worn armour)``, ``Defence 1``: the source and the bonus."""
_ARMOUR = re.compile(
    r"\bArmou?r\b\s*(?:[:=]\s*)?(?P<name>[A-Za-z][^\n\x00(,;:0-9]{0,58}?[^\s\x00(,;:0-9])\s*"
    r"\(\s*Defen[cs]e\s*(?:[:=]\s*)?(?P<defence>(?:[+\-]\s*)?\d{1,2})(?!\d)"
    r"(?:\s*[,;]\s*(?:Mobility(?:\s+penalty)?)\s*(?:[:=]\s*)?(?P<mobility>\d{1,2})(?!\d))?\s*\)",
    re.I,
)
"""``Armour: hide coat (Defence +1, Mobility penalty 1)``: worn armour (seed 002, Toughness; Mobility Penalty)."""
_SKILLS_HEAD = re.compile(rf"\b(?:{alternation(_SKILL_HEADS)})\s*:", re.I)
_SKILL_ITEM = re.compile(
    r"(?:and\s+)?(?P<name>[A-Za-z](?:[^\x00,;:0-9\n+\-]{0,58}?[^\s\x00,;:0-9+\-])??)"
    r"\s*(?:[:=]\s*)?(?P<value>(?:[+\-]\s*)?\d{1,2})(?!\d)"
)
_MOVE_HEAD = re.compile(rf"\b(?:{alternation(_MOVE_HEADS)})\s*:", re.I)
_MOVE_ITEM = re.compile(
    rf"(?P<kind>{alternation(T.MOVEMENT_TYPES)})\b\s*(?:[:=]\s*)?(?P<value>\d{{1,4}})(?!\d)"
    r"(?:\s*(?:squares|sq\.?|m)\b)?",
    re.I,
)
_WEAPON = re.compile(
    rf"(?<![^\s\x00,;:(])(?P<name>[A-Za-z.][^\x00,;:\n]{{0,39}}?[^\s\x00,;:])\s*(?:[:,]\s*)?"
    r"(?P<dice>(?:\d{1,2}\s*)?[dD]\s*\d{1,3}(?:\s*[+\-]\s*\d{1,3})?)(?!\d)"
    rf"(?:\s*(?P<nonlethal>nonlethal|non-lethal)\b)?(?:\s*(?P<type>{alternation(_TYPES)})\b)?",
    re.I,
)
"""``Club 1d8 bludgeoning``, ``Stun baton 1d8 nonlethal electric``: the name, the dice, the damage type."""
_WEAPONS_HEAD = re.compile(rf"\b(?:{alternation(_WEAPON_HEADS)})\s*:", re.I)
_STAT_LINE = re.compile(rf"{_ABILITY.pattern}|\b(?:Toughness|Will|Scale|Defen[cs]e)\b{SEP}[+\-]?\d")
_STAT_START = re.compile(
    rf"[\s|]*(?:{alternation((*_SKILL_HEADS, *_WEAPON_HEADS, *_MOVE_HEADS, 'Armour', 'Armor'))})\b", re.I
)

KEYWORDS = tuple(
    dict.fromkeys(
        [
            *(w for ws in ABILITY_WORDS.values() for w in ws),
            *(w for ws in _VALUE_WORDS.values() for w in ws),
            "Defence",
            "Defense",
            *(w for ws in _DEFENCE_WORDS.values() for w in ws),
            *_SKILL_HEADS,
            *_WEAPON_HEADS,
            *_MOVE_HEADS,
            *T.MOVEMENT_TYPES,
            *_TYPES,
            "nonlethal",
            *_HEADS,
            "Minimum",
            "min",
            "Armour: coat (Defence",
            "Mobility penalty",
            "Club 1d8",
            "Toughness 9 (",
            "Str 3",
        ]
    )
)
"""Every word the reader looks for (tests/test_readers_run_in_linear_time.py feeds each before long runs)."""

_DEFENCE_KEYS = {word.lower(): key for key, words in _DEFENCE_WORDS.items() for word in words}


def _skill_name(name: str) -> str | None:
    name = " ".join(name.split())
    return next((skill for skill in T.SKILLS if skill.lower() == name.lower()), None)


def _read(reader: Reader, found: dict, sheet: dict) -> None:
    """The passes after the tables and the name, in their order: abilities and values, Defence and armour, lists,
    weapons."""
    for match in _ABILITY.finditer(reader.masked()):
        found.setdefault(_BY_WORD[match.group(1)], (match.group(2), match.start()))
        reader.take(match.start(), match.end())
    core.read_values(reader, _VALUES, found)
    for match in _ARMOUR.finditer(reader.masked()):
        sheet.setdefault(
            "armour",
            {
                "name": match.group("name").strip()[:100],
                "defence": core.number(match.group("defence")),
                "mobility_penalty": int(match.group("mobility") or 0),
            },
        )
        reader.take(
            match.start(),
            match.end(),
            f"Armour {match.group('name').strip()}: Defence "
            f"{core.number(match.group('defence')):+d}, mobility penalty {int(match.group('mobility') or 0)}",
        )
    for match in _DEFENCE.finditer(reader.masked()):
        source = _DEFENCE_KEYS.get(
            " ".join((match.group("before") or match.group("after") or "natural").lower().split()), "natural_armour"
        )
        value = core.number(match.group("value"))
        sheet["defence"].setdefault(source, value)
        reader.take(match.start(), match.end(), f"Defence {value:+d} ({source.replace('_', ' ')})")

    def skill(match) -> bool:
        name = _skill_name(match.group("name"))
        if name is None:
            return False
        sheet["skills"].setdefault(name, core.number(match.group("value")))
        reader.read.append((match.start(), f"Skill {name} {core.number(match.group('value')):+d}"))
        return True

    def move(match) -> bool:
        kind = match.group("kind").lower()
        sheet["movement"].setdefault(kind, int(match.group("value")))
        reader.read.append((match.start(), f"Speed ({kind}) {match.group('value')} squares"))
        return True

    core.read_list(reader, _SKILLS_HEAD, _SKILL_ITEM, skill)
    core.read_list(reader, _MOVE_HEAD, _MOVE_ITEM, move)
    for head in _WEAPONS_HEAD.finditer(reader.masked()):
        reader.take(head.start(), head.end())
    for match in _WEAPON.finditer(reader.masked()):
        name = " ".join(match.group("name").split()).strip(" -")
        kind = (match.group("type") or "bludgeoning").lower()
        dice = "".join(match.group("dice").split()).lower()
        weapon = {
            "name": name[:100],
            "damage": dice,
            "damage_type": kind,
            "kind": "melee",
            "light_material": False,
            "nonlethal": bool(match.group("nonlethal")),
        }
        sheet["weapons"].append(weapon)
        reader.take(
            match.start(),
            match.end(),
            f"Weapon {name}: {dice} {kind}"
            + (" (nonlethal)" if weapon["nonlethal"] else "")
            + ("" if match.group("type") else " (no damage type printed: bludgeoning)"),
        )


def _compare(made: dict | None, found: dict, data: dict, said: list) -> bool:
    """Toughness and Will as printed against the rules' (seed 002, Creature or Object Toughness; rules/semiautomagic.md
    §2.3): whether the sheet changed (a Will bonus, a natural armour)."""
    if made is None:
        return False
    changed = False
    derived = creature.derive(made)
    for key, ours in (("will", derived["will"]), ("toughness", derived["toughness"])):
        if key not in found:
            continue
        try:
            printed = core.number(found[key][0])
        except ValueError:
            continue
        words = f"{key.title()} {printed}"
        difference = printed - ours
        if key == "will" and difference and -20 <= data.get("will_bonus", 0) + difference <= 40:
            data["will_bonus"] = data.get("will_bonus", 0) + difference
            words += f" (Spirit + 6 + Discipline gives {ours}; the difference, {difference:+d}, kept as a Will bonus)"
            changed = True
        elif (
            key == "toughness" and difference > 0 and not data["defence"] and "armour" not in data and difference <= 40
        ):
            data["defence"] = {"natural_armour": difference}
            words += (
                f" (6 + 3 × Scale + Endurance gives {ours}; the block names no Defence: natural armour "
                f"{difference:+d} makes up the difference)"
            )
            changed = True
        elif difference:
            words += f" (the rules give {ours}; the sheet keeps {ours})"
        said.append((found[key][1], words))
    return changed


def parse(text, given=None) -> dict:
    """The answer every stat-block reader gives (:mod:`py_rules.coc.stat_block`) for a Semiautomagic creature;
    never raises. ``given`` holds the GM's values for the abilities the block leaves out or prints in a way not
    understood (and perhaps a name)."""
    raw, cut = core.cut(text)
    reader = Reader(raw)
    found: dict = {}
    data = {"schema": T.SCHEMA, "kind": "creature", "skills": {}, "defence": {}, "movement": {}, "weapons": []}
    read_table(reader, _TABLE, found)
    who = core.name_and_description(reader, _STAT_LINE, _STAT_START)
    _read(reader, found, data)
    anything = bool(found or data["skills"] or data["weapons"])
    core.keep_name(reader, who, anything)

    bounds = {name: ABILITY_BOUNDS for name in T.ABILITIES}
    abilities, said, unclear, problems = {}, [], {}, []
    for name in T.ABILITIES:
        if name in found:
            value, start = core.number(found[name][0]), found[name][1]
            if ABILITY_BOUNDS[0] <= value <= ABILITY_BOUNDS[1]:
                abilities[name] = value
                said.append((start, f"{name} {value}"))
            else:
                unclear[name] = f"“{name} {value}” (the sheet holds {ABILITY_BOUNDS[0]}–{ABILITY_BOUNDS[1]})"
                problems.append(f"{name} {value}: the sheet holds {ABILITY_BOUNDS[0]}–{ABILITY_BOUNDS[1]}")
    if "scale" in found:
        scale = core.number(found["scale"][0])
        if scale in T.SCALE_TABLE:
            data["scale"] = scale
            said.append((found["scale"][1], f"Scale {scale} ({T.SCALE_TABLE[scale][0]} square)"))
        else:
            problems.append(f"Scale {scale}: the Scale table runs {min(T.SCALE_TABLE)} to {max(T.SCALE_TABLE)}")
    missing = [name for name in T.ABILITIES if name not in abilities]
    unclear = core.not_understood(reader, missing, _NEEDED, unclear)
    keeper, given_problems = core.given_values(given, bounds)
    abilities.update({key: value for key, value in keeper.items() if key != "name"})
    said += [(len(raw) + 1, f"{key} {value} (given by you)") for key, value in keeper.items() if key != "name"]
    name = keeper.get("name") or who["name"] or "Stat block creature"
    missing = [key for key in T.ABILITIES if key not in abilities]
    data.update(name=name[:100], abilities=abilities, notes=" ".join(who["description"])[:2000])
    data["weapons"] = data["weapons"][:30]
    sheet, refusal = None, None
    if not missing:
        sheet, refusal = core.sheet_from(
            creature.from_dict,
            data,
            problems,
            lists=("weapons",),
            maps=("skills", "defence", "movement"),
            optional=("armour", "notes"),
        )
        if _compare(sheet, found, data, said):
            sheet, refusal = core.sheet_from(creature.from_dict, data, problems)
    else:
        said += [(found[key][1], f"{key.title()} {found[key][0]}") for key in ("toughness", "will") if key in found]
    read = [words for _, words in sorted(reader.read + said, key=lambda pair: pair[0])]
    not_read = (
        core.empty_notice(raw, anything, "ability, skill or weapon")
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
        "weapons": data["weapons"],
    }
