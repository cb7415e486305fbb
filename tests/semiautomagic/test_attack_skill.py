"""The skill an attack rolls follows the weapon (rules/semiautomagic.md §2.4: the attack bonus is Weapon Skill for
melee, Ranged Skill for ranged, a magic skill for attack spells): by default the weapon's declared kind decides it,
a kind the GM picks wins and the trace says so. Dice are scripted (typed faces through the door)."""

import copy

import pytest

from py_rules.semiautomagic import creature as C, tables as T
from py_rules.semiautomagic.sheet import SHEET
from py_rules.semiautomagic.weapons import COMMON_WEAPONS
from tests.door import answer, refused

BOW = {"name": "Bow", "damage": "1d10", "damage_type": "piercing", "kind": "ranged"}
SWORD = {"name": "Sword", "damage": "1d10", "damage_type": "slashing", "kind": "melee"}
WAND = {"name": "Fire bolt", "damage": "1d6", "damage_type": "heat", "kind": "spell"}


def archer(*weapons):
    # Weapon Skill 3 and Ranged Skill 1 (the example attacker): the two skills differ, so the total tells which
    sheet = copy.deepcopy(C.EXAMPLE_ATTACKER)
    sheet["skills"]["Magic"] = 2
    return dict(sheet, weapons=list(weapons))


def _skill_bonus(result):
    return {m["label"]: m["value"] for m in result["modifiers"]}


def _lines(result):
    return [step["text"] for step in result["steps"]]


def test_ranged_weapon_attack_rolls_ranged_skill_by_default():
    # d6 2 + Ranged Skill 1 = 3 < Target 4: a miss (Weapon Skill 3 would have hit)
    result = answer("semiautomagic.attack", dice=[2], attacker=archer(BOW), creature=C.EXAMPLE_HUMAN, weapon="Bow")
    assert _skill_bonus(result) == {"Ranged Skill bonus": 1}
    assert result["total"] == 3 and result["success"] is False
    assert result["details"]["kind"] == "ranged"
    assert "The Bow is a ranged weapon: Ranged Skill" in _lines(result)


def test_melee_weapon_attack_rolls_weapon_skill_by_default():
    result = answer(
        "semiautomagic.attack", dice=[2, 1], attacker=archer(BOW, SWORD), creature=C.EXAMPLE_HUMAN, weapon="Sword"
    )
    assert _skill_bonus(result) == {"Weapon Skill bonus": 3} and result["total"] == 5
    assert result["details"]["kind"] == "melee"


def test_spell_weapon_attack_rolls_magic_by_default():
    result = answer("semiautomagic.attack", dice=[1], attacker=archer(WAND), creature=C.EXAMPLE_HUMAN)
    assert _skill_bonus(result) == {"Magic bonus": 2}


def test_first_weapon_decides_when_none_is_named():
    result = answer("semiautomagic.attack", dice=[2], attacker=archer(BOW, SWORD), creature=C.EXAMPLE_HUMAN)
    assert _skill_bonus(result) == {"Ranged Skill bonus": 1}


def test_attack_without_a_weapon_is_melee():
    result = answer("semiautomagic.attack", dice=[2], attacker=archer(), creature=C.EXAMPLE_HUMAN)
    assert _skill_bonus(result) == {"Weapon Skill bonus": 3}
    assert "No weapon: a melee attack, Weapon Skill" in _lines(result)


def test_kind_the_gm_picks_wins_and_the_trace_says_so():
    # the GM rules the bow used as a club this once: Weapon Skill, and the line says the bow is ranged
    result = answer(
        "semiautomagic.attack", dice=[2, 1], attacker=archer(BOW), creature=C.EXAMPLE_HUMAN, weapon="Bow", kind="melee"
    )
    assert _skill_bonus(result) == {"Weapon Skill bonus": 3}
    assert "Melee attack, as picked: Weapon Skill (the Bow is a ranged weapon)" in _lines(result)


def test_helpless_target_is_hit_automatically_only_by_a_melee_weapon():
    # seed 002, Helpless: melee attacks hit automatically; a bow's attack is still rolled
    asleep = dict(copy.deepcopy(C.EXAMPLE_HUMAN), conditions={"Sleeping": {"seconds": None}})
    shot = answer("semiautomagic.attack", dice=[1], attacker=archer(BOW), creature=asleep, weapon="Bow")
    assert shot["success"] is False and "auto_hit" not in shot["flags"]
    cut = answer("semiautomagic.attack", dice=[1], attacker=archer(SWORD), creature=asleep)
    assert "auto_hit" in cut["flags"]


def test_weapon_kind_is_declared_once_with_the_attack_skills():
    field = SHEET.field("weapons.*.kind")
    assert tuple(field.choices) == tuple(T.ATTACK_SKILLS) and field.default == "melee"
    ranged = {w["name"] for w in COMMON_WEAPONS if w["kind"] == "ranged"}
    assert {"Bow", "Pistol"} <= ranged and "Sword" not in ranged


@pytest.mark.parametrize("bad", ["thrown", 3, None])
def test_unknown_weapon_kind_is_refused_naming_the_field(bad):
    error = refused("semiautomagic.attack", attacker=archer(dict(BOW, kind=bad)), creature=C.EXAMPLE_HUMAN, dice=[3])
    assert error["field"] == "attacker" and error["path"] == "weapons.0.kind"
    assert "Bow — Melee, ranged or spell: one of melee, ranged, spell." in error["message"]
