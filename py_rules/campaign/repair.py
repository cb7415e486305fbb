"""Repairing a stored campaign that no longer passes :func:`py_rules.campaign.file.validate` (TABLE.md, Kept safe:
nothing the table wrote is lost for one bad piece).

:func:`repair` keeps every piece that passes the campaign file's own checks and drops only what fails them: a
character with any problem, an encounter with any problem, a house rule with a bad value, a log entry with any
problem (an undo of a dropped entry then names no entry before it, so it goes too). Bad forum choices
are dropped (their defaults stand). A top-level field that is
missing or wrong gets a safe value instead (a name, the time of the repair, revision 0) and an unknown one is
dropped. Each is listed as ``{"path", "what", "why"}``: where it was, what it was in plain words (a character by
its sheet's name) and the first problem the check found. An encounter's combatant standing for a character that
was dropped leaves the encounter (or the encounter goes, if it is not valid without them).

Two things cannot be replaced: the game (every sheet is read by its rules) and the id (the page repairs the
record in place, under its id). Without them the repair is refused with a RulesError naming the field.
The result always passes :func:`validate`; a campaign that already does comes back as ``validate`` gives it,
with nothing dropped.

A campaign kept before :mod:`py_rules.text`'s rule came in may hold a name with a control character, a character
that turns the text around or half a character: such a text in its name, its characters' sheets, its encounters'
names and its log's sheets is mended instead (each refused character becomes U+FFFD, a visible mark; each listed),
so the characters and their history stay. Nothing else is ever mended: a text coming in is refused.
"""

from __future__ import annotations

from typing import Any

from py_rules import text
from py_rules.campaign import games
from py_rules.campaign.file import character_entry, forum_choices, validate
from py_rules.campaign.games import setting_value
from py_rules.campaign.migrations import MIGRATIONS, SCHEMA, SCHEMA_PREFIX, VERSION, migrate
from py_rules.campaign.problems import LIMITS, check_json, identifier_field, revision_field, text_field, timestamp_field
from py_rules.errors import RulesError
from py_rules.words import is_whole_number

__all__ = ("REPAIRED_NAME", "repair")

REPAIRED_NAME = "Repaired campaign"
"""The name a campaign gets when its own is missing or not usable."""

_EXPORT = "export what is there"


def _dropped(path: str, what: str, why: str) -> dict:
    return {"path": path, "what": what, "why": why}


def _refuse(field: str, reason: str) -> RulesError:
    return RulesError("cannot_repair", f"This campaign's {reason}, so it cannot be repaired: {_EXPORT}.", field)


def _quoted(text: Any, limit: int = 60) -> str | None:
    if isinstance(text, str) and text.strip():
        text = text.strip()
        return f"“{text[:limit]}…”" if len(text) > limit else f"“{text}”"
    return None


def character_words(entry: Any, index: int) -> str:
    """A character in plain words: by its sheet's name when it has one.

    >>> character_words({"sheet": {"name": "Harvey Walters"}}, 2), character_words(None, 2)
    ('The character “Harvey Walters”', 'Character 3 (no name)')
    """
    sheet = entry.get("sheet") if isinstance(entry, dict) else None
    name = _quoted(sheet.get("name")) if isinstance(sheet, dict) else None
    return f"The character {name}" if name else f"Character {index + 1} (no name)"


def _encounter_words(enc: Any, index: int) -> str:
    name = _quoted(enc.get("name")) if isinstance(enc, dict) else None
    return f"The encounter {name}" if name else f"Encounter {index + 1} (no name)"


def _entry_words(entry: Any, index: int) -> str:
    result = entry.get("result") if isinstance(entry, dict) else None
    label = _quoted(result.get("label")) if isinstance(result, dict) else None
    return f"The log entry {label}" if label else f"Log entry {index + 1}"


def _first(problems: list) -> str:
    return problems[0]["message"]


