"""Older campaign schemas and how each becomes the current one (:data:`SCHEMA`).

:data:`MIGRATIONS` maps an old schema string to a function ``old dict -> (newer dict, problems)``; :func:`migrate`
applies them until the schema is no longer in the table. Validating a file is migrating it, then checking it:
:func:`py_rules.campaign.file.validate` calls :func:`migrate` and checks the result like any other file, and
:func:`py_rules.campaign.file.from_legacy` does the same for the old page's values.

Version 1 (``rules-companion.campaign/1``) has the shape of the current one; it was saved before Armageddon took a
skill's speciality only on a family, and :func:`from_v1` reads each sheet as its game reads such an older sheet.

The oldest shape is what the page kept before campaigns existed (``web/state_store.mjs``): in localStorage,
one value per shared state (``"rules-companion:<state_key>"``, e.g. ``coc.investigator``) and one per house-rule
setting (``"rules-companion:<game>.setting.<name>"``, kept as the form's text, e.g. ``"9"``). Gathered per game it
is ``rules-companion.campaign/0``::

    {"schema": "rules-companion.campaign/0", "game": "coc", "states": {state_key: value},
     "settings": {name: value}, optional "id", "name", "now"}

The engine reads no clock (the same request always gets the same answer): ``now`` is the page's time; without
it the campaign's times are :data:`UNKNOWN_TIME`.

Its sheets become the campaign's characters (the current character a player character, the opponent or attacker
a non-player character); a piece that is not valid, or not part of a campaign, is left out and listed.

Within the current schema, a log entry of an older file keeps each sheet whole as it became (``after``); a
current entry keeps only what changed (``changes``, :mod:`py_rules.log.changes`).
:func:`compact_log` turns a valid log's older entries into the current shape, exactly (each ``after`` is rebuilt
as it was); :func:`py_rules.campaign.file.validate` gives its campaign with the log so turned.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from py_rules.campaign import games
from py_rules.campaign.problems import check_json, problem, timestamp_problem
from py_rules.errors import RulesError

__all__ = (
    "SCHEMA",
    "SCHEMA_PREFIX",
    "VERSION",
    "LEGACY_SCHEMA",
    "V1_SCHEMA",
    "LEGACY_CHARACTERS",
    "MIGRATIONS",
    "UNKNOWN_TIME",
    "migrate",
    "compact_log",
)

SCHEMA = "rules-companion.campaign/2"
"""The current schema: every migration ends here, and :func:`py_rules.campaign.file.validate` checks it."""
SCHEMA_PREFIX = "rules-companion.campaign/"
VERSION = 2
LEGACY_SCHEMA = "rules-companion.campaign/0"
V1_SCHEMA = "rules-companion.campaign/1"
"""The shape of :data:`SCHEMA`, saved before Armageddon's skills took a speciality only on a family (:func:`from_v1`)."""
UNKNOWN_TIME = "1970-01-01T00:00:00.000Z"
"""The time a campaign gets when nobody said when it was made (the old page kept no times)."""
_STORAGE_PREFIX = "rules-companion:"

LEGACY_CHARACTERS = {
    "armageddon.character": ("armageddon", "character", "pc"),
    "semiautomagic.creature": ("semiautomagic", "creature", "pc"),
    "semiautomagic.attacker": ("semiautomagic", "attacker", "npc"),
    "coc.investigator": ("coc", "investigator", "pc"),
    "coc.opponent": ("coc", "opponent", "npc"),
}
"""The old page's shared sheets: state_key → (game, character id, kind)."""

LEGACY_LEFT_OUT = {
    "coc.combat": "The combat round tracker of the old page is not kept; start an encounter instead.",
}
"""Old shared values that are not part of a campaign, with what the table is told."""


def _stripped(key: str, game: str) -> str:
    key = key[len(_STORAGE_PREFIX) :] if key.startswith(_STORAGE_PREFIX) else key
    setting_prefix = f"{game}.setting."
    return key[len(setting_prefix) :] if key.startswith(setting_prefix) else key


def _legacy_characters(game: str, states: Any, problems: list) -> list:
    if not isinstance(states, dict):
        problems.append(problem("states", "The saved values must be a JSON object of name → value."))
        return []
    characters = []
    for raw_key, value in states.items():
        key = _stripped(str(raw_key), game)
        path = f"states.{key}"
        if key in LEGACY_LEFT_OUT:
            problems.append(problem(path, LEGACY_LEFT_OUT[key]))
            continue
        if key not in LEGACY_CHARACTERS:
            problems.append(problem(path, "This saved value is not a character of this app; it was left out."))
            continue
        owner, ident, kind = LEGACY_CHARACTERS[key]
        if owner != game:
            problems.append(
                problem(
                    path,
                    f"This is a {games.game_name(owner)} character, not one of "
                    f"{games.game_name(game)}; it was left out.",
                )
            )
            continue
        if value is None:
            continue
        too_big: list[dict] = []
        check_json(value, path, too_big)
        if too_big:
            problems.extend(problem(p["path"], p["message"] + " This character was left out.") for p in too_big)
            continue
        try:
            sheet = games.validate_sheet(game, games.upgrade_sheet(game, value))
        except RulesError as error:
            where = f"{path}.{error.field}" if error.field else path
            problems.append(problem(where, f"{error.message} This character was left out."))
            continue
        characters.append({"id": ident, "kind": kind, "sheet": sheet})
    return characters


