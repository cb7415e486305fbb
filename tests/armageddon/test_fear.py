"""Seed 000 Fear Tests and the Fear Table (U19, U20)."""

from py_rules.armageddon.fear import fear_table_lookup
from py_rules.armageddon.tables import FEAR_TABLE, FEAR_TABLE_IS_PLACEHOLDER


def test_frightening_situation_calls_for_a_fear_test(run, make):
    result = run("fear_test", dice=[6], character=make())
    assert result["kind"] == "fear_test" and result["success"] is True


def test_mundanes_make_a_difficult_willpower_test(run, make):
    result = run("fear_test", dice=[6], character=make(kind="mundane"))
    assert [(m["label"], m["value"]) for m in result["modifiers"]] == [("Willpower", 3)]
    assert result["total"] == 9


def test_gifted_and_supernatural_make_a_simple_willpower_test(run, make):
    for kind in ("gifted", "supernatural"):
        result = run("fear_test", dice=[3], character=make(kind=kind))
        assert [(m["label"], m["value"]) for m in result["modifiers"]] == [("Willpower × 2", 6)]
        assert result["total"] == 9


def test_chronicler_may_impose_minus_1_to_minus_8(run, fail, make):
    result = run("fear_test", dice=[9], character=make(), penalty=-3)
    assert ("Chronicler's fear penalty", -3) in [(m["label"], m["value"]) for m in result["modifiers"]]
    assert result["total"] == 9 + 3 - 3 and result["success"]
    assert fail("fear_test", dice=[9], character=make(), penalty=-9)["field"] == "penalty"


def test_failed_fear_test_freezes_for_one_turn_and_loses_essence(run, make):
    result = run("fear_test", dice=[2, 4], character=make())
    assert result["success"] is False and result["details"]["margin"] == 4
    state = result["state"]
    assert "frozen" in state["conditions"] and state["timers"]["frozen_seconds"] == 5
    assert state["current"]["essence"] == 14 - 4
    assert result["dice"][1]["die"] == "d6"


def test_fear_table_severity_by_the_amount_the_test_failed(run, make):
    result = run("fear_test", dice=[1, 8, 7], character=make(), penalty=-8)
    # natural 1 then 8: the die stays 1; 1 + 3 − 8 = −4, failed by 13
    assert result["details"]["margin"] == 13
    assert result["details"]["fear_table_row"]["min_margin"] == 11
    assert result["state"]["timers"]["frozen_seconds"] == 5  # seed: one Turn; extra effects are optional
    extra = run("fear_test", dice=[1, 8, 7], character=make(), penalty=-8, use_fear_table_effects=True)
    assert extra["state"]["timers"]["frozen_seconds"] == 12 * 5


def test_fear_table_is_editable_data_marked_as_a_placeholder(run, make):
    assert FEAR_TABLE_IS_PLACEHOLDER
    assert [fear_table_lookup(m)["essence_dice"] for m in (1, 3, 5, 7, 9, 11)] == [
        r["essence_dice"] for r in FEAR_TABLE
    ]
    looked = run("fear_table", margin=6)
    assert looked["details"]["placeholder"] and "fear_table_placeholder" in looked["flags"]
    failed = run("fear_test", dice=[2, 4], character=make())
    assert "fear_table_placeholder" in failed["flags"]


def test_a_table_can_replace_the_placeholder_fear_table(run, fail, make):
    table = [{"min_margin": 1, "max_margin": None, "effect": "Runs", "essence_dice": "1d10", "frozen_turns": 2}]
    result = run("fear_test", dice=[2, 9], character=make(), fear_table=table)
    assert "fear_table_placeholder" not in result["flags"]
    assert result["state"]["current"]["essence"] == 14 - 9
    bad = fail("fear_test", dice=[2, 9], character=make(), fear_table=[{"min_margin": 0, "essence_dice": "1d6"}])
    assert bad["field"] == "fear_table"


def test_fear_test_includes_the_numb_penalty_of_low_essence(run, make):
    result = run("fear_test", dice=[9], character=make(essence=5))
    assert ("numb (Essence 5 of 14, mental roll)", -1) in [(m["label"], m["value"]) for m in result["modifiers"]]
