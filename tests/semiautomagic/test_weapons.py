"""Weapons, worn armour and the attack that uses them (seed 002: damage types; Bludgeoning: light materials one
die smaller; Nonlethal Damage; EMP and the EMP table; Toughness: worn armour is a Defence source; Mobility
Penalty; rules/semiautomagic.md §2.4 attack sequence, §2.5 damage, §2.9 mobility)."""

import copy

import pytest

from py_rules.errors import RulesError
from py_rules.semiautomagic import creature as C
from py_rules.semiautomagic.weapons import COMMON_WEAPONS
from tests.door import answer


def human(**fields):
    return dict(copy.deepcopy(C.EXAMPLE_HUMAN), **fields)


def attacker(*weapons):
    return dict(copy.deepcopy(C.EXAMPLE_ATTACKER), weapons=list(weapons))


CLUB = {"name": "Aluminium club", "damage": "1d8", "damage_type": "bludgeoning", "light_material": True}
SAP = {"name": "Sap", "damage": "3d4", "damage_type": "bludgeoning", "nonlethal": True}
MAUL = {"name": "Maul", "damage": "3d4", "damage_type": "bludgeoning"}
EMP = {"name": "EMP grenade", "damage": "2d6", "damage_type": "emp"}


# --- the sheet's fields ------------------------------------------------------------------------


def test_weapons_armour_and_notes_are_kept():
    c = C.from_dict(
        human(
            weapons=[{"name": "Spear", "damage": "1d10", "damage_type": "Piercing"}],
            armour={"name": "Chain shirt", "defence": 2, "mobility_penalty": 1},
            notes="Owes the inn.",
        )
    )
    # a weapon that declares no kind (a sheet made before weapons had one) is a melee weapon
    assert c["weapons"] == [
        {
            "name": "Spear",
            "damage": "1d10",
            "damage_type": "piercing",
            "kind": "melee",
            "light_material": False,
            "nonlethal": False,
        }
    ]
    assert c["armour"] == {"name": "Chain shirt", "defence": 2, "mobility_penalty": 1} and c["notes"] == "Owes the inn."
    assert "weapons" not in C.from_dict(human()) and "armour" not in C.from_dict(human())


@pytest.mark.parametrize(
    "changes, path, words",
    [
        (
            {"weapons": [{"name": "Spear", "damage": "1d7"}]},
            "weapons.0.damage",
            "Spear — Damage: d7 is not on the die ladder",
        ),
        ({"weapons": [{"name": "Spear", "damage": ""}]}, "weapons.0.damage", "Spear — Damage: give dice"),
        (
            {"weapons": [{"name": "Spear", "damage": "1d6", "damage_type": "sonic"}]},
            "weapons.0.damage_type",
            "Spear — Damage type: one of Piercing",
        ),
        (
            {"weapons": [{"name": "Spear", "damage": "1d6", "nonlethal": "no"}]},
            "weapons.0.nonlethal",
            "Spear — Nonlethal: yes or no",
        ),
        (
            {"weapons": [{"name": "Spear", "damage": "1d6", "light_material": 1}]},
            "weapons.0.light_material",
            "Spear — Light material",
        ),
        ({"weapons": [{"name": "", "damage": "1d6"}]}, "weapons.0.name", "Weapon 1 — Name"),
        ({"armour": {"name": "Plate", "defence": 41}}, "armour.defence", "Armour — Defence: between -20 and 40"),
        (
            {"armour": {"name": "Plate", "defence": 4, "mobility_penalty": -1}},
            "armour.mobility_penalty",
            "Armour — Mobility penalty",
        ),
        ({"armour": {"name": "Plate", "toughness": 4}}, "armour.toughness", "no field"),
    ],
)
def test_each_weapon_and_armour_field_is_refused_in_the_forms_words(changes, path, words):
    with pytest.raises(RulesError) as caught:
        C.from_dict(human(**changes))
    assert caught.value.field == path and words in caught.value.message
    assert "weapons.0" not in caught.value.message and "_" not in caught.value.message


def test_objects_wear_no_armour():
    with pytest.raises(RulesError) as caught:
        C.from_dict(dict(C.EXAMPLE_OBJECT, armour={"name": "Case", "defence": 2}))
    assert caught.value.field == "armour"


def test_worn_armour_is_the_defence_source_and_does_not_stack():
    plain = C.from_dict(human(armour={"name": "Chain shirt", "defence": 2, "mobility_penalty": 1}))
    assert C.toughness(plain) == 6 + 3 + 2 and C.derive(plain)["defence_source"] == "Chain shirt"
    skilled = C.from_dict(
        human(
            skills={"Unarmoured": 0},
            defence={"unarmoured": 4},
            armour={"name": "Chain shirt", "defence": 2, "mobility_penalty": 1},
        )
    )
    assert C.toughness(skilled) == 6 + 3 + 4  # the best single source counts (Stacking Bonuses)


# --- Mobility Penalty: the four skills and speed -----------------------------------------------


