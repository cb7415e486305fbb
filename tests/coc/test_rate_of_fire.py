"""A firearm's rate of fire (rules/coc.md §3.12 D18 [BOOK]): at most its attacks per round in one round, counted on
the shooter's sheet; a shot past it is refused before any die is rolled, naming the weapon and its rate; the count
starts again when the round ends (the encounter's end of round, time passing) or on an attack marked a new round;
the Keeper may keep the count instead (``rate_of_fire="keeper"``)."""

import pytest
from coc_helpers import cultist, d100, harvey, run

from py_rules.coc import attack as attack_mod
from py_rules.coc.settings import Settings
from py_rules.coc.weapons import COMMON_WEAPONS
from py_rules.errors import RulesError
from tests.door import answer

RIFLE = next(w for w in COMMON_WEAPONS if w["name"] == ".30-06 bolt-action rifle")
REVOLVER = next(w for w in COMMON_WEAPONS if w["name"] == ".38 Revolver")
KNIFE = next(w for w in COMMON_WEAPONS if w["name"] == "Small knife")
HIT = d100(20) + d100(80) + [5]
"""Harvey's revolver shot hits (20), the Cultist's Dodge fails (80), damage 5."""
RIFLE_HIT = d100(20) + d100(80) + [1, 1]
"""The same with the rifle's 2D6+4."""


def shooter(*weapons, fired=0):
    return harvey(weapons=[dict(w) for w in weapons], shots_this_round=fired)


def shoot(state, weapon, faces=None, **kwargs):
    if faces is None:
        faces = RIFLE_HIT if weapon is RIFLE else HIT
    return run(attack_mod.attack, faces, state, cultist(), weapon=weapon["name"], **kwargs)


def test_the_common_handguns_fire_up_to_three_shots_a_round_and_the_bolt_action_rifle_one():
    """[BOOK] weapons table: handguns 1(3), a bolt-action rifle 1."""
    assert REVOLVER["attacks"] == 3 and RIFLE["attacks"] == 1


def test_each_shot_counts_toward_the_round_and_says_so():
    result = shoot(shooter(REVOLVER), REVOLVER)
    assert result.states["coc.investigator"]["shots_this_round"] == 1
    assert any("Shot 1 of 3 this round" in step.text for step in result.steps)


def test_a_shot_past_the_rate_of_fire_is_refused_naming_the_weapon_and_its_rate():
    state = shoot(shooter(RIFLE), RIFLE).states["coc.investigator"]
    with pytest.raises(RulesError) as error:
        shoot(state, RIFLE, faces=[])  # refused before any die is rolled
    assert error.value.field == "weapon"
    assert "rate of fire is 1 shot a round" in error.value.message and RIFLE["name"] in error.value.message


def test_a_handgun_fires_its_third_shot_and_not_a_fourth():
    state = shooter(REVOLVER, fired=2)
    assert shoot(state, REVOLVER).states["coc.investigator"]["shots_this_round"] == 3
    with pytest.raises(RulesError, match="3 shots a round"):
        shoot(shooter(REVOLVER, fired=3), REVOLVER, faces=[])


def test_a_jammed_shot_still_counts_as_the_rounds_shot():
    result = shoot(shooter(dict(RIFLE, malfunction=96)), RIFLE, faces=d100(97))
    assert result.states["coc.investigator"]["shots_this_round"] == 1


def test_hand_to_hand_attacks_are_not_counted():
    result = run(attack_mod.attack, d100(20) + d100(80) + [2], shooter(KNIFE, fired=5), cultist(), weapon="Small knife")
    assert result.states["coc.investigator"]["shots_this_round"] == 5


def test_a_shot_marked_a_new_round_starts_the_count_over():
    result = shoot(shooter(RIFLE, fired=1), RIFLE, new_round=True)
    assert result.states["coc.investigator"]["shots_this_round"] == 1
    assert any("A new round" in step.text for step in result.steps)


def test_the_keeper_setting_counts_nothing():
    result = shoot(shooter(RIFLE, fired=1), RIFLE, settings=Settings(rate_of_fire="keeper"))
    assert result.states["coc.investigator"]["shots_this_round"] == 1  # unchanged: not counted


def test_a_round_of_time_passing_starts_the_count_over():
    state = answer("coc.advance_time", investigator=shooter(RIFLE, fired=1), unit="rounds", amount=1)["state"]
    assert state["shots_this_round"] == 0


def test_the_encounters_end_of_round_starts_the_shooters_count_over():
    """The encounter's end of round runs coc.advance_time on every sheet (py_rules/coc/encounter_hooks.py)."""
    sheets = {"harvey": shooter(RIFLE, fired=1)}
    state = answer(
        "encounter.start", id="e1", name="Fight", game="coc", combatants=[{"character_id": "harvey"}], sheets=sheets
    )["state"]
    result = answer("encounter.end_round", encounter=state, sheets=sheets, dice=[])
    assert result["details"]["sheets"]["harvey"]["shots_this_round"] == 0
    again = shoot(result["details"]["sheets"]["harvey"], RIFLE)
    assert again.states["coc.investigator"]["shots_this_round"] == 1


def test_the_refusal_reaches_the_door_in_plain_words():
    state = shooter(RIFLE, fired=1)
    from py_rules.api import handle

    reply = handle(
        {"op": "coc.attack", "args": {"investigator": state, "opponent": cultist(), "weapon": RIFLE["name"]}}
    )
    assert not reply["ok"] and reply["error"]["field"] == "weapon"
    assert "already fired 1 of 1 shot this round" in reply["error"]["message"]
