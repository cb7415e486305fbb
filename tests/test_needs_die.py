"""Physical dice one at a time (TABLE.md, Running the game): when typed faces run out the door answers
"needs a die", naming the next die by its roll in the game's words, and the faces fed one by one reach the same
answer as all at once. Seed 003, Sanity ("Temporary Insanity": a loss of 5 or more calls for an INT roll) and
seed 000, Dying (a Survival Test every minute): dice the Keeper learns of only after the first dice."""

from __future__ import annotations

import copy
from functools import cache

import pytest

from py_rules import api
from py_rules.armageddon.character import EXAMPLE as JACK
from py_rules.coc.investigator import EXAMPLE as HARVEY
from py_rules.systems import all_operations
from tests.door import example_args
from tests.test_words_scan import problems_in

ROLLING = tuple(op for op in all_operations() if op.rolls)


def physical(op_id: str, args: dict, faces: list[int]) -> dict:
    return api.handle({"op": op_id, "args": {**copy.deepcopy(args), "dice": list(faces)}, "dice": "physical"})


def one_at_a_time(op_id: str, args: dict, faces: list[int]) -> tuple[dict, list[dict]]:
    """Answer every die the door asks for from ``faces`` in order: the final answer and the dice asked."""
    asked = []
    while True:
        answer = physical(op_id, args, faces[: len(asked)])
        if answer["ok"] or answer["error"]["code"] != "needs_die":
            return answer, asked
        asked.append(answer["error"]["die"])
        assert len(asked) <= len(faces), f"{op_id} asked for die {len(asked)} but the roll used {len(faces)}"


@cache
def _rolled(op_id: str) -> tuple[dict, dict] | None:
    args = example_args(api.operation(op_id))
    for seed in range(6):
        answer = api.handle({"op": op_id, "args": copy.deepcopy(args), "seed": seed})
        if answer["ok"] and answer["result"]["dice"]:
            return args, answer["result"]
    return None


def rolled(op) -> tuple[dict, dict]:
    """The catalog example's args and a digital answer to them that threw dice."""
    found = _rolled(op.id)
    assert found is not None, f"{op.id} rolls no dice from its catalog example: declare an example that rolls"
    return copy.deepcopy(found)


def test_every_rolling_operations_catalog_example_rolls_dice():
    """The properties below see every operation they are about: each rolling operation's example rolls (an
    operation that can never roll declares rolls=False)."""
    assert [op.id for op in ROLLING if _rolled(op.id) is None] == []


@pytest.mark.parametrize("op", ROLLING, ids=lambda op: op.id)
def test_with_no_faces_the_door_asks_for_the_first_die_by_its_roll(op):
    args, result = rolled(op)
    answer = physical(op.id, args, [])
    assert not answer["ok"] and answer["error"]["code"] == "needs_die", answer
    die, first = answer["error"]["die"], result["dice"][0]
    assert (die["name"], die["position"], die["so_far"]) == (first["die"], 1, [])
    assert first["face"] in die["shows"] and (die["low"], die["high"]) == (min(die["shows"]), max(die["shows"]))
    assert die["sides"] >= 1 and die["low"] <= die["high"] and die["roll"] and die["prompt"].startswith(die["roll"])
    assert answer["error"]["field"] == "dice"
    for text in (answer["error"]["message"], die["prompt"]):
        assert not problems_in(text), text


@pytest.mark.parametrize("op", ROLLING, ids=lambda op: op.id)
def test_faces_fed_one_by_one_reach_the_answer_of_all_at_once(op):
    args, result = rolled(op)
    faces = [throw["face"] for throw in result["dice"]]
    at_once = physical(op.id, args, faces)
    final, asked = one_at_a_time(op.id, args, faces)
    assert at_once["ok"] and final == at_once
    assert [die["name"] for die in asked] == [throw["die"] for throw in result["dice"]]
    assert [die["position"] for die in asked] == list(range(1, len(faces) + 1))
    assert final["result"]["text"] == result["text"]  # the same faces digital or typed: the same answer


def test_digital_dice_and_faces_typed_without_saying_physical_are_unchanged():
    args = {"attribute": 2, "skill": 3}
    assert api.handle({"op": "armageddon.task", "args": args, "seed": 1})["ok"]
    assert api.handle({"op": "armageddon.task", "args": {**args, "dice": []}, "seed": 1})["ok"]  # none typed: digital
    short = api.handle({"op": "armageddon.task", "args": {**args, "dice": [10]}})
    assert short["error"]["code"] == "needs_die" and short["error"]["die"]["prompt"] == "Rule of 10 reroll (d10)"
    refused = api.handle({"op": "armageddon.task", "args": args, "dice": "loaded"})
    assert refused["error"]["code"] == "bad_choice" and refused["error"]["field"] == "dice"


def test_a_sanity_loss_of_5_or_more_asks_for_the_int_roll_only_after_the_loss():
    """Seed 003, Sanity: a loss of 5+ from one source calls for an INT roll; it is asked after the loss die."""
    args = {"investigator": copy.deepcopy(HARVEY), "loss": "1/1D6"}
    final, asked = one_at_a_time("coc.sanity_roll", args, [9, 90, 6, 5, 50, 4])
    assert [die["prompt"] for die in asked][:3] == [
        "Sanity roll (d100) — units die",
        "Sanity roll (d100) — tens die",
        "Sanity loss (d6)",
    ]
    assert asked[3]["roll"].startswith("INT") and asked[3]["prompt"].endswith("(d100) — units die")
    assert final["ok"] and len(asked) == 6  # the INT roll succeeded: the bout's hours are rolled too
    small, asked_small = one_at_a_time("coc.sanity_roll", args, [9, 90, 4])  # a loss of 4: no INT roll
    assert small["ok"] and [die["roll"] for die in asked_small] == ["Sanity roll", "Sanity roll", "Sanity loss"]


def test_a_dying_characters_minutes_ask_for_each_survival_test():
    """Seed 000, Dying: at −10 LP or less a Survival Test every minute; each die is asked as it comes."""
    dying = api.handle(
        {"op": "armageddon.apply_damage", "args": {"character": copy.deepcopy(JACK), "amount": "42", "dice": [1, 9, 9]}}
    )["result"]["state"]
    args = {"character": dying, "minutes": 2}
    first = physical("armageddon.advance_time", args, [])
    assert first["error"]["code"] == "needs_die"
    assert first["error"]["die"]["prompt"].startswith("Survival Test") and first["error"]["die"]["name"] == "d10"
    final, asked = one_at_a_time("armageddon.advance_time", args, [9, 9, 9, 9])
    assert final["ok"] and all(die["roll"].startswith("Survival Test") for die in asked)
