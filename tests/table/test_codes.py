"""Codes carry a seat's records between devices (py_rules/table/codes.py): they read back exactly, any change to
them is found, and one for another campaign or seat, a newer version's or an older update is refused in words;
white space and line breaks inside a code do not matter, and every code in a pasted thread is read."""

from __future__ import annotations

import copy
import re

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from py_rules.table import codes
from py_rules.table.codes import MESSAGES
from tests.door import answer, refused
from tests.table.table_setup import CAMPAIGN, HARVEY, SEATS, proposal

QUIET = {"deadline": None, "suppress_health_check": list(HealthCheck)}
B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
SEAT = SEATS[0]


def made(n: int = 1, **extra) -> dict:
    return (
        proposal(f"p-{n}", "pc-1", "coc.skill_roll", {"skill": "Spot Hidden"}, {"investigator": "pc-1"}, [5, 30])
        | extra
    )


def code_of(payload: dict, kind: str = "proposal", key: str = SEAT["key"]) -> str:
    return answer("table.encode", kind=kind, payload=payload, key=key)["details"]["code"]


def read(text: str, campaign=CAMPAIGN, seats=SEATS, held_seq=None) -> dict:
    return answer("table.read_codes", text=text, campaign=campaign, seats=seats, held_seq=held_seq)["details"]


def messages(found: dict) -> list[str]:
    return [p["message"] for p in found["problems"]]


PROPOSALS = st.builds(
    lambda n, skill, faces, label, source: made(
        n, args={"skill": skill, "label": label}, dice=faces, dice_source=source
    ),
    st.integers(1, 10**6),
    st.sampled_from(["Spot Hidden", "Dodge", "Library Use"]),
    st.lists(st.integers(0, 90), max_size=12),
    st.text(st.characters(codec="utf-8", exclude_categories=("Cc", "Cs", "Cf", "Zl", "Zp")), max_size=40),
    st.sampled_from(["digital", "physical"]),
)


@settings(max_examples=60, **QUIET)
@given(payload=PROPOSALS)
def test_a_proposal_reads_back_exactly_from_its_code(payload):
    code = code_of(payload)
    assert re.fullmatch(r"RC1P\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{22}", code)
    found = read(code)
    assert found["problems"] == [] and found["items"] == [
        {"kind": "proposal", "payload": payload, "seat": "s-1", "code_start": 0, "number": 1}
    ]


def test_the_same_record_gives_the_same_code():
    assert code_of(made()) == code_of(copy.deepcopy(made())) == codes.encode("P", made(), SEAT["key"])


def test_flipping_any_character_of_the_payload_or_the_mac_is_refused():
    code = code_of(made())
    start = code.index(".") + 1
    for at in range(start, len(code)):
        if code[at] == ".":
            continue
        flipped = code[:at] + B64[(B64.index(code[at]) + 1) % 64] + code[at + 1 :]
        found = read(flipped)
        assert found["items"] == [] and len(found["problems"]) == 1, at
        assert found["problems"][0]["message"] in (MESSAGES["damaged"], MESSAGES["campaign"], MESSAGES["seat"]), at


def test_a_code_signed_with_another_seats_key_is_refused_as_altered():
    forged = codes.encode("proposal", made(), SEATS[1]["key"])  # Cal signs a proposal as Bea's seat
    assert messages(read(forged)) == [MESSAGES["damaged"]]


def test_a_code_for_another_campaign_or_a_seat_the_table_does_not_have_is_refused():
    assert messages(read(code_of(made()), campaign="camp-2")) == [MESSAGES["campaign"]]
    assert messages(read(code_of(made()), seats=SEATS[1:])) == [MESSAGES["seat"]]


def test_a_newer_versions_code_is_refused_with_its_own_words():
    code = code_of(made())
    assert messages(read("RC2" + code[3:])) == [MESSAGES["newer"]]
    assert messages(read("RC12" + code[3:])) == [MESSAGES["newer"]]
    assert messages(read("RC0" + code[3:])) == [MESSAGES["unknown"]]
    assert "newer version" in refused("table.encode", kind="proposal", payload=made(v=2), key=SEAT["key"])["message"]


