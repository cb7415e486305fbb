"""Rule citations in two voices (TABLE.md, Words: "rule citations read like 'Rolling Dice — Call of
Cthulhu house rules'").

Developers cite where a rule comes from: a seed heading (``seed 003, Rolling Dice``) or a section of the rules
reference (``rules/coc.md §3.4``, an option such as ``§3.12 D1``). Players read the rule's name in their game's words.
This module holds the table between the two and the functions every user-facing text goes through:

* :func:`rule_name` — a developer citation → the human rule name(s);
* :func:`plain` — a sentence with its citations taken out (the words a player reads);
* :func:`split` — both at once: ``(plain text, developer citations found)``.

>>> rule_name("seed 003, Rolling Dice")
'Rolling Dice — Call of Cthulhu house rules'
>>> rule_name("rules/armageddon.md §1.5/§1.16 A1")
'Rule of 10 and Rule of 1 — Armageddon'
>>> split("rules/coc.md §3.2: age lowers MOV from 40 on.")
('Age lowers MOV from 40 on.', ['rules/coc.md §3.2'])
>>> plain("Seed 000, Tasks: the Skill's level; 0 means untrained (seed 000, Unskilled Attempts: −2, never better than Decent).")
"The Skill's level; 0 means untrained (−2, never better than Decent)."
"""

from __future__ import annotations

import re
from functools import cache, lru_cache

__all__ = ("GAMES_BY_SEED", "GAMES_BY_PART", "SECTIONS", "rule_name", "plain", "split", "has_citation")

GAMES_BY_SEED = {"000": "Armageddon", "002": "Semiautomagic", "003": "Call of Cthulhu house rules"}
"""Whose words a seed holds (the seeds are the tables' own rules)."""

GAMES_BY_PART = {"1": "Armageddon", "2": "Semiautomagic", "3": "Call of Cthulhu"}
"""Whose rules each part of the rules reference describes (the Call of Cthulhu one follows the book)."""

SECTIONS = {
    "0": "Rule tables",
    "1.1": "About the game",
    "1.2": "Turns and time",
    "1.3": "Attributes",
    "1.4": "Secondary attributes",
    "1.5": "Rule of 10 and Rule of 1",
    "1.6": "Success Levels",
    "1.7": "Tasks, Tests and Resisted rolls",
    "1.8": "Damage",
    "1.9": "Life Points, Consciousness and Survival",
    "1.10": "Healing and resuscitation",
    "1.11": "Endurance Points",
    "1.12": "Essence",
    "1.13": "Fear Tests and the Fear Table",
    "1.14": "Encumbrance",
    "1.15": "Penalties",
    "1.16": "Table options",
    "1.17": "Character state",
    "2.1": "About the game",
    "2.2": "Dice and checks",
    "2.3": "Abilities, Scale, Toughness and Will",
    "2.4": "Attacking",
    "2.5": "Damage and wounds",
    "2.6": "Dying",
    "2.7": "Healing",
    "2.8": "Morale",
    "2.9": "Mobility penalty",
    "2.10": "Conditions",
    "2.11": "Confusion chart",
    "2.12": "Soul Coma",
    "2.13": "Time and actions",
    "2.14": "Table options",
    "2.15": "Rules summary",
    "3.1": "About the game",
    "3.2": "Characteristics and derived values",
    "3.2a": "Creating an investigator",
    "3.3": "Bonus and penalty dice",
    "3.4": "Levels of success, criticals and fumbles",
    "3.5": "Pushing a roll",
    "3.6": "Luck",
    "3.7": "Opposed and combined rolls",
    "3.8": "Combat",
    "3.9": "Hit points, major wounds and dying",
    "3.10": "First Aid, Medicine and healing",
    "3.11": "Sanity",
    "3.12": "House rules and the book",
    "3.13": "Table options",
    "3.14": "Rules summary",
    "3.15": "Investigator development",
    "4": "Rolls, time and options",
    "5": "Rules not yet checked",
}
"""Sections of the rules reference by number → their name in plain words."""

