"""Read a Call of Cthulhu 7th-edition stat block, as scenarios print it, into a sheet (issue 17, "Paste a stat block").

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
compared with what the rules work out from the characteristics (RULES.md §3.2); the sheet keeps the rules' own.
Weapons follow the sheet's weapon list (damage without the Damage Bonus, which is marked full, half or none).
"""

from __future__ import annotations

import re
import unicodedata

from py_rules.coc import investigator
from py_rules.coc.tables import BRAWL, CHARACTERISTIC_MAX, CHARACTERISTICS, DODGE, HANDGUN, LUCK_MAX, MYTHOS, RIFLE
from py_rules.coc.tables import SCHEMA, SKILL_BASES, SKILL_MAX
from py_rules.errors import RulesError

__all__ = ("MAX_CHARS", "parse", "weapon_skill")

MAX_CHARS = 20_000
"""The longest text read; the rest of a longer paste is listed as not read."""
_MAX_LISTED = 60
"""Parts not read listed one by one before the rest are summed up."""
_OPTIONAL = ("weapons", "armour", "notes", "occupation")
"""Sheet fields a block fills when the sheet has them (added by the weapons work; a sheet without them keeps the
rest)."""
_NOTES_MAX = 2_000

_FULL_NAMES = {"STRENGTH": "STR", "CONSTITUTION": "CON", "SIZE": "SIZ", "DEXTERITY": "DEX", "APPEARANCE": "APP",
               "INTELLIGENCE": "INT", "POWER": "POW", "EDUCATION": "EDU"}
_HALVES = r"(?:\s*\(\s*\d{1,4}\s*/\s*\d{1,4}\s*\))?"
_SEP = r"\s*[:=]?\s*"
_DIE = r"(?:\d{0,2}\s*D\s*\d{1,3}|\d{1,3})"
_DICE = rf"{_DIE}(?:\s*[+\-]\s*{_DIE}(?![\w½]))*"
_CHAR_WORDS = "|".join([*CHARACTERISTICS, *_FULL_NAMES])
_CHAR_RE = re.compile(rf"\b({_CHAR_WORDS})\b{_SEP}(\d{{1,4}})\s*%?{_HALVES}", re.I)

_VALUES = {  # what: (pattern, words)
    "HP": (rf"\b(?:HP|Hit\s*Points)\b{_SEP}(\d{{1,4}})", "HP"),
    "MP": (rf"\b(?:MP|Magic\s*Points)\b{_SEP}(\d{{1,4}})", "MP"),
    "DB": (rf"(?<![+½])(?<![+½]\s)\b(?:DB|Damage\s*Bonus)\b{_SEP}"
           rf"(none|[+\-]?\s*\d{{0,2}}\s*D\s*\d{{1,2}}|[+\-]?\s*\d{{1,2}})\b", "Damage Bonus"),
    "Build": (rf"\bBuild\b{_SEP}([+\-]?\s*\d{{1,2}})", "Build"),
    "MOV": (rf"\b(?:Move|MOV)\b{_SEP}(\d{{1,3}})", "MOV"),
    "Luck": (rf"\bLuck\b{_SEP}(\d{{1,3}})\s*%?{_HALVES}", "Luck"),
    "SAN": (rf"\b(?:SAN|Sanity)\b(?!\s*loss){_SEP}(\d{{1,3}})\s*%?{_HALVES}", "Sanity"),
    "Age": (rf"\bage\b{_SEP}(\d{{1,3}})", "Age"),
    "APR": (rf"\b(?:Attacks?\s*(?:per|/|a)\s*round|#\s*Attacks)\b{_SEP}(\d{{1,2}})(?:\s*\([^)\n]{{0,80}}\))?",
            "Attacks per round"),
    "Dodge": (rf"\bDodge\b{_SEP}(\d{{1,3}})\s*%?{_HALVES}", "Dodge"),
}
_VALUE_RES = {key: re.compile(pattern, re.I) for key, (pattern, _) in _VALUES.items()}
_SAN_LOSS = re.compile(rf"\bSan(?:ity)?\s*loss\b{_SEP}(none|{_DIE}\s*/\s*{_DIE}(?:\s*[+\-]\s*{_DIE})?)([^.\n;]{{0,120}})",
                       re.I)
