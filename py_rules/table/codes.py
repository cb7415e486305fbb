"""Codes: the text a seat's records travel as, in forum posts, files and chat (:mod:`py_rules.table`).

A code is ``RC1<K>.<payload>.<mac>``: ``RC`` and the version (1), the kind's letter (``I`` invitation, ``P``
proposal, ``U`` update, ``R`` roll request), the payload — the record as compact JSON with sorted keys, deflated
(raw deflate, no header) and written in base64url without padding — and the mac: the first 16 bytes of
HMAC-SHA256 over ``RC1<K>.<payload>`` with the seat's key (its 32 bytes), in base64url (22 characters). An
invitation's mac uses the key it carries: it proves the code whole, not who made it.

:func:`read` finds every code in a pasted text (one code, a whole post, a thread): white space and line breaks
inside a code are left out first (a forum wraps a long word), so a code is read from the text without them, and
each code found is verified. It runs in time linear in the text: one pass leaves the white space out, one more
finds the codes (each payload is read once, bounded by :data:`MAX_PAYLOAD_BYTES`). A code that cannot be used is
a problem in plain words at the place it starts, never an error: a newer version's (``RC2``), a damaged or altered
one, one for another campaign or for a seat this campaign does not have, an update older than the one held.
"""

from __future__ import annotations

import base64
import binascii
import bisect
import hashlib
import hmac
import json
import re
import zlib
from dataclasses import dataclass, field

from py_rules import limits
from py_rules.errors import RulesError
from py_rules.table import shapes

__all__ = (
    "KINDS",
    "LETTERS",
    "MAX_PAYLOAD_BYTES",
    "MAX_TEXT_CHARS",
    "MAX_PROBLEMS",
    "MESSAGES",
    "encode",
    "read",
    "Read",
    "canonical_json",
)

KINDS = {"I": "invitation", "P": "proposal", "U": "update", "R": "request"}
"""Each kind's letter in a code → its name."""
LETTERS = {name: letter for letter, name in KINDS.items()}
MAC_BYTES = 16
MAC_CHARS = 22
"""16 bytes of base64url without padding."""
MAX_PAYLOAD_BYTES = 64 * 1024
"""The most a payload's JSON may hold once inflated (an invitation holds a whole sheet: a few kB)."""
MAX_PAYLOAD_CHARS = (MAX_PAYLOAD_BYTES * 4 + 2) // 3
"""A payload's base64url can hold no more than this once deflated (deflate never grows text past a few bytes)."""
MAX_PROBLEMS = 100
"""Problems listed one by one; the rest are counted."""
_MOST_RATIO = 64
_LEAST_BOUND = 4096
"""A payload unpacks to at most 64 times its packed size (a record's JSON packs to a fifth or so; more is a
"zip bomb"), so reading a thread of codes costs time in proportion to the thread."""
MAX_TEXT_CHARS = 900_000
"""A pasted thread: a few hundred posts."""
_JSON_DEPTH = 32

MESSAGES = {
    "none": "There is no code in this text: a code starts with RC1.",
    "newer": "This code comes from a newer version of the app: update the app, then paste it again.",
    "unknown": "This is not a code this app reads.",
    "damaged": "This code is damaged or was altered: copy it again, whole, and paste it.",
    "too_large": f"This code is larger than a code can be ({MAX_PAYLOAD_BYTES // 1024} KB once unpacked).",
    "campaign": "This code is for another campaign.",
    "seat": "This code is for a seat this campaign does not have.",
    "stale": "This update is older than the one already held (update {seq}; the one held is {held}).",
    "shape": "This code's {kind} is not well formed: {message}",
    "more": "… and {count:,} more codes that could not be read.",
}
"""Every problem a code can have, in plain words."""

_SHAPES = {
    "invitation": shapes.invitation_problems,
    "proposal": shapes.proposal_problems,
    "update": shapes.update_problems,
}
_START = re.compile(r"RC([0-9]{1,6})([A-Za-z])\.")
_RUN = re.compile(r"[A-Za-z0-9_-]*")
_MAC = re.compile(rf"[A-Za-z0-9_-]{{{MAC_CHARS}}}")


