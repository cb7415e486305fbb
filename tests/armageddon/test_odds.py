"""Exact odds of Armageddon rolls against brute force over typed faces and against icepool."""

import copy
from fractions import Fraction

import pytest
from hypothesis import given, settings, strategies as st

from py_rules.armageddon.odds import chain_dist, resisted_dist, roll_levels
from py_rules.armageddon.outcome import describe_level, success_levels
from tests.armageddon.conftest import BASE
from tests.odds_brute import assert_agrees, brute, odds, probabilities

MODES = ("replace", "literal", "afmbe_foundry")


def character(conditions=(), **current):
    raw = copy.deepcopy(BASE)
    raw["current"] = current
    raw["conditions"] = list(conditions)
    return raw


def level_label(answer):
    """Brute-force result → the answer's label (levels at or above the tail fold into it)."""
    tail = next((o for o in answer["outcomes"] if o["tail"]), None)
    top = int(tail["label"].split()[0]) if tail else None

    def label(result):
        if not hasattr(result, "level"):
            return result.message
        level = result.level
        if top is not None and level >= top:
            return tail["label"]
        return describe_level(level) if level else "Failure"

    return label


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("attribute,skill,modifiers", [(3, 2, ""), (2, 0, ""), (1, 0, "-6"), (5, 5, "+12")])
def test_task_odds_match_every_typed_chain_rule_of_10_and_rule_of_1(mode, attribute, skill, modifiers):
    args = {"attribute": attribute, "skill": skill, "modifiers": modifiers, "rule_of_one_mode": mode}
    answer = odds("armageddon.task", args)
    assert_agrees(answer, brute("armageddon.task", args, level_label(answer), max_dice=5))


def test_unskilled_attempt_never_better_than_decent_in_the_odds():
    answer = odds("armageddon.task", {"attribute": 6, "skill": 0, "modifiers": "+10"})
    assert [o["label"] for o in answer["outcomes"]][-1] == describe_level(2)
    assert not any(o["tail"] for o in answer["outcomes"])


@pytest.mark.parametrize(
    "op,args",
    [
        ("test", {"kind": "simple", "attribute": 2}),
        ("test", {"kind": "difficult", "attribute": 3, "tn": 11}),
        ("test", {"kind": "consciousness", "attribute": 3, "second_attribute": 2}),
        ("test", {"kind": "survival", "attribute": 1, "second_attribute": 1, "rule_of_one_mode": "literal"}),
        ("character_task", {"character": BASE, "skill_name": "Stealth", "modifiers": "-1"}),
        ("consciousness_test", {"character": character(life_points=-2)}),
        ("survival_test", {"character": character(life_points=-12, conditions=["dying"])}),
        ("first_aid", {"character": character(life_points=-12, conditions=["dying"]), "rule_of_one_mode": "literal"}),
        ("first_aid", {"character": character(life_points=4)}),
        ("first_aid", {"character": character(life_points=4), "medic_first_aid": 0, "medic_intelligence": 5}),
        ("fear_test", {"character": BASE, "penalty": -2}),
        ("fear_test", {"character": BASE, "use_fear_table_effects": True}),
    ],
)
def test_state_and_test_rolls_match_brute_force(op, args):
    answer = odds(f"armageddon.{op}", args)
    assert_agrees(answer, brute(f"armageddon.{op}", args, level_label(answer), max_dice=4))


def test_resuscitation_chances_match_brute_force_for_each_doctor_level():
    args = {"character": dict(character(life_points=-12, conditions=["death_pending"]), timers={"death_seconds": 300})}
    answer = odds("armageddon.resuscitate", args)
    lives, cut = brute(
        "armageddon.resuscitate", args, lambda r: (r.details["rolls"][0]["level"], r.success), max_dice=8
    )
    # the doctor's levels are these runs' first keys (one brute force for both checks)
    doctor_label, by_label = level_label(answer), {}
    for (level, _), p in lives.items():
        label = doctor_label(_Doctor(level))
        by_label[label] = by_label.get(label, 0) + p
    assert_agrees(answer, (by_label, cut))
    for chance in answer["chances"][:3]:
        level = int(chance["label"].split("gets ")[1].split()[0])
        given = sum(p for (lv, _), p in lives.items() if lv == level)
        alive = lives.get((level, True), 0)
        assert abs(Fraction(chance["p"]) - alive / given) <= 2 * cut / given


class _Doctor:
    def __init__(self, level):
        self.level = level


def test_odds_refuse_like_the_roll_with_the_field():
    from py_rules.api import handle

    roll = handle({"op": "armageddon.first_aid", "args": {"character": BASE}})
    ask = handle({"op": "armageddon.first_aid", "args": {"character": BASE}, "mode": "odds"})
    assert ask["ok"] is False and ask["error"] == roll["error"]
    bad = handle({"op": "armageddon.task", "args": {"attribute": 99}, "mode": "odds"})
    assert bad["error"]["field"] == "attribute"


