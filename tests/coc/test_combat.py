"""Seed 003 "Combat", "Attack Order", "Combat Round Duration", "Outnumbered" (C9–C14)."""

import copy

import pytest
from coc_helpers import cultist, d100, harvey, run

from py_rules import api
from py_rules.coc import attack as attack_mod, combat, luck
from py_rules.coc.settings import Settings
from py_rules.coc.tables import DICE_FORM
from py_rules.dice import TypedDice
from py_rules.dice_expr import parse
from py_rules.errors import RulesError
from py_rules.trace import Log


def order(combatants, faces=()):
    dice = TypedDice(list(faces))
    state = combat.attack_order(dice, combatants, Log())
    dice.finish()
    return [p["name"] for p in state["order"]], state


def fight(faces, *, investigator=None, opponent=None, **kwargs):
    return run(attack_mod.attack, faces, investigator or harvey(), opponent or cultist(), **kwargs)


# --- Attack Order -------------------------------------------------------------------------------------------


def test_dex_60_with_a_drawn_firearm_acts_before_dex_100_without():
    names, state = order([{"name": "Ghoul", "dex": 100}, {"name": "Harvey", "dex": 60, "firearm_ready": True}])
    assert names == ["Harvey", "Ghoul"]
    assert state["order"][0]["initiative"] == 110


def test_attack_order_highest_dex_goes_first_then_in_descending_order():
    names, _ = order([{"name": "A", "dex": 40}, {"name": "B", "dex": 70}, {"name": "C", "dex": 55}])
    assert names == ["B", "C", "A"]


def test_attack_order_tie_goes_to_the_higher_combat_skill():
    names, _ = order([{"name": "A", "dex": 50, "combat_skill": 30}, {"name": "B", "dex": 50, "combat_skill": 60}])
    assert names == ["B", "A"]


def test_attack_order_full_tie_is_a_d100_roll_off_lower_first():
    names, _ = order([{"name": "A", "dex": 50}, {"name": "B", "dex": 50}], d100(70) + d100(20))
    assert names == ["B", "A"]


def test_attack_order_roll_off_ties_roll_again_and_the_trace_shows_every_roll():
    response = api.handle(
        {
            "op": "coc.attack_order",
            "args": {
                "combatants": [{"name": "A", "dex": 50}, {"name": "B", "dex": 50}],
                "dice": d100(35) + d100(35) + d100(11) + d100(92),
            },
        }
    )
    assert response["result"]["details"]["order"] == ["A", "B"]
    assert any("A 35, B 35 (a tie: all roll again); A 11, B 92" in line for line in response["result"]["text"])


def test_extreme_damage_default_says_there_is_no_extra_damage():
    log = Log()
    total = run(combat.roll_damage, [2], "Brawl", parse("1D3", DICE_FORM), "0", log, extreme=True)
    assert total == 2 and any("no extra damage" in s.text for s in log.steps)


def test_attack_order_rejects_bad_combatants():
    response = api.handle(
        {"op": "coc.attack_order", "args": {"combatants": [{"name": "A", "dex": -1}, {"name": "B", "dex": 5}]}}
    )
    assert response["ok"] is False and response["error"]["field"] == "combatants"
    assert "DEX must be a whole number" in response["error"]["message"]


# --- Combat Round Duration ----------------------------------------------------------------------------------


def start():
    response = api.handle(
        {
            "op": "coc.attack_order",
            "args": {"combatants": [{"name": "Harvey Walters", "dex": 60}, {"name": "Cultist", "dex": 55}]},
        }
    )
    return response["result"]["state"]


def test_one_action_per_post_a_combatant_cannot_act_twice_in_a_round():
    combat_state = start()
    first = api.handle(
        {"op": "coc.combat_round", "args": {"combat": combat_state, "action": "act", "name": "Harvey Walters"}}
    )
    assert first["ok"]
    again = api.handle(
        {
            "op": "coc.combat_round",
            "args": {"combat": first["result"]["state"], "action": "act", "name": "Harvey Walters"},
        }
    )
    assert again["ok"] is False and again["error"]["field"] == "name"


