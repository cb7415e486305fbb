"""Repairing a stored campaign that no longer passes :func:`py_rules.campaign.file.validate` (TABLE.md, Kept safe:
nothing the table wrote is lost for one bad piece).

:func:`repair` keeps every piece that passes the campaign file's own checks and drops only what fails them: a
character with any problem, an encounter with any problem, a house rule with a bad value, a log entry with any
problem (an undo of a dropped entry then names no entry before it, so it goes too). Bad forum choices
are dropped (their defaults stand), and so are bad dice (digital dice stand). A top-level field that is
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

The lists are repaired piece by piece in :mod:`.repair_lists`, the texts mended in :mod:`.repair_text`, and what
was dropped is worded by :mod:`.repair_words`.
"""

from __future__ import annotations

from typing import Any

from py_rules.campaign import games
from py_rules.campaign.dice_mode import dice_mode
from py_rules.campaign.file import KEYS as _KEYS, forum_choices, validate
from py_rules.campaign.games import setting_value
from py_rules.campaign.joined import joined_field
from py_rules.campaign.migrations import MIGRATIONS, SCHEMA, SCHEMA_PREFIX, VERSION, migrate
from py_rules.campaign.problems import LIMITS, identifier_field, revision_field, text_field, timestamp_field
from py_rules.campaign.repair_lists import kept_characters, kept_encounters, kept_log
from py_rules.campaign.repair_text import mended
from py_rules.campaign.repair_words import dropped_item, first_problem, quoted
from py_rules.campaign.table_field import table_field
from py_rules.errors import RulesError
from py_rules.words import is_whole_number

__all__ = ("REPAIRED_NAME", "repair")

REPAIRED_NAME = "Repaired campaign"
"""The name a campaign gets when its own is missing or not usable."""

_EXPORT = "export what is there"


def _refuse(field: str, reason: str) -> RulesError:
    return RulesError("cannot_repair", f"This campaign's {reason}, so it cannot be repaired: {_EXPORT}.", field)


def _schema(raw: dict, dropped: list) -> dict:
    """``raw`` in the current schema: an older one migrated (what it left out listed), a newer one refused."""
    schema = raw.get("schema")
    if isinstance(schema, str) and schema in MIGRATIONS:
        raw, left_out = migrate(raw)
        dropped += [dropped_item(p["path"], "A saved value", p["message"]) for p in left_out]
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
            dropped_item(
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
        dropped.append(dropped_item(key, what, first_problem(problems) if problems else f"{what} is missing."))
        return safe
    return value


def _settings(raw: dict, game: str, dropped: list) -> dict:
    values = raw.get("settings", {})
    if not isinstance(values, dict):
        dropped.append(
            dropped_item("settings", "The house rules", "The house rules must be a JSON object of setting → value.")
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
                dropped_item(f"settings.{name}", f"The house rule {quoted(label, 40) or '(no name)'}", error.message)
            )
    return kept


def _forum(raw: dict, dropped: list) -> dict:
    """The forum choices that pass their check; a bad one is dropped (its default stands)."""
    if "forum" not in raw:
        return {}
    problems: list[dict] = []
    kept = forum_choices(raw["forum"], problems)
    if kept is None:
        dropped.append(dropped_item("forum", "The forum choices", first_problem(problems)))
        return {}
    return {"forum": kept}


def _table(raw: dict, dropped: list) -> dict:
    """The table's seats, requests and decisions when they pass their check; a bad table is dropped (the players
    are invited again)."""
    if "table" not in raw:
        return {}
    problems: list[dict] = []
    kept = table_field(raw["table"], problems)
    if kept is None:
        dropped.append(dropped_item("table", "The table's seats and proposals", first_problem(problems)))
        return {}
    return {"table": kept}


def _dice(raw: dict, dropped: list) -> dict:
    """The campaign's dice when they pass their check; a bad one is dropped (digital dice stand)."""
    if "dice" not in raw:
        return {}
    problems: list[dict] = []
    kept = dice_mode(raw["dice"], problems)
    if kept is None:
        dropped.append(dropped_item("dice", "The campaign's dice", first_problem(problems)))
        return {}
    return {"dice": kept}


def _joined(raw: dict, dropped: list) -> dict:
    """A player's record of a game held elsewhere, kept whole when it passes its check; dropped otherwise (the
    campaign then reads as a game master's own, and the player joins again from the invitation)."""
    if "joined" not in raw:
        return {}
    problems: list[dict] = []
    kept = joined_field(raw["joined"], problems)
    if kept is None:
        dropped.append(dropped_item("joined", "The game joined", first_problem(problems)))
        return {}
    return {"joined": kept}


def repair(raw: Any, now: str) -> dict:
    """``{"campaign", "dropped"}``: ``raw`` with only what fails its checks dropped or replaced (see the module
    docstring); ``now`` (an ISO-8601 time) replaces a bad creation or change time.

    >>> from py_rules.campaign.ops_common import EXAMPLE
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
                dropped_item(
                    str(key)[:80],
                    f"The field {quoted(str(key), 40) or '(no name)'}",
                    f"A campaign has no field {str(key)[:40]!r}.",
                )
            )
    raw = mended(raw, dropped)
    characters, lost = kept_characters(raw, game, dropped)
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
        **_dice(raw, dropped),
        "characters": characters,
        "log": kept_log(raw, game, dropped),
        "encounters": kept_encounters(raw, game, lost, dropped),
        **_joined(raw, dropped),
        **_table(raw, dropped),
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


def _in_file_order(dropped: list) -> list:
    """What was dropped, by the order of the file's fields (unknown fields first, as the check lists them)."""
    order = {key: i for i, key in enumerate(_KEYS)}
    return sorted(dropped, key=lambda d: order.get(d["path"].partition(".")[0], -1))
