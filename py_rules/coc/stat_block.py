"""Read a Call of Cthulhu 7th-edition stat block, as scenarios print it, into a sheet (TABLE.md, "Paste a stat block").

A Keeper pastes a block such as::

    Brother Ezekiel, age 52, cult leader
    STR 60 (30/12)  CON 55  SIZ 65 ...  HP 12  DB +1D4  Build 1  Move 8  MP 14
    Attacks per round: 1
    Fighting 45% (22/9), damage 1D4+DB
    Skills: Listen 40%, Spot Hidden 35%
    Armour: none.  Sanity loss: 0/1D4 to see him chant.

:func:`parse` reads what it recognises wherever the line breaks fall (``%`` or not, halves and fifths or not, a
table of names over a row of numbers), and answers four things: the sheet (a valid investigator sheet, or None
while a characteristic or Luck is missing), ``read`` (what was read, in words), ``not_read`` (every part of the
text it did not understand) and ``missing`` (what the block leaves out and the Keeper must give: never
guessed). It never raises on any text. Derived values the block prints (HP, MP, Damage Bonus, Build, MOV) are
compared with what the rules work out from the characteristics (rules/coc.md §3.2); the sheet keeps the rules' own.
Weapons follow the sheet's weapon list (damage without the Damage Bonus, which is marked full, half or none).

The words and patterns it reads by are :mod:`py_rules.coc.stat_block_grammar` (each runs in time linear in the
text); the sheet it makes is :mod:`py_rules.coc.stat_block_sheet`. This module is longer than 400 lines because its
passes share one mask of what was read, and their order is part of what a block means (a table before the name,
the name before the values, attacks before skill lists): split, the order would live in two places.
"""

from __future__ import annotations

import re
import unicodedata

from py_rules.coc import stat_block_grammar as grammar
from py_rules.coc.stat_block_sheet import compare, dice_text, given_values, make_sheet
from py_rules.coc.tables import (
    BRAWL,
    CHARACTERISTIC_MAX,
    CHARACTERISTICS,
    DODGE,
    HANDGUN,
    LUCK_MAX,
    RIFLE,
    SKILL_MAX,
    SKILL_NAMES,
)
from py_rules.skill_names import split

__all__ = ("MAX_CHARS", "parse", "weapon_skill")

MAX_CHARS = 20_000
"""The longest text read; the rest of a longer paste is listed as not read."""
_MAX_LISTED = 60
"""Parts not read listed one by one before the rest are summed up."""
_NOTES_MAX = 2_000

_HANDGUN_WORDS = ("revolver", "pistol", "handgun", "automatic", ".38", ".45", ".32", ".22", "derringer", "luger",
                  "colt", "9mm", "mauser", "webley", "beretta")
_RIFLE_WORDS = ("rifle", "shotgun", "carbine", "musket", "winchester", "springfield", "enfield", "elephant gun",
                "gauge", "mauser rifle")
_UNCLEAR_GUN_WORDS = ("firearm", "submachine", "machine gun", "smg", "tommy", "thompson", "gun")
_THROW_WORDS = ("throw", "thrown", "dynamite", "grenade", "molotov", "rock", "stone")
_IMPALE_WORDS = ("knife", "dagger", "sword", "spear", "bayonet", "rapier", "sabre", "saber", "stiletto", "arrow",
                 "bow", "pitchfork", "trident", "machete", "cleaver", "ice pick", "razor", "sickle", "axe", "hatchet")
_NOT_IMPALING_GUNS = ("shotgun", "gauge")


_ASCII_PLAIN = {**{code: " " for code in range(32)}, ord("\n"): "\n", ord("\r"): "\n", 127: " "}


def _clean(text) -> str:
    """The text as a string of printable characters (anything else a space), dashes and spaces made plain."""
    if not isinstance(text, str):
        text = "" if text is None else str(text)
    if text.isascii():  # the usual paste: its control characters (tab, CR and the rest) made plain at C speed
        return text.translate(_ASCII_PLAIN)
    out = []
    for ch in text:
        if ch in "\n\t":
            out.append("\n" if ch == "\n" else " ")
        elif ch in "\u2012\u2013\u2014\u2212\u2010\u2011":
            out.append("-")
        elif ch in "\u00a0\u2007\u202f":
            out.append(" ")
        elif ch == "\r":
            out.append("\n")
        elif unicodedata.category(ch) in ("Cc", "Cs", "Co", "Cn", "Cf"):
            out.append(" ")
        else:
            out.append(ch)
    return "".join(out)


_USED_RUN = re.compile(b"\x01+")