@pytest.mark.parametrize("tie_rule", ["stalemate", "defender_wins", "reroll"])
@pytest.mark.parametrize("mode", ["replace", "afmbe_foundry"])
def test_resisted_odds_match_brute_force_up_to_the_chains_cut(tie_rule, mode):
    args = {
        "a_attribute": 3,
        "a_skill": 2,
        "b_attribute": 2,
        "b_skill": 3,
        "b_modifiers": "+1",
        "tie_rule": tie_rule,
        "rule_of_one_mode": mode,
    }
    answer = odds("armageddon.resisted", args)
    names = {"A": "The acting character wins", "B": "The opponent wins"}

    def label(r):
        if r.details["winner_side"]:
            return names[r.details["winner_side"]]
        a, b = r.details["a"], r.details["b"]
        both_fail = not a["success"] and not b["success"]
        return (
            "Both fail"
            if both_fail
            else next(o["label"] for o in answer["outcomes"] if o["label"].startswith(("Tie", "Still")))
        )

    max_dice = 5 if tie_rule != "reroll" else 4
    assert_agrees(answer, brute("armageddon.resisted", args, label, max_dice=max_dice))


def test_resisted_tail_against_tail_is_exact_in_closed_form():
    # both sides equal: A and B win with the same chance, whatever the chains do
    p = resisted_dist(4, 4, 9, "replace", "stalemate")
    assert p["A"] == p["B"] and sum(p.values()) == 1


def test_initiative_odds_match_brute_force():
    args = {"character": BASE, "modifiers": "+1"}
    answer = odds("armageddon.initiative", args)
    assert_agrees(answer, brute("armageddon.initiative", args, lambda r: f"{r.total}"))


def test_roll_damage_odds_match_brute_force():
    for expression in ("d6x4", "2d4+1", "d4x2-3", "7"):
        args = {"expression": expression}
        answer = odds("armageddon.roll_damage", args)
        assert_agrees(answer, brute("armageddon.roll_damage", args, lambda r: f"{r.total} damage"))


def test_chain_tails_hold_the_exact_remaining_mass():
    for mode in MODES:
        weights, denominator, high, low = chain_dist(mode, 6)
        assert sum(weights.values()) + high[0] + low[0] == denominator
        assert Fraction(high[0], denominator) == Fraction(1, 10**6)


# --- against icepool -----------------------------------------------------------------------------


def _icepool_task(offset, tn, depth=6):
    icepool = pytest.importorskip("icepool")
    rest = icepool.Die([0, 0, 0, 0, 0, 1, 2, 3, 4])

    def ten_chain(k):  # what a Rule of 10 chain adds after the first 10
        return rest if k == 0 else icepool.Die([rest, 5 + ten_chain(k - 1)], times=[9, 1])

    one = icepool.Die([1 - 4 - 4, -3, -2, -1, 1, 1, 1, 1, 1, 1])  # replace mode, cut after one more 1
    die = icepool.Die([one, *range(2, 10), 10 + ten_chain(depth)])
    return (die + offset).map(lambda t: success_levels(t, tn))


@pytest.mark.parametrize("offset,tn", [(5, 9), (0, 9), (8, 12), (-3, 9)])
def test_task_levels_agree_with_icepool(offset, tn):
    mine = roll_levels(offset, tn, "replace", None)
    theirs = _icepool_task(offset, tn)
    tail = next(o for o in mine.weights if o.tail)
    for outcome, w in mine.weights.items():
        p = Fraction(w, mine.denominator)
        if outcome.tail:
            q = sum((theirs.probability(lv) for lv in theirs.outcomes() if lv >= tail.order), Fraction(0))
        else:
            q = theirs.probability(outcome.order)
        assert abs(p - q) <= Fraction(1, 10**6), (outcome, p, q)


# --- properties ----------------------------------------------------------------------------------


@settings(max_examples=25, deadline=None)
@given(
    attribute=st.integers(0, 8),
    skill=st.integers(0, 8),
    bump=st.integers(0, 4),
    mode=st.sampled_from(MODES),
    tn=st.integers(5, 15),
)
def test_more_skill_or_modifier_never_lowers_the_chance_of_success(attribute, skill, bump, mode, tn):
    def chance(**args):
        return Fraction(odds("armageddon.task", dict(args, rule_of_one_mode=mode))["success"]["p"])

    base = chance(attribute=attribute, skill=skill, tn=tn)
    assert chance(attribute=attribute, skill=skill, modifiers=f"+{bump}", tn=tn) >= base
    assert chance(attribute=attribute, skill=skill + 1, tn=tn) >= base if skill else True
    assert chance(attribute=attribute, skill=skill, tn=tn + 1) <= base  # a harder Target Number never helps


def test_every_answer_sums_to_one_exactly():
    for args in ({"attribute": 4, "skill": 3}, {"attribute": 0, "skill": 0, "modifiers": "-9"}):
        assert sum(probabilities(odds("armageddon.task", args)).values()) == 1


def test_resisted_odds_against_the_opponents_sheet_match_brute_force():
    guard = dict(character(endurance_points=3), name="Guard", skills={"Notice": 2})
    args = {
        "a_attribute": 3,
        "a_skill": 2,
        "opponent": guard,
        "b_attribute_name": "Perception",
        "b_skill_name": "Notice",
    }
    answer = odds("armageddon.resisted", args)
    assert answer["notes"][0].startswith("The acting character: d10 +5; Guard: d10 +2")  # Perception 2 + 2 − 2 tired
    names = {"A": "The acting character wins", "B": "Guard wins"}

    def label(r):
        if r.details["winner_side"]:
            return names[r.details["winner_side"]]
        a, b = r.details["a"], r.details["b"]
        return "Both fail" if not a["success"] and not b["success"] else "Tie: stalemate"

    assert_agrees(answer, brute("armageddon.resisted", args, label, max_dice=5))
