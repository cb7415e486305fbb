"""Creating an investigator by the book (rules/coc.md §3.2a): occupation points by each formula, personal interest
points, what is spent and left, the refusals (overspending, Credit Rating outside the range, an unlisted skill,
Cthulhu Mythos), the table's cap, the age table with scripted dice, and the rolled dice kept on the sheet."""

from __future__ import annotations

import copy

import pytest
from hypothesis import given, settings, strategies as st

from py_rules import api
from py_rules.coc.age import AGE_TABLE, band_for
from py_rules.coc.creation_points import creation_points
from py_rules.coc.creation_record import ROLLED, read_record, roll_characteristics
from py_rules.coc.investigator import EXAMPLE, from_dict
from py_rules.coc.occupation_data import OCCUPATIONS, parse_occupation
from py_rules.coc.occupations import FORMULAS, parse_skill_list
from py_rules.coc.tables import CHARACTERISTICS, CREATION_DICE
from py_rules.errors import RulesError
from tests.coc.coc_helpers import run

CHARS = {"STR": 45, "CON": 60, "SIZ": 65, "DEX": 60, "APP": 50, "INT": 85, "POW": 60, "EDU": 80}


def points(occupation, occ=None, personal=None, *, formula="", chars=None, complete=True, cap=None, age=30):
    if isinstance(occupation, str):
        occupation = parse_occupation({"name": occupation})
    return creation_points(
        characteristics=chars or CHARS,
        age=age,
        occupation=occupation,
        formula=formula,
        occupation_points_spent=occ or {},
        personal_points_spent=personal or {},
        skill_cap=cap,
        complete=complete,
    )


def door(args: dict) -> dict:
    return api.handle({"op": "coc.creation_points", "args": copy.deepcopy(args)})


def typed(formulas, skills="Library Use, History, any two others", credit=(5, 40), name="Antiquarian"):
    return parse_occupation({"name": name, "formulas": list(formulas), "skills": skills, "credit_rating": list(credit)})


# --- occupation points by formula ---------------------------------------------------------------------------


def test_edu_times_four_gives_the_occupation_points():
    result = points("Scholar", {"Credit Rating": 20})
    budget = result.details["budgets"]["occupation_points"]
    assert budget["total"] == CHARS["EDU"] * 4 and budget["spent"] == 20 and budget["left"] == CHARS["EDU"] * 4 - 20


@pytest.mark.parametrize("other", ["DEX", "STR", "APP", "POW"])
def test_edu_twice_plus_the_other_characteristic_twice(other):
    key = f"EDU2_{other}2"
    chars = {**CHARS, other: 35}
    result = points(typed([key]), {"Credit Rating": 10}, chars=chars)
    assert result.details["budgets"]["occupation_points"]["total"] == chars["EDU"] * 2 + 35 * 2
    assert result.details["formula"] == {"key": key, "words": f"EDU × 2 + {other} × 2"}


def test_where_an_occupation_offers_two_formulas_the_player_takes_one():
    by_dex = points("Private eye", {"Credit Rating": 20}, formula="EDU2_DEX2")
    by_str = points("Private eye", {"Credit Rating": 20}, formula="EDU2_STR2")
    assert by_dex.details["budgets"]["occupation_points"]["total"] == 80 * 2 + 60 * 2
    assert by_str.details["budgets"]["occupation_points"]["total"] == 80 * 2 + 45 * 2
    assert (
        points("Private eye", {"Credit Rating": 20}).details["formula"]["key"] == "EDU2_DEX2"
    )  # none taken: its first
    refused = door(
        {"occupation": {"name": "Private eye"}, "formula": "EDU4", "occupation_points": {"Credit Rating": 20}}
    )
    assert (
        refused["error"]["field"] == "formula"
        and "EDU × 2 + DEX × 2 or EDU × 2 + STR × 2" in refused["error"]["message"]
    )


def test_every_formula_is_offered_by_a_shipped_occupation_or_can_be_typed():
    shipped = {key for occupation in OCCUPATIONS for key in occupation.formulas}
    assert shipped == set(FORMULAS)


# --- personal interest points ---------------------------------------------------------------------------------


def test_personal_interest_points_are_int_times_two_on_any_skill():
    listed_nowhere = {"Drive Auto": 30, "Ride": 20, "Dodge": 10, "Credit Rating": 5}
    result = points("Scholar", {"Credit Rating": 10}, listed_nowhere)
    personal = result.details["budgets"]["personal_points"]
    assert personal == {
        "label": "Personal interest points",
        "total": CHARS["INT"] * 2,
        "spent": 65,
        "left": CHARS["INT"] * 2 - 65,
        "working": "INT 85 × 2 = 170",
    }
    values = result.details["skill_values"]
    assert values["Drive Auto"] == 20 + 30 and values["Dodge"] == CHARS["DEX"] // 2 + 10
    assert values["Credit Rating"] == 15  # both budgets may buy it


