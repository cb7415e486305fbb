"""Weapons and armour on a Call of Cthulhu sheet and in an attack (seed 003 "If attacking", "If defending";
rules/coc.md §3.8 damage, Damage Bonus shares, the book's extreme-damage option, armour). Dice are scripted."""

import copy

import pytest
from coc_helpers import cultist, d100, harvey, run
from hypothesis import given, strategies as st

from py_rules import api
from py_rules.coc import attack as attack_mod
from py_rules.coc.combat import armour_absorbs, damage_expr, roll_damage
from py_rules.coc.investigator import EXAMPLE, from_dict
from py_rules.coc.settings import Settings
from py_rules.coc.weapons import COMMON_WEAPONS, parse_weapon
from py_rules.dice import RandomDice
from py_rules.errors import RulesError
from py_rules.trace import Log

KNIFE = {"name": "Knife", "skill": "Fighting (Brawl)", "damage": "1D4", "db": "full", "impale": True}
CLUB = {"name": "Club", "skill": "Fighting (Brawl)", "damage": "1D6"}
REVOLVER = {
    "name": ".38 Revolver",
    "skill": "Firearms (Handgun)",
    "damage": "1D10",
    "db": "none",
    "impale": True,
    "range": "15 yd",
    "ammo": 6,
    "malfunction": 100,
}
THROWN_KNIFE = {"name": "Thrown knife", "skill": "Throw", "damage": "1D4", "db": "half", "impale": True}
SHOTGUN = {"name": "Shotgun", "skill": "Firearms (Rifle/Shotgun)", "damage": "4D6/2D6/1D6", "db": "none"}


def sheet_with(**changes):
    data = copy.deepcopy(EXAMPLE)
    data.update(changes)
    return data


def refused(data):
    with pytest.raises(RulesError) as caught:
        from_dict(data)
    return caught.value


def cultist_attacks(faces, weapon, *, target=None, settings=Settings(), **kwargs):
    """The Cultist (Brawl 50, Firearms (Handgun) 35, Throw 20, Damage Bonus +1D4) attacks Harvey (Dodge 40, HP 12)."""
    att = cultist(weapons=[KNIFE, CLUB, REVOLVER, THROWN_KNIFE, SHOTGUN])
    return run(
        attack_mod.attack,
        faces,
        target or harvey(),
        att,
        attacker="opponent",
        weapon=weapon,
        settings=settings,
        **kwargs,
    )


# --- the sheet's fields ------------------------------------------------------------------------------------


def test_an_old_sheet_without_the_new_fields_is_valid_and_takes_the_defaults():
    sheet = from_dict(copy.deepcopy(EXAMPLE))
    assert (sheet["occupation"], sheet["notes"], sheet["armour"], sheet["weapons"]) == ("", "", 0, [])


def test_a_weapon_is_normalized_with_its_defaults():
    sheet = from_dict(
        sheet_with(
            weapons=[{"name": "Knife", "skill": "Brawl", "damage": "1d4"}],
            armour=2,
            occupation="Professor",
            notes="Carries a lantern.",
        )
    )
    assert sheet["weapons"] == [
        {
            "name": "Knife",
            "skill": "Fighting (Brawl)",
            "damage": "1D4",
            "db": "full",
            "impale": False,
            "range": "",
            "attacks": 1,
            "ammo": None,
            "malfunction": None,
            "loaded": None,
            "jammed": False,
        }
    ]
    assert (sheet["armour"], sheet["occupation"], sheet["notes"]) == (2, "Professor", "Carries a lantern.")


def test_a_firearm_takes_no_damage_bonus_and_a_thrown_weapon_half_by_default():
    assert parse_weapon({"name": "Gun", "skill": "Handgun", "damage": "1D10"})["db"] == "none"
    assert parse_weapon({"name": "Rock", "skill": "Throw", "damage": "1D4"})["db"] == "half"


