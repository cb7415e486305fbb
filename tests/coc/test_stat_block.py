"""Reading 7th-edition stat blocks as scenarios print them (TABLE.md, "paste a stat block"; rules/coc.md §3.2 for
the derived values). Each block below is written in one of the layouts scenarios use; its golden values are the
fields that matter. Junk of every kind gives an answer with a clear list of what was not read, never an error."""

from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

from py_rules.api import handle
from py_rules.coc import investigator
from py_rules.coc.stat_block import MAX_CHARS, parse, weapon_skill

CHARS = ("STR", "CON", "SIZ", "DEX", "APP", "INT", "POW", "EDU")


def stats(*values):
    return dict(zip(CHARS, values, strict=False))  # the first characteristics, as many as given


def weapon(name, skill, damage, db="full", **more):
    return {"name": name, "skill": skill, "damage": damage, "db": db, **more}


BLOCKS = [
    (
        "halves and fifths on two lines",
        """BROTHER EZEKIEL, age 52, leader of the Silver Lodge
A gaunt man with burning eyes and ink-stained fingers.
STR 60 (30/12) CON 55 (27/11) SIZ 65 (32/13) DEX 50 (25/10) APP 45 (22/9)
INT 70 (35/14) POW 80 (40/16) EDU 65 (32/13)
HP 12 DB +1D4 Build 1 Move 8 MP 16 Luck 40
Attacks per round: 1
Fighting 45% (22/9), damage 1D4+DB
.38 Revolver 40% (20/8), damage 1D10
Dodge 25% (12/5)
Skills: Cthulhu Mythos 12%, Intimidate 60%, Listen 40%, Occult 55%,
Spot Hidden 35%, Language (Latin) 40%
Armour: none.
Spells: Contact Deity (Nyarlathotep), Dominate, Shrivelling.
Sanity loss: 0/1D4 to see him chant.""",
        {
            "name": "Brother Ezekiel",
            "age": 52,
            "characteristics": stats(60, 55, 65, 50, 45, 70, 80, 65),
            "luck": 40,
            "skills": {
                "Fighting (Brawl)": 45,
                "Firearms (Handgun)": 40,
                "Dodge": 25,
                "Cthulhu Mythos": 12,
                "Intimidate": 60,
                "Listen": 40,
                "Occult": 55,
                "Spot Hidden": 35,
                "Language (Other) (Latin)": 40,
            },
            "mp": 16,
            "weapons": [
                weapon("Fighting", "Fighting (Brawl)", "1D4"),
                weapon(".38 Revolver", "Firearms (Handgun)", "1D10", "none", impale=True),
            ],
        },
    ),
    (
        "no halves, one line",
        "Mick Doyle, dockside thug. STR 75 CON 70 SIZ 80 DEX 45 APP 35 INT 40 POW 40 EDU 30 "
        "HP 15 DB +1D4 Build 1 Move 7 MP 8 Luck 35 Brawl 60%, damage 1D3+DB Dodge 22% Skills: Intimidate 55%",
        {
            "name": "Mick Doyle",
            "characteristics": stats(75, 70, 80, 45, 35, 40, 40, 30),
            "luck": 35,
            "skills": {"Fighting (Brawl)": 60, "Dodge": 22, "Intimidate": 55},
            "weapons": [weapon("Brawl", "Fighting (Brawl)", "1D3")],
        },
    ),
    (
        "a table of names over numbers",
        """Cult acolyte, typical
STR CON SIZ DEX APP INT POW EDU
55 60 65 50 40 45 50 40
HP: 12   Move: 8   Luck: 30
Knife 40%, damage 1D4 + DB
Shotgun 45%, damage 4D6/2D6/1D6
Skills: Stealth 40%, Listen 35%""",
        {
            "name": "Cult acolyte",
            "characteristics": stats(55, 60, 65, 50, 40, 45, 50, 40),
            "luck": 30,
            "skills": {"Fighting (Brawl)": 40, "Firearms (Rifle/Shotgun)": 45, "Stealth": 40, "Listen": 35},
            "weapons": [
                weapon("Knife", "Fighting (Brawl)", "1D4", impale=True),
                weapon("Shotgun", "Firearms (Rifle/Shotgun)", "4D6/2D6/1D6", "none", impale=False),
            ],
        },
    ),
    (
        "line breaks in the middle of values",
        """Sergeant Agnes Moore, age 38, Arkham police
STR
60 CON 65 SIZ 60 DEX
55 APP 50 INT 60 POW 55 EDU 60 Luck
50
Attacks per round: 1 (fighting or firearms)
Fighting (Brawl) 50% (25/10), damage
1D3+DB
Nightstick 50% (25/10), damage 1D6+DB
.38 Revolver 55% (27/11), damage 1D10
Dodge 30% (15/6)
Skills: Law 35%, Spot
Hidden 50%, Psychology 40%""",
        {
            "name": "Sergeant Agnes Moore",
            "age": 38,
            "characteristics": stats(60, 65, 60, 55, 50, 60, 55, 60),
            "luck": 50,
            "skills": {
                "Fighting (Brawl)": 50,
                "Firearms (Handgun)": 55,
                "Dodge": 30,
                "Law": 35,
                "Spot Hidden": 50,
                "Psychology": 40,
            },
            "weapons": [
                weapon("Fighting (Brawl)", "Fighting (Brawl)", "1D3"),
                weapon("Nightstick", "Fighting (Brawl)", "1D6"),
                weapon(".38 Revolver", "Firearms (Handgun)", "1D10", "none"),
            ],
        },
    ),
    (
        "percent signs on characteristics and no space",
        "Dr. Henry Vale\nSTR 45% CON 50% SIZ 55% DEX 60% APP 65% "
        "INT 85% POW 70% EDU 90%\nLuck 55%\nSAN 60\nSkills: Medicine 60%, Library Use 70%, Occult 40%",
        {
            "name": "Dr. Henry Vale",
            "characteristics": stats(45, 50, 55, 60, 65, 85, 70, 90),
            "luck": 55,
            "san": 60,
            "skills": {"Medicine": 60, "Library Use": 70, "Occult": 40},
            "weapons": [],
        },
    ),
    (
        "colons and half Damage Bonus",
        """Old Tom, a hermit
STR: 40 CON: 45 SIZ: 50 DEX: 55 APP: 30 INT: 65 POW: 60 EDU: 35
HP: 9 DB: 0 Build: 0 MOV: 7 MP: 12 Luck: 45
Thrown rock 35%, damage 1D4+½DB
Armor: 1-point heavy coat""",
        {
            "name": "Old Tom",
            "characteristics": stats(40, 45, 50, 55, 30, 65, 60, 35),
            "luck": 45,
            "armour": 1,
            "skills": {"Throw": 35},
            "weapons": [weapon("Thrown rock", "Throw", "1D4", "half")],
        },
    ),
    (
        "missing EDU and Luck",
        """Hired gun
STR 65 CON 60 SIZ 70 DEX 60 APP 45 INT 50 POW 45
HP 13 DB +1D4 Build 1 Move 8
Tommy gun 45%, damage 1D10""",
        {"missing": ["EDU", "Luck"]},
    ),
    (
        "full characteristic names",
        "Miss Lavinia Whateley, age 35\nStrength 50 Constitution 55 Size 50 Dexterity 45 "
        "Appearance 35 Intelligence 70 Power 85 Education 40 Luck 25\nSkills: Cthulhu Mythos 20%, Occult 60%",
        {
            "name": "Miss Lavinia Whateley",
            "age": 35,
            "characteristics": stats(50, 55, 50, 45, 35, 70, 85, 40),
            "luck": 25,
            "skills": {"Cthulhu Mythos": 20, "Occult": 60},
        },
    ),
    (
        "several attacks on one line",
        "Cultist with club\nSTR 60 CON 50 SIZ 60 DEX 50 APP 40 INT 45 POW 40 EDU 35 "
        "Luck 30\nAttacks per round 1. Club 45% (22/9), damage 1D8+DB; Knife 40% (20/8), damage 1D4+DB.",
        {
            "name": "Cultist with club",
            "skills": {"Fighting (Brawl)": 45},
            "weapons": [
                weapon("Club", "Fighting (Brawl)", "1D8", impale=False),
                weapon("Knife", "Fighting (Brawl)", "1D4", impale=True),
            ],
        },
    ),
    (
        "rifle and extra damage",
        """Deputy Jim Rourke, age 29
STR 55 (27/11) CON 60 (30/12) SIZ 65 (32/13) DEX 65 (32/13) APP 50 (25/10) INT 50 (25/10) POW 45 (22/9)
EDU 45 (22/9) Luck 40
.30-06 Rifle 50% (25/10), damage 2D6+4
Fist 50%, damage 1D3 + DB""",
        {
            "name": "Deputy Jim Rourke",
            "skills": {"Firearms (Rifle/Shotgun)": 50, "Fighting (Brawl)": 50},
            "weapons": [
                weapon(".30-06 Rifle", "Firearms (Rifle/Shotgun)", "2D6+4", "none", impale=True),
                weapon("Fist", "Fighting (Brawl)", "1D3"),
            ],
        },
    ),
    (
        "Cthulhu Mythos lowers the sanity ceiling",
        "Priestess of Shub-Niggurath\nSTR 50 CON 60 SIZ 55 DEX 60 "
        "APP 70 INT 75 POW 90 EDU 60 Luck 45 SAN 0\nSkills: Cthulhu Mythos 35%, Persuade 65%, Charm 60%",
        {"san": 0, "skills": {"Cthulhu Mythos": 35, "Persuade": 65, "Charm": 60}},
    ),
    (
        "Sanity given on the sheet's ceiling",
        "Tired librarian\nSTR 40 CON 45 SIZ 55 DEX 50 APP 50 INT 75 POW 55 "
        "EDU 80 Luck 50 Sanity 55\nSkills: Library Use 75%, History 60%, Language (French) 45%",
        {"san": 55, "skills": {"Library Use": 75, "History": 60, "Language (Other) (French)": 45}},
    ),
    (
        "pipes in a table",
        """THE BUTCHER OF ELM STREET
| STR | CON | SIZ | DEX | APP | INT | POW | EDU |
| 80 | 75 | 85 | 55 | 20 | 45 | 50 | 35 |
HP 16  DB +1D6  Build 2  Move 7  Luck 20
Cleaver 65%, damage 1D6+DB""",
        {
            "name": "The Butcher Of Elm Street",
            "characteristics": stats(80, 75, 85, 55, 20, 45, 50, 35),
            "weapons": [weapon("Cleaver", "Fighting (Brawl)", "1D6", impale=True)],
        },
    ),
    (
        "dashes and en-dashes, skills with semicolons",
        "Ma Perkins – boarding-house keeper\nSTR 45 CON 50 SIZ 60 "
        "DEX 40 APP 45 INT 60 POW 55 EDU 45 Luck 60\nSkills: Listen 55%; Psychology 45%; Spot Hidden 40%",
        {"name": "Ma Perkins", "skills": {"Listen": 55, "Psychology": 45, "Spot Hidden": 40}},
    ),
    (
        "an unknown skill and a missing value",
        "Stable hand\nSTR 60 CON 60 SIZ 60 DEX 60 APP 40 INT 40 POW 40 EDU "
        "Luck 40\nSkills: Horse Whispering 50%, Ride 45%",
        {"missing": ["EDU"], "not_read_has": "Horse Whispering"},
    ),
    (
        "inline headers",
        "Night watchman\nSTR 55 CON 55 SIZ 60 DEX 45 APP 45 INT 50 POW 45 EDU 40 Luck 45\n"
        "Combat: Lantern 30%, damage 1D4+DB; Whistle 50% (the alarm)",
        {
            "name": "Night watchman",
            "weapons": [weapon("Lantern", "Fighting (Brawl)", "1D4")],
            "not_read_has": "Whistle 50% (the alarm)",
        },
    ),
    (
        "the keeper's own words at the end",
        "Professor Armitage, age 73\nSTR 35 CON 45 SIZ 50 DEX 40 APP 55 INT 90 "
        "POW 80 EDU 95 Luck 60\nSkills: Library Use 85%, Cthulhu Mythos 18%\nHe will not fight unless cornered.",
        {"name": "Professor Armitage", "age": 73, "not_read_has": "He will not fight unless cornered"},
    ),
]


