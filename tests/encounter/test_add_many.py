"""Several combatants join in one step (the page's "Add all from the cast": one change, one log entry), each as
``encounter.add`` would add them; and what a step decided names whose it is, so the page shows it on that
combatant's card (TABLE.md, Encounter)."""

import copy

from py_rules.coc.investigator import EXAMPLE as HARVEY
from py_rules.semiautomagic.creature import EXAMPLE_HUMAN
from tests.door import answer, response


def coc_sheets():
    return {
        cid: copy.deepcopy(HARVEY) | {"name": name, "characteristics": HARVEY["characteristics"] | {"DEX": dex}}
        for cid, name, dex in (("h", "Harvey", 40), ("r", "Rita", 70), ("s", "Sam", 55))
    }


def test_adding_several_at_once_leaves_the_encounter_as_adding_them_one_by_one():
    sheets = coc_sheets()
    start = answer(
        "encounter.start", id="e1", name="Cellar", game="coc", combatants=[{"character_id": "h"}], sheets=sheets
    )
    ordered = answer("encounter.order", encounter=start["state"], sheets=sheets)["state"]
    joining = [{"character_id": "r"}, {"character_id": "s"}, {"name": "Ghoul", "npc": {"dex": 65, "combat_skill": 40}}]
    many = answer("encounter.add_many", encounter=ordered, sheets=sheets, combatants=joining)["state"]
    one_by_one = ordered
    for each in joining:
        one_by_one = answer("encounter.add", encounter=one_by_one, sheets=sheets, combatant=each)["state"]
    # by DEX (70, 65, 55, 40): the order holds
    assert [c["name"] for c in many["combatants"]] == ["Rita", "Ghoul", "Sam", "Harvey"]
    assert many == one_by_one


def test_a_refused_combatant_is_named_by_its_place_and_nobody_joins():
    sheets = coc_sheets()
    state = answer("encounter.start", id="e1", name="Cellar", game="coc", combatants=[], sheets=sheets)["state"]
    got = response("encounter.add_many", encounter=state, sheets=sheets, combatants=[{"character_id": "r"}, "Ghoul"])
    assert not got["ok"] and got["error"]["field"] == "combatants.1"
    assert got["error"]["message"].startswith("Combatant 2: ")
    empty = response("encounter.add_many", encounter=state, sheets=sheets, combatants=[])
    assert not empty["ok"] and empty["error"]["field"] == "combatants"


def test_what_a_step_decided_names_the_combatant_it_is_about():
    zed = answer(
        "semiautomagic.set_condition",
        creature=copy.deepcopy(EXAMPLE_HUMAN) | {"name": "Zed"},
        condition="Confused",
        action="add",
        duration=5,
    )["state"]
    sheets = {"a": copy.deepcopy(EXAMPLE_HUMAN) | {"name": "Amy"}, "z": zed}
    state = answer(
        "encounter.start",
        id="e1",
        name="Fight",
        game="semiautomagic",
        combatants=[{"character_id": cid} for cid in sheets],
        sheets=sheets,
    )["state"]
    result = answer("encounter.next", encounter=state, sheets=sheets, dice=[12, 3])
    zed_id = next(c["id"] for c in state["combatants"] if c["character_id"] == "z")
    [told] = result["details"]["decided"]
    assert told["combatant"] == zed_id and told["line"].startswith("Zed: Confusion chart 12")
