"""The game master's app accepts a player's proposal by re-running it through the engine on its own sheets with
the recorded faces (py_rules/table/accept.py): what is kept, what is refused and why, what differs."""

from __future__ import annotations

import copy

import pytest

from py_rules.armageddon.character import EXAMPLE as JACK
from py_rules.semiautomagic.creature import EXAMPLE_ATTACKER, EXAMPLE_HUMAN
from py_rules.table.players import PROPOSABLE
from tests.door import answer
from tests.table.table_setup import (
    ANN,
    CHARACTERS,
    CULTIST,
    HARVEY,
    KNIFE,
    SEATS,
    accept,
    after,
    door_refusal,
    played,
    proposal,
    sheet_of,
    sheets,
)


def spot_hidden(pid="p-1", faces=(5, 30), character="pc-1", **extra) -> dict:
    return proposal(
        pid, character, "coc.skill_roll", {"skill": "Spot Hidden"}, {"investigator": character}, faces, **extra
    )


def test_an_accepted_roll_is_the_engines_answer_with_the_players_dice_and_source():
    physical = spot_hidden(faces=[5, 30], dice_source="physical")
    done = accept([physical, spot_hidden("p-2", [5, 90])])
    assert [d["status"] for d in done["decisions"]] == ["accepted", "accepted"]
    first, second = done["entries"]
    direct = answer("coc.skill_roll", investigator=HARVEY["sheet"], skill="Spot Hidden", dice=[5, 30])
    assert first["result"]["total"] == direct["total"] == 35 and first["result"]["level_name"] == direct["level_name"]
    assert first["result"]["dice_source"] == "physical" and second["result"]["dice_source"] == "digital"
    assert first["before"] == {"pc-1": HARVEY["sheet"]} and first["states"] == {"pc-1": direct["state"]}
    assert second["before"] == {"pc-1": direct["state"]}  # the second ran on the sheet the first left
    assert first["who"] == ["pc-1"] and first["proposal"] == "p-1" and first["seat"] == "s-1"
    assert first["request"] is None
    assert first["args"] == {"skill": "Spot Hidden", "dice": [5, 30]}


def test_two_players_hits_on_one_thug_both_land():
    """Not last-writer-wins: both attacks were rolled on the same view of the thug, and each runs on the thug as the
    one before left him (Armageddon: 3 then 7 Life Points off his 30)."""
    jack = {"id": "pc-1", "name": "Jack", "sheet": copy.deepcopy(JACK)}
    ann = {"id": "pc-2", "name": "Ann", "sheet": copy.deepcopy(JACK) | {"name": "Ann"}}
    thug = {"id": "npc-1", "name": "Thug", "sheet": copy.deepcopy(JACK) | {"name": "Thug"}}
    view = {c["id"]: c["sheet"] for c in (jack, ann, thug)}
    jacks = played("p-1", "pc-1", "armageddon.attack", {}, {"attacker": "pc-1", "defender": "npc-1"}, view, 5)
    anns = played("p-2", "pc-2", "armageddon.attack", {}, {"attacker": "pc-2", "defender": "npc-1"}, view, 6)
    done = accept([jacks, anns], [jack, ann, thug], game="armageddon")
    assert [d["status"] for d in done["decisions"]] == ["accepted", "accepted"]
    alone = [accept([p], [jack, ann, thug], game="armageddon")["entries"][0] for p in (jacks, anns)]
    lost = [30 - entry["states"]["npc-1"]["current"]["life_points"] for entry in alone]
    assert all(lost)
    hit = next(c for c in done["characters"] if c["id"] == "npc-1")["sheet"]
    assert hit["current"]["life_points"] == 30 - sum(lost)
    assert done["entries"][1]["before"]["npc-1"] == done["entries"][0]["states"]["npc-1"]


def test_a_second_attacker_whose_dice_do_not_fit_the_cultist_as_the_first_left_him_rolls_again():
    """The cultist fought back against Harvey: Ann's attack now has the outnumbered bonus die her device did not
    know of, so her faces do not fit; the refusal says so in words, and Harvey's hit stays."""
    view = sheets()
    harvey = played(
        "p-h", "pc-1", "coc.attack", {"weapon_stats": KNIFE}, {"investigator": "pc-1", "opponent": "npc-1"}, view, 2
    )
    ann = played(
        "p-a", "pc-2", "coc.attack", {"weapon_stats": KNIFE}, {"investigator": "pc-2", "opponent": "npc-1"}, view, 2
    )
    done = accept([harvey, ann])
    assert [d["status"] for d in done["decisions"]] == ["accepted", "refused"]
    assert done["decisions"][1]["reason"].startswith("The dice rolled for it do not fit this roll")
    assert done["decisions"][1]["reason"].endswith("Roll it again.")
    assert done["characters"][2]["sheet"] == done["entries"][0]["states"]["npc-1"]