@pytest.mark.parametrize("title,text,golden", BLOCKS, ids=[b[0] for b in BLOCKS])
def test_stat_block_layouts_read_into_a_sheet(title, text, golden):
    parsed = parse(text)
    if "missing" in golden:
        assert parsed["missing"] == golden["missing"]
        assert parsed["sheet"] is None
    else:
        assert parsed["missing"] == []
        sheet = parsed["sheet"]
        assert sheet is not None, parsed["not_read"]
        assert investigator.from_dict(sheet) == sheet  # valid as stored
        for key in ("name", "age", "characteristics", "luck", "san", "mp"):
            if key in golden:
                assert sheet[key] == golden[key], key
        if "armour" in golden:
            assert parsed["armour"] == golden["armour"]
        for skill, value in golden.get("skills", {}).items():
            assert sheet["skills"][skill] == value, skill
    if "weapons" in golden:
        got = [
            {key: w[key] for key in ("name", "skill", "damage", "db", *(k for k in g if k == "impale"))}
            for w, g in zip(parsed["weapons"], golden["weapons"], strict=True)
        ]
        assert got == golden["weapons"]
        assert len(parsed["weapons"]) == len(golden["weapons"])
    if "not_read_has" in golden:
        assert any(golden["not_read_has"] in part for part in parsed["not_read"]), parsed["not_read"]
    assert parsed["read"], "a block says what was read"


