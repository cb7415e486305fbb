"""Exact odds of Call of Cthulhu rolls against brute force over typed faces and against icepool."""

from fractions import Fraction

import pytest
from coc_helpers import cultist, harvey
from hypothesis import given, settings, strategies as st

from py_rules.coc.levels import level_for, level_name
from py_rules.coc.odds import level_dist, percentile_weights
from py_rules.coc.percentile import TENS_DIE, UNITS_DIE, choose, read_d100
from py_rules.coc.weapons import COMMON_WEAPONS
from tests.odds_brute import assert_agrees, assert_sides_agree, brute, brute_each, contest, odds, probabilities


def level_label(r):
    return r.message if not hasattr(r, "level_name") else r.level_name


@pytest.mark.parametrize("bonus,penalty", [(0, 0), (1, 0), (0, 1), (2, 0)])
def test_percentile_distribution_matches_every_typed_face(bonus, penalty):
    """Seed 003, Bonus Dice and Penalty Dice: every units/tens combination, read by the roll itself."""
    args = {"bonus": bonus, "penalty": penalty}
    answer = odds("coc.d100", args)
    found = brute("coc.d100", args, lambda r: f"{r.total:02d}" if r.total < 100 else "00 (100)", max_runs=20_000)
    assert_agrees(answer, found)


@pytest.mark.parametrize(
    "args",
    [
        {"skill": "Spot Hidden"},
        {"skill": "Spot Hidden", "difficulty": "Hard", "penalty": 1},
        {"skill": "Dodge", "bonus": 1, "fumble_basis": "raw_skill", "difficulty": "Extreme"},
    ],
)
def test_skill_roll_odds_match_brute_force(args):
    args = dict(args, investigator=harvey())
    assert_agrees(odds("coc.skill_roll", args), brute("coc.skill_roll", args, level_label))


@pytest.mark.parametrize(
    "op,args",
    [
        ("characteristic_roll", {"characteristic": "POW", "difficulty": "Hard"}),
        ("luck_roll", {"penalty": 1}),
        ("combined_roll", {"skills": "Spot Hidden, Dodge", "mode": "any"}),
        ("combined_roll", {"skills": "Spot Hidden, Listen", "mode": "all", "difficulty": "Hard"}),
        ("first_aid", {"investigator": harvey(hp=5), "skill": 45}),
        (  # the push of a failed First Aid is rolled at the first roll's skill, not the one typed
            "first_aid",
            {
                "investigator": harvey(hp=5, first_aid_roll={"value": 55, "roll": 56, "level": 1, "success": False}),
                "skill": 90,
                "justification": "She cleans the wound properly",
            },
        ),
        (
            "first_aid",
            {
                "investigator": harvey(hp=0, conditions={"dying": True, "major_wound": True}),
                "skill": 30,
                "first_aid_on_dying": "temporary_hp",
            },
        ),
        ("medicine", {"investigator": harvey(hp=5), "skill": 60, "medicine_timing": "immediate"}),
        ("dying_round", {"investigator": harvey(hp=0, conditions={"dying": True, "major_wound": True})}),
        ("weekly_healing_roll", {"investigator": harvey(hp=5, conditions={"major_wound": True})}),
    ],
)
def test_single_roll_operations_match_brute_force(op, args):
    args = dict({"investigator": harvey()}, **args)
    answer = odds(f"coc.{op}", args)
    labels = [o["label"] for o in answer["outcomes"]]

    def label(r):
        if not hasattr(r, "level_name"):
            return r.message
        name = r.level_name
        if name is None:  # a state change: read the CON roll from the typed faces
            name = level_name(
                level_for(read_d100(r.faces[1], r.faces[0]), args["investigator"]["characteristics"]["CON"])
            )
        with_events = f"{name}: " + "; ".join(r.events)
        return with_events if with_events in labels else name

    assert_agrees(answer, brute(f"coc.{op}", args, label))


def test_push_roll_odds_are_the_chance_the_push_succeeds():
    failed = harvey()
    failed["last_roll"] = {
        "kind": "skill",
        "name": "Spot Hidden",
        "value": 55,
        "difficulty": "Regular",
        "bonus": 0,
        "penalty": 1,
        "roll": 80,
        "level": 1,
        "success": False,
        "pushed": False,
        "luck_spent": 0,
    }
    args = {"investigator": failed, "justification": "search the attic again"}
    answer = odds("coc.push_roll", args)
    assert_agrees(answer, brute("coc.push_roll", args, level_label))


