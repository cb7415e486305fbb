"""The headline says what happened (TABLE.md, Running the game): damage is headed by what it did, the CON roll
against unconsciousness of a major wound included (seed 003, Losing more than Half HP in One Turn: "make a CON roll
to avoid passing out"), and a dying investigator's round by the CON roll with its target and level (seed 003, When
HP Falls Below Zero)."""

from py_rules.coc.investigator import EXAMPLE as HARVEY
from tests.door import answer


def test_a_major_wound_names_the_con_roll_and_stays_conscious():
    result = answer("coc.apply_damage", investigator=HARVEY, amount=8, dice=[3, 40])
    assert result["text"][0] == "Takes 8 damage (12 → 4 HP): major wound — CON roll 43 vs 60, stays conscious"


def test_a_failed_con_roll_is_in_the_headline():
    result = answer("coc.apply_damage", investigator=HARVEY, amount=7, dice=[3, 90])
    assert result["headline"] == "Takes 7 damage (12 → 5 HP): major wound — CON roll 93 vs 60, falls unconscious"


def test_small_damage_says_the_hp_and_outright_death_says_so():
    assert answer("coc.apply_damage", investigator=HARVEY, amount=3)["headline"] == "Takes 3 damage (12 → 9 HP)"
    assert answer("coc.apply_damage", investigator=HARVEY, amount=12)["headline"] == (
        "Takes 12 damage (12 → 0 HP): killed outright"
    )


def test_reaching_0_hp_with_a_major_wound_is_dying():
    wounded = answer("coc.apply_damage", investigator=HARVEY, amount=7, dice=[3, 40])["state"]
    result = answer("coc.apply_damage", investigator=wounded, amount=5, own_turn=True)
    assert result["headline"] == (
        "Takes 5 damage (5 → 0 HP): unconscious and dying (a CON roll at the end of each round)"
    )


def test_a_dying_round_names_the_con_roll_with_its_target_and_level():
    wounded = answer("coc.apply_damage", investigator=HARVEY, amount=7, dice=[3, 40])["state"]
    dying = answer("coc.apply_damage", investigator=wounded, amount=5, own_turn=True)["state"]
    result = answer("coc.advance_time", investigator=dying, unit="rounds", amount=2, dice=[3, 40, 5, 80])
    assert result["headline"] == (
        "Round 1: CON roll (dying) 43 vs 60 — Regular success: clings to life; "
        "Round 2: CON roll (dying) 85 vs 60 — Failure: dies"
    )
    result = answer("coc.dying_round", investigator=dying, dice=[3, 10])
    assert result["text"][0] == "CON roll (dying) 13 vs 60 — Hard success: clings to life"


def test_a_sanity_loss_of_5_or_more_names_the_loss_and_the_int_roll_that_drives_mad():
    """Seed 003, Losing >5 Sanity in One Roll: an INT roll; a success means temporary insanity for 1D10 hours."""
    result = answer("coc.sanity_roll", investigator=HARVEY, loss="1/1D10", dice=[5, 90, 6, 3, 30, 4])
    assert result["headline"] == (
        "Sanity roll 95 vs 60 — Failure: loses 6 Sanity (60 → 54); "
        "INT roll 33 vs 85 — Hard success: temporarily insane for 4 hours"
    )
    assert result["text"][0] == result["headline"]


def test_a_failed_int_roll_after_a_big_sanity_loss_says_the_mind_stays_sane():
    result = answer("coc.sanity_roll", investigator=HARVEY, loss="1/1D10", dice=[5, 90, 6, 3, 90])
    assert result["headline"] == (
        "Sanity roll 95 vs 60 — Failure: loses 6 Sanity (60 → 54); "
        "INT roll 93 vs 85 — Failure: the mind closes to the horror, stays sane"
    )


def test_a_small_sanity_loss_names_the_roll_and_the_loss_and_no_int_roll():
    result = answer("coc.sanity_roll", investigator=HARVEY, loss="0/1D4", dice=[5, 20])
    assert result["headline"] == "Sanity roll 25 vs 60 — Hard success: loses no Sanity"
    result = answer("coc.sanity_roll", investigator=HARVEY, loss="0/1D4", dice=[5, 90, 3])
    assert result["headline"] == "Sanity roll 95 vs 60 — Failure: loses 3 Sanity (60 → 57)"


def test_time_passing_says_the_time_and_the_healing_not_hp_against_the_maximum():
    """Seed 003, Healing (No Major Wound): 1 HP a day."""
    hurt = answer("coc.apply_damage", investigator=HARVEY, amount=3)["state"]
    result = answer("coc.advance_time", investigator=hurt, unit="days", amount=2)
    assert result["text"][0] == "2 days pass: heals 2 HP (9 → 11)"
    assert not any(line.startswith("Total") for line in result["text"])
    result = answer("coc.advance_time", investigator=HARVEY, unit="rounds", amount=1)
    assert result["text"][0] == "1 round passes"


def test_a_round_step_in_the_trace_ends_without_a_dangling_colon():
    result = answer("coc.advance_time", investigator=HARVEY, unit="rounds", amount=2)
    rounds = [line for line in result["text"] if line.startswith("End of round")]
    assert len(rounds) == 2 and not any(line.split(" [")[0].endswith(":") for line in rounds)


def test_the_weekly_healing_roll_in_time_passing_is_named_with_its_outcome():
    """Seed 003, Major Wound Characters: a CON roll each week; success heals 1D4, an Extreme success 2D4."""
    wounded = answer("coc.apply_damage", investigator=HARVEY, amount=7, dice=[3, 40])["state"]
    result = answer("coc.advance_time", investigator=wounded, unit="weeks", amount=1, dice=[3, 40, 2])
    assert result["headline"] == (
        "1 week passes; Weekly healing CON roll 43 vs 60 — Regular success: heals 2 HP (5 → 7), the major wound ends"
    )
    result = answer("coc.advance_time", investigator=wounded, unit="days", amount=10, dice=[3, 0, 2, 3])
    assert result["headline"] == (
        "10 days pass; Weekly healing CON roll 3 vs 60 — Extreme success: heals 5 HP "
        "(5 → 10), the major wound ends; in all: heals 7 HP (5 → 12), the major wound ends"
    )


def test_the_weekly_healing_roll_on_its_own_names_the_con_roll():
    wounded = answer("coc.apply_damage", investigator=HARVEY, amount=7, dice=[3, 40])["state"]
    result = answer("coc.weekly_healing_roll", investigator=wounded, dice=[3, 90])
    assert result["headline"] == "Weekly healing CON roll 93 vs 60 — Failure: no healing this week"
