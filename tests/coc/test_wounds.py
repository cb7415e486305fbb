"""Seed 003 "Hit points, Wounds, and Healing" and "First Aid" (C15–C19)."""

import contextlib
import copy

import pytest
from coc_helpers import d100, harvey, run
from hypothesis import given, settings as hsettings, strategies as st

from py_rules import api
from py_rules.coc import healing, wounds
from py_rules.coc.investigator import copy_state
from py_rules.coc.settings import Settings
from py_rules.dice import RandomDice, TypedDice
from py_rules.errors import RulesError
from py_rules.trace import Log


def damage(state, amount, faces=(), settings=Settings()):
    new = copy_state(state)
    dice = TypedDice(list(faces))
    wounds.apply_damage(dice, new, amount, Log(), settings)
    dice.finish()
    return new


def treat(fn, faces, state, *args, **kwargs):
    new, log = copy_state(state), Log()
    out = run(fn, faces, new, *args, log=log, **kwargs)
    return new, (out, log)


DYING = dict(hp=0, conditions={"major_wound": True, "unconscious": True, "dying": True, "prone": True})


# --- When HP falls to zero ----------------------------------------------------------------------------------


def test_hp_never_go_below_zero():
    assert damage(harvey(hp=3), 5)["hp"] == 0


def test_when_hit_points_reach_zero_they_fall_unconscious():
    state = damage(harvey(hp=4), 4)
    assert state["conditions"]["unconscious"] and not state["conditions"]["dying"]


def test_zero_hp_always_dying_option_seed_paragraph_one():
    state = damage(harvey(hp=4), 4, settings=Settings(zero_hp_always_dying=True))
    assert state["conditions"]["dying"]


def test_a_major_wound_taken_while_already_at_0_hp_makes_the_character_dying():
    knocked_out = harvey(hp=0, conditions={"unconscious": True})  # 0 HP without a major wound: not dying (D3)
    state = damage(knocked_out, 7)
    assert state["conditions"]["major_wound"] and state["conditions"]["dying"] and not state["conditions"]["dead"]


def test_major_wounded_characters_at_0_hp_are_close_to_death_dying():
    state = damage(harvey(hp=5, conditions={"major_wound": True}), 5)
    assert state["conditions"]["dying"] and state["conditions"]["unconscious"]


# --- Losing more than half HP in one turn -------------------------------------------------------------------


def test_losing_more_than_half_hp_in_one_turn_major_wound_con_roll_passed():
    state = damage(harvey(), 7, d100(40))
    assert state["conditions"]["major_wound"] and not state["conditions"]["unconscious"]


def test_losing_more_than_half_hp_con_roll_or_fall_unconscious():
    state = damage(harvey(), 7, d100(75))
    assert state["conditions"]["major_wound"] and state["conditions"]["unconscious"]


def test_losing_exactly_half_hp_is_not_a_major_wound():
    state = damage(harvey(), 6)
    assert not state["conditions"]["major_wound"]


def test_half_hp_lost_over_two_hits_in_one_round_is_a_major_wound():
    state = damage(damage(harvey(), 4), 3, d100(40))
    assert state["conditions"]["major_wound"] and state["damage_this_round"] == 7


def test_major_wound_book_option_counts_one_attack_of_half_or_more():
    book = Settings(major_wound_rule="attack_half_or_more")
    assert damage(harvey(), 6, d100(40), settings=book)["conditions"]["major_wound"]
    assert not damage(damage(harvey(), 4, settings=book), 3, settings=book)["conditions"]["major_wound"]


# --- Losing all HP in one turn ------------------------------------------------------------------------------


def test_losing_all_hp_in_one_turn_instant_death():
    state = damage(damage(harvey(), 6), 6)
    assert state["conditions"]["dead"] and state["hp"] == 0


def test_instant_death_book_option_needs_more_than_max_in_one_attack():
    book = Settings(instant_death_rule="attack_over_max")
    state = damage(harvey(), 12, settings=book)
    assert not state["conditions"]["dead"] and state["conditions"]["dying"]
    assert damage(harvey(), 13, settings=book)["conditions"]["dead"]


# --- Dying --------------------------------------------------------------------------------------------------


def test_dying_con_roll_each_round_success_stays_alive():
    state = harvey(**DYING)
    new, _ = treat(wounds.dying_round, d100(50), state)
    assert not new["conditions"]["dead"] and new["conditions"]["dying"]


