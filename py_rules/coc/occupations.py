"""Occupations for creating an investigator by the book (C23; rules/coc.md §3.2a).

An occupation is a name, its skill-point formula (one or more options: EDU × 4, or EDU × 2 plus DEX, STR, APP or
POW × 2, the player taking one where two are offered), the skills it lists and the Credit Rating range its points
must buy. A listed skill is one of:

* a skill by name (``Library Use``);
* any speciality of a family (``Language (Other) (any)``: one speciality; ``Science (any two)``: two);
* one skill of a few (``Charm or Fast Talk or Persuade``);
* any other skills the player picks (``any two others``).

Credit Rating is bought with occupation points whatever the list says. The occupations the app ships (generic, with
names, lists and ranges of our own) and the reading of a typed one are :mod:`py_rules.coc.occupation_data`.
Every reader of typed text here runs in time linear in it (splits and fixed-length checks only).
"""

from __future__ import annotations

from dataclasses import dataclass

from py_rules.coc.investigator import skill_name
from py_rules.coc.tables import CHARACTERISTICS, MYTHOS, SKILL_BASES
from py_rules.errors import RulesError
from py_rules.limits import shown

__all__ = (
    "FORMULAS",
    "FORMULA_WORDS",
    "Entry",
    "Occupation",
    "CREDIT_RATING",
    "NAME_MAX",
    "parse_skill_list",
    "occupation_points",
    "in_family",
    "match_listed",
)

SOURCE = "rules/coc.md §3.2a"
CREDIT_RATING = "Credit Rating"

FORMULAS = {
    # rules/coc.md §3.2a: EDU × 4 for most occupations; EDU × 2 + one other characteristic × 2 for others
    "EDU4": (("EDU", 4),),
    "EDU2_DEX2": (("EDU", 2), ("DEX", 2)),
    "EDU2_STR2": (("EDU", 2), ("STR", 2)),
    "EDU2_APP2": (("EDU", 2), ("APP", 2)),
    "EDU2_POW2": (("EDU", 2), ("POW", 2)),
}
"""The occupation skill-point formulas, as (characteristic, multiplier) terms."""

FORMULA_WORDS = {key: " + ".join(f"{c} × {m}" for c, m in terms) for key, terms in FORMULAS.items()}
"""Each formula as the page says it: ``EDU × 2 + DEX × 2``."""

NAME_MAX = 80
"""Longest occupation name (the sheet's occupation field holds it)."""
ENTRIES_MAX = 16
"""Most entries an occupation's skill list holds (the book's lists have about eight)."""
CHOICE_MAX = 8
"""Most skills one entry lets the player pick (``any eight others``)."""
SKILLS_TEXT_MAX = 1000
"""Longest typed skill list."""

_NUMBERS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8}
_NUMBER_WORDS = {value: word for word, value in _NUMBERS.items()}


@dataclass(frozen=True)
class Entry:
    """One line of an occupation's skill list: ``kind`` ``skill`` (``names`` holds it), ``family`` (``names`` holds
    the family, ``count`` specialities of it), ``one_of`` (``count`` of ``names``) or ``any`` (``count`` others)."""

    kind: str
    names: tuple[str, ...] = ()
    count: int = 1

    def words(self) -> str:
        """The entry as a person writes it (the typed form reads it back: :func:`parse_skill_list`)."""
        many = _NUMBER_WORDS.get(self.count, str(self.count))
        if self.kind == "skill":
            return self.names[0]
        if self.kind == "family":
            return f"{self.names[0]} (any)" if self.count == 1 else f"{self.names[0]} (any {many})"
        if self.kind == "one_of":
            return " or ".join(self.names) if self.count == 1 else f"{many} of {' or '.join(self.names)}"
        return "any other" if self.count == 1 else f"any {many} others"

    def to_dict(self) -> dict:
        if self.kind == "skill":
            return {"skill": self.names[0]}
        if self.kind == "family":
            return {"family": self.names[0], "count": self.count}
        if self.kind == "one_of":
            return {"one_of": list(self.names), "count": self.count}
        return {"any": self.count}


@dataclass(frozen=True)
class Occupation:
    """An occupation: its name, its formula options (keys of :data:`FORMULAS`), its skill list and the Credit
    Rating range (lowest, highest) its investigator must end inside."""

    name: str
    formulas: tuple[str, ...]
    entries: tuple[Entry, ...]
    credit_rating: tuple[int, int]
    typed: bool = False

    def to_dict(self) -> dict:
        return {
            "name": self.name,
            "formulas": [{"key": key, "words": FORMULA_WORDS[key]} for key in self.formulas],
            "skills": [entry.words() for entry in self.entries],
            "entries": [entry.to_dict() for entry in self.entries],
            "credit_rating": list(self.credit_rating),
            "typed": self.typed,
        }