def test_end_of_round_starts_the_next_round_and_resets_damage_this_round():
    combat_state = start()
    hurt = harvey(hp=9, damage_this_round=3)
    response = api.handle(
        {"op": "coc.combat_round", "args": {"combat": combat_state, "action": "end_round", "investigator": hurt}}
    )
    result = response["result"]
    assert result["state"]["round"] == 2 and result["state"]["acted"] == []
    assert result["states"]["coc.investigator"]["damage_this_round"] == 0


def test_end_of_round_dying_character_rolls_con():
    dying = harvey(hp=0, conditions={"major_wound": True, "unconscious": True, "dying": True})
    response = api.handle(
        {
            "op": "coc.combat_round",
            "args": {"combat": start(), "action": "end_round", "investigator": dying, "dice": d100(80)},
        }
    )
    assert response["result"]["states"]["coc.investigator"]["conditions"]["dead"] is True


# --- Attacks and defences -----------------------------------------------------------------------------------


def test_fighting_brawl_hand_to_hand_uses_the_brawl_skill_and_adds_damage_bonus():
    # Cultist (Brawl 50, DB +1D4) attacks Harvey (Dodge 40): Regular 45 vs failed dodge 70; 1D3=2 + 1D4=3
    result = fight(d100(45) + d100(70) + [2, 3], attacker="opponent", weapon="Brawl", defence="dodge")
    assert result.target == 50 and result.success
    assert result.details["damage"] == 5
    assert result.states["coc.investigator"]["hp"] == 7


def test_firearms_handgun_uses_the_handgun_skill_and_no_damage_bonus():
    result = fight(d100(30) + d100(90) + [5], weapon="Handgun", defence="dodge")
    assert result.target == 45 and result.details["damage"] == 5


def test_firearms_rifle_uses_the_rifle_skill():
    result = fight(d100(20) + d100(90) + [1, 1], weapon="Rifle", defence="dodge")
    assert result.target == 25 and result.details["damage"] == 1 + 1 + 4


def test_dodge_using_the_dodge_skill_the_attack_misses():
    result = fight(d100(30) + d100(10), defence="dodge")  # Brawl 40 Regular vs Dodge 27 Hard
    assert result.success is False and result.details["damage"] == 0
    assert result.details["outcome"] == "defender wins"


def test_fight_back_using_brawl_if_you_succeed_you_inflict_damage_on_the_attacker():
    # Harvey Brawl 40 rolls 35 (Regular); Cultist Brawl 50 rolls 20 (Hard): Cultist hits back 1D3=1 + 1D4=4
    result = fight(d100(35) + d100(20) + [1, 4], defence="fight_back")
    assert result.details["damaged"] == "Harvey Walters" and result.details["damage"] == 5
    assert result.states["coc.investigator"]["hp"] == 7


def test_manoeuvre_uses_brawl_and_success_gives_an_advantage():
    result = fight(d100(70) + d100(40), defence="manoeuvre")
    assert "manoeuvre_success" in result.flags and result.details["damage"] == 0


def test_a_build_difference_of_4_forbids_a_manoeuvre():
    giant = cultist(
        characteristics={"STR": 150, "CON": 55, "SIZ": 150, "DEX": 55, "APP": 40, "INT": 50, "POW": 45, "EDU": 40}
    )
    assert giant["derived"]["build"] == 4
    response = api.handle(
        {
            "op": "coc.attack",
            "args": {"investigator": harvey(), "opponent": giant, "attacker": "opponent", "defence": "manoeuvre"},
        }
    )
    assert response["ok"] is False and response["error"]["field"] == "defence"
    assert "more than 3" in response["error"]["message"]


def test_for_each_difference_in_build_one_extra_penalty_die():
    # Harvey (Build 0) manoeuvres against the Cultist (Build 1): one penalty die, keeps the worse tens
    result = fight(d100(30) + [5, 10, 60] + [1, 1], attacker="opponent", defence="manoeuvre")
    assert result.states["coc.investigator"]["last_roll"]["roll"] == 65


def test_manoeuvre_allowed_builds():
    assert combat.manoeuvre_allowed(0, 4) == (False, 0)
    assert combat.manoeuvre_allowed(0, 3) == (True, 2)
    assert combat.manoeuvre_allowed(0, 3, "book") == (False, 0)


