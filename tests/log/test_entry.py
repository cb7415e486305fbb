"""The log entry format (TABLE.md, Log): what a campaign file may hold, every problem named."""

import copy

from py_rules import api
from py_rules.coc.investigator import EXAMPLE as HARVEY, EXAMPLE_OPPONENT as CULTIST
from py_rules.encounter.examples import EXAMPLE as ENCOUNTER
from py_rules.log.entry import MAX_ENTRY_CHARS, validate_log, validate_log_entry


def attack_entry():
    """An attack logged as the page logs it: both sheets before and after."""
    args = {
        "investigator": HARVEY,
        "opponent": CULTIST,
        "weapon": "Brawl",
        "defence": "dodge",
        "dice": [5, 10, 7, 80, 2],
    }
    result = api.handle({"op": "coc.attack", "args": copy.deepcopy(args)})["result"]
    return {
        "id": "e7",
        "at": "2026-12-01T20:15:03.120+01:00",
        "op": "coc.attack",
        "args": args,
        "result": result,
        "who": ["harvey", "cultist"],
        "encounter": "enc-1",
        "before": {"harvey": HARVEY, "cultist": CULTIST},
        "after": {"harvey": result["states"]["coc.investigator"], "cultist": result["states"]["coc.opponent"]},
        "kind": "change",
    }


def paths(problems):
    return [p["path"] for p in problems]


def test_an_attack_that_changed_two_sheets_is_a_valid_entry():
    assert validate_log_entry(attack_entry()) == []


def test_an_undo_has_no_result_and_names_the_entry_it_undid():
    entry = attack_entry()
    undo = {
        **entry,
        "id": "e8",
        "op": "log.undo",
        "args": {"entry": "e7"},
        "result": None,
        "kind": "undo",
        "before": entry["after"],
        "after": entry["before"],
    }
    assert validate_log_entry(undo) == []
    assert paths(validate_log_entry({**undo, "args": {}}, "log.8")) == ["log.8.args.entry"]
    assert paths(validate_log_entry({**entry, "result": None}, "log.7")) == ["log.7.result"]


def test_every_missing_and_unknown_field_is_listed():
    entry = attack_entry()
    del entry["at"], entry["who"]
    entry["colour"] = "red"
    assert paths(validate_log_entry(entry, "log.2")) == ["log.2.at", "log.2.who", "log.2.colour"]


def test_each_bad_value_is_named():
    entry = {
        **attack_entry(),
        "at": "yesterday",
        "op": "Attack!",
        "kind": "roll?",
        "who": ["harvey", "harvey"],
        "encounter": "",
        "args": [],
    }
    assert paths(validate_log_entry(entry, "log.0")) == [
        "log.0.at",
        "log.0.op",
        "log.0.args",
        "log.0.kind",
        "log.0.who",
        "log.0.encounter",
        "log.0.before.cultist",
    ]


def test_sheets_before_and_after_must_match_and_be_in_who():
    entry = attack_entry()
    entry["after"] = {"harvey": entry["after"]["harvey"]}
    assert paths(validate_log_entry(entry)) == ["log.0.after"]
    entry = {**attack_entry(), "who": ["harvey"]}
    assert paths(validate_log_entry(entry)) == ["log.0.before.cultist"]


def test_the_encounter_states_around_a_step_are_checked():
    entry = {**attack_entry(), "encounter_before": ENCOUNTER, "encounter_after": {**ENCOUNTER, "turn": 5}}
    assert paths(validate_log_entry(entry)) == ["log.0.encounter_after.turn"]


def test_size_and_depth_are_bounded():
    huge = {**attack_entry(), "args": {"notes": "x" * MAX_ENTRY_CHARS}}
    assert validate_log_entry(huge)[0]["message"].startswith("Too large")
    deep = {}
    for _ in range(60):
        deep = {"a": deep}
    assert "levels deep" in validate_log_entry({**attack_entry(), "args": deep})[0]["message"]


def test_a_whole_log_has_unique_ids_and_undoes_only_earlier_entries():
    entry = attack_entry()
    undo = {
        **entry,
        "id": "e8",
        "op": "log.undo",
        "args": {"entry": "e7"},
        "result": None,
        "kind": "undo",
        "before": entry["after"],
        "after": entry["before"],
    }
    assert validate_log([entry, undo]) == []
    assert paths(validate_log([undo, entry])) == ["log.0.args.entry"]
    assert paths(validate_log([entry, entry])) == ["log.1.id"]
    assert paths(validate_log({"e7": entry})) == ["log"]


def test_a_logged_result_whose_die_has_no_face_is_refused_by_the_log_check_and_never_breaks_a_post():
    """Fuzz find (the door never breaks): a stretch holding an entry whose die lacks its face raised KeyError; a stored
    or imported log entry is checked for the trace shape the writers read, and a post leaves out a die it cannot read."""
    import json

    from py_rules import api
    from py_rules.log.operations import EXAMPLE_ENTRY

    entry = json.loads(json.dumps(EXAMPLE_ENTRY))
    entry["result"]["dice"][0].pop("face")
    assert [p["path"] for p in validate_log_entry(entry, "log.0")] == ["log.0.result.dice.0"]
    answer = api.handle({"op": "forum.stretch", "args": {"entries": [entry], "format": "plain"}})
    assert answer["ok"] and "1d10: 30 (tens)" in answer["result"]["details"]["text"]
    entry["result"]["dice"][0]["face"] = 4
    entry["result"]["modifiers"] = [{"value": "2", "label": "x"}]
    problems = validate_log_entry(entry, "log.0")
    assert [p["path"] for p in problems] == ["log.0.result.modifiers.0"]
