"""A player's record of a game held elsewhere: the optional ``joined`` field of the campaign file.

The game master's campaign is the one truth; a player's device holds a copy of one character made from the game
master's invitation, and proposes its rolls (py_rules/table/__init__.py, Invitation, Proposal, Update). On that device the
campaign record is an ordinary campaign (its settings and forum choices from the invitation, its ``characters`` the
player's character alone: the sheet screen and the drawer read it as they read any) plus ``joined``::

    {"campaign": the game master's campaign id, "seat": the seat's id, "player": optional name,
     "key": the seat's key (43 characters, base64url of 32 bytes), "seq": the last update's number held (>= 0),
     "outbox": [proposals not yet decided], "requests": [open roll requests], "decisions": [decisions shown],
     "turn": {"encounter", "whose"} | null, "targets": [{"id", "name"}] (optional: whom the player may attack)}

Only its shape is checked here (each list bounded, each item plain JSON with its id): the codes it came from were
checked by the engine's table operations when they were read, and a proposal is checked again where it is accepted.
A file without ``joined`` is a game master's campaign, read as before.
"""

from __future__ import annotations

import re
from typing import Any

from py_rules.campaign.problems import check_json, join_path, problem

__all__ = ("JOINED_KEYS", "JOINED_LIMITS", "joined_field")

JOINED_KEYS = ("campaign", "seat", "player", "key", "seq", "outbox", "requests", "decisions", "turn", "targets")
"""Every field of ``joined``, in canonical order."""
JOINED_LIMITS = {"outbox": 500, "requests": 200, "decisions": 500, "targets": 500}
"""How many proposals waiting, open requests and decisions kept one record holds."""
_ID = re.compile(r"[A-Za-z0-9._:-]{1,64}")
_KEY = re.compile(r"[A-Za-z0-9_-]{43}")
_LISTS = {
    "outbox": ("id", "A proposal"),
    "requests": ("id", "A roll request"),
    "decisions": ("proposal", "A decision"),
    "targets": ("id", "A target"),
}


def _identifier(value: Any, path: str, what: str, problems: list) -> str | None:
    if isinstance(value, str) and _ID.fullmatch(value):
        return value
    problems.append(
        problem(path, f"{what} must be an id of 1 to 64 letters, digits or . _ : - (got {str(value)[:40]!r}).")
    )
    return None


def _items(value: Any, name: str, problems: list) -> list | None:
    ident, what = _LISTS[name]
    path = join_path("joined", name)
    if not isinstance(value, list):
        problems.append(problem(path, f"The game's {name} must be a list."))
        return None
    if len(value) > JOINED_LIMITS[name]:
        problems.append(problem(path, f"The game's {name} hold at most {JOINED_LIMITS[name]} (this has {len(value)})."))
        return None
    before = len(problems)
    for index, item in enumerate(value):
        where = join_path(path, str(index))
        if not isinstance(item, dict):
            problems.append(problem(where, f"{what} must be a JSON object."))
            continue
        _identifier(item.get(ident), join_path(where, ident), f"{what}'s {ident}", problems)
        check_json(item, where, problems)
    return None if len(problems) > before else list(value)


def joined_field(value: Any, problems: list) -> dict | None:
    """``joined`` checked (see the module docstring); None with its problems listed.

    >>> key = "k" * 43
    >>> joined_field({"campaign": "c-1", "seat": "s-1", "key": key, "seq": 2}, [])["outbox"]
    []
    >>> wrong = []; joined_field({"campaign": "c-1", "seat": "s-1", "key": "short", "seq": -1}, wrong)
    >>> [each["path"] for each in wrong]
    ['joined.key', 'joined.seq']
    """
    if not isinstance(value, dict):
        problems.append(problem("joined", "The game joined must be a JSON object."))
        return None
    before = len(problems)
    for key in value:
        if key not in JOINED_KEYS:
            problems.append(
                problem(join_path("joined", str(key)[:40]), f"The game joined has no field {str(key)[:40]!r}.")
            )
    campaign = _identifier(value.get("campaign"), "joined.campaign", "The game master's campaign", problems)
    seat = _identifier(value.get("seat"), "joined.seat", "The seat", problems)
    player = value.get("player", "")
    if not isinstance(player, str) or len(player) > 80:
        problems.append(problem("joined.player", "The player's name must be a text of at most 80 characters."))
    key = value.get("key")
    if not (isinstance(key, str) and _KEY.fullmatch(key)):
        problems.append(
            problem("joined.key", "The seat's key must be 43 letters, digits, - or _ (as the invitation gave it).")
        )
    seq = value.get("seq")
    if isinstance(seq, bool) or not isinstance(seq, int) or seq < 0:
        problems.append(
            problem(
                "joined.seq", f"The last update's number must be a whole number of 0 or more (got {str(seq)[:40]!r})."
            )
        )
    lists = {name: _items(value.get(name, []), name, problems) for name in _LISTS if name != "targets" or name in value}
    turn = value.get("turn")
    if turn is not None:
        if isinstance(turn, dict):
            check_json(turn, "joined.turn", problems)
        else:
            problems.append(problem("joined.turn", "Whose turn it is must be a JSON object or nothing."))
    if len(problems) > before:
        return None
    out = {"campaign": campaign, "seat": seat, **({"player": player} if player else {}), "key": key, "seq": seq}
    targets = {"targets": lists.pop("targets")} if "targets" in lists else {}
    return {**out, **lists, "turn": turn, **targets}