def _schema(raw: dict, dropped: list) -> dict:
    """``raw`` in the current schema: an older one migrated (what it left out listed), a newer one refused."""
    schema = raw.get("schema")
    if isinstance(schema, str) and schema in MIGRATIONS:
        raw, left_out = migrate(raw)
        dropped += [_dropped(p["path"], "A saved value", p["message"]) for p in left_out]
        schema = raw.get("schema")
    if isinstance(schema, str) and schema.startswith(SCHEMA_PREFIX):
        version = schema[len(SCHEMA_PREFIX) :]
        if is_whole_number(version) and int(version) > VERSION:
            raise RulesError(
                "cannot_repair",
                "This campaign was saved by a newer version of the app, so this one cannot repair it: update the app.",
                "schema",
            )
    if schema != SCHEMA:
        dropped.append(
            _dropped(
                "schema",
                "The kind of file",
                f"It did not say it is a campaign of this app (it said {str(schema)[:40]!r}).",
            )
        )
    return raw


def _replaced(raw: dict, key: str, read, safe, what: str, dropped: list):
    """``raw[key]`` read by the file's own check, or ``safe`` (listed with why)."""
    problems: list[dict] = []
    value = read(raw, problems)
    if problems or value is None:
        dropped.append(_dropped(key, what, _first(problems) if problems else f"{what} is missing."))
        return safe
    return value


def _settings(raw: dict, game: str, dropped: list) -> dict:
    values = raw.get("settings", {})
    if not isinstance(values, dict):
        dropped.append(
            _dropped("settings", "The house rules", "The house rules must be a JSON object of setting → value.")
        )
        return {}
    kept, declared = {}, games.setting_params(game)
    for name, value in values.items():
        try:
            setting_value(game, name, value)
            kept[name] = value
        except RulesError as error:
            label = declared[name].label if name in declared else name
            dropped.append(
                _dropped(f"settings.{name}", f"The house rule {_quoted(label, 40) or '(no name)'}", error.message)
            )
    return kept


def _forum(raw: dict, dropped: list) -> dict:
    """The forum choices that pass their check; a bad one is dropped (its default stands)."""
    if "forum" not in raw:
        return {}
    problems: list[dict] = []
    kept = forum_choices(raw["forum"], problems)
    if kept is None:
        dropped.append(_dropped("forum", "The forum choices", _first(problems)))
        return {}
    return {"forum": kept}


def _listed(raw: dict, key: str, what: str, dropped: list) -> list:
    entries = raw.get(key, [])
    if not isinstance(entries, list):
        dropped.append(_dropped(key, what, f"{what} must be a list."))
        return []
    return entries


def _characters(raw: dict, game: str, dropped: list) -> tuple[list, set]:
    """The characters that pass their checks, and the ids of those dropped (no kept character has them)."""
    kept, ids, lost = [], set(), set()
    for index, entry in enumerate(_listed(raw, "characters", "The characters", dropped)):
        path = f"characters.{index}"
        problems: list[dict] = []
        character = character_entry(entry, game, problems, path)
        if character is not None and character["id"] in ids:
            problems.append({"path": f"{path}.id", "message": f"Another character has the id {character['id']!r}."})
        if character is not None and not problems and len(kept) >= LIMITS["characters"]:
            problems.append({"path": path, "message": f"A campaign holds at most {LIMITS['characters']} characters."})
        if problems:
            dropped.append(_dropped(path, character_words(entry, index), _first(problems)))
            ident = entry.get("id") if isinstance(entry, dict) else None
            if isinstance(ident, str):
                lost.add(ident)
            continue
        kept.append(character)
        ids.add(character["id"])
    return kept, lost - ids


def _without_lost(enc: dict, lost: set, path: str, dropped: list) -> dict:
    """``enc`` without the combatants standing for characters that were dropped; the turn stays with whoever had
    it (or passes to the next one, as when they leave the fight)."""
    people = enc["combatants"]
    gone = [i for i, c in enumerate(people) if c["character_id"] in lost]
    if not gone:
        return enc
    name = _quoted(enc["name"])
    for i in gone:
        dropped.append(
            _dropped(
                f"{path}.combatants.{i}",
                f"{_quoted(people[i]['name'])} in the encounter {name}",
                "The character they stand for was dropped.",
            )
        )
    left = [c for i, c in enumerate(people) if i not in gone]
    turn = enc["turn"] - sum(1 for i in gone if i < enc["turn"])
    return {**enc, "combatants": left, "turn": max(0, min(turn, len(left) - 1))}