@pytest.mark.parametrize(
    "weapon, field, words",
    [
        ({**KNIFE, "damage": "1D4 and a bit"}, "weapons.0.damage", "Knife — Damage:"),
        ({**KNIFE, "damage": ""}, "weapons.0.damage", "Knife — Damage:"),
        ({**KNIFE, "skill": "Cooking"}, "weapons.0.skill", "Knife — Skill:"),
        ({**KNIFE, "db": "double"}, "weapons.0.db", "Knife — Damage Bonus must be full, half or none"),
        ({**KNIFE, "impale": "yes"}, "weapons.0.impale", "Knife — Impales must be yes or no"),
        ({**KNIFE, "attacks": 6}, "weapons.0.attacks", "Knife — Attacks per round must be between 1 and 5"),
        ({**KNIFE, "ammo": -1}, "weapons.0.ammo", "Knife — Shots in the weapon must be between 0 and 1000"),
        ({**KNIFE, "malfunction": 101}, "weapons.0.malfunction", "Knife — Malfunction must be between 1 and 100"),
        ({**KNIFE, "name": " "}, "weapons.0.name", "a weapon needs a name"),
        ({**KNIFE, "sharpness": 3}, "weapons.0.sharpness", "Knife: a weapon has no field"),
        ({**KNIFE, "damage": "1D4/1D3/1D2/1"}, "weapons.0.damage", "up to 3 by range"),
    ],
)
def test_each_bad_weapon_field_is_refused_in_the_forms_words(weapon, field, words):
    error = refused(sheet_with(weapons=[weapon]))
    assert error.field == field and words in error.message
    assert "weapons." not in error.message and "_" not in error.message.split(":")[0]


def test_two_weapons_with_one_name_and_armour_out_of_range_are_refused():
    assert refused(sheet_with(weapons=[KNIFE, dict(KNIFE)])).field == "weapons.1.name"
    error = refused(sheet_with(armour=31))
    assert error.field == "armour" and error.message.startswith("Armour points must be between 0 and 30")
    assert refused(sheet_with(weapons=[CLUB] * 31)).field == "weapons"
    assert refused(sheet_with(notes="x" * 2001)).field == "notes"


def test_the_common_weapons_are_valid_sheet_weapons_and_the_door_lists_them():
    for weapon in COMMON_WEAPONS:
        assert parse_weapon(weapon) == weapon
    listed = api.handle({"op": "coc.weapon_list", "args": {}})["result"]["details"]["weapons"]
    by_name = {w["name"]: w for w in listed}
    assert by_name["Small knife"]["damage"] == "1D4" and by_name["Small knife"]["impale"]
    assert by_name[".38 Revolver"]["db"] == "none" and by_name[".38 Revolver"]["ammo"] == 6
    assert by_name["Thrown rock"]["db"] == "half"


# --- attacks with a weapon (seed 003, If attacking; rules/coc.md §3.8) ------------------------------------------


def test_a_knife_deals_1d4_plus_the_attackers_damage_bonus():
    # Brawl 50: 20 hits; Harvey's Dodge 40: 90 fails; knife 1D4 = 3, Damage Bonus +1D4 = 2
    result = cultist_attacks(d100(20) + d100(90) + [3, 2], "Knife")
    assert result.details["damage"] == 5 and result.states["coc.investigator"]["hp"] == 7
    texts = [s.text for s in result.steps]
    assert any("with Knife (Fighting (Brawl), hand-to-hand; 1D4 + Damage Bonus, impales)" in t for t in texts)
    assert any("Knife 1D4 = 3; Damage Bonus +1D4 = 2 → 5" in t for t in texts)
    assert result.events[0] == "Cultist hits Harvey Walters with Knife for 5"  # the result names the weapon


