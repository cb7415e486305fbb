"""The shapes that travel between the game master's app and the players' devices (:mod:`py_rules.table`): a seat, a
proposal, a roll request, a decision, an update and an invitation.

Each ``*_problems(value, path)`` lists every problem of ``value`` as ``{"path", "message"}`` (the campaign file's
way: :mod:`py_rules.campaign.problems`), with nothing listed for a well-formed one; :func:`checked` turns the first
problem into a :class:`~py_rules.errors.RulesError` naming the field. Ids are the campaign file's (letters, digits and
``. _ : -``, at most 64 characters), times ISO 8601, names one line of text; the sheets and operation arguments inside
are bounded JSON (:func:`py_rules.campaign.problems.check_json`); a sheet is the game's to check when it is run.
"""

from __future__ import annotations

import re
from typing import Any

from py_rules.campaign.problems import LIMITS, check_json, join_path, problem, timestamp_problem
from py_rules.errors import RulesError
from py_rules.text import problem as text_problem

__all__ = (
    "VERSION",
    "KEY_CHARS",
    "DICE_SOURCES",
    "STATUSES",
    "MAX_FACES",
    "MAX_LIST",
    "seat_problems",
    "proposal_problems",
    "request_problems",
    "decision_problems",
    "update_problems",
    "invitation_problems",
    "character_problems",
    "target_problems",
    "checked",
    "id_problems",
    "is_key",
)

VERSION = 1
"""The version of the shapes and of the codes (``RC1``): a newer one is refused with its own words."""
KEY_CHARS = 43
"""A seat's key: 32 random bytes as base64url without padding."""
DICE_SOURCES = ("digital", "physical")
STATUSES = ("accepted", "refused", "duplicate")
MAX_FACES = 200
"""The most die faces one proposal carries (as many as the door's ``dice`` field takes)."""
MAX_LIST = 500
"""The most seats, decisions, requests or steps a list of this package holds."""
MAX_TEXT = 500
"""A reason, a difference, a label, a player's name: one line of plain words."""

_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.:-]*")
_KEY_WORDS = {
    "v": "version",
    "op": "operation",
    "args": "arguments",
    "bind": "sheets bound",
    "dice_source": "dice's kind (digital or physical)",
    "at": "time",
    "seq": "update number",
    "made": "time it was made",
}
"""A record's fields in words, where the field's name is not one."""
_KEY = re.compile(rf"[A-Za-z0-9_-]{{{KEY_CHARS}}}")
_OP = re.compile(r"[a-z][a-z0-9_]*(\.[a-z0-9_]+)+")


def is_key(value) -> bool:
    """Whether ``value`` is a seat's key: 43 characters of base64url."""
    return isinstance(value, str) and _KEY.fullmatch(value) is not None


def _whole(value, low: int = 0, high: int = 2**53) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def _keys(value: dict, allowed: tuple, required: tuple, path: str, what: str) -> list[dict]:
    out = []
    for key in value:
        if key not in allowed:
            shown = str(key)[:40]
            out.append(problem(join_path(path, shown), f"{what} has no field {shown!r}."))
    for key in required:
        if key not in value:
            out.append(problem(join_path(path, key), f"{what} needs its {_KEY_WORDS.get(key, key)}."))
    return out


def id_problems(value, path: str, what: str, *, optional: bool = False) -> list[dict]:
    """``value`` as an id (or None when ``optional``)."""
    if value is None and optional:
        return []
    if not isinstance(value, str) or not 1 <= len(value) <= LIMITS["id"] or not _ID.fullmatch(value):
        return [problem(path, f"{what} must be an id: 1 to {LIMITS['id']} letters, digits and . _ : -.")]
    return []


def _text_problems(value, path: str, what: str, *, optional: bool = False, empty: bool = True) -> list[dict]:
    if value is None and optional:
        return []
    if not isinstance(value, str) or len(value) > MAX_TEXT or (not empty and not value.strip()):
        return [problem(path, f"{what} must be text of at most {MAX_TEXT} characters.")]
    wrong = text_problem(value)
    return [problem(path, f"{what} {wrong}")] if wrong else []


def _time_problems(value, path: str, what: str) -> list[dict]:
    if not isinstance(value, str) or not 1 <= len(value) <= LIMITS["timestamp"]:
        return [problem(path, f"{what} must be a date and time such as 2026-12-01T18:30:00Z.")]
    wrong = timestamp_problem(value)
    return [problem(path, f"{what}: {wrong}")] if wrong else []


def _version_problems(value, path: str, what: str) -> list[dict]:
    if _whole(value) and value > VERSION:
        return [problem(path, f"{what} comes from a newer version of the app: update the app, then try again.")]
    if value != VERSION or isinstance(value, bool):
        return [problem(path, f"{what} must say its version, {VERSION}.")]
    return []


