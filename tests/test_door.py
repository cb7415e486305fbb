"""The door never breaks: every reproducer of the fuzz run, each named after what it checks.

Each request goes through ``api.call`` as JSON text, the way the worker sends it; the answer must be
JSON that encodes as UTF-8, and a refusal must name the field.
"""

import copy
import json

import pytest

from py_rules import api, limits
from py_rules.coc import investigator as coc_sheet
from py_rules.semiautomagic import creature as sam_sheet

INV0 = {
    "schema": "coc.investigator/1",
    "luck": 0,
    "characteristics": {"STR": 0, "CON": 0, "SIZ": 0, "DEX": 0, "APP": 0, "INT": 0, "POW": 0, "EDU": 0},
}


def ask(request) -> dict:
    """``api.call`` with a request (dict or raw JSON text); checks the answer is UTF-8 JSON."""
    text = request if isinstance(request, str) else json.dumps(request, ensure_ascii=False)
    answer = api.call(text)
    answer.encode("utf-8")
    return json.loads(answer)


def refused(request, field: str, code: str | None = None) -> dict:
    error = ask(request)["error"]
    assert error["code"] != "internal" and error["field"] == field, error
    if code:
        assert error["code"] == code, error
    return error


def ok(request) -> dict:
    answer = ask(request)
    assert answer["ok"], answer
    return answer["result"]


def inv(**fields) -> dict:
    return dict(copy.deepcopy(INV0), **fields)


def harvey(**fields) -> dict:
    return dict(copy.deepcopy(coc_sheet.EXAMPLE), **fields)


def sent_back(result: dict) -> None:
    """Every sheet in ``states`` is accepted when sent back and already canonical."""
    parsers = {
        "coc.investigator": coc_sheet.from_dict,
        "coc.opponent": coc_sheet.from_dict,
        "semiautomagic.creature": sam_sheet.from_dict,
    }
    for key, value in result["states"].items():
        if key in parsers:
            assert parsers[key](value) == value, key


# --- nesting, numbers and text the door reads -------------------------------------------------------------


def test_a_thousand_nested_brackets_are_refused_as_too_deep_not_a_recursion_error():
    refused("[" * 1000 + "]" * 1000, "request", "too_deep")


def test_deep_nesting_inside_args_is_refused_as_too_deep():
    refused('{"op": "coc.d100", "args": {"value": ' + "[" * 1000 + "]" * 1000 + "}}", "request", "too_deep")


def test_brackets_inside_strings_do_not_count_as_nesting():
    assert ok({"op": "coc.d100", "args": {"value": 50, "label": "[" * 100, "dice": [5, 30]}})["label"] == "[" * 100


def test_nan_and_infinity_are_not_json_numbers():
    refused('{"op": "coc.d100", "args": {"value": NaN}}', "request", "bad_json")
    refused('{"op": "coc.d100", "args": {"value": 1e999}}', "request", "bad_json")


def test_an_int_beyond_float_range_is_out_of_range_for_its_field():
    error = refused('{"op": "coc.d100", "args": {"value": 1' + "0" * 309 + "}}", "value", "out_of_range")
    assert "310 digits" in error["message"]


def test_a_number_as_text_with_4301_digits_is_not_a_whole_number():
    refused({"op": "coc.d100", "args": {"value": "1" * 4301}}, "value", "wrong_type")


def test_typed_dice_with_4301_digits_are_refused_on_dice():
    refused({"op": "coc.d100", "args": {"value": 50, "dice": "1" * 4301}}, "dice", "out_of_range")
    refused({"op": "coc.d100", "args": {"value": 50, "dice": "5 " + "9" * 40}}, "dice")


def test_superscript_digits_are_not_whole_numbers():
    refused({"op": "coc.d100", "args": {"value": "²"}}, "value", "wrong_type")
    refused({"op": "coc.d100", "args": {"value": 50, "dice": "²"}}, "dice", "wrong_type")


def test_a_fear_table_of_4301_digits_is_bad_json_on_its_field():
    refused({"op": "armageddon.fear_table", "args": {"fear_table": "1" * 4301}}, "fear_table", "bad_json")


def test_a_fear_table_of_a_thousand_brackets_is_too_deep_on_its_field():
    refused({"op": "armageddon.fear_table", "args": {"fear_table": "[" * 1000}}, "fear_table", "too_deep")


