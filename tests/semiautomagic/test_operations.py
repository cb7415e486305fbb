"""The Semiautomagic operations through the JSON door: catalog coverage, settings, flows, bad input (rules/semiautomagic.md §2.15)."""

import copy
import json

from hypothesis import given, settings, strategies as st

from py_rules import api
from py_rules.semiautomagic import creature as C
from tests.door import refused, response

CHECKLIST = [f"M{n}" for n in range(1, 23)]


def ops():
    return [o for o in api.handle({"op": "catalog"})["result"]["operations"] if o["system"] == "semiautomagic"]


def human(**fields):
    return dict(copy.deepcopy(C.EXAMPLE_HUMAN), **fields)


def test_catalog_covers_every_checklist_id_m1_to_m22():
    covered = {c for o in ops() for c in o["covers"]}
    assert sorted(covered, key=lambda c: int(c[1:])) == CHECKLIST


def test_every_operation_is_declared_for_the_page():
    for op in ops():
        assert op["id"].startswith("semiautomagic.") and op["title"] and op["summary"] and op["source"]
        assert op["covers"] or op["id"] == "semiautomagic.skill_list", op["id"]  # data for the page, no checklist rule
        for param in op["params"]:
            assert param["label"] and param["help"], (op["id"], param["name"])
            if (
                param["kind"] == "json" and op["id"] != "semiautomagic.parse_stat_block"
            ):  # its values are the form's own
                assert param["example"] is not None and param["state_key"].startswith("semiautomagic.")


def test_settings_default_to_the_rules_md_recommendations():
    defaults = {p["name"]: p["default"] for o in ops() for p in o["params"] if p["setting"]}
    assert defaults["dying_rule"] == "health"
    assert defaults["dying_trigger"] == "by_rule"
    assert defaults["dying_order"] == "stabilise_first"
    assert defaults["blank_rows"] == "reroll"
    assert defaults["wake_noise_dc"] == -5
    assert defaults["stabilise_dc"] is None and defaults["resuscitate_dc"] == 6 and defaults["window_rounds"] == 10
    assert defaults["repair_skill"] == "Engineering" and defaults["morale_per_day"] == 0


def test_settings_with_the_same_name_mean_the_same_thing_everywhere():
    seen = {}
    for op in ops():
        for p in op["params"]:
            if p["setting"]:
                key = (p["kind"], p["default"], tuple(p["choices"]))
                assert seen.setdefault(p["name"], key) == key, p["name"]


def test_hit_of_4_wounds_and_hit_of_9_starts_dying_through_the_door():
    wounded = response("semiautomagic.apply_damage", creature=human(), damage="4")["result"]
    assert wounded["state"]["wounds"] == 1 and wounded["level_name"] == "wounded"
    dying = response("semiautomagic.apply_damage", creature=human(), damage="9")["result"]
    assert dying["state"]["conditions"]["Dying"]["dc"] == 4 and dying["level_name"] == "dying"
    assert dying["details"]["derived"]["conditions"] == ["Helpless", "Unconscious", "Dying"]


def test_damage_then_dying_round_flows_through_the_returned_state():
    state = response("semiautomagic.apply_damage", creature=human(), damage="9")["result"]["state"]
    rounds = response("semiautomagic.dying_round", creature=state, dice=[4, 1])["result"]
    assert rounds["state"]["conditions"]["Dying"]["dc"] == 5 and rounds["level_name"] == "still dying"
    assert [d["face"] for d in rounds["dice"]] == [4, 1]


def test_damage_dice_expression_rolls_with_typed_dice():
    result = response(
        "semiautomagic.apply_damage",
        creature=human(),
        damage="2d6",
        damage_type="Bludgeoning",
        light_material=True,
        dice=[4, 4],
    )["result"]
    assert result["total"] == 8 and result["state"]["wounds"] == 1


def test_confusion_round_through_the_door():
    c = human(conditions={"Confused": {"seconds": 30}})
    result = response("semiautomagic.confusion_round", creature=c, dice=[19, 2])["result"]
    assert result["level"] == 19 and result["state"]["conditions"]["Confused"]["control_seconds"] == 12


def test_attack_with_a_defence_roll_negates_the_hit():
    result = response(
        "semiautomagic.attack",
        attacker=copy.deepcopy(C.EXAMPLE_ATTACKER),
        creature=human(),
        defence="dodge",
        dice=[3, 6],
    )["result"]  # 3 + 3 ≥ 4 hits; dodge 6 + 1 ≥ 4 + 3
    assert result["success"] is False and "defended" in result["flags"]