def test_a_second_push_is_refused_with_the_rules_reason_and_changes_nothing():
    failed = spot_hidden("p-1", [5, 90])
    push = proposal(
        "p-2", "pc-1", "coc.push_roll", {"justification": "I empty the drawers"}, {"investigator": "pc-1"}, [5, 90]
    )
    again = push | {"id": "p-3"}
    done = accept([failed, push, again])
    assert [d["status"] for d in done["decisions"]] == ["accepted", "accepted", "refused"]
    pushed = done["entries"][1]["states"]["pc-1"]
    rules = door_refusal(
        "coc.push_roll", {"investigator": pushed, "justification": "I empty the drawers", "dice": [5, 90]}
    )
    assert done["decisions"][2]["reason"] == rules["message"]
    assert next(c for c in done["characters"] if c["id"] == "pc-1")["sheet"] == pushed


def test_a_dead_investigator_rolling_is_refused_with_the_rules_reason():
    dead = sheet_of(HARVEY["sheet"], hp=0, conditions={"dead": True})
    characters = [HARVEY | {"sheet": dead}, ANN, CULTIST]
    done = accept([spot_hidden()], characters)
    (decision,) = done["decisions"]
    rules = door_refusal("coc.skill_roll", {"investigator": dead, "skill": "Spot Hidden", "dice": [5, 30]})
    assert (
        decision["status"] == "refused"
        and decision["reason"] == rules["message"] == "Harvey Walters is dead and cannot roll."
    )
    assert done["entries"] == [] and [c["sheet"] for c in done["characters"]] == [c["sheet"] for c in characters]


def test_faces_that_run_out_are_a_plain_refusal_never_a_question_for_a_die():
    done = accept([spot_hidden(faces=[5])])
    (decision,) = done["decisions"]
    assert decision["status"] == "refused" and "ran out" in decision["reason"] and "Spot Hidden" in decision["reason"]
    too_many = accept([spot_hidden(faces=[5, 30, 7])])["decisions"][0]
    assert too_many["status"] == "refused" and "not needed" in too_many["reason"]


@pytest.mark.parametrize(
    "change, words",
    [
        ({"campaign": "camp-2"}, "another campaign"),
        ({"seat": "s-9"}, "not at this campaign's table"),
        ({"seat": "s-2"}, "This seat plays Ann Smith, not Harvey Walters."),
        ({"character": "pc-9", "bind": {"investigator": "pc-9"}}, "This seat plays Harvey Walters"),
        ({"bind": {"investigator": "npc-1"}}, "does not act on Harvey Walters's sheet"),
        ({"bind": {"investigator": "pc-1", "patient": "pc-2"}}, "has no sheet called 'patient'"),
        ({"op": "log.check"}, "not an operation of this campaign's game"),
        ({"op": "encounter.next"}, "not an operation of this campaign's game"),
        ({"op": "table.accept"}, "not an operation of this campaign's game"),
        ({"op": "coc.advance_time"}, "the game master's to run"),
        ({"op": "armageddon.task"}, "not an operation of this campaign's game"),
        ({"op": "coc.nothing"}, "This app has no such operation"),
        ({"args": {"skill": "Spot Hidden", "investigator": {}}}, "carries no sheet"),
        ({"args": {"skill": "Spot Hidden", "dice": [1, 2]}}, "dice go with the proposal"),
        ({"dice": "5 30"}, "not well formed"),
    ],
)
def test_a_proposal_outside_what_its_seat_may_do_is_refused_and_changes_nothing(change, words):
    done = accept([spot_hidden() | change])
    (decision,) = done["decisions"]
    assert decision["status"] == "refused" and words in decision["reason"], decision
    assert done["entries"] == [] and [c["sheet"] for c in done["characters"]] == [c["sheet"] for c in CHARACTERS]


def test_an_unknown_character_bound_is_refused():
    seats = SEATS + [{"id": "s-3", "character": "pc-9"}]
    done = accept([spot_hidden(character="pc-9") | {"seat": "s-3"}], seats=seats)
    assert done["decisions"][0]["reason"] == "There is no character 'pc-9' in this campaign."


def test_a_proposal_already_decided_is_a_duplicate_and_changes_nothing():
    first = accept([spot_hidden()])
    again = accept([spot_hidden(), spot_hidden()], after(first), decided=["p-1"])
    assert [d["status"] for d in again["decisions"]] == ["duplicate", "duplicate"]
    assert again["entries"] == [] and again["characters"] == first["characters"]


