"""Rounds run each game's rules on every sheet, and time skips run its hours and days (rules/cross-system.md §4)."""

import copy

from py_rules import api
from py_rules.armageddon.character import EXAMPLE as JACK
from py_rules.coc.investigator import EXAMPLE as HARVEY
from py_rules.semiautomagic.creature import EXAMPLE_HUMAN
from tests.door import answer


def start(game, combatants, sheets):
    return answer("encounter.start", id="e1", name="Fight", game=game, combatants=combatants, sheets=sheets)["state"]


def end_round(state, sheets, dice=(), **args):
    """End the round; the sheets it changed replace the old ones."""
    result = answer("encounter.end_round", encounter=state, sheets=sheets, dice=list(dice), **args)
    return result, result["state"], {**sheets, **result["details"]["sheets"]}


# --- Armageddon Turns: Survival Tests each minute, the death timer, EP drain (seed 000) ----------------------


def dying_jack():
    """Jack at −12 LP: unconscious, passed his first Survival Test; the next is due in a minute."""
    return answer("armageddon.apply_damage", character=JACK, amount="42", dice=[1, 9, 9])["state"]


def test_armageddon_survival_test_comes_each_minute_of_turns():
    """Seed 000: at −10 LP or less a Survival Test every minute — the 12th Turn of 5 seconds brings it."""
    sheets = {"jack": dying_jack()}
    state = start("armageddon", [{"character_id": "jack"}], sheets)
    for _ in range(11):
        result, state, sheets = end_round(state, sheets)
        assert result["dice"] == []
    result, state, sheets = end_round(state, sheets, dice=[9])
    [effect] = result["details"]["effects"]
    assert effect["op"] == "armageddon.advance_time" and effect["result"]["dice"][0]["purpose"] == "Survival Test no. 2"
    assert effect["before"]["jack"]["timers"]["survival_tests"] == 1 and sheets["jack"]["timers"]["survival_tests"] == 2
    assert state["round"] == 13


def test_armageddon_death_timer_runs_out_with_the_turn_length_house_rule():
    """Failing a Survival Test: death within Constitution × 2 minutes (Con 3: 6 minutes); Turns of 60 s."""
    failed = answer("armageddon.apply_damage", character=JACK, amount="42", dice=[1, 9, 2])["state"]
    assert failed["timers"]["death_seconds"] == 360
    sheets = {"jack": failed}
    state = start("armageddon", [{"character_id": "jack"}], sheets)
    for _ in range(5):
        _, state, sheets = end_round(state, sheets, settings={"turn_seconds": 60})
    assert "dead" not in sheets["jack"]["conditions"]
    result, state, sheets = end_round(state, sheets, settings={"turn_seconds": 60})
    assert "dead" in sheets["jack"]["conditions"]
    assert result["details"]["effects"][0]["args"]["turn_seconds"] == 60


def test_armageddon_close_combat_drains_a_d4_of_ep_each_turn():
    """Seed 000, Endurance Points: very strenuous activity (intensive close combat) drains 1d4 per Turn."""
    sheets = {"jack": copy.deepcopy(JACK)}
    state = start("armageddon", [{"character_id": "jack", "activity": "very_strenuous"}], sheets)
    before = answer("armageddon.character_sheet", character=JACK)["state"]["current"]["endurance_points"]
    result, state, sheets = end_round(state, sheets, dice=[3])
    assert result["dice"][0]["die"] == "d4"
    assert sheets["jack"]["current"]["endurance_points"] == before - 3


# --- Semiautomagic rounds: dying rounds, Staggered, condition timers (seed 002) ------------------------------


def test_semiautomagic_round_runs_dying_round_and_staggered_until_its_time_is_up():
    hurt = answer("semiautomagic.apply_damage", creature=EXAMPLE_HUMAN, damage="9")["state"]
    ann = answer(
        "semiautomagic.set_condition", creature=hurt, condition="Staggered", action="add", duration=2, dice=[1]
    )["state"]
    sheets = {"ann": ann}
    state = start("semiautomagic", [{"character_id": "ann"}, {"name": "Imp", "npc": {}}], sheets)
    result, state, sheets = end_round(state, sheets, dice=[3, 5, 2])
    assert [d["purpose"] for d in result["dice"]] == [
        "stabilisation (10 stabilises)",
        "dying endurance check (DC 4)",
        "Staggered: seconds stunned this round",
    ]
    assert sheets["ann"]["conditions"]["Staggered"]["seconds"] == 6
    result, state, sheets = end_round(state, sheets, dice=[3, 5])
    assert "Staggered" not in sheets["ann"]["conditions"] and "Dying" in sheets["ann"]["conditions"]
    assert state["round"] == 3


# --- CoC rounds: dying CON rolls, per-round counters (seed 003) ----------------------------------------------