def test_a_lone_surrogate_is_refused_on_its_field_not_echoed():
    refused('{"op": "coc.d100", "args": {"value": 50, "label": "\\ud800"}}', "label", "bad_text")
    refused(
        '{"op": "coc.skill_roll", "args": {"investigator": {"schema": "coc.investigator/1", "name": "\\udfff"}}}',
        "investigator",
        "bad_text",
    )


def test_an_unknown_field_with_a_lone_surrogate_is_named_without_it():
    error = ask('{"op": "coc.d100", "args": {"\\ud800x": 1}}')["error"]
    assert error["code"] == "unknown_field"


def test_a_request_larger_than_the_limit_is_refused_before_reading():
    refused(" " * (limits.MAX_REQUEST_CHARS + 1), "request", "too_large")


# --- sheets keep only what they declare --------------------------------------------------------------------


def test_unknown_last_roll_keys_never_reach_the_returned_sheet():
    sheet = inv(last_roll={"kind": "luck", "x": {"deep": ["junk"] * 3}})
    result = ok({"op": "coc.recover_luck", "args": {"investigator": sheet}, "seed": 1})
    assert "x" not in result["states"]["coc.investigator"]["last_roll"]
    sent_back(result)


def test_nan_in_an_unknown_last_roll_key_is_refused_not_escaping(monkeypatch):
    answer = api.handle(
        {"op": "coc.recover_luck", "args": {"investigator": inv(last_roll={"kind": "luck", "x": float("nan")})}}
    )
    assert answer["error"]["field"] == "investigator" and answer["error"]["code"] == "wrong_type"


def test_an_unknown_last_roll_key_nested_600_deep_is_too_deep_not_a_recursion_error():
    junk = "x"
    for _ in range(600):
        junk = [junk]
    answer = api.handle({"op": "coc.luck_roll", "args": {"investigator": inv(last_roll={"kind": "luck", "x": junk})}})
    assert answer["error"]["code"] == "too_deep" and answer["error"]["field"] == "investigator"


def test_a_returned_last_roll_is_already_canonical_bonus_and_penalty_included():
    result = ok({"op": "coc.roll_damage", "args": {"investigator": harvey(), "damage": "3"}})
    last = result["states"]["coc.investigator"]["last_roll"]
    assert last["bonus"] == 0 and last["penalty"] == 0
    sent_back(result)


def test_a_superscript_schema_version_is_a_bad_schema():
    refused(
        {"op": "armageddon.character_sheet", "args": {"character": {"schema": "armageddon.character/²"}}},
        "character",
        "bad_schema",
    )


def test_an_item_weight_beyond_float_range_is_out_of_range():
    from py_rules.armageddon.character import EXAMPLE

    character = dict(copy.deepcopy(EXAMPLE), items=[{"name": "Anvil", "weight": 10**400}])
    answer = api.handle({"op": "armageddon.character_sheet", "args": {"character": character}})
    assert answer["error"]["code"] == "out_of_range" and answer["error"]["field"] == "character"


def test_a_movement_speed_beyond_float_range_is_refused():
    creature = dict(copy.deepcopy(sam_sheet.EXAMPLE_HUMAN), movement={"walk": 10**400})
    answer = api.handle({"op": "semiautomagic.describe_creature", "args": {"creature": creature}})
    error = answer["error"]  # the sheet's declared bound, said without the 400 digits
    assert (error["code"], error["field"], error["path"]) == ("out_of_range", "creature", "movement.walk")
    assert "more than 30 digits" in error["message"]


def test_an_emp_complexity_that_is_a_list_is_a_bad_choice():
    creature = {"schema": "semiautomagic.creature/1", "kind": "object", "emp_complexity": []}
    refused({"op": "semiautomagic.describe_creature", "args": {"creature": creature}}, "creature", "bad_choice")


def test_pushing_a_skill_last_roll_without_a_name_is_refused_on_the_sheet():
    request = {"op": "coc.push_roll", "args": {"investigator": inv(last_roll={"kind": "skill"}), "justification": "x"}}
    refused(request, "investigator", "missing_field")


def test_armageddon_names_and_notes_have_a_length_limit():
    from py_rules.armageddon.character import EXAMPLE

    for fields in (
        {"name": "x" * 1_000_000},
        {"notes": "x" * 1_000_000},
        {"items": [{"name": "x" * 1_000_000, "weight": 1}]},
    ):
        request = {
            "op": "armageddon.advance_days",
            "args": {"character": dict(copy.deepcopy(EXAMPLE), **fields), "days": 60},
        }
        error = refused(request, "character")
        assert len(json.dumps(error)) < 1000


