"""Reading an Armageddon (Classic Unisystem) NPC as the books print it (py_rules/armageddon/stat_block.py): the
Attributes, the pools against the rules' (rules/armageddon.md §1.4), skills, Qualities and Drawbacks, attacks with
their damage as printed (§1.8) and armour (§1.8a), in the books' layouts; junk claims nothing."""

from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

from py_rules.api import handle
from py_rules.armageddon import character
from py_rules.armageddon.stat_block import parse, weapon_for

ZOMBIE_COP = """Zombie cop
A dead patrolman still walking his beat.
Str 3 Dex 2 Con 3 Int 2 Per 2 Wil 2
LP 40 EP 29 Spd 10 Essence 14
Skills: Brawling 2, Guns (Handgun) 3, Dodge 2, Notice 2, Driving (Car) 2
Qualities/Drawbacks: Hard to Kill 2, Cruel (-1)
Attacks: Punch d4 × Str (6) bludgeoning; .38 revolver d6 × 4 (12) bullet
Armor: Kevlar vest (AV 10)"""

ATTRS = ("Strength", "Dexterity", "Constitution", "Intelligence", "Perception", "Willpower")


def attrs(*values):
    return dict(zip(ATTRS, values, strict=True))


BOOK_LAYOUTS = [
    (
        "abbreviated attributes and pools on two lines",
        ZOMBIE_COP,
        {
            "name": "Zombie cop",
            "attributes": attrs(3, 2, 3, 2, 2, 2),
            "skills": {"Brawling": 2, "Guns (Handgun)": 3, "Dodge": 2, "Notice": 2, "Driving (Car)": 2},
            "derived": {"life_points": 40, "endurance_points": 29, "speed": 10, "essence": 14},
            "weapons": [
                ("Punch", "Brawling", "d4 × Strength", "bludgeoning", True),
                (".38 revolver", "Guns (Handgun)", "d6 × 4", "bullet", False),
            ],
            "armour": {"name": "Kevlar vest", "value": 10},
        },
    ),
    (
        "full names with colons and commas",
        """Sister Agatha, Gifted nun
Strength: 2, Dexterity: 2, Constitution: 2, Intelligence: 3, Perception: 3, Willpower: 4
Life Points: 26, Endurance Points: 29, Speed: 8, Essence Pool: 16
Qualities: The Gifted, Essence Channeling 2
Skills: Occult Knowledge 3, First Aid 2, Humanities (Theology) 3
Attack: Cane d6 x 2 (6)""",
        {
            "name": "Sister Agatha",
            "kind": "gifted",
            "attributes": attrs(2, 2, 2, 3, 3, 4),
            "skills": {"Occult Knowledge": 3, "First Aid": 2, "Humanities (Theology)": 3},
            "derived": {"life_points": 26, "endurance_points": 29, "speed": 8, "essence": 16},
            "weapons": [("Cane", "Hand Weapon", "d6 × 2", "bludgeoning", True)],
        },
    ),
    (
        "attributes in a table",
        """Biker
Attribute\tLevel
Str\t4
Dex\t3
Con\t3
Int\t2
Per\t2
Wil\t2
LP 38 EP 32 Spd 12 Essence 16
Skills: Brawling 3, Hand Weapon (Chain) 2, Driving (Motorcycle) 3
Attacks: Chain d6 × 4 (12) bludgeoning""",
        {
            "name": "Biker",
            "attributes": attrs(4, 3, 3, 2, 2, 2),
            "skills": {"Brawling": 3, "Hand Weapon (Chain)": 2, "Driving (Motorcycle)": 3},
            "weapons": [("Chain", "Hand Weapon (Chain)", "d6 × 4", "bludgeoning", True)],
        },
    ),
    (
        "a supernatural creature whose pools are not the formula's",
        """Hell hound
Supernatural
Str 5 Dex 4 Con 5 Int 1 Per 4 Wil 3
LP 80 EP 44 Spd 18 Essence 22
Attacks: Bite d6 × 5 (15) slashing/stabbing; Claw d4 × 5 (10) slashing""",
        {
            "name": "Hell hound",
            "kind": "supernatural",
            "attributes": attrs(5, 4, 5, 1, 4, 3),
            "derived": {"life_points": 80, "endurance_points": 44, "speed": 18, "essence": 22},
            "bonuses": {"life_points": 30, "endurance_points": 0, "speed": 0, "essence": 0},
            "weapons": [
                ("Bite", "Brawling", "d6 × 5", "slashing/stabbing", True),
                ("Claw", "Brawling", "d4 × 5", "slashing/stabbing", True),
            ],
        },
    ),
]


@pytest.mark.parametrize("title,text,golden", BOOK_LAYOUTS, ids=[each[0] for each in BOOK_LAYOUTS])
def test_armageddon_book_layouts_read_into_a_character(title, text, golden):
    parsed = parse(text)
    sheet = parsed["sheet"]
    assert sheet is not None, parsed["not_read"]
    assert parsed["not_read"] == [] and parsed["missing"] == []
    assert character.from_dict(sheet) == sheet
    for key in ("name", "kind", "attributes", "armour", "bonuses"):
        if key in golden:
            assert sheet[key] == golden[key], key
    for skill, level in golden.get("skills", {}).items():
        assert sheet["skills"][skill] == level, skill
    for key, value in golden.get("derived", {}).items():
        assert sheet["derived"][key] == value, key
    if "weapons" in golden:
        assert [
            (w["name"], w["skill"], w["damage"], w["damage_type"], w["success_levels"]) for w in sheet["weapons"]
        ] == golden["weapons"]