def test_sanity_loss_none_is_read():
    parsed = parse("STR 50 CON 50 SIZ 50 DEX 50 APP 50 INT 50 POW 50 EDU 50 Luck 50\nSanity loss: none.")
    assert parsed["not_read"] == [] and "Sanity loss none (kept in the notes)" in parsed["read"]


def test_halves_and_fifths_leave_nothing_unread():
    """A whole, tidy block: everything read, the printed HP, Damage Bonus and Build agree with the rules."""
    parsed = parse(BLOCKS[0][1])
    assert parsed["not_read"] == []
    assert "HP 12" in parsed["read"] and "Damage Bonus +1D4" in parsed["read"] and "Build 1" in parsed["read"]


def test_printed_derived_value_that_disagrees_is_said_and_the_rules_kept():
    """rules/coc.md §3.2: MOV from DEX, STR, SIZ and age; the block's own figure is reported next to it."""
    parsed = parse(BLOCKS[0][1])
    assert any(line.startswith("MOV 8 (the rules give 5") for line in parsed["read"])
    assert parsed["sheet"]["derived"]["mov"] == 5


def test_missing_values_are_asked_not_guessed_then_given():
    text = BLOCKS[6][1]
    assert parse(text)["sheet"] is None
    parsed = parse(text, {"EDU": 40, "Luck": 35, "name": "Vinnie"})
    assert parsed["missing"] == [] and parsed["sheet"]["characteristics"]["EDU"] == 40
    assert parsed["sheet"]["luck"] == 35 and parsed["sheet"]["name"] == "Vinnie"
    assert "EDU 40 (given by you)" in parsed["read"]


