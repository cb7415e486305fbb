"""Campaign operations on a whole file (TABLE.md, Kept safe: import validates the whole file; nothing typed is
lost): check a campaign, check a file's text with its log before anything is stored, and bring the old page's
saved characters and house rules into a first campaign."""

from __future__ import annotations

import gc

from py_rules import leftovers
from py_rules.campaign.file import Checked, from_legacy, validate
from py_rules.campaign.ops_common import EXAMPLE, FILE_CHARS, GAME, answer
from py_rules.campaign.problems import LIMITS
from py_rules.errors import RulesError
from py_rules.operations import FILE_DEADLINE_SECONDS, Operation
from py_rules.params import Param
from py_rules.trace import Result

__all__ = ("OPERATIONS", "FILE_TEXT_CHARS", "FILE_DEPTH")


def _validate(*, campaign) -> Result:
    return answer("validate", validate(campaign), record=campaign)


FILE_TEXT_CHARS = 150_000_000
"""A whole campaign file's text, its log included (10,000 entries are about 35 million characters)."""
FILE_DEPTH = 64
"""Nesting read at all from a file's text: a file deeper than the campaign's own limits is still read, so that its
check names the field that is too deep; only past this is the text refused whole."""


def _lone_surrogate(value) -> dict | None:
    """The problem of a text in ``value`` (read from JSON) holding half a character, which no answer can carry (as
    the door refuses one in a request), else None."""
    from py_rules import limits

    try:
        limits.check_tree(value, "", FILE_DEPTH + 1)
    except RulesError as error:
        return {"path": error.field or "", "message": "This text holds a character that is not valid Unicode text."}
    return None


def _check_file(*, text) -> Result:
    """See :func:`_checked_file`; Python's cycle collector rests meanwhile: a long file is millions of
    new values, and the collector would walk them again and again as they are made, while a file read from JSON
    holds no cycle (what it leaves is freed as usual). It wakes with what is there set aside (``gc.freeze``), so
    its first round does not walk them all once more while the page waits; :func:`py_rules.api.tidy` frees them,
    then gives the rest back to it."""
    collecting = gc.isenabled()
    gc.disable()
    try:
        return _checked_file(text)
    finally:
        if collecting:
            gc.freeze()
            gc.enable()


def _checked_file(text: str) -> Result:
    """A whole campaign file from its text, checked once (a long campaign's file is tens of MB): parsed once, then
    :func:`py_rules.campaign.file.validate` on all of it, its log included (every entry, every sheet, every change
    record), as ``campaign.validate`` checks a campaign. The answer leaves the log out when it is the file's own: the
    page has read the file, and keeps its log with each older entry in the current shape (store/changes.mjs
    compactEntry, the twin of :func:`py_rules.log.entry.compact_entry`): ``details.log`` is ``"file"``, else
    ``"campaign"`` (a migrated file: its log is the campaign's)."""
    from py_rules import limits
    from py_rules.campaign import file_text

    utf8 = limits.utf8(text)  # written once (or kept as sent), measured at C speed
    depth = limits.text_depth(text, utf8)
    shallow = depth <= LIMITS["depth"] + 2
    read = file_text.read(text, limits.decoder(text, utf8=utf8)) if shallow else None  # each entry's own text kept
    raw, log_text = (
        read if read else (limits.loads(text, FILE_DEPTH, "text", "The campaign file", measured=depth), None)
    )
    unreadable = _lone_surrogate(raw) if limits.ESCAPED_SURROGATE.search(text) else None
    checked = (
        Checked(None, [unreadable]) if unreadable else validate(raw, shallow=shallow, log_text=log_text)
    )  # the file, its log, then each entry
    result = answer("check_file", checked, record=raw if isinstance(raw, dict) else None)
    details = result.details
    details["entries"] = len(raw["log"]) if isinstance(raw, dict) and isinstance(raw.get("log"), list) else 0
    details["log"] = "campaign"
    if checked.valid and checked.migrated_from is None:
        details["campaign"] = {**checked.campaign, "log": []}
        details["log"] = "file"
    leftovers.leave(raw, log_text, checked)  # millions of values: freed once the answer is sent
    return result


def _from_legacy(*, game, states, settings, id, name, now) -> Result:
    return answer("from_legacy", from_legacy(game, states, settings, id=id, name=name, now=now))


CHECK_FILE = Operation(
    id="campaign.check_file",
    system="campaign",
    title="Check a campaign file's text",
    summary="Reads a whole campaign file as it was saved, its log included, and checks all of it once before "
    "anything is stored, as the campaign check does: every character, house rule and encounter, every log entry "
    "with its sheets and what changed in them. Lists each problem with where it is.",
    covers=(),
    params=(
        Param(
            "text",
            "text",
            "Campaign file",
            "The file's text (JSON), sent beside the request when it is long.",
            max_length=FILE_TEXT_CHARS,
            as_written=True,
        ),
    ),
    run=_check_file,
    deadline_seconds=FILE_DEADLINE_SECONDS,
    rolls=False,
    source="TABLE.md, Kept safe: import validates the whole file",
)


VALIDATE = Operation(
    id="campaign.validate",
    system="campaign",
    title="Check a campaign file",
    summary="Checks a whole campaign file before anything is stored: every character by its game's own rules, "
    "every house rule, the sizes. Lists each problem with where it is; a valid file comes back in canonical form.",
    covers=(),
    params=(
        Param(
            "campaign",
            "json",
            "Campaign file",
            "The whole campaign file, as exported (a long log is "
            "checked a stretch at a time with the log's own check).",
            example=EXAMPLE,
            max_length=FILE_CHARS,
            max_depth=LIMITS["depth"] + 1,
            as_written=True,
        ),
    ),
    run=_validate,
    deadline_seconds=FILE_DEADLINE_SECONDS,
    rolls=False,
    source="TABLE.md, Kept safe: import validates the whole file",
)

FROM_LEGACY = Operation(
    id="campaign.from_legacy",
    system="campaign",
    title="Bring over the old page's characters",
    summary="Makes a campaign of one game from what the page kept before campaigns existed: its characters and "
    "house rules. Anything that is not valid is left out and listed.",
    covers=(),
    params=(
        GAME,
        Param(
            "states",
            "json",
            "Saved characters",
            "The sheets the old page saved, each under the name it kept it by (the investigator, the opponent, …).",
            default={},
            example={},
            as_written=True,
        ),
        Param(
            "settings",
            "json",
            "Saved house rules",
            "The saved house rules by name.",
            default={},
            example={},
            as_written=True,
        ),
        Param(
            "id",
            "text",
            "Campaign id",
            "Empty: one fixed id per game, so bringing the values over twice gives the same campaign.",
            default="",
        ),
        Param("name", "text", "Campaign name", "Empty: the game's name.", default=""),
        Param(
            "now",
            "text",
            "Time",
            "When the campaign is made, as a date and time (2026-12-01T20:15:03Z); empty: unknown.",
            default="",
        ),
    ),
    run=_from_legacy,
    source="TABLE.md, Kept safe: nothing typed is lost",
    rolls=False,
)


OPERATIONS = (VALIDATE, CHECK_FILE, FROM_LEGACY)
