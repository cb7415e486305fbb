"""A roll against someone else proposed with only the player's own dice (py_rules/table/accept.py, "The other side's
dice"; py_rules/table/__init__.py, ``gm_dice``): the player's device throws the attack roll, the game master's app throws
the defender's dice and the rest, seeded by the proposal's id, and says which dice were whose. Only the operations
declared two-sided (py_rules/table/players.py ``TWO_SIDED``) may leave dice to the game master."""

from __future__ import annotations

import copy
import json

import pytest

from py_rules import api
from py_rules.dice import TypedDice, TypedThenSeeded
from py_rules.table.accept import gm_seed
from py_rules.table.differences import seen
from py_rules.table.players import PROPOSABLE, TWO_SIDED
from tests.door import answer, response
from tests.table.table_setup import (
    CAMPAIGN,
    CULTIST,
    HARVEY,
    KNIFE,
    SEATS,
    accept,
    answer_seeded,
    proposal,
    sheets,
)

TARGET = {"investigator": "pc-1", "opponent": "npc-1"}


def attack(pid: str, seed: int = 0, source: str = "digital") -> dict:
    """Harvey's attack on the cultist as his device makes it: the knife's skill roll (Fighting (Brawl)) run on his
    own sheet, its faces and what he saw sent, the cultist's dodge left to the game master."""
    own = answer_seeded("coc.skill_roll", {"skill": KNIFE["skill"], "investigator": HARVEY["sheet"]}, seed)
    faces = [throw["face"] for throw in own["dice"]]
    return proposal(
        pid, "pc-1", "coc.attack", {"weapon_stats": KNIFE}, TARGET, faces, saw=seen(own), dice_source=source
    ) | {"gm_dice": True}


def test_an_attack_with_only_the_attackers_dice_is_accepted_with_the_defenders_from_the_seeded_source():
    made = attack("p-attack", seed=3)
    done = accept([made])
    assert [d["status"] for d in done["decisions"]] == ["accepted"]
    [entry] = done["entries"]
    thrown = entry["result"]["dice"]
    assert [t["face"] for t in thrown[: len(made["dice"])]] == made["dice"]  # the player's faces first
    assert len(thrown) > len(made["dice"]) and thrown[len(made["dice"])]["purpose"].startswith("Dodge roll")
    # the rest are the game master's: the same source, seeded by the proposal's id, throws them again
    run = {"weapon_stats": KNIFE, "investigator": HARVEY["sheet"], "opponent": CULTIST["sheet"]}
    again = api.run_checked("coc.attack", copy.deepcopy(run), TypedThenSeeded(made["dice"], gm_seed("p-attack")))
    assert again["dice"] == thrown
    # the log keeps every face: the entry runs again to the same result with those faces typed
    assert entry["args"]["dice"] == [t["face"] for t in thrown]
    replayed = api.run_checked("coc.attack", copy.deepcopy(run), TypedDice(entry["args"]["dice"]))
    assert replayed["states"] == entry["result"]["states"]
    assert entry["result"]["dice_source"] == entry["dice_source"] == "digital"
    assert done["decisions"][0]["differs"] == []  # the attacker's own roll is the one the player saw
    # the player saw only their own side: the decision says what the attack came to, not the cultist's numbers
    assert done["decisions"][0]["outcome"] == entry["result"]["events"][0]
    assert "HP" not in done["decisions"][0]["outcome"]


def test_the_game_masters_dice_depend_on_the_proposal_id_alone_and_every_device_throws_the_same():
    one = accept([attack("p-7")])
    other = accept([attack("p-7")])
    assert json.dumps(one, sort_keys=True) == json.dumps(other, sort_keys=True)
    faces = {
        tuple(t["face"] for t in accept([attack(f"p-{n}")])["entries"][0]["result"]["dice"][2:]) for n in range(12)
    }
    assert len(faces) > 1  # another proposal, other dice for the defender


def test_the_result_says_which_dice_were_the_players_and_which_the_game_masters():
    done = accept([attack("p-phys", seed=5, source="physical")])
    [entry] = done["entries"]
    result = entry["result"]
    assert result["dice_source"] != "physical" and entry["dice_source"] != "physical"
    said = [e for e in result["events"] if "game master's app threw" in e]
    assert said and "first 2 dice (physical)" in said[0] and "Dodge roll" in said[0]
    assert any("game master's app threw" in line for line in result["text"])


def test_a_roll_the_player_throws_alone_may_not_leave_dice_to_the_game_master():
    own = {"investigator": "pc-1"}
    marked = proposal("p-skill", "pc-1", "coc.skill_roll", {"skill": "Spot Hidden"}, own, [3, 40], gm_dice=True)
    done = accept([marked])
    [decision] = done["decisions"]
    assert decision["status"] == "refused" and "roll every die" in decision["reason"]
    assert done["entries"] == []
    assert {c["id"]: c["sheet"] for c in done["characters"]} == sheets()


def test_an_attack_not_marked_still_needs_every_die_from_the_player():
    unmarked = attack("p-short")
    del unmarked["gm_dice"]
    [decision] = accept([unmarked])["decisions"]
    assert decision["status"] == "refused" and "ran out" in decision["reason"]


def test_every_two_sided_operation_is_one_a_player_may_propose():
    for game, ops in TWO_SIDED.items():
        assert ops and set(ops) <= set(PROPOSABLE[game]), game


@pytest.mark.parametrize("bad", ["yes", 1, None])
def test_a_proposals_gm_dice_is_yes_or_no(bad):
    [decision] = accept([attack("p-bad") | {"gm_dice": bad}])["decisions"]
    assert decision["status"] == "refused" and "yes or no" in decision["reason"]


def test_an_update_names_the_targets_without_their_sheets():
    targets = [{"id": "npc-1", "name": "Cultist"}, {"id": "pc-2", "name": "Ann Smith"}]
    made = answer(
        "table.update", campaign=CAMPAIGN, seat=SEATS[0], seq=1, character=HARVEY, decisions=[], targets=targets
    )["details"]
    assert made["update"]["targets"] == targets
    read = answer("table.read_codes", text=made["code"], campaign=CAMPAIGN, seats=SEATS[:1], held_seq=0)["details"]
    assert read["items"][0]["payload"]["targets"] == targets
    error = response("table.update", campaign=CAMPAIGN, seat=SEATS[0], seq=1, character=HARVEY, targets=[CULTIST])[
        "error"
    ]
    assert error["field"] == "targets" and "sheet" in error["message"]
    plain = answer("table.update", campaign=CAMPAIGN, seat=SEATS[0], seq=1, character=HARVEY)["details"]
    assert "targets" not in plain["update"]  # an update with none reads as before