def canonical_json(value) -> bytes:
    """The compact JSON (sorted keys, UTF-8) a payload deflates."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False).encode()


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def key_bytes(key: str) -> bytes:
    """A seat's key (43 characters of base64url) as its 32 bytes."""
    return base64.urlsafe_b64decode(key + "=")


def _mac(head: str, payload: str, key: str) -> str:
    digest = hmac.new(key_bytes(key), (head + payload).encode("ascii"), hashlib.sha256).digest()
    return _b64(digest[:MAC_BYTES])


def request_problems(value, path: str = "") -> list[dict]:
    """A roll request as its code carries it: for one seat of one campaign."""
    if not isinstance(value, dict):
        return [shapes.problem(path, "A roll request's code holds a JSON object.")]
    keys = ("v", "campaign", "seat", "request")
    out = shapes._keys(value, keys, keys, path, "A roll request's code")
    if not out:
        out += shapes._version_problems(value["v"], shapes.join_path(path, "v"), "The roll request")
        out += shapes.id_problems(value["campaign"], shapes.join_path(path, "campaign"), "The campaign")
        out += shapes.id_problems(value["seat"], shapes.join_path(path, "seat"), "The seat")
        out += shapes.request_problems(value["request"], shapes.join_path(path, "request"))
        if not out and value["seat"] not in value["request"]["seats"]:
            out.append(shapes.problem(shapes.join_path(path, "seat"), "The seat is not one the request asks."))
    return out


_SHAPES["request"] = request_problems


def kind_of(kind: str) -> str:
    """A kind's name from its name or its letter."""
    named = KINDS.get(kind, kind)
    if named not in LETTERS:
        raise RulesError("bad_choice", "The kind must be invitation, proposal, update or request.", "kind")
    return named


def encode(kind: str, payload, key: str) -> str:
    """The code of ``payload`` (checked by its kind's shape first) signed with ``key``."""
    kind = kind_of(kind)
    shapes.checked(payload, _SHAPES[kind], "payload", f"The {kind}")
    if not shapes.is_key(key):
        raise RulesError("bad_table_record", f"The key must be {shapes.KEY_CHARS} characters of base64url.", "key")
    if kind == "invitation" and payload["seat"]["key"] != key:
        raise RulesError("bad_table_record", "An invitation is signed with the key it carries.", "key")
    body = canonical_json(payload)
    if len(body) > MAX_PAYLOAD_BYTES:
        raise RulesError(
            "too_large", f"The {kind} is {len(body):,} bytes; a code holds at most {MAX_PAYLOAD_BYTES:,}.", "payload"
        )
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    text = _b64(packer.compress(body) + packer.flush())
    head = f"RC{shapes.VERSION}{LETTERS[kind]}."
    return f"{head}{text}.{_mac(head, text, key)}"


@dataclass
class Read:
    """What :func:`read` found: each verified code as ``{"kind", "payload", "seat", "code_start", "number"}`` and
    each problem as ``{"code_start", "message"}``, with ``number`` where the problem is one code's (``code_start``:
    an index in the text as it was pasted; ``number``: the code's place among the codes found, 1 for the first,
    so that a message names the code the reader saw: a code's letters may hold ``RC1P`` themselves)."""

    items: list = field(default_factory=list)
    problems: list = field(default_factory=list)


def _inflate(text: str):
    """The payload's JSON, or the name of its problem."""
    try:
        data = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except (binascii.Error, ValueError):
        return None, "damaged"
    unpacker = zlib.decompressobj(-15)
    most = min(MAX_PAYLOAD_BYTES, max(_LEAST_BOUND, _MOST_RATIO * len(data)))
    try:
        body = unpacker.decompress(data, most + 1)
    except zlib.error:
        return None, "damaged"
    if len(body) > most:
        return None, "too_large"
    if not unpacker.eof or unpacker.unused_data:
        return None, "damaged"
    try:
        return limits.loads(body.decode("utf-8"), _JSON_DEPTH, "payload", "The code"), None
    except (RulesError, UnicodeDecodeError):
        return None, "damaged"


def _addressed(kind: str, value) -> tuple:
    """The campaign and seat a payload names, and the key it carries (an invitation's), or Nones."""
    if not isinstance(value, dict):
        return None, None, None
    if kind == "invitation":
        campaign, seat = value.get("campaign"), value.get("seat")
        campaign = campaign.get("id") if isinstance(campaign, dict) else None
        if not isinstance(seat, dict):
            return campaign, None, None
        return campaign, seat.get("id"), seat.get("key")
    return value.get("campaign"), value.get("seat"), None


