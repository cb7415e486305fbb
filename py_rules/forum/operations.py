"""Forum posts for the JSON door: ``forum.result`` writes one result (the roll drawer's) and ``forum.stretch`` a
stretch of the log (one entry, an encounter, a session), in one of the forum formats of the output pipeline's
registry (:mod:`py_rules.render.formats`: BBCode, Markdown, plain text). Both answer ``details = {"text",
"format"}`` (``forum.stretch`` also ``count``, the entries shown). The campaign's choices (its forum's format, an
undone entry left out or marked) are the page's to remember; these operations take them as arguments. A format that
cannot mark an undone entry (:attr:`~py_rules.render.formats.Format.strike`) leaves it out.

A post made during an encounter can end with whose post is next (the forum's Attack Order): given the encounter's
state, the post names the combatant whose turn it is, or the next one when the post is theirs. A player's roll can
end with its roll code, which the game master pastes into the app to accept the roll: one line of base64url parts
and dots, written by each format its own way (a code block, a code span, a last line)."""

from __future__ import annotations

import re
from dataclasses import replace

from py_rules.encounter.fields import ENCOUNTER as _ENCOUNTER
from py_rules.errors import RulesError
from py_rules.log.entry import read_problems
from py_rules.log.operations import EXAMPLE_ENTRY, MAX_ENTRIES, MAX_STRETCH_CHARS, MAX_STRETCH_DEPTH
from py_rules.operations import FILE_DEADLINE_SECONDS, Operation, System
from py_rules.params import Param
from py_rules.render.formats import format_of, forum_formats, writer
from py_rules.render.lines import DICE_SOURCES, UNDONE_CHOICES, result_block, stretch_blocks
from py_rules.render.rolls import next_to_post
from py_rules.render.user_text import ROLL_CODE
from py_rules.trace import Result

__all__ = ("SYSTEM", "OPERATIONS", "FORMATS")

SYSTEM = System("forum", "Forum posts", "GM", "TABLE.md, The forum's own format")
FORMATS = tuple(each.id for each in forum_formats())
"""The formats a post can be written in, the default first."""
MAX_RESULT_CHARS = 400_000
"""One answer of the engine (a sheet or two inside it)."""

_LABELS = [each.label for each in forum_formats()]
FORMAT = Param(
    "format",
    "choice",
    "Format",
    f"The forum's format: {', '.join(_LABELS[:-1])} or {_LABELS[-1]}.",
    default=FORMATS[0],
    choices=FORMATS,
)
QUOTE = Param("quote", "bool", "As a quote", "Put the whole post in a quote block.", default=False)
ENCOUNTER = replace(
    _ENCOUNTER,
    label="Encounter (whose post is next)",
    help="The encounter the post is made in: the post ends with whose post is next (the forum's Attack Order).",
    default=None,
    example=None,
)
MAX_CODE_CHARS = 4000
"""A roll code is one short line; a long one is a paste gone wrong."""
_CODE = re.compile(ROLL_CODE)


def _code(text: str) -> str:
    code = text.strip()
    if code and (len(code) > MAX_CODE_CHARS or not _CODE.fullmatch(code)):
        raise RulesError(
            "bad_input",
            "Roll code must be one line of letters, digits, '-', '_' and dots, as the app wrote it.",
            "code",
        )
    return code


def _object(value):
    if not isinstance(value, dict):
        raise RulesError("wrong_type", "The result must be the engine's answer (a JSON object).", "")
    return value


def _entries(value):
    """The log entries of a stretch, each with the parts a post keys on of the shape the log gives them
    (:func:`py_rules.log.entry.read_problems`); the first malformed one is refused naming its path (``0.id``)."""
    if not isinstance(value, list) or len(value) > MAX_ENTRIES:
        raise RulesError("wrong_type", f"Entries must be a list of at most {MAX_ENTRIES:,} log entries.", "")
    for index, entry in enumerate(value):
        problems = read_problems(entry, str(index))
        if problems:
            first = problems[0]
            raise RulesError("bad_entry", f"Entry {index + 1}: {first['message']}", first["path"])
    return value