# --- the engine accepts all it returns ---------------------------------------------------------------------


def test_a_surprise_attack_with_five_bonus_dice_returns_a_sheet_the_engine_accepts():
    request = {
        "op": "coc.attack",
        "args": {
            "investigator": harvey(),
            "opponent": copy.deepcopy(coc_sheet.EXAMPLE_OPPONENT),
            "surprise": True,
            "attacker_bonus": 5,
        },
        "seed": 3,
    }
    result = ok(request)
    assert result["states"]["coc.investigator"]["last_roll"]["bonus"] == 6
    sent_back(result)
    ok({"op": "coc.luck_roll", "args": {"investigator": result["states"]["coc.investigator"]}, "seed": 1})


def test_a_manoeuvre_with_five_penalty_dice_plus_build_returns_a_sheet_the_engine_accepts():
    big = dict(
        copy.deepcopy(coc_sheet.EXAMPLE_OPPONENT),
        characteristics=dict(coc_sheet.EXAMPLE_OPPONENT["characteristics"], STR=90, SIZ=90),
    )
    request = {
        "op": "coc.attack",
        "args": {
            "investigator": harvey(),
            "opponent": big,
            "attacker": "opponent",
            "defence": "manoeuvre",
            "defender_penalty": 5,
        },
        "seed": 3,
    }
    result = ok(request)
    assert result["states"]["coc.investigator"]["last_roll"]["penalty"] > 5
    sent_back(result)


def test_damage_above_the_limit_is_refused_instead_of_stored():
    refused(
        {"op": "coc.roll_damage", "args": {"investigator": harvey(), "damage": "1100" + "0" * 2}},
        "damage",
        "out_of_range",
    )
    result = ok({"op": "coc.roll_damage", "args": {"investigator": harvey(), "damage": "1100"}})
    assert result["states"]["coc.investigator"]["last_roll"]["roll"] == 1100
    sent_back(result)


def test_a_hit_on_a_creature_with_200_wounds_keeps_it_within_the_sheet():
    creature = dict(copy.deepcopy(sam_sheet.EXAMPLE_HUMAN), wounds=200)
    result = ok({"op": "semiautomagic.apply_damage", "args": {"creature": creature, "damage": "40"}})
    assert result["states"]["semiautomagic.creature"]["wounds"] == 200
    sent_back(result)


def test_combatant_names_are_compared_trimmed():
    pair = [{"name": "A", "dex": 50}, {"name": " A", "dex": 40}]
    refused({"op": "coc.attack_order", "args": {"combatants": pair}}, "combatants", "bad_input")
    combat = {"schema": "coc.combat/1", "round": 1, "order": pair, "acted": []}
    refused({"op": "coc.combat_round", "args": {"combat": combat}}, "combat", "bad_input")


# --- rules and words found on the way ----------------------------------------------------------------------


@pytest.mark.parametrize("skill", ["Dodge", "Fighting (Brawl)", "Firearms (Handgun)"])
def test_a_combat_skill_rolled_through_skill_roll_cannot_be_pushed(skill):
    rolled = ok({"op": "coc.skill_roll", "args": {"investigator": harvey(), "skill": skill, "dice": [0, 90]}})
    assert rolled["success"] is False
    error = refused(
        {
            "op": "coc.push_roll",
            "args": {"investigator": rolled["states"]["coc.investigator"], "justification": "again"},
        },
        "investigator",
        "rule_violation",
    )
    assert "combat roll" in error["message"]


def test_a_failed_spot_hidden_can_still_be_pushed():
    rolled = ok({"op": "coc.skill_roll", "args": {"investigator": harvey(), "skill": "Spot Hidden", "dice": [0, 90]}})
    ok(
        {
            "op": "coc.push_roll",
            "args": {"investigator": rolled["states"]["coc.investigator"], "justification": "again"},
            "seed": 1,
        }
    )


@pytest.mark.parametrize("amount", ["-5", "−5", "d4-10", "10001", "99999999999999999999999", "50d100x100"])
def test_negative_and_absurd_damage_are_refused_alike_in_armageddon(amount):
    from py_rules.armageddon.character import EXAMPLE

    error = refused(
        {"op": "armageddon.apply_damage", "args": {"character": copy.deepcopy(EXAMPLE), "amount": amount}},
        "amount",
        "out_of_range",
    )
    assert "Damage" in error["message"]