def _legacy_settings(game: str, values: Any, problems: list) -> dict:
    if not isinstance(values, dict):
        problems.append(problem("settings", "The saved house rules must be a JSON object of name → value."))
        return {}
    settings = {}
    for raw_key, value in values.items():
        name = _stripped(str(raw_key), game)
        try:
            settings[name] = games.setting_value(game, name, value)
        except RulesError as error:
            problems.append(problem(f"settings.{name}", f"{error.message} This house rule was left out."))
    return settings


def _text_arg(raw: dict, key: str, default: str, problems: list, limit: int) -> str:
    value = raw.get(key)
    if value in (None, ""):
        return default
    if not isinstance(value, str) or not value.strip() or len(value) > limit:
        problems.append(problem(key, f"{key} must be text of 1–{limit} characters; {default!r} is used instead."))
        return default
    return value.strip()


def from_v0(raw: dict) -> tuple[dict, list]:
    """The legacy shape (see the module docstring) → a ``rules-companion.campaign/1`` dict and the problems of
    every piece left out. An unknown game is kept as is (with nothing else), for :func:`file.validate` to name.
    Each sheet is read as :func:`from_v1` reads a version 1 sheet, so an old skill name is kept the same way."""
    problems: list[dict] = []
    game = raw.get("game")
    known = game in games.GAMES
    now = _text_arg(raw, "now", "", problems, 40)
    if now and timestamp_problem(now):
        problems.append(problem("now", f"{timestamp_problem(now)} {UNKNOWN_TIME} is used instead."))
        now = ""
    now = now or UNKNOWN_TIME
    campaign = {
        "schema": V1_SCHEMA,
        "id": _text_arg(raw, "id", f"legacy-{game if known else 'game'}", problems, 64),
        "name": _text_arg(raw, "name", games.game_name(game) if known else "Campaign", problems, 80),
        "game": game,
        "created": now,
        "updated": now,
        "revision": 0,
        "settings": _legacy_settings(game, raw.get("settings", {}), problems) if known else {},
        "characters": _legacy_characters(game, raw.get("states", {}), problems) if known else [],
        "log": [],
        "encounters": [],
    }
    return campaign, problems


def from_v1(raw: dict) -> tuple[dict, list]:
    """Version 1 → version 2: the same shape, each character's sheet read by its game's upgrade
    (:func:`py_rules.campaign.games.upgrade_sheet`: an Armageddon skill written with a speciality on a skill that takes
    none, "Handguns (Glock)", becomes the plain skill at its level with the speciality kept in the sheet's notes,
    :mod:`py_rules.armageddon.skill_upgrade`). What the upgrade does not read is left for the file's check to name;
    nothing is reported as a problem (nothing is lost: the notes say what changed)."""
    game = raw.get("game")
    out = {**raw, "schema": SCHEMA}
    characters = raw.get("characters")
    if isinstance(characters, list):
        out["characters"] = [
            {**entry, "sheet": games.upgrade_sheet(game, entry["sheet"])}
            if isinstance(entry, dict) and isinstance(entry.get("sheet"), dict)
            else entry
            for entry in characters
        ]
    log = raw.get("log")
    if isinstance(log, list):  # the whole sheets a log entry keeps (before, and an older entry's after) read the same
        out["log"] = [_upgraded_entry(game, entry) for entry in log]
    return out, []


def _upgraded_entry(game, entry):
    if not isinstance(entry, dict):
        return entry
    out = dict(entry)
    for key in ("before", "after"):
        sheets = entry.get(key)
        if isinstance(sheets, dict):
            out[key] = {
                who: games.upgrade_sheet(game, sheet) if isinstance(sheet, dict) else sheet
                for who, sheet in sheets.items()
            }
    return out


MIGRATIONS: dict[str, Callable[[dict], tuple[dict, list]]] = {
    LEGACY_SCHEMA: from_v0,
    V1_SCHEMA: from_v1,
}
"""Old schema → upgrade to the next; every entry ends at :data:`SCHEMA`."""


def migrate(raw: dict) -> tuple[dict, list]:
    """Apply :data:`MIGRATIONS` until the schema is current (or unknown); returns the dict and the problems."""
    problems: list[dict] = []
    seen = set()
    while isinstance(raw, dict) and raw.get("schema") in MIGRATIONS and raw["schema"] not in seen:
        seen.add(raw["schema"])
        raw, found = MIGRATIONS[raw["schema"]](raw)
        problems.extend(found)
    return raw, problems


def compact_log(entries: list) -> list:
    """A valid log with every older entry (``after``: each sheet whole) in the current shape (``changes``: what
    changed in each), in order; entries already current are kept as they are.

    >>> compact_log([{"id": "e1", "before": {"c1": {"hp": 12}}, "after": {"c1": {"hp": 9}}}])
    [{'id': 'e1', 'before': {'c1': {'hp': 12}}, 'changes': {'c1': {'hp': [9]}}}]
    """
    from py_rules.log.entry import compact_entry

    return [compact_entry(entry) for entry in entries]