_ARMOUR = re.compile(r"\bArmou?r\b\s*[:=.]?\s*(none|\d{1,2})(?:\s*-?\s*points?)?(?:\s+of)?([^.\n;]{0,120})", re.I)
_SPELLS = re.compile(r"\bSpells?\b\s*:\s*([^\n]{0,600})", re.I)
_HEADERS = re.compile(r"^\s*(?:Combat|Attacks|Weapons|Fighting\s+attacks|Characteristics|Stats|Skills|Languages)"
                      r"\s*:?\s*$", re.I | re.M)
_ATTACK = re.compile(
    rf"(?P<name>[^\s\x00%,;:0-9(][^\n\x00%,;:]{{0,40}}?)\s+(?P<pct>\d{{1,3}})\s*%?{_HALVES}\s*[,;]?\s*"
    rf"(?:damage|dmg\.?|dam\.?)\s*[:=]?\s*(?P<dmg>{_DICE})"
    rf"(?P<db>\s*\+\s*(?P<half>½|1/2|half|one-half)?\s*(?:DB|damage\s*bonus))?"
    rf"(?P<ranges>(?:\s*/\s*{_DICE}){{1,3}})?", re.I)
_INLINE_HEADERS = re.compile(r"\b(?:Combat|Weapons?|Fighting\s+attacks?|Attacks(?!\s*:?\s*\d))\s*:", re.I)
_SKILLS_HEAD = re.compile(r"\b(?:Skills?|Languages?)\b\s*:", re.I)
_SKILL_ITEM = re.compile(rf"\s*(?:and\s+)?(?P<name>[A-Za-z][^\x00%,;:0-9]{{0,50}}?)\s+(?P<pct>\d{{1,3}})\s*%?{_HALVES}"
                         r"\s*[,;.]?", re.I)
_LOOSE_SKILL = re.compile(rf"(?P<name>[A-Za-z][A-Za-z ()/'\-]{{0,40}}?)\s+(?P<pct>\d{{1,3}})\s*%{_HALVES}", re.I)

_HANDGUN_WORDS = ("revolver", "pistol", "handgun", "automatic", ".38", ".45", ".32", ".22", "derringer", "luger",
                  "colt", "9mm", "mauser", "webley", "beretta")
_RIFLE_WORDS = ("rifle", "shotgun", "carbine", "musket", "winchester", "springfield", "enfield", "elephant gun",
                "gauge", "mauser rifle")
_UNCLEAR_GUN_WORDS = ("firearm", "submachine", "machine gun", "smg", "tommy", "thompson", "gun")
_THROW_WORDS = ("throw", "thrown", "dynamite", "grenade", "molotov", "rock", "stone")
_IMPALE_WORDS = ("knife", "dagger", "sword", "spear", "bayonet", "rapier", "sabre", "saber", "stiletto", "arrow",
                 "bow", "pitchfork", "trident", "machete", "cleaver", "ice pick", "razor", "sickle", "axe", "hatchet")
_NOT_IMPALING_GUNS = ("shotgun", "gauge")


def _clean(text) -> str:
    """The text as a string of printable characters (anything else a space), dashes and spaces made plain."""
    if not isinstance(text, str):
        text = "" if text is None else str(text)
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


class _Reader:
    """The text with what has been read marked, and what was read in order of where it stood."""

    def __init__(self, text: str):
        self.text = text
        self.used = bytearray(len(text))
        self.read: list[tuple[int, str]] = []
        self.notes: list[str] = []

    def masked(self) -> str:
        """The text with read parts blanked out (so no later pattern crosses them)."""
        return "".join("\x00" if used else ch for ch, used in zip(self.text, self.used))

    def take(self, start: int, end: int, words: str | None = None) -> None:
        for i in range(start, end):
            self.used[i] = 1
        if words:
            self.read.append((start, words))

    def free(self, start: int, end: int) -> bool:
        return not any(self.used[start:end])


