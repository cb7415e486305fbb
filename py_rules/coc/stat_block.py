"""Read a Call of Cthulhu 7th-edition stat block, as scenarios print it, into a sheet ("Paste a stat block").

A Keeper pastes a block such as::

    Brother Ezekiel, age 52, cult leader
    STR 60 (30/12)  CON 55  SIZ 65 ...  HP 12  DB +1D4  Build 1  Move 8  MP 14
    Attacks per round: 1
    Fighting 45% (22/9), damage 1D4+DB
    Skills: Listen 40%, Spot Hidden 35%
    Armour: none.  Sanity loss: 0/1D4 to see him chant.

:func:`parse` reads what it recognises wherever the line breaks fall (``%`` or not, halves and fifths or not,
tables of names and numbers in the layouts :func:`py_rules.stat_block_table.read_table` knows), and answers: the sheet
(a valid investigator sheet, or None while a characteristic or Luck is missing), ``read`` (what was read, in words),
``not_read`` (every part of the text it did not understand), ``missing`` (what the sheet still needs, never
guessed), split into ``left_out`` (the block does not print it) and ``not_understood`` (it prints it, with the text
the reader could not read), and ``asks`` (what the form asks the Keeper for, with its bounds). It never raises on
any text. Derived values the block prints (HP, MP, Damage Bonus, Build, MOV) are compared with what the rules work
out from the characteristics (rules/coc.md §3.2); the sheet keeps the rules' own.
Weapons follow the sheet's weapon list (damage without the Damage Bonus, which is marked full, half or none).

The words and patterns it reads by are :mod:`py_rules.coc.stat_block_grammar` (each runs in time linear in the
text); the sheet it makes is :mod:`py_rules.coc.stat_block_sheet`; the reading every game shares (the mask of what
was read, tables, the name lines, what was not read) is :mod:`py_rules.stat_block_core`. Its passes share one mask
of what was read, and their order is part of what a block means (a table before the name, the name before the
values, attacks before skill lists).
"""

from __future__ import annotations

import re

from py_rules import stat_block_core as core
from py_rules.coc import stat_block_grammar as grammar
from py_rules.coc.stat_block_sheet import BOUNDS, compare, dice_text, make_sheet
from py_rules.coc.tables import BRAWL, CHARACTERISTICS, DODGE, HANDGUN, RIFLE, SKILL_MAX, SKILL_NAMES
from py_rules.skill_names import split
from py_rules.stat_block_core import MAX_CHARS, Reader as _Reader
from py_rules.stat_block_table import read_table

__all__ = ("MAX_CHARS", "parse", "weapon_skill")

_NOTES_MAX = 2_000

_HANDGUN_WORDS = (
    "revolver",
    "pistol",
    "handgun",
    "automatic",
    ".38",
    ".45",
    ".32",
    ".22",
    "derringer",
    "luger",
    "colt",
    "9mm",
    "mauser",
    "webley",
    "beretta",
)
_RIFLE_WORDS = (
    "rifle",
    "shotgun",
    "carbine",
    "musket",
    "winchester",
    "springfield",
    "enfield",
    "elephant gun",
    "gauge",
    "mauser rifle",
)
_UNCLEAR_GUN_WORDS = ("firearm", "submachine", "machine gun", "smg", "tommy", "thompson", "gun")
_THROW_WORDS = ("throw", "thrown", "dynamite", "grenade", "molotov", "rock", "stone")
_IMPALE_WORDS = (
    "knife",
    "dagger",
    "sword",
    "spear",
    "bayonet",
    "rapier",
    "sabre",
    "saber",
    "stiletto",
    "arrow",
    "bow",
    "pitchfork",
    "trident",
    "machete",
    "cleaver",
    "ice pick",
    "razor",
    "sickle",
    "axe",
    "hatchet",
)
_NOT_IMPALING_GUNS = ("shotgun", "gauge")


def _characteristics(reader: _Reader, found: dict) -> None:
    for match in grammar.CHAR_RE.finditer(reader.masked()):
        key = match.group(1).upper()
        key = grammar.FULL_NAMES.get(key, key)
        found.setdefault(key, (match.group(2), match.start()))
        reader.take(match.start(), match.end())