def test_if_surprise_attack_the_attacker_uses_an_extra_bonus_die():
    result = fight([5, 90, 10] + d100(90) + [2], surprise=True)
    assert result.total == 15 and "surprise" in result.flags


def test_surprise_book_option_hits_automatically():
    result = fight([2], surprise=True, settings=Settings(surprise_rule="automatic_hit"))
    assert result.success and result.details["damage"] == 2


def test_conditions_modify_combat_rolls_too():
    result = fight([5, 10, 60] + d100(90), attacker_penalty=1)
    assert result.total == 65 and result.success is False


def test_outnumbered_next_melee_attacks_get_one_bonus_die():
    target = cultist(defences_this_round=1)
    result = fight([5, 90, 10] + d100(90) + [2], opponent=target)
    assert "outnumbered" in result.flags and result.total == 15


def test_outnumbered_does_not_apply_to_attacks_made_using_firearms():
    target = cultist(defences_this_round=1)
    result = fight(d100(30) + d100(90) + [4], opponent=target, weapon="Handgun")
    assert "outnumbered" not in result.flags


def test_outnumbered_counts_the_targets_defences_this_round():
    result = fight(d100(90) + d100(90))
    assert result.states["coc.opponent"]["defences_this_round"] == 1


def test_outnumbered_while_marked_option():
    result = fight([5, 90, 10] + d100(90) + [2], outnumbered=True, settings=Settings(outnumbered_rule="while_marked"))
    assert "outnumbered" in result.flags


def test_combat_depends_on_opposed_rolls_both_failing_means_no_damage():
    result = fight(d100(90) + d100(90))
    assert result.details["outcome"] == "nobody wins" and result.details["damage"] == 0


def test_combat_draw_higher_skill_wins():
    # both Regular: Harvey Brawl 40 vs Cultist Brawl 50 fighting back → Cultist wins and hits back
    result = fight(d100(30) + d100(40) + [1, 1], defence="fight_back")
    assert result.details["outcome"] == "defender wins"


def test_combat_ties_book_option_dodge_goes_to_the_defender():
    dodger = cultist(skills={"Dodge": 30})  # both Regular: seed → higher skill (Brawl 40) wins, book → the dodger
    seed = fight(d100(30) + d100(25) + [3], opponent=dodger)
    assert seed.details["outcome"] == "attacker wins"
    book = fight(d100(30) + d100(25), opponent=dodger, settings=Settings(combat_ties="book"))
    assert book.details["outcome"] == "defender wins"


def test_combat_ties_book_option_fight_back_goes_to_the_attacker():
    # both Regular: seed → the Cultist's higher Brawl 50 wins, book → the attacker
    result = fight(d100(30) + d100(40) + [2], defence="fight_back", settings=Settings(combat_ties="book"))
    assert result.details["outcome"] == "attacker wins" and result.details["damaged"] == "Cultist"


def test_fight_back_against_a_firearm_is_refused():
    with pytest.raises(RulesError) as error:
        fight([], weapon="Handgun", defence="fight_back")
    assert error.value.field == "defence"


def test_a_combat_roll_cannot_be_pushed():
    result = fight(d100(90) + d100(90))
    response = api.handle({"op": "coc.push_roll", "args": {"investigator": result.state, "justification": "again"}})
    assert response["ok"] is False and "combat" in response["error"]["message"]


def test_luck_may_be_spent_on_a_dodge_inside_the_attack():
    result = fight(
        d100(30) + d100(35) + [2], defender_luck=8
    )  # Dodge 27: 35 → 27 Regular; draw → higher skill (40) wins
    assert result.states["coc.opponent"]["luck"] == 32
    assert result.states["coc.opponent"]["last_roll"]["roll"] == 27
    assert result.details["outcome"] == "attacker wins" and result.details["damage"] == 2


def test_luck_on_a_fumbled_combat_roll_is_not_spent_and_the_fumble_stands():
    result = fight(d100(100) + d100(90), attacker_luck=10)
    assert result.total == 100 and "fumble" in result.flags
    assert result.states["coc.investigator"]["luck"] == 50
    assert result.states["coc.investigator"]["last_roll"]["luck_spent"] == 0
    assert any("can't be spent on a fumble" in s.text for s in result.steps)