def _encounters(raw: dict, game: str, lost: set, dropped: list) -> list:
    from py_rules.encounter.state import validate_encounter

    kept, ids = [], set()
    for index, enc in enumerate(_listed(raw, "encounters", "The encounters", dropped)):
        path = f"encounters.{index}"
        problems: list[dict] = []
        if isinstance(enc, dict):
            check_json(enc, path, problems)
        problems = problems or validate_encounter(enc, path, game)
        if not problems:
            marks = len(dropped)
            enc = _without_lost(enc, lost, path, dropped)
            problems = validate_encounter(enc, path, game)
            if problems:
                del dropped[marks:]  # the whole encounter goes, not its combatants one by one
        if not problems and enc["id"] in ids:
            problems = [{"path": f"{path}.id", "message": f"Another encounter is already called {enc['id']!r}."}]
        if not problems and len(kept) >= LIMITS["encounters"]:
            problems = [{"path": path, "message": f"A campaign holds at most {LIMITS['encounters']} encounters."}]
        if problems:
            dropped.append(_dropped(path, _encounter_words(enc, index), _first(problems)))
            continue
        kept.append(enc)
        ids.add(enc["id"])
    return kept


def _log(raw: dict, game: str, dropped: list) -> list:
    from py_rules.log.entry import order_problems, sheet_checker, validate_log_entry

    kept, seen, check = [], set(), sheet_checker(game)
    for index, entry in enumerate(_listed(raw, "log", "The log", dropped)):
        path = f"log.{index}"
        problems: list[dict] = []
        if isinstance(entry, dict):
            check_json(entry, path, problems)
        problems = problems or validate_log_entry(entry, path, game, check_sheet=check)
        problems = problems or order_problems(entry, path, seen)
        if not problems and len(kept) >= LIMITS["log"]:
            problems = [{"path": path, "message": f"A campaign's log holds at most {LIMITS['log']:,} entries."}]
        if problems:
            dropped.append(_dropped(path, _entry_words(entry, index), _first(problems)))
            continue
        kept.append(entry)
        seen.add(entry["id"])
    return kept


_MENDED = (
    "A text held a character that no text may hold (a control character, a character that turns the text "
    f"around, or half a character): each became {text.REPLACEMENT}."
)


def _mended(raw: dict, dropped: list) -> dict:
    """``raw`` with the texts of its name, its characters' sheets, its encounters and its log's sheets held to
    :mod:`py_rules.text`'s rule by replacing each refused character with U+FFFD (a campaign kept before the rule
    came in keeps its characters and their history; the rest of the log is history as it was written). Each
    mended text outside the log is listed; the log's are counted in one line."""
    paths: list = []
    out = {**raw}
    for key in ("name", "characters"):
        if key in raw:
            out[key] = text.mended(raw[key], paths, key)
    if isinstance(raw.get("encounters"), list):  # an encounter's names; the rest of it is the engine's
        out["encounters"] = [_names_mended(enc, paths, f"encounters.{i}") for i, enc in enumerate(raw["encounters"])]
    logged: list = []
    if isinstance(raw.get("log"), list):
        out["log"] = [
            {
                key: text.mended(value, logged, f"log.{i}.{key}") if key in _LOGGED_SHEETS else value
                for key, value in entry.items()
            }
            if isinstance(entry, dict)
            else entry
            for i, entry in enumerate(raw["log"])
        ]
    for path in paths:
        dropped.append(_dropped(path, _text_in_words(path), _MENDED))
    if logged:
        dropped.append(
            _dropped("log", f"{len(logged)} text{'s' if len(logged) != 1 else ''} in the sheets the log keeps", _MENDED)
        )
    return out


_LOGGED_SHEETS = ("before", "after", "changes")

_PLACES = {
    "characters": "character",
    "encounters": "encounter",
    "combatants": "combatant",
    "weapons": "weapon",
    "skills": "skill",
    "sheet": "",
}


def _text_in_words(path: str) -> str:
    """A mended text's place said in words, the path kept for developers in the listed item's own ``path``.

    >>> _text_in_words("name"), _text_in_words("characters.0.sheet.name")
    ("The campaign's name", 'The name of character 1')
    >>> _text_in_words("encounters.1.combatants.2.name"), _text_in_words("characters.0.sheet.weapons.1.name")
    ('The name of combatant 3 of encounter 2', 'The name of weapon 2 of character 1')
    """
    parts = path.split(".")
    if parts == ["name"]:
        return "The campaign's name"
    owners, key = [], parts[-1]
    for place, index in zip(parts, parts[1:-1], strict=False):  # each place with the index after it
        word = _PLACES.get(place, place.replace("_", " "))
        if index.isdigit() and word:
            owners.append(f"{word} {int(index) + 1}")
    whose = " of ".join(reversed(owners))
    return f"The {key.replace('_', ' ')} of {whose}" if whose else f"The {key.replace('_', ' ')}"


