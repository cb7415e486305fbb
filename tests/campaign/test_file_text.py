"""A campaign file read with each log entry's own text (a long campaign's file;
py_rules/campaign/file_text.py): the same values as ``json.loads`` with the same number rules, and the same
verdict, problem for problem, as the file read whole and each entry written again to be measured."""

import copy
import json
from unittest import mock

import pytest
from hypothesis import given, settings, strategies as st

from py_rules import api, limits
from py_rules.campaign import file_text
from py_rules.campaign.entries import GROWTH
from py_rules.campaign.problems import LIMITS
from py_rules.log.entry import MAX_ENTRY_CHARS
from tests.campaign.test_check_file import CAMPAIGN, REQUEST, entry, wounded


def answer(text: str) -> dict:
    return json.loads(api.call(REQUEST, text))


def answer_read_whole(text: str) -> dict:
    """The answer with the file read whole (``limits.loads``) and each entry written again to be measured."""
    with mock.patch.object(file_text, "read", lambda text, decoder: None):
        return answer(text)


def assert_same_verdict(text: str) -> dict:
    found = answer(text)
    assert found == answer_read_whole(text)
    return found


def a_log(n=6):
    return [entry(i) if i % 2 else entry(i, wounded(10 - i), wounded(9 - i)) for i in range(n)]


JSON_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(10**12), 10**12)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
    max_leaves=20,
)


@settings(max_examples=150, deadline=None)
@given(
    value=st.dictionaries(st.sampled_from(["log", "id", "x", "log "]), JSON_VALUES | st.lists(JSON_VALUES), max_size=4),
    indent=st.sampled_from([None, 0, 2]),
    ascii_only=st.booleans(),
)
def test_the_file_read_a_value_at_a_time_is_the_file_json_reads(value, indent, ascii_only):
    text = json.dumps(value, indent=indent, ensure_ascii=ascii_only)
    read = file_text.read(text, limits.decoder(text))
    assert read is not None
    found, log = read
    assert found == json.loads(text)
    log_list = found.get("log")
    if isinstance(log_list, list):
        assert [json.loads(log.entry(i)) for i in range(len(log.spans))] == log_list
    else:
        assert log.spans == []


@pytest.mark.parametrize(
    "text",
    [
        "[1, 2]",
        '"text"',
        "{}x",
        '{"a": 1,}',
        '{"a" 1}',
        '{"log": [1, 2,]}',
        '{"log": [1 2]}',
        "{'a': 1}",
        '\ufeff{"a": 1}',
        '{"a": NaN}',
        '{"log": [1e400]}',
        '{"a": 1',
        "",
        " ",
    ],
)
def test_a_text_that_is_not_plainly_an_object_is_left_to_the_whole_reading(text):
    assert file_text.read(text, limits.decoder(text)) is None


def test_duplicate_keys_keep_the_last_value_at_the_first_place_as_json_does():
    text = '{"log": [{"a": 1}], "id": "c1", "log": [[2], [3]]}'
    found, log = file_text.read(text, limits.decoder(text))
    assert list(found.items()) == list(json.loads(text).items())
    assert [log.entry(i) for i in range(2)] == ["[2]", "[3]"]


def test_a_valid_file_written_any_way_has_the_same_verdict():
    value = {**CAMPAIGN, "log": a_log()}
    for text in (
        json.dumps(value),
        json.dumps(value, indent=2),
        json.dumps(value, ensure_ascii=True),
        json.dumps(value, separators=(",", ":")),
        json.dumps(value).replace(", ", " ,\n\t "),
    ):
        assert assert_same_verdict(text)["result"]["details"]["valid"]