def test_qualities_and_drawbacks_are_kept_with_their_levels():
    sheet = parse(ZOMBIE_COP)["sheet"]
    assert [(q["name"], q["kind"], q["level"]) for q in sheet["qualities"]] == [
        ("Hard to Kill", "quality", 2),
        ("Cruel", "drawback", 1),
    ]
    assert sheet["bonuses"]["life_points"] == 0  # Hard to Kill 2's +6 LP is the printed 40 (rules/armageddon.md §1.4)


def test_a_printed_pool_unlike_the_rules_is_said_and_kept_as_a_bonus():
    parsed = parse(ZOMBIE_COP.replace("LP 40", "LP 45"))
    assert parsed["sheet"]["derived"]["life_points"] == 45 and parsed["sheet"]["bonuses"]["life_points"] == 5
    assert "Life Points 45 (the rules give 40; the difference, +5, kept as a bonus)" in parsed["read"]


def test_an_unknown_skill_is_listed_not_read_and_the_rest_kept():
    parsed = parse(ZOMBIE_COP.replace("Dodge 2,", "Basket Weaving 4, Dodge 2,"))
    assert "Basket Weaving 4" in parsed["not_read"] and parsed["sheet"]["skills"]["Dodge"] == 2


def test_attribute_left_out_is_asked_then_given():
    text = ZOMBIE_COP.replace(" Per 2", "")
    parsed = parse(text)
    assert parsed["sheet"] is None and parsed["missing"] == ["Perception"] and parsed["left_out"] == ["Perception"]
    assert parsed["asks"] == [
        {"key": "Perception", "label": "Perception", "minimum": 0, "maximum": 20, "left_out": True}
    ]
    given_back = parse(text, {"Perception": 3, "name": "Officer Dead"})
    assert given_back["sheet"]["attributes"]["Perception"] == 3 and given_back["sheet"]["name"] == "Officer Dead"


def test_attribute_printed_but_not_understood_is_not_left_out():
    parsed = parse(ZOMBIE_COP.replace("Per 2", "Per two").replace("Wil 2", "Wil 99"))
    assert parsed["missing"] == ["Perception", "Willpower"] and parsed["left_out"] == []
    assert parsed["not_understood"]["Perception"].startswith("“Per two”")
    assert parsed["not_understood"]["Willpower"] == "“Willpower 99” (the sheet holds 0–20)"


def test_weapon_skill_and_type_from_the_name():
    assert weapon_for("Shotgun", {}) == ("Shotguns", "bullet", False)
    assert weapon_for("Machete", {"Getting Medieval": 2}) == ("Getting Medieval", "slashing/stabbing", True)
    assert weapon_for("Kick", {"Martial Arts": 3}) == ("Martial Arts", "bludgeoning", True)


def test_door_answers_an_armageddon_block():
    answer = handle({"op": "armageddon.parse_stat_block", "args": {"text": ZOMBIE_COP}})
    assert answer["ok"] and answer["result"]["events"] == ["Zombie cop was read."]
    assert answer["result"]["details"]["sheet"]["schema"] == "armageddon.character/1"


@pytest.mark.parametrize(
    "junk",
    [
        "",
        "hello there",
        "Str",
        "Str abc Dex",
        "Per 2 turns a day",
        "× Str (6) " * 200,
        "Skills: , , ,",
        "Attacks: ;;;",
        "\x00\x01" * 100,
        "9" * 5000,
    ],
)
def test_junk_claims_nothing_and_lists_everything(junk):
    parsed = parse(junk)
    assert parsed["sheet"] is None and parsed["missing"]
    if junk.strip():
        assert parsed["not_read"]
    else:
        assert parsed["not_read"] == ["The text is empty: paste a stat block."]


@settings(max_examples=150, deadline=None)
@given(st.text(max_size=400))
def test_any_text_is_answered(text):
    parsed = parse(text)
    assert isinstance(parsed["read"], list) and isinstance(parsed["not_read"], list)
    assert parsed["sheet"] is None or character.from_dict(parsed["sheet"]) == parsed["sheet"]


@settings(max_examples=80, deadline=None)
@given(
    st.lists(
        st.sampled_from(
            [
                "Str 3",
                "Dex 2",
                "Con",
                "3",
                "Int 2 Per 2",
                "Wil 2",
                "LP 34",
                "EP",
                "Spd 10",
                "Skills:",
                "Brawling 2,",
                "Guns (Handgun) 3",
                "Attacks:",
                "Punch d4 × Str (6)",
                "Armor: AV 10",
                "Qualities:",
                "Hard to Kill 7",
                "\n",
                "|",
                "\t",
                "junk",
            ]
        ),
        max_size=30,
    )
)
def test_any_mix_of_book_pieces_is_answered(pieces):
    parsed = parse(" ".join(pieces))
    assert parsed["sheet"] is None or character.from_dict(parsed["sheet"]) == parsed["sheet"]
    assert set(parsed["left_out"]) | set(parsed["not_understood"]) == set(parsed["missing"])
