"""No project history in the code: a comment, docstring, test name or operation ``source`` says why, or cites the
rule it follows (a seed, a section of the rules notes in rules/, TABLE.md), never which ticket or which step of the
work asked for it. A newcomer cannot read a ticket number, and the catalog shows an operation's ``source`` to users.

The patterns are put together from pieces, so this file does not match itself. A whole part of the user's old rules
reference, cited by its number, is a citation (tools/cite.py rewrites it, and its test quotes it), not history, and
is let through."""

import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SCANNED = ("py_rules", "web", "tests", "tools", "build.py", "README.md", ".ci")
TEXT_SUFFIXES = {".py", ".mjs", ".js", ".css", ".html", ".md", ".json", ".webmanifest", ""}

_TICKET = "iss" + "ues?"
_STEP = "st" + "ops?"
_PART = "pa" + "rt"
_OLD_REFERENCE = "RULES" + r"\.md"  # the user's rules reference, outside the repository (tests/test_rules_citations.py)
HISTORY = re.compile(
    rf"(?<![a-z]){_TICKET}[\s_]*#?\d"  # a ticket by its number
    rf"|(?<![a-z]){_TICKET}\s+[\"“]"  # a ticket by its title
    rf"|(?<![a-z]){_STEP}[\s_]+\d"  # a step of the work by its number
    rf"|(?<!{_OLD_REFERENCE} )(?<!\{{old\}} )(?<![a-z]){_PART}[\s_-]?\d",  # a part of the work by its number
    re.IGNORECASE,
)


def scanned_files() -> list[Path]:
    """The tracked files of the scanned folders (the working tree's when git is not there, as in an sdist)."""
    try:
        listed = subprocess.run(["git", "ls-files", "-z", *SCANNED], cwd=ROOT, capture_output=True, check=True)
        paths = [ROOT / name for name in listed.stdout.decode().split("\0") if name]
    except (OSError, subprocess.CalledProcessError):
        paths = [
            p
            for top in SCANNED
            for p in ([ROOT / top] if (ROOT / top).is_file() else (ROOT / top).rglob("*"))
            if p.is_file() and "__pycache__" not in p.parts
        ]
    return [p for p in paths if p.suffix in TEXT_SUFFIXES and p.is_file()]


def history_lines(text: str) -> list[tuple[int, str]]:
    return [(number, line.strip()) for number, line in enumerate(text.splitlines(), 1) if HISTORY.search(line)]


def test_no_file_names_a_ticket_or_a_step_of_the_work():
    found = []
    for path in scanned_files():
        name = path.relative_to(ROOT).as_posix()
        if HISTORY.search(name):
            found.append(f"{name}: the file's name")
        found += [f"{name}:{number}: {line}" for number, line in history_lines(path.read_text(errors="replace"))]
    assert not found, "project history instead of a reason or a rule:\n" + "\n".join(found)


def test_the_pattern_finds_history_and_lets_citations_through():
    history = [
        f"(i{'ssue'} 19, long campaigns)",
        f"I{'ssues'} 2 and 8",
        f"s{'top'} 24",
        f"test_encounter_{_PART}3",
        f'(i{"ssue"} "The table, {_PART} 3")',
        f"# i{'ssue'} #7",
    ]
    citations = [
        f"seed 000; {_OLD_REFERENCE.replace(chr(92), '')} {_PART} 1",
        "rules/coc.md §3.12 D9",
        "stop_takes_no_step",
        "a partial interval",
        "the issue of a die",
        "a timer that stops at 0",
        "TABLE.md, Kept safe",
    ]
    assert [bool(HISTORY.search(text)) for text in history] == [True] * len(history)
    assert [bool(HISTORY.search(text)) for text in citations] == [False] * len(citations)
