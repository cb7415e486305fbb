"""Seed 000 Essence (U10, U17, U18 and regeneration in U15/U16)."""


def _labels(result):
    return [(m["label"], m["value"]) for m in result["modifiers"]]


def test_essence_at_half_or_lower_minus_1_to_mental_tasks(run, make):
    numb = make(essence=7)
    mental = run("task", dice=[5], attribute_name="Intelligence", attribute=2, skill=2, character=numb)
    assert ("numb (Essence 7 of 14, mental roll)", -1) in _labels(mental)
    physical = run("task", dice=[5], attribute_name="Strength", attribute=2, skill=2, character=numb)
    assert not any("numb" in label for label, _ in _labels(physical))
    assert run("action_penalties", character=make(essence=8), attribute_name="Intelligence")["modifiers"] == []


def test_essence_half_penalty_on_mental_tests_is_a_setting(run, make):
    numb = make(essence=7)
    assert run("test", dice=[5], kind="difficult", attribute_name="Willpower", character=numb)["total"] == 5 + 3 - 1
    off = run(
        "test",
        dice=[5],
        kind="difficult",
        attribute_name="Willpower",
        character=numb,
        essence_penalty_on_mental_tests=False,
    )
    assert off["total"] == 5 + 3


def test_at_1_or_0_essence_all_actions_at_minus_3(run, make):
    for essence in (1, 0):
        result = run("task", dice=[5], attribute_name="Strength", attribute=2, skill=2, character=make(essence=essence))
        assert (f"deeply depressed (Essence {essence})", -3) in _labels(result)


def test_essence_penalties_do_not_stack_unless_the_setting_says_so(run, make):
    low = make(essence=1)
    assert run("action_penalties", character=low, attribute_name="Intelligence")["total"] == -3
    assert (
        run("action_penalties", character=low, attribute_name="Intelligence", stack_essence_penalties=True)["total"]
        == -4
    )


def test_below_0_essence_difficult_willpower_test_minus_1_per_5_below_0(run, make):
    result = run("lose_essence", dice=[5], character=make(), amount=20)
    roll = result["details"]["rolls"][0]
    assert roll["kind"] == "difficult_test" and roll["total"] == 5 + 3 - 1 - 3  # deeply depressed too
    assert ("Essence -6 (−1 per 5 below 0)", -1) in [(m["label"], m["value"]) for m in roll["modifiers"]]


def test_below_0_essence_each_failure_costs_a_mental_attribute_point(run, make):
    result = run("lose_essence", dice=[5], character=make(), amount=20, mental_attribute_lost="Intelligence")
    assert result["state"]["lost_attributes"] == {"Intelligence": 1}
    passed = run("lose_essence", dice=[10, 9], character=make(), amount=20)
    assert passed["state"]["lost_attributes"] == {}


def test_a_loss_below_0_says_the_willpower_test_it_rolled_passed_or_failed(run, make):
    """The Test rolled with the loss is named among the events, not only in the trace: a pass changes nothing else."""
    failed = run("lose_essence", dice=[5], character=make(), amount=20)
    roll = failed["details"]["rolls"][0]
    said = f"fails the Willpower Test for Essence -6 ({roll['total']} against 9)."  # Difficult: 9 or more
    assert any(event.endswith(said) for event in failed["events"])
    passed = run("lose_essence", dice=[10, 9], character=make(), amount=20)
    assert [event.split(" ", 1)[-1] for event in passed["events"][1:]] == [
        f"passes the Willpower Test for Essence -6 ({passed['details']['rolls'][0]['total']} against 9)."
    ]
    daily = run("lose_essence", dice=[], character=make(), amount=20, essence_check_timing="daily")
    assert not any("Willpower Test" in event for event in daily["events"])  # rolled when the day passes


def test_lost_attribute_points_return_once_essence_is_back_to_0(run, make):
    lost = run("lose_essence", dice=[5], character=make(), amount=20)["state"]
    assert lost["lost_attributes"] == {"Willpower": 1}
    back = run("restore_points", character=lost, amount=6, pool="Essence")
    assert back["state"]["lost_attributes"] == {} and back["state"]["current"]["essence"] == 0