def test_each_skill_is_its_base_plus_occupation_points_plus_personal_points():
    result = points("Scholar", {"Library Use": 40, "Credit Rating": 20}, {"Library Use": 10})
    row = next(row for row in result.details["skills"] if row["name"] == "Library Use")
    assert row == {
        "name": "Library Use",
        "base": 20,
        "occupation": 40,
        "personal": 10,
        "value": 70,
        "listed_as": "Library Use",
    }
    untouched = next(row for row in result.details["skills"] if row["name"] == "History")
    assert untouched["value"] == untouched["base"] == 5 and "History" not in result.details["skill_values"]


# --- refusals, each naming its field --------------------------------------------------------------------------


@pytest.mark.parametrize(
    "field,spend,total",
    [
        (
            "occupation_points",
            {"Library Use": 70, "Credit Rating": 40, "Psychology": 70, "History": 70, "Spot Hidden": 71},
            320,
        ),
        ("personal_points", {"Ride": 90, "Accounting": 81}, 170),
    ],
)
def test_overspending_a_budget_is_refused_naming_the_field(field, spend, total):
    args = {"occupation": {"name": "Scholar"}, "occupation_points": {"Credit Rating": 20}, **{field: spend}}
    refused = door(args)["error"]
    words = {"occupation_points": "Occupation points", "personal_points": "Personal interest points"}[field]
    assert refused["code"] == "out_of_range" and refused["field"] == field
    assert refused["message"].startswith(f"{words}: {sum(spend.values())} spent of {total}")
    assert f"{sum(spend.values()) - total} too many" in refused["message"]
    exact = {**spend, next(iter(spend)): next(iter(spend.values())) - (sum(spend.values()) - total)}
    assert door({**args, field: exact})["ok"]  # spent exactly: accepted, nothing left


def test_credit_rating_must_end_inside_the_occupations_range():
    low, high = parse_occupation({"name": "Doctor"}).credit_rating
    for value, ok in ((low - 1, False), (low, True), (high, True), (high + 1, False)):
        answer = door({"occupation": {"name": "Doctor"}, "occupation_points": {"Credit Rating": value}})
        assert answer["ok"] is ok, value
        if not ok:
            assert answer["error"]["field"] == "occupation_points"
            assert answer["error"]["path"] == "occupation_points.Credit Rating"
            assert f"between {low} and {high}" in answer["error"]["message"]
    drafting = door({"occupation": {"name": "Doctor"}, "complete": False})["result"]["details"]
    assert drafting["to_do"] == [f"Credit Rating is 0; Doctor needs {low}–{high}."]
    assert not door(
        {"occupation": {"name": "Doctor"}, "complete": False, "occupation_points": {"Credit Rating": high + 1}}
    )["ok"]  # above the range: refused while drafting


def test_occupation_points_go_only_on_the_skills_the_occupation_lists():
    refused = door(
        {"occupation": {"name": "Scholar"}, "occupation_points": {"Credit Rating": 20, "Drive Auto": 10, "Climb": 10}}
    )["error"]
    assert refused["code"] == "not_allowed" and refused["field"] == "occupation_points"
    assert "Scholar does not list" in refused["message"] and refused["path"] in (
        "occupation_points.Drive Auto",
        "occupation_points.Climb",
    )
    # one "any other" place: one unlisted skill fits, a second does not
    assert door({"occupation": {"name": "Scholar"}, "occupation_points": {"Credit Rating": 20, "Drive Auto": 10}})["ok"]


def test_a_familys_speciality_and_one_of_a_few_take_their_own_places():
    doctor = {"Credit Rating": 30, "Science": 20, "Language (Other)": 10, "Ride": 5, "Climb": 5}
    listed = {row["name"]: row["listed_as"] for row in points("Doctor", doctor).details["skills"]}
    assert listed["Science"] == "Science (any)" and listed["Language (Other)"] == "Language (Other) (any)"
    assert listed["Ride"] == listed["Climb"] == "any two others"  # its two "any other" places
    private_eye = points("Private eye", {"Credit Rating": 20, "Firearms (Handgun)": 30, "Intimidate": 10})
    listed = {row["name"]: row["listed_as"] for row in private_eye.details["skills"]}
    assert listed["Firearms (Handgun)"] == "Firearms (any)"
    assert listed["Intimidate"] == "Fast Talk or Intimidate or Persuade"
    # a second of the three takes the "any other" place; a third has none left
    assert door(
        {
            "occupation": {"name": "Private eye"},
            "occupation_points": {"Credit Rating": 20, "Intimidate": 10, "Persuade": 10},
        }
    )["ok"]
    assert not door(
        {
            "occupation": {"name": "Private eye"},
            "occupation_points": {"Credit Rating": 20, "Intimidate": 10, "Persuade": 10, "Fast Talk": 10},
        }
    )["ok"]