def _json_problems(value, path: str, what: str, kind: type = dict) -> list[dict]:
    if not isinstance(value, kind):
        return [problem(path, f"{what} must be a JSON {'object' if kind is dict else 'list'}.")]
    out: list[dict] = []
    check_json(value, path, out)
    return out


def _list_problems(value, path: str, what: str, each, most: int = MAX_LIST) -> list[dict]:
    if not isinstance(value, list) or len(value) > most:
        return [problem(path, f"{what} must be a list of at most {most}.")]
    return [found for index, item in enumerate(value) for found in each(item, join_path(path, index))]


def seat_problems(value, path: str = "seat", *, key: bool = True, made: bool = True) -> list[dict]:
    """A seat ``{"id", "character", "player"?, "key", "made"}`` (``key``/``made``: whether they are required; an
    invitation's seat has no time)."""
    if not isinstance(value, dict):
        return [problem(path, "A seat must be a JSON object with its id, character and key.")]
    required = ("id", "character") + (("key",) if key else ()) + (("made",) if made else ())
    out = _keys(value, ("id", "character", "player", "key", "made"), required, path, "A seat")
    out += id_problems(value.get("id"), join_path(path, "id"), "The seat's id")
    out += id_problems(value.get("character"), join_path(path, "character"), "The seat's character")
    out += _text_problems(value.get("player"), join_path(path, "player"), "The player's name", optional=True)
    if ("key" in value or key) and not is_key(value.get("key")):
        out.append(problem(join_path(path, "key"), f"The seat's key must be {KEY_CHARS} characters of base64url."))
    if "made" in value or made:
        out += _time_problems(value.get("made"), join_path(path, "made"), "The time the seat was made")
    return out


def _saw_problems(value, path: str) -> list[dict]:
    if value is None:
        return []
    if not isinstance(value, dict):
        return [problem(path, "What the player saw must be a JSON object with its outcome and steps.")]
    out = _keys(value, ("outcome", "steps"), (), path, "What the player saw")
    out += _text_problems(value.get("outcome", ""), join_path(path, "outcome"), "The outcome the player saw")

    def pair(item, where):
        if not isinstance(item, list) or len(item) != 2:
            return [problem(where, "Each step the player saw is a label and its value.")]
        label, shown = item
        found = _text_problems(label, join_path(where, 0), "A step's label", empty=False)
        if shown is not None and not isinstance(shown, (str, int, float, bool)):
            found.append(problem(join_path(where, 1), "A step's value must be a number or text."))
        elif isinstance(shown, str):
            found += _text_problems(shown, join_path(where, 1), "A step's value")
        return found

    return out + _list_problems(value.get("steps", []), join_path(path, "steps"), "The steps the player saw", pair)


PROPOSAL_KEYS = ("v", "id", "campaign", "seat", "character", "op", "args", "bind", "dice", "dice_source", "at")
PROPOSAL_OPTIONAL = ("request", "seq", "saw", "gm_dice")
"""``gm_dice``: true when the player's device threw only its own side of a roll against someone else (an attack, an
opposed roll): the game master's app throws the rest (:data:`py_rules.table.players.TWO_SIDED`)."""


def proposal_problems(value, path: str = "proposal") -> list[dict]:
    """A proposal: an operation with its arguments (no sheet), the characters that fill its sheets, the dice
    faces in the order thrown, who proposes it and when, the roll request it answers and what the player saw."""
    if not isinstance(value, dict):
        return [problem(path, "A proposal must be a JSON object.")]
    out = _keys(value, PROPOSAL_KEYS + PROPOSAL_OPTIONAL, PROPOSAL_KEYS, path, "A proposal")
    if "v" in value:
        out += _version_problems(value["v"], join_path(path, "v"), "The proposal")
    for key, what in (("id", "The proposal's id"), ("campaign", "The campaign"), ("seat", "The seat")):
        out += id_problems(value.get(key), join_path(path, key), what)
    out += id_problems(value.get("character"), join_path(path, "character"), "The character")
    op = value.get("op")
    if not isinstance(op, str) or len(op) > 80 or not _OP.fullmatch(op):
        out.append(problem(join_path(path, "op"), "The operation must be one of the app's operations."))
    out += _json_problems(value.get("args"), join_path(path, "args"), "The arguments")
    bind = value.get("bind")
    if not isinstance(bind, dict) or len(bind) > 8:
        out.append(problem(join_path(path, "bind"), "The sheets bound must map at most 8 fields to character ids."))
    else:
        for name, character in bind.items():
            out += _text_problems(name, join_path(path, "bind"), "A bound field's name", empty=False)
            out += id_problems(character, join_path(path, "bind", str(name)[:40]), "A bound character")
    faces = value.get("dice")
    if not isinstance(faces, list) or len(faces) > MAX_FACES or not all(_whole(f, -1000, 1000) for f in faces):
        out.append(problem(join_path(path, "dice"), f"The dice must be a list of at most {MAX_FACES} die faces."))
    if value.get("dice_source") not in DICE_SOURCES:
        out.append(problem(join_path(path, "dice_source"), "The dice were either digital or physical."))
    out += _time_problems(value.get("at"), join_path(path, "at"), "The time of the proposal")
    out += id_problems(value.get("request"), join_path(path, "request"), "The roll request answered", optional=True)
    if value.get("seq") is not None and not _whole(value["seq"]):
        out.append(problem(join_path(path, "seq"), "The update the player held must be a whole number (0 or more)."))
    if not isinstance(value.get("gm_dice", False), bool):
        out.append(problem(join_path(path, "gm_dice"), "Whether the game master throws the rest is yes or no."))
    return out + _saw_problems(value.get("saw"), join_path(path, "saw"))