@pytest.mark.parametrize("skill", ["Acrobatics", "Athletics", "Wrestle", "Stealth"])
def test_armours_mobility_penalty_reaches_the_four_skills(skill):
    sheet = human(armour={"name": "Plate", "defence": 4, "mobility_penalty": 2}, mobility_penalties={"pack": 1})
    result = answer("semiautomagic.skill_check", dice=[4], creature=sheet, skill=skill, dc=6)
    mobility = [m for m in result["modifiers"] if m["label"].startswith("mobility penalty")]
    assert [m["value"] for m in mobility] == [-3] and "Plate 2" in mobility[0]["label"]
    assert result["total"] == 4 - 3


def test_mobility_penalty_leaves_other_skills_alone():
    sheet = human(armour={"name": "Plate", "defence": 4, "mobility_penalty": 2})
    result = answer("semiautomagic.skill_check", dice=[4], creature=sheet, skill="Perception", dc=6)
    assert not [m for m in result["modifiers"] if "mobility" in m["label"]]


def test_mobility_penalty_slows_every_movement_type_half_a_square_each():
    sheet = human(armour={"name": "Plate", "defence": 4, "mobility_penalty": 3}, movement={"walk": 6, "swim": 2})
    derived = answer("semiautomagic.describe_creature", creature=sheet)["details"]["derived"]
    assert derived["movement"] == {"walk": 4.5, "swim": 0.5} and derived["mobility_penalty"] == 3


# --- the attack with the picked weapon ----------------------------------------------------------


def test_attack_with_an_aluminium_club_rolls_one_die_smaller():
    result = answer(
        "semiautomagic.attack", dice=[4, 6], attacker=attacker(CLUB), creature=human(), weapon="Aluminium club"
    )
    assert result["success"] and result["details"]["damage"] == 6
    assert result["dice"][1]["die"] == "d6"  # a d8 club, one die smaller
    assert any("1d8 → 1d6 (one die smaller)" in s["text"] for s in result["steps"])
    assert result["events"][0].endswith("with Aluminium club for 6 Bludgeoning damage.")  # the result names the weapon
    after = result["states"]["semiautomagic.creature"]
    assert after["wounds"] == 1  # 6 > Minimum Toughness 3, below Toughness 9


def test_nonlethal_weapon_knocks_out_instead_of_dying():
    # attack d6 5 + Weapon Skill 3 = 8 ≥ Target 4; 3d4 4+4+4 = 12 ≥ Toughness 9: would start dying
    result = answer(
        "semiautomagic.attack", dice=[5, 4, 4, 4, 2], attacker=attacker(SAP), creature=human(), weapon="Sap"
    )
    after = result["states"]["semiautomagic.creature"]
    assert "Unconscious" in after["conditions"] and "Dying" not in after["conditions"] and not after["dead"]
    assert "knocked_out" in result["flags"]
    lethal = answer("semiautomagic.attack", dice=[5, 4, 4, 4], attacker=attacker(MAUL), creature=human(), weapon="Maul")
    assert "Dying" in lethal["states"]["semiautomagic.creature"]["conditions"]


def test_nonlethal_hit_on_the_dying_does_not_kill():
    dying = human(conditions={"Dying": {"dc": 4}}, wounds=1)
    result = answer("semiautomagic.attack", dice=[3, 3, 3], attacker=attacker(SAP), creature=dying, weapon="Sap")
    assert result["states"]["semiautomagic.creature"]["dead"] is False  # Helpless: melee hits without a roll


def test_emp_weapon_stops_a_device_and_spares_a_creature():
    radio = dict(C.EXAMPLE_OBJECT)  # Moderate: EMP Toughness 6
    result = answer(
        "semiautomagic.attack", dice=[4, 4, 3], attacker=attacker(EMP), creature=radio, kind="ranged"
    )  # 4 + Ranged Skill 1 ≥ Target 5
    assert result["states"]["semiautomagic.creature"]["emp_disabled"] is True
    assert any("EMP 7 > EMP Toughness 6" in s["text"] for s in result["steps"])
    person = answer("semiautomagic.attack", dice=[5, 6, 6], attacker=attacker(EMP), creature=human())
    assert person["states"]["semiautomagic.creature"]["wounds"] == 0 and "immune" in person["flags"]


def test_a_miss_or_a_parry_deals_no_damage():
    miss = answer(
        "semiautomagic.attack", dice=[1], attacker=attacker(MAUL), creature=human(scale=-1)
    )  # 1 + 3 < Target 5
    assert miss["success"] is False and miss["states"]["semiautomagic.creature"]["wounds"] == 0
    parried = answer(
        "semiautomagic.attack",
        dice=[6, 6],
        attacker=attacker(MAUL),
        creature=human(skills={"Weapon Skill": 4}),
        defence="parry",
    )
    assert parried["success"] is False and "damage" not in parried["details"]


def test_without_weapons_the_attack_is_the_roll_alone():
    result = answer("semiautomagic.attack", dice=[5], attacker=C.EXAMPLE_ATTACKER, creature=human())
    assert result["success"] and "damage" not in result["details"] and not result["states"]


def test_weapon_list_entries_are_valid_sheet_weapons():
    result = answer("semiautomagic.weapon_list")
    assert {w["damage_type"] for w in result["details"]["weapons"]} == {
        "piercing",
        "bludgeoning",
        "slashing",
        "electric",
        "heat",
        "cold",
        "chemical",
        "emp",
    }
    C.from_dict(human(weapons=list(COMMON_WEAPONS)))
