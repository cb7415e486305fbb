"""Seed 000 Life Points, Consciousness Tests & Survival Tests; Healing & Resuscitation (U9–U15)."""

from hypothesis import HealthCheck, given, settings, strategies as st

from py_rules import api


def _conditions(result):
    return result["state"]["conditions"]


def test_less_than_6_lp_is_serious_injury_minus_1_per_lp_below_6(run, make):
    result = run("task", dice=[5], attribute=2, skill=3, character=make(life_points=3))
    assert ("injured (3 LP)", -3) in [(m["label"], m["value"]) for m in result["modifiers"]]
    assert result["total"] == 5 + 5 - 3


def test_injury_penalty_cap_setting_limits_the_penalty(run, make):
    result = run("action_penalties", character=make(life_points=-4), injury_penalty_cap=5)
    assert result["total"] == -5
    assert run("action_penalties", character=make(life_points=-4))["total"] == -10


def test_at_0_lp_the_character_is_knocked_down_semi_conscious_and_tests_consciousness(run, make):
    result = run("apply_damage", dice=[3], character=make(), amount="30")
    assert result["state"]["current"]["life_points"] == 0
    assert set(_conditions(result)) == {"knocked_down", "semi_conscious"}
    roll = result["details"]["rolls"][0]
    assert roll["kind"] == "consciousness_test" and roll["total"] == 3 + 3 + 3 and roll["success"]


def test_consciousness_test_minus_1_per_lp_below_0_failure_is_unconscious(run, make):
    result = run("apply_damage", dice=[5], character=make(), amount="33")
    roll = result["details"]["rolls"][0]
    assert roll["total"] == 5 + 6 - 3 and not roll["success"]
    assert "unconscious" in _conditions(result) and "semi_conscious" not in _conditions(result)


def test_consciousness_test_does_not_also_take_the_injury_penalty(run, make):
    result = run("consciousness_test", dice=[5], character=make(life_points=-2))
    assert [m["label"] for m in result["modifiers"]] == ["Constitution", "Willpower", "-2 LP (−1 per LP below 0)"]


def test_each_new_damage_at_0_lp_or_below_calls_another_consciousness_test(run, make):
    first = run("apply_damage", dice=[9], character=make(), amount="31")
    second = run("apply_damage", dice=[9], character=first["state"], amount="2")
    assert second["details"]["rolls"][0]["total"] == 9 + 6 - 3


def test_unconscious_character_regains_consciousness_once_he_returns_to_0_lp(run, make):
    out = make(life_points=-3, conditions=["knocked_down", "unconscious"])
    healed = run("restore_points", character=out, amount=3, pool="LP")
    assert "unconscious" not in _conditions(healed) and "semi_conscious" in _conditions(healed)
    stricter = run("restore_points", character=out, amount=3, pool="LP", wake_at="1")
    assert "unconscious" in _conditions(stricter)


def test_at_minus_10_lp_or_less_survival_test_every_minute_with_growing_penalties(run, make):
    hit = run("apply_damage", dice=[2, 8], character=make(), amount="40")
    survival = hit["details"]["rolls"][1]
    assert survival["kind"] == "survival_test" and survival["total"] == 8 + 6 - 1 and survival["success"]
    assert "dying" in _conditions(hit)
    minute2 = run("advance_time", dice=[6], character=hit["state"], minutes=1)
    assert minute2["details"]["rolls"][0]["total"] == 6 + 6 - 1 - 1
    labels = [m["label"] for m in minute2["details"]["rolls"][0]["modifiers"]]
    assert "Survival Test no. 2 (−1 per test beyond the first)" in labels
    minute3 = run("advance_time", dice=[7], character=minute2["state"], minutes=1)
    assert minute3["details"]["rolls"][0]["total"] == 7 + 6 - 1 - 2


def test_survival_penalty_is_minus_1_per_10_lp_below_0(run, make):
    result = run("survival_test", dice=[9], character=make(life_points=-25, conditions=["dying"]))
    assert result["total"] == 9 + 6 - 2


def test_survival_tests_continue_until_first_aid(run, make):
    dying = run("apply_damage", dice=[2, 8], character=make(), amount="40")["state"]
    aided = run("first_aid", dice=[7], character=dying, medic_intelligence=2, medic_first_aid=2)
    assert aided["level"] == 2
    assert aided["state"]["current"]["life_points"] == -10 + 2
    assert "stabilised" in _conditions(aided) and "dying" not in _conditions(aided)
    later = run("advance_time", dice=[], character=aided["state"], minutes=10)
    assert later["details"]["rolls"] == []


