"""Exact odds of an Attack (the chance to hit and what the hit does: down at 0 LP or below, knocked out, dying),
of the Essence a failed Fear Test costs, and of the Tests below 0 Essence, against brute force over typed faces
(rules/armageddon.md §1.8a, §1.9, §1.12, §1.13)."""

import copy
from fractions import Fraction

import pytest

from tests.armageddon.conftest import BASE
from tests.odds_brute import assert_agrees, brute, brute_each, odds


def sheet(name="Kim", skills=None, conditions=(), armour=None, **current):
    raw = copy.deepcopy(BASE)
    raw["name"] = name
    raw["current"] = current
    raw["conditions"] = list(conditions)
    if skills is not None:
        raw["skills"] = skills
    if armour is not None:
        raw["armour"] = armour
    return raw


ATTACKER = sheet("Rex", skills={"Brawling": 2})


def category(result):
    """What the Attack did, read from its result the way a Chronicler reads it."""
    if not hasattr(result, "details"):
        return result.message
    d = result.details
    if not d["attack"]["success"]:
        return "Miss"
    if not d["hit"]:
        return "Avoided by the defence"
    state = result.state
    conditions, lp = state["conditions"], state["current"]["life_points"]
    if "dead" in conditions and not d["life_points_damage"]:
        return "Hit, but already dead"
    if d["life_points_damage"] <= 0:
        return "Hit, the armour stops it all"
    if "death_pending" in conditions:
        return "Hit, dying and fails the Survival Test: dies without help"
    if "dying" in conditions:
        return "Hit, dying (−10 LP or below)"
    if "unconscious" in conditions:
        return "Hit, knocked out (fails the Consciousness Test)"
    return "Hit, down at 0 LP or below but awake" if lp <= 0 else "Hit, still above 0 LP"


@pytest.mark.parametrize("defence_rule", ["success_levels", "resisted"])
@pytest.mark.parametrize("defence", ["dodge", "none"])
def test_attack_chance_to_hit_matches_brute_force(defence, defence_rule):
    defender = sheet("Lou", skills={"Dodge": 1}, life_points=30)
    args = {"attacker": ATTACKER, "defender": defender, "defence": defence, "defence_rule": defence_rule}
    answer = odds("armageddon.attack", args)
    assert_agrees(answer, brute("armageddon.attack", args, category, max_dice=4))
    hits = next(c for c in answer["chances"] if c["label"] == "Hits")
    assert Fraction(hits["p"]) == Fraction(answer["success"]["p"])


def test_attack_odds_of_dropping_below_0_and_being_knocked_out_match_brute_force():
    # Punch d4 × Strength 2 + the attack's Success Levels against 3 LP: 0 LP or below calls the Consciousness Test
    defender = sheet("Lou", life_points=3)
    args = {"attacker": ATTACKER, "defender": defender, "defence": "none"}
    answer = odds("armageddon.attack", args)
    labels = {o["label"] for o in answer["outcomes"]}
    assert {"Hit, down at 0 LP or below but awake", "Hit, knocked out (fails the Consciousness Test)"} <= labels
    categories, (b_down, cut), (b_out, _) = brute_each(
        "armageddon.attack",
        args,
        [category, lambda r: r.state["current"]["life_points"] <= 0, lambda r: "unconscious" in r.state["conditions"]],
        max_dice=4,
    )
    assert_agrees(answer, categories)
    down, out = (Fraction(c["p"]) for c in answer["chances"][1:])
    assert b_down.get(True, 0) <= down <= b_down.get(True, 0) + cut
    assert b_out.get(True, 0) <= out <= b_out.get(True, 0) + cut


def test_attack_odds_of_dying_and_failing_the_survival_test_match_brute_force():
    defender = sheet("Lou", life_points=-8, conditions=["knocked_down", "unconscious"])
    args = {"attacker": ATTACKER, "defender": defender, "defence": "dodge"}  # the unconscious make no defence
    answer = odds("armageddon.attack", args)
    assert "Avoided by the defence" not in {o["label"] for o in answer["outcomes"]}
    assert_agrees(answer, brute("armageddon.attack", args, category, max_dice=4))


def test_attack_odds_with_armour_and_doubled_bullets_match_brute_force():
    gunman = dict(
        sheet("Rex", skills={"Handguns": 2}),
        weapons=[
            {
                "name": "Pistol",
                "skill": "Handguns",
                "damage": "d4 × 2",
                "damage_type": "bullet",
                "success_levels": False,
            }
        ],
    )
    defender = sheet("Lou", armour={"name": "vest", "value": 5}, life_points=8)
    args = {"attacker": gunman, "defender": defender, "defence": "none", "doubled_types": True}
    answer = odds("armageddon.attack", args)
    assert_agrees(answer, brute("armageddon.attack", args, category, max_dice=4))


@pytest.mark.parametrize("kind", ["mundane", "gifted"])
def test_fear_test_odds_with_low_essence_say_the_chance_essence_falls_below_0_and_the_willpower_test(kind):
    # a failed Fear Test costs Essence by the Fear Table; below 0 the Willpower Test follows (seed 000, Essence):
    # the Fear Test still has its odds, and the two chances match every typed chain
    character = dict(sheet(essence=3), kind=kind)
    args = {"character": character, "penalty": -4}
    answer = odds("armageddon.fear_test", args)
    # Willpower 3 (× 2 for the Gifted), the Chronicler's −4, numb −1 (Essence 3 of 14, a mental roll)
    assert answer["notes"][0].startswith("d10 -2" if kind == "mundane" else "d10 +1")
    levels, (b_below, cut), (b_lost, _) = brute_each(
        "armageddon.fear_test",
        args,
        [_fear_label(answer), lambda r: r.state["current"]["essence"] < 0, lambda r: bool(r.state["lost_attributes"])],
        max_dice=4,
    )
    assert_agrees(answer, levels)
    below, lost = (Fraction(c["p"]) for c in answer["chances"])
    assert b_below.get(True, 0) <= below <= b_below.get(True, 0) + cut and below > 0
    assert b_lost.get(True, 0) <= lost <= b_lost.get(True, 0) + cut and lost > 0


def _fear_label(answer):
    from py_rules.armageddon.outcome import describe_level

    tail = next((o for o in answer["outcomes"] if o["tail"]), None)
    top = int(tail["label"].split()[0]) if tail else None

    def label(result):
        level = result.details["rolls"][0]["level"]
        if top is not None and level >= top:
            return tail["label"]
        return describe_level(level) if level else "Failure"

    return label


@pytest.mark.parametrize("essence", [-7, -31])
def test_essence_below_0_willpower_test_and_survival_odds_match_brute_force(essence):
    args = {"character": sheet(essence=essence)}
    answer = odds("armageddon.essence_checks", args)
    (lost, cut), (dead, _) = brute_each(
        "armageddon.essence_checks",
        args,
        [lambda r: bool(r.state["lost_attributes"]), lambda r: "dead" in r.state["conditions"]],
        max_dice=4,
    )
    p = Fraction(answer["chances"][0]["p"])
    assert lost.get(True, 0) <= p <= lost.get(True, 0) + cut
    if essence <= -30:
        q = Fraction(answer["chances"][1]["p"])
        assert dead.get(True, 0) <= q <= dead.get(True, 0) + cut


def test_essence_checks_have_no_odds_above_0(run):
    from py_rules.api import handle

    answer = handle({"op": "armageddon.essence_checks", "args": {"character": sheet(essence=2)}, "mode": "odds"})
    assert answer["ok"] is False and answer["error"]["field"] == "character"
