"""The campaign file, schema ``rules-companion.campaign/1`` (issue 8, "Import/export"; TABLE.md, Kept safe).

One JSON object per campaign::

    {"schema": "rules-companion.campaign/1", "id": str, "name": str (1–80 characters),
     "game": "armageddon" | "semiautomagic" | "coc", "created": ISO-8601, "updated": ISO-8601,
     "revision": int >= 0, "settings": {setting name: value},
     optional "forum": {"format": a forum format's id (py_rules.render.formats), "undone": "leave_out" | "strike"},
     "characters": [{"id": str, "kind": "pc" | "npc", "sheet": <that game's character JSON>}],
     "log": [JSON objects], "encounters": [JSON objects]}

:func:`validate` checks a whole file before anything is written: every character through its game's own
validation, every setting against the game's declared setting parameters, every sheet a log entry keeps (its
``before`` and its ``after``, rebuilt from what changed) through the same validation, sizes bounded. It lists every
problem with its path (``characters.1.sheet.attributes.Strength``), not only the first, and returns the
canonical campaign (keys in the order above, sheets and settings normalized by their game, older schemas
migrated, an older log entry's ``after`` turned into what changed) only when there is none.
``validate(validate(x).campaign)`` gives the same campaign again.

``forum`` is the campaign's forum choices (issue 18: "the campaign remembers its forum's format"): the format its
posts are written in and whether an undone log entry is left out of a stretch or struck through. A file without it
(every file before issue 18) reads as it did and keeps no such field; a part left out takes its default (BBCode,
left out).
"""

from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from py_rules.campaign import games
from py_rules.campaign.file_text import plain_escapes
from py_rules.errors import RulesError
from py_rules.text import problem as text_problem
from py_rules.words import is_whole_number

__all__ = ("SCHEMA", "SCHEMA_PREFIX", "KINDS", "LIMITS", "Checked", "validate", "problem", "check_json", "setting_value",
           "timestamp_problem", "character_entry", "character_sheet", "FORUM_DEFAULTS", "forum_choices")

SCHEMA = "rules-companion.campaign/1"
SCHEMA_PREFIX = "rules-companion.campaign/"
VERSION = 1
KINDS = ("pc", "npc")
"""A player character or a character the game master plays."""

KEYS = ("schema", "id", "name", "game", "created", "updated", "revision", "settings", "forum", "characters", "log",
        "encounters")
"""Every field of a campaign, in canonical order."""
CHARACTER_KEYS = ("id", "kind", "sheet")
FORUM_DEFAULTS = {"format": "bbcode", "undone": "leave_out"}
"""The forum choices of a campaign that has not made any (issue 18: BBCode, for phpBB; an undone entry left out)."""
_FORUM_WHAT = {"format": "The forum's format", "undone": "What an undone entry becomes in a post"}

LIMITS = {
    "name": 80,            # characters in the campaign's name
    "id": 64,              # characters in a campaign or character id
    "timestamp": 40,       # characters in an ISO-8601 time
    "characters": 500,     # characters in one campaign
    "log": 50_000,         # log entries (part 2 fills the log)
    "encounters": 1_000,   # encounters
    "text": 20_000,        # characters in any one text anywhere in the file (a sheet's notes included)
    "depth": 24,           # nesting of objects and lists
    "entry_nodes": 20_000,  # values in one log entry, encounter or sheet
    "problems": 200,       # problems listed before the rest are summed up
}
"""Bounds that keep a file the page can hold and show; a file beyond one is refused with the path of the excess."""

_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.:-]*")


def problem(path: str, message: str) -> dict:
    """One problem of a file: where (dotted path, ``""`` for the whole file) and what, in plain words."""
    return {"path": path, "message": message}


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
        return {"valid": self.valid, "problems": list(self.problems), "campaign": self.campaign,
                "migrated_from": self.migrated_from}


def _join(*parts) -> str:
    return ".".join(str(p) for p in parts if p not in (None, ""))


