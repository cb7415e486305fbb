"""The odds mode of the door (TABLE.md, Roll drawer): same arguments, same errors, no dice, no state change."""

import copy
import importlib
import json
from fractions import Fraction

from hypothesis import given, settings, strategies as st

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
    for request in (
        {"op": "coc.skill_roll", "args": {"skill": "Nope"}},
        {"op": "semiautomagic.check", "args": {"dc": "high"}},
        {"op": "armageddon.resisted", "args": {"a_attribute": 2, "b_attribute": 2, "tie_rule": "dice"}},
    ):
        assert handle(dict(request, mode="odds"))["error"] == handle(request)["error"]


def test_dist_mixture_and_sum_are_exact():
    d6 = uniform(range(1, 7))
    two = d6 + d6
    assert two.probability(7) == Fraction(1, 6) and two.denominator == 36
    assert d6.bind(lambda f: Dist({f % 2: 1})) == Dist({0: 1, 1: 1})


def _bounds(op_id, name):
    param = next(p for p in catalog()["operations"] if p["id"] == op_id)["params"]
    found = next(p for p in param if p["name"] == name)
    return int(found["min"]), int(found["max"])


@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_any_declared_input_answers_exact_odds_or_a_clear_error(data):
    """Every input the forms allow gives odds summing to exactly 1, or a RulesError on a field (never internal)."""
    op_id, names = data.draw(
        st.sampled_from(
            [
                ("armageddon.task", ("attribute", "skill", "tn")),
                ("armageddon.resisted", ("a_attribute", "a_skill", "b_attribute", "b_skill", "tn")),
                ("coc.d100", ("bonus", "penalty", "value")),
                ("semiautomagic.check", ("modifier", "dc")),
            ]
        )
    )
    args = {name: data.draw(st.integers(*_bounds(op_id, name))) for name in names}
    args["modifiers"] = data.draw(st.sampled_from(["", "+3", "-7", "+20"]))
    if op_id == "coc.d100":
        del args["modifiers"]
    if op_id == "armageddon.resisted":
        args["rule_of_one_mode"] = data.draw(st.sampled_from(["replace", "literal", "afmbe_foundry"]))
        args["tie_rule"] = data.draw(st.sampled_from(["stalemate", "defender_wins", "reroll", "compare_sl"]))
        args["a_modifiers"] = args.pop("modifiers")
    response = json.loads(call(json.dumps({"op": op_id, "args": args, "mode": "odds"})))
    if response["ok"]:
        assert sum(Fraction(o["p"]) for o in response["result"]["outcomes"]) == 1
    else:
        assert response["error"]["code"] != "internal" and response["error"]["field"], response