def request_problems(value, path: str = "request") -> list[dict]:
    """A roll request: the operation and its arguments, a label, the seats asked, when, and the answers so far."""
    if not isinstance(value, dict):
        return [problem(path, "A roll request must be a JSON object.")]
    keys = ("id", "op", "args", "label", "seats", "at")
    out = _keys(value, keys + ("answers",), keys, path, "A roll request")
    out += id_problems(value.get("id"), join_path(path, "id"), "The roll request's id")
    if not isinstance(value.get("op"), str) or not _OP.fullmatch(value["op"][:80]):
        out.append(problem(join_path(path, "op"), "The operation must be one of the app's operations."))
    out += _json_problems(value.get("args"), join_path(path, "args"), "The arguments")
    out += _text_problems(value.get("label"), join_path(path, "label"), "The roll request's label")
    out += _list_problems(
        value.get("seats"), join_path(path, "seats"), "The seats asked", lambda s, p: id_problems(s, p, "A seat")
    )
    out += _time_problems(value.get("at"), join_path(path, "at"), "The time of the roll request")
    answers = value.get("answers", {})
    if not isinstance(answers, dict) or len(answers) > MAX_LIST:
        out.append(problem(join_path(path, "answers"), "The answers must map seats to proposal ids."))
    else:
        for seat, proposal in answers.items():
            out += id_problems(seat, join_path(path, "answers"), "An answering seat")
            out += id_problems(proposal, join_path(path, "answers", str(seat)[:40]), "An answer")
    return out


def decision_problems(value, path: str = "decision") -> list[dict]:
    """What the game master's app did with a proposal: accepted, refused (with the reason) or a duplicate; an accepted
    one whose other side the game master's app threw (``gm_dice``) says its ``outcome``, which the player did not see."""
    if not isinstance(value, dict):
        return [problem(path, "A decision must be a JSON object.")]
    keys = ("proposal", "seat", "status", "reason", "differs", "entry", "at")
    out = _keys(value, keys + ("outcome",), keys, path, "A decision")
    out += _text_problems(value.get("outcome"), join_path(path, "outcome"), "The outcome", optional=True)
    out += id_problems(value.get("proposal"), join_path(path, "proposal"), "The proposal decided")
    out += id_problems(value.get("seat"), join_path(path, "seat"), "The seat")
    if value.get("status") not in STATUSES:
        out.append(problem(join_path(path, "status"), "A decision is accepted, refused or duplicate."))
    out += _text_problems(value.get("reason"), join_path(path, "reason"), "The reason", optional=True)
    out += _list_problems(
        value.get("differs"),
        join_path(path, "differs"),
        "What differs",
        lambda s, p: _text_problems(s, p, "A difference"),
    )
    if value.get("entry") is not None and (not isinstance(value["entry"], str) or not 1 <= len(value["entry"]) <= 100):
        out.append(problem(join_path(path, "entry"), "The log entry must be its id."))
    return out + _time_problems(value.get("at"), join_path(path, "at"), "The time of the decision")


def character_problems(value, path: str = "character") -> list[dict]:
    """A character as it travels: ``{"id", "name", "sheet"}`` (the sheet is its game's to check when it is run)."""
    if not isinstance(value, dict):
        return [problem(path, "A character must be a JSON object with its id, name and sheet.")]
    out = _keys(value, ("id", "name", "sheet"), ("id", "sheet"), path, "A character")
    out += id_problems(value.get("id"), join_path(path, "id"), "The character's id")
    out += _text_problems(value.get("name", ""), join_path(path, "name"), "The character's name")
    return out + _json_problems(value.get("sheet"), join_path(path, "sheet"), "The sheet")