def test_sanity_loss_and_int_roll_and_temporary_insanity_match_brute_force():
    args = {"investigator": harvey(san=94), "loss": "1D2/1D3+3", "insanity_threshold": "more_than_5"}
    answer = odds("coc.sanity_roll", args)
    found, _ = brute(
        "coc.sanity_roll",
        args,
        lambda r: (r.level_name, r.details["loss"], r.details["int_roll"] is not None, r.details["insane_hours"] > 0),
        max_runs=40_000,
    )
    levels = {}
    losses = {}
    for (name, loss, _int, _mad), p in found.items():
        levels[name] = levels.get(name, 0) + p
        losses[f"{loss} SAN"] = losses.get(f"{loss} SAN", 0) + p
    assert_agrees(answer, (levels, 0))
    assert {o["label"]: Fraction(o["p"]) for o in answer["tables"][0]["outcomes"]} == losses
    chances = {c["label"]: Fraction(c["p"]) for c in answer["chances"]}
    assert chances["INT roll (a loss of more than 5)"] == sum(p for k, p in found.items() if k[2])
    assert chances["Temporarily insane"] == sum(p for k, p in found.items() if k[3])


@pytest.mark.parametrize("luck", [{}, {"luck": 5, "opponent_luck": 3}], ids=["no luck", "luck on both sides"])
def test_opposed_roll_odds_and_who_wins_match_brute_force(luck):
    """Seed 003, Opposed Rolls, as rolled and with Luck spent on both sides: each outcome, and the contest's chance
    that each side wins or nobody does (TABLE.md, Roll drawer), read from one pass over every face."""
    args = {"investigator": harvey(), "opponent": cultist(), "skill": "Spot Hidden", "opponent_skill": "Dodge", **luck}
    answer = odds("coc.opposed_roll", args)
    a, b, chances = contest(answer)
    assert (a, b) == ("Harvey Walters", "Cultist")

    def label(r):
        winner = r.details["winner"]
        return f"{winner} wins" if winner else "Both fail: nobody wins"

    def side(r):
        winner = r.details["winner"]
        return "a_wins" if winner == a else "b_wins" if winner == b else "neither"

    labels, sides = brute_each("coc.opposed_roll", args, [label, side], max_runs=40_000)
    assert_agrees(answer, labels)
    assert_sides_agree(chances, sides)
    assert chances["a_wins"] > chances["b_wins"] > 0 and chances["tie"] == 0


def test_opposed_roll_off_at_equal_skill_is_in_closed_form():
    args = {
        "investigator": harvey(),
        "opponent": cultist(skills={"Dodge": 55}),
        "skill": "Spot Hidden",
        "opponent_skill": "Dodge",
    }
    answer = probabilities(odds("coc.opposed_roll", args))
    found, cut = brute("coc.opposed_roll", args, lambda r: r.details["winner"], max_dice=4, max_runs=40_000)
    # the roll-offs are cut: each side's share is the brute force plus at most the mass cut off
    assert answer["Harvey Walters wins"] - found["Harvey Walters"] == answer["Cultist wins"] - found["Cultist"]
    assert 0 < answer["Harvey Walters wins"] - found["Harvey Walters"] <= cut


JAMS_AT_96 = dict(COMMON_WEAPONS[7], malfunction=96)
"""A .38 Revolver whose malfunction number is 96."""


@pytest.mark.parametrize(
    "extra",
    [
        {"defence": "dodge"},
        {"defence": "fight_back", "combat_ties": "book"},
        {"defence": "none", "weapon": "Handgun", "surprise": True},
        {"defence": "dodge", "weapon": "Rifle", "firearms_rule": "book", "range_difficulty": "Hard"},
        {"defence": "dodge", "surprise": True, "surprise_rule": "automatic_hit"},
        # a firearm that jams at 96 or more (rules/coc.md §3.8 [BOOK]): the shot does not go off
        {"defence": "dodge", "weapon": ".38 Revolver", "investigator": harvey(weapons=[JAMS_AT_96])},
    ],
)
def test_attack_odds_and_who_wins_match_brute_force(extra):
    """Seed 003, Combat: each outcome of the attack and, where the defender rolls too, the contest's chance that each
    side wins or nobody does (TABLE.md, Roll drawer), read from one pass over every face."""
    args = dict(
        {"investigator": harvey(), "opponent": cultist(skills={"Dodge": 35}), "damage": "2", "defender_damage": "1"},
        **extra,
    )
    answer = odds("coc.attack", args)
    sides = {"attacker wins": "a_wins", "defender wins": "b_wins", "nobody wins": "neither"}

    def label(r):  # the roll's own verdict, in the chart's words
        outcome = r.details["outcome"]
        if outcome == "attacker wins":
            return "Harvey Walters hits Cultist" + (" (Extreme)" if r.level is not None and r.level >= 4 else "")
        if outcome == "nobody wins":
            return "Nobody wins: the attack misses"
        return (
            "Cultist fights back and hits Harvey Walters"
            if args["defence"] == "fight_back"
            else "Cultist dodges: the attack misses"
        )

    labels, by_side = brute_each("coc.attack", args, [label, lambda r: sides[r.details["outcome"]]], max_runs=60_000)
    assert_agrees(answer, labels)
    # a contest when the defender can win (a dodge, a fight back); none when nothing the defender rolls can stop it
    assert (answer["contest"] is None) == (not by_side[0].get("b_wins"))
    if answer["contest"] is not None:
        a, b, chances = contest(answer)
        assert (a, b) == ("Harvey Walters", "Cultist")
        assert_sides_agree(chances, by_side)


