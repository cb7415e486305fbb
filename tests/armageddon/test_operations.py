"""The catalog covers U1–U24 and every operation is usable from a form (rules/armageddon.md §1.17)."""

import copy
import json

from py_rules import api
from py_rules.armageddon.operations import CHECKLIST, OPERATIONS


def _ours():
    catalog = api.handle({"op": "catalog"})["result"]
    return [op for op in catalog["operations"] if op["system"] == "armageddon"]


def test_catalog_covers_every_checklist_id_u1_to_u24():
    covered = {cid for op in _ours() for cid in op["covers"]}
    assert covered == set(CHECKLIST) == {f"U{n}" for n in range(1, 25)}


def test_every_operation_is_declared_for_a_form():
    assert len(_ours()) == len(OPERATIONS)
    for op in _ours():
        assert op["id"].startswith("armageddon.") and op["title"] and op["summary"] and op["source"]
        for param in op["params"]:
            assert param["help"], (op["id"], param["name"])
            assert param["kind"] in ("int", "number", "bool", "choice", "text", "faces", "json")
            if param["setting"]:
                assert not param["required"], (op["id"], param["name"])
            if param["kind"] == "json" and param["name"] == "character":
                assert param["state_key"] == "armageddon.character" and param["example"]["schema"]


def test_every_operation_runs_from_its_form_defaults_or_gives_a_rules_error():
    for op in _ours():
        args = {p["name"]: (p["example"] if p["kind"] == "json" else 3) for p in op["params"] if p["required"]}
        response = api.handle({"op": op["id"], "args": args, "seed": 7})
        if not response["ok"]:
            assert response["error"]["code"] != "internal", (op["id"], response["error"])
        else:
            json.dumps(response)


def test_task_keeps_working_without_a_character():
    response = api.handle(
        {
            "op": "armageddon.task",
            "args": {"attribute": 2, "skill": 3, "attribute_name": "Dexterity", "skill_name": "Handguns", "dice": "4"},
        }
    )
    assert response["ok"] and response["result"]["total"] == 9


def test_the_page_flow_damage_then_heal_passes_state_along(make):
    character = make()
    before = copy.deepcopy(character)
    hit = api.handle({"op": "armageddon.apply_damage", "args": {"character": json.dumps(character), "amount": "12"}})
    assert hit["ok"] and hit["result"]["state"]["current"]["life_points"] == 18
    healed = api.handle({"op": "armageddon.advance_days", "args": {"character": hit["result"]["state"], "days": 2}})
    assert healed["result"]["state"]["current"]["life_points"] == 22
    assert character == before


def test_rolls_on_a_dead_character_are_refused(make):
    response = api.handle(
        {
            "op": "armageddon.character_task",
            "args": {"character": make(conditions=["dead"]), "skill_name": "Handguns", "dice": "5"},
        }
    )
    assert response["ok"] is False and response["error"]["code"] == "dead"


def test_unknown_skill_in_a_task_from_the_sheet_names_the_field(make):
    response = api.handle(
        {"op": "armageddon.character_task", "args": {"character": make(), "skill_name": "Basketry", "dice": "5"}}
    )
    assert response["ok"] is False and response["error"]["field"] == "skill_name"


def test_wrong_typed_dice_change_nothing(make):
    character = make()
    before = copy.deepcopy(character)
    response = api.handle(
        {"op": "armageddon.apply_damage", "args": {"character": character, "amount": "40", "dice": "3"}}
    )
    assert response["ok"] is False and response["error"]["field"] == "dice"
    assert character == before


def test_damage_expressions_ndx_times_m_plus_k(run, fail):
    assert run("roll_damage", dice=[2, 5], expression="2d6x2+3")["total"] == (2 + 5) * 2 + 3
    assert run("roll_damage", dice=[4], expression="d4x2")["total"] == 8
    assert run("roll_damage", dice=[3], expression="d8", success_levels=2, add_success_levels=True)["total"] == 5
    assert fail("roll_damage", expression="two swords")["field"] == "expression"


def test_a_frozen_character_rolling_is_flagged(run, make):
    result = run("task", dice=[5], attribute=2, skill=2, character=make(conditions=["frozen"]))
    assert "frozen" in result["flags"] and result["steps"][0]["text"].startswith("Note: Kim is frozen")


RULES_MD_DEFAULTS = {
    "tn": 9,  # §1.2: TN default 9
    "rule_of_one_mode": "replace",  # A1
    "tie_rule": "stalemate",  # A4
    "injury_penalty_cap": 0,  # A6: literal, no cap
    "wake_at": "0",  # A7
    "consciousness_timing": "on_damage",  # A8
    "care_overshoot": "cap_at_zero",  # A10
    "first_aid_scope": "any_injury",  # A11
    "stack_essence_penalties": False,  # A12: the worse applies
    "essence_penalty_on_mental_tests": True,  # A12
    "essence_check_timing": "each_loss",  # A13
    "turn_seconds": 5,  # A15
    "essence_failure_effect": "attribute",  # seed 000, Essence: the Drawback is the Chronicler's alternative
    "use_fear_table_effects": False,  # §1.13: the extra effects are the Chronicler's option
    "fear_table": None,  # §1.13: the placeholder table
    "add_success_levels": False,  # §1.8: optional weapon flag
    "defence_rule": "success_levels",  # §1.8a: avoided when the defender's Success Levels reach the attacker's
    "doubled_types": False,  # §1.8a: what passes armour ×1 by default
}


def test_every_setting_defaults_to_the_rules_md_recommendation():
    from py_rules.armageddon.work import Settings

    seen = {}
    for op in _ours():
        for param in op["params"]:
            if param["setting"]:
                seen.setdefault(param["name"], set()).add(json.dumps(param["default"]))
    assert set(seen) == set(RULES_MD_DEFAULTS)
    for name, defaults in seen.items():
        assert defaults == {json.dumps(RULES_MD_DEFAULTS[name])}, name
    plain = Settings()
    for name in (
        "tn",
        "rule_of_one_mode",
        "consciousness_timing",
        "care_overshoot",
        "first_aid_scope",
        "essence_check_timing",
        "turn_seconds",
        "essence_failure_effect",
        "use_fear_table_effects",
    ):
        assert getattr(plain, name) == RULES_MD_DEFAULTS[name], name
    assert plain.wake_at == 0 and plain.penalties.injury_penalty_cap == 0
    assert plain.penalties.stack_essence_penalties is False and plain.penalties.essence_penalty_on_mental_tests