def test_first_aid_stabilises_at_minus_10_or_below_granting_1_lp_per_success_level(run, make):
    dying = make(life_points=-14, conditions=["dying", "unconscious"])
    aided = run("first_aid", dice=[6], character=dying, medic_intelligence=2, medic_first_aid=2)
    assert aided["level"] == 1
    assert aided["state"]["current"]["life_points"] == -13
    assert "stabilised" in _conditions(aided) and "dying" not in _conditions(aided)


def test_first_aid_is_once_per_injury_and_can_be_limited_to_the_dying(run, fail, make):
    hurt = make(life_points=10)
    aided = run("first_aid", dice=[7], character=hurt, medic_intelligence=2, medic_first_aid=2)
    assert aided["state"]["current"]["life_points"] == 12
    assert fail("first_aid", dice=[7], character=aided["state"])["code"] == "already_treated"
    again = run("apply_damage", character=aided["state"], amount="1")
    assert run("first_aid", dice=[7], character=again["state"])["success"]
    assert fail("first_aid", dice=[7], character=hurt, first_aid_scope="dying_only")["code"] == "not_allowed"


def test_failed_survival_test_means_death_within_con_x2_minutes(run, make):
    dying = make(life_points=-12, conditions=["dying"])
    failed = run("survival_test", dice=[2], character=dying)
    assert "death_pending" in _conditions(failed)
    assert failed["state"]["timers"]["death_seconds"] == 3 * 2 * 60
    waiting = run("advance_time", dice=[], character=failed["state"], minutes=5)
    assert "death_pending" in _conditions(waiting) and waiting["state"]["timers"]["death_seconds"] == 60
    dead = run("advance_time", dice=[], character=waiting["state"], minutes=1)
    assert _conditions(dead) == ["dead"]


def test_resuscitating_requires_a_failed_survival_test(fail, make):
    error = fail("resuscitate", dice=[5, 5], character=make(life_points=-12, conditions=["dying"]))
    assert error["code"] == "not_dying"


def test_resuscitation_doctor_makes_a_medicine_task_medicine_plus_intelligence(run, make):
    pending = make(life_points=-12, conditions=["death_pending"], timers={"death_seconds": 300})
    result = run("resuscitate", dice=[7, 2], character=pending, doctor_intelligence=3, doctor_medicine=3)
    doctor = result["details"]["rolls"][0]
    assert doctor["kind"] == "task" and doctor["total"] == 7 + 3 + 3 and doctor["level"] == 3


def test_resuscitation_survival_test_plus_1_per_doctor_sl_and_plus_3_in_hospital(run, make):
    pending = make(life_points=-12, conditions=["death_pending"], timers={"death_seconds": 300})
    result = run(
        "resuscitate", dice=[7, 2], character=pending, doctor_intelligence=3, doctor_medicine=3, in_hospital=True
    )
    labels = {m["label"]: m["value"] for m in result["modifiers"]}
    assert labels["doctor's Medicine Task (3 Success Levels)"] == 3 and labels["in a hospital"] == 3


def test_resuscitation_minus_1_for_every_5_lp_below_0(run, make):
    pending = make(life_points=-12, conditions=["death_pending"], timers={"death_seconds": 300})
    result = run(
        "resuscitate", dice=[7, 2], character=pending, doctor_intelligence=3, doctor_medicine=3, in_hospital=True
    )
    assert result["total"] == 2 + 6 + 3 + 3 - 2  # d10, Con + Will, doctor's 3 SL, hospital +3, −2 for 12 LP below 0


def test_resuscitation_pass_lives_fail_dies(run, make):
    pending = make(life_points=-12, conditions=["death_pending"], timers={"death_seconds": 300})
    lives = run("resuscitate", dice=[7, 2], character=pending, doctor_intelligence=3, doctor_medicine=3)
    assert lives["success"] and "stabilised" in _conditions(lives) and "death_pending" not in _conditions(lives)
    dies = run(
        "resuscitate", dice=[2, 2], character=pending, doctor_intelligence=3, doctor_medicine=3, in_hospital=False
    )
    assert dies["total"] == 2 + 6 - 2 and _conditions(dies) == ["dead"]


def test_character_at_0_lp_or_higher_recovers_2_lp_per_day(run, make):
    result = run("advance_days", dice=[], character=make(life_points=10), days=3, care=False)
    assert result["state"]["current"]["life_points"] == 16


def test_with_medical_care_below_0_regains_con_per_day_until_0_then_2(run, make):
    result = run("advance_days", dice=[], character=make(life_points=-5), days=3, care=True)
    lp = [e for e in result["events"] if "LP" in e]
    assert "(-5 → -2)" in lp[0] and "(-2 → 0)" in lp[1] and "(0 → 2)" in lp[2]
    carry = run(
        "advance_days", dice=[], character=make(life_points=-5), days=2, care=True, care_overshoot="carry_surplus"
    )
    assert carry["state"]["current"]["life_points"] == 1


