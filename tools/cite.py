"""Rewrite citations of the user's rules reference into citations of the repository's own rules notes (rules/).

The notes keep the reference's section numbers and ids as their headings (rules/README.md), so the rewrite is
mechanical: the first number of a section picks the game's file.

    RULES.md §1.4                  → rules/armageddon.md §1.4
    RULES.md 2.2                   → rules/semiautomagic.md §2.2
    (RULES.md §1.16 A1)            → (rules/armageddon.md §1.16 A1)
    RULES.md A12                   → rules/armageddon.md §1.16 A12        (an id alone: the section that lists it)
    RULES.md part 3                → rules/coc.md                          (a whole game: its file)
    RULES.md §1.9–1.12, §4, A15    → rules/armageddon.md §1.9–1.12, rules/cross-system.md §4, rules/armageddon.md §1.16 A15

Further sections and ids that follow a citation (``, §3.4``, ``/A12``, ``; C10, C16``) stay bare while they are in
the same file and get their own file name when they move to another game's.

Safe to run again: only the literal ``RULES.md`` is rewritten, and none is left where a citation was recognised.
A ``RULES.md`` the script cannot read as a citation (the file named in prose) is left as it is and listed; the exit
status is then 1, so whoever runs it words those by hand.

    python tools/cite.py            # rewrite every tracked text file, list what it changed
    python tools/cite.py --check    # change nothing; exit 1 when anything would change or is left
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

FILES = {
    "0": "cross-system",
    "1": "armageddon",
    "2": "semiautomagic",
    "3": "coc",
    "4": "cross-system",
    "5": "cross-system",
}
"""The first number of a rules-reference section → the notes file holding it (rules/<name>.md)."""

ID_SECTIONS = {"A": "1.16", "S": "2.14", "D": "3.12", "U": "1.17", "M": "2.15", "C": "3.14"}
"""An ambiguity or checklist id → the section that lists it."""

SKIPPED = ("rules/", "tools/cite.py", "tests/test_rules_citations.py")
"""The notes themselves, and the two files that describe the old form on purpose."""

SUFFIXES = {".py", ".mjs", ".js", ".md", ".html", ".json", ".toml", ".txt", ".css", ".cfg", ".ini", ".yml", ".yaml"}

ANCHOR = re.compile(r"(?<![\w/\\])RULES\.md")
FIRST = re.compile(
    r"\s*(?:(?P<sec>§\s?(?P<num>[0-5])(?:\.\d+[a-z]?)?)\b"
    r"|(?P<bare>(?P<bnum>[0-5])\.\d+[a-z]?)(?![\w.]*\d)"
    r"|(?P<part>part (?P<pnum>[0-5]))\b"
    r"|(?P<id>(?P<letter>[ASDUMC])\d{1,2})\b)"
)
"""What may follow ``RULES.md``: a section (with or without its sign), a whole part, an id."""

FOLLOW = re.compile(r"(?P<sec>§\s?(?P<num>\d+)(?:\.\d+[a-z]?)?)|(?<![\w§.−+])(?P<id>(?P<letter>[ASDUMC])\d{1,2})\b")
"""A further section or id in the same citation."""

STOP = re.compile(r"\.md\b|[Ss]eeds? \d|[\n\"]|PYODIDE|STYLE|TABLE|DESIGN|DEVELOPERS")
"""Where a citation's run of further sections ends: another file or seed is cited, the line or a string ends."""

REACH = 90
"""How far (characters) a further section may stand from the previous one and still belong to the same citation."""


def _file(number: str) -> str:
    return f"rules/{FILES[number]}.md"


def rewrite(text: str) -> tuple[str, list[int]]:
    """``text`` with its rules-reference citations rewritten, and the offsets of each ``RULES.md`` left as it was."""
    out: list[str] = []
    left: list[int] = []
    position = 0
    for anchor in ANCHOR.finditer(text):
        if anchor.start() < position:
            continue
        first = FIRST.match(text, anchor.end())
        if not first:
            left.append(anchor.start())
            continue
        out.append(text[position : anchor.start()])
        if first.group("part"):
            current = FILES[first.group("pnum")]
            out.append(_file(first.group("pnum")))
        elif first.group("id"):
            section = ID_SECTIONS[first.group("letter")]
            current = FILES[section.split(".")[0]]
            out.append(f"{_file(section.split('.')[0])} §{section} {first.group('id')}")
        else:
            number = first.group("num") or first.group("bnum")
            current = FILES[number]
            cited = first.group("sec") or "§" + first.group("bare")
            space = text[anchor.end() : first.start("sec" if first.group("sec") else "bare")]
            out.append(f"{_file(number)}{space or ' '}{cited.replace('§ ', '§')}")
        position = first.end()
        while True:  # the citation's further sections and ids
            follow = FOLLOW.search(text, position, position + REACH)
            if not follow or STOP.search(text, position, follow.start()):
                break
            if follow.group("sec"):
                number = follow.group("num")
                if number not in FILES:
                    break
                target = FILES[number]
                label = follow.group("sec")
                prefix = _file(number) + " "
            else:
                section = ID_SECTIONS[follow.group("letter")]
                target = FILES[section.split(".")[0]]
                label = follow.group("id")
                prefix = f"{_file(section.split('.')[0])} §{section} "
            out.append(text[position : follow.start()])
            if target != current:
                out.append(prefix)
                current = target
            out.append(label)
            position = follow.end()
    out.append(text[position:])
    return "".join(out), left


def tracked_files(root: Path) -> list[Path]:
    """The repository's text files (git's list when there is one: no .venv, node_modules or dist)."""
    try:
        names = subprocess.run(["git", "ls-files", "-z"], cwd=root, capture_output=True, check=True).stdout
        paths = [root / name for name in names.decode().split("\0") if name]
    except (OSError, subprocess.CalledProcessError):
        skip = {".git", ".venv", "node_modules", "dist", "build"}
        paths = [p for p in root.rglob("*") if p.is_file() and not skip & set(p.relative_to(root).parts)]
    return [
        p
        for p in paths
        if p.suffix in SUFFIXES and p.is_file() and not p.relative_to(root).as_posix().startswith(SKIPPED)
    ]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="change nothing; exit 1 if anything would change")
    args = parser.parse_args(argv)
    changed, leftovers = 0, []
    for path in tracked_files(ROOT):
        try:
            text = path.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            continue
        if "RULES.md" not in text:
            continue
        new, left = rewrite(text)
        name = path.relative_to(ROOT).as_posix()
        for offset in left:
            line = text.count("\n", 0, offset) + 1
            leftovers.append(f"{name}:{line}: {text[offset : offset + 60].splitlines()[0]}")
        if new != text:
            changed += 1
            print(
                f"{'would rewrite' if args.check else 'rewrote'} {name} "
                f"({text.count('RULES.md') - new.count('RULES.md')} citations)"
            )
            if not args.check:
                path.write_text(new, encoding="utf-8")
    for entry in leftovers:
        print(f"left as it is (not a citation the script can read): {entry}", file=sys.stderr)
    return 1 if leftovers or (args.check and changed) else 0


if __name__ == "__main__":
    sys.exit(main())