PARTS_BY_FILE = {"armageddon": "1", "semiautomagic": "2", "coc": "3", "cross-system": "4"}
"""The rules notes' files (rules/<name>.md) → the part of the rules reference each holds."""

_OPTION_SECTIONS = {"A": "1.16", "S": "2.14", "D": "3.12", "U": "1.17", "M": "2.15", "C": "3.14"}
"""An option or checklist id without a section (``rules/armageddon.md A12``) → the section that lists it."""

_SECTION = r"§\s?\d+(?:\.\d+[a-z]?)?(?:\s?[–-]\s?\d+(?:\.\d+)?)?"
_OPTION = r"[ASDUMC]\d{1,2}\b"
_TAGS = r"(?:\s*\[(?:SEED|BOOK|SRC|REC|UNVERIFIED)[^\][]*\])*"
_NOTES = r"rules/(?:armageddon|semiautomagic|coc|cross-system)\.md"
"""A rules notes file (``rules/coc.md``)."""
_RULES_REF = (
    rf"{_NOTES}(?:\s*(?:{_SECTION}|part \d|{_OPTION})(?:\s*(?:(?:/|,|and)\s*)?(?:{_SECTION}|{_OPTION}))*)?"
    rf"(?:\s+[A-Z][a-z]+(?: table)?(?=[;)]|$))?{_TAGS}"
)
_WORD = r"(?:[A-Z][\w/&'’-]*|(?:of|and|or|the|a|an|to|in|on|if|by)\b|&)"
_SEED_REF = rf"[Ss]eed 0\d\d(?:, {_WORD}(?: {_WORD})*)?"
_SEED_LEAD = r"[Ss]eed 0\d\d(?:,(?:\s*+[^:;()]{1,60}+|\s++))?"
"""A seed and its heading, as a text's leading citation (``seed 003, Hit points: …``). The spaces before the heading
and the heading itself are taken whole, never given back: user text passes through here too, and sharing a run of
spaces or a list of headings among quantifiers took time exponential in it."""
_TAG = r"(?<!\s)\s*\[(?:SEED|BOOK|SRC|REC|UNVERIFIED)[^\][]*\]"
"""A rules-reference tag and the spaces before it. A match starts where a run of spaces does (not again from each
space of it) and a tag holds no ``[`` (a ``[SEED`` with no ``]`` after it is not walked to the end again from each
``[SEED`` before it): user text passes through here too, so both keep it linear."""
_DEV_REF = r"DEVELOPERS\.md(?::[^)]*)?"


@cache
def _compiled(name: str) -> re.Pattern:
    """The large patterns, compiled on first use (start-up pays nothing for them)."""
    if name == "cite":
        return re.compile(rf"{_RULES_REF}|{_SEED_REF}|{_DEV_REF}")
    return re.compile(rf"^\s*((?:{_RULES_REF}|{_SEED_LEAD})(?:\s*[;,]\s*(?:{_RULES_REF}|{_SEED_LEAD}))*)\s*:\s+")


_PAREN = r"\(([^()]*(?:\([^()]*\)[^()]*)*)\)"
_FORBIDDEN = r"rules/[\w-]+\.md|§|[Ss]eed 0\d\d|DEVELOPERS\.md|\[(?:SEED|BOOK|SRC|REC|UNVERIFIED)"
_SEED_WORDS = (
    (r"\bthe seed's\b", "the rules'"),
    (r"\bThe seed's\b", "The rules'"),
    (r"\bseed's\b", "rules'"),
    (r"\bthe seed (says|gives|describes|does|is|names|mentions)\b", lambda m: "the rules " + _plural(m.group(1))),
    (r"\bThe seed (says|gives|describes|does|is|names|mentions)\b", lambda m: "The rules " + _plural(m.group(1))),
    (r"\b[Tt]he seed\b", lambda m: m.group(0)[0] + "he rules"),
    (r"\bnot in the rules\b", "not in the rules"),
)