def test_dying_failed_con_roll_means_death():
    new, _ = treat(wounds.dying_round, d100(61), harvey(**DYING))
    assert new["conditions"]["dead"]


# --- First Aid ----------------------------------------------------------------------------------------------


def test_first_aid_heal_1_hp_revive_from_unconsciousness():
    state = harvey(hp=5, conditions={"major_wound": True, "unconscious": True})
    new, (roll, _log) = treat(healing.first_aid, d100(20), state, 50)
    assert roll.success and new["hp"] == 6 and not new["conditions"]["unconscious"]


def test_first_aid_cant_be_used_on_characters_with_0_hp_to_regain_them():
    state = harvey(hp=0, conditions={"unconscious": True})
    new, _ = treat(healing.first_aid, d100(20), state, 50)
    assert new["hp"] == 0 and new["conditions"]["unconscious"]


def test_successful_first_aid_stabilizes_waiting_for_medicine_later():
    new, _ = treat(healing.first_aid, d100(20), harvey(**DYING), 50)
    assert new["conditions"]["stabilised"] and new["hp"] == 0
    with pytest.raises(RulesError, match="not dying"):
        treat(wounds.dying_round, d100(10), new)


def test_first_aid_on_the_dying_book_option_gives_1_temporary_hp():
    new, _ = treat(
        healing.first_aid, d100(20), harvey(**DYING), 50, settings=Settings(first_aid_on_dying="temporary_hp")
    )
    assert new["hp"] == 1 and new["conditions"]["stabilised"]


def test_first_aid_temporary_hp_option_then_medicine_ends_the_dying_state():
    book = Settings(first_aid_on_dying="temporary_hp", medicine_timing="immediate")
    stabilised, _ = treat(healing.first_aid, d100(20), harvey(**DYING), 50, settings=book)
    new, _ = treat(healing.medicine, d100(20) + [2], stabilised, 40, equipment=True, settings=book)
    assert new["hp"] == 3
    assert not new["conditions"]["dying"] and not new["conditions"]["stabilised"]


def test_failed_first_aid_changes_nothing():
    new, _ = treat(healing.first_aid, d100(70), harvey(hp=5), 50)
    assert new["hp"] == 5 and not new["first_aid_given"]


def test_first_aid_once_per_injury():
    new, _ = treat(healing.first_aid, d100(20), harvey(hp=5), 50)
    with pytest.raises(RulesError, match="already"):
        treat(healing.first_aid, d100(20), new, 50)


# --- Medicine -----------------------------------------------------------------------------------------------


def test_medicine_heal_1d3_hp_after_a_week_with_equipment():
    new, _ = treat(healing.medicine, d100(20) + [3], harvey(hp=5), 40, equipment=True)
    assert new["hp"] == 5 and new["scheduled_heals"] == [{"days": 7, "amount": 3, "source": "Medicine"}]
    response = api.handle({"op": "coc.advance_time", "args": {"investigator": new, "unit": "days", "amount": 7}})
    assert response["result"]["state"]["hp"] == 12  # 6 days × 1 HP then +3 on day 7 (capped at 12)


def test_medicine_needs_equipment():
    with pytest.raises(RulesError) as error:
        treat(healing.medicine, d100(20) + [3], harvey(hp=5), 40, equipment=False)
    assert error.value.field == "equipment"


def test_medicine_immediate_book_option():
    new, _ = treat(
        healing.medicine,
        d100(20) + [2],
        harvey(hp=5),
        40,
        equipment=True,
        settings=Settings(medicine_timing="immediate"),
    )
    assert new["hp"] == 7


def test_only_medicine_regains_hp_at_zero_and_it_further_aids_the_stabilised():
    stabilised = treat(healing.first_aid, d100(20), harvey(**DYING), 50)[0]
    new, _ = treat(
        healing.medicine, d100(20) + [2], stabilised, 40, equipment=True, settings=Settings(medicine_timing="immediate")
    )
    assert new["hp"] == 2 and not new["conditions"]["dying"]


# --- Healing ------------------------------------------------------------------------------------------------


def test_without_a_major_wound_heal_1_hp_per_day():
    state = copy_state(harvey(hp=5))
    healing.natural_day(TypedDice([]), state, Log())
    assert state["hp"] == 6


