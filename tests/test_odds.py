"""The odds mode of the door (issue 9): same arguments, same errors, no dice, no state change."""

import copy
import importlib
import json
from fractions import Fraction

from py_rules.api import call, catalog, handle
from py_rules.odds import SUPPORTED, Dist, uniform
from tests.armageddon.conftest import BASE


def test_the_catalog_marks_every_operation_that_answers_odds():
    marked = {op["id"] for op in catalog()["operations"] if op["odds"]}
    assert marked == set(SUPPORTED)
    games = set()
    for system in ("armageddon", "semiautomagic", "coc"):
        games |= set(importlib.import_module(f"py_rules.{system}.odds").ODDS)
    assert games == set(SUPPORTED)


def test_an_operation_without_a_distribution_says_so():
    response = handle({"op": "armageddon.character_sheet", "args": {"character": BASE}, "mode": "odds"})
    assert response["ok"] is False and response["error"]["code"] == "no_odds"


def test_a_mode_other_than_roll_or_odds_is_refused_on_the_field_mode():
    response = handle({"op": "armageddon.task", "args": {"attribute": 2, "skill": 2}, "mode": "guess"})
    assert response["error"]["field"] == "mode"


def test_odds_throw_no_dice_and_change_no_state():
    character = copy.deepcopy(BASE)
    character["current"] = {"life_points": 4}
    request = {"op": "armageddon.first_aid", "args": {"character": character, "dice": [3]}, "mode": "odds"}
    before = copy.deepcopy(request)
    answer = json.loads(call(json.dumps(request)))
    assert answer["ok"] and request == before
    result = answer["result"]
    assert "dice" not in result and "state" not in result and result["mode"] == "odds"
    assert sum(Fraction(o["p"]) for o in result["outcomes"]) == 1
    assert all(abs(o["float"] - float(Fraction(o["p"]))) < 1e-12 for o in result["outcomes"])


def test_same_validation_errors_with_their_field_as_the_roll():
    for request in ({"op": "coc.skill_roll", "args": {"skill": "Nope"}},
                    {"op": "semiautomagic.check", "args": {"dc": "high"}},
                    {"op": "armageddon.resisted", "args": {"a_attribute": 2, "b_attribute": 2, "tie_rule": "dice"}}):
        assert handle(dict(request, mode="odds"))["error"] == handle(request)["error"]


def test_dist_mixture_and_sum_are_exact():
    d6 = uniform(range(1, 7))
    two = d6 + d6
    assert two.probability(7) == Fraction(1, 6) and two.denominator == 36
    assert d6.bind(lambda f: Dist({f % 2: 1})) == Dist({0: 1, 1: 1})