def check_json(value: Any, path: str, problems: list) -> None:
    """Plain JSON of bounded depth, text length and size: lists and objects with text keys, finite numbers.

    Iterative, and a path is spelled out only for a problem: a campaign's log holds thousands of entries.
    """
    text_limit, depth_limit, budget = LIMITS["text"], LIMITS["depth"], LIMITS["entry_nodes"]
    links: list[tuple[int, Any]] = [(-1, path)]  # node → (parent node, key): paths are built only when needed

    def where(node: int) -> str:
        parts = []
        while node >= 0:
            node, key = links[node]
            parts.append(key)
        return _join(*reversed(parts))

    stack = [(value, 0, 0)]
    count = 0
    while stack:
        value, node, depth = stack.pop()
        count += 1
        kind = type(value)
        if kind is str:
            if len(value) > text_limit:
                problems.append(problem(where(node), f"This text is {len(value)} characters long; at most {text_limit} "
                                                     "are kept."))
            continue
        if kind is float:
            if not math.isfinite(value):
                problems.append(problem(where(node), "This number is not a finite number."))
            continue
        if kind is dict:
            items = [(key, item) for key, item in value.items()]
            for key, _ in items:
                if not isinstance(key, str) or len(key) > 200:
                    problems.append(problem(where(node), "A field name here is not short text."))
        elif kind is list:
            items = list(enumerate(value))
        else:
            if value is not None and kind not in (bool, int):
                problems.append(problem(where(node), f"This value ({kind.__name__}) is not JSON."))
            continue
        if items and depth >= depth_limit:
            problems.append(problem(where(node), f"This part is nested more than {depth_limit} levels deep."))
            continue
        for key, item in reversed(items):
            child = type(item)
            if item is None or child is bool or child is int or (child is str and len(item) <= text_limit):
                count += 1  # plain scalars need no visit
                continue
            if isinstance(key, str) and len(key) > 200:
                continue
            links.append((node, key))
            stack.append((item, len(links) - 1, depth + 1))
        if count > budget:
            problems.append(problem(where(node), f"This part holds more than {budget} values."))
            return


def _text(raw: dict, key: str, problems: list, low: int, high: int, what: str, path: str = "") -> str | None:
    value = raw.get(key)
    where = _join(path, key)
    if value is None:
        problems.append(problem(where, f"{what} is missing."))
    elif not isinstance(value, str):
        problems.append(problem(where, f"{what} must be text."))
    elif not low <= len(value.strip() if low else value) <= high:
        problems.append(problem(where, f"{what} must be {low}–{high} characters long (it is {len(value)})."))
    elif text_problem(value):  # a name, an id or a time: one line, no control or direction-turning character
        problems.append(problem(where, f"{what} {text_problem(value)}"))
    else:
        return value.strip() if key == "name" else value
    return None


def _identifier(raw: dict, key: str, problems: list, what: str, path: str = "") -> str | None:
    value = _text(raw, key, problems, 1, LIMITS["id"], what, path)
    if value is not None and not _ID.fullmatch(value):
        problems.append(problem(_join(path, key), f"{what} may hold only letters, digits and . _ : - "
                                                  f"(got {value[:20]!r})."))
        return None
    return value


def _timestamp(raw: dict, key: str, problems: list, what: str) -> str | None:
    value = _text(raw, key, problems, 1, LIMITS["timestamp"], what)
    if value is None:
        return None
    wrong = timestamp_problem(value)
    if wrong:
        problems.append(problem(key, f"{what}: {wrong}"))
        return None
    return value


def timestamp_problem(value: str) -> str | None:
    """Why ``value`` is not an ISO-8601 date and time, or None."""
    try:
        datetime.fromisoformat(value[:-1] + "+00:00" if value.endswith("Z") else value)
    except ValueError:
        return f"{value[:40]!r} is not a date and time such as 2026-12-01T18:30:00Z."
    return None


def _revision(raw: dict, problems: list) -> int | None:
    value = raw.get("revision", 0)
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 2**53:
        problems.append(problem("revision", f"The revision must be a whole number of at least 0 (got {value!r})."))
        return None
    return value


def _game(raw: dict, problems: list) -> str | None:
    value = raw.get("game")
    if value in games.GAMES:
        return value
    known = ", ".join(f"{games.game_name(g)} ({g})" for g in games.GAMES)
    if value is None:
        problems.append(problem("game", f"The game is missing; it must be one of: {known}."))
    else:
        problems.append(problem("game", f"{str(value)[:40]!r} is not a game this app knows; it must be one of: "
                                        f"{known}."))
    return None