class _Reader:
    """The text with what has been read marked, and what was read in order of where it stood."""

    def __init__(self, text: str):
        self.text = text
        self.used = bytearray(len(text))
        self.read: list[tuple[int, str]] = []
        self.notes: list[str] = []

    def masked(self) -> str:
        """The text with read parts blanked out (so no later pattern crosses them): the runs read are found at C
        speed, so each pattern's pass costs a copy of the text, not a step per character."""
        pieces, last = [], 0
        for run in _USED_RUN.finditer(self.used):
            pieces += (self.text[last:run.start()], "\x00" * (run.end() - run.start()))
            last = run.end()
        pieces.append(self.text[last:])
        return "".join(pieces)

    def take(self, start: int, end: int, words: str | None = None) -> None:
        if end > start:
            self.used[start:end] = b"\x01" * (end - start)
        if words:
            self.read.append((start, words))

    def free(self, start: int, end: int) -> bool:
        return not any(self.used[start:end])


def _number(text: str) -> int:
    return int("".join(text.split()))


def _table(reader: _Reader, found: dict) -> None:
    """A row of names (STR CON SIZ … HP MP) over a row of numbers, as many scenarios print them."""
    lines, start = reader.text.split("\n"), 0
    offsets = []
    for line in lines:
        offsets.append(start)
        start += len(line) + 1
    keys = grammar.TABLE_KEYS
    for index, line in enumerate(lines[:-1]):
        names = line.replace("|", " ").split()
        if len(names) < 2 or any(name.upper().strip(":") not in keys for name in names):
            continue
        following = next((j for j in range(index + 1, min(index + 3, len(lines))) if lines[j].strip()), None)
        if following is None:
            continue
        values = grammar.TABLE_VALUE.findall(lines[following].replace("|", " "))
        if len(values) != len(names) or re.sub(r"[\s|%()/+\-0-9D]", "", lines[following], flags=re.I):
            continue
        for name, value in zip(names, values, strict=True):
            key = keys[name.upper().strip(":")]
            found.setdefault(key, (value, offsets[index]))
        reader.take(offsets[index], offsets[index] + len(line))
        reader.take(offsets[following], offsets[following] + len(lines[following]))


def _characteristics(reader: _Reader, found: dict) -> None:
    for match in grammar.CHAR_RE.finditer(reader.masked()):
        key = match.group(1).upper()
        key = grammar.FULL_NAMES.get(key, key)
        found.setdefault(key, (match.group(2), match.start()))
        reader.take(match.start(), match.end())


def _values(reader: _Reader, found: dict) -> None:
    for key, pattern in grammar.VALUE_RES.items():
        for match in pattern.finditer(reader.masked()):
            found.setdefault(key, (match.group(1), match.start()))
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
        weapon = {"name": name[:40], "skill": skill, "damage": damage, "db": db, "impale": impale, "range": "",
                  "attacks": 1, "ammo": None, "malfunction": None}
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


def _name_and_description(reader: _Reader) -> dict:
    """The first line is the name (``NAME, age 47, occupation``) unless it holds numbers of the block; the lines
    after it, before the numbers start, describe them."""
    out = {"name": None, "occupation": "", "description": [], "age": None, "spans": []}
    offset = 0
    for line in reader.text.split("\n"):
        start, end = offset, offset + len(line)
        offset = end + 1
        if not line.strip():
            continue
        stat = grammar.STAT_LINE.search(line) or grammar.STAT_START.match(line)
        if stat and out["name"] is None and not out["spans"]:  # "Mick Doyle, dockside thug. STR 75 …" on one line
            line = line[:stat.start()]
            end = start + len(line)
        elif stat:
            break
        if not line.strip() or not reader.free(start, end):
            break
        if out["name"] is None:
            head = re.split(r"[,(:]|\s-\s", line, maxsplit=1)
            name = " ".join(head[0].split()).strip(" -*")
            if not name or len(name) > 80 or not re.search(r"[A-Za-z]", name):
                break
            if name.isupper():
                name = name.title()
            out["name"] = name
            rest = line[len(head[0]):]
            age = grammar.NAME_AGE.search(rest)
            if age:
                out["age"] = (age.group(1), start + len(head[0]) + age.start())
                rest = rest[:age.start()] + rest[age.end():]
            out["occupation"] = " ".join(_trim(rest).split())[:200]
            words = f"Name {name}" + (f", {out['occupation']}" if out["occupation"] else "")
        elif re.search(r"[A-Za-z]{3}", line):
            out["description"].append(" ".join(line.split()))
            words = f"Description: {' '.join(line.split())[:120]}"
        else:
            break
        out["spans"].append((start, end, words))
        reader.take(start, end)
    return out


_EDGE = frozenset(",.;:()-")


def _trim(text: str) -> str:
    """``text`` without the spaces and punctuation (``,.;:()-``) at either end: one pass from each end (a pattern
    for the trailing run would walk every run in the middle to its end again)."""
    start, end = 0, len(text)
    while start < end and (text[start].isspace() or text[start] in _EDGE):
        start += 1
    while end > start and (text[end - 1].isspace() or text[end - 1] in _EDGE):
        end -= 1
    return text[start:end]


