"""The table's operations for the JSON door (:mod:`py_rules.table`): namespace ``table.``. Each answers the door's
usual result with its answer in ``details``:

* ``table.encode`` ``{kind, payload, key}`` → ``{"code"}``: a record as a code (:mod:`.codes`).
* ``table.read_codes`` ``{text, campaign, seats, held_seq}`` → ``{"items", "problems"}``: every code in a pasted text.
* ``table.accept`` ``{game, campaign, settings, seats, characters, decided, proposals, at}`` → ``{"decisions",
  "entries", "characters"}`` (:mod:`.accept`).
* ``table.update`` ``{campaign, seat, seq, character, decisions, requests, turn, targets}`` → ``{"update", "code"}``
  (``targets``: who the player may attack, ``{id, name}`` each, never a sheet; left out of the update when none).
* ``table.invite`` ``{campaign, seat, character}`` → ``{"invitation", "code"}``.

Pure: no randomness and no clock; ids, keys and times come in the arguments.
"""

from __future__ import annotations

from py_rules.operations import Operation, System
from py_rules.params import Param
from py_rules.systems import GAME_IDS
from py_rules.table import codes, shapes
from py_rules.table.accept import accept
from py_rules.table.examples import CHARACTER, EXAMPLE_CODE, INVITE_CAMPAIGN, PROPOSAL, SEAT, SEATS
from py_rules.table.fields import (
    LONG as _LONG,
    decided_id as _decided,
    id_of as _id,
    json_param as _json,
    key_seat as _key_seat,
    listed as _listed,
    one as _one,
    proposal_id_and_seat as _proposal_id_and_seat,
    table_seat as _table_seat,
    unique_ids,
)
from py_rules.trace import Result
from py_rules.words import counted

__all__ = ("SYSTEM", "OPERATIONS")

SOURCE = "TABLE.md, The group, not only the game master"
SYSTEM = System("table", "The table", "GM", SOURCE)


def _kind(value: str) -> str:
    return codes.kind_of(value)


def _encode(*, kind, payload, key) -> Result:
    code = codes.encode(kind, payload, key)
    return Result(
        "table", "encode", events=[f"The {kind} as a code of {len(code):,} characters."], details={"code": code}
    )


def _read_codes(*, text, campaign, seats, held_seq) -> Result:
    if campaign is not None:
        _id(campaign, "campaign", "The campaign")
    found = codes.read(text, campaign, seats or [], held_seq)
    events = [
        f"{counted(len(found.items), 'codes')} read"
        + (f", {counted(len(found.problems), 'problems')}." if found.problems else ".")
    ]
    return Result(
        "table",
        "read_codes",
        events=events,
        steps=[],
        details={"items": found.items, "problems": found.problems},
    )


def _accept(*, game, campaign, settings, seats, characters, decided, proposals, at, requests) -> Result:
    _id(campaign, "campaign", "The campaign")
    unique_ids(characters, "characters")
    unique_ids(seats, "seats")
    shapes.checked(at, lambda v, _p: shapes._time_problems(v, "", "The time"), "at", "The time")
    answer = accept(
        game=game,
        campaign=campaign,
        settings=settings or {},
        seats=seats,
        characters=characters,
        decided=decided or [],
        proposals=proposals,
        at=at,
        requests=requests,
    )
    tally = {status: sum(d["status"] == status for d in answer["decisions"]) for status in shapes.STATUSES}
    said = ", ".join(f"{count} {status}" for status, count in tally.items() if count) or "nothing to decide"
    events = [f"Proposals: {said}."] + [
        f"Refused {d['proposal']}: {d['reason']}" for d in answer["decisions"] if d["status"] == "refused"
    ]
    return Result("table", "accept", events=events, details=answer)


def _update(*, campaign, seat, seq, character, decisions, requests, turn, targets) -> Result:
    update = {
        "v": shapes.VERSION,
        "campaign": _id(campaign, "campaign", "The campaign"),
        "seat": seat["id"],
        "seq": seq,
        "character": character,
        "decisions": decisions or [],
        "requests": requests or [],
        "turn": turn,
    } | ({"targets": [{"id": t["id"], "name": t["name"]} for t in targets]} if targets else {})
    code = codes.encode("update", update, seat["key"])
    return Result(
        "table", "update", events=[f"Update {seq} for seat {seat['id']}."], details={"update": update, "code": code}
    )


def _invite(*, campaign, seat, character) -> Result:
    invitation = {
        "v": shapes.VERSION,
        "campaign": {key: campaign.get(key) for key in ("id", "name", "game", "settings", "forum")},
        "seat": {key: seat[key] for key in ("id", "character", "player", "key") if key in seat},
        "character": character,
        "seq": 0,
    }
    code = codes.encode("invitation", invitation, seat["key"])
    return Result(
        "table",
        "invite",
        events=[f"An invitation to {campaign.get('name')} for seat {seat['id']}."],
        details={"invitation": invitation, "code": code},
    )


def _campaign_id(help: str) -> Param:
    return Param("campaign", "text", "Campaign", help, example=PROPOSAL["campaign"])


SEAT_PARAM = _json(
    "seat",
    "Seat",
    "The seat as the campaign keeps it: id, character, player, key and when it was made.",
    _one(shapes.seat_problems, "The seat"),
    SEAT,
)
CHARACTER_PARAM = _json(
    "character",
    "Character",
    "The seat's character: its id, name and sheet as the game master's campaign holds it.",
    _one(shapes.character_problems, "The character"),
    CHARACTER,
)

