"""The catalog offers C1–C22 (RULES.md §3.14) and every CoC operation runs from its form defaults."""

import json

import pytest

from py_rules import api
from py_rules.coc.operations import CHECKLIST, OPERATIONS
from py_rules.coc.settings import SETTING_PARAMS, Settings


def coc_ops():
    return [op for op in api.handle({"op": "catalog"})["result"]["operations"] if op["system"] == "coc"]


def test_the_catalog_covers_every_checklist_id_c1_to_c22():
    covered = {c for op in coc_ops() for c in op["covers"]}
    assert covered == set(CHECKLIST) == {f"C{i}" for i in range(1, 23)}


def test_every_operation_has_a_summary_a_source_and_help_for_each_field():
    for op in coc_ops():
        assert op["id"].startswith("coc.") and op["summary"] and op["source"]
        for param in op["params"]:
            assert param["help"] and param["label"], (op["id"], param["name"])


def test_every_house_rule_difference_is_a_named_setting_defaulting_to_the_seed():
    assert Settings() == Settings(**{name: p.default for name, p in SETTING_PARAMS.items()})
    assert all(p.setting for p in SETTING_PARAMS.values())
    declared = {p["name"] for op in coc_ops() for p in op["params"] if p["setting"]}
    assert declared == set(SETTING_PARAMS)


def test_characters_share_state_keys():
    keys = {p["state_key"] for op in coc_ops() for p in op["params"] if p["kind"] == "json" and p["state_key"]}
    assert keys == {"coc.investigator", "coc.opponent", "coc.combat"}


@pytest.mark.parametrize("op", [op.id for op in OPERATIONS])
def test_every_operation_runs_from_its_form_example_or_refuses_clearly(op):
    declared = next(o for o in coc_ops() if o["id"] == op)
    args = {p["name"]: p["example"] for p in declared["params"] if p["kind"] == "json" and p["example"] is not None}
    args.update({"name": "Ghoul"} if op == "coc.combat_round" else {})
    args.update({"amount": 3} if op == "coc.apply_damage" else {})
    for seed in range(25):
        response = json.loads(api.call(json.dumps({"op": op, "args": args, "seed": seed})))
        if not response["ok"]:
            assert response["error"]["code"] != "internal", response
        else:
            assert response["result"]["text"]
            if response["result"]["state"] is not None:
                assert response["result"]["states"]