def test_what_differs_from_what_the_player_saw_is_said():
    """The player's device held Spot Hidden 55; the game master has since lowered it to 50."""
    view = sheets()
    made = played("p-1", "pc-1", "coc.skill_roll", {"skill": "Spot Hidden"}, {"investigator": "pc-1"}, view, 7)
    lowered = sheet_of(HARVEY["sheet"], skills=HARVEY["sheet"]["skills"] | {"Spot Hidden": 50})
    done = accept([made], [HARVEY | {"sheet": lowered}, ANN, CULTIST])
    (decision,) = done["decisions"]
    assert decision["status"] == "accepted"
    assert "Spot Hidden is 50 here; the player rolled against 55." in decision["differs"]
    assert accept([made])["decisions"][0]["differs"] == []  # the same sheets: nothing differs


def test_the_game_masters_house_rules_are_the_ones_used_and_a_different_one_is_said():
    made = spot_hidden() | {"args": {"skill": "Spot Hidden", "fumble_basis": "raw_skill"}}
    done = accept([made], settings={"fumble_basis": "needed"})
    (decision,) = done["decisions"]
    assert decision["status"] == "accepted" and done["entries"][0]["args"]["fumble_basis"] == "needed"
    assert any(line.startswith("House rule") for line in decision["differs"]), decision


def test_an_armageddon_task_is_accepted_on_the_game_masters_sheet():
    jack = {"id": "pc-1", "name": "Jack", "sheet": copy.deepcopy(JACK)}
    args = {"attribute": 3, "skill": 2, "skill_name": "Notice"}
    made = played("p-1", "pc-1", "armageddon.task", args, {"character": "pc-1"}, {"pc-1": jack["sheet"]}, 3)
    done = accept([made], [jack], game="armageddon")
    assert done["decisions"][0]["status"] == "accepted", done["decisions"]
    assert (
        done["entries"][0]["result"]["total"]
        == answer("armageddon.task", **args, character=JACK, dice=made["dice"])["total"]
    )


def test_an_armageddon_hit_on_an_npc_and_a_semiautomagic_skill_check_are_accepted():
    jack = {"id": "pc-1", "name": "Jack", "sheet": copy.deepcopy(JACK)}
    thug = {"id": "npc-1", "name": "Thug", "sheet": copy.deepcopy(JACK) | {"name": "Thug"}}
    view = {"pc-1": jack["sheet"], "npc-1": thug["sheet"]}
    hits = [
        played(f"p-{s}", "pc-1", "armageddon.attack", {}, {"attacker": "pc-1", "defender": "npc-1"}, view, s)
        for s in range(4)
    ]
    done = accept(hits, [jack, thug], game="armageddon")
    assert all(d["status"] == "accepted" for d in done["decisions"]), done["decisions"]
    for previous, entry in zip(done["entries"], done["entries"][1:], strict=False):
        assert entry["before"].get("npc-1", previous["states"].get("npc-1")) == previous["states"].get(
            "npc-1", entry["before"].get("npc-1")
        )
    mira = {"id": "pc-1", "name": "Mira", "sheet": copy.deepcopy(EXAMPLE_HUMAN) | {"name": "Mira"}}
    check = played(
        "p-1",
        "pc-1",
        "semiautomagic.skill_check",
        {"skill": "Perception"},
        {"creature": "pc-1"},
        {"pc-1": mira["sheet"]},
        1,
    )
    attack = played(
        "p-2",
        "pc-1",
        "semiautomagic.attack",
        {},
        {"attacker": "pc-1", "creature": "npc-1"},
        {"pc-1": mira["sheet"], "npc-1": EXAMPLE_ATTACKER},
        1,
    )
    ogre = {"id": "npc-1", "name": "Ogre", "sheet": copy.deepcopy(EXAMPLE_ATTACKER)}
    done = accept([check, attack], [mira, ogre], game="semiautomagic")
    assert [d["status"] for d in done["decisions"]] == ["accepted", "accepted"], done["decisions"]


def test_every_operation_a_player_may_propose_is_its_games_and_takes_the_acting_character():
    """The allowed set is declared once (py_rules/table/players.py): each is a real operation of its game."""
    from py_rules import api

    for game, ops in PROPOSABLE.items():
        assert len(set(ops)) == len(ops)
        for op_id in ops:
            op = api.operation(op_id)
            assert op.system == game and not any(p.state_key in ("coc.combat", "encounter") for p in op.params), op_id


def test_a_request_naming_one_character_or_seat_twice_is_refused_naming_the_field():
    from tests.door import refused

    base = {
        "game": "coc",
        "campaign": "camp-1",
        "settings": {},
        "seats": SEATS,
        "characters": CHARACTERS,
        "decided": [],
        "proposals": [spot_hidden()],
        "at": "2026-12-01T21:00:00Z",
    }
    assert refused("table.accept", **base | {"characters": CHARACTERS + [HARVEY]})["field"] == "characters"
    assert refused("table.accept", **base | {"seats": SEATS + SEATS[:1]})["field"] == "seats"
    error = refused("table.accept", **base | {"proposals": [{"id": "p-1"}]})
    assert error["field"] == "proposals" and error["path"] == "0.seat"