def _verify(kind: str, head: str, text: str, mac: str, campaign, keys: dict, held_seq) -> tuple:
    """The verified item's parts ``(payload, seat)``, or the problem's message."""
    value, wrong = _inflate(text)
    if wrong:
        return None, MESSAGES[wrong]
    at_campaign, seat, key = _addressed(kind, value)
    if not isinstance(seat, str):
        return None, MESSAGES["damaged"]
    if campaign is not None and at_campaign != campaign:
        return None, MESSAGES["campaign"]
    if kind != "invitation":
        key = keys.get(seat)
        if key is None:
            return None, MESSAGES["seat"]
    if not shapes.is_key(key):
        return None, MESSAGES["damaged"]
    if not hmac.compare_digest(_mac(head, text, key), mac):
        return None, MESSAGES["damaged"]
    problems = _SHAPES[kind](value, "")
    if problems:
        first = problems[0]
        return None, MESSAGES["shape"].format(kind=kind, message=first["message"])
    if kind == "update" and held_seq is not None and value["seq"] <= held_seq:
        return None, MESSAGES["stale"].format(seq=value["seq"], held=held_seq)
    return (value, seat), None


def _without_space(text: str) -> tuple[str, list[int], list[int]]:
    """``text`` without white space, and where each of its pieces starts in both (to name a place as pasted)."""
    pieces, starts, at, kept = [], [], [], 0
    for found in re.finditer(r"\S+", text):
        pieces.append(found.group())
        starts.append(kept)
        at.append(found.start())
        kept += len(found.group())
    return "".join(pieces), starts, at


def read(text: str, campaign: str | None = None, seats=(), held_seq: int | None = None) -> Read:
    """Every code in ``text`` verified: against ``campaign`` (None: any), with the keys of ``seats``
    (``[{"id", "key"}]``; an invitation carries its own) and, for an update, newer than ``held_seq``."""
    keys = {seat["id"]: seat["key"] for seat in seats}
    plain, starts, at = _without_space(text)
    found = Read()

    def place(index: int) -> int:
        piece = bisect.bisect_right(starts, index) - 1
        return at[piece] + index - starts[piece] if piece >= 0 else 0

    pos = 0
    number = 0
    while True:
        start = _START.search(plain, pos)
        if start is None:
            break
        number += 1
        where = place(start.start())

        def refuse(message: str, where=where, number=number) -> None:
            found.problems.append({"code_start": where, "number": number, "message": message})

        version, letter = start.group(1), start.group(2)
        run_end = _RUN.match(plain, start.end()).end()
        pos = run_end
        if version != str(shapes.VERSION):
            newer = version.isdigit() and not version.startswith("0") and int(version) > shapes.VERSION
            refuse(MESSAGES["newer" if newer else "unknown"])
            continue
        if letter not in KINDS:
            refuse(MESSAGES["unknown"])
            continue
        if run_end - start.end() > MAX_PAYLOAD_CHARS:
            refuse(MESSAGES["too_large"])
            continue
        mac = plain[run_end + 1 : run_end + 1 + MAC_CHARS]
        if plain[run_end : run_end + 1] != "." or not _MAC.fullmatch(mac):
            refuse(MESSAGES["damaged"])
            continue
        pos = run_end + 1 + MAC_CHARS
        head = plain[start.start() : start.end()]
        kind = KINDS[letter]
        parts, wrong = _verify(kind, head, plain[start.end() : run_end], mac, campaign, keys, held_seq)
        if wrong:
            refuse(wrong)
        else:
            found.items.append(
                {"kind": kind, "payload": parts[0], "seat": parts[1], "code_start": where, "number": number}
            )
    if not found.items and not found.problems:
        found.problems.append({"code_start": 0, "message": MESSAGES["none"]})
    if len(found.problems) > MAX_PROBLEMS:
        more = len(found.problems) - MAX_PROBLEMS
        start = found.problems[MAX_PROBLEMS]["code_start"]
        found.problems[MAX_PROBLEMS:] = [{"code_start": start, "message": MESSAGES["more"].format(count=more)}]
    return found