_SEED_WORD = r"\b[Ss]eed\b"


def _plural(verb: str) -> str:
    return {
        "says": "say",
        "gives": "give",
        "describes": "describe",
        "does": "do",
        "is": "are",
        "names": "name",
        "mentions": "mention",
    }[verb]


def has_citation(text: str) -> bool:
    """Whether ``text`` still cites a file, a seed or a rules-reference tag."""
    return bool(re.search(_FORBIDDEN, text or ""))


def _tidy(text: str) -> str:
    text = re.sub(r"\s+", " ", text)
    text = re.sub(r"\(\s*[;,:]?\s*\)", "", text)
    text = re.sub(r"\(\s*[;,:]\s*", "(", text)
    text = re.sub(r"\s*[;,:]\s*\)", ")", text)
    text = re.sub(r"\s+([.,;:)])", r"\1", text)
    text = re.sub(r"([;,:])\s*([.;,])", r"\2", text)
    text = re.sub(r"([;,])\s*:", r"\1", text)
    text = re.sub(r"\.\s*\.", ".", text)
    return re.sub(r"^(?:[\s;,:.]|[—-]\s)+", "", text).strip()


def _capital(text: str) -> str:
    """A sentence whose citation was cut off starts with a capital (but "d6 + …" stays a die)."""
    return text if not text or re.match(r"d\d", text) else text[:1].upper() + text[1:]


def _paren(match: re.Match, found: list) -> str:
    inner = match.group(1)
    if not _compiled("cite").search(inner):
        return match.group(0)
    if re.match(r"\s*DEVELOPERS\.md", inner):
        found.append(inner.split(":")[0].strip())
        return ""
    if re.match(
        rf"\s*(?:{_NOTES}|{_SEED_REF})", inner
    ):  # "(seed 003, Hit points, Wounds)", "(rules/armageddon.md §1.16 A13: …)"
        cite, colon, rest = inner.partition(":")
        found.append(cite.strip())
        rest = _inline(rest, found) if colon else ""
    else:
        rest = _inline(inner, found)
    rest = re.sub(r"^[\s;,:]+", "", rest).strip()
    return f"({rest})" if rest and re.search(r"\w", rest) else ""


def _inline(text: str, found: list) -> str:
    def cut(match: re.Match) -> str:
        found.append(match.group(0).strip())
        return ""

    return _compiled("cite").sub(cut, text)


@lru_cache(maxsize=4096)
def _split(text: str) -> tuple[str, tuple[str, ...]]:
    if not has_citation(text) and not re.search(_SEED_WORD, text):
        return text, ()  # nothing to take out: the text stays exactly as written (indentation included)
    indent = text[: len(text) - len(text.lstrip(" "))]
    found: list[str] = []
    leading = _compiled("leading").match(text)
    if leading:
        found.append(leading.group(1).strip())
        text = text[leading.end() :]
    text = re.sub(_PAREN, lambda m: _paren(m, found), text)
    text = _inline(text, found)
    text = re.sub(_TAG, "", text)
    for pattern, replacement in _SEED_WORDS:
        text = re.sub(pattern, replacement, text)
    text = _tidy(text)
    return indent + (_capital(text) if leading or found else text), tuple(f for f in found if f)


def split(text: str) -> tuple[str, list[str]]:
    """``text`` without its citations, and the citations (developer form) in the order found."""
    if not text:
        return text or "", []
    plain_text, found = _split(text)
    return plain_text, list(found)


def plain(text: str) -> str:
    """``text`` as a player reads it: citations of seeds, files and sections taken out."""
    return split(text)[0]


