"""What the campaign operations share (TABLE.md, Kept safe): the example campaign their fields show, the game
field, the longest campaign file sent in one request, and a check's answer, each problem worded as who, which
field, then why (:mod:`.words`)."""

from __future__ import annotations

from py_rules.campaign import games
from py_rules.campaign.file import Checked
from py_rules.campaign.migrations import SCHEMA
from py_rules.campaign.words import problem_text, where_words
from py_rules.params import Param
from py_rules.trace import Result, Step

__all__ = ("EXAMPLE", "FILE_CHARS", "GAME", "answer", "worded")

FILE_CHARS = 4_500_000
"""A campaign file without its log, in one request: 500 characters with full sheets and their encounters."""

EXAMPLE = {
    "schema": SCHEMA,
    "id": "example",
    "name": "Example campaign",
    "game": "coc",
    "created": "2026-12-01T18:30:00.000Z",
    "updated": "2026-12-01T18:30:00.000Z",
    "revision": 0,
    "settings": {"combat_ties": "book"},
    "characters": [
        {
            "id": "pc-1",
            "kind": "pc",
            "sheet": {
                "schema": "coc.investigator/1",
                "name": "Harvey Walters",
                "characteristics": {
                    "STR": 50,
                    "CON": 60,
                    "SIZ": 65,
                    "DEX": 55,
                    "APP": 50,
                    "INT": 80,
                    "POW": 60,
                    "EDU": 85,
                },
                "luck": 50,
            },
        }
    ],
    "log": [],
    "encounters": [],
}
"""A small valid campaign (the form pre-fills it)."""


def worded(problems: list[dict], where) -> list[Step]:
    """Each problem gets its ``text`` (who, the field, why) and becomes a step in those words."""
    for each in problems:
        each["text"] = problem_text(where(each.get("path") or ""), each["message"])
    return [Step(each["text"]) for each in problems]


def answer(kind: str, checked: Checked, label: str = "", record=None) -> Result:
    """A check's answer: a headline (valid, brought up to date, or how many problems), each problem a step in words,
    and the check's details."""
    count = len(checked.problems)
    if kind == "from_legacy":
        headline = "The saved characters and house rules became a campaign" + (
            f"; {count} piece{'s' if count != 1 else ''} left out." if count else "."
        )
    elif checked.valid:
        headline = "The campaign file is valid" + (" (brought up to date)." if checked.migrated_from else ".")
    else:
        headline = f"The campaign file has {count} problem{'s' if count != 1 else ''}; nothing was changed."
    steps = worded(checked.problems, lambda path: where_words(record, path))
    return Result("campaign", kind, label=label, events=[headline], steps=steps, details=checked.to_dict())


GAME = Param(
    "game", "choice", "Game", "The game of the campaign and its characters.", default="coc", choices=games.GAMES
)