def _names_mended(enc: Any, paths: list, path: str) -> Any:
    if not isinstance(enc, dict):
        return enc
    out = {**enc, **({"name": text.mended(enc["name"], paths, f"{path}.name")} if "name" in enc else {})}
    if isinstance(enc.get("combatants"), list):
        out["combatants"] = [
            {**c, "name": text.mended(c["name"], paths, f"{path}.combatants.{i}.name")}
            if isinstance(c, dict) and "name" in c
            else c
            for i, c in enumerate(enc["combatants"])
        ]
    return out


def repair(raw: Any, now: str) -> dict:
    """``{"campaign", "dropped"}``: ``raw`` with only what fails its checks dropped or replaced (see the module
    docstring); ``now`` (an ISO-8601 time) replaces a bad creation or change time.

    >>> from py_rules.campaign.operations import EXAMPLE
    >>> fixed = repair({**EXAMPLE, "name": "", "revision": -1, "colour": "red"}, "2026-12-02T10:00:00Z")
    >>> [(d["path"], d["what"]) for d in fixed["dropped"]]
    [('colour', 'The field “colour”'), ('name', "The campaign's name"), ('revision', 'The revision')]
    >>> fixed["campaign"]["name"], fixed["campaign"]["revision"]
    ('Repaired campaign', 0)
    """
    if not isinstance(raw, dict):
        raise RulesError(
            "cannot_repair",
            f"This is not a campaign (it is not a JSON object), so it cannot be repaired: {_EXPORT}.",
            "campaign",
        )
    dropped: list[dict] = []
    raw = _schema(raw, dropped)
    game = raw.get("game")
    if game not in games.GAMES:
        raise _refuse("game", "game is not known")
    ident = identifier_field(raw, "id", [], "The campaign's id")
    if ident is None:
        raise _refuse("id", "id is missing or not usable")
    for key in raw:
        if key not in _KEYS:
            dropped.append(
                _dropped(
                    str(key)[:80],
                    f"The field {_quoted(str(key), 40) or '(no name)'}",
                    f"A campaign has no field {str(key)[:40]!r}.",
                )
            )
    raw = _mended(raw, dropped)
    characters, lost = _characters(raw, game, dropped)
    campaign = {
        "schema": SCHEMA,
        "id": ident,
        "name": _replaced(
            raw,
            "name",
            lambda r, p: text_field(r, "name", p, 1, LIMITS["name"], "The campaign's name"),
            REPAIRED_NAME,
            "The campaign's name",
            dropped,
        ),
        "game": game,
        "created": _replaced(
            raw,
            "created",
            lambda r, p: timestamp_field(r, "created", p, "The creation time"),
            now,
            "The time it was made",
            dropped,
        ),
        "updated": _replaced(
            raw,
            "updated",
            lambda r, p: timestamp_field(r, "updated", p, "The time of the last change"),
            now,
            "The time of its last change",
            dropped,
        ),
        "revision": _replaced(raw, "revision", revision_field, 0, "The revision", dropped),
        "settings": _settings(raw, game, dropped),
        **_forum(raw, dropped),
        "characters": characters,
        "log": _log(raw, game, dropped),
        "encounters": _encounters(raw, game, lost, dropped),
    }
    checked = validate(campaign)
    if not checked.valid:  # every piece was checked as validate checks it: this is a bug, said plainly
        first = checked.problems[0]
        raise RulesError(
            "cannot_repair",
            f"This campaign could not be repaired ({first['message']}): {_EXPORT}.",
            first["path"] or "campaign",
        )
    return {"campaign": checked.campaign, "dropped": _in_file_order(dropped)}


_KEYS = (
    "schema",
    "id",
    "name",
    "game",
    "created",
    "updated",
    "revision",
    "settings",
    "forum",
    "characters",
    "log",
    "encounters",
)


def _in_file_order(dropped: list) -> list:
    """What was dropped, by the order of the file's fields (unknown fields first, as the check lists them)."""
    order = {key: i for i, key in enumerate(_KEYS)}
    return sorted(dropped, key=lambda d: order.get(d["path"].partition(".")[0], -1))