def weapon_skill(name: str) -> tuple[str, bool, str]:
    """The sheet skill a weapon named ``name`` is rolled with, whether it impales, and a note when the name does not
    make it plain (seed 003, Combat Round Duration: Fighting, Firearms (Handgun), Firearms (Rifle/Shotgun)).

    >>> weapon_skill(".38 Revolver"), weapon_skill("Knife")[:2], weapon_skill("Fighting")[:2]
    (('Firearms (Handgun)', True, ''), ('Fighting (Brawl)', True), ('Fighting (Brawl)', False))
    """
    low = name.lower()
    if any(word in low for word in _RIFLE_WORDS):
        return RIFLE, not any(word in low for word in _NOT_IMPALING_GUNS), ""
    if any(word in low for word in _HANDGUN_WORDS):
        return HANDGUN, True, ""
    if any(re.search(rf"\b{re.escape(word)}", low) for word in _UNCLEAR_GUN_WORDS):
        return RIFLE, True, "the kind of firearm is not plain from its name: rolled with Firearms (Rifle/Shotgun)"
    if any(re.search(rf"\b{re.escape(word)}", low) for word in _THROW_WORDS):
        return "Throw", False, ""
    return BRAWL, any(word in low for word in _IMPALE_WORDS), ""


def _attacks(reader: _Reader, skills: dict, weapons: list) -> None:
    for match in grammar.ATTACK.finditer(reader.masked()):
        name = " ".join(match.group("name").split()).strip(" -")
        name = re.sub(r"^(?:and|or)\s+|^\.\s+", "", name, flags=re.I)
        if not name or len(name) > 40:
            continue
        pct = int(match.group("pct"))
        skill, impale, unclear = weapon_skill(name)
        db = "none" if not match.group("db") else ("half" if match.group("half") else "full")
        damage = dice_text(match.group("dmg"))
        weapon = {
            "name": name[:40],
            "skill": skill,
            "damage": damage,
            "db": db,
            "impale": impale,
            "range": "",
            "attacks": 1,
            "ammo": None,
            "malfunction": None,
        }
        extra = []
        if match.group("ranges"):  # damage by range, nearest first (a shotgun's 4D6/2D6/1D6)
            weapon["damage"] = damage = damage + dice_text(match.group("ranges"))
            extra.append("damage by range")
        if unclear:
            extra.append(unclear)
        if pct > SKILL_MAX:
            extra.append(f"{pct}% is beyond the sheet's {SKILL_MAX}: not kept")
        elif skill not in skills:
            skills[skill] = (pct, match.start())
        elif skills[skill][0] != pct:
            extra.append(f"rolled with {skill} at {skills[skill][0]}% (the sheet keeps one value per skill)")
        weapons.append(weapon)
        bonus = {"full": " + Damage Bonus", "half": " + half the Damage Bonus", "none": ""}[db]
        words = f"Weapon {name}: {skill} {pct}%, damage {damage}{bonus}" + (f" ({'; '.join(extra)})" if extra else "")
        reader.take(match.start("name"), match.end(), words)


def _skill_name(name: str) -> tuple[str | None, str]:
    """The sheet's name for a printed skill (each speciality its own skill, rules/coc.md §3.2a: "Language (Latin)" is
    Language (Other) (Latin)), and a note when it was written another way."""
    name = " ".join(name.split()).strip(" .-")
    found = SKILL_NAMES.canonical(name)
    if found is None and name.lower() in ("latin", "greek", "french", "german", "english"):
        found = SKILL_NAMES.canonical(f"Language ({name})")  # a language printed alone
        return found, f"{name} read as {found}"
    if found is None:
        return None, ""
    family, speciality = split(name)
    renamed = speciality and family.lower() != (SKILL_NAMES.family_name(found) or "").lower()
    return found, f"{name} read as {found}" if renamed else ""


def _skill(reader: _Reader, skills: dict, start: int, end: int, name: str, pct: int) -> bool:
    """Record one skill if the sheet has it; whether it did."""
    found, note = _skill_name(name)
    if found is None:
        return False
    if pct > SKILL_MAX:
        reader.take(start, end)
        reader.read.append((start, f"Skill {found}: {pct}% is beyond the sheet's {SKILL_MAX}, not kept"))
        return True
    if found in skills and skills[found][0] != pct:
        note = (note + "; " if note else "") + f"already {skills[found][0]}%, that value kept"
    else:
        skills.setdefault(found, (pct, start))
    reader.take(start, end, f"Skill {found} {pct}%" + (f" ({note})" if note else ""))
    return True


