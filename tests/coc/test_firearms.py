"""Firearms in an attack (rules/coc.md §3.8 [BOOK]): only Dodge answers a shot (no fight back, whatever the firearms
house rule or the defender's state), each shot spends a round, an empty or jammed weapon cannot fire, a reload
refills it, and a roll at or above the malfunction number jams it."""

import pytest
from coc_helpers import cultist, d100, harvey, run

from py_rules.api import handle
from py_rules.coc import attack as attack_mod
from py_rules.coc.settings import Settings
from py_rules.coc.weapons import COMMON_WEAPONS, parse_weapon
from py_rules.errors import RulesError

REVOLVER = COMMON_WEAPONS[7]  # .38 Revolver: 6 shots, malfunction 100


def gunman(**weapon):
    return harvey(weapons=[dict(REVOLVER, **weapon)])


def shoot(faces, shooter, **kwargs):
    return run(attack_mod.attack, faces, shooter, cultist(), weapon=REVOLVER["name"], **kwargs)


def revolver_of(result):
    return result.states["coc.investigator"]["weapons"][0]


@pytest.mark.parametrize("settings", [Settings(), Settings(firearms_rule="book")])
def test_fight_back_against_a_firearm_is_refused_under_either_firearms_rule(settings):
    with pytest.raises(RulesError, match="only Dodge") as error:
        shoot([], gunman(), defence="fight_back", settings=settings)
    assert error.value.field == "defence"


def test_fight_back_against_a_firearm_is_refused_even_when_the_target_is_unconscious():
    with pytest.raises(RulesError, match="only Dodge"):
        run(
            attack_mod.attack,
            [],
            gunman(),
            cultist(conditions={"unconscious": True}),
            weapon=REVOLVER["name"],
            defence="fight_back",
        )


def test_a_shot_spends_a_round_in_the_state_and_the_event_text():
    result = shoot(d100(20) + d100(80) + [5], gunman())
    assert revolver_of(result)["loaded"] == 5
    assert "Harvey Walters fires the .38 Revolver: 5 of 6 rounds left" in result.events


def test_a_missed_shot_spends_a_round_too():
    result = shoot(d100(90) + d100(20), gunman(loaded=2))
    assert revolver_of(result)["loaded"] == 1 and result.details["outcome"] == "defender wins"


def test_an_empty_weapon_cannot_fire_and_reload_is_offered():
    with pytest.raises(RulesError, match=r"empty \(0 of 6 rounds left\).*Reload") as error:
        shoot([], gunman(loaded=0))
    assert error.value.field == "weapon"


def test_a_roll_at_or_above_the_malfunction_number_jams_the_weapon():
    result = shoot(d100(97), gunman(malfunction=96))
    gun = revolver_of(result)
    assert gun["jammed"] and gun["loaded"] is None  # the shot did not go off: no round spent, no dodge rolled
    assert "malfunction" in result.flags and result.details["outcome"] == "nobody wins"
    assert any("jams" in event for event in result.events)


def test_a_roll_below_the_malfunction_number_does_not_jam():
    result = shoot(d100(95) + d100(20), gunman(malfunction=96))
    assert not revolver_of(result)["jammed"] and "malfunction" not in result.flags


def test_a_jammed_weapon_cannot_fire_until_cleared():
    with pytest.raises(RulesError, match="jammed.*Reload") as error:
        shoot([], gunman(jammed=True))
    assert error.value.field == "weapon"


def test_reload_refills_the_weapon_and_clears_a_jam():
    answer = handle(
        {"op": "coc.reload", "args": {"investigator": gunman(loaded=1, jammed=True), "weapon": ".38 revolver"}}
    )
    assert answer["ok"], answer
    gun = answer["result"]["states"]["coc.investigator"]["weapons"][0]
    assert gun["loaded"] == 6 and not gun["jammed"]
    assert any("1 → 6" in event for event in answer["result"]["events"])
    after = shoot(d100(20) + d100(80) + [5], answer["result"]["states"]["coc.investigator"])
    assert revolver_of(after)["loaded"] == 5


def test_reload_of_a_full_weapon_says_so_and_names_the_field():
    answer = handle({"op": "coc.reload", "args": {"investigator": gunman(), "weapon": REVOLVER["name"]}})
    assert not answer["ok"] and answer["error"]["field"] == "weapon" and "already full" in answer["error"]["message"]


def test_rounds_left_cannot_exceed_what_the_weapon_holds():
    with pytest.raises(RulesError) as error:
        parse_weapon(dict(REVOLVER, loaded=7), "weapons.0")
    assert error.value.field == "weapons.0.loaded"


def test_a_weapon_without_shots_given_is_not_counted():
    result = run(attack_mod.attack, d100(20) + d100(80) + [5], harvey(), cultist(), weapon="Handgun")
    assert not any("rounds left" in event for event in result.events)