def test_luck_on_a_combat_roll_stops_at_02_never_buying_a_critical():
    result = fight(d100(5) + d100(90) + [2], attacker_luck=10)  # 05 − 3 = 02; 7 of the 10 points are kept
    assert result.total == 2 and result.level_name == "Extreme success"
    assert result.states["coc.investigator"]["luck"] == 47
    assert result.states["coc.investigator"]["last_roll"]["luck_spent"] == 3


# --- Damage -------------------------------------------------------------------------------------------------


def test_damage_is_weapon_dice_plus_damage_bonus_for_melee():
    total = run(combat.roll_damage, [3, 2], "Brawl", parse("1D3", DICE_FORM), "+1D4", Log())
    assert total == 5


def test_luck_cannot_be_spent_on_damage():
    response = api.handle({"op": "coc.roll_damage", "args": {"investigator": harvey(), "weapon": "Brawl", "dice": [2]}})
    assert response["ok"] and response["result"]["total"] == 2
    state = response["result"]["state"]
    refused = api.handle({"op": "coc.spend_luck", "args": {"investigator": state, "points": 1}})
    assert refused["ok"] is False and "damage" in refused["error"]["message"]


def test_extreme_damage_book_option_maximum_and_impale():
    total = run(
        combat.roll_damage, [4], "Handgun", parse("1D10", DICE_FORM), "0", Log(), extreme=True, extreme_rule="book"
    )
    assert total == 14


def test_attack_leaves_the_inputs_unchanged():
    me, them = harvey(), cultist()
    before = copy.deepcopy((me, them))
    run(attack_mod.attack, d100(30) + d100(90) + [3], me, them)
    assert (me, them) == before


def test_an_attack_cannot_be_followed_by_luck_via_spend_luck():
    result = fight(d100(90) + d100(90))
    with pytest.raises(RulesError, match="Luck fields"):
        luck.spend_luck(result.state, points=1)


def test_outnumbered_ticked_before_any_defence_explains_why_no_bonus_die_yet():
    result = fight(d100(30) + d100(90) + [2], outnumbered=True)
    assert "outnumbered" not in result.flags
    assert any("next melee attacks" in s.text for s in result.steps)


def test_luck_for_a_defender_who_makes_no_defence_roll_is_refused():
    with pytest.raises(RulesError) as error:
        fight(d100(30) + [2], defence="none", defender_luck=5)
    assert error.value.field == "defender_luck"


def test_luck_on_an_automatic_surprise_hit_is_refused():
    with pytest.raises(RulesError) as error:
        fight([2], surprise=True, attacker_luck=5, settings=Settings(surprise_rule="automatic_hit"))
    assert error.value.field == "attacker_luck"


@pytest.mark.parametrize("field", ["damage", "defender_damage"])
def test_malformed_damage_is_refused_even_when_the_attack_misses(field):
    me, them = harvey(), cultist()
    before = copy.deepcopy((me, them))
    response = api.handle(
        {"op": "coc.attack", "args": {"investigator": me, "opponent": them, field: "1D6+", "dice": d100(90) + d100(90)}}
    )
    assert response["ok"] is False and response["error"]["field"] == field
    assert (me, them) == before


def test_more_luck_than_the_defender_has_is_refused_before_rolling():
    response = api.handle(
        {"op": "coc.attack", "args": {"investigator": harvey(), "opponent": cultist(), "defender_luck": 41, "dice": []}}
    )
    assert response["ok"] is False and response["error"]["field"] == "defender_luck"


def test_keeper_controls_the_next_action_the_flag_survives_the_end_of_the_round():
    frightened = harvey(conditions={"involuntary_action": True})  # failed a Sanity roll after acting this round
    ended = api.handle(
        {"op": "coc.combat_round", "args": {"combat": start(), "action": "end_round", "investigator": frightened}}
    )["result"]
    assert ended["states"]["coc.investigator"]["conditions"]["involuntary_action"] is True
    acted = api.handle(
        {
            "op": "coc.combat_round",
            "args": {"combat": ended["state"], "action": "act", "name": "Harvey Walters", "investigator": frightened},
        }
    )
    assert acted["result"]["states"]["coc.investigator"]["conditions"]["involuntary_action"] is False
    assert any("Keeper controls this action" in line for line in acted["result"]["text"])