# --- against icepool -----------------------------------------------------------------------------


def _icepool_levels(value, difficulty, basis, net):
    icepool = pytest.importorskip("icepool")
    units = icepool.Die(UNITS_DIE.faces)
    tens = icepool.Die(TENS_DIE.faces)
    dice = [tens] * (1 + abs(net))
    return icepool.map(lambda u, *ts: level_for(choose(u, ts, net)[0], value, difficulty, basis), units, *dice)


@pytest.mark.parametrize(
    "value,difficulty,basis,net",
    [
        (55, "Regular", "needed", 0),
        (40, "Hard", "needed", 2),
        (90, "Extreme", "raw_skill", -2),
        (5, "Regular", "needed", 1),
    ],
)
def test_levels_agree_with_icepool(value, difficulty, basis, net):
    mine = level_dist(value, difficulty, basis, net)
    theirs = _icepool_levels(value, difficulty, basis, net)
    assert mine.fractions() == {lv: theirs.probability(lv) for lv in theirs.outcomes()}


# --- properties ----------------------------------------------------------------------------------


def _success(value, net, difficulty="Regular"):
    return level_dist(value, difficulty, "needed", net).chance(
        lambda lv: lv >= {"Regular": 2, "Hard": 3, "Extreme": 4}[difficulty]
    )


@settings(max_examples=40, deadline=None)
@given(value=st.integers(1, 99), net=st.integers(-2, 1), difficulty=st.sampled_from(["Regular", "Hard", "Extreme"]))
def test_bonus_dice_and_skill_never_hurt_and_harder_never_helps(value, net, difficulty):
    base = _success(value, net, difficulty)
    assert _success(value, net + 1, difficulty) >= base  # a bonus die never lowers the chance
    assert _success(value + 1, net, difficulty) >= base  # a higher skill never lowers it
    harder = {"Regular": "Hard", "Hard": "Extreme", "Extreme": "Extreme"}[difficulty]
    assert _success(value, net, harder) <= base


@settings(max_examples=60, deadline=None)
@given(
    value=st.integers(0, 500),
    net=st.integers(-2, 2),
    difficulty=st.sampled_from(["Regular", "Hard", "Extreme"]),
    basis=st.sampled_from(["needed", "raw_skill"]),
)
def test_levels_read_by_stretches_equal_every_roll_read_on_its_own(value, net, difficulty, basis):
    weights, denominator = percentile_weights(net)
    each = {}
    for roll, w in weights.items():
        level = level_for(roll, value, difficulty, basis)
        each[level] = each.get(level, 0) + Fraction(w, denominator)
    assert level_dist(value, difficulty, basis, net).fractions() == each


def test_every_percentile_distribution_sums_to_one():
    for net in range(-2, 3):
        weights, denominator = percentile_weights(net)
        assert sum(weights.values()) == denominator and set(weights) == set(range(1, 101))


def test_luck_cost_of_each_better_level_after_a_roll():
    rolled = harvey()
    rolled["last_roll"] = {
        "kind": "skill",
        "name": "Spot Hidden",
        "value": 55,
        "difficulty": "Regular",
        "bonus": 0,
        "penalty": 0,
        "roll": 60,
        "level": 1,
        "success": False,
        "pushed": False,
        "luck_spent": 0,
    }
    answer = odds("coc.spend_luck", {"investigator": rolled})
    costs = {c["level"]: c["luck"] for c in answer["details"]["luck_costs"]}
    assert costs == {level_name(2): 5, level_name(3): 33, level_name(4): 49}


def test_attack_roll_off_at_equal_skill_is_in_closed_form():
    args = {"investigator": harvey(), "opponent": cultist(skills={"Dodge": 40}), "damage": "2"}
    answer = probabilities(odds("coc.attack", args))
    found, cut = brute("coc.attack", args, lambda r: r.details["outcome"], max_dice=4, max_runs=40_000)
    hit = answer["Harvey Walters hits Cultist"] + answer.get("Harvey Walters hits Cultist (Extreme)", 0)
    dodged = answer["Cultist dodges: the attack misses"]
    assert hit - found["attacker wins"] == dodged - found["defender wins"]
    assert 0 < hit - found["attacker wins"] <= cut


@pytest.mark.parametrize(
    "op,args",
    [
        (
            "weekly_healing_roll",
            {"investigator": harvey(hp=5, conditions={"major_wound": True}), "major_wound_healing": "book"},
        ),
        ("medicine", {"investigator": harvey(hp=5), "skill": 50}),
    ],
)
def test_hp_regained_table_matches_brute_force(op, args):
    answer = odds(f"coc.{op}", args)
    table = {o["label"]: Fraction(o["p"]) for o in answer["tables"][0]["outcomes"]}

    def healed(r):
        def scheduled(state):
            return sum(h["amount"] for h in state.get("scheduled_heals", []))

        return f"{r.state['hp'] + scheduled(r.state) - 5} HP"

    assert_agrees(answer, brute(f"coc.{op}", args, healed), section=table)