def _number(text: str) -> int:
    return int(re.sub(r"\s+", "", text))


def _table(reader: _Reader, found: dict) -> None:
    """A row of names (STR CON SIZ … HP MP) over a row of numbers, as many scenarios print them."""
    lines, start = reader.text.split("\n"), 0
    offsets = []
    for line in lines:
        offsets.append(start)
        start += len(line) + 1
    keys = {**{c: c for c in CHARACTERISTICS}, **_FULL_NAMES, "HP": "HP", "MP": "MP", "LUCK": "Luck", "SAN": "SAN",
            "MOV": "MOV", "MOVE": "MOV", "BUILD": "Build", "DB": "DB"}
    for index, line in enumerate(lines[:-1]):
        names = line.replace("|", " ").split()
        if len(names) < 2 or any(name.upper().strip(":") not in keys for name in names):
            continue
        following = next((j for j in range(index + 1, min(index + 3, len(lines))) if lines[j].strip()), None)
        if following is None:
            continue
        values = re.findall(r"([+\-]?\d{0,2}D\d{1,2}|[+\-]?\d{1,4})\s*%?" + _HALVES, lines[following].replace("|", " "))
        if len(values) != len(names) or re.sub(r"[\s|%()/+\-0-9D]", "", lines[following], flags=re.I):
            continue
        for name, value in zip(names, values):
            key = keys[name.upper().strip(":")]
            found.setdefault(key, (value, offsets[index]))
        reader.take(offsets[index], offsets[index] + len(line))
        reader.take(offsets[following], offsets[following] + len(lines[following]))


def _characteristics(reader: _Reader, found: dict) -> None:
    for match in _CHAR_RE.finditer(reader.masked()):
        key = match.group(1).upper()
        key = _FULL_NAMES.get(key, key)
        found.setdefault(key, (match.group(2), match.start()))
        reader.take(match.start(), match.end())


def _values(reader: _Reader, found: dict) -> None:
    for key, pattern in _VALUE_RES.items():
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


def _dice(text: str) -> str:
    return re.sub(r"\s+", "", text).upper()


def _attacks(reader: _Reader, skills: dict, weapons: list) -> None:
    for match in _ATTACK.finditer(reader.masked()):
        name = " ".join(match.group("name").split()).strip(" -")
        name = re.sub(r"^(?:and|or)\s+|^\.\s+", "", name, flags=re.I)
        if not name or len(name) > 40:
            continue
        pct = int(match.group("pct"))
        skill, impale, unclear = weapon_skill(name)
        db = "none" if not match.group("db") else ("half" if match.group("half") else "full")
        damage = _dice(match.group("dmg"))
        weapon = {"name": name[:40], "skill": skill, "damage": damage, "db": db, "impale": impale, "range": "",
                  "attacks": 1, "ammo": None, "malfunction": None}
        extra = []
        if match.group("ranges"):  # damage by range, nearest first (a shotgun's 4D6/2D6/1D6)
            weapon["damage"] = damage = damage + _dice(match.group("ranges"))
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
    """The sheet's name for a printed skill, and a note when a speciality is folded into its general skill."""
    name = " ".join(name.split()).strip(" .-")
    try:
        return investigator.skill_name(name), ""
    except RulesError:
        pass
    general = re.match(r"^(.*?)\s*\((.*)\)$", name)
    if general:
        for base in (general.group(1), general.group(1) + " (Other)"):
            try:
                found = investigator.skill_name(base)
            except RulesError:
                continue
            return found, f"{name} kept as {found}"
    if name.lower().startswith("language") or name.lower() in ("latin", "greek", "french", "german", "english"):
        return "Language (Other)", f"{name} kept as Language (Other)"
    return None, ""


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
    for head in _SKILLS_HEAD.finditer(masked):
        reader.take(head.start(), head.end())
        position = head.end()
        while True:
            item = _SKILL_ITEM.match(masked, position)
            if not item:
                break
            if not _skill(reader, skills, item.start("name"), item.end(), item.group("name"), int(item.group("pct"))):
                break
            position = item.end()
            while position < len(masked) and masked[position] in " \n,;.":
                position += 1


