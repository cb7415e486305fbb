"""Campaign operations for the JSON door (TABLE.md, Kept safe): check a campaign file before it is stored, bring the old
page's saved values into a first campaign, and check one character as the campaign would.

``campaign.check_file`` reads a whole file from its text (sent beside the request: a long log is tens of MB) and
checks it once, as ``campaign.validate`` would (a long file is read once); its answer leaves out the file's own log.
``campaign.validate`` and ``campaign.from_legacy`` answer in ``result.details``:
``{"valid", "problems": [{"path", "message", "text"}], "campaign", "migrated_from"}``; ``campaign.check_character``
answers ``{"valid", "problems", "character"}`` (paths inside the character, e.g. ``sheet.luck``), without
sending the whole campaign for one edited sheet. ``campaign.repair`` answers ``{"campaign", "dropped": [{"path",
"what", "why"}]}``: a stored campaign that fails the check, with only what fails it dropped (:mod:`.repair`).

A problem's ``path`` is for the page (where the field is); its ``text`` is what a user reads, who and which
field in the form's words, then why ("Character “Jack” — Strength: …", :mod:`.words`), and so are the steps.
"""

from __future__ import annotations

import gc

from py_rules import leftovers
from py_rules.campaign import games
from py_rules.campaign.file import Checked, character_entry, from_legacy, validate
from py_rules.campaign.migrations import SCHEMA, UNKNOWN_TIME
from py_rules.campaign.problems import LIMITS, timestamp_problem
from py_rules.campaign.repair import repair
from py_rules.campaign.words import character_where, problem_text, where_words
from py_rules.errors import RulesError
from py_rules.operations import FILE_DEADLINE_SECONDS, Operation, System
from py_rules.params import Param
from py_rules.trace import Result, Step

__all__ = ("SYSTEM", "OPERATIONS", "EXAMPLE")

SYSTEM = System("campaign", "Campaigns", "Game master", "TABLE.md, Kept safe")

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


def _worded(problems: list[dict], where) -> list[Step]:
    """Each problem gets its ``text`` (who, the field, why) and becomes a step in those words."""
    for each in problems:
        each["text"] = problem_text(where(each.get("path") or ""), each["message"])
    return [Step(each["text"]) for each in problems]


def _answer(kind: str, checked: Checked, label: str = "", record=None) -> Result:
    count = len(checked.problems)
    if kind == "from_legacy":
        headline = "The saved characters and house rules became a campaign" + (
            f"; {count} piece{'s' if count != 1 else ''} left out." if count else "."
        )
    elif checked.valid:
        headline = "The campaign file is valid" + (" (brought up to date)." if checked.migrated_from else ".")
    else:
        headline = f"The campaign file has {count} problem{'s' if count != 1 else ''}; nothing was changed."
    steps = _worded(checked.problems, lambda path: where_words(record, path))
    return Result("campaign", kind, label=label, events=[headline], steps=steps, details=checked.to_dict())


def _validate(*, campaign) -> Result:
    return _answer("validate", validate(campaign), record=campaign)


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
    result = _answer("check_file", checked, record=raw if isinstance(raw, dict) else None)
    details = result.details
    details["entries"] = len(raw["log"]) if isinstance(raw, dict) and isinstance(raw.get("log"), list) else 0
    details["log"] = "campaign"
    if checked.valid and checked.migrated_from is None:
        details["campaign"] = {**checked.campaign, "log": []}
        details["log"] = "file"
    leftovers.leave(raw, log_text, checked)  # millions of values: freed once the answer is sent
    return result


def _from_legacy(*, game, states, settings, id, name, now) -> Result:
    return _answer("from_legacy", from_legacy(game, states, settings, id=id, name=name, now=now))


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

