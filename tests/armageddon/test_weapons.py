"""Weapons, armour and the Attack (rules/armageddon.md §1.8 damage NdX × M + K, §1.8a attacks, defence and armour,
§1.9 Life Points; seed 000, Tasks; Resisted Tasks & Tests; Life Points, Consciousness Tests & Survival Tests)."""

import pytest
from hypothesis import given, settings, strategies as st

from py_rules.armageddon.character import from_dict
from py_rules.armageddon.weapons import COMMON_WEAPONS, damage_roll
from py_rules.dice_expr import Term
from py_rules.errors import RulesError

from .conftest import BASE

KNIFE = {
    "name": "Knife",
    "skill": "Hand Weapon",
    "damage": "d4 × Strength",
    "damage_type": "slashing/stabbing",
    "success_levels": True,
}
PISTOL = {"name": "Pistol", "skill": "Handguns", "damage": "d6x4", "damage_type": "bullet"}


def _sheet(**changes):
    raw = {**BASE, **changes}
    return from_dict(raw)


def _refused(**changes):
    with pytest.raises(RulesError) as caught:
        _sheet(**changes)
    return caught.value


# --- the sheet's fields ------------------------------------------------------------------------


def test_weapon_and_armour_fields_are_kept_normalized():
    sheet = _sheet(
        weapons=[{"name": "Pistol", "skill": "Handguns", "damage": "d6 × 4"}], armour={"name": "Vest", "value": 4}
    )
    assert sheet["weapons"] == [
        {
            "name": "Pistol",
            "skill": "Handguns",
            "damage": "d6 × 4",
            "damage_type": "bludgeoning",
            "success_levels": False,
        }
    ]
    assert sheet["armour"] == {"name": "Vest", "value": 4}
    assert "weapons" not in _sheet() and "armour" not in _sheet()


@pytest.mark.parametrize(
    "weapon, path, words",
    [
        (
            {"name": "Knife", "skill": "Hand Weapon", "damage": "d4 × Zap"},
            "weapons.0.damage",
            "Knife — Damage: 'd4 × Zap'",
        ),
        (
            {"name": "Knife", "skill": "Hand Weapon", "damage": ""},
            "weapons.0.damage",
            "Knife — Damage: give the damage",
        ),
        (
            {"name": "Knife", "skill": "Laser Swords", "damage": "d4"},
            "weapons.0.skill",
            "Knife — Skill: there is no skill",
        ),
        (
            {"name": "Knife", "damage": "d4", "damage_type": "laser"},
            "weapons.0.damage_type",
            "Knife — Damage type: one of",
        ),
        (
            {"name": "Knife", "damage": "d4", "success_levels": "yes"},
            "weapons.0.success_levels",
            "Knife — Success Levels add to damage: yes or no",
        ),
        ({"name": "", "damage": "d4"}, "weapons.0.name", "Weapon 1 — Name: every weapon needs a name"),
        ({"name": "Knife", "damage": "d4", "ammo": 3}, "weapons.0.ammo", "Knife has no field 'ammo'"),
    ],
)
def test_each_weapon_field_is_refused_in_the_forms_words(weapon, path, words):
    error = _refused(weapons=[weapon])
    assert error.field == path and words in error.message
    assert "weapons.0" not in error.message and "_" not in error.message.replace("'", "")


@pytest.mark.parametrize(
    "armour, path",
    [
        ({"name": "Vest", "value": 51}, "armour.value"),
        ({"name": "Vest", "value": -1}, "armour.value"),
        ({"name": "Vest", "value": 2.5}, "armour.value"),
        ({"name": 3, "value": 2}, "armour.name"),
        ({"name": "Vest", "value": 2, "weight": 3}, "armour.weight"),
    ],
)
def test_armour_is_refused_per_field(armour, path):
    error = _refused(armour=armour)
    assert error.field == path and error.message.startswith("Armour")


def test_the_books_damage_form_reads_strength_from_the_sheet():
    roll, uses = damage_roll("d4 × Strength", 3)
    assert (roll.terms, uses) == ((Term(1, 1, 4, 3),), True)
    roll, uses = damage_roll("4d6 × 4", 3)
    assert (roll.terms, uses) == ((Term(1, 4, 6, 4),), False)


def test_weapon_list_gives_the_common_weapons(run):
    result = run("weapon_list")
    names = [w["name"] for w in result["details"]["weapons"]]
    assert names[0] == "Punch" and "Rifle" in names and len(names) == len(COMMON_WEAPONS)
    for weapon in result["details"]["weapons"]:
        _sheet(weapons=[weapon])  # each one is a valid sheet entry