def _turn_problems(value, path: str) -> list[dict]:
    if value is None:
        return []
    if not isinstance(value, dict):
        return [problem(path, "The turn must be a JSON object with the encounter and whose turn it is.")]
    out = _keys(value, ("encounter", "whose"), ("encounter", "whose"), path, "The turn")
    out += _text_problems(value.get("encounter"), join_path(path, "encounter"), "The encounter's name")
    return out + _text_problems(value.get("whose"), join_path(path, "whose"), "Whose turn it is", optional=True)


def update_problems(value, path: str = "update") -> list[dict]:
    """What the game master sends one seat: its character as it is, the decisions of its proposals, the roll
    requests open for it and whose turn it is, numbered by ``seq``; and, optionally, ``targets``: the characters the
    player may name in an attack (:func:`target_problems`)."""
    if not isinstance(value, dict):
        return [problem(path, "An update must be a JSON object.")]
    keys = ("v", "campaign", "seat", "seq", "character", "decisions", "requests", "turn")
    out = _keys(value, keys + ("targets",), keys, path, "An update")
    if "v" in value:
        out += _version_problems(value["v"], join_path(path, "v"), "The update")
    out += id_problems(value.get("campaign"), join_path(path, "campaign"), "The campaign")
    out += id_problems(value.get("seat"), join_path(path, "seat"), "The seat")
    if not _whole(value.get("seq")):
        out.append(problem(join_path(path, "seq"), "The update's number must be a whole number (0 or more)."))
    out += character_problems(value.get("character"), join_path(path, "character"))
    out += _list_problems(value.get("decisions"), join_path(path, "decisions"), "The decisions", decision_problems)
    out += _list_problems(value.get("requests"), join_path(path, "requests"), "The roll requests", request_problems)
    out += _list_problems(value.get("targets", []), join_path(path, "targets"), "The targets", target_problems)
    return out + _turn_problems(value.get("turn"), join_path(path, "turn"))


def target_problems(value, path: str = "target") -> list[dict]:
    """One character a player may name as a target (an attack's): ``{"id", "name"}`` and nothing more — a player's
    device is never sent another character's sheet."""
    if not isinstance(value, dict):
        return [problem(path, "A target must be a JSON object with its id and name.")]
    out = _keys(value, ("id", "name"), ("id", "name"), path, "A target")
    out += id_problems(value.get("id"), join_path(path, "id"), "The target's id")
    return out + _text_problems(value.get("name"), join_path(path, "name"), "The target's name", empty=False)


def _campaign_problems(value, path: str) -> list[dict]:
    if not isinstance(value, dict):
        return [problem(path, "The campaign must be a JSON object with its id, name, game and settings.")]
    keys = ("id", "name", "game", "settings")
    out = _keys(value, keys + ("forum",), keys, path, "The campaign")
    out += id_problems(value.get("id"), join_path(path, "id"), "The campaign's id")
    out += _text_problems(value.get("name"), join_path(path, "name"), "The campaign's name", empty=False)
    from py_rules.systems import GAME_IDS

    if value.get("game") not in GAME_IDS:
        out.append(problem(join_path(path, "game"), "The campaign's game must be one this app knows."))
    out += _json_problems(value.get("settings"), join_path(path, "settings"), "The house rules")
    if value.get("forum") is not None:
        out += _json_problems(value["forum"], join_path(path, "forum"), "The forum choices")
    return out


def invitation_problems(value, path: str = "invitation") -> list[dict]:
    """What a player's device is given to join: the campaign, the seat with its key, the character, update 0."""
    if not isinstance(value, dict):
        return [problem(path, "An invitation must be a JSON object.")]
    keys = ("v", "campaign", "seat", "character", "seq")
    out = _keys(value, keys, keys, path, "An invitation")
    if "v" in value:
        out += _version_problems(value["v"], join_path(path, "v"), "The invitation")
    out += _campaign_problems(value.get("campaign"), join_path(path, "campaign"))
    out += seat_problems(value.get("seat"), join_path(path, "seat"), made=False)
    out += character_problems(value.get("character"), join_path(path, "character"))
    if not _whole(value.get("seq")):
        out.append(problem(join_path(path, "seq"), "The invitation's update number must be a whole number."))
    if not out and value["seat"]["character"] != value["character"]["id"]:
        out.append(problem(join_path(path, "seat", "character"), "The seat is not the invited character's."))
    return out


def checked(value: Any, problems_of, field: str, what: str) -> Any:
    """``value`` when ``problems_of`` finds nothing, else a RulesError naming ``field`` with the first problem."""
    found = problems_of(value, "")
    if found:
        first = found[0]
        raise RulesError("bad_table_record", f"{what}: {first['message']}", field, first["path"] or None)
    return value
