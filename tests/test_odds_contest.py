"""Odds of an opposed roll say the chance each side wins, of a tie left standing and of nobody winning (TABLE.md,
Roll drawer), as exact fractions summing to 1, checked against brute force over every face: Call of Cthulhu's opposed
roll and defended attack (seed 003, Opposed Rolls, Combat), Armageddon's Resisted Task and defended Attack (seed 000;
rules/armageddon.md §1.8a). An unopposed roll has no contest. Semiautomagic has no opposed roll (its defence roll
answers an attack that already hit), so none of its odds has one."""

import sys
from fractions import Fraction
from pathlib import Path

import pytest

from py_rules import api
from py_rules.odds import Dist, Odds, Outcome
from tests.armageddon.test_odds_attack import ATTACKER, category, sheet
from tests.odds_brute import brute, odds

sys.path.insert(0, str(Path(__file__).parent / "coc"))
from coc_helpers import cultist, harvey  # noqa: E402

SIDE_KEYS = ("a_wins", "tie", "neither", "b_wins")


def contest(answer):
    found = answer["contest"]
    chances = {key: Fraction(found[key]["p"]) for key in SIDE_KEYS}
    assert sum(chances.values()) == 1
    return found["a"], found["b"], chances


def agrees(chances, brute_result):
    merged, cut = brute_result
    for key in SIDE_KEYS:
        q = merged.get(key, Fraction(0))
        assert q <= chances[key] <= q + cut, (key, chances[key], q, cut)


def test_coc_opposed_roll_says_who_wins_as_brute_force_does():
    args = {"investigator": harvey(), "opponent": cultist(), "skill": "Spot Hidden", "opponent_skill": "Dodge"}
    a, b, chances = contest(odds("coc.opposed_roll", args))
    assert (a, b) == ("Harvey Walters", "Cultist")

    def side(r):
        winner = r.details["winner"]
        return "a_wins" if winner == a else "b_wins" if winner == b else "neither"

    agrees(chances, brute("coc.opposed_roll", args, side, max_runs=40_000))
    assert chances["a_wins"] > chances["b_wins"] > 0 and chances["tie"] == 0


def test_coc_defended_attack_says_who_wins_and_an_undefended_one_has_no_contest():
    # damage fixed: who wins does not depend on it, and the unarmed 1D3 tripled the faces to run after every hit
    args = {"investigator": harvey(), "opponent": cultist(), "weapon": "", "defence": "dodge", "damage": "2"}
    a, b, chances = contest(odds("coc.attack", args))
    assert (a, b) == ("Harvey Walters", "Cultist")
    words = {"attacker wins": "a_wins", "defender wins": "b_wins", "nobody wins": "neither"}
    agrees(chances, brute("coc.attack", args, lambda r: words[r.details["outcome"]], max_dice=6, max_runs=200_000))
    assert odds("coc.attack", dict(args, defence="none"))["contest"] is None


@pytest.mark.parametrize("tie_rule", ["stalemate", "defender_wins"])
def test_armageddon_resisted_task_says_who_wins_ties_and_both_failing(tie_rule):
    args = {"a_attribute": 3, "a_skill": 2, "b_attribute": 2, "b_skill": 3, "tie_rule": tie_rule}
    answer = odds("armageddon.resisted", args)
    _, _, chances = contest(answer)

    def side(r):
        if r.details["winner_side"]:
            return {"A": "a_wins", "B": "b_wins"}[r.details["winner_side"]]
        return "neither" if not r.details["a"]["success"] and not r.details["b"]["success"] else "tie"

    agrees(chances, brute("armageddon.resisted", args, side, max_dice=5))
    assert (chances["tie"] > 0) == (tie_rule == "stalemate")


def test_armageddon_defended_attack_says_who_wins():
    defender = sheet("Lou", skills={"Dodge": 1}, life_points=30)
    args = {"attacker": ATTACKER, "defender": defender, "defence": "dodge"}
    a, b, chances = contest(odds("armageddon.attack", args))
    assert (a, b) == ("Rex", "Lou")

    def side(r):
        what = category(r)
        return "neither" if what == "Miss" else "b_wins" if what == "Avoided by the defence" else "a_wins"

    agrees(chances, brute("armageddon.attack", args, side, max_dice=4))
    assert odds("armageddon.attack", dict(args, defence="none"))["contest"] is None


@pytest.mark.parametrize(
    "op", ["coc.skill_roll", "armageddon.task", "semiautomagic.check", "semiautomagic.defence_roll"]
)
def test_an_unopposed_roll_has_no_contest(op):
    from tests.door import example_args

    assert odds(op, example_args(api.operation(op)))["contest"] is None


def test_an_opposed_roll_whose_outcome_names_no_side_is_a_bug_not_a_guess():
    odds_ = Odds("Opposed", Dist({Outcome(0, "A wins", side="a"): 1, Outcome(1, "Something"): 1}), contest=("A", "B"))
    with pytest.raises(ValueError):
        odds_.to_dict("x")
