"""Exact odds of Semiautomagic rolls against brute force over typed faces and against icepool."""

from fractions import Fraction

import pytest
from hypothesis import given, settings, strategies as st

from py_rules.semiautomagic import creature as C
from py_rules.semiautomagic.dying import dying_modifiers
from py_rules.semiautomagic.odds import DYING_ROUNDS, dying_rounds
from tests.odds_brute import assert_agrees, brute, odds


def label(r):
    if not hasattr(r, "level_name"):
        return r.message
    if "defended" in r.flags:
        return f"hit, but the {r.details['defence']} negates it"
    return r.level_name or ("Success" if r.success else "Failure")


def dying(dc=4, **fields):
    return C.new_creature("Rook", conditions={"Dying": {"seconds": None, "dc": dc}}, **fields)


@pytest.mark.parametrize(
    "op,args",
    [
        ("check", {"modifier": 2, "dc": 6}),
        ("check", {"modifier": -3, "dc": -1, "modifiers": "+1 cover"}),
        ("skill_check", {"creature": C.new_creature("Ann", skills={"Stealth": 2}), "skill": "Stealth", "dc": 5}),
        ("attack", {"attacker": C.EXAMPLE_ATTACKER, "creature": C.EXAMPLE_HUMAN, "defence": "dodge"}),
        (
            "attack",
            {"attacker": C.EXAMPLE_HUMAN, "creature": C.EXAMPLE_ATTACKER, "defence": "parry", "modifiers": "-2"},
        ),
        ("attack", {"attacker": C.EXAMPLE_ATTACKER, "creature": C.EXAMPLE_HUMAN, "kind": "ranged", "defence": "none"}),
        ("defence_roll", {"creature": C.EXAMPLE_HUMAN, "option": "parry", "attack_bonus": 1}),
        ("medicine_stabilise", {"creature": dying(), "medicine": 1}),
        ("dying_round", {"creature": dying(6, wounds=2)}),
        ("dying_round", {"creature": dying(5), "dying_order": "check_first", "modifiers": "-2"}),
        ("noise_wakes", {"creature": C.new_creature("Sam", conditions={"Sleeping": {"seconds": None}}), "noise_dc": 2}),
        ("resuscitate", {"creature": C.new_creature("Rook", dead=True, seconds_dead=12), "medicine": 2}),
        ("repair", {"creature": dict(C.EXAMPLE_OBJECT, wounds=2), "bonus": 1, "dc": 5, "wounds": 2}),
        ("detect_soul_coma", {"method": "Perception", "bonus": 2}),
        ("scatter", {}),
        ("staggered_round", {"creature": C.new_creature("Zed", conditions={"Staggered": {"seconds": 30}})}),
    ],
)
def test_rolls_match_brute_force_over_every_face(op, args):
    answer = odds(f"semiautomagic.{op}", args)
    assert_agrees(answer, brute(f"semiautomagic.{op}", args, label))


def test_apply_damage_chance_a_hit_wounds_starts_dying_or_kills():
    args = {"creature": C.new_creature("Rook", wounds=3), "damage": "3d6"}
    answer = odds("semiautomagic.apply_damage", args)
    assert_agrees(answer, brute("semiautomagic.apply_damage", args, label))


def test_roll_damage_matches_brute_force():
    args = {"damage": "2d6+1", "damage_type": "Bludgeoning", "light_material": True}
    answer = odds("semiautomagic.roll_damage", args)
    assert_agrees(answer, brute("semiautomagic.roll_damage", args, lambda r: f"{r.total} Bludgeoning"))


@pytest.mark.parametrize("order", ["stabilise_first", "check_first"])
def test_dying_over_rounds_matches_the_round_run_again_and_again(order):
    """Three rounds of the operation itself, chained on its own new state, against the Markov chain."""
    start = dying(6, wounds=1)
    mods = dying_modifiers(start)
    history = dying_rounds(6, mods, order, 3)
    states = {"still dying": [(start, Fraction(1))]}
    totals = {"dead": Fraction(0), "stable": Fraction(0)}
    for row in history:
        nxt = []
        for creature, p in states["still dying"]:
            found, _ = brute(
                "semiautomagic.dying_round",
                {"creature": creature, "dying_order": order},
                lambda r: (r.level_name, repr(r.state)),
            )
            for (name, state), q in found.items():
                if name == "still dying":
                    nxt.append((eval(state), p * q))  # noqa: S307 - our own repr of a JSON dict
                else:
                    totals["dead" if name == "dead" else "stable"] += p * q
        states["still dying"] = nxt
        assert row["dead"] == totals["dead"] and row["stable"] == totals["stable"]
        assert row["dead"] + row["stable"] + row["dying"] == 1


def test_dying_answer_looks_twenty_rounds_ahead():
    answer = odds("semiautomagic.dying_round", {"creature": dying(6, wounds=3)})
    assert len(answer["details"]["rounds"]) == DYING_ROUNDS
    assert sum(Fraction(o["p"]) for o in answer["tables"][0]["outcomes"]) == 1


def test_not_dying_is_refused_like_the_roll():
    from py_rules.api import handle

    request = {"op": "semiautomagic.dying_round", "args": {"creature": C.EXAMPLE_HUMAN}}
    assert handle(dict(request, mode="odds"))["error"] == handle(request)["error"]


# --- against icepool -----------------------------------------------------------------------------


@pytest.mark.parametrize("modifier,dc", [(0, 6), (2, 4), (-3, 1), (5, 12)])
def test_check_agrees_with_icepool(modifier, dc):
    icepool = pytest.importorskip("icepool")
    answer = odds("semiautomagic.check", {"modifier": modifier, "dc": dc})
    theirs = (icepool.d6 + modifier >= dc).probability(True)
    assert Fraction(answer["success"]["p"]) == theirs


def test_dying_chain_agrees_with_icepool():
    """The benchmark's icepool model of twenty Dying rounds (d10, then d6 + Endurance − wounds vs the DC)."""
    icepool = pytest.importorskip("icepool")
    from tools.bench_odds import DYING_DEAD, DYING_STABLE, icepool_dying

    creature = dying(6, wounds=2)
    chain = icepool_dying(icepool, creature)
    mine = dying_rounds(6, dying_modifiers(creature), "stabilise_first")[-1]
    assert mine["dead"] == chain.probability(DYING_DEAD) and mine["stable"] == chain.probability(DYING_STABLE)


# --- properties ----------------------------------------------------------------------------------


@settings(max_examples=30, deadline=None)
@given(modifier=st.integers(-8, 8), dc=st.integers(-5, 12), bump=st.integers(0, 3))
def test_a_bigger_modifier_never_lowers_and_a_harder_dc_never_raises_success(modifier, dc, bump):
    def chance(m, d):
        return Fraction(odds("semiautomagic.check", {"modifier": m, "dc": d})["success"]["p"])

    assert chance(modifier + bump, dc) >= chance(modifier, dc) >= chance(modifier, dc + bump)