def test_given_values_out_of_range_are_listed():
    parsed = parse(BLOCKS[6][1], {"EDU": 900, "Luck": 40})
    assert parsed["missing"] == ["EDU"] and any("EDU must be between 0 and 500" in part for part in parsed["not_read"])


def test_unclear_firearm_is_said():
    parsed = parse(BLOCKS[6][1], {"EDU": 40, "Luck": 35})
    assert parsed["weapons"][0]["skill"] == "Firearms (Rifle/Shotgun)"
    assert any("not plain from its name" in line for line in parsed["read"])


def test_weapon_skill_from_the_name():
    """seed 003, Combat Round Duration: Fighting, Firearms (Handgun), Firearms (Rifle/Shotgun)."""
    assert weapon_skill("Colt .45 Automatic")[:2] == ("Firearms (Handgun)", True)
    assert weapon_skill("12-gauge shotgun")[:2] == ("Firearms (Rifle/Shotgun)", False)
    assert weapon_skill("Dynamite")[0] == "Throw"
    assert weapon_skill("Bite")[:2] == ("Fighting (Brawl)", False)


@pytest.mark.parametrize(
    "junk",
    [
        "",
        "   \n\n  ",
        "hello there",
        "STR",
        "STR abc CON",
        "%%%%%% 12 12 12 ((((",
        "\x00\x01\x02\xff\ufffe" * 50,
        "lorem ipsum " * 3000,
        "STR 9999 CON 60",
        "Skills: , , ,",
        "damage 1D4+DB",
        "9" * 5000,
        "".join(chr(c) for c in range(0, 1200)),
        "Fighting 45%, damage " + "1D4+" * 2000,
    ],
)
def test_junk_gives_an_answer_and_a_clear_not_read_list(junk):
    parsed = parse(junk)
    assert parsed["sheet"] is None
    assert set(parsed) >= {"sheet", "read", "not_read", "missing"}
    assert parsed["missing"]  # the characteristics it could not find are asked
    if junk.strip():
        assert parsed["not_read"] or parsed["read"]
    else:
        assert parsed["not_read"] == ["The text is empty: paste a stat block."]


