"""Odds of an opposed roll say the chance each side wins, of a tie left standing and of nobody winning (TABLE.md,
Roll drawer), as exact fractions summing to 1, checked against brute force over every face: Armageddon's Resisted Task
and defended Attack (seed 000; rules/armageddon.md §1.8a) here; Call of Cthulhu's opposed roll and defended attack
(seed 003, Opposed Rolls, Combat) in tests/coc/test_odds.py, beside their outcomes, read from the same pass over the
faces (each pass types 10,000 rolls or more). An unopposed roll has no contest. Semiautomagic has no opposed roll (its
defence roll answers an attack that already hit), so none of its odds has one."""

import sys
from pathlib import Path

import pytest

from py_rules import api
from py_rules.odds import Dist, Odds, Outcome
from tests.armageddon.test_odds_attack import ATTACKER, category, sheet
from tests.odds_brute import assert_sides_agree as agrees, brute, contest, odds

sys.path.insert(0, str(Path(__file__).parent / "coc"))
from coc_helpers import cultist, harvey  # noqa: E402


def test_an_undefended_coc_attack_has_no_contest():
    """Nobody opposes the roll: the odds say only what the attack does. (A defended attack's and an opposed roll's
    contests are checked against brute force beside their outcomes, tests/coc/test_odds.py, from the same faces.)"""
    args = {"investigator": harvey(), "opponent": cultist(), "weapon": "", "defence": "none", "damage": "2"}
    assert odds("coc.attack", args)["contest"] is None


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