def _skill_lists(reader: _Reader, skills: dict) -> None:
    """``Skills: Listen 40%, Spot Hidden 35%`` lists, wherever their line breaks fall."""
    masked = reader.masked()
    for head in grammar.SKILLS_HEAD.finditer(masked):
        reader.take(head.start(), head.end())
        position = head.end()
        while True:
            item = grammar.SKILL_ITEM.match(masked, position)
            if not item:
                break
            if not _skill(reader, skills, item.start("name"), item.end(), item.group("name"), int(item.group("pct"))):
                break
            position = item.end()
            while position < len(masked) and masked[position] in " \n,;.":
                position += 1


def _loose_skills(reader: _Reader, skills: dict) -> None:
    """A skill with its percentage anywhere else (``Dodge 30% (15/6)``, ``Brawl 50%``)."""
    for match in grammar.LOOSE_SKILL.finditer(reader.masked()):
        name = match.group("name")
        words = name.split()
        for cut in range(len(words)):  # the longest tail of the words before the number that is a skill
            tail = " ".join(words[cut:])
            offset = match.start("name") + name.index(words[cut]) if cut else match.start("name")
            if _skill_name(tail)[0] is not None and reader.free(offset, match.end()):
                _skill(reader, skills, offset, match.end(), tail, int(match.group("pct")))
                break


def _extras(reader: _Reader, found: dict) -> None:
    """Sanity loss, armour and spells: kept in the notes (armour points on the sheet)."""
    for match in grammar.SAN_LOSS.finditer(reader.masked()):
        loss, tail = dice_text(match.group(1)).replace("NONE", "none"), " ".join(match.group(2).split())
        reader.notes.append(f"Sanity loss {loss}{' ' + tail if tail else ''}.")
        reader.take(match.start(), match.end(), f"Sanity loss {loss}{' ' + tail if tail else ''} (kept in the notes)")
    for match in grammar.ARMOUR.finditer(reader.masked()):
        value = 0 if match.group(1).lower() == "none" else int(match.group(1))
        tail = " ".join(match.group(2).split()).strip(" ()")
        found.setdefault("Armour", (value, match.start()))
        if tail:
            reader.notes.append(f"Armour: {value} ({tail}).")
        reader.take(match.start(), match.end(), f"Armour {value}" + (f" ({tail})" if tail else ""))
    for match in grammar.SPELLS.finditer(reader.masked()):
        spells = " ".join(match.group(1).split()).strip().rstrip(".")
        if spells:
            reader.notes.append(f"Spells: {spells}")
            reader.take(match.start(), match.end(), f"Spells: {spells} (kept in the notes)")


_TABLE_CELLS = re.compile(r"[|\t]")
_CELL_NUMBER = re.compile(r"(\d{1,3})\s*%?(?:\s*\(\s*\d{1,3}\s*/\s*\d{1,3}\s*\))?")


def _table_skills(reader: _Reader, skills: dict) -> None:
    """A skill in a table's row (``| Spot Hidden | 35% |``, ``Library Use<tab>70<tab>35<tab>14``): its name in the
    first cell, its value (perhaps with its half and fifth) in the next ones."""
    masked = reader.masked()
    for start, line in reader.lines():
        if "|" not in line and "\t" not in line or "\x00" in masked[start : start + len(line)]:
            continue
        cells = [cell.strip() for cell in _TABLE_CELLS.split(line)]
        cells = [cell for cell in cells if cell]
        if not 2 <= len(cells) <= 4 or not all(_CELL_NUMBER.fullmatch(cell) for cell in cells[1:]):
            continue
        name = cells[0]
        value = int(_CELL_NUMBER.fullmatch(cells[1]).group(1))
        at = start + line.index(name)
        if _skill(reader, skills, at, at + len(name), name, value):
            reader.take(start, start + len(line))