def setting_value(game: str, name: str, value: Any) -> Any:
    """``value`` checked and converted by ``game``'s declaration of the setting ``name`` (JSON-ready), or a
    RulesError in plain words."""
    declared = games.setting_params(game)
    param = declared.get(name)
    if param is None:
        owners = [games.game_name(g) for g in games.GAMES if g != game and name in games.setting_params(g)]
        where = f"; it belongs to {owners[0]}" if owners else ""
        raise RulesError("unknown_setting", f"{name!r} is not a house rule of {games.game_name(game)}{where}.", name)
    coerced = param.coerce(value)
    if param.kind == "json":  # keep the JSON the table wrote; its parse only checked it
        return json.loads(value) if isinstance(value, str) else value
    return coerced


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
            problems.append(problem(_join("settings", name), error.message))
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
        problems.append(problem("forum", "The forum choices must be a JSON object with the format and what an undone "
                                         "entry becomes."))
        return None
    for key in value:
        if key not in FORUM_DEFAULTS:
            problems.append(problem(_join("forum", str(key)[:40]), f"The forum choices have no field {str(key)[:40]!r} "
                                                                   "(they have format and undone)."))
    out = {}
    for key, default in FORUM_DEFAULTS.items():
        chosen = value.get(key, default)
        words = CHOICES[key]
        if not isinstance(chosen, str) or chosen not in words:
            said = ", ".join(list(words.values())[:-1]) + f" or {list(words.values())[-1]}"
            problems.append(problem(_join("forum", key), f"{_FORUM_WHAT[key]} must be one of: {said} "
                                                         f"(got {str(chosen)[:40]!r})."))
        else:
            out[key] = chosen
    return None if len(problems) > before else out


def _characters(raw: dict, game: str | None, problems: list) -> list | None:
    entries = raw.get("characters", [])
    if not isinstance(entries, list):
        problems.append(problem("characters", "The characters must be a list."))
        return None
    if len(entries) > LIMITS["characters"]:
        problems.append(problem("characters", f"A campaign holds at most {LIMITS['characters']} characters "
                                              f"(this file has {len(entries)})."))
        return None
    out, seen = [], {}
    for index, entry in enumerate(entries):
        path = _join("characters", index)
        character = character_entry(entry, game, problems, path)
        ident = entry.get("id") if isinstance(entry, dict) else None
        if isinstance(ident, str):
            if ident in seen:
                problems.append(problem(_join(path, "id"), f"Two characters have the id {ident!r} "
                                                           f"(characters {seen[ident]} and {index})."))
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
            problems.append(problem(_join(path, key), f"A character has no field {str(key)[:40]!r} "
                                                      "(it has id, kind and sheet)."))
    ident = _identifier(entry, "id", problems, "The character's id", path)
    kind = entry.get("kind")
    if kind not in KINDS:
        problems.append(problem(_join(path, "kind"), f"A character is a player character ('pc') or an NPC ('npc') "
                                                     f"(got {str(kind)[:20]!r})."))
    sheet_path = _join(path, "sheet")
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
        problems.append(problem(_join(path, error.field), error.message))
        return None


def _entries(raw: dict, key: str, problems: list, what: str, game: str | None = None, shallow: bool = False,
             log_text=None) -> list | None:
    entries = raw.get(key, [])
    if not isinstance(entries, list):
        problems.append(problem(key, f"The {what} must be a list."))
        return None
    if len(entries) > LIMITS[key]:
        problems.append(problem(key, f"At most {LIMITS[key]} {what} entries are kept (this file has {len(entries)})."))
        return None
    problems.extend(check_entries(entries, key, what, game=game, shallow=shallow and key == "log",
                                  log_text=log_text if key == "log" else None))
    kept = [dict(entry) for entry in entries if isinstance(entry, dict)]
    if key == "log" and not problems:
        from py_rules.campaign.migrations import compact_log

        kept = compact_log(kept)
    return kept


