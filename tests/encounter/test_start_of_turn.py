"""Confusion is rolled at the start of the confused character's turn (seed 002, Confused: "Roll once on the
Confusion chart every round to see what the character does"), not at the end of the round: the step that makes a
Confused combatant current rolls the chart for it and tells the row's instruction in its lines. Each effect runs
through the door's public :func:`py_rules.api.run_checked`."""

import copy

import pytest

from py_rules import api
from py_rules.encounter import flow
from py_rules.errors import RulesError
from py_rules.semiautomagic.creature import EXAMPLE_HUMAN
from tests.door import answer


def creature(name, **condition):
    sheet = copy.deepcopy(EXAMPLE_HUMAN) | {"name": name}
    if condition:
        sheet = answer("semiautomagic.set_condition", creature=sheet, action="add", **condition)["state"]
    return sheet


def fight(sheets, dice=()):
    return answer(
        "encounter.start",
        id="e1",
        name="Fight",
        game="semiautomagic",
        combatants=[{"character_id": cid} for cid in sheets],
        sheets=sheets,
        dice=list(dice),
    )


def test_next_rolls_the_chart_when_the_confused_combatants_turn_starts():
    sheets = {"a": creature("Amy"), "z": creature("Zed", condition="Confused", duration=5)}
    state = fight(sheets)["state"]
    result = answer("encounter.next", encounter=state, sheets=sheets, dice=[12, 3])
    assert result["events"] == [
        "Round 1: Zed's turn",
        "Zed: Confusion chart 12: Scatter die: runs in that direction. Direction: E",
    ]
    [effect] = result["details"]["effects"]
    assert effect["op"] == "semiautomagic.confusion_round" and effect["who"] == ["z"]
    assert result["details"]["decided"][0]["label"] == "Zed: start of the turn"


def test_the_end_of_the_round_rolls_no_confusion_and_the_new_round_rolls_it_for_whoever_starts():
    sheets = {"z": creature("Zed", condition="Confused", duration=5), "a": creature("Amy")}
    start = fight(sheets, dice=[14])  # Zed's first turn starts with the encounter
    assert start["events"] == ["Fight begins: round 1, Zed's turn", "Zed: Confusion chart 14: Falls prone"]
    sheets |= start["details"]["sheets"]
    assert sheets["z"]["statuses"] == ["prone"]
    state = answer("encounter.next", encounter=start["state"], sheets=sheets, dice=[])["state"]  # Amy: no roll
    result = answer("encounter.next", encounter=state, sheets=sheets, dice=[10])
    *end_of_round, chart = result["details"]["effects"]
    assert [e["op"] for e in end_of_round] == ["semiautomagic.advance_rounds"] * 2
    assert all(e["result"]["dice"] == [] for e in end_of_round) and chart["op"] == "semiautomagic.confusion_round"
    assert result["events"] == [
        "Round 2: Zed's turn",
        "Zed: Confused: 4 rounds left",
        "Zed: Confusion chart 10: Stares off into space",
    ]
    post = answer("forum.result", result=result, format="markdown")["details"]["text"]
    assert "- Zed: Confusion chart 10: Stares off into space" in post


def test_a_helpless_confused_character_rolls_nothing_and_the_player_in_control_is_told():
    out = creature("Zed", condition="Confused", duration=5)
    out["conditions"]["Unconscious"] = {"seconds": 600}
    result = answer(
        "encounter.next",
        encounter=fight({"a": creature("Amy"), "z": out})["state"],
        sheets={"a": creature("Amy"), "z": out},
        dice=[],
    )
    assert result["events"] == ["Round 1: Zed's turn"] and result["details"]["effects"] == []
    held = creature("Zed", condition="Confused", duration=5)
    held["conditions"]["Confused"]["control_seconds"] = 12
    result = answer(
        "encounter.next",
        encounter=fight({"a": creature("Amy"), "z": held})["state"],
        sheets={"a": creature("Amy"), "z": held},
        dice=[],
    )
    assert result["events"][1] == "Zed: Confused, but the player is in control (2 rounds left)"


def test_a_step_that_keeps_the_turn_rolls_no_chart():
    sheets = {"z": creature("Zed", condition="Confused", duration=5), "a": creature("Amy")}
    start = fight(sheets, dice=[10])
    result = answer("encounter.skip", encounter=start["state"], sheets=sheets, combatant_id="k2", dice=[])
    assert result["details"]["effects"] == []


def test_effects_run_through_the_doors_public_run_function():
    """A rule's refusal is noted and the round goes on; a field the operation refuses refuses the whole step."""
    out = api.run_checked(
        "semiautomagic.confusion_round", {"creature": creature("Zed", condition="Confused")}, flow.TypedDice([14])
    )
    assert out["op"] == "semiautomagic.confusion_round" and out["text"][0] == "Confusion chart 14: Falls prone"
    with pytest.raises(api.InvalidArgs) as refused:
        api.run_checked("semiautomagic.advance_rounds", {"creature": EXAMPLE_HUMAN, "rounds": 0}, flow.TypedDice([]))
    assert refused.value.field == "rounds"
    with pytest.raises(RulesError) as rule:
        api.run_checked("semiautomagic.confusion_round", {"creature": EXAMPLE_HUMAN}, flow.TypedDice([]))
    assert not isinstance(rule.value, api.InvalidArgs) and rule.value.code == "not_confused"
    sheets = {"z": creature("Zed")}
    bad = api.handle(
        {
            "op": "encounter.end_round",
            "args": {"encounter": fight(sheets)["state"], "sheets": sheets, "settings": {"blank_rows": "sometimes"}},
        }
    )
    assert bad["ok"] is False and bad["error"]["field"] == "blank_rows"