def test_without_medical_care_below_0_daily_survival_test_1_lp_per_success_level_up_to_con(run, make):
    ok = run("advance_days", dice=[7], character=make(life_points=-5), days=1, care=False)
    assert ok["details"]["rolls"][0]["level"] == 3 and ok["state"]["current"]["life_points"] == -2
    capped = run("advance_days", dice=[10, 9], character=make(life_points=-5), days=1, care=False)
    assert capped["details"]["rolls"][0]["level"] == 5 and capped["state"]["current"]["life_points"] == -5 + 3


def test_without_medical_care_failing_the_daily_survival_test_loses_1_lp(run, make):
    result = run(
        "advance_days", dice=[2], character=make(life_points=-15, conditions=["stabilised"]), days=1, care=False
    )
    assert result["details"]["rolls"][0]["total"] == 2 + 6 - 1
    assert result["state"]["current"]["life_points"] == -16


def test_advance_days_refuses_a_dying_character(fail, make):
    assert fail("advance_days", character=make(life_points=-12, conditions=["dying"]))["code"] == "dying"


_heals = st.one_of(
    st.tuples(
        st.just("restore_points"),
        st.fixed_dictionaries({"amount": st.integers(0, 200), "pool": st.sampled_from(["LP", "EP", "Essence"])}),
    ),
    st.tuples(
        st.just("advance_days"),
        st.fixed_dictionaries({"days": st.integers(1, 4), "care": st.booleans(), "sleep_hours": st.integers(0, 12)}),
    ),
    st.tuples(
        st.just("advance_time"),
        st.fixed_dictionaries({"minutes": st.integers(1, 240), "activity": st.sampled_from(["resting", "sleeping"])}),
    ),
)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    st.integers(0, 60),
    st.sampled_from(["LP", "EP", "Essence"]),
    _heals,
    st.integers(0, 10**6),
    st.integers(1, 5),
    st.integers(1, 5),
)
def test_damage_then_healing_never_leaves_a_pool_above_its_maximum(make, amount, pool, heal, seed, con, will):
    character = make(Constitution=con, Willpower=will, kind="gifted", essence_channeling=1)
    hit = api.handle(
        {
            "op": "armageddon.apply_damage",
            "args": {"character": character, "amount": str(amount), "pool": pool},
            "seed": seed,
        }
    )
    assert hit["ok"], hit
    op, args = heal
    healed = api.handle({"op": f"armageddon.{op}", "args": dict(args, character=hit["result"]["state"]), "seed": seed})
    if not healed["ok"]:
        assert healed["error"]["code"] in ("dying", "death_pending", "dead")
        return
    state = healed["result"]["state"]
    for key in ("life_points", "endurance_points", "essence"):
        assert state["current"][key] <= state["derived"][key]
    assert state["sleep_debt"] <= state["derived"]["endurance_points"] - state["current"]["endurance_points"]


def test_state_changes_list_every_rolls_modifiers_with_their_sources(run, make):
    result = run("apply_damage", dice=[5, 7], character=make(life_points=2), amount="12")
    listed = [(m["label"], m["value"]) for m in result["modifiers"]]
    assert listed == [
        ("Consciousness Test (LP): Constitution", 3),
        ("Consciousness Test (LP): Willpower", 3),
        ("Consciousness Test (LP): -10 LP (−1 per LP below 0)", -10),
        ("Survival Test no. 1: Constitution", 3),
        ("Survival Test no. 1: Willpower", 3),
        ("Survival Test no. 1: -10 LP (−1 per 10 below 0)", -1),
    ]
    assert all(m["source"].startswith("seed 000") for m in result["modifiers"])


def test_first_aid_stabilises_a_character_who_slid_to_minus_10_after_earlier_first_aid(run, make):
    # First Aid given at −9 (once per injury, A11); untreated, he fails his daily Survival Test and slides to −10:
    # now dying, and the seed's First Aid must still be able to stabilise him.
    treated = make(life_points=-10, first_aid_received=True)
    day = run(
        "advance_days",
        dice=[1, 9, 9],
        character=dict(treated, current=dict(treated["current"], life_points=-9)),
        days=1,
        care=False,
    )
    assert "dying" in _conditions(day) and day["state"]["current"]["life_points"] == -10
    aided = run("first_aid", dice=[7], character=day["state"], medic_intelligence=2, medic_first_aid=2)
    assert "stabilised" in _conditions(aided)


def test_absurd_damage_stops_at_the_sheets_floor_instead_of_failing(run, make):
    result = run("apply_damage", character=make(life_points=-9000, conditions=["dead"]), amount="5000")
    assert result["state"]["current"]["life_points"] == -10000