def test_an_unknown_kind_and_a_text_without_a_code_are_said():
    assert messages(read("RC1X." + code_of(made())[5:])) == [MESSAGES["unknown"]]
    assert messages(read("Nothing to see here.")) == [MESSAGES["none"]]
    assert messages(read("")) == [MESSAGES["none"]]
    assert messages(read(code_of(made())[:-3])) == [MESSAGES["damaged"]]


def test_an_update_older_than_the_one_held_is_refused_as_stale():
    update = answer(
        "table.update", campaign=CAMPAIGN, seat=SEAT, seq=4, character=HARVEY, decisions=[], requests=[], turn=None
    )["details"]
    assert read(update["code"], held_seq=3)["items"][0]["payload"] == update["update"]
    for held in (4, 5):
        assert messages(read(update["code"], held_seq=held)) == [MESSAGES["stale"].format(seq=4, held=held)]


def test_an_invitation_carries_its_own_key_and_is_read_by_a_device_that_has_no_seat_yet():
    campaign = {"id": CAMPAIGN, "name": "Masks", "game": "coc", "settings": {"combat_ties": "book"}, "forum": None}
    invited = answer("table.invite", campaign=campaign, seat=SEAT, character=HARVEY)["details"]
    found = read(invited["code"], campaign=None, seats=[])
    assert found["items"][0]["payload"] == invited["invitation"] and found["items"][0]["seat"] == "s-1"
    assert invited["invitation"]["seat"]["key"] == SEAT["key"] and "made" not in invited["invitation"]["seat"]
    assert messages(read(invited["code"], campaign="camp-2", seats=[])) == [MESSAGES["campaign"]]


@settings(max_examples=40, **QUIET)
@given(data=st.data())
def test_white_space_and_line_breaks_inside_a_code_do_not_matter(data):
    code = code_of(made())
    cuts = sorted(data.draw(st.lists(st.integers(1, len(code) - 1), max_size=12, unique=True)))
    spaces = [data.draw(st.sampled_from([" ", "\n", "\r\n", "\t", "  \n "])) for _ in cuts]
    wrapped, last = "", 0
    for cut, space in zip(cuts, spaces, strict=True):
        wrapped, last = wrapped + code[last:cut] + space, cut
    wrapped += code[last:]
    found = read("Here is my roll:\n" + wrapped + "\nThanks!")
    assert found["problems"] == [] and found["items"][0]["payload"] == made()
    assert found["items"][0]["code_start"] == len("Here is my roll:\n")


def test_every_code_in_a_pasted_thread_is_read_in_order_and_a_bad_one_is_placed():
    posts, starts, text = [made(n) for n in range(1, 8)], [], ""
    for n, payload in enumerate(posts):
        text += f"[quote]Post {n}: I search the desk.[/quote]\n"
        starts.append(len(text))
        text += code_of(payload) + "\n\n"
    damaged_at = len(text)
    last = code_of(made(99))
    text += last[:-1] + ("B" if last[-1] == "A" else "A") + " more words"
    found = read(text)
    assert [item["payload"] for item in found["items"]] == posts
    assert [item["code_start"] for item in found["items"]] == starts
    assert [item["number"] for item in found["items"]] == list(range(1, 8))
    assert found["problems"] == [{"code_start": damaged_at, "number": 8, "message": MESSAGES["damaged"]}]


def test_a_code_is_numbered_by_the_codes_read_before_it_whatever_its_letters_hold():
    """The number that names a code in a message counts what the reader took for codes (a payload's letters may
    spell ``RC7Q``; only an ``RC1P.`` where a code may start begins one), so "Code 2" is the second code pasted."""
    first = code_of(made(1))
    head, payload, mac = first.split(".")
    cut = len(payload) // 2
    lookalike = f"{head}.{payload[:cut]}RC7Q{payload[cut:]}.{mac}"  # damaged, but one code
    second = code_of(made(2))
    altered = second[:-1] + ("B" if second[-1] == "A" else "A")
    found = read(f"{lookalike}\n{altered}")
    assert [(problem["number"], problem["message"]) for problem in found["problems"]] == [
        (1, MESSAGES["damaged"]),
        (2, MESSAGES["damaged"]),
    ]