def test_attack_against_a_flat_footed_defender_skips_the_defence():
    result = response(
        "semiautomagic.attack",
        attacker=copy.deepcopy(C.EXAMPLE_ATTACKER),
        creature=human(conditions={"Flat-Footed": {}}),
        defence="parry",
        dice=[3],
    )["result"]
    assert result["success"] is True and "no_defence_allowed" in result["flags"]


def test_add_unconscious_then_advance_hours_wakes_flat_footed():
    state = response("semiautomagic.set_condition", creature=human(), condition="Unconscious", dice=[2])["result"][
        "state"
    ]
    woke = response("semiautomagic.advance_hours", creature=state, hours=2)["result"]["state"]
    assert woke["conditions"] == {"Flat-Footed": {"seconds": 6}}


def _bad(op, field, **args):
    before = copy.deepcopy(args)
    error = refused("semiautomagic." + op, **args)
    assert error["field"] == field and error["message"]
    assert args == before
    return error


def test_unknown_condition_is_a_clear_error_and_changes_nothing():
    error = _bad("set_condition", "condition", creature=human(), condition="Petrified")
    assert "Petrified" in error["message"]
    error = _bad("describe_creature", "creature", creature=human(conditions={"Petrified": {}}))
    assert "Unknown condition 'Petrified'" in error["message"]


def test_scale_out_of_the_table_is_a_clear_error_and_changes_nothing():
    from py_rules.semiautomagic.tables import SCALE_TABLE

    error = _bad("apply_damage", "creature", creature=human(scale=11), damage="4")
    assert f"Scale must be at most {max(SCALE_TABLE)} (got 11)" in error["message"]
    error = _bad("apply_damage", "creature", creature=human(scale=-2), damage="4")
    assert f"Scale must be at least {min(SCALE_TABLE)} (got -2)" in error["message"]


def test_damage_of_a_type_that_does_not_exist_is_a_clear_error_and_changes_nothing():
    error = _bad("apply_damage", "damage_type", creature=human(), damage="4", damage_type="Sonic")
    assert "Sonic" in error["message"]


def test_other_bad_inputs_name_their_field():
    _bad("apply_damage", "damage", creature=human(), damage="lots")
    _bad("dying_round", "creature", creature=human())
    _bad("apply_damage", "dice", creature=human(), damage="2d6", dice=[7, 1])
    _bad("defence_roll", "option", creature=human(conditions={"Flat-Footed": {}}), option="dodge")
    _bad("describe_creature", "creature", creature="{not json")
    _bad("describe_creature", "creature", creature=human(schema="semiautomagic.creature/9"))


def _value(param, data):
    kind = param["kind"]
    if kind == "json":
        return data.draw(
            st.sampled_from(
                [
                    param["example"],
                    human(wounds=2, conditions={"Dying": {"dc": 5}}),
                    human(conditions={"Confused": {"seconds": 12}, "Staggered": {"seconds": 6}}),
                    human(dead=True),
                    {"schema": "x"},
                    human(conditions={"Soul Coma": {}, "Sleeping": {}}),
                ]
            )
        )
    if kind == "int":
        low = -5 if param["min"] is None else int(param["min"])
        high = 20 if param["max"] is None else min(int(param["max"]), low + 30)
        return data.draw(st.one_of(st.none(), st.integers(low, high)))
    if kind == "choice":
        return data.draw(st.sampled_from(param["choices"]))
    if kind == "bool":
        return data.draw(st.booleans())
    if kind == "faces":
        return None
    return data.draw(st.sampled_from(["", "9", "2d6+1", "-1 dark", "d20"]))


@settings(max_examples=150, deadline=None)
@given(st.data())
def test_property_every_operation_answers_with_a_result_or_a_rules_error(data):
    op = data.draw(st.sampled_from(ops()))
    args = {p["name"]: _value(p, data) for p in op["params"]}
    args = {k: v for k, v in args.items() if v is not None}
    before = json.dumps(args, sort_keys=True)
    response = api.handle({"op": op["id"], "args": args, "seed": data.draw(st.integers(0, 1000))})
    assert response["ok"] or response["error"]["code"] != "internal", response
    assert json.dumps(args, sort_keys=True) == before
    if response["ok"]:
        json.dumps(response)


def test_light_material_rule_leaves_other_damage_types_unchanged():
    result = response("semiautomagic.roll_damage", damage="1d6", damage_type="Slashing", light_material=True, dice=[6])[
        "result"
    ]
    assert result["total"] == 6
    result = response(
        "semiautomagic.roll_damage", damage="1d6", damage_type="Bludgeoning", light_material=True, dice=[4]
    )["result"]
    assert result["total"] == 4 and result["dice"][0]["die"] == "d4"