def test_a_huge_paste_is_cut_and_said():
    parsed = parse(BLOCKS[0][1] + "\n" + "x" * (MAX_CHARS * 2))
    assert parsed["sheet"] is not None
    assert parsed["not_read"][0].startswith("Everything after the first 20,000 characters")


def test_out_of_range_value_is_listed_and_asked():
    parsed = parse("STR 9999 CON 60 SIZ 60 DEX 60 APP 60 INT 60 POW 60 EDU 60 Luck 50")
    assert parsed["missing"] == ["STR"] and any("STR 9999" in part for part in parsed["not_read"])


def test_door_answers_with_the_four_parts():
    answer = handle({"op": "coc.parse_stat_block", "args": {"text": BLOCKS[6][1], "given": {"EDU": 50}}})
    assert answer["ok"]
    details = answer["result"]["details"]
    assert details["missing"] == ["Luck"] and details["sheet"] is None
    assert (
        answer["result"]["events"] == ["Read 10 values; still needed: Luck."]
        or "still needed: Luck" in answer["result"]["events"][0]
    )


@settings(max_examples=150, deadline=None)
@given(st.text(max_size=400))
def test_any_text_gives_an_answer(text):
    parsed = parse(text)
    assert isinstance(parsed["read"], list) and isinstance(parsed["not_read"], list)
    if parsed["sheet"] is not None:
        assert investigator.from_dict(parsed["sheet"]) == parsed["sheet"]


@settings(max_examples=60, deadline=None)
@given(
    st.lists(
        st.sampled_from(
            [
                "STR 50",
                "CON 60 (30/12)",
                "SIZ",
                "65",
                "DEX 55%",
                "\n",
                "HP 12",
                "Luck 40",
                "Knife 40%, damage 1D4+DB",
                "Skills:",
                "Listen 40%,",
                "junk",
                "APP 45 INT 50",
                "POW 50 EDU 40",
                "Dodge 30%",
                "Armour: none.",
            ]
        ),
        max_size=30,
    )
)
def test_any_mix_of_stat_pieces_gives_an_answer(pieces):
    parsed = parse(" ".join(pieces))
    if parsed["sheet"] is not None:
        assert investigator.from_dict(parsed["sheet"]) == parsed["sheet"]
    assert parsed["sheet"] is None or parsed["missing"] == []


def test_weapons_go_to_the_sheet_when_it_keeps_them():
    """The sheet's weapon list (damage without the Damage Bonus): where the sheet has one, it holds what was read."""
    parsed = parse(BLOCKS[2][1], {"Luck": 30})
    sheet = parsed["sheet"]
    if "weapons" in investigator._KEYS:  # the sheet's fields (the weapon list is added by the weapons work)
        assert [w["name"] for w in sheet["weapons"]] == ["Knife", "Shotgun"]
        assert sheet["weapons"][1]["damage"] == "4D6/2D6/1D6"
    else:
        assert "weapons" not in sheet


def test_a_weapon_the_sheet_refuses_is_left_out_and_said(monkeypatch):
    from py_rules.coc import stat_block
    from py_rules.errors import RulesError

    real = investigator.from_dict

    def strict(data):
        if any(w["name"] == "Knife" for w in data.get("weapons", [])):
            raise RulesError("bad_dice_expression", "Knife: Damage is not a dice expression.", "weapons.0.damage")
        return real(data)

    monkeypatch.setattr(investigator, "from_dict", strict)  # the module the sheet builder calls
    parsed = stat_block.parse(BLOCKS[2][1], {"Luck": 30})
    assert parsed["sheet"] is not None
    assert "Weapon Knife: Knife: Damage is not a dice expression." in parsed["not_read"]