@pytest.mark.parametrize(
    "spoil",
    [
        lambda log: log[1].update(kind="nonsense"),
        lambda log: log[2].update(id=log[0]["id"]),
        lambda log: log[1].update(result={"label": "x" * (LIMITS["text"] + 1)}),
        lambda log: log[1].update(result={"label": "x" * LIMITS["text"]}),
        lambda log: log[1].update(args={"k" * 201: 1}),
        lambda log: log[1].update(args={"k" * 200: 1}),
        lambda log: log[1].update(args={'k"' * 101: 1}),  # 202 characters, each quote written as two
        lambda log: log[1].update(args={"é" * 201: 1}),
        lambda log: log[1].update(args={"nodes": list(range(LIMITS["entry_nodes"] + 5))}),
        lambda log: log[1].update(args={"deep": json.loads("[" * 23 + "]" * 23)}),
        lambda log: log[1].update(result={"dice": [{"die": "d10", "face": "7", "purpose": 1}]}),
        lambda log: log[0]["before"]["pc-1"].update(hp="ten"),
        lambda log: log[0]["changes"]["pc-1"].update(hp=["ten"]),
        lambda log: log[0]["changes"]["pc-1"].update(name={"x": 1}),
        lambda log: log.append(5),
        lambda log: log[1].update(numbers=[1e15, 1e-7, 2.5e300, -0.0, 10**20]),
    ],
)
def test_a_spoiled_entry_is_refused_with_the_same_problems(spoil):
    log = a_log()
    spoil(log)
    text = json.dumps({**CAMPAIGN, "log": log}, separators=(",", ":"), ensure_ascii=False)
    assert_same_verdict(text)


def test_a_number_written_short_that_comes_out_long_stays_within_the_measure():
    """``1e15`` is ``1000000000000000.0`` written again: an entry of exponents as long as a text may be is still
    measured at most its bound, which stays below the longest entry."""
    assert GROWTH * LIMITS["text"] < MAX_ENTRY_CHARS
    log = a_log(2)
    log[1]["args"] = {"n": [1e15] * ((LIMITS["text"] - 200) // 5)}
    text = json.dumps({**CAMPAIGN, "log": log}, separators=(",", ":")).replace("1000000000000000.0", "1e15")
    assert len(json.dumps(log[1], ensure_ascii=False)) > MAX_ENTRY_CHARS / 40  # written again, it grows
    assert_same_verdict(text)


@settings(max_examples=60, deadline=None)
@given(
    where=st.integers(0, 5),
    field=st.sampled_from(["args", "result", "extra"]),
    value=JSON_VALUES,
    indent=st.sampled_from([None, 1]),
)
def test_any_value_put_in_an_entry_gets_the_same_verdict(where, field, value, indent):
    log = copy.deepcopy(a_log())
    log[where][field] = value
    text = json.dumps({**CAMPAIGN, "log": log}, indent=indent, ensure_ascii=False)
    assert_same_verdict(text)


def test_a_sheet_rebuilt_from_the_same_sheet_and_change_is_checked_once_and_a_different_one_again():
    """The verdict of a sheet rebuilt from the one before it is kept by those two texts: the same pair is one
    check; a pair that makes a sheet the game refuses is refused wherever it stands."""
    from py_rules.campaign import games

    good = [entry(i, wounded(10), wounded(9)) for i in (0, 1, 2, 3, 5)]
    bad = entry(4, wounded(10), {**wounded(9), "characteristics": {**wounded(9)["characteristics"], "STR": -5}})
    with mock.patch.object(games, "validate_sheet", wraps=games.validate_sheet) as validate_sheet:
        found = answer(json.dumps({**CAMPAIGN, "log": good[:4] + [bad] + good[4:]}))["result"]["details"]
    assert [p["path"] for p in found["problems"]] == ["log.4.changes.pc-1.characteristics.STR"]
    log_checks = [c for c in validate_sheet.call_args_list if c.args[1] != CAMPAIGN["characters"][0]["sheet"]]
    assert len(log_checks) == 3  # the sheet before (once), the sheet after it (once), the refused one


def test_a_checked_files_values_are_freed_once_the_answer_is_sent():
    """The web worker calls ``api.tidy`` after sending the answer: the file's values are freed then, not while the
    page waits; until then only the last file's are kept."""
    from py_rules import leftovers

    answer(json.dumps({**CAMPAIGN, "log": a_log()}))
    first = list(leftovers._LEFT)
    assert first and isinstance(first[0], dict) and len(first[0]["log"]) == 6
    answer(json.dumps({**CAMPAIGN, "log": a_log(2)}))
    assert len(leftovers._LEFT[0]["log"]) == 2  # the earlier file's let go
    api.tidy()
    assert leftovers._LEFT == []