def test_a_revolver_adds_no_damage_bonus():
    # Firearms (Handgun) 35: 30 hits; Dodge 90 fails; 1D10 = 7 and no Damage Bonus die is rolled (run checks every face is used)
    result = cultist_attacks(
        d100(30) + d100(90) + [7] + d100(10), ".38 revolver"
    )  # 7 of 12 HP: a major wound, CON 10 holds
    assert result.details["damage"] == 7 and result.details["weapon"] == ".38 Revolver"
    assert result.states["coc.opponent"]["last_roll"]["name"] == "Firearms (Handgun)"
    assert any("firearms add no Damage Bonus" in s.text for s in result.steps)


def test_a_thrown_weapon_adds_half_the_damage_bonus():
    # Throw 20: 10 hits; Dodge 90 fails; 1D4 = 3, Damage Bonus 1D4 = 3 halved to 1
    result = cultist_attacks(d100(10) + d100(90) + [3, 3], "Thrown knife")
    assert result.details["damage"] == 4
    assert any("half the Damage Bonus (thrown): +1D4 = 3, halved 1" in s.text for s in result.steps)


def test_an_extreme_hit_with_an_impaling_weapon_under_the_book_option_is_maximum_damage_plus_a_roll():
    # Brawl 50: 05 is an Extreme success; maximum 4 + maximum Damage Bonus 4, then one more 1D4 = 2
    result = cultist_attacks(d100(5) + d100(90) + [2] + d100(10), "Knife", settings=Settings(extreme_damage="book"))
    assert result.details["damage"] == 10
    assert any("Knife impales: one more roll of 1D4 = 2" in s.text for s in result.steps)


def test_an_extreme_hit_with_a_weapon_that_does_not_impale_is_maximum_damage_only():
    result = cultist_attacks(d100(5) + d100(90) + d100(10), "Club", settings=Settings(extreme_damage="book"))
    assert result.details["damage"] == 10  # 1D6 at 6 + Damage Bonus 1D4 at 4, no die rolled


def test_an_extreme_hit_without_the_option_rolls_normally():
    result = cultist_attacks(d100(5) + d100(90) + [1, 1], "Knife")
    assert result.details["damage"] == 2


def test_armour_takes_its_points_off_the_damage():
    target = harvey(armour=2)
    result = cultist_attacks(d100(20) + d100(90) + [3, 2], "Knife", target=target)
    assert (result.details["rolled_damage"], result.details["armour"], result.details["damage"]) == (5, 2, 3)
    assert result.states["coc.investigator"]["hp"] == 9
    assert any("Harvey Walters's armour takes 2 of the 5 damage" in s.text for s in result.steps)


def test_armour_can_stop_a_hit_entirely():
    result = cultist_attacks(d100(20) + d100(90) + [1, 1], "Knife", target=harvey(armour=5))
    assert result.details["damage"] == 0 and result.states["coc.investigator"]["hp"] == 12


def test_no_weapon_named_is_unarmed_1d3_plus_damage_bonus():
    result = cultist_attacks(d100(20) + d100(90) + [2, 1], "")
    assert result.details["damage"] == 3 and result.details["weapon"] == "Unarmed"


def test_a_weapon_not_on_the_sheet_is_refused_naming_the_sheets_weapons():
    with pytest.raises(RulesError) as caught:
        cultist_attacks([], "Axe")
    assert caught.value.field == "weapon" and "Knife, Club" in caught.value.message


def test_fight_back_and_manoeuvre_answer_hand_to_hand_only():
    for weapon in (".38 Revolver", "Thrown knife"):
        with pytest.raises(RulesError) as caught:
            cultist_attacks([], weapon, defence="fight_back")
        assert caught.value.field == "defence"


