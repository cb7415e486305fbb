"""Roll requests (py_rules/table/accept.py): the game master asks one seat, several or all for a roll — its
difficulty, bonus or penalty dice, a Sanity roll with its loss — and each answer comes back as a proposal. The
request's arguments are the game master's: they stand over what the player's device sent; a seat answers a request
once, only one that asked it, with the roll asked."""

from __future__ import annotations

from tests.table.table_setup import accept, proposal

HARD_SPOT = {
    "id": "r-1",
    "op": "coc.skill_roll",
    "args": {"skill": "Spot Hidden", "difficulty": "Hard", "bonus": 1},
    "label": "Spot Hidden, Hard, with a bonus die: all of you",
    "seats": ["s-1", "s-2"],
    "at": "2026-12-01T20:00:00Z",
}
SANITY = {
    "id": "r-2",
    "op": "coc.sanity_roll",
    "args": {"loss": "0/1D4"},
    "label": "Sanity, Harvey",
    "seats": ["s-1"],
    "at": "2026-12-01T20:00:00Z",
}


def answer_to(request: dict, pid: str, character: str, faces, args=None) -> dict:
    args = request["args"] if args is None else args
    return proposal(pid, character, request["op"], args, {"investigator": character}, faces, request=request["id"])


def test_each_asked_seat_answers_and_the_request_stands_over_what_the_device_sent():
    harvey = answer_to(HARD_SPOT, "p-1", "pc-1", [3, 90, 10])
    ann = answer_to(HARD_SPOT, "p-2", "pc-2", [3, 90, 10], args={"skill": "Spot Hidden"})  # her device forgot it
    done = accept([harvey, ann], requests=[HARD_SPOT])
    assert [d["status"] for d in done["decisions"]] == ["accepted", "accepted"]
    for entry in done["entries"]:
        assert entry["request"] == "r-1" and entry["args"]["difficulty"] == "Hard" and entry["args"]["bonus"] == 1
        assert entry["result"]["total"] == 13  # the bonus die keeps the lower tens: 10 and 3
    assert done["decisions"][0]["differs"] == []
    assert (
        "The roll request asked for Difficulty Hard; the player's device had nothing."
        in done["decisions"][1]["differs"]
    )


def test_an_answer_whose_dice_do_not_fit_the_roll_asked_is_refused():
    done = accept([answer_to(HARD_SPOT, "p-1", "pc-1", [3, 90], args={"skill": "Spot Hidden"})], requests=[HARD_SPOT])
    assert done["decisions"][0]["status"] == "refused" and "ran out" in done["decisions"][0]["reason"]


def test_a_sanity_roll_asked_is_answered_with_its_loss():
    done = accept([answer_to(SANITY, "p-1", "pc-1", [5, 90, 3])], requests=[SANITY])
    (entry,) = done["entries"]
    assert entry["args"]["loss"] == "0/1D4" and entry["states"]["pc-1"]["san"] < entry["before"]["pc-1"].get("san", 60)


def test_a_seat_answers_a_request_once_only_one_that_asked_it_with_the_roll_asked():
    twice = accept(
        [answer_to(HARD_SPOT, "p-1", "pc-1", [3, 90, 10]), answer_to(HARD_SPOT, "p-2", "pc-1", [3, 90, 10])],
        requests=[HARD_SPOT],
    )
    assert [d["status"] for d in twice["decisions"]] == ["accepted", "refused"]
    assert twice["decisions"][1]["reason"] == "This seat has already answered that roll request."
    answered = HARD_SPOT | {"answers": {"s-1": "p-0"}}
    assert (
        accept([answer_to(HARD_SPOT, "p-1", "pc-1", [3, 90, 10])], requests=[answered])["decisions"][0]["status"]
        == "refused"
    )
    not_asked = accept([answer_to(SANITY, "p-1", "pc-2", [5, 90, 3])], requests=[SANITY])["decisions"][0]
    assert not_asked["reason"] == "That roll request did not ask this seat."
    other = proposal("p-1", "pc-1", "coc.luck_roll", {}, {"investigator": "pc-1"}, [3, 90], request="r-1")
    assert accept([other], requests=[HARD_SPOT])["decisions"][0]["reason"].startswith("The roll request asked for ")
    unknown = accept([answer_to(HARD_SPOT, "p-1", "pc-1", [3, 90, 10])], requests=[SANITY])["decisions"][0]
    assert unknown["reason"] == "This answers a roll request the game master has not asked, or has withdrawn."
    assert accept([answer_to(HARD_SPOT, "p-1", "pc-1", [3, 90, 10])])["decisions"][0]["status"] == "accepted"


def test_a_request_value_equal_to_the_operations_default_is_the_same_roll_as_one_left_out():
    asked = HARD_SPOT | {"args": {"skill": "Spot Hidden", "difficulty": "Hard", "bonus": 0, "penalty": 0}}
    answered = answer_to(asked, "p-1", "pc-1", [3, 90], args={"skill": "Spot Hidden", "difficulty": "Hard"})
    done = accept([answered], requests=[asked])
    assert done["decisions"][0]["status"] == "accepted" and done["decisions"][0]["differs"] == []
