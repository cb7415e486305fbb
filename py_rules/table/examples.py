"""The examples the table's operations show in the catalog (each runs: the catalog's example request of an
operation is its fields' examples): a seat of the example campaign, its character, a Spot Hidden roll proposed
with its faces, and that proposal as a code."""

from __future__ import annotations

import base64
import copy

from py_rules.coc.investigator import EXAMPLE as HARVEY

__all__ = ("SEAT", "SEATS", "CHARACTER", "PROPOSAL", "INVITE_CAMPAIGN", "EXAMPLE_CODE")

_KEY = base64.urlsafe_b64encode(bytes(range(32))).rstrip(b"=").decode()
"""A made-up key (a real one is 32 random bytes the page draws)."""

SEAT = {"id": "s-1", "character": "pc-1", "player": "Ann", "key": _KEY, "made": "2026-12-01T18:30:00Z"}
SEATS = [{"id": SEAT["id"], "key": SEAT["key"]}]
_SHEET = {key: value for key, value in copy.deepcopy(HARVEY).items() if key != "last_roll"}
CHARACTER = {"id": "pc-1", "name": _SHEET["name"], "sheet": _SHEET}
PROPOSAL = {
    "v": 1,
    "id": "p-1",
    "campaign": "example",
    "seat": "s-1",
    "character": "pc-1",
    "op": "coc.skill_roll",
    "args": {"skill": "Spot Hidden"},
    "bind": {"investigator": "pc-1"},
    "dice": [5, 30],
    "dice_source": "digital",
    "at": "2026-12-01T20:15:03Z",
    "request": None,
    "seq": 0,
    "saw": {"outcome": "Regular success", "steps": [["Target", 55], ["Total", 35]]},
}
INVITE_CAMPAIGN = {"id": "example", "name": "Example campaign", "game": "coc", "settings": {}, "forum": None}


def _code() -> str:
    from py_rules.table.codes import encode

    return encode("proposal", PROPOSAL, _KEY)


EXAMPLE_CODE = _code()