def test_the_defender_fights_back_with_a_hand_to_hand_weapon_on_their_sheet_and_armour_counts():
    target = harvey(weapons=[KNIFE])
    att = cultist(weapons=[CLUB], armour=1)
    # Cultist Brawl 50: 60 fails; Harvey fights back (Brawl 40): 10 Hard; knife 1D4 = 4, Harvey's Damage Bonus 0; armour 1
    result = run(
        attack_mod.attack,
        d100(60) + d100(10) + [4],
        target,
        att,
        attacker="opponent",
        weapon="Club",
        defence="fight_back",
        defender_weapon="Knife",
    )
    assert result.details["damaged"] == "Cultist" and result.details["damage"] == 3
    assert result.states["coc.opponent"]["hp"] == att["hp"] - 3


def test_a_shotgun_deals_its_damage_by_range():
    # Firearms (Rifle/Shotgun) 25: 10 hits; Dodge 90 fails; at long range (Hard) the shotgun deals 2D6 = 3 + 4
    result = cultist_attacks(d100(10) + d100(90) + [3, 4] + d100(10), "Shotgun", range_difficulty="Hard")
    assert result.details["damage"] == 7
    assert any("deals damage by range (4D6/2D6/1D6): 2D6 at long range" in s.text for s in result.steps)


def test_the_door_attacks_with_a_weapon_from_the_sheet_and_the_odds_take_off_armour():
    att, target = harvey(weapons=[KNIFE]), cultist(armour=1)
    args = {"investigator": att, "opponent": target, "weapon": "Knife", "defence": "dodge"}
    answer = api.handle({"op": "coc.attack", "args": {**args, "dice": d100(20) + d100(90) + [4]}})
    assert answer["result"]["details"]["damage"] == 3  # 1D4 = 4, Harvey's Damage Bonus 0, armour 1
    odds = api.handle({"op": "coc.attack", "args": args, "mode": "odds"})["result"]
    table = [t for t in odds["tables"] if t["title"] == "Damage on a hit"][0]
    assert [row["label"] for row in table["outcomes"]] == ["0 damage", "1 damage", "2 damage", "3 damage"]


def test_a_weapon_given_in_full_at_the_door_needs_no_sheet_entry():
    answer = api.handle(
        {
            "op": "coc.attack",
            "args": {
                "investigator": harvey(),
                "opponent": cultist(),
                "weapon_stats": REVOLVER,
                "dice": d100(30) + d100(90) + [5],
            },
        }
    )
    assert answer["result"]["details"]["weapon"] == ".38 Revolver" and answer["result"]["details"]["damage"] == 5
    bad = api.handle(
        {
            "op": "coc.attack",
            "args": {"investigator": harvey(), "opponent": cultist(), "weapon_stats": {**REVOLVER, "damage": "lots"}},
        }
    )
    assert bad["error"]["field"].startswith("weapon_stats") and ".38 Revolver — Damage:" in bad["error"]["message"]


def test_roll_damage_uses_the_sheets_weapon():
    answer = api.handle(
        {
            "op": "coc.roll_damage",
            "args": {"investigator": cultist(weapons=[THROWN_KNIFE]), "weapon": "Thrown knife", "dice": [2, 4]},
        }
    )
    assert answer["result"]["total"] == 4  # 1D4 = 2 + half of the Damage Bonus 1D4 = 4


@given(st.integers(0, 200), st.integers(0, 30))
def test_armour_takes_off_its_points_and_never_leaves_less_than_nothing(damage, armour):
    log = Log()
    left = armour_absorbs(damage, armour, "Cultist", log)
    assert left == max(0, damage - armour) and (bool(log.steps) == (armour > 0))


@given(st.sampled_from(COMMON_WEAPONS), st.sampled_from(["Regular", "Hard", "Extreme"]))
def test_every_common_weapon_hits_for_at_least_nothing_and_at_most_its_maximum(weapon, distance):
    expr = damage_expr(weapon, "", "damage", distance)
    log = Log()
    total = roll_damage(RandomDice(7), weapon, expr, "+1D4", log)
    db_max = {"full": 4, "half": 2, "none": 0}[weapon["db"]]
    assert 0 <= total <= expr.most + db_max and log.steps[-1].text == "Luck can't be spent on damage"
