"""A creature made through the create operation of the JSON door, as the guided form makes one (rules/coc.md §3.2,
§3.11; py_rules/coc/sheet.py declares what a creature is asked), and the age loss a player spreads over the
characteristics the age table names (rules/coc.md §3.2a)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

from py_rules import api
from py_rules.coc.age import AGE_TABLE
from py_rules.coc.sheet import CREATURE_OPTIONAL, SHEET

PEOPLE_ONLY = ("APP", "EDU")
DEEP_ONE = {"name": "Deep One", "kind": "creature", "STR": 140, "CON": 80, "SIZ": 90, "DEX": 50, "INT": 65, "POW": 50}
DEEP_ONE_BLOCK = (
    "Deep One, creature of the sea\nSTR 140 CON 80 SIZ 90 DEX 50 INT 65 POW 50\nHP 17 DB +2D6 Build 3 Move 8 MP 10\n"
    "Sanity loss: 0/1D6 to see a Deep One."
)


def door(op: str, **args) -> dict:
    return api.handle({"op": op, "args": args})


def made(**args) -> dict:
    response = door("coc.create_investigator", **args)
    assert response["ok"], response["error"]
    return response["result"]


def refused(**args) -> dict:
    response = door("coc.create_investigator", **args)
    assert not response["ok"]
    return response["error"]


def test_a_creature_is_made_without_app_edu_or_luck_keeping_its_printed_mov_and_sanity_loss():
    result = made(**DEEP_ONE, mov=8, san_loss=" 0 / 1d6 ")
    sheet = result["state"]
    assert sheet["kind"] == "creature" and "luck" not in sheet
    assert not set(PEOPLE_ONLY) & set(sheet["characteristics"])
    assert (sheet["mov"], sheet["derived"]["mov_from"], sheet["san_loss"]) == (8, "sheet", "0/1D6")
    assert "Luck" not in result["events"][0]
    steps = [step["text"] for step in result["steps"]]
    assert "MOV 8 (its own, as its stat block prints it)" in steps
    assert any(step.startswith("Sanity loss 0/1D6") for step in steps)


def test_the_form_and_the_pasted_stat_block_make_the_same_creature():
    pasted = door("coc.parse_stat_block", text=DEEP_ONE_BLOCK, given={"kind": "creature"})["result"]["details"]["sheet"]
    typed = made(**DEEP_ONE, mov=8, san_loss="0/1D6", skills=pasted["skills"])["state"]
    same = ("kind", "characteristics", "mov", "san_loss", "hp", "mp", "san", "derived", "skills")
    assert {key: typed[key] for key in same} == {key: pasted[key] for key in same}


def test_a_creature_left_without_mov_follows_the_rules_formula():
    sheet = made(**DEEP_ONE)["state"]
    # rules/coc.md §3.2: STR above SIZ but DEX below it: 8
    assert "mov" not in sheet and sheet["derived"]["mov"] == 8 and sheet["derived"]["mov_from"] == "rules"
    assert "san_loss" not in made(**DEEP_ONE, san_loss="")["state"]


@settings(max_examples=30, deadline=None)
@given(mov=st.integers(min_value=-5, max_value=60))
def test_a_creatures_mov_is_kept_inside_the_declared_bounds_and_refused_outside_naming_mov(mov):
    low, high = SHEET.field("mov").minimum, SHEET.field("mov").maximum
    response = door("coc.create_investigator", **DEEP_ONE, mov=mov)
    if low <= mov <= high:
        assert response["ok"] and response["result"]["state"]["mov"] == mov
    else:
        assert not response["ok"] and response["error"]["field"] == "mov"
        assert response["error"]["message"].startswith("MOV")


@pytest.mark.parametrize("loss", ["lots", "1/1D6+", "1D6", "0/1D6/2"])
def test_a_sanity_loss_the_dice_grammar_does_not_read_is_refused_naming_it(loss):
    error = refused(**DEEP_ONE, san_loss=loss)
    assert error["field"] == "san_loss" and error["message"].startswith("Sanity loss")


def test_an_investigators_mov_stays_derived_and_they_have_no_sanity_loss():
    for key, value in (("mov", 12), ("san_loss", "0/1D6")):
        error = refused(name="Ada", **{key: value})
        assert error["field"] == key and "only a creature" in error["message"]
    person = made(name="Ada")["state"]
    assert "mov" not in person and person["derived"]["mov_from"] == "rules"
    assert set(CREATURE_OPTIONAL) - {"Luck"} <= set(person["characteristics"]) and person["luck"] is not None


def test_a_creatures_characteristics_are_typed_never_rolled():
    error = refused(**DEEP_ONE, roll_characteristics=True, dice=[])
    assert error["field"] == "roll_characteristics"


def test_the_age_table_gives_each_band_its_shared_loss_and_even_split():
    bands = door("coc.age_table")["result"]["details"]["bands"]
    assert [(band["low"], band["high"]) for band in bands] == [(band.low, band.high) for band in AGE_TABLE]
    for band in bands:
        assert sum(band["even"].values()) == band["shared_loss"]
        assert list(band["even"]) == (band["shared_by"] if band["shared_loss"] else [])
        assert max(band["even"].values(), default=0) - min(band["even"].values(), default=0) <= 1


@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_an_age_loss_split_is_refused_unless_it_adds_up_to_the_bands_loss(data):
    band = data.draw(st.sampled_from([band for band in AGE_TABLE if band.shared_loss and band.shared_loss < 40]))
    split = {key: data.draw(st.integers(0, band.shared_loss), label=key) for key in band.shared_by}
    age = data.draw(st.integers(band.low, band.high))
    response = door("coc.roll_characteristics", age=age, age_loss=split)
    if sum(split.values()) == band.shared_loss:
        # each characteristic keeps at least 1: a split larger than a rolled value is refused naming it
        if response["ok"]:
            said = [step["text"] for step in response["result"]["steps"] if "shared as chosen" in step["text"]]
            assert said and all(f"{key} −{value}" in said[0] for key, value in split.items())
        else:
            assert response["error"]["field"].startswith("age_loss.")
    else:
        error = response["error"]
        assert error["field"] == "age_loss" and f"must lose {band.shared_loss}" in error["message"]
        assert error["message"].startswith("Age loss")


def test_an_age_loss_on_a_characteristic_the_band_does_not_name_is_refused_naming_it():
    error = door("coc.roll_characteristics", age=45, age_loss={"STR": 3, "SIZ": 2})["error"]
    assert error["field"] == "age_loss.SIZ" and "shared by STR, CON, DEX" in error["message"]