def _names_of(citation: str, last_seed: list) -> list[str]:
    citation = re.sub(_TAG, "", citation).strip()
    seed = re.match(r"[Ss]eed (0\d\d)\b,?\s*(.*)", citation)
    if seed:
        last_seed[:] = [seed.group(1)]
        game = GAMES_BY_SEED.get(seed.group(1))
        heading = re.split(r"[:(]| \[", seed.group(2), maxsplit=1)[0].strip(" ,.")
        if not game:
            return []
        if heading:
            return [f"{heading[:1].upper()}{heading[1:]} — {game}"]
        return [game if game.endswith("rules") else f"{game} rules"]
    notes = re.match(_NOTES, citation)
    if notes:
        body = citation[notes.end() :]
        sections = re.findall(r"§\s?(\d+(?:\.\d+[a-z]?)?)", body)
        if not sections:
            part = re.search(r"part (\d)", body)
            option = re.search(r"\b([ASDUMC])\d{1,2}\b", body)
            whole = PARTS_BY_FILE.get(notes.group(0)[len("rules/") : -len(".md")]) if not option else None
            if part or whole in GAMES_BY_PART:
                return [f"{GAMES_BY_PART.get(part.group(1) if part else whole, 'The')} rules"]
            sections = [_OPTION_SECTIONS[option.group(1)]] if option else []
        names = []
        alternatives = "/" in re.sub(_NOTES, "", body)  # "§1.5/§1.16 A1": one rule cited twice, named once
        for number in sections[:1] if len(sections) > 1 and alternatives else sections:
            name = SECTIONS.get(number) or SECTIONS.get(number.split(".")[0])
            game = GAMES_BY_PART.get(number.split(".")[0])
            if name:
                names.append(f"{name} — {game}" if game else name)
        return names
    if citation.startswith("DEVELOPERS.md"):
        return []
    if has_citation(citation):  # "Chronicler's modifier (seed 000, Tasks: apply modifiers)": the rule it cites
        names = [n for cited in split(citation)[1] for n in _names_of(cited, last_seed)]
        return names or [plain(citation)]
    if last_seed and re.match(r"[A-Z]", citation) and not has_citation(citation):  # "seed 002, A; B": B is seed 002's
        heading = re.split(r"[:(]", citation, maxsplit=1)[0].strip(" ,.")
        return [f"{heading} — {GAMES_BY_SEED[last_seed[0]]}"]
    return []


@lru_cache(maxsize=4096)
def rule_name(source: str) -> str:
    """The human name(s) of the rule(s) a developer ``source`` cites, ``"; "``-joined; a source that cites no
    seed or section (already plain words) is returned as it is, and an empty one stays empty.

    >>> rule_name("seed 002, Natural Armour; Stacking Bonuses")
    'Natural Armour — Semiautomagic; Stacking Bonuses — Semiautomagic'
    >>> rule_name("rules/coc.md §3.12 D9"), rule_name("rules/armageddon.md §1.16 A12"), rule_name("seed 000; rules/armageddon.md")
    ('House rules and the book — Call of Cthulhu', 'Table options — Armageddon', 'Armageddon rules')
    >>> rule_name("TABLE.md, Encounter; rules/cross-system.md §4"), rule_name("rules/coc.md §3.2; coc.tables.SKILL_BASES")
    ('Rolls, time and options', 'Characteristics and derived values — Call of Cthulhu')
    """
    if not source:
        return ""
    names: list[str] = []
    last_seed: list[str] = []
    for part in re.split(r";\s*", source):
        if re.match(r"(?:TABLE|STYLE|DESIGN)\.md\b", part) or re.fullmatch(r"[a-z_]+(?:\.[A-Za-z_]+)+", part.strip()):
            continue  # a developer's note: which design note asked for it, where in the code a table lives
        plain_words = not has_citation(part) and not re.search(_OPTION, part) and not last_seed
        for name in [part.strip()] if plain_words else _names_of(part.strip(), last_seed):
            if name not in names:
                names.append(name)
    return "; ".join(names)