@pytest.mark.parametrize("damage", ["-4", "99999999999999999999999", "10001", "1-5"])
def test_negative_and_absurd_damage_are_refused_alike_in_semiautomagic(damage):
    creature = copy.deepcopy(sam_sheet.EXAMPLE_HUMAN)
    error = refused(
        {"op": "semiautomagic.apply_damage", "args": {"creature": creature, "damage": damage}}, "damage", "out_of_range"
    )
    assert "Damage" in error["message"]


@pytest.mark.parametrize("damage", ["-4", "10001", "99999999999999999999999"])
def test_negative_and_absurd_damage_are_refused_alike_in_call_of_cthulhu(damage):
    error = refused(
        {"op": "coc.roll_damage", "args": {"investigator": harvey(), "damage": damage}}, "damage", "out_of_range"
    )
    assert "Damage" in error["message"]
    refused(
        {"op": "coc.apply_damage", "args": {"investigator": harvey(), "amount": int(damage)}}, "amount", "out_of_range"
    )


def test_the_largest_damage_is_accepted_in_all_three_games():
    from py_rules.armageddon.character import EXAMPLE

    top = str(limits.DAMAGE_MAX)
    ok({"op": "armageddon.apply_damage", "args": {"character": copy.deepcopy(EXAMPLE), "amount": top}, "seed": 1})
    ok(
        {
            "op": "semiautomagic.apply_damage",
            "args": {"creature": copy.deepcopy(sam_sheet.EXAMPLE_HUMAN), "damage": top},
            "seed": 1,
        }
    )
    ok({"op": "coc.apply_damage", "args": {"investigator": harvey(), "amount": limits.DAMAGE_MAX}, "seed": 1})


def test_a_fight_back_reads_fights_back():
    request = {
        "op": "coc.attack",
        "args": {
            "investigator": harvey(),
            "opponent": copy.deepcopy(coc_sheet.EXAMPLE_OPPONENT),
            "attacker": "opponent",
            "defence": "fight_back",
        },
        "seed": 2,
    }
    text = "\n".join(ok(request)["text"])
    assert "Harvey Walters fights back with" in text and "fight backs" not in text


def test_the_creature_sheet_headline_names_toughness_once():
    result = ok({"op": "semiautomagic.describe_creature", "args": {"creature": copy.deepcopy(sam_sheet.EXAMPLE_HUMAN)}})
    assert result["text"][0] == "Toughness 9 (Minimum Toughness 3)"


@pytest.mark.parametrize("op", ["coc.first_aid", "coc.medicine"])
def test_first_aid_and_medicine_name_the_investigator_field(op):
    args = {"investigator": harvey(conditions={"dead": True}), "dice": [0, 90]}
    if op == "coc.medicine":
        args["equipment"] = True
    error = refused({"op": op, "args": args}, "investigator", "rule_violation")
    assert "is dead" in error["message"]


# --- limits declared once ----------------------------------------------------------------------------------


def test_every_declared_field_shows_its_limits_in_the_catalog():
    for op in api.catalog()["operations"]:
        for param in op["params"]:
            where = (op["id"], param["name"])
            if param["kind"] in ("int", "number"):
                assert param["min"] is not None and param["max"] is not None, where
            if param["kind"] in ("text", "json"):
                assert param["max_length"] > 0, where
            if param["kind"] == "json":
                assert param["max_depth"] > 0, where


def test_a_text_longer_than_its_declared_limit_is_refused_naming_the_field():
    error = refused(
        {"op": "coc.d100", "args": {"value": 50, "label": "x" * (limits.TEXT_MAX_LENGTH + 1)}}, "label", "out_of_range"
    )
    assert str(limits.TEXT_MAX_LENGTH) in error["message"]


def test_the_error_object_has_the_keys_the_readme_documents():
    from pathlib import Path

    plain = api.handle({"op": "coc.skill_roll", "args": {"skill": 5}})["error"]
    placed = api.handle({"op": "forum.stretch", "args": {"entries": [{"id": []}]}})["error"]
    assert set(plain) == {"code", "message", "field"}
    assert set(placed) == {"code", "message", "field", "path", "detail"} and placed["path"] == "0.id"
    readme = (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")
    door = readme[readme.index("- **One JSON door.**") : readme.index("- **The door never breaks.**")]
    for key in ("code", "message", "field", "path", "detail", "die"):
        assert f"`{key}`" in door, key
