"""The headline says what happened (TABLE.md, Running the game): time passing for a dying character is headed
by each Survival Test it ran, with its total, its target and what came of it, in order (seed 000, Life Points,
Consciousness Tests & Survival Tests: "a Survival Test every minute"; "a failed Survival Test indicates that the
character will die unless he receives immediate and extreme medical assistance within his Constitution x2 in
minutes"), not by a condition that ended on the way."""

from py_rules.armageddon.character import EXAMPLE as JACK
from tests.door import answer


def dying_jack():
    """Jack at −12 LP: unconscious, his first Survival Test passed (14 vs 9)."""
    return answer("armageddon.apply_damage", character=JACK, amount="42", dice=[1, 9, 9])["state"]


def test_damage_that_calls_for_tests_is_headed_by_each_test_and_its_outcome():
    result = answer("armageddon.apply_damage", character=JACK, amount="42", dice=[1, 9, 9])
    assert result["text"][0] == (
        "Takes 42 LP damage (30 → -12 LP): Consciousness Test: -5 vs 9 — failed: falls "
        "unconscious; Survival Test 1: 14 vs 9 — passed: the next in 1 minute"
    )


def test_a_failed_survival_test_in_time_passing_is_the_headline_with_the_death_timer():
    result = answer("armageddon.advance_time", character=dying_jack(), minutes=1, dice=[2])
    assert result["headline"] == "Survival Test 2: 6 vs 9 — failed: dies in 6 minutes without help"
    assert result["text"][0] == result["headline"]


def test_each_survival_test_the_time_ran_is_named_in_order():
    result = answer("armageddon.advance_time", character=dying_jack(), minutes=3, dice=[9, 9, 2])
    assert result["headline"] == (
        "Survival Test 2: 13 vs 9 — passed: the next in 1 minute; "
        "Survival Test 3: 12 vs 9 — passed: the next in 1 minute; "
        "Survival Test 4: 4 vs 9 — failed: dies in 6 minutes without help"
    )


def test_a_frozen_dying_character_is_headed_by_the_survival_test_not_the_end_of_frozen():
    frozen = answer("armageddon.set_condition", character=dying_jack(), condition="frozen", action="set")["state"]
    result = answer("armageddon.advance_time", character=frozen, minutes=1, dice=[2])
    assert result["text"][0] == "Survival Test 2: 6 vs 9 — failed: dies in 6 minutes without help"
    assert "Jack Hawthorne is no longer frozen." in result["events"]


def test_the_death_timer_running_out_is_the_headline():
    failed = answer("armageddon.advance_time", character=dying_jack(), minutes=1, dice=[2])["state"]
    result = answer("armageddon.advance_time", character=failed, minutes=6)
    assert result["headline"] == "Dies: no resuscitation within Constitution × 2 minutes"


def test_time_that_decides_nothing_keeps_its_first_change_as_the_headline():
    result = answer("armageddon.advance_time", character=JACK, minutes=10, activity="moderate")
    assert result["headline"] is None and result["text"][0] == result["events"][0]


def test_a_survival_test_on_its_own_is_headed_like_time_passing_with_the_death_timer():
    """Seed 000: a failed Survival Test — death within Constitution × 2 minutes without extreme medical help."""
    result = answer("armageddon.survival_test", character=dying_jack(), dice=[2])
    assert result["headline"] == "Survival Test 2: 6 vs 9 — failed: dies in 6 minutes without help"
    assert result["text"][0] == result["headline"]
    passed = answer("armageddon.survival_test", character=dying_jack(), dice=[9])
    assert passed["headline"] == "Survival Test 2: 13 vs 9 — passed: the next in 1 minute"
    in_time = answer("armageddon.advance_time", character=dying_jack(), minutes=1, dice=[2])
    assert in_time["headline"] == result["headline"]


def test_a_consciousness_test_on_its_own_names_its_outcome():
    """Seed 000: at 0 LP or below, a Consciousness Test (Constitution + Willpower + d10) to stay awake."""
    awake = answer("armageddon.apply_damage", character=JACK, amount="30", dice=[9])["state"]
    result = answer("armageddon.consciousness_test", character=awake, dice=[5])
    assert result["headline"] == "Consciousness Test: 11 vs 9 — passed: stays awake"
    result = answer("armageddon.consciousness_test", character=awake, dice=[2])
    assert result["headline"] == "Consciousness Test: 8 vs 9 — failed: falls unconscious"
