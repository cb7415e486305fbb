"""Reading a Semiautomagic creature's stat block (py_rules/semiautomagic/stat_block.py) into the sheet
creature.from_dict accepts: abilities, Scale, Toughness and Will against the rules' (seed 002, Creature or Object
Toughness; rules/semiautomagic.md §2.3), Defence sources, worn armour, skills, speeds and weapons with their damage
type (seed 002, damage types); junk claims nothing."""

from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

from py_rules.api import handle
from py_rules.semiautomagic import creature
from py_rules.semiautomagic.stat_block import parse

CAVE_TROLL = """Cave troll
A hulking brute that lives under the bridge.
Scale 1
Str 6, Dex 2, End 5, Int 1, Spi 2
Toughness 17 (Minimum 11), Will 8
Defence: natural armour +3
Skills: Weapon Skill 3, Wrestle 2, Perception 1
Movement: walk 6, climb 2
Weapons: Club 1d8 bludgeoning; Claws 1d6 slashing"""

ABILITIES = ("Strength", "Dexterity", "Endurance", "Intelligence", "Spirit")


def abilities(*values):
    return dict(zip(ABILITIES, values, strict=True))


LAYOUTS = [
    (
        "abbreviated abilities with Toughness and Will printed",
        CAVE_TROLL,
        {
            "name": "Cave troll",
            "scale": 1,
            "abilities": abilities(6, 2, 5, 1, 2),
            "defence": {"natural_armour": 3},
            "skills": {"Weapon Skill": 3, "Wrestle": 2, "Perception": 1},
            "movement": {"walk": 6, "climb": 2},
            "toughness": 17,
            "will": 8,
            "weapons": [("Club", "1d8", "bludgeoning", False), ("Claws", "1d6", "slashing", False)],
        },
    ),
    (
        "full ability names, worn armour and a nonlethal weapon",
        """Town guard
Strength 3 Dexterity 3 Endurance 3 Intelligence 2 Spirit 3
Toughness 11 (Minimum 5), Will 9
Armour: chain shirt (Defence +2, Mobility penalty 1)
Skills: Weapon Skill +3, Perception +1, Reflex 1
Weapons: Spear 1d10 piercing; Cudgel 1d6 nonlethal bludgeoning""",
        {
            "name": "Town guard",
            "abilities": abilities(3, 3, 3, 2, 3),
            "armour": {"name": "chain shirt", "defence": 2, "mobility_penalty": 1},
            "skills": {"Weapon Skill": 3, "Perception": 1, "Reflex": 1},
            "toughness": 11,
            "will": 9,
            "weapons": [("Spear", "1d10", "piercing", False), ("Cudgel", "1d6", "bludgeoning", True)],
        },
    ),
    (
        "abilities in a table",
        """Giant rat
Ability\tScore
Str\t1
Dex\t4
End\t2
Int\t1
Spi\t1
Scale -1
Weapons: Bite 1d4 piercing""",
        {
            "name": "Giant rat",
            "scale": -1,
            "abilities": abilities(1, 4, 2, 1, 1),
            "toughness": 5,
            "weapons": [("Bite", "1d4", "piercing", False)],
        },
    ),
]


@pytest.mark.parametrize("title,text,golden", LAYOUTS, ids=[each[0] for each in LAYOUTS])
def test_semiautomagic_layouts_read_into_a_creature(title, text, golden):
    parsed = parse(text)
    sheet = parsed["sheet"]
    assert sheet is not None, parsed["not_read"]
    assert parsed["not_read"] == [] and parsed["missing"] == []
    assert creature.from_dict(sheet) == sheet
    for key in ("name", "scale", "abilities", "defence", "skills", "movement", "armour"):
        if key in golden:
            assert sheet[key] == golden[key], key
    derived = creature.derive(sheet)
    for key in ("toughness", "will"):
        if key in golden:
            assert derived[key] == golden[key], key
    assert [(w["name"], w["damage"], w["damage_type"], w["nonlethal"]) for w in sheet["weapons"]] == golden["weapons"]


def test_a_will_above_the_rules_is_kept_as_the_will_bonus():
    parsed = parse(CAVE_TROLL.replace("Will 8", "Will 10"))
    assert parsed["sheet"]["will_bonus"] == 2 and creature.will(parsed["sheet"]) == 10
    assert "Will 10 (Spirit + 6 + Discipline gives 8; the difference, +2, kept as a Will bonus)" in parsed["read"]


def test_a_toughness_above_the_rules_without_a_defence_is_natural_armour():
    parsed = parse(CAVE_TROLL.replace("Defence: natural armour +3\n", ""))
    assert parsed["sheet"]["defence"] == {"natural_armour": 3} and creature.toughness(parsed["sheet"]) == 17
    assert any(line.startswith("Toughness 17 (6 + 3 × Scale + Endurance gives 14") for line in parsed["read"])


def test_a_toughness_the_rules_do_not_give_is_said_and_the_rules_kept():
    parsed = parse(CAVE_TROLL.replace("Toughness 17", "Toughness 12"))
    assert creature.toughness(parsed["sheet"]) == 17
    assert any(line.startswith("Toughness 12 (the rules give 17; the sheet keeps 17)") for line in parsed["read"])


def test_ability_left_out_and_ability_not_understood_are_told_apart():
    parsed = parse(CAVE_TROLL.replace(", Spi 2", "").replace("Int 1", "Int one"))
    assert parsed["missing"] == ["Intelligence", "Spirit"]
    assert parsed["left_out"] == ["Spirit"] and parsed["not_understood"]["Intelligence"].startswith("“Int one”")
    given_back = parse(CAVE_TROLL.replace(", Spi 2", ""), {"Spirit": 2})
    assert given_back["sheet"]["abilities"]["Spirit"] == 2


def test_door_answers_a_semiautomagic_block():
    answer = handle({"op": "semiautomagic.parse_stat_block", "args": {"text": CAVE_TROLL}})
    assert answer["ok"] and answer["result"]["events"] == ["Cave troll was read."]


@pytest.mark.parametrize(
    "junk",
    ["", "the troll will eat you", "Str", "End of the story 3", "Toughness", "Weapons: ;;;", "\x00" * 40, "1d8 " * 300],
)
def test_junk_claims_nothing_and_lists_everything(junk):
    parsed = parse(junk)
    assert parsed["sheet"] is None and parsed["missing"]
    assert parsed["not_read"]


@settings(max_examples=150, deadline=None)
@given(st.text(max_size=400))
def test_any_text_is_answered(text):
    parsed = parse(text)
    assert isinstance(parsed["read"], list) and isinstance(parsed["not_read"], list)
    assert parsed["sheet"] is None or creature.from_dict(parsed["sheet"]) == parsed["sheet"]


@settings(max_examples=80, deadline=None)
@given(
    st.lists(
        st.sampled_from(
            [
                "Str 3",
                "Dex",
                "3",
                "End 2, Int 2",
                "Spi 4",
                "Scale 2",
                "Scale 99",
                "Toughness 30",
                "Will 2",
                "Defence +1 (durability)",
                "Skills:",
                "Stealth +4,",
                "Weapons:",
                "Club 1d8 bludgeoning",
                "Armour: coat (Defence +1)",
                "\n",
                "|",
                "\t",
                "junk",
            ]
        ),
        max_size=30,
    )
)
def test_any_mix_of_pieces_is_answered(pieces):
    parsed = parse(" ".join(pieces))
    assert parsed["sheet"] is None or creature.from_dict(parsed["sheet"]) == parsed["sheet"]
    assert set(parsed["left_out"]) | set(parsed["not_understood"]) == set(parsed["missing"])