def _next_up(blocks, encounter) -> None:
    """The last block names whose post is next, when the post is made in ``encounter``."""
    if blocks and encounter:
        blocks[-1].next_up = next_to_post(encounter, blocks[0].who)


def _result(*, result, format, dice_source, label, quote, code="", encounter=None) -> Result:
    block = result_block(result, dice_source, label)
    block.roll_token = _code(code)
    _next_up([block], encounter)
    text = writer(format).post([block], quote=quote)
    return Result(
        "forum",
        "result",
        label=block.title,
        events=[f"The result in {format_of(format).name}, for the forum."],
        details={"text": text, "format": format},
    )


def _stretch(*, entries, format, title, undone, quote, encounter=None) -> Result:
    blocks = stretch_blocks(entries, undone if format_of(format).strike else "leave_out")
    _next_up(blocks, encounter)
    text = writer(format).post(blocks, title, quote)
    count = len(blocks)
    return Result(
        "forum",
        "stretch",
        label=title,
        events=[f"{count} entr{'ies' if count != 1 else 'y'} in {format_of(format).name}, for the forum."],
        details={"text": text, "format": format, "count": count},
    )


RESULT = Operation(
    id="forum.result",
    system="forum",
    title="A result for the forum",
    summary="One result as a forum post: who, what, the outcome, the dice as a person reads them, the modifiers "
    "with their labels, whether the dice were physical or digital, what changed.",
    covers=(),
    rolls=False,
    run=_result,
    source="TABLE.md, The forum's own format",
    params=(
        Param(
            "result",
            "json",
            "Result",
            "The result as the engine answered it.",
            parse=_object,
            example=EXAMPLE_ENTRY["result"],
            max_length=MAX_RESULT_CHARS,
            max_depth=MAX_STRETCH_DEPTH,
            as_written=True,
        ),
        FORMAT,
        Param(
            "dice_source",
            "choice",
            "Dice",
            "Whether the dice were physical (typed in) or digital.",
            default="unknown",
            choices=DICE_SOURCES,
        ),
        Param(
            "label",
            "text",
            "Who and what",
            "Who rolled what (e.g. Harvey Walters: Spot Hidden), when the result does not say.",
            default="",
        ),
        QUOTE,
        Param(
            "code",
            "text",
            "Roll code",
            "The roll's code, which the game master pastes into the app to accept the roll (optional).",
            default="",
            max_length=MAX_CODE_CHARS,
        ),
        ENCOUNTER,
    ),
)

STRETCH = Operation(
    id="forum.stretch",
    system="forum",
    title="A stretch of the log for the forum",
    summary="Entries of the log (one, an encounter, a session) as one forum post, oldest first: each a line with "
    "its dice and modifiers; turn bookkeeping and undo entries left out, an undone entry left out or struck through.",
    covers=(),
    rolls=False,
    run=_stretch,
    deadline_seconds=FILE_DEADLINE_SECONDS,
    source="TABLE.md, Log",
    params=(
        Param(
            "entries",
            "json",
            "Entries",
            "The log entries, oldest first.",
            parse=_entries,
            example=[EXAMPLE_ENTRY],
            max_length=MAX_STRETCH_CHARS,
            max_depth=MAX_STRETCH_DEPTH,
            as_written=True,
        ),
        FORMAT,
        Param("title", "text", "Title", "A heading for the post (optional).", default=""),
        Param(
            "undone",
            "choice",
            "Undone entries",
            "Leave an undone entry out, or show it struck through.",
            default=UNDONE_CHOICES[0],
            choices=UNDONE_CHOICES,
        ),
        QUOTE,
        ENCOUNTER,
    ),
)

OPERATIONS = (RESULT, STRETCH)