# --- the Attack ---------------------------------------------------------------------------------


def _pair(**defender):
    attacker = _sheet(name="Kim", weapons=[KNIFE, PISTOL], skills={"Hand Weapon": 2, "Handguns": 3})
    target = _sheet(name="Ray", **defender)
    return attacker, target


def test_attack_miss_leaves_the_defender_alone(run):
    attacker, target = _pair()
    result = run("attack", dice=[3], attacker=attacker, defender=target, weapon="Knife")
    assert result["success"] is False and result["level_name"] == "miss"
    assert result["states"]["armageddon.defender"]["current"] == target["current"]
    assert result["dice"] == [{"die": "d10", "face": 3, "purpose": "attack"}] or len(result["dice"]) == 1


def test_attack_hit_knife_strength_success_levels_and_dodge(run):
    attacker, target = _pair()
    # attack d10 8: 8 + Dex 2 + Hand Weapon 2 = 12, Decent (2 SL); dodge d10 2: 2 + 2 − 2 unskilled = 2, fails;
    # damage d4 3 × Strength 2 = 6, + 2 Success Levels (the knife's flag) = 8
    result = run("attack", dice=[8, 2, 3], attacker=attacker, defender=target, weapon="Knife", defence="dodge")
    assert result["success"] is True and result["details"]["damage"] == 8
    after = result["states"]["armageddon.defender"]
    assert after["current"]["life_points"] == 30 - 8
    text = "\n".join(s["text"] for s in result["steps"])
    assert "Strength 2 from Kim's sheet" in text and "(3) × 2 = 6" in text and "6 + 2 Success Levels" in text
    assert result["states"]["armageddon.attacker"] == attacker


def test_dodge_with_as_many_success_levels_avoids_the_attack(run):
    attacker, target = _pair(skills={"Dodge": 3})
    # attack 8 + 4 = 12 (2 SL); dodge 7 + 2 + 3 = 12 (2 SL): avoided by default
    result = run("attack", dice=[8, 7], attacker=attacker, defender=target, weapon="Knife", defence="dodge")
    assert result["level_name"] == "avoided" and result["success"] is False
    assert result["states"]["armageddon.defender"]["current"]["life_points"] == 30


def test_resisted_defence_rule_equal_totals_stalemate_avoids(run):
    attacker, target = _pair(skills={"Dodge": 3})
    result = run(
        "attack",
        dice=[8, 7],
        attacker=attacker,
        defender=target,
        weapon="Knife",
        defence="dodge",
        defence_rule="resisted",
    )
    assert result["level_name"] == "avoided"
    result = run(
        "attack",
        dice=[9, 7, 1],
        attacker=attacker,
        defender=target,
        weapon="Knife",
        defence="dodge",
        defence_rule="resisted",
    )
    assert result["success"] is True  # 13 against 12: the higher total wins


def test_no_parry_against_a_firearm(run):
    attacker, target = _pair(skills={"Brawling": 5})
    result = run("attack", dice=[6, 2], attacker=attacker, defender=target, weapon="Pistol", defence="parry")
    assert result["success"] is True and result["details"]["damage"] == 8  # d6 2 × 4, no roll for the parry
    assert any("cannot block or parry a firearm" in s["text"] for s in result["steps"])


def test_armour_absorbing_all_damage_changes_no_life_points(run):
    attacker, target = _pair(armour={"name": "Riot gear", "value": 20})
    result = run("attack", dice=[8, 3], attacker=attacker, defender=target, weapon="Knife", defence="none")
    assert result["details"]["damage"] == 8 and result["details"]["life_points_damage"] == 0
    assert "armour_absorbed" in result["flags"]
    assert result["states"]["armageddon.defender"]["current"]["life_points"] == 30
    assert any("8 − 20 (Ray's Riot gear) = 0" in s["text"] for s in result["steps"])


def test_doubled_types_house_rule_doubles_what_passes_armour(run):
    attacker, target = _pair(armour={"name": "Vest", "value": 5})
    result = run(
        "attack", dice=[6, 3], attacker=attacker, defender=target, weapon="Pistol", defence="none", doubled_types=True
    )
    assert result["details"]["life_points_damage"] == (12 - 5) * 2