def _fail(code: str, message: str, path: str | None = None) -> RulesError:
    return RulesError(code, message, path)


def in_family(skill: str, family: str) -> bool:
    """Whether the sheet's skill ``skill`` is a speciality of ``family`` (or the family's own row, where the skill
    list keeps one): ``Language (Other) (Latin)`` is one of ``Language (Other)``; ``Language (Own)`` is not.

    >>> in_family("Fighting (Brawl)", "Fighting"), in_family("Language (Own)", "Language (Other)")
    (True, False)
    """
    return skill == family or skill.startswith(family + " (")


def _family_name(text: str, path: str) -> str:
    """A family the skill list knows (a skill of that name or specialities written ``Family (…)``), as spelled."""
    name = " ".join(text.split())
    for known in SKILL_BASES:
        if known.lower() == name.lower() or known.lower().startswith(name.lower() + " ("):
            return known if known.lower() == name.lower() else known[: len(name)]
    try:
        return skill_name(name, path)
    except RulesError:
        raise _fail(
            "unknown_skill",
            f"No skill family {shown(name)}: a family is written as the skill list names "
            f"it, such as Science or Language (Other).",
            path,
        ) from None


def _count(word: str, path: str) -> int | None:
    word = word.strip().lower()
    value = _NUMBERS.get(word) if not word.isdigit() else (int(word) if len(word) <= 2 else None)
    if value is None:
        return None
    if not 1 <= value <= CHOICE_MAX:
        raise _fail("out_of_range", f"An entry lets the player pick 1 to {CHOICE_MAX} skills (got {value}).", path)
    return value


def _entry(text: str, path: str) -> Entry:
    """One typed entry: ``any two others``, ``Science (any)``, ``Charm or Persuade``, or a skill's name."""
    words = text.split()
    lowered = [word.lower() for word in words]
    if lowered and lowered[0] == "any" and (len(words) == 1 or lowered[-1] in ("other", "others")):
        middle = lowered[1:-1] if len(words) > 1 else []
        if not middle:
            return Entry("any", count=1)
        if len(middle) == 1 and _count(middle[0], path):
            return Entry("any", count=_count(middle[0], path))
    if len(words) == 2 and lowered[1] in ("other", "others") and _count(words[0], path):
        return Entry("any", count=_count(words[0], path))
    if text.endswith(")") and "(" in text:
        head, _, inner = text[:-1].rpartition("(")
        inner_words = inner.lower().split()
        if inner_words and inner_words[0] == "any" and len(inner_words) <= 2:
            count = 1 if len(inner_words) == 1 else _count(inner_words[1], path)
            if count:
                return Entry("family", (_family_name(head, path),), count)
    if " or " in text.lower():
        parts = [part.strip() for part in _split_or(text)]
        count = 1
        first = parts[0].split(" of ", 1)
        if len(first) == 2 and _count(first[0], path):
            count, parts[0] = _count(first[0], path), first[1].strip()
        names = tuple(dict.fromkeys(skill_name(part, path) for part in parts if part))
        if len(names) < 2 or count >= len(names):
            raise _fail(
                "bad_input", f"{shown(text)} offers a choice: name at least two skills, more than are picked.", path
            )
        return Entry("one_of", names, count)
    return Entry("skill", (skill_name(text, path),))


def _split_or(text: str) -> list[str]:
    """``a or b OR c`` → ``[a, b, c]`` (case aside; one pass)."""
    parts, start, lowered = [], 0, text.lower()
    index = lowered.find(" or ")
    while index >= 0:
        parts.append(text[start:index])
        start = index + 4
        index = lowered.find(" or ", start)
    parts.append(text[start:])
    return parts