def _loose_skills(reader: _Reader, skills: dict) -> None:
    """A skill with its percentage anywhere else (``Dodge 30% (15/6)``, ``Brawl 50%``)."""
    for match in _LOOSE_SKILL.finditer(reader.masked()):
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
    for match in _SAN_LOSS.finditer(reader.masked()):
        loss, tail = _dice(match.group(1)).replace("NONE", "none"), " ".join(match.group(2).split())
        reader.notes.append(f"Sanity loss {loss}{' ' + tail if tail else ''}.")
        reader.take(match.start(), match.end(), f"Sanity loss {loss}{' ' + tail if tail else ''} (kept in the notes)")
    for match in _ARMOUR.finditer(reader.masked()):
        value = 0 if match.group(1).lower() == "none" else int(match.group(1))
        tail = " ".join(match.group(2).split()).strip(" ()")
        found.setdefault("Armour", (value, match.start()))
        if tail:
            reader.notes.append(f"Armour: {value} ({tail}).")
        reader.take(match.start(), match.end(), f"Armour {value}" + (f" ({tail})" if tail else ""))
    for match in _SPELLS.finditer(reader.masked()):
        spells = " ".join(match.group(1).split()).strip().rstrip(".")
        if spells:
            reader.notes.append(f"Spells: {spells}")
            reader.take(match.start(), match.end(), f"Spells: {spells} (kept in the notes)")


_STAT_LINE = re.compile(rf"\d\s*%|{_CHAR_RE.pattern}|\b(?:HP|MP|DB|Build|Move|MOV|Luck|SAN|Sanity|Dodge|Armou?r|"
                        r"Skills?|Spells?|Attacks?|damage)\b\s*[:=.]?\s*[\d+\-(nN]", re.I)


_STAT_START = re.compile(rf"\s*(?:{_CHAR_WORDS}|HP|MP|DB|Build|Move|MOV|Luck|SAN|Sanity|Dodge|Armou?r|Skills?|"
                         r"Spells?|Attacks?|Combat|Weapons?)\b", re.I)


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
        stat = _STAT_LINE.search(line) or _STAT_START.match(line)
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
            age = re.search(r"\bage[d]?\s*[:=]?\s*(\d{1,3})\b", rest, re.I)
            if age:
                out["age"] = (age.group(1), start + len(head[0]) + age.start())
                rest = rest[:age.start()] + rest[age.end():]
            out["occupation"] = " ".join(re.sub(r"^[\s,.;:()\-]+|[\s,.;:()\-]+$", "", rest).split())[:200]
            words = f"Name {name}" + (f", {out['occupation']}" if out["occupation"] else "")
        elif re.search(r"[A-Za-z]{3}", line):
            out["description"].append(" ".join(line.split()))
            words = f"Description: {' '.join(line.split())[:120]}"
        else:
            break
        out["spans"].append((start, end, words))
        reader.take(start, end)
    return out


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
    for ch, used in zip(reader.text, reader.used):
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


def _given_values(given) -> tuple[dict, list[str]]:
    """The Keeper's own values for what the block leaves out (``{"STR": 50, "Luck": 40, "name": "..."}``)."""
    if not isinstance(given, dict):
        return {}, []
    out, problems = {}, []
    for key, value in given.items():
        if key == "name" and isinstance(value, str) and value.strip():
            out["name"] = " ".join(value.split())[:80]
        elif key in (*CHARACTERISTICS, "Luck") and isinstance(value, int) and not isinstance(value, bool):
            high = LUCK_MAX if key == "Luck" else CHARACTERISTIC_MAX
            if 0 <= value <= high:
                out[key] = value
            else:
                problems.append(f"{key} must be between 0 and {high} (got {value}).")
    return out, problems


