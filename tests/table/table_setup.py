"""A game master's table for the tests: a Call of Cthulhu campaign with two seats (Harvey's and Ann's), a cultist
the game master plays, and proposals made the way a player's device makes them — the operation run on the
player's own view of the sheets with digital dice, its faces and what the player saw recorded."""

from __future__ import annotations

import base64
import copy

from py_rules.coc.investigator import EXAMPLE as HARVEY_SHEET, EXAMPLE_OPPONENT
from py_rules.table.differences import seen
from tests.door import answer, response

CAMPAIGN = "camp-1"
AT = "2026-12-01T21:00:00Z"


def key(n: int) -> str:
    """A seat's key: 32 bytes as base64url (a real one is random)."""
    return base64.urlsafe_b64encode(bytes((n + i) % 256 for i in range(32))).rstrip(b"=").decode()


def sheet_of(base: dict, **changes) -> dict:
    return {k: v for k, v in copy.deepcopy(base).items() if k != "last_roll"} | changes


HARVEY = {"id": "pc-1", "name": "Harvey Walters", "sheet": sheet_of(HARVEY_SHEET)}
ANN = {
    "id": "pc-2",
    "name": "Ann Smith",
    "sheet": sheet_of(HARVEY_SHEET, name="Ann Smith", skills={"Spot Hidden": 70, "Fighting (Brawl)": 50, "Dodge": 35}),
}
CULTIST = {"id": "npc-1", "name": "Cultist", "sheet": sheet_of(EXAMPLE_OPPONENT)}
CHARACTERS = [HARVEY, ANN, CULTIST]
SEATS = [
    {"id": "s-1", "character": "pc-1", "player": "Bea", "key": key(1), "made": "2026-12-01T18:00:00Z"},
    {"id": "s-2", "character": "pc-2", "player": "Cal", "key": key(2), "made": "2026-12-01T18:00:00Z"},
]
SEAT_OF = {"pc-1": "s-1", "pc-2": "s-2"}
KNIFE = {
    "name": "Small knife",
    "skill": "Fighting (Brawl)",
    "damage": "1D4",
    "db": "full",
    "impale": True,
    "range": "",
    "attacks": 1,
    "ammo": None,
    "malfunction": None,
    "loaded": None,
    "jammed": False,
}


def proposal(pid: str, character: str, op: str, args: dict, bind: dict, dice: list, **extra) -> dict:
    """A proposal of the seat of ``character``."""
    return {
        "v": 1,
        "id": pid,
        "campaign": CAMPAIGN,
        "seat": SEAT_OF.get(character, "s-1"),
        "character": character,
        "op": op,
        "args": args,
        "bind": bind,
        "dice": list(dice),
        "dice_source": "digital",
        "at": "2026-12-01T20:15:03Z",
        "request": None,
        "seq": 0,
        "saw": None,
    } | extra


def played(pid: str, character: str, op: str, args: dict, bind: dict, sheets: dict, seed: int = 0, **extra) -> dict:
    """The proposal a player's device makes: ``op`` run on its view of the sheets (``sheets``: character id → sheet)
    with digital dice, the faces and what the player saw recorded."""
    bound = {name: sheets[cid] for name, cid in bind.items()}
    result = answer_seeded(op, args | bound, seed)
    faces = [throw["face"] for throw in result["dice"]]
    return proposal(pid, character, op, args, bind, faces, saw=seen(result), **extra)


def answer_seeded(op: str, args: dict, seed: int) -> dict:
    import json

    from py_rules import api

    got = json.loads(api.call(json.dumps({"op": op, "args": args, "seed": seed})))
    assert got["ok"], got
    return got["result"]


def sheets(characters=CHARACTERS) -> dict:
    return {c["id"]: c["sheet"] for c in characters}


def accept(proposals, characters=CHARACTERS, decided=(), settings=None, seats=SEATS, game="coc", **more) -> dict:
    """The game master's app accepting ``proposals`` through the JSON door: the answer's details (``more``: its
    other fields, the roll requests)."""
    return answer(
        "table.accept",
        game=game,
        campaign=CAMPAIGN,
        settings=settings or {},
        seats=seats,
        characters=characters,
        decided=list(decided),
        proposals=proposals,
        at=AT,
        **more,
    )["details"]


def after(accepted: dict, characters=CHARACTERS) -> list:
    """The characters as the accepted proposals left them, names kept (to accept more on them)."""
    by_id = {c["id"]: c["sheet"] for c in accepted["characters"]}
    return [c | {"sheet": by_id[c["id"]]} for c in characters]


def door_refusal(op: str, args: dict) -> dict:
    got = response(op, **args)
    assert not got["ok"], got
    return got["error"]
