"""Seed 000 Endurance Points and the periodic rules of Advance time / Advance days (U15, U16, U23)."""

from py_rules.armageddon.clock import crossings


def _ep(result):
    return result["state"]["current"]["endurance_points"]


def test_moderate_physical_activity_drains_1_ep_every_ten_minutes(run, make):
    result = run("advance_time", dice=[], character=make(), minutes=30, activity="moderate")
    assert _ep(result) == 29 - 3


def test_strenuous_physical_activity_drains_1d4_ep_per_minute(run, make):
    result = run("advance_time", dice=[2, 4, 1], character=make(), minutes=3, activity="strenuous")
    assert _ep(result) == 29 - 7
    assert [t["die"] for t in result["dice"]] == ["d4"] * 3


def test_very_strenuous_physical_activity_drains_1d4_ep_per_turn(run, make):
    result = run("advance_time", dice=[1, 2, 3, 4], character=make(), minutes=0, seconds=20, activity="very_strenuous")
    assert _ep(result) == 29 - 10
    longer_turns = run(
        "advance_time", dice=[1, 2], character=make(), minutes=0, seconds=20, activity="very_strenuous", turn_seconds=10
    )
    assert _ep(longer_turns) == 29 - 3


def test_partial_intervals_carry_over_between_calls(run, make):
    first = run("advance_time", dice=[], character=make(), minutes=5, activity="moderate")
    assert _ep(first) == 29
    second = run("advance_time", dice=[], character=first["state"], minutes=5, activity="moderate")
    assert _ep(second) == 28
    assert crossings(300, 600, 600) == 1


def test_some_supernatural_attacks_inflict_ep_loss_rather_than_physical_damage(run, make):
    result = run("apply_damage", character=make(), amount="10", pool="EP")
    assert _ep(result) == 19 and result["state"]["current"]["life_points"] == 30


def test_sleeping_less_than_seven_hours_loses_1_ep_per_missed_hour(run, make):
    result = run("advance_days", dice=[], character=make(), days=1, sleep_hours=4)
    assert _ep(result) == 29 - 3 and result["state"]["sleep_debt"] == 3


def test_at_5_ep_or_less_the_character_is_tired_and_at_minus_2(run, make):
    result = run("action_penalties", character=make(endurance_points=5))
    assert [(m["label"], m["value"]) for m in result["modifiers"]] == [("tired (5 EP)", -2)]
    assert run("action_penalties", character=make(endurance_points=6))["modifiers"] == []


def test_below_0_ep_consciousness_test_every_turn_minus_1_per_5_below_0(run, make):
    hit = run("apply_damage", dice=[9], character=make(), amount="40", pool="EP")
    first = hit["details"]["rolls"][0]
    assert first["total"] == 9 + 6 - 2 - 2  # −11 EP: −2 per 5 below 0; tired −2
    turns = run("advance_time", dice=[9, 8], character=hit["state"], minutes=0, seconds=10)
    assert [r["kind"] for r in turns["details"]["rolls"]] == ["consciousness_test", "consciousness_test"]


def test_below_0_ep_failing_the_consciousness_test_the_character_falls_asleep(run, make):
    hit = run("apply_damage", dice=[2], character=make(), amount="35", pool="EP")
    assert "asleep" in hit["state"]["conditions"]
    slept = run("advance_time", dice=[], character=hit["state"], minutes=60)
    assert _ep(slept) == -6 + 2 * 3 and "asleep" not in slept["state"]["conditions"]


def test_ep_recovered_1_per_con_per_half_hour_of_sleep_or_hour_of_rest(run, make):
    tired = make(endurance_points=10)
    assert _ep(run("advance_time", dice=[], character=tired, minutes=60, activity="sleeping")) == 10 + 2 * 3
    assert _ep(run("advance_time", dice=[], character=tired, minutes=60, activity="resting")) == 10 + 3


def test_eps_lost_due_to_lack_of_sleep_can_only_be_regained_by_sleeping(run, make):
    short = run("advance_days", dice=[], character=make(), days=1, sleep_hours=4)["state"]
    rested = run("advance_time", dice=[], character=short, minutes=120, activity="resting")
    assert _ep(rested) == 26
    slept = run("advance_time", dice=[], character=short, minutes=30, activity="sleeping")
    assert _ep(slept) == 29 and slept["state"]["sleep_debt"] == 0


def test_frozen_ends_after_its_turns(run, make):
    frozen = run("set_condition", character=make(), condition="frozen", action="set")["state"]
    assert frozen["timers"]["frozen_seconds"] == 5
    later = run("advance_time", dice=[], character=frozen, minutes=0, seconds=5)
    assert "frozen" not in later["state"]["conditions"]


def test_set_condition_dying_starts_the_survival_clock(run, make):
    dying = run("set_condition", character=make(life_points=-11), condition="dying", action="set")["state"]
    later = run("advance_time", dice=[9], character=dying, minutes=1)
    assert later["details"]["rolls"][0]["kind"] == "survival_test"


def test_advance_time_refuses_more_than_a_day(fail, make):
    assert fail("advance_time", character=make(), minutes=1440, seconds=1)["field"] == "minutes"


def test_dead_characters_stop_changing_with_time(run, make):
    dead = make(conditions=["dead"], endurance_points=10)
    result = run("advance_time", dice=[], character=dead, minutes=60, activity="sleeping")
    assert _ep(result) == 10 and result["state"]["timers"]["clock_seconds"] == 3600


def test_below_0_ep_one_consciousness_test_per_turn_even_when_the_turn_drains_ep(run, make):
    # Very strenuous activity drains 1d4 each Turn; below 0 EP the seed asks for one Consciousness Test every
    # Turn, not one for the drain and another for the Turn.
    result = run(
        "advance_time",
        dice=[2, 9, 1, 9],
        character=make(endurance_points=0),
        minutes=0,
        seconds=10,
        activity="very_strenuous",
    )
    assert [r["kind"] for r in result["details"]["rolls"]] == ["consciousness_test", "consciousness_test"]
    assert [t["die"] for t in result["dice"]] == ["d4", "d10", "d4", "d10"]
    assert _ep(result) == -3


def test_set_condition_refuses_to_add_conditions_to_the_dead(run, fail, make):
    dead = run("set_condition", character=make(life_points=-12, conditions=["dying"]), condition="dead", action="set")[
        "state"
    ]
    assert dead["conditions"] == ["dead"] and dead["timers"]["survival_seconds"] == 0
    assert fail("set_condition", character=dead, condition="dying", action="set")["field"] == "condition"
    alive = run("set_condition", character=dead, condition="dead", action="clear")["state"]
    assert alive["conditions"] == []


def test_advance_days_reports_each_days_pools_and_time_in_plain_units(run, make):
    days = run("advance_days", dice=[], character=make(life_points=10), days=2, care=False)
    assert "End of day 1: LP 12, EP 29 (sleep debt 0), Essence 14" in " ".join(days["text"])
    assert "End of day 2: LP 14" in " ".join(days["text"])
    later = run("advance_time", dice=[], character=make(), minutes=0, seconds=10)
    assert later["text"][0].startswith("10 s pass, normal")


def test_action_penalties_lists_each_modifier_once(run, make):
    result = run("action_penalties", character=make(life_points=4, endurance_points=3))
    assert sum("injured (4 LP)" in line for line in result["text"]) == 1
    assert run("action_penalties", character=make())["text"][-1].startswith("Their state imposes no penalty.")