def test_failing_the_willpower_test_may_instead_give_a_2_point_mental_drawback(run, make):
    result = run("lose_essence", dice=[5], character=make(), amount=20, essence_failure_effect="drawback")
    assert result["state"]["temporary_drawbacks"] == ["2-point Mental Drawback (Essence below 0)"]
    assert result["state"]["lost_attributes"] == {}


def test_at_minus_30_or_below_survival_test_minus_1_per_10_below_0_failure_is_death(run, make):
    result = run("lose_essence", dice=[9, 5], character=make(), amount=45)
    willpower, survival = result["details"]["rolls"]
    assert willpower["total"] == 9 + 3 - 6 - 3
    assert survival["kind"] == "survival_test" and survival["total"] == 5 + 3 + 2 - 3 - 3
    assert result["state"]["conditions"] == ["dead"]
    lives = run("lose_essence", dice=[9, 10, 9], character=make(), amount=45)
    assert "dead" not in lives["state"]["conditions"]


def test_strong_emotion_leaks_1d6_to_1d10_essence(run, make):
    result = run("lose_essence", dice=[6], character=make(), amount=0, leak_die="1d8")
    assert result["state"]["current"]["essence"] == 14 - 6
    assert result["dice"][0]["die"] == "d8"


def test_essence_checks_once_a_day_setting(run, make):
    low = run("lose_essence", dice=[], character=make(), amount=20, essence_check_timing="daily")
    assert low["details"]["rolls"] == []
    day = run("advance_days", dice=[5], character=low["state"], essence_check_timing="daily")
    assert day["details"]["rolls"][0]["kind"] == "difficult_test"


def test_essence_channeling_regains_its_level_per_minute(run, make):
    gifted = make(kind="gifted", essence_channeling=2, essence=5)
    assert run("advance_time", dice=[], character=gifted, minutes=3)["state"]["current"]["essence"] == 11


def test_without_essence_channeling_1_essence_per_willpower_level_every_hour(run, make):
    mundane = make(essence=5)
    assert run("advance_time", dice=[], character=mundane, minutes=59)["state"]["current"]["essence"] == 5
    assert run("advance_time", dice=[], character=mundane, minutes=120)["state"]["current"]["essence"] == 11


def test_essence_checks_operation_rolls_the_willpower_test_now(run, make):
    result = run("essence_checks", dice=[9], character=make(essence=-4))
    assert result["total"] == 9 + 3 - 3 and result["success"]


def test_below_0_essence_willpower_test_takes_deeply_depressed_not_numb_and_says_why(run, make):
    # seed 000, Essence: at 1 or less all actions are at −3 (rules/armageddon.md §1.12 reads it below 0 too); the
    # Willpower Test is an action, so the −3 adds to its own −1 per 5 below 0 and to tiredness (§1.15); the −1 for
    # half Essence on a mental roll does not add to the −3 (A12).
    result = run("essence_checks", dice=[5], character=make(essence=-7, endurance_points=3))
    mods = {m["label"]: (m["value"], m["source"]) for m in result["modifiers"]}
    assert mods["deeply depressed (Essence -7)"][0] == -3
    assert "1 or 0 points" in mods["deeply depressed (Essence -7)"][1]
    assert mods["Essence -7 (−1 per 5 below 0)"][0] == -1
    assert "below 0, Difficult Willpower Test" in mods["Essence -7 (−1 per 5 below 0)"][1]
    assert mods["tired (3 EP)"][0] == -2
    assert not any("numb" in label for label in mods)
    assert result["total"] == 5 + 3 - 1 - 2 - 3
    said = " ".join(step["text"] for step in result["steps"])
    assert "numb -1 (half or less, mental roll) does not" in said and "only the worse applies" in said
    assert "besides the Test's own −1 per 5 below 0" in said


def test_below_0_essence_willpower_test_stacks_numb_only_with_the_setting(run, make):
    result = run("essence_checks", dice=[5], character=make(essence=-7), stack_essence_penalties=True)
    labels = [m["label"] for m in result["modifiers"]]
    assert "numb (Essence -7 of 14, mental roll)" in labels and "deeply depressed (Essence -7)" in labels
    assert result["total"] == 5 + 3 - 1 - 1 - 3
    assert "both count" in " ".join(step["text"] for step in result["steps"])