@pytest.mark.parametrize("field", ["occupation_points", "personal_points"])
def test_cthulhu_mythos_never_takes_points_at_creation(field):
    refused = door(
        {
            "occupation": {"name": "Mystic"},
            "occupation_points": {"Credit Rating": 10},
            field: {"Cthulhu Mythos": 1} if field == "personal_points" else {"Credit Rating": 10, "Mythos": 5},
        }
    )
    assert refused["error"]["code"] == "not_allowed" and refused["error"]["field"] == field
    assert "Cthulhu Mythos cannot be raised at creation" in refused["error"]["message"]
    with pytest.raises(RulesError, match="Cthulhu Mythos cannot be an occupation skill"):
        typed(["EDU4"], "Occult, Cthulhu Mythos")


def test_the_tables_cap_on_a_skill_at_creation_is_a_house_setting_default_none():
    spend = {"Library Use": 70, "Credit Rating": 40}
    assert points("Scholar", spend).details["skill_values"]["Library Use"] == 90  # no cap by default
    capped = door({"occupation": {"name": "Scholar"}, "occupation_points": spend, "creation_skill_cap": 75})["error"]
    assert capped["field"] == "occupation_points" and "caps a skill at 75" in capped["message"]
    allowed = {"Library Use": 55, "Credit Rating": 40}  # Library Use 75: at the cap
    assert door({"occupation": {"name": "Scholar"}, "occupation_points": allowed, "creation_skill_cap": 75})["ok"]
    credit = {"Library Use": 5, "Credit Rating": 40}  # Credit Rating 40 follows its range, not a cap of 30
    assert door({"occupation": {"name": "Scholar"}, "occupation_points": credit, "creation_skill_cap": 30})["ok"]


# --- typed occupations ----------------------------------------------------------------------------------------


def test_an_occupation_typed_by_the_table_reads_its_formula_list_and_range():
    mine = typed(
        ["EDU2_POW2", "EDU2_APP2"], "Occult; Science (any two)\nCharm or Persuade, any two others", credit=(9, 30)
    )
    assert [entry.words() for entry in mine.entries] == [
        "Occult",
        "Science (any two)",
        "Charm or Persuade",
        "any two others",
    ]
    again = parse_skill_list(", ".join(entry.words() for entry in mine.entries))
    assert again == mine.entries  # the words read back as the same list
    result = points(mine, {"Credit Rating": 9, "Science": 10, "Persuade": 5}, formula="EDU2_APP2")
    assert result.details["budgets"]["occupation_points"]["total"] == 80 * 2 + 50 * 2


@pytest.mark.parametrize(
    "bad,field",
    [
        ({"formulas": ["EDU5"]}, "formulas"),
        ({"credit_rating": [50, 10]}, "credit_rating"),
        ({"skills": "Library Use, Flying"}, "skills.1"),
        ({"skills": ""}, "skills"),
        ({"skills": "Charm or Charm"}, "skills.0"),
    ],
)
def test_a_typed_occupation_is_refused_naming_what_is_wrong(bad, field):
    value = {"name": "Mine", "formulas": ["EDU4"], "skills": "Library Use", "credit_rating": [5, 30], **bad}
    answer = door({"occupation": value})
    assert not answer["ok"] and answer["error"]["field"] == "occupation"
    assert answer["error"]["path"] == field and answer["error"]["message"].startswith("Occupation: ")


def test_an_occupation_not_shipped_must_be_typed():
    answer = door({"occupation": {"name": "Astronaut"}})
    assert answer["error"]["field"] == "occupation" and "type its formula" in answer["error"]["message"]