def test_hit_below_zero_knocks_down_and_calls_the_consciousness_test(run):
    attacker, target = _pair(current={"life_points": 5})
    # attack 7 + 2 + 3 = 12; pistol d6 2 × 4 = 8: 5 → −3; Consciousness Test d10 2 + Con 3 + Will 3 − 3 = 5, fails
    result = run("attack", dice=[7, 2, 2], attacker=attacker, defender=target, weapon="Pistol", defence="none")
    after = result["states"]["armageddon.defender"]
    assert after["current"]["life_points"] == -3
    assert {"knocked_down", "unconscious"} <= set(after["conditions"])
    rolls = result["details"]["rolls"]
    assert rolls[-1]["kind"] == "consciousness_test" and rolls[-1]["total"] == 5 and rolls[-1]["success"] is False
    assert any("falls unconscious" in e for e in result["events"])


def test_an_unconscious_defender_makes_no_defence(run):
    attacker, target = _pair(current={"life_points": -3}, conditions=["knocked_down", "unconscious"])
    result = run("attack", dice=[7, 1], attacker=attacker, defender=target, weapon="Pistol", defence="dodge")
    assert any("unconscious: no defence" in s["text"] for s in result["steps"])
    assert (
        result["states"]["armageddon.defender"]["current"]["life_points"] == -3 - 4
    )  # d6 1 × 4; already unconscious: no new test


def test_without_weapons_he_punches_with_his_strength(run):
    attacker = _sheet(name="Kim", skills={"Brawling": 2})
    target = _sheet(name="Ray")
    result = run("attack", dice=[8, 4], attacker=attacker, defender=target, defence="none")
    assert result["details"]["weapon"]["name"] == "Punch"
    assert result["details"]["damage"] == 4 * 2 + 2  # d4 × Strength 2, + 2 Success Levels


def test_unknown_weapon_is_refused_naming_the_field(fail):
    attacker, target = _pair()
    error = fail("attack", dice=[5], attacker=attacker, defender=target, weapon="Bazooka")
    assert error["field"] == "weapon" and "no weapon called 'Bazooka'" in error["message"]


def test_a_hit_to_minus_ten_or_below_starts_the_survival_tests(run):
    attacker, target = _pair(current={"life_points": 5})
    # attack 7 + 5 = 12; pistol d6 5 × 4 = 20: 5 → −15; Consciousness Test d10 9 + 6 − 15 = 0 fails;
    # dying: Survival Test d10 9 + 6 − 1 = 14 survives
    result = run("attack", dice=[7, 5, 9, 9], attacker=attacker, defender=target, weapon="Pistol", defence="none")
    after = result["states"]["armageddon.defender"]
    assert after["current"]["life_points"] == -15
    assert {"unconscious", "dying"} <= set(after["conditions"]) and after["timers"]["survival_tests"] == 1
    assert [r["kind"] for r in result["details"]["rolls"]][-2:] == ["consciousness_test", "survival_test"]


@settings(max_examples=60, deadline=None)
@given(face=st.integers(1, 6), armour=st.integers(0, 50), doubled=st.booleans())
def test_armour_takes_off_each_hit_never_below_zero(face, armour, doubled):
    from py_rules import api

    attacker, target = _pair(armour={"name": "Vest", "value": armour})
    through = max(0, face * 4 - armour) * (2 if doubled else 1)
    # 30 LP: at 0 or below a Consciousness Test, at −10 or below a Survival Test too
    dice = [6, face] + [9] * ((through >= 30) + (through >= 40))
    response = api.handle(
        {
            "op": "armageddon.attack",
            "args": {
                "attacker": attacker,
                "defender": target,
                "weapon": "Pistol",
                "defence": "none",
                "doubled_types": doubled,
                "dice": dice,
            },
        }
    )
    assert response["ok"], response
    result = response["result"]
    assert result["details"]["life_points_damage"] == through
    assert result["states"]["armageddon.defender"]["current"]["life_points"] == 30 - through


def test_the_add_success_levels_house_rule_reaches_every_weapon(run):
    attacker, target = _pair()
    plain = run("attack", dice=[8, 3], attacker=attacker, defender=target, weapon="Pistol", defence="none")
    ruled = run(
        "attack",
        dice=[8, 3],
        attacker=attacker,
        defender=target,
        weapon="Pistol",
        defence="none",
        add_success_levels=True,
    )
    # 8 + 2 + 3 = 13: Good, 3 Success Levels; d6 3 × 4 = 12
    assert plain["details"]["damage"] == 12 and ruled["details"]["damage"] == 15
