"""The catalog offers C1–C24 (rules/coc.md §3.14) and every CoC operation runs from its form defaults."""

import json

import pytest

from py_rules import api
from py_rules.coc.operations import CHECKLIST, OPERATIONS
from py_rules.coc.settings import SETTING_PARAMS, Settings


def coc_ops():
    return [op for op in api.handle({"op": "catalog"})["result"]["operations"] if op["system"] == "coc"]


def test_the_catalog_covers_every_checklist_id_c1_to_c24():
    covered = {c for op in coc_ops() for c in op["covers"]}
    assert covered == set(CHECKLIST) == {f"C{i}" for i in range(1, 25)}


def test_every_operation_has_a_summary_a_source_and_help_for_each_field():
    for op in coc_ops():
        assert op["id"].startswith("coc.") and op["summary"] and op["source"]
        for param in op["params"]:
            assert param["help"] and param["label"], (op["id"], param["name"])


RULES_DEFAULTS = {
    # rules/coc.md §3.12 (D1–D18), §3.4 and §3.11: the project's default for each named setting, pinned here
    "push_after_fumble": True,  # D1: as written, fumbles may be pushed
    "insanity_threshold": "5_or_more",  # D2: 5 or more
    "zero_hp_always_dying": False,  # D3: dying only with a major wound
    "major_wound_rule": "round_more_than_half",  # D4: damage this round × 2 > max HP
    "instant_death_rule": "round_all_hp",  # D5: damage this round ≥ max HP
    "major_wound_healing": "seed",  # D6: 1D4 / 2D4
    "medicine_timing": "after_week",  # D7: after a week, with equipment
    "first_aid_on_dying": "stabilise",  # D8: stabilises, no HP
    "combat_ties": "seed",  # D9: seed draw rule for every opposed roll
    "surprise_rule": "bonus_die",  # D10: one bonus die
    "outnumbered_rule": "after_first_defence",  # D11: book mechanism
    "manoeuvre_rule": "seed",  # D13: impossible only above a difference of 3
    "firearms_rule": "opposed",  # D14: Dodge opposes a shot
    "fumble_basis": "needed",  # §3.4: the value needed at the demanded difficulty
    "extreme_damage": "normal",  # §3.8: the book's extreme damage is an option
    "fumbled_sanity_max_loss": True,  # §3.11 [BOOK]
    "book_insanity": False,  # §3.11: not in the seed, an option
    "creation_skill_cap": None,  # §3.2a: no cap on a skill at creation unless the table sets one
    "tick_with_bonus_die": True,  # §3.15: a success with a bonus die ticks (as Foundry CoC7)
    "luck_recovery": False,  # §3.6, §3.15 [BOOK optional]: off by default
    "rate_of_fire": "per_round",  # D18 [BOOK]: a firearm fires at most its rate of fire a round
}


def test_every_house_rule_difference_is_a_named_setting_defaulting_to_the_seed():
    assert {name: p.default for name, p in SETTING_PARAMS.items()} == RULES_DEFAULTS
    assert Settings() == Settings(**RULES_DEFAULTS)
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