def check_entries(entries: list, key: str, what: str, *, start: int = 0, seen: set | None = None,
                  game: str | None = None, shallow: bool = False, log_text=None) -> list[dict]:
    """The problems of a list of log entries or encounters: each a bounded JSON object, then its shape by its own
    module, and with the campaign's ``game`` each log entry's sheets by that game's own validation and each
    encounter as one of that game. A long log is checked a stretch at a time (``log.check``): ``start`` is the
    stretch's first index in the whole list, ``seen`` the log entry ids before it (only those the stretch's
    entries mention matter: :func:`py_rules.log.entry.order_problems`).

    ``shallow``: the log entries were just read from JSON text (finite numbers, text keys) nested at most
    ``LIMITS["depth"]`` deep each (``campaign.check_file``); each entry is then measured by its own JSON text at C
    speed (:func:`_plainly_bounded`), and walked value by value only when that cannot tell. ``log_text``: the
    entries' own text in the file (:class:`py_rules.campaign.file_text.LogText`), measured instead of written again
    (:func:`_bounded_by_text`)."""
    problems: list = []
    sizes: list = [None] * len(entries)
    long_keys = log_text.holding(_LONG_KEY_TEXT) if shallow and log_text else set()
    for index, entry in enumerate(entries, start):
        if not isinstance(entry, dict):
            problems.append(problem(_join(key, index), f"Each {what} entry must be a JSON object."))
            continue
        if shallow:
            sizes[index - start] = (_bounded_by_text(log_text, index - start, index - start in long_keys)
                                    if log_text else _plainly_bounded(entry))
        if sizes[index - start] is None:
            check_json(entry, _join(key, index), problems)
    if not problems:  # bounded JSON objects: now the shape of each (not piled on a size problem)
        check = _ENTRY_CHECKS[key]()
        problems.extend(check(entries, key, start=start, seen=seen, game=game, plain=True, sizes=sizes)
                        if key == "log" else check(entries, key, game))
    return problems


_ENCODE = json.JSONEncoder(ensure_ascii=False, check_circular=False, allow_nan=False).encode
_LONG_KEY = re.compile(r'"[^"]{%d,}": ' % (200 + 1))
"""A key longer than check_json allows, in JSON text whose escaped quotes and backslashes became two plain
characters each (a key's text is then at least as long as the key, and holds no quote)."""


def _plainly_bounded(entry: dict) -> int | None:
    """The length of ``entry``'s JSON text when it certainly passes :func:`check_json`, else None (then it is walked).

    Only for a value read from JSON text nested at most ``LIMITS["depth"]`` deep (numbers finite, keys text, every
    value JSON): what is left to know is read from its text at C speed. Every text in it is shorter than the whole
    text (at most ``LIMITS["text"]``); it holds at most 1 + one value after each ``[``, ``,`` or ``:`` (at most
    ``LIMITS["entry_nodes"]``); and no key is longer than 200 characters.

    >>> _plainly_bounded({"a": [1, "x"]}), _plainly_bounded({"k" * 201: 1}), _plainly_bounded({"t": "x" * 20_001})
    (15, None, None)
    """
    try:
        written = _ENCODE(entry)
    except (TypeError, ValueError, RecursionError):
        return None
    if len(written) > LIMITS["text"]:
        return None
    if 1 + written.count("[") + written.count(",") + written.count(":") > LIMITS["entry_nodes"]:
        return None
    if _LONG_KEY.search(plain_escapes(written) if "\\" in written else written):
        return None
    return len(written)


_LONG_KEY_TEXT = re.compile(r'"[^"]{%d,}"[ \t\n\r]*:' % (200 + 1))
"""A key of more than 200 characters as a file wrote it, its escaped quotes and backslashes made two plain
characters each: between two quotes, then a colon, only a key's text can lie (a text never has a colon after its
closing quote, nor a structural colon before its opening one), and a key is never longer than its written text."""

GROWTH = 8
"""How many times longer than a file wrote it an entry's JSON text can come out, written again as this module
writes it (``_ENCODE``, which :func:`py_rules.log.entry.validate_log_entry` measures): a text, a key, a whole
number, ``true``, ``false`` and ``null`` come out at most as long as written (``\\u00e9`` is ``é``; a character
written plainly stays plain), brackets as they are, a ``,`` or ``:`` is 2 characters (a space after it), spaces
between values none, and a number with a fraction or an exponent is at most 24 characters
(``-2.2250738585072014e-308``) from at least 3 written (``1e5``, ``1.5``); so at most 8 times."""