ENCODE = Operation(
    id="table.encode",
    system="table",
    title="A record as a code",
    summary="A seat's invitation, proposal, update or roll request as a code to paste in a forum post, a file or a "
    "chat: checked first, packed, and signed with the seat's key so any change to it is found.",
    covers=(),
    rolls=False,
    run=_encode,
    source=SOURCE,
    params=(
        Param(
            "kind",
            "choice",
            "Kind",
            "What the record is: an invitation, a proposal, an update or a roll request.",
            default="proposal",
            choices=tuple(codes.LETTERS),
            parse=_kind,
        ),
        _json("payload", "Record", "The record itself, as its kind's shape says.", None, PROPOSAL),
        Param("key", "text", "Seat key", "The seat's key (43 characters).", example=SEAT["key"], max_length=43),
    ),
)

READ_CODES = Operation(
    id="table.read_codes",
    system="table",
    title="Read codes",
    summary="Every code in a pasted text (one code, a whole post or a thread; line breaks inside a code do not "
    "matter), each checked: a damaged or altered one, one for another campaign or seat, a newer version's or an "
    "update older than the one held is said in words.",
    covers=(),
    rolls=False,
    run=_read_codes,
    source=SOURCE,
    params=(
        Param(
            "text",
            "text",
            "Pasted text",
            "The text holding the codes.",
            example=EXAMPLE_CODE,
            max_length=codes.MAX_TEXT_CHARS,
            as_written=True,
        ),
        Param(
            "campaign",
            "text",
            "Campaign",
            "The campaign's id (empty on a player's device that has not joined yet).",
            default=None,
            example=PROPOSAL["campaign"],
        ),
        _json(
            "seats",
            "Seats",
            "The seats whose codes may be read, each with its id and key (a player's device: its own seat).",
            _listed(_key_seat, "The seats"),
            SEATS,
            default=[],
        ),
        Param(
            "held_seq",
            "int",
            "Update held",
            "The number of the update already held (an older one is refused).",
            default=None,
            minimum=0,
        ),
    ),
)

ACCEPT = Operation(
    id="table.accept",
    system="table",
    title="Accept proposals",
    summary="Decide players' proposals in order: each re-run by the rules on the game master's sheets with the "
    "player's dice; refused with the rules' reason, or a duplicate when already decided; what differs from what "
    "the player saw is said.",
    covers=(),
    rolls=False,
    run=_accept,
    source=SOURCE,
    params=(
        Param("game", "choice", "Game", "The campaign's game.", default="coc", choices=GAME_IDS),
        _campaign_id("The game master's campaign id: a proposal for another is refused."),
        _json("settings", "House rules", "The campaign's house rules.", None, {"combat_ties": "book"}, default={}),
        _json("seats", "Seats", "The campaign's seats.", _listed(_table_seat, "The seats"), [SEAT]),
        _json(
            "characters",
            "Characters",
            "The campaign's characters the proposals bind: id, name and sheet.",
            _listed(shapes.character_problems, "The characters"),
            [CHARACTER],
            max_length=_LONG,
        ),
        _json(
            "decided", "Decided", "The ids of proposals already decided.", _listed(_decided, "Decided"), [], default=[]
        ),
        _json(
            "proposals",
            "Proposals",
            "The proposals, in the order to decide them.",
            _listed(_proposal_id_and_seat, "The proposals"),
            [PROPOSAL],
            max_length=_LONG,
        ),
        Param("at", "text", "Time", "When they are decided (ISO 8601).", example="2026-12-01T20:16:00Z", max_length=40),
        _json(
            "requests",
            "Roll requests",
            "The campaign's roll requests, with their answers so far: a proposal answering one is checked against "
            "it (left out: not checked).",
            _listed(shapes.request_problems, "The roll requests"),
            None,
            default=None,
        ),
    ),
)

UPDATE = Operation(
    id="table.update",
    system="table",
    title="An update for a seat",
    summary="What the game master sends one seat, as a record and a code: its character as it is now, the "
    "decisions of its proposals, the roll requests open for it and whose turn it is.",
    covers=(),
    rolls=False,
    run=_update,
    source=SOURCE,
    params=(
        _campaign_id("The campaign's id."),
        SEAT_PARAM,
        Param("seq", "int", "Update number", "One more than the seat's last update.", example=1, minimum=0),
        CHARACTER_PARAM,
        _json(
            "decisions",
            "Decisions",
            "The decisions of the seat's proposals.",
            _listed(shapes.decision_problems, "The decisions"),
            [],
            default=[],
        ),
        _json(
            "requests",
            "Roll requests",
            "The roll requests open for the seat.",
            _listed(shapes.request_problems, "The roll requests"),
            [],
            default=[],
        ),
        _json(
            "turn",
            "Turn",
            "The encounter and whose turn it is, or nothing.",
            _one(shapes._turn_problems, "The turn", optional=True),
            None,
            default=None,
        ),
        _json(
            "targets",
            "Targets",
            "Who the player may name in an attack: the running encounter's combatants, else the campaign's other "
            "characters; each its id and name only (a player is never sent another character's numbers).",
            _listed(shapes.target_problems, "The targets"),
            [{"id": "npc-1", "name": "Ghoul"}],
            default=[],
        ),
    ),
)

INVITE = Operation(
    id="table.invite",
    system="table",
    title="An invitation for a seat",
    summary="What a player's device needs to join: the campaign, the seat with its key and the character, as a "
    "record and a code.",
    covers=(),
    rolls=False,
    run=_invite,
    source=SOURCE,
    params=(
        _json(
            "campaign",
            "Campaign",
            "The campaign: id, name, game, house rules and forum choices.",
            _one(shapes._campaign_problems, "The campaign"),
            INVITE_CAMPAIGN,
        ),
        SEAT_PARAM,
        CHARACTER_PARAM,
    ),
)

OPERATIONS = (ENCODE, READ_CODES, ACCEPT, UPDATE, INVITE)