def _compare(sheet: dict | None, found: dict, read: list) -> None:
    """What the block printed for the derived values next to what the rules work out (RULES.md §3.2)."""
    derived = sheet["derived"] if sheet else {}
    pairs = {"HP": ("hp_max", "HP"), "MP": ("mp_max", "MP"), "DB": ("damage_bonus", "Damage Bonus"),
             "Build": ("build", "Build"), "MOV": ("mov", "MOV")}
    for key, (field, words) in pairs.items():
        if key not in found:
            continue
        printed, start = found[key]
        ours = derived.get(field)
        if ours is None:
            read.append((start, f"{words} {_dice(str(printed)).replace('NONE', '0')}"))
            continue
        if key == "DB":
            said = _dice(printed).replace("NONE", "0")
            same = said.lstrip("+") == str(ours).lstrip("+")
        else:
            said = re.sub(r"\s+", "", str(printed))
            try:
                same = int(said) == int(ours)
            except ValueError:
                same = False
        read.append((start, f"{words} {said}" + ("" if same else
                     f" (the rules give {ours} from the characteristics{' and age' if key == 'MOV' else ''}; "
                     f"the sheet keeps "
                     f"{ours})")))


def _sheet(values: dict, skills: dict, extra: dict, left_out: list) -> tuple[dict | None, str | None]:
    """A valid sheet from what was read, the optional fields the sheet does not have dropped, and a weapon the
    sheet refuses left out (said in ``left_out``); or the refusal."""
    data = {"schema": SCHEMA, "name": values["name"], "age": values.get("Age", 25),
            "characteristics": {c: values[c] for c in CHARACTERISTICS}, "luck": values["Luck"],
            "skills": {name: value for name, (value, _) in skills.items()}}
    base = investigator.from_dict(data)
    if MYTHOS in data["skills"] or "SAN" in values:
        data["san"] = min(values.get("SAN", base["san"]), base["derived"]["san_max"])
    if "MP" in values:
        data["mp"] = min(values["MP"], base["derived"]["mp_max"])
    data.update({key: value for key, value in extra.items() if value not in (None, "", [])})
    for _ in range(len(_OPTIONAL) + len(data.get("weapons", ())) + 1):
        try:
            return investigator.from_dict(data), None
        except RulesError as error:
            where = (error.field or "").split(".")
            if error.code == "unknown_field" and error.field in _OPTIONAL:
                data.pop(error.field)
                continue
            if where[0] == "weapons" and len(where) > 1 and where[1].isdigit() and int(where[1]) < len(data["weapons"]):
                dropped = data["weapons"].pop(int(where[1]))
                left_out.append(f"Weapon {dropped['name']}: {error.message}")
                continue
            if where[0] in _OPTIONAL:
                data.pop(where[0])
                left_out.append(error.message)
                continue
            return None, error.message
    return None, "The sheet could not be made."


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
    for headers in (_HEADERS, _INLINE_HEADERS):
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

    given_values, given_problems = _given_values(given)
    values.update(given_values)
    read_words += [(len(raw) + 1, f"{key} {value} (given by you)")
                   for key, value in given_values.items() if key != "name"]
    values["name"] = given_values.get("name") or who["name"] or "Stat block NPC"
    missing = [key for key in (*CHARACTERISTICS, "Luck") if key not in values]
    notes = " ".join([*who["description"], *reader.notes])[:_NOTES_MAX]
    armour = found.get("Armour", (0, 0))[0]
    sheet, refusal = (None, None)
    if not missing:
        sheet, refusal = _sheet(values, skills, {"weapons": weapons[:30], "armour": min(armour, 30), "notes": notes,
                                                 "occupation": who["occupation"]}, problems)
    _compare(sheet, found, read_words)
    read = [words for _, words in sorted(reader.read + read_words, key=lambda pair: pair[0])]
    empty = ([] if found or skills or weapons else ["No characteristic, skill or weapon was found in the text."]) \
        if raw.strip() else ["The text is empty: paste a stat block."]
    not_read = empty + cut + _not_read(reader) + problems + given_problems + ([refusal] if refusal else [])
    return {"sheet": sheet, "name": values["name"], "read": read, "not_read": not_read, "missing": missing,
            "weapons": weapons[:30],
            "notes": notes, "armour": armour}
