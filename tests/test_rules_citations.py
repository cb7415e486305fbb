"""Citations resolve inside the repository (rules/README.md): every ``rules/<file>.md §X`` the code, the page, the
tests, the tools or the README cite is a heading of that notes file, every id cited with it (A6, S1, D11, C10 …) is
listed in that file (in the cited section when it follows the section directly), no citation of the user's rules
reference outside the repository is left, and every seed cited is one of the user's three. A plain file scan."""

from __future__ import annotations

import re
import sys
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
NOTES = ROOT / "rules"
SCANNED = [ROOT / "README.md"] + [
    path
    for folder in ("py_rules", "web", "tests", "tools")
    for path in sorted((ROOT / folder).rglob("*"))
    if path.suffix in {".py", ".mjs", ".js", ".html", ".md", ".css", ".json"}
    and "__pycache__" not in path.parts
    and path.is_file()
]
OLD_REFERENCE = "RULES" + ".md"
"""The user's rules reference, kept outside the repository (spelt in two pieces so this file does not cite it)."""
SEEDS = {"000", "002", "003"}
HOSTILE_INPUTS = {"tools/adversarial.py", "tests/test_readers_run_in_linear_time.py", "tests/test_rules_citations.py"}
"""Files whose citation-like strings are inputs, not citations: hostile inputs for the citation readers (an unknown
seed), and this file's own wrong citations."""

CITATION = re.compile(r"rules/([\w-]+)\.md")
DIRECT = re.compile(r"\s*§\s?(\d+(?:\.\d+[a-z]?)?)(?:\s?[–-]\s?§?(\d+\.\d+[a-z]?))?(?:\s+([A-Z]\d{1,2})\b)?")
FOLLOW = re.compile(
    r"§\s?(\d+(?:\.\d+[a-z]?)?)(?:\s?[–-]\s?§?(\d+\.\d+[a-z]?))?(?:\s+([A-Z]\d{1,2})\b)?"
    r"|(?<![\w§.−+])([ASDUMC]\d{1,2})\b"
)
"""A further section (with an id right after it, or a range) or a lone id in the same citation."""
STOP = re.compile(r"\.md\b|[Ss]eeds? \d|[\n\"]|PYODIDE|STYLE|TABLE|DESIGN|DEVELOPERS")
"""Where a citation's further sections end (as tools/cite.py reads them): another file or a seed, the line's or a
string's end."""
REACH = 90
HEADING = re.compile(r"^#{1,6}\s+(\d+(?:\.\d+[a-z]?)?)\s", re.M)
ID_ROW = re.compile(r"^\|\s*([A-Z]\d{1,2})\s*\|", re.M)


def _notes() -> dict[str, dict[str, set[str]]]:
    """Each notes file → its section numbers → the ids its tables list in that section."""
    notes = {}
    for path in NOTES.glob("*.md"):
        text = path.read_text(encoding="utf-8")
        sections: dict[str, set[str]] = {}
        headings = list(HEADING.finditer(text))
        for index, heading in enumerate(headings):
            end = headings[index + 1].start() if index + 1 < len(headings) else len(text)
            sections[heading.group(1)] = set(ID_ROW.findall(text, heading.end(), end))
        notes[path.stem] = sections
    return notes


NOTES_SECTIONS = _notes()