@settings(max_examples=60, deadline=None)
@given(st.dictionaries(st.sampled_from(CHARACTERISTICS), st.integers(15, 90)), st.data())
def test_spent_and_left_add_up_to_each_budget(chars, data):
    chars = {**CHARS, **chars}
    occupation = parse_occupation({"name": "Scholar"})
    low, high = occupation.credit_rating
    total = chars["EDU"] * 4
    credit = data.draw(st.integers(low, min(high, total)))
    library = data.draw(st.integers(0, min(80, total - credit)))
    ride = data.draw(st.integers(0, min(95, chars["INT"] * 2)))
    result = points(occupation, {"Credit Rating": credit, "Library Use": library}, {"Ride": ride}, chars=chars)
    for budget in result.details["budgets"].values():
        assert budget["spent"] + budget["left"] == budget["total"]
    for row in result.details["skills"]:
        assert row["value"] == row["base"] + row["occupation"] + row["personal"]


# --- age at creation, each die in the trace -------------------------------------------------------------------

CHARACTERISTIC_DICE = [
    # STR, CON, SIZ, DEX, APP, INT, POW, EDU, Luck: 3D6 × 5 or (2D6 + 6) × 5 (rules/coc.md §3.2)
    4,
    4,
    4,
    3,
    4,
    5,
    5,
    5,
    4,
    4,
    3,
    3,
    3,
    4,
    6,
    6,
    2,
    5,
    5,
    4,
    3,
    3,
    3,
    3,
]
ROLLED_VALUES = {"STR": 60, "CON": 60, "SIZ": 80, "DEX": 55, "APP": 50, "INT": 90, "POW": 60, "EDU": 65, "Luck": 45}


def test_the_scripted_characteristic_dice_give_the_rolled_values():
    result = run(roll_characteristics, CHARACTERISTIC_DICE + [5, 90, 7], age=25)
    assert result.details["rolled"] == ROLLED_VALUES
    rolls = result.details["creation"]["rolls"]
    assert [rolls[key][0]["value"] for key in ROLLED] == [ROLLED_VALUES[key] for key in ROLLED]
    assert sum(len(rolls[key][0]["dice"]) for key in ROLLED) == len(CHARACTERISTIC_DICE)


@pytest.mark.parametrize(
    "age,age_dice,expected,age_lines",
    [
        # 15–19: no EDU check; −5 from STR and SIZ (evenly: 3, 2); EDU −5; Luck twice (45, then 85), the higher kept
        (
            17,
            [6, 6, 5],
            {"STR": 57, "SIZ": 78, "EDU": 60, "APP": 50, "Luck": 85},
            ["Luck again: (6 + 6 + 5) × 5 = 85; the higher kept: 85", "STR −3 → 57, SIZ −2 → 78", "EDU −5: 65 → 60"],
        ),
        # 20–39: one EDU check: 95 > 65 adds 1D10 = 7
        (
            25,
            [5, 90, 7],
            {"EDU": 72, "STR": 60, "APP": 50, "Luck": 45},
            ["EDU improvement check 1: 95 > EDU 65: +1D10 = 7 → EDU 72"],
        ),
        # 40–49: two checks (30 ≤ 65 none; 70 > 65 adds 4); −5 over STR, CON, DEX; APP −5
        (
            45,
            [0, 30, 0, 70, 4],
            {"EDU": 69, "STR": 58, "CON": 58, "DEX": 54, "APP": 45},
            [
                "EDU improvement check 1: 30 ≤ EDU 65: no gain",
                "EDU improvement check 2: 70 > EDU 65: +1D10 = 4 → EDU 69",
                "STR −2 → 58, CON −2 → 58, DEX −1 → 54",
                "APP −5: 50 → 45",
            ],
        ),
        # 80–89: four checks, the last reading 00 + 0 = 100 and capped at 99; −80 shared; APP −25
        (
            85,
            [9, 90, 10, 9, 90, 10, 9, 90, 10, 0, 0, 10],
            {"EDU": 99, "APP": 25, "STR": 33, "CON": 33, "DEX": 29},
            [
                "+1D10 = 10 → EDU 75",
                "+1D10 = 10 → EDU 85",
                "+1D10 = 10 → EDU 95",
                "EDU improvement check 4: 100 > EDU 95: +1D10 = 10 → EDU 99 (at most 99)",
                "APP −25: 50 → 25",
            ],
        ),
    ],
)
def test_the_age_table_is_applied_with_each_die_in_the_trace(age, age_dice, expected, age_lines):
    result = run(roll_characteristics, CHARACTERISTIC_DICE + age_dice, age=age)
    after = {**result.details["characteristics"], "Luck": result.details["luck"]}
    for key, value in expected.items():
        assert after[key] == value, key
    text = [step.text for step in result.steps]
    for line in age_lines:
        assert any(line in step for step in text), (line, text)
    assert text[len(ROLLED) + (1 if age < 20 else 0)] == band_for(age).words()
    record = result.details["creation"]
    young = age < 20
    assert [face for step in record["age"] for face in step["dice"]] == ([] if young else age_dice)  # kept per step
    if young:
        assert [roll["value"] for roll in record["rolls"]["Luck"]] == [45, 85]