def test_major_wound_no_daily_healing_but_a_healing_roll_each_week_con_roll():
    state = copy_state(harvey(hp=1, conditions={"major_wound": True}))
    dice = TypedDice(d100(50) + [4])
    for _ in range(7):
        healing.natural_day(dice, state, Log())
    dice.finish()
    assert state["hp"] == 5 and state["conditions"]["major_wound"]


def test_major_wound_success_regain_1d4_hp():
    new, _ = treat(healing.weekly_healing, d100(50) + [3], harvey(hp=2, conditions={"major_wound": True}))
    assert new["hp"] == 5


def test_major_wound_extreme_success_regain_2d4_and_the_major_wound_ends():
    new, _ = treat(healing.weekly_healing, d100(10) + [1, 1], harvey(hp=2, conditions={"major_wound": True}))
    assert new["hp"] == 4 and not new["conditions"]["major_wound"]


def test_major_wound_ends_on_half_hp_healing():
    new, _ = treat(healing.weekly_healing, d100(50) + [4], harvey(hp=2, conditions={"major_wound": True}))
    assert new["hp"] == 6 and not new["conditions"]["major_wound"]


def test_major_wound_healing_book_option_1d3():
    with pytest.raises(RulesError):  # a d3 cannot show 4
        treat(
            healing.weekly_healing,
            d100(50) + [4],
            harvey(hp=2, conditions={"major_wound": True}),
            settings=Settings(major_wound_healing="book"),
        )


def test_failed_weekly_roll_heals_nothing():
    new, _ = treat(healing.weekly_healing, d100(90), harvey(hp=2, conditions={"major_wound": True}))
    assert new["hp"] == 2


def test_apply_damage_via_the_api_leaves_the_input_unchanged():
    state = harvey()
    before = copy.deepcopy(state)
    response = api.handle({"op": "coc.apply_damage", "args": {"investigator": state, "amount": 3}})
    assert response["ok"] and response["result"]["state"]["hp"] == 9
    assert state == before


@hsettings(max_examples=60, deadline=None)
@given(
    st.lists(st.tuples(st.sampled_from(["damage", "heal", "day", "first_aid"]), st.integers(0, 20)), max_size=12),
    st.integers(0, 10_000),
)
def test_hp_never_goes_below_0_and_never_above_the_maximum(actions, seed):
    state = copy_state(harvey())
    dice = RandomDice(seed)
    for action, amount in actions:
        if action == "damage":
            wounds.apply_damage(dice, state, amount, Log())
        elif action == "heal":
            healing.heal(state, amount, "test", Log())
        elif action == "day" and not (state["conditions"]["dying"] and not state["conditions"]["stabilised"]):
            healing.natural_day(dice, state, Log())
        elif action == "first_aid":
            with contextlib.suppress(RulesError):
                healing.first_aid(dice, state, 50, Log())
        assert 0 <= state["hp"] <= 12


def test_outside_combat_each_damaging_event_can_be_its_own_turn():
    hurt = damage(harvey(), 5)
    response = api.handle({"op": "coc.apply_damage", "args": {"investigator": hurt, "amount": 2, "own_turn": True}})
    state = response["result"]["state"]
    assert state["damage_this_round"] == 2 and not state["conditions"]["major_wound"]


def test_a_major_wound_leaves_the_victim_prone_and_getting_up_is_the_keepers_call():
    """Seed 003, Losing more than Half HP in One Turn: prone and unconscious are set and cleared by hand."""
    sheet = harvey()
    down = api.handle({"op": "coc.set_condition", "args": {"investigator": sheet, "condition": "prone"}})["result"]
    assert down["state"]["conditions"]["prone"] is True and down["events"] == ["Harvey Walters is now prone"]
    assert down["states"]["coc.investigator"] == down["state"]
    up = api.handle(
        {"op": "coc.set_condition", "args": {"investigator": down["state"], "condition": "prone", "action": "clear"}}
    )["result"]
    assert up["state"]["conditions"] == sheet["conditions"]
    again = api.handle(
        {"op": "coc.set_condition", "args": {"investigator": sheet, "condition": "unconscious", "action": "clear"}}
    )
    assert again["error"]["field"] == "condition" and "not unconscious" in again["error"]["message"]
    dead = copy.deepcopy(sheet)
    dead["conditions"]["dead"] = True
    assert api.handle({"op": "coc.set_condition", "args": {"investigator": dead}})["error"]["field"] == "investigator"