def _name(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


@cache
def _texts() -> tuple[tuple[Path, str], ...]:
    texts = []
    for path in SCANNED:
        try:
            texts.append((path, path.read_text(encoding="utf-8")))
        except UnicodeDecodeError:
            continue
    return tuple(texts)


def _where(path: Path, text: str, offset: int) -> str:
    return f"{_name(path)}:{text.count(chr(10), 0, offset) + 1}: {text[offset : offset + 70].splitlines()[0]}"


def unresolved(text: str) -> list[tuple[int, str]]:
    """The citations of the rules notes in ``text`` that name no heading or id of their file: (offset, why)."""
    problems = []
    for citation in CITATION.finditer(text):
        name = citation.group(1)
        sections = NOTES_SECTIONS.get(name)
        if sections is None:
            problems.append((citation.start(), f"no notes file rules/{name}.md"))
            continue
        every_id = set().union(*sections.values())

        def check(section, range_end, ident, lone_id, at, sections=sections, name=name, every_id=every_id):
            for number in (section, range_end):
                if number and number not in sections:
                    problems.append((at, f"no heading {number} in rules/{name}.md"))
            if ident and section in sections and ident not in sections[section]:
                problems.append((at, f"no {ident} in rules/{name}.md §{section}"))
            if lone_id and lone_id not in every_id:
                problems.append((at, f"no {lone_id} in rules/{name}.md"))

        direct = DIRECT.match(text, citation.end())
        if not direct:
            continue  # a whole game's file
        check(*direct.groups(), None, citation.start())
        position = direct.end()
        while True:
            follow = FOLLOW.search(text, position, position + REACH)
            if not follow or STOP.search(text, position, follow.start()):
                break
            check(*follow.groups(), citation.start())
            position = follow.end()
    return problems


def test_the_notes_hold_one_file_per_game_and_the_cross_system_notes():
    assert set(NOTES_SECTIONS) == {"README", "armageddon", "semiautomagic", "coc", "cross-system"}
    assert {"1.4", "1.8a", "1.16"} <= set(NOTES_SECTIONS["armageddon"])
    assert {f"A{n}" for n in range(1, 17)} <= NOTES_SECTIONS["armageddon"]["1.16"]
    assert {f"S{n}" for n in range(1, 18)} <= NOTES_SECTIONS["semiautomagic"]["2.14"]
    assert {f"D{n}" for n in range(1, 18)} <= NOTES_SECTIONS["coc"]["3.12"]
    assert {"3.2a", "3.15"} <= set(NOTES_SECTIONS["coc"]) and {"0", "4"} <= set(NOTES_SECTIONS["cross-system"])


def test_every_cited_section_and_id_of_the_rules_notes_exists():
    problems = [
        f"{_where(path, text, offset)} — {why}"
        for path, text in _texts()
        if _name(path) not in HOSTILE_INPUTS
        for offset, why in unresolved(text)
    ]
    assert not problems, "\n".join(problems)


def test_the_check_finds_a_section_or_an_id_the_notes_do_not_have():
    assert unresolved("(rules/coc.md §3.12 D9; rules/armageddon.md §1.9–1.12, §1.16 A6, A15)") == []
    assert [why for _, why in unresolved("rules/coc.md §3.99")] == ["no heading 3.99 in rules/coc.md"]
    assert [why for _, why in unresolved("rules/coc.md §3.12 D40")] == ["no D40 in rules/coc.md §3.12"]
    assert [why for _, why in unresolved("rules/coc.md §3.4, §3.77")] == ["no heading 3.77 in rules/coc.md"]
    assert [why for _, why in unresolved("rules/armageddon.md §1.4, U99")] == ["no U99 in rules/armageddon.md"]
    assert [why for _, why in unresolved("rules/dnd.md §1")] == ["no notes file rules/dnd.md"]


def test_no_citation_of_the_rules_reference_outside_the_repository_is_left():
    left = [
        _where(path, text, match.start())
        for path, text in _texts()
        for match in re.finditer(re.escape(OLD_REFERENCE), text)
        if _name(path) != "tools/cite.py"
    ]
    assert not left, "run python tools/cite.py, and word what it lists by hand:\n" + "\n".join(left)


def test_every_seed_cited_is_one_of_the_users_three():
    wrong = [
        _where(path, text, match.start())
        for path, text in _texts()
        if _name(path) not in HOSTILE_INPUTS
        for match in re.finditer(r"\b[Ss]eeds? (\d{3})\b", text)
        if match.group(1) not in SEEDS
    ]
    assert not wrong, "\n".join(wrong)


@pytest.fixture(scope="module")
def cite():
    sys.path.insert(0, str(ROOT))
    try:
        from tools import cite as module
    finally:
        sys.path.remove(str(ROOT))
    return module


def test_the_rewrite_picks_the_game_by_the_sections_first_number(cite):
    old = OLD_REFERENCE
    assert cite.rewrite(f"{old} §1.4")[0] == "rules/armageddon.md §1.4"
    assert cite.rewrite(f"({old} 2.2)")[0] == "(rules/semiautomagic.md §2.2)"
    assert cite.rewrite(f"({old} §1.16 A1)")[0] == "(rules/armageddon.md §1.16 A1)"
    assert cite.rewrite(f"{old} A12: …")[0] == "rules/armageddon.md §1.16 A12: …"
    assert cite.rewrite(f"seed 003; {old} part 3")[0] == "seed 003; rules/coc.md"
    assert cite.rewrite(f"{old} §0, §4")[0] == "rules/cross-system.md §0, §4"


def test_the_rewrite_names_the_file_again_where_a_citation_moves_to_another_game(cite):
    old = OLD_REFERENCE
    assert (
        cite.rewrite(f"({old} §1.9–1.12, §4, A15; C10)")[0]
        == "(rules/armageddon.md §1.9–1.12, rules/cross-system.md §4, rules/armageddon.md §1.16 A15; "
        "rules/coc.md §3.14 C10)"
    )
    assert cite.rewrite(f'"{old} §3.5.") and x("§1.5")')[0] == '"rules/coc.md §3.5.") and x("§1.5")'
    assert cite.rewrite(f"{old}\n§3.9, §3.11")[0] == "rules/coc.md\n§3.9, §3.11"


def test_the_rewrite_is_idempotent_and_leaves_prose_it_cannot_read(cite):
    old = OLD_REFERENCE
    text = f"x = 1  # {old} §1.8 NdX × M + K; §2.5, §2.14 S9; §3.2 (and the {old} file)\n"
    once, left = cite.rewrite(text)
    assert cite.rewrite(once)[0] == once and len(left) == 1 and once.count(old) == 1
    assert once.startswith(
        "x = 1  # rules/armageddon.md §1.8 NdX × M + K; rules/semiautomagic.md §2.5, §2.14 S9; rules/coc.md §3.2"
    )
    assert not unresolved(once)