def test_a_roll_request_travels_for_one_seat():
    request = {
        "id": "r-1",
        "op": "coc.skill_roll",
        "args": {"skill": "Spot Hidden", "difficulty": "Hard", "bonus": 1},
        "label": "Spot Hidden, all of you",
        "seats": ["s-1", "s-2"],
        "at": "2026-12-01T20:00:00Z",
    }
    payload = {"v": 1, "campaign": CAMPAIGN, "seat": "s-1", "request": request}
    assert read(code_of(payload, "R"))["items"][0] == {
        "kind": "request",
        "payload": payload,
        "seat": "s-1",
        "code_start": 0,
        "number": 1,
    }
    wrong = refused("table.encode", kind="request", payload=payload | {"seat": "s-3"}, key=SEAT["key"])
    assert wrong["code"] == "bad_table_record"


@pytest.mark.parametrize(
    "payload, field",
    [
        (made() | {"dice_source": "telepathy"}, "dice_source"),
        (made() | {"id": ""}, "id"),
        ({k: v for k, v in made().items() if k != "op"}, "op"),
        (made() | {"colour": "red"}, "colour"),
    ],
)
def test_a_record_that_is_not_well_formed_is_not_made_into_a_code(payload, field):
    error = refused("table.encode", kind="proposal", payload=payload, key=SEAT["key"])
    assert error["code"] == "bad_table_record" and error["field"] == "payload" and field in error["path"]


def test_a_payload_larger_than_a_code_holds_is_refused_both_ways():
    big = made(
        args={"skill": "Spot Hidden", "label": "x" * 400}, saw={"outcome": "", "steps": [["a" * 400, "b" * 400]] * 100}
    )
    assert refused("table.encode", kind="proposal", payload=big, key=SEAT["key"])["code"] == "too_large"
    head = "RC1P."
    payload = "A" * (codes.MAX_PAYLOAD_CHARS + 1)
    assert messages(read(head + payload + "." + "A" * 22)) == [MESSAGES["too_large"]]


def test_a_zip_bomb_is_refused_without_unpacking_it_all():
    import base64
    import zlib

    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    packed = packer.compress(b"[" + b"0," * 10_000_000 + b"0]") + packer.flush()
    text = base64.urlsafe_b64encode(packed).rstrip(b"=").decode()
    assert len(text) < codes.MAX_PAYLOAD_CHARS
    assert messages(read("RC1P." + text + "." + "A" * 22)) == [MESSAGES["too_large"]]


def test_a_text_full_of_broken_codes_lists_the_first_problems_and_counts_the_rest():
    found = read("RC1P.! " * 250)
    assert len(found["problems"]) == codes.MAX_PROBLEMS + 1
    assert found["problems"][-1] == {"code_start": 700, "message": MESSAGES["more"].format(count=150)}


DECISIONS = st.lists(
    st.builds(
        lambda n, status, differs: {
            "proposal": f"p-{n}",
            "seat": "s-1",
            "status": status,
            "reason": None if status == "accepted" else "Harvey Walters is dead and cannot roll.",
            "differs": differs,
            "entry": None,
            "at": "2026-12-01T21:00:00Z",
        },
        st.integers(0, 999),
        st.sampled_from(["accepted", "refused", "duplicate"]),
        st.lists(st.sampled_from(["Spot Hidden is 50 here; the player rolled against 55."]), max_size=2),
    ),
    max_size=20,
)


@settings(max_examples=40, **QUIET)
@given(seq=st.integers(0, 10**6), held=st.none() | st.integers(0, 10**6), decisions=DECISIONS)
def test_an_update_reads_back_exactly_when_it_is_newer_than_the_one_held(seq, held, decisions):
    made = answer(
        "table.update", campaign=CAMPAIGN, seat=SEAT, seq=seq, character=HARVEY, decisions=decisions, requests=[]
    )["details"]
    found = read(made["code"], held_seq=held)
    if held is None or seq > held:
        assert found["items"] == [
            {"kind": "update", "payload": made["update"], "seat": "s-1", "code_start": 0, "number": 1}
        ]
    else:
        assert found["items"] == [] and messages(found) == [MESSAGES["stale"].format(seq=seq, held=held)]
