"""The campaign file, schema ``rules-companion.campaign/2`` (TABLE.md, Kept safe).

One JSON object per campaign::

    {"schema": "rules-companion.campaign/2", "id": str, "name": str (1–80 characters),
     "game": "armageddon" | "semiautomagic" | "coc", "created": ISO-8601, "updated": ISO-8601,
     "revision": int >= 0, "settings": {setting name: value},
     optional "forum": {"format": a forum format's id (py_rules.render.formats), "undone": "leave_out" | "strike"},
     optional "dice": "digital" | "physical" (py_rules.campaign.dice_mode),
     "characters": [{"id": str, "kind": "pc" | "npc", "sheet": <that game's character JSON>}],
     "log": [JSON objects], "encounters": [JSON objects],
     optional "joined": a player's record of a game held elsewhere (py_rules.campaign.joined),
     optional "table": the players' seats, roll requests and decisions (py_rules.campaign.table_field)}

:func:`validate` checks a whole file before anything is written: every character through its game's own
validation, every setting against the game's declared setting parameters, every sheet a log entry keeps (its
``before`` and its ``after``, rebuilt from what changed) through the same validation, sizes bounded. It lists every
problem with its path (``characters.1.sheet.attributes.Strength``), not only the first, and returns the
canonical campaign (keys in the order above, sheets and settings normalized by their game, older schemas
migrated, an older log entry's ``after`` turned into what changed) only when there is none.
``validate(validate(x).campaign)`` gives the same campaign again.

Validating is migrating, then checking: an older file goes through :func:`py_rules.campaign.migrations.migrate`
first, and what comes out is checked here like any current file. The checks of a part that the repair and the
migrations share are :mod:`py_rules.campaign.problems`; the log and the encounters are checked by
:mod:`py_rules.campaign.entries`.

``forum`` is the campaign's forum choices (the campaign remembers its forum's format): the format its posts are
written in and whether an undone log entry is left out of a stretch or struck through. A file without it (every
file from before forum posts) reads as it did and keeps no such field; a part left out takes its default (BBCode,
left out).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from py_rules.campaign import games
from py_rules.campaign.dice_mode import dice_mode
from py_rules.campaign.entries import check_entries
from py_rules.campaign.games import setting_value
from py_rules.campaign.joined import joined_field
from py_rules.campaign.migrations import LEGACY_SCHEMA, MIGRATIONS, SCHEMA, SCHEMA_PREFIX, VERSION, compact_log, migrate
from py_rules.campaign.problems import (
    LIMITS,
    check_json,
    identifier_field,
    join_path,
    problem,
    revision_field,
    text_field,
    timestamp_field,
)
from py_rules.campaign.table_field import table_field
from py_rules.errors import RulesError
from py_rules.words import is_whole_number

__all__ = (
    "KINDS",
    "Checked",
    "validate",
    "from_legacy",
    "character_entry",
    "character_sheet",
    "FORUM_DEFAULTS",
    "forum_choices",
)

KINDS = ("pc", "npc")
"""A player character or a character the game master plays."""

KEYS = (
    "schema",
    "id",
    "name",
    "game",
    "created",
    "updated",
    "revision",
    "settings",
    "forum",
    "dice",
    "characters",
    "log",
    "encounters",
    "joined",
    "table",
)
"""Every field of a campaign, in canonical order."""
CHARACTER_KEYS = ("id", "kind", "sheet")
FORUM_DEFAULTS = {"format": "bbcode", "undone": "leave_out"}
"""The forum choices of a campaign that has not made any (BBCode, for phpBB; an undone entry left out)."""
_FORUM_WHAT = {"format": "The forum's format", "undone": "What an undone entry becomes in a post"}


@dataclass
class Checked:
    """What :func:`validate` found: the canonical campaign (None when there is any problem), every problem, and
    the older schema the file was migrated from (None when it was current)."""

    campaign: dict | None
    problems: list[dict] = field(default_factory=list)
    migrated_from: str | None = None

    @property
    def valid(self) -> bool:
        """A campaign came out (for an import: the file had no problem at all)."""
        return self.campaign is not None

    def to_dict(self) -> dict:
        return {
            "valid": self.valid,
            "problems": list(self.problems),
            "campaign": self.campaign,
            "migrated_from": self.migrated_from,
        }


def _game(raw: dict, problems: list) -> str | None:
    value = raw.get("game")
    if value in games.GAMES:
        return value
    known = ", ".join(f"{games.game_name(g)} ({g})" for g in games.GAMES)
    if value is None:
        problems.append(problem("game", f"The game is missing; it must be one of: {known}."))
    else:
        problems.append(
            problem("game", f"{str(value)[:40]!r} is not a game this app knows; it must be one of: {known}.")
        )
    return None


def _settings(raw: dict, game: str | None, problems: list) -> dict | None:
    values = raw.get("settings", {})
    if not isinstance(values, dict):
        problems.append(problem("settings", "The house rules must be a JSON object of setting → value."))
        return None
    if game is None:
        return None
    checked = {}
    for name, value in values.items():
        try:
            checked[name] = setting_value(game, name, value)
        except RulesError as error:
            problems.append(problem(join_path("settings", name), error.message))
    order = list(games.setting_params(game))
    return {name: checked[name] for name in sorted(checked, key=order.index)}


def forum_choices(value: Any, problems: list) -> dict | None:
    """The campaign's forum choices checked, each part left out taking its default; None with the problems listed.

    >>> forum_choices({"format": "markdown"}, [])
    {'format': 'markdown', 'undone': 'leave_out'}
    >>> wrong = []; forum_choices({"format": "html"}, wrong); wrong[0]["path"]
    'forum.format'
    """
    from py_rules.forum.words import CHOICES

    before = len(problems)
    if not isinstance(value, dict):
        problems.append(
            problem(
                "forum", "The forum choices must be a JSON object with the format and what an undone entry becomes."
            )
        )
        return None
    for key in value:
        if key not in FORUM_DEFAULTS:
            problems.append(
                problem(
                    join_path("forum", str(key)[:40]),
                    f"The forum choices have no field {str(key)[:40]!r} (they have format and undone).",
                )
            )
    out = {}
    for key, default in FORUM_DEFAULTS.items():
        chosen = value.get(key, default)
        words = CHOICES[key]
        if not isinstance(chosen, str) or chosen not in words:
            said = ", ".join(list(words.values())[:-1]) + f" or {list(words.values())[-1]}"
            problems.append(
                problem(
                    join_path("forum", key), f"{_FORUM_WHAT[key]} must be one of: {said} (got {str(chosen)[:40]!r})."
                )
            )
        else:
            out[key] = chosen
    return None if len(problems) > before else out


def _characters(raw: dict, game: str | None, problems: list) -> list | None:
    entries = raw.get("characters", [])
    if not isinstance(entries, list):
        problems.append(problem("characters", "The characters must be a list."))
        return None
    if len(entries) > LIMITS["characters"]:
        problems.append(
            problem(
                "characters",
                f"A campaign holds at most {LIMITS['characters']} characters (this file has {len(entries)}).",
            )
        )
        return None
    out, seen = [], {}
    for index, entry in enumerate(entries):
        path = join_path("characters", index)
        character = character_entry(entry, game, problems, path)
        ident = entry.get("id") if isinstance(entry, dict) else None
        if isinstance(ident, str):
            if ident in seen:
                problems.append(
                    problem(
                        join_path(path, "id"),
                        f"Two characters have the id {ident!r} (characters {seen[ident]} and {index}).",
                    )
                )
            seen.setdefault(ident, index)
        if character is not None:
            out.append(character)
    return out


def character_entry(entry: Any, game: str | None, problems: list, path: str = "") -> dict | None:
    """One campaign character ``{"id", "kind", "sheet"}`` checked (the sheet by ``game``'s own validation) and
    normalized, or None with its problems listed under ``path``; with no game only its shape is checked."""
    if not isinstance(entry, dict):
        problems.append(problem(path, "A character must be a JSON object with id, kind and sheet."))
        return None
    before = len(problems)
    for key in entry:
        if key not in CHARACTER_KEYS:
            problems.append(
                problem(
                    join_path(path, key), f"A character has no field {str(key)[:40]!r} (it has id, kind and sheet)."
                )
            )
    ident = identifier_field(entry, "id", problems, "The character's id", path)
    kind = entry.get("kind")
    if kind not in KINDS:
        problems.append(
            problem(
                join_path(path, "kind"),
                f"A character is a player character ('pc') or an NPC ('npc') (got {str(kind)[:20]!r}).",
            )
        )
    sheet_path = join_path(path, "sheet")
    if "sheet" not in entry:
        problems.append(problem(sheet_path, "The character sheet is missing."))
        return None
    sheet = character_sheet(entry["sheet"], game, problems, sheet_path)
    return None if sheet is None or len(problems) > before else {"id": ident, "kind": kind, "sheet": sheet}


def character_sheet(sheet: Any, game: str | None, problems: list, path: str = "") -> dict | None:
    """A campaign character's sheet checked as a campaign file checks it (bounded JSON, then ``game``'s own
    validation, which holds its texts to :mod:`py_rules.text`'s rule) and normalized, or None with its problems
    listed under ``path``; with no game only its shape is checked. A character import runs this very check, so a
    sheet it lets in is never refused by the campaign later."""
    shape = len(problems)
    check_json(sheet, path, problems)
    if game is None or len(problems) > shape:
        return None
    try:
        return games.validate_sheet(game, sheet)
    except RulesError as error:
        problems.append(problem(join_path(path, error.field), error.message))
        return None


def _entries(
    raw: dict, key: str, problems: list, what: str, game: str | None = None, shallow: bool = False, log_text=None
) -> list | None:
    entries = raw.get(key, [])
    if not isinstance(entries, list):
        problems.append(problem(key, f"The {what} must be a list."))
        return None
    if len(entries) > LIMITS[key]:
        problems.append(problem(key, f"At most {LIMITS[key]} {what} entries are kept (this file has {len(entries)})."))
        return None
    problems.extend(
        check_entries(
            entries, key, what, game=game, shallow=shallow and key == "log", log_text=log_text if key == "log" else None
        )
    )
    kept = [dict(entry) for entry in entries if isinstance(entry, dict)]
    if key == "log" and not problems:
        kept = compact_log(kept)
    return kept


def _schema(raw: dict, problems: list) -> bool:
    """Whether ``raw`` claims the current schema; otherwise the problem is listed."""
    schema = raw.get("schema")
    if schema == SCHEMA:
        return True
    if isinstance(schema, str) and schema.startswith(SCHEMA_PREFIX):
        version = schema[len(SCHEMA_PREFIX) :]
        if is_whole_number(version) and int(version) > VERSION:
            problems.append(
                problem(
                    "schema",
                    f"This campaign was saved by a newer version of the app (campaign "
                    f"format {version}; this one reads format {VERSION}). Update the app, "
                    "then import it again.",
                )
            )
            return False
    if isinstance(schema, str) and any(schema.startswith(prefix) for prefix in _SHEET_PREFIXES):
        problems.append(
            problem("schema", "This file is one character, not a campaign: add it to a campaign's party instead.")
        )
    elif schema is None:
        problems.append(
            problem("schema", "This is not a campaign file: it does not say it is one of this app's campaigns.")
        )
    else:
        problems.append(problem("schema", "This is not a campaign file this app reads: it says it is something else."))
    return False


_SHEET_PREFIXES = ("armageddon.character/", "semiautomagic.creature/", "coc.investigator/")


def _canonical(raw: dict, problems: list, shallow: bool = False, log_text=None) -> dict:
    for key in raw:
        if key not in KEYS:
            problems.append(problem(str(key)[:80], f"A campaign has no field {str(key)[:40]!r}."))
    game = _game(raw, problems)
    return {
        "schema": SCHEMA,
        "id": identifier_field(raw, "id", problems, "The campaign's id"),
        "name": text_field(raw, "name", problems, 1, LIMITS["name"], "The campaign's name"),
        "game": game,
        "created": timestamp_field(raw, "created", problems, "The creation time"),
        "updated": timestamp_field(raw, "updated", problems, "The time of the last change"),
        "revision": revision_field(raw, problems),
        "settings": _settings(raw, game, problems),
        **({"forum": forum_choices(raw["forum"], problems)} if "forum" in raw else {}),
        **({"dice": dice_mode(raw["dice"], problems)} if "dice" in raw else {}),
        "characters": _characters(raw, game, problems),
        "log": _entries(raw, "log", problems, "log", game, shallow, log_text),
        "encounters": _entries(raw, "encounters", problems, "encounter", game),
        **({"joined": joined_field(raw["joined"], problems)} if "joined" in raw else {}),
        **({"table": table_field(raw["table"], problems)} if "table" in raw else {}),
    }


def _capped(problems: list) -> list:
    cap = LIMITS["problems"]
    if len(problems) <= cap:
        return problems
    return problems[:cap] + [problem("", f"… and {len(problems) - cap} more problems.")]


def validate(raw: Any, *, shallow: bool = False, log_text=None) -> Checked:
    """Check a whole campaign file; see the module docstring. ``shallow``: ``raw`` was just read from JSON text
    nested at most ``LIMITS["depth"] + 2`` deep, so each log entry at most ``LIMITS["depth"]`` (its check reads
    each entry's size from its text: :func:`check_entries`); ``log_text``: that text and where each of its log
    entries lies in it (:mod:`py_rules.campaign.file_text`).

    >>> from py_rules.campaign.file import validate
    >>> checked = validate({"schema": SCHEMA, "id": "c1", "name": " Masks ", "game": "coc",
    ...     "created": "2026-12-01T18:30:00Z", "updated": "2026-12-01T18:30:00Z", "revision": 0,
    ...     "settings": {"combat_ties": "book", "push_after_fumble": "false"}, "characters": []})
    >>> checked.valid, checked.campaign["name"], checked.campaign["settings"]
    (True, 'Masks', {'push_after_fumble': False, 'combat_ties': 'book'})
    >>> [p["path"] for p in validate({"schema": SCHEMA, "game": "chess"}).problems]
    ['game', 'id', 'name', 'created', 'updated']
    """
    if not isinstance(raw, dict):
        return Checked(None, [problem("", "A campaign file must be a JSON object (it starts with '{').")])
    problems: list[dict] = []
    migrated_from = None
    if isinstance(raw.get("schema"), str) and raw["schema"] in MIGRATIONS:
        migrated_from = raw["schema"]
        raw, problems = migrate(raw)
    if not _schema(raw, problems):
        return Checked(None, _capped(problems), migrated_from)
    plain = shallow and migrated_from is None
    campaign = _canonical(raw, problems, plain, log_text if plain else None)
    return Checked(None if problems else campaign, _capped(problems), migrated_from)


def from_legacy(game: Any, states: Any, settings: Any, **names: Any):
    """The old page's values of ``game`` as a checked campaign: :class:`Checked` with the
    campaign (valid: every invalid piece left out) and, as problems, what was left out and why."""
    raw = {"schema": LEGACY_SCHEMA, "game": game, "states": states, "settings": settings, **names}
    upgraded, left_out = migrate(raw)
    checked = validate(upgraded)
    return Checked(checked.campaign, left_out + checked.problems, LEGACY_SCHEMA)