def test_coc_round_end_resets_damage_and_defences_and_rolls_con_for_the_dying():
    hurt = answer("coc.apply_damage", investigator=HARVEY, amount=7, dice=[4, 20])["state"]
    dying = answer("coc.apply_damage", investigator=hurt, amount=5, own_turn=True)["state"]
    fresh = dict(copy.deepcopy(HARVEY), name="Ann", damage_this_round=3, defences_this_round=2)
    sheets = {"harvey": dying, "ann": fresh}
    state = start("coc", [{"character_id": "ann"}, {"character_id": "harvey"}], sheets)
    result, state, sheets = end_round(state, sheets, dice=[9, 90])  # 99 against CON 60: a failure
    assert [e["who"] for e in result["details"]["effects"]] == [["ann"], ["harvey"]]
    assert (sheets["ann"]["damage_this_round"], sheets["ann"]["defences_this_round"]) == (0, 0)
    assert sheets["harvey"]["conditions"]["dead"] is True
    assert result["details"]["effects"][1]["kind"] == "change"


def test_a_rule_that_refuses_one_sheet_is_noted_and_the_others_still_run():
    """rules/coc.md §3.9: the dying play out their rounds before hours pass; the others' hours pass."""
    hurt = answer("coc.apply_damage", investigator=HARVEY, amount=7, dice=[4, 20])["state"]
    dying = answer("coc.apply_damage", investigator=hurt, amount=5, own_turn=True)["state"]
    sheets = {"harvey": dying, "ann": dict(copy.deepcopy(HARVEY), name="Ann", temporary_insanity_hours=2)}
    state = start("coc", [], {})
    result = answer("encounter.skip_time", encounter=state, sheets=sheets, unit="hours", amount=1)
    assert [e["who"] for e in result["details"]["effects"]] == [["ann"]]
    assert list(result["details"]["sheets"]) == ["ann"]
    assert "Harvey Walters is dying" in result["steps"][-1]["text"]


# --- time skipped: temporary insanity, healing ---------------------------------------------------------------


def test_coc_hours_run_temporary_insanity_down():
    """Seed 003, Going Mad: temporary insanity lasts 1D10 hours."""
    sheets = {"harvey": dict(copy.deepcopy(HARVEY), temporary_insanity_hours=3)}
    state = start("coc", [{"character_id": "harvey"}], sheets)
    result = answer("encounter.skip_time", encounter=state, sheets=sheets, unit="hours", amount=2)
    assert result["details"]["sheets"]["harvey"]["temporary_insanity_hours"] == 1
    assert result["state"]["round"] == 1


def test_semiautomagic_days_heal_a_wound_a_day():
    """Seed 002, Health: one wound heals per day with 8 hours of sleep."""
    hurt = answer("semiautomagic.apply_damage", creature=EXAMPLE_HUMAN, damage="5")["state"]
    assert hurt["wounds"] == 1 and "Dying" not in hurt["conditions"]
    state = start("semiautomagic", [], {})
    result = answer("encounter.skip_time", encounter=state, sheets={"ann": hurt}, unit="days", amount=1)
    assert result["details"]["sheets"]["ann"]["wounds"] == 0
    assert result["details"]["effects"][0]["op"] == "semiautomagic.advance_days"


def test_units_a_game_does_not_keep_are_refused():
    state = start("coc", [], {})
    response = api.handle({"op": "encounter.skip_time", "args": {"encounter": state, "unit": "minutes"}})
    assert response["error"]["field"] == "unit"


def test_typed_dice_that_run_short_refuse_the_whole_round():
    """A typed face missing for one sheet must not skip that sheet's rules silently."""
    hurt = answer("coc.apply_damage", investigator=HARVEY, amount=7, dice=[4, 20])["state"]
    sheets = {"harvey": answer("coc.apply_damage", investigator=hurt, amount=5, own_turn=True)["state"]}
    state = start("coc", [{"character_id": "harvey"}], sheets)
    response = api.handle({"op": "encounter.end_round", "args": {"encounter": state, "sheets": sheets, "dice": [3]}})
    assert (response["ok"], response["error"]["field"]) == (False, "dice")


def test_armageddon_days_heal_two_lp_a_day():
    """Seed 000, Healing: at 0 LP or more, 2 LP a day."""
    hurt = answer("armageddon.apply_damage", character=JACK, amount="4")["state"]
    state = start("armageddon", [], {})
    result = answer("encounter.skip_time", encounter=state, sheets={"jack": hurt}, unit="days", amount=2)
    assert hurt["current"]["life_points"] == 26
    assert result["details"]["sheets"]["jack"]["current"]["life_points"] == 30
    assert result["details"]["effects"][0]["op"] == "armageddon.advance_days"
