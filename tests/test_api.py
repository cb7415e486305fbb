"""The JSON door: responses, errors naming fields, the catalog, and survival of every input."""

import dataclasses
import json
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from py_rules import api
from py_rules.operations import DEADLINE_SECONDS, FILE_DEADLINE_SECONDS, LONG_INPUT_CHARS
from py_rules.params import KINDS
from py_rules.systems import GAME_IDS

ROOT = Path(__file__).resolve().parents[1]


def test_unknown_operation_names_the_op_field():
    response = api.handle({"op": "armageddon.nothing"})
    assert response == {
        "ok": False,
        "error": {
            "code": "unknown_operation",
            "message": "There is no operation called 'armageddon.nothing'.",
            "field": "op",
        },
    }


def test_malformed_json_is_an_error_response():
    response = json.loads(api.call("{oops"))
    assert response["ok"] is False and response["error"]["field"] == "request"


def test_request_must_be_an_object_and_args_an_object():
    assert api.handle([1])["error"]["field"] == "op"
    assert api.handle({"op": "armageddon.task", "args": [1]})["error"]["field"] == "args"


def test_unknown_field_is_named():
    response = api.handle({"op": "armageddon.task", "args": {"attribute": 2, "skill": 1, "colour": "red"}})
    assert response["error"] == {
        "code": "unknown_field",
        "message": "Task (Attribute + Skill + d10) has no field called 'colour'.",
        "field": "colour",
    }


def test_mistyped_and_missing_fields_are_named():
    assert (
        api.handle({"op": "armageddon.task", "args": {"attribute": "two", "skill": 1}})["error"]["field"] == "attribute"
    )
    assert api.handle({"op": "armageddon.task", "args": {"attribute": 2}})["error"]["field"] == "skill"


def test_result_carries_request_trace_and_rendered_text():
    response = api.handle(
        {"op": "armageddon.task", "args": {"attribute": 2, "skill": 3, "dice": [10, 7], "label": "Ann"}}
    )
    result = response["result"]
    assert result["op"] == "armageddon.task" and result["label"] == "Ann"
    assert [t["face"] for t in result["dice"]] == [10, 7]
    assert result["text"][0] == "Total 17 vs 9: success — 5 Success Levels (Excellent)"


def test_seeded_digital_dice_replay_and_typed_faces_replay_too():
    request = {"op": "armageddon.task", "args": {"attribute": 2, "skill": 3}, "seed": 42}
    first = api.handle(request)["result"]
    assert api.handle(request)["result"] == first
    faces = [t["face"] for t in first["dice"]]
    replay = api.handle({"op": "armageddon.task", "args": {"attribute": 2, "skill": 3, "dice": faces}})["result"]
    assert replay["total"] == first["total"] and replay["dice"] == first["dice"]


def test_catalog_lists_every_operation_with_declarations_and_covers():
    catalog = api.handle({"op": "catalog"})["result"]
    assert {s["id"] for s in catalog["systems"]} == {
        "armageddon",
        "semiautomagic",
        "coc",
        "campaign",
        "encounter",
        "log",
        "interchange",
        "forum",
        "table",
    }
    task = next(op for op in catalog["operations"] if op["id"] == "armageddon.task")
    assert task["covers"] == ["U2", "U3", "U4", "U5"]
    assert [p["name"] for p in task["params"]][-1] == "dice"
    for op in catalog["operations"]:
        assert op["summary"] and op["source"], op["id"]
        # every game operation implements checklist items, except the data for the page (skill lists)
        assert op["covers"] or op["system"] not in GAME_IDS or op["id"].endswith(".skill_list"), op["id"]
        assert op["id"].startswith(op["system"] + ".")
        for param in op["params"]:
            assert param["kind"] in KINDS and param["label"] and param["help"], (op["id"], param["name"])
    json.dumps(catalog)


def test_the_catalog_says_how_long_the_page_waits_for_each_operation():
    """The page stops a call past its operation's ``deadline_seconds`` (web/rpc.mjs): a few seconds for a normal
    request, the longer limit for every operation that may read a whole file (a field of a million characters or
    more), the catalog's own ``deadline_seconds`` for a request no operation lists."""
    catalog = api.catalog()
    assert catalog["deadline_seconds"] == DEADLINE_SECONDS
    assert 0 < DEADLINE_SECONDS < FILE_DEADLINE_SECONDS
    long_ones = set()
    for op in catalog["operations"]:
        declared = api.operation(op["id"])
        reads_a_file = any((param.length_limit or 0) >= LONG_INPUT_CHARS for param in declared.all_params)
        assert op["deadline_seconds"] == (FILE_DEADLINE_SECONDS if reads_a_file else DEADLINE_SECONDS), op["id"]
        if reads_a_file:
            long_ones.add(op["id"])
    assert {"campaign.check_file", "campaign.validate", "log.check"} <= long_ones  # the import's checks
    assert "coc.skill_roll" not in long_ones


def test_an_operation_refuses_a_deadline_the_page_could_not_keep():
    task = api.operation("armageddon.task")
    for seconds in (0, -1, 601):
        with pytest.raises(ValueError, match="deadline_seconds"):
            dataclasses.replace(task, deadline_seconds=seconds)


def _values(param):
    anything = st.one_of(
        st.none(), st.booleans(), st.integers(-1000, 1000), st.text(max_size=12), st.floats(allow_nan=True)
    )
    if param["kind"] == "json" and param["example"] is not None:
        return st.one_of(st.just(param["example"]), anything)
    if param["choices"]:
        return st.one_of(st.sampled_from(param["choices"]), anything)
    if param["kind"] in ("int", "number") and param["min"] is not None and param["max"] is not None:
        return st.one_of(st.integers(int(param["min"]), int(param["max"])), anything)
    return anything


_OPS = api.catalog()["operations"]


@st.composite
def requests(draw):
    op = draw(st.sampled_from(_OPS))
    args = {}
    for param in op["params"]:
        if draw(st.booleans()):
            args[param["name"]] = draw(_values(param))
    return {"op": op["id"], "args": args, "seed": draw(st.integers(0, 10))}


@settings(max_examples=300, deadline=None)
@given(requests())
def test_every_declared_input_gives_a_result_or_a_named_error(request):
    response = json.loads(api.call(json.dumps(request)))
    if response["ok"]:
        assert isinstance(response["result"]["text"], list)
    else:
        assert response["error"]["code"] != "internal", response
        assert response["error"]["message"]


def test_version_answers_without_loading_any_game():
    code = (
        "import json, sys; from py_rules import api; answer = api.handle({'op': 'version'}); "
        "print(json.dumps([answer['ok'], [m for m in sys.modules if m.count('.') > 1 and m.startswith('py_rules.')]]))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT)
    assert json.loads(out.stdout) == [True, []]


def test_unknown_system_and_non_text_op_are_unknown_operations():
    assert api.handle({"op": "chess.move"})["error"]["code"] == "unknown_operation"
    assert api.handle({"op": 5})["error"]["field"] == "op"