def _keep_name(reader: _Reader, who: dict, anything: bool) -> None:
    """The name and description count only when the block gave numbers too; junk is all listed as not read."""
    for start, end, words in who["spans"]:
        if anything:
            reader.read.append((start, words))
        else:
            for i in range(start, end):
                reader.used[i] = 0
    if not anything:
        who.update(name=None, occupation="", description=[], age=None)


def _not_read(reader: _Reader) -> list[str]:
    """Every stretch of the text nothing was read from and that holds a letter or digit."""
    parts, current = [], []
    for ch, used in zip(reader.text, reader.used, strict=True):
        if used or ch == "\n":
            if current:
                parts.append("".join(current))
                current = []
        else:
            current.append(ch)
    if current:
        parts.append("".join(current))
    out = []
    for part in parts:
        for piece in re.split(r"[,;]", part):
            words = " ".join(piece.split()).strip(" .:-")
            if words.count("(") != words.count(")"):  # a parenthesis cut off by what was read around it
                words = words.strip(" ()")
            if re.search(r"[^\W_]", words):
                out.append(words if len(words) <= 80 else words[:77] + "…")
    if len(out) > _MAX_LISTED:
        out = out[:_MAX_LISTED] + [f"… and {len(out) - _MAX_LISTED} more parts"]
    return out


def parse(text, given=None) -> dict:
    """``{"sheet", "name", "read", "not_read", "missing", "weapons", "notes", "armour"}`` for a pasted stat block
    (never raises).

    ``given`` holds the Keeper's values for what the block leaves out; they are used over the block's own.
    """
    raw = _clean(text)
    read_words: list[tuple[int, str]] = []
    cut = []
    if len(raw) > MAX_CHARS:
        cut = [f"Everything after the first {MAX_CHARS:,} characters (the text is {len(raw):,} long)"]
        raw = raw[:MAX_CHARS]
    reader = _Reader(raw)
    found: dict = {}
    skills: dict = {}
    weapons: list = []
    for headers in (grammar.HEADERS, grammar.INLINE_HEADERS):
        for header in headers.finditer(raw):
            reader.take(header.start(), header.end())
    _table(reader, found)
    who = _name_and_description(reader)
    _extras(reader, found)
    _values(reader, found)
    _characteristics(reader, found)
    _attacks(reader, skills, weapons)
    _skill_lists(reader, skills)
    _loose_skills(reader, skills)
    _keep_name(reader, who, bool(found or skills or weapons))
    if who["age"] and "Age" not in found:
        found["Age"] = who["age"]

    values, problems = {}, []
    for key in (*CHARACTERISTICS, "Luck", "SAN", "MP", "Age", "APR", "Dodge"):
        if key not in found:
            continue
        printed, start = found[key]
        try:
            number = _number(printed)
        except ValueError:
            problems.append(f"{key} {printed}: not a number")
            continue
        high = {"Luck": LUCK_MAX, "SAN": 99, "Age": 120, "APR": 5, "Dodge": SKILL_MAX}.get(key, CHARACTERISTIC_MAX)
        low = {"Age": 15, "APR": 1}.get(key, 0)
        if not low <= number <= high:
            problems.append(f"{key} {number}: the sheet holds {low}–{high}")
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

    keeper_values, given_problems = given_values(given)
    values.update(keeper_values)
    read_words += [(len(raw) + 1, f"{key} {value} (given by you)")
                   for key, value in keeper_values.items() if key != "name"]
    values["name"] = keeper_values.get("name") or who["name"] or "Stat block NPC"
    missing = [key for key in (*CHARACTERISTICS, "Luck") if key not in values]
    notes = " ".join([*who["description"], *reader.notes])[:_NOTES_MAX]
    armour = found.get("Armour", (0, 0))[0]
    sheet, refusal = (None, None)
    if not missing:
        sheet, refusal = make_sheet(values, skills, {"weapons": weapons[:30], "armour": min(armour, 30), "notes": notes,
                                                 "occupation": who["occupation"]}, problems)
    compare(sheet, found, read_words)
    read = [words for _, words in sorted(reader.read + read_words, key=lambda pair: pair[0])]
    empty = ([] if found or skills or weapons else ["No characteristic, skill or weapon was found in the text."]) \
        if raw.strip() else ["The text is empty: paste a stat block."]
    not_read = empty + cut + _not_read(reader) + problems + given_problems + ([refusal] if refusal else [])
    return {"sheet": sheet, "name": values["name"], "read": read, "not_read": not_read, "missing": missing,
            "weapons": weapons[:30],
            "notes": notes, "armour": armour}
