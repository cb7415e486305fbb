"""The headline says what happened (issue 16, "The table, part 3"): damage is headed by what it did, the CON roll
against unconsciousness of a major wound included (seed 003, Losing more than Half HP in One Turn: "make a CON roll
to avoid passing out"), and a dying investigator's round by the CON roll with its target and level (seed 003, When
HP Falls Below Zero)."""

import copy

from py_rules import api
from py_rules.coc.investigator import EXAMPLE as HARVEY


def answer(op, **args):
    response = api.handle({"op": op, "args": copy.deepcopy(args)})
    assert response["ok"], response["error"]
    return response["result"]


def test_a_major_wound_names_the_con_roll_and_stays_conscious():
    result = answer("coc.apply_damage", investigator=HARVEY, amount=8, dice=[3, 40])
    assert result["text"][0] == "Takes 8 damage (12 → 4 HP): major wound — CON roll 43 vs 60, stays conscious"


def test_a_failed_con_roll_is_in_the_headline():
    result = answer("coc.apply_damage", investigator=HARVEY, amount=7, dice=[3, 90])
    assert result["headline"] == "Takes 7 damage (12 → 5 HP): major wound — CON roll 93 vs 60, falls unconscious"


def test_small_damage_says_the_hp_and_outright_death_says_so():
    assert answer("coc.apply_damage", investigator=HARVEY, amount=3)["headline"] == "Takes 3 damage (12 → 9 HP)"
    assert answer("coc.apply_damage", investigator=HARVEY, amount=12)["headline"] == (
        "Takes 12 damage (12 → 0 HP): killed outright")


def test_reaching_0_hp_with_a_major_wound_is_dying():
    wounded = answer("coc.apply_damage", investigator=HARVEY, amount=7, dice=[3, 40])["state"]
    result = answer("coc.apply_damage", investigator=wounded, amount=5, own_turn=True)
    assert result["headline"] == ("Takes 5 damage (5 → 0 HP): unconscious and dying (a CON roll at the end of each "
                                  "round)")


def test_a_dying_round_names_the_con_roll_with_its_target_and_level():
    wounded = answer("coc.apply_damage", investigator=HARVEY, amount=7, dice=[3, 40])["state"]
    dying = answer("coc.apply_damage", investigator=wounded, amount=5, own_turn=True)["state"]
    result = answer("coc.advance_time", investigator=dying, unit="rounds", amount=2, dice=[3, 40, 5, 80])
    assert result["headline"] == ("Round 1: CON roll (dying) 43 vs 60 — Regular success: clings to life; "
                                  "Round 2: CON roll (dying) 85 vs 60 — Failure: dies")
    result = answer("coc.dying_round", investigator=dying, dice=[3, 10])
    assert result["text"][0] == "CON roll (dying) 13 vs 60 — Hard success: clings to life"