def test_if_a_confusion_result_makes_no_sense_the_gm_can_roll_again_from_the_same_state():
    c = human(conditions={"Confused": {"seconds": 30}})
    first = response("semiautomagic.confusion_round", creature=c, dice=[9])["result"]
    again = response("semiautomagic.confusion_round", creature=c, dice=[14])["result"]
    assert (first["level"], again["level"]) == (9, 14)
    assert "prone" in again["state"]["statuses"] and "prone" not in first["state"]["statuses"]


def test_a_stunned_or_broken_attacker_cannot_attack():
    for conditions in ({"Stunned": {"seconds": 6}}, {"Broken": {}}):
        attacker = dict(copy.deepcopy(C.EXAMPLE_ATTACKER), conditions=conditions)
        _bad("attack", "attacker", attacker=attacker, creature=human())


def test_a_failed_dying_check_is_not_headlined_as_a_success():
    state = response("semiautomagic.apply_damage", creature=human(), damage="9")["result"]["state"]
    result = response("semiautomagic.dying_round", creature=state, dice=[4, 1])["result"]
    assert result["success"] is None and result["text"][0] == (
        "Dying: d10 4 (needs 10 to stabilise), Endurance check 3 vs DC 4 — failed: DC rises to 5"
    )


def test_a_negated_attack_says_so_and_labels_the_defence_modifiers_apart():
    result = response(
        "semiautomagic.attack",
        attacker=copy.deepcopy(C.EXAMPLE_ATTACKER),
        creature=human(),
        defence="dodge",
        dice=[3, 6],
    )["result"]
    assert (
        result["text"][0]
        == "Total 6 vs 4: failure — the attack roll hit, but the dodge negates it (7 ≥ DC 7): no damage"
    )
    assert [m["label"] for m in result["modifiers"]] == ["Weapon Skill bonus", "defence roll: Reflex bonus (dodge)"]
    assert result["total"] == 3 + 3  # the attack total holds only the attack's modifiers


def test_a_plain_check_headline_states_success_once():
    result = response("semiautomagic.check", modifier=2, dc=6, dice=[4])["result"]
    assert result["text"][0] == "Total 6 vs 6: success"


def test_object_sheet_explains_the_endurance_3_of_objects():
    result = response("semiautomagic.describe_creature", creature=copy.deepcopy(C.EXAMPLE_OBJECT))["result"]
    assert (
        "Toughness = 6 + 3 × Scale -1 (3) + Endurance 3 (objects have no Endurance and count as 3) + Defence 2 "
        "− wounds 0 = 8"
    ) in [s["text"] for s in result["steps"]]


def test_time_passing_is_headlined_by_what_ended_or_how_the_creature_stands_not_a_total():
    result = response(
        "semiautomagic.advance_rounds", creature=human(conditions={"Stunned": {"seconds": 6}, "Held": {}}), rounds=2
    )["result"]
    assert result["total"] is None and result["text"][0] == "Round 1: Stunned ends (its time is up)"
    result = response("semiautomagic.advance_rounds", creature=human(conditions={"Held": {}}), rounds=2)["result"]
    assert result["text"][0] == "After 2 rounds: Held"
    result = response("semiautomagic.advance_hours", creature=human(dead=True), hours=1)["result"]
    assert result["text"][0] == "After 1 hour: dead"


def test_the_sheet_of_a_held_character_says_dodge_only_at_minus_1():
    result = response("semiautomagic.describe_creature", creature=human(conditions={"Held": {}}))["result"]
    assert "Defence rolls: dodge only, at −1 (Held: no block or parry); action seconds this round: 6" in [
        s["text"] for s in result["steps"]
    ]


def test_a_prone_or_frenzied_character_can_be_stood_up_or_calmed_without_editing_json():
    c = human(statuses=["frenzy", "prone"])
    result = response("semiautomagic.set_status", creature=c, status="prone", action="remove")["result"]
    assert result["state"]["statuses"] == ["frenzy"] and "is no longer prone" in result["text"][0]
    result = response("semiautomagic.set_status", creature=human(), status="on fire", action="add")["result"]
    assert result["state"]["statuses"] == ["on fire"]
    _bad("set_status", "status", creature=human(), status="prone", action="remove")
    _bad("set_status", "status", creature=human(), status="bored", action="add")