def parse(text, given=None) -> dict:
    """``{"sheet", "name", "read", "not_read", "missing", "left_out", "not_understood", "asks", "weapons", "notes",
    "armour"}`` for a pasted stat block (never raises).

    ``given`` holds the Keeper's values for what the block leaves out or the reader did not understand; they are
    used over the block's own.
    """
    raw, cut = core.cut(text)
    read_words: list[tuple[int, str]] = []
    reader = _Reader(raw)
    found: dict = {}
    skills: dict = {}
    weapons: list = []
    for headers in (grammar.HEADERS, grammar.INLINE_HEADERS):
        for header in headers.finditer(raw):
            reader.take(header.start(), header.end())
    read_table(reader, grammar.TABLE, found)
    who = core.name_and_description(reader, grammar.STAT_LINE, grammar.STAT_START, grammar.NAME_AGE)
    _extras(reader, found)
    core.read_values(reader, grammar.VALUE_RES, found)
    _characteristics(reader, found)
    _attacks(reader, skills, weapons)
    _table_skills(reader, skills)
    _skill_lists(reader, skills)
    _loose_skills(reader, skills)
    core.keep_name(reader, who, bool(found or skills or weapons))
    if who["age"] and "Age" not in found:
        found["Age"] = who["age"]

    values, problems, unclear = {}, [], {}
    for key in (*CHARACTERISTICS, "Luck", "SAN", "MP", "Age", "APR", "Dodge"):
        if key not in found:
            continue
        printed, start = found[key]
        try:
            number = core.number(printed)
        except ValueError:
            problems.append(f"{key} {printed}: not a number")
            unclear[key] = f"“{key} {printed}” (not a number)"
            continue
        low, high = BOUNDS[key]
        if not low <= number <= high:
            problems.append(f"{key} {number}: the sheet holds {low}–{high}")
            unclear[key] = f"“{key} {number}” (the sheet holds {low}–{high})"
            continue
        values[key] = number
        if key in CHARACTERISTICS or key in ("Luck", "SAN", "Age"):
            read_words.append((start, f"{'Sanity' if key == 'SAN' else key} {number}"))
    if "Dodge" in values:
        skills.setdefault(DODGE, (values["Dodge"], found["Dodge"][1]))
        read_words.append((found["Dodge"][1], f"Dodge {values['Dodge']}%"))
    if "APR" in values:
        for weapon in weapons:
            weapon["attacks"] = values["APR"]
        read_words.append((found["APR"][1], f"Attacks per round {values['APR']}"))

    needed = (*CHARACTERISTICS, "Luck")
    unclear = core.not_understood(reader, [key for key in needed if key not in values], grammar.NEEDED_NAMES, unclear)
    keeper_values, given_problems = core.given_values(given, {key: BOUNDS[key] for key in needed})
    values.update(keeper_values)
    read_words += [
        (len(raw) + 1, f"{key} {value} (given by you)") for key, value in keeper_values.items() if key != "name"
    ]
    values["name"] = keeper_values.get("name") or who["name"] or "Stat block NPC"
    missing = [key for key in needed if key not in values]
    notes = " ".join([*who["description"], *reader.notes])[:_NOTES_MAX]
    armour = found.get("Armour", (0, 0))[0]
    sheet, refusal = (None, None)
    if not missing:
        sheet, refusal = make_sheet(
            values,
            skills,
            {"weapons": weapons[:30], "armour": min(armour, 30), "notes": notes, "occupation": who["occupation"]},
            problems,
        )
    compare(sheet, found, read_words)
    read = [words for _, words in sorted(reader.read + read_words, key=lambda pair: pair[0])]
    empty = core.empty_notice(raw, bool(found or skills or weapons), "characteristic, skill or weapon")
    not_read = empty + cut + core.not_read(reader) + problems + given_problems + ([refusal] if refusal else [])
    unclear = {key: unclear[key] for key in missing if key in unclear}
    return {
        "sheet": sheet,
        "name": values["name"],
        "read": read,
        "not_read": not_read,
        "missing": missing,
        "left_out": [key for key in missing if key not in unclear],
        "not_understood": unclear,
        "asks": core.asks(missing, unclear, BOUNDS),
        "weapons": weapons[:30],
        "notes": notes,
        "armour": armour,
    }