def _bounded_by_text(log_text, index: int, long_key: bool) -> int | None:
    """:func:`_plainly_bounded` measured from the text of log entry ``index`` as the file wrote it
    (:class:`py_rules.campaign.file_text.LogText`; issue 19, "Long campaigns light": a long log is not written to
    JSON again): a bound, within :data:`py_rules.log.entry.MAX_ENTRY_CHARS`, of the length of its JSON text when it
    certainly passes :func:`check_json`, else None (then it is walked and measured exactly).

    The same preconditions (read from JSON text nested at most ``LIMITS["depth"]`` deep), and the same reasons read
    from the written text, an object (``{`` … ``}``): every text in it is shorter than that text (a text is never
    longer than it is written); it holds at most 1 + one value after each ``[``, ``,`` or ``:`` written, so fewer
    than its length; no key is longer than 200 characters (``long_key``: :data:`_LONG_KEY_TEXT` may match its
    text); written again it is at most :data:`GROWTH` times as long.

    >>> from py_rules.campaign.file_text import LogText
    >>> _bounded_by_text(LogText('[{"a":[1,"x"]}]', [(1, 14)]), 0, False), _bounded_by_text(None, 0, True)
    (104, None)
    """
    from py_rules.log.entry import MAX_ENTRY_CHARS

    if long_key:
        return None
    start, end = log_text.spans[index]
    size = end - start
    if size > LIMITS["text"] or GROWTH * size > MAX_ENTRY_CHARS:
        return None
    if size - 1 > LIMITS["entry_nodes"]:
        written = log_text.entry(index)
        if 1 + written.count("[") + written.count(",") + written.count(":") > LIMITS["entry_nodes"]:
            return None
    return GROWTH * size


def _log_check():
    from py_rules.log.entry import validate_log

    return validate_log


def _encounters_check():
    from py_rules.encounter.state import validate_encounters

    return validate_encounters


_ENTRY_CHECKS = {"log": _log_check, "encounters": _encounters_check}
"""The shape of each log entry and encounter (issue 11), checked by their own modules."""


def _schema(raw: dict, problems: list) -> bool:
    """Whether ``raw`` claims the current schema; otherwise the problem is listed."""
    schema = raw.get("schema")
    if schema == SCHEMA:
        return True
    if isinstance(schema, str) and schema.startswith(SCHEMA_PREFIX):
        version = schema[len(SCHEMA_PREFIX):]
        if is_whole_number(version) and int(version) > VERSION:
            problems.append(problem("schema", f"This campaign was saved by a newer version of the app (campaign "
                                              f"format {version}; this one reads format {VERSION}). Update the app, "
                                              "then import it again."))
            return False
    if isinstance(schema, str) and any(schema.startswith(prefix) for prefix in _SHEET_PREFIXES):
        problems.append(problem("schema", "This file is one character, not a campaign: add it to a campaign's "
                                          "party instead."))
    elif schema is None:
        problems.append(problem("schema", "This is not a campaign file: it does not say it is one of this app's "
                                          "campaigns."))
    else:
        problems.append(problem("schema", "This is not a campaign file this app reads: it says it is something "
                                          "else."))
    return False


_SHEET_PREFIXES = ("armageddon.character/", "semiautomagic.creature/", "coc.investigator/")


def _canonical(raw: dict, problems: list, shallow: bool = False, log_text=None) -> dict:
    for key in raw:
        if key not in KEYS:
            problems.append(problem(str(key)[:80], f"A campaign has no field {str(key)[:40]!r}."))
    game = _game(raw, problems)
    return {
        "schema": SCHEMA,
        "id": _identifier(raw, "id", problems, "The campaign's id"),
        "name": _text(raw, "name", problems, 1, LIMITS["name"], "The campaign's name"),
        "game": game,
        "created": _timestamp(raw, "created", problems, "The creation time"),
        "updated": _timestamp(raw, "updated", problems, "The time of the last change"),
        "revision": _revision(raw, problems),
        "settings": _settings(raw, game, problems),
        **({"forum": forum_choices(raw["forum"], problems)} if "forum" in raw else {}),
        "characters": _characters(raw, game, problems),
        "log": _entries(raw, "log", problems, "log", game, shallow, log_text),
        "encounters": _entries(raw, "encounters", problems, "encounter", game),
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
    from py_rules.campaign.migrations import migrate

    if not isinstance(raw, dict):
        return Checked(None, [problem("", "A campaign file must be a JSON object (it starts with '{').")])
    problems: list[dict] = []
    migrated_from = None
    if raw.get("schema") in _migration_sources():
        migrated_from = raw["schema"]
        raw, problems = migrate(raw)
    if not _schema(raw, problems):
        return Checked(None, _capped(problems), migrated_from)
    plain = shallow and migrated_from is None
    campaign = _canonical(raw, problems, plain, log_text if plain else None)
    return Checked(None if problems else campaign, _capped(problems), migrated_from)


def _migration_sources() -> tuple:
    from py_rules.campaign.migrations import MIGRATIONS

    return tuple(MIGRATIONS)