def test_the_age_loss_is_taken_as_the_player_chooses():
    faces = CHARACTERISTIC_DICE + [0, 30, 0, 30]  # age 45: two checks, no gain
    result = run(roll_characteristics, faces, age=45, age_loss={"DEX": 5})
    assert {k: result.details["characteristics"][k] for k in ("STR", "CON", "DEX")} == {"STR": 60, "CON": 60, "DEX": 50}
    for loss, words in (
        ({"STR": 4}, "must lose 5"),
        ({"APP": 5}, "shared by STR, CON, DEX"),
        ({"STR": -1, "CON": 6}, "0 or more"),
    ):
        with pytest.raises(RulesError, match=words):
            run(roll_characteristics, [], age=45, age_loss=loss)  # refused before a die is thrown
    with pytest.raises(RulesError, match="nothing is shared"):
        run(roll_characteristics, [], age=30, age_loss={"STR": 5})


def test_the_age_table_covers_15_to_89_and_refuses_other_ages():
    assert [band.low for band in AGE_TABLE] == [15, 20, 40, 50, 60, 70, 80] and AGE_TABLE[-1].high == 89
    answer = api.handle({"op": "coc.roll_characteristics", "args": {"age": 95}})
    assert answer["error"]["field"] == "age"


# --- the dice kept ------------------------------------------------------------------------------------------


def _rolled(age=25, extra=(5, 90, 7)):
    faces = CHARACTERISTIC_DICE + list(extra)
    return api.handle({"op": "coc.roll_characteristics", "args": {"age": age, "dice": faces}, "dice": "physical"})


def test_the_rolled_dice_are_kept_on_the_sheet():
    rolled = _rolled()["result"]
    record = rolled["details"]["creation"]
    assert record["dice_source"] == "physical" and rolled["dice_source"] == "physical"
    assert record["rolls"]["STR"] == [{"dice": [4, 4, 4], "value": 60}]
    assert record["rolls"]["EDU"] == [{"dice": [4, 3], "value": 65}]
    assert record["age"][0]["dice"] == [5, 90, 7]
    chars = rolled["details"]["characteristics"]
    made = api.handle(
        {
            "op": "coc.create_investigator",
            "args": {
                "name": "Ada",
                "age": 25,
                "luck": rolled["details"]["luck"],
                "occupation": "Scholar",
                "creation_record": record,
                **chars,
            },
        }
    )["result"]["state"]
    assert made["creation"] == record and made["occupation"] == "Scholar" and made["characteristics"] == chars
    assert from_dict(made) == made  # the sheet comes back as it was sent
    digital = api.handle({"op": "coc.roll_characteristics", "args": {"age": 30}, "seed": 4})["result"]
    assert digital["details"]["creation"]["dice_source"] == "digital"
    assert [t["face"] for t in digital["dice"]][:24] == [
        face for key in ROLLED for face in digital["details"]["creation"]["rolls"][key][0]["dice"]
    ]


def test_a_sheet_without_a_creation_record_stays_without_one():
    assert "creation" not in from_dict(EXAMPLE)


@pytest.mark.parametrize(
    "change,words",
    [
        (lambda r: r["rolls"]["STR"][0].update(value=65), "give 60, not 65"),
        (lambda r: r["rolls"]["SIZ"][0].update(dice=[1, 2, 3]), "2D6"),
        (lambda r: r["rolls"]["STR"][0].update(dice=[7, 1, 1], value=45), "from 1 to 6"),
        (lambda r: r["rolls"].update(Sanity=[]), "no roll for"),
        (lambda r: r["rolls"]["STR"].append({"dice": [1, 1, 1], "value": 15}), "one roll"),
    ],
)
def test_a_creation_record_whose_dice_do_not_give_its_values_is_refused(change, words):
    record = copy.deepcopy(_rolled()["result"]["details"]["creation"])
    change(record)
    with pytest.raises(RulesError, match=words):
        read_record(record)
    sheet = {**copy.deepcopy(EXAMPLE), "creation": record}
    with pytest.raises(RulesError) as refused:
        from_dict(sheet)
    assert refused.value.field.startswith("creation")


def test_creation_dice_table_matches_the_rolls_kept():
    record = _rolled()["result"]["details"]["creation"]
    assert {key: len(record["rolls"][key][0]["dice"]) for key in ROLLED} == {
        key: CREATION_DICE[key][0] for key in ROLLED
    }