GAME = Param(
    "game", "choice", "Game", "The game of the campaign and its characters.", default="coc", choices=games.GAMES
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


def _check_character(*, game, character) -> Result:
    problems: list[dict] = []
    checked = character_entry(character, game, problems)
    count = len(problems)
    plural = "s" if count != 1 else ""
    headline = "The character is valid." if checked else f"The character has {count} problem{plural}."
    return Result(
        "campaign",
        "check_character",
        events=[headline],
        steps=_worded(problems, lambda path: character_where(character, path)),
        details={"valid": checked is not None, "problems": problems, "character": checked},
    )


CHECK_CHARACTER = Operation(
    id="campaign.check_character",
    system="campaign",
    title="Check a character",
    summary="Checks one campaign character (id, player or not, sheet) by its game's own rules, as importing the "
    "campaign would; a valid one comes back in canonical form.",
    covers=(),
    params=(
        GAME,
        Param(
            "character",
            "json",
            "Character",
            "The character: id, kind (pc or npc) and sheet.",
            example=EXAMPLE["characters"][0],
        ),
    ),
    run=_check_character,
    source="TABLE.md, Screens: Sheet, editing validates in place",
    rolls=False,
)


def _now(value: str) -> str:
    """The time of a repair (the page's clock: the engine reads none); empty: unknown, as for the old page's values."""
    if not value.strip():
        return UNKNOWN_TIME
    wrong = timestamp_problem(value)
    if wrong:
        raise RulesError(
            "bad_time", f"The time of the repair must be a date and time such as 2026-12-01T20:15:03Z ({wrong})", "now"
        )
    return value


def _repair(*, campaign, now) -> Result:
    fixed = repair(campaign, _now(now))
    dropped = fixed["dropped"]
    count = len(dropped)
    headline = (
        "The campaign was already valid; nothing was dropped."
        if not count
        else f"The campaign was repaired: {count} piece{'s' if count != 1 else ''} dropped or replaced."
    )
    return Result(
        "campaign",
        "repair",
        label=fixed["campaign"]["name"],
        events=[headline],
        steps=[Step(f"{d['what']}: {d['why']}") for d in dropped],
        details=fixed,
    )


REPAIR = Operation(
    id="campaign.repair",
    system="campaign",
    title="Repair a campaign",
    summary="Mends a stored campaign that no longer passes the check: keeps everything that passes it and drops "
    "only what does not (a character, an encounter or a house rule with a problem); a bad name, time or revision "
    "gets a safe value. Lists what was dropped and why. A campaign whose game or id is not usable cannot be "
    "repaired.",
    covers=(),
    params=(
        Param(
            "campaign",
            "json",
            "Campaign",
            "The stored campaign (its log may be left out: an empty list).",
            example=EXAMPLE,
            max_length=FILE_CHARS,
            max_depth=LIMITS["depth"] + 1,
            as_written=True,
            mends_text=True,
        ),
        Param(
            "now",
            "text",
            "Time",
            "When it is repaired, as a date and time (2026-12-01T20:15:03Z): a bad "
            "creation or change time becomes this; empty: unknown.",
            default="",
            max_length=40,
        ),
    ),
    run=_repair,
    deadline_seconds=FILE_DEADLINE_SECONDS,
    source="TABLE.md, Kept safe",
    rolls=False,
)

OPERATIONS = (VALIDATE, CHECK_FILE, FROM_LEGACY, CHECK_CHARACTER, REPAIR)


# The Cast's templates (TABLE.md, Running the game: Weapons, armour and a cast)
from py_rules.campaign import templates as _templates  # noqa: E402


def _templates_op(*, game, count, taken) -> Result:
    found = _templates.templates(game)
    taken = [name for name in taken if isinstance(name, str)] if isinstance(taken, list) else []
    names = {t["key"]: _templates.numbered(t["name"], count, taken) for t in found}
    return Result(
        "campaign",
        "templates",
        events=[f"{len(found)} ready-made NPCs for {games.game_name(game)}."],
        steps=[Step(f"{t['name']}: {t['summary']}", "TABLE.md, a cast of NPCs") for t in found],
        details={"templates": found, "names": names},
    )


TEMPLATES = Operation(
    id="campaign.templates",
    system="campaign",
    title="Ready-made NPCs",
    summary="A few generic NPCs for the game (a thug, a police officer, a cultist …), each a full sheet to add to "
    "the cast, with numbered names for several at once (Cultist 1, Cultist 2, …).",
    covers=(),
    params=(
        GAME,
        Param(
            "count",
            "int",
            "How many",
            "How many of each to name (one keeps the plain name).",
            default=1,
            minimum=1,
            maximum=_templates.MAX_COPIES,
        ),
        Param(
            "taken",
            "json",
            "Names in use",
            "The names already in the campaign, skipped when numbering.",
            default=[],
            example=[],
        ),
    ),
    run=_templates_op,
    source="TABLE.md, Weapons, armour and a cast",
    rolls=False,
)

OPERATIONS = OPERATIONS + (TEMPLATES,)