def parse_skill_list(value, path: str = "skills") -> tuple[Entry, ...]:
    """An occupation's skills typed as text (entries separated by commas, semicolons or lines) or as a list of
    entries (text, or objects as :meth:`Entry.to_dict` writes them).

    >>> [e.words() for e in parse_skill_list("Library Use, Science (any two); Charm or Persuade, any two others")]
    ['Library Use', 'Science (any two)', 'Charm or Persuade', 'any two others']
    """
    if isinstance(value, str):
        if len(value) > SKILLS_TEXT_MAX:
            raise _fail("out_of_range", f"The skill list must be at most {SKILLS_TEXT_MAX} characters.", path)
        pieces = [piece.strip() for piece in value.replace(";", ",").replace("\n", ",").split(",")]
        items = [piece for piece in pieces if piece]
    elif isinstance(value, list):
        items = value
    else:
        raise _fail("wrong_type", "The skill list must be text, such as: Library Use, History, any two others.", path)
    if not items:
        raise _fail("missing_field", "The occupation lists no skills: name at least one.", path)
    if len(items) > ENTRIES_MAX:
        raise _fail("out_of_range", f"An occupation lists at most {ENTRIES_MAX} entries (got {len(items)}).", path)
    entries = []
    for index, item in enumerate(items):
        where = f"{path}.{index}"
        if isinstance(item, str):
            entry = _entry(" ".join(item.split()), where)
        elif isinstance(item, dict):
            entry = _entry_object(item, where)
        else:
            raise _fail("wrong_type", f"Entry {index + 1} of the skill list must be text.", where)
        if MYTHOS in entry.names:
            raise _fail(
                "not_allowed",
                "Cthulhu Mythos cannot be an occupation skill: it is never raised at creation (rules/coc.md §3.2a).",
                where,
            )
        entries.append(entry)
    return tuple(entries)


def _entry_object(item: dict, path: str) -> Entry:
    count = item.get("count", 1)
    if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= CHOICE_MAX:
        raise _fail("out_of_range", f"An entry lets the player pick 1 to {CHOICE_MAX} skills.", f"{path}.count")
    keys = set(item) - {"count"}
    if keys == {"skill"} and isinstance(item["skill"], str):
        return Entry("skill", (skill_name(item["skill"], path),))
    if keys == {"family"} and isinstance(item["family"], str):
        return Entry("family", (_family_name(item["family"], path),), count)
    if keys == {"one_of"} and isinstance(item["one_of"], list) and all(isinstance(n, str) for n in item["one_of"]):
        names = tuple(dict.fromkeys(skill_name(n, path) for n in item["one_of"][:ENTRIES_MAX]))
        if len(names) < 2 or count >= len(names):
            raise _fail("bad_input", "A choice names at least two skills, more than are picked.", path)
        return Entry("one_of", names, count)
    if keys == {"any"} and isinstance(item["any"], int) and not isinstance(item["any"], bool):
        return Entry("any", count=_count(str(item["any"]), path) or 1)
    raise _fail("bad_input", "Each entry is a skill, a family's speciality, a choice of skills or any others.", path)


def occupation_points(formula: str, characteristics: dict) -> tuple[int, str]:
    """The occupation skill points by ``formula`` for ``characteristics``, and the working in words.

    >>> occupation_points("EDU2_DEX2", {"EDU": 70, "DEX": 55})
    (250, 'EDU 70 × 2 + DEX 55 × 2 = 250')
    """
    terms = FORMULAS[formula]
    total = sum(characteristics[c] * m for c, m in terms)
    return total, " + ".join(f"{c} {characteristics[c]} × {m}" for c, m in terms) + f" = {total}"


def match_listed(occupation: Occupation, skills: list[str]) -> tuple[dict, list[str]]:
    """Which entry of the occupation's list lets each of ``skills`` take occupation points: ``({skill: entry
    words}, [skills no entry lets])``. A skill named on the list takes its own entry; the others share the
    choices (a family's specialities, one of a few, any others) as far as they go, found as a matching so a skill
    never takes a place another needs (a few skills and places: augmenting paths, each a short walk)."""
    named = {entry.names[0]: entry for entry in occupation.entries if entry.kind == "skill"}
    out, rest = {}, []
    for skill in skills:
        if skill == CREDIT_RATING:
            out[skill] = "Credit Rating (every occupation)"
        elif skill in named:
            out[skill] = named[skill].words()
        else:
            rest.append(skill)
    places = [entry for entry in occupation.entries if entry.kind != "skill" for _ in range(entry.count)]

    def fits(skill: str, entry: Entry) -> bool:
        if entry.kind == "family":
            return in_family(skill, entry.names[0])
        if entry.kind == "one_of":
            return skill in entry.names
        return True

    holder: list[int | None] = [None] * len(places)

    def place(index: int, seen: set) -> bool:
        for slot, entry in enumerate(places):
            if slot in seen or not fits(rest[index], entry):
                continue
            seen.add(slot)
            if holder[slot] is None or place(holder[slot], seen):
                holder[slot] = index
                return True
        return False

    unplaced = [rest[index] for index in range(len(rest)) if not place(index, set())]
    for slot, index in enumerate(holder):
        if index is not None:
            out[rest[index]] = places[slot].words()
    return out, unplaced


assert {c for terms in FORMULAS.values() for c, _ in terms} <= set(CHARACTERISTICS)
