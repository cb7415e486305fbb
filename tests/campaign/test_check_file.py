"""``campaign.check_file`` (TABLE.md, Kept safe: import validates the whole file
first): a campaign file's text, sent beside the request, is parsed and checked once, its log included, with the
verdict ``campaign.validate`` gives the same campaign; the door's bounds still hold for the text."""

import copy
import json

import pytest

from py_rules import api, limits
from py_rules.campaign.file import validate
from py_rules.campaign.ops_common import EXAMPLE as CAMPAIGN
from py_rules.log.changes import sheet_changes
from py_rules.log.operations import EXAMPLE_ENTRY

HARVEY = CAMPAIGN["characters"][0]["sheet"]
REQUEST = json.dumps({"op": "campaign.check_file", "args": {}})


def entry(i, before=None, after=None, old_shape=False):
    """A roll (no sheet) or a change of character pc-1 from ``before`` to ``after``: what changed, or (``old_shape``,
    a file of the older shape) the sheet after it whole."""
    out = {**copy.deepcopy(EXAMPLE_ENTRY), "id": f"e{i}", "who": ["pc-1"]}
    if before is None:
        return out
    out.update(kind="change", before={"pc-1": copy.deepcopy(before)})
    if old_shape:
        del out["changes"]
        return {**out, "after": {"pc-1": copy.deepcopy(after)}}
    return {**out, "changes": {"pc-1": sheet_changes(before, after)}}


def wounded(hp):
    return {**copy.deepcopy(HARVEY), "hp": hp}


def file_text(log) -> str:
    return json.dumps({**CAMPAIGN, "log": log}, separators=(",", ":"), ensure_ascii=False)


def checked(text: str) -> dict:
    answer = json.loads(api.call(REQUEST, text))
    assert answer["ok"], answer
    return answer["result"]["details"]


def test_a_whole_file_and_its_log_are_checked_in_one_call_and_the_log_is_left_to_the_page():
    log = [entry(i) if i % 2 else entry(i, wounded(10 - i), wounded(9 - i)) for i in range(8)]
    details = checked(file_text(log))
    assert details["valid"] and details["problems"] == [] and details["entries"] == 8
    assert details["log"] == "file" and details["campaign"]["log"] == []  # the page keeps the file's own log
    canonical = validate({**CAMPAIGN, "log": log}).campaign
    assert details["campaign"] == {**canonical, "log": []}


def test_a_bad_sheet_in_the_log_is_refused_naming_the_character_and_its_field():
    log = [entry(0), entry(1, wounded(10), {**wounded(9), "characteristics": {**HARVEY["characteristics"], "STR": -5}})]
    details = checked(file_text(log))
    assert not details["valid"] and details["campaign"] is None
    [found] = details["problems"]
    assert [{"path": found["path"], "message": found["message"]}] == validate({**CAMPAIGN, "log": log}).problems
    assert found["path"] == "log.1.changes.pc-1.characteristics.STR"
    assert found["text"].startswith("Log entry 2, “Harvey Walters”") and "log.1" not in found["text"]  # in words


def test_an_older_file_whose_entries_keep_each_sheet_after_them_still_imports():
    log = [entry(0, wounded(10), wounded(7), old_shape=True), entry(1)]
    details = checked(file_text(log))
    assert details["valid"] and details["log"] == "file"
    assert validate({**CAMPAIGN, "log": log}).campaign["log"][0]["changes"] == {"pc-1": {"hp": [7]}}


def test_an_older_entry_whose_sheet_after_it_the_game_refuses_is_refused():
    log = [entry(0, wounded(10), {**wounded(7), "luck": "lots"}, old_shape=True)]
    details = checked(file_text(log))
    assert not details["valid"] and details["problems"][0]["path"].startswith("log.0.after.pc-1")


def test_a_text_that_is_not_json_too_deep_or_quoting_a_huge_number_is_refused_as_the_whole_file():
    for text, code in (
        ('{"schema": ', "bad_json"),
        ("[" * 100 + "]" * 100, "too_deep"),
        (file_text([]).replace('"revision":0', '"revision":' + "9" * 40), "bad_json"),
        (file_text([]) + " " * 200_000 + "NaN", "bad_json"),
    ):
        answer = json.loads(api.call(REQUEST, text))
        assert not answer["ok"] and answer["error"]["code"] == code and answer["error"]["field"] == "text"
        assert "campaign file" in answer["error"]["message"]


def test_a_long_file_quoting_a_huge_number_is_refused_as_a_short_one_is():
    text = file_text([entry(i) for i in range(300)])  # over 100,000 characters: read without a call per number
    assert len(text) > 100_000 and checked(text)["valid"]
    answer = json.loads(api.call(REQUEST, text.replace('"revision":0', '"revision":' + "9" * 31)))
    assert answer["error"]["code"] == "bad_json" and "31 digits" not in answer["error"]["message"]
    assert "more than 30 digits" in answer["error"]["message"]


def test_a_text_beside_the_request_keeps_the_doors_bounds():
    answer = json.loads(api.call(json.dumps({"op": "campaign.check_file", "args": {"text": "{}"}}), "{}"))
    assert answer["error"]["field"] == "text"  # sent twice
    answer = json.loads(api.call(REQUEST, "\ud800" * 20_000))
    assert answer["error"]["code"] == "bad_text"
    answer = json.loads(api.call(json.dumps({"op": "coc.skill_roll", "args": {}}), "{}"))
    assert answer["error"]["code"] == "unknown_field"  # only an operation that reads a text takes one
    answer = json.loads(api.call(REQUEST, 5))
    assert answer["error"]["code"] == "wrong_type"


def test_a_text_longer_than_the_door_reads_is_refused_before_it_is_read(monkeypatch):
    monkeypatch.setattr(limits, "MAX_TEXT_CHARS", 10)
    answer = json.loads(api.call(REQUEST, file_text([])))
    assert answer["error"]["code"] == "too_large" and answer["error"]["field"] == "text"


def test_a_file_of_the_old_pages_values_comes_back_whole_with_its_log():
    old = {
        "schema": "rules-companion.campaign/0",
        "game": "coc",
        "states": {"coc.investigator": HARVEY},
        "settings": {},
    }
    details = checked(json.dumps(old))
    assert details["valid"] and details["migrated_from"] == "rules-companion.campaign/0"
    assert details["log"] == "campaign" and details["campaign"]["characters"][0]["sheet"]["name"] == HARVEY["name"]


def test_half_a_character_written_as_an_escape_anywhere_in_the_log_is_refused_naming_where():
    log = [entry(0), {**entry(1), "result": {**EXAMPLE_ENTRY["result"], "label": "Harvey \ud800"}}]
    text = json.dumps({**CAMPAIGN, "log": log})  # ASCII only: the half character is an escape
    assert "\\ud800" in text
    details = checked(text)
    assert not details["valid"] and details["problems"][0]["path"] == "log.1.result.label"
    emoji = json.dumps({**CAMPAIGN, "log": [{**entry(0), "result": {**EXAMPLE_ENTRY["result"], "label": "🎲"}}]})
    assert "\\ud83c" in emoji and checked(emoji)["valid"]  # a whole character written as two escapes is fine


def test_an_entry_measured_by_its_text_has_the_length_of_its_whole_text():
    from py_rules.campaign.entries import _plainly_bounded

    odd = {**entry(3, wounded(9), wounded(8)), "result": {**EXAMPLE_ENTRY["result"], "label": 'Ann "Quote" \\ é 🎲'}}
    for each in (entry(0), entry(1, wounded(10), wounded(4)), entry(2, wounded(10), wounded(4), old_shape=True), odd):
        assert _plainly_bounded(each) == len(json.dumps(each, ensure_ascii=False))


def test_an_entry_its_text_cannot_vouch_for_is_walked_and_refused_as_before():
    long_text = {**entry(1), "result": {**EXAMPLE_ENTRY["result"], "label": "x" * 20_001}}
    long_key = {**entry(2), "args": {"k" * 201: 1}}
    for bad in (long_text, long_key):
        details = checked(file_text([entry(0), bad]))
        assert not details["valid"]
        assert [{"path": p["path"], "message": p["message"]} for p in details["problems"]] == validate(
            {**CAMPAIGN, "log": [entry(0), bad]}
        ).problems


def test_a_file_sent_as_its_bytes_is_read_as_a_browser_reads_its_text():
    text = file_text([entry(0), entry(1, wounded(10), wounded(6))])
    assert checked(text.encode("utf-8")) == checked(text)
    assert checked(b"\xef\xbb\xbf" + text.encode("utf-8"))["valid"]  # a byte-order mark is dropped
    named = text.replace('"name":"Example campaign"', '"name":"Example \xff"').encode("latin-1", "replace")
    assert checked(named.replace(b"Example \xff", b"Example \xff"))["campaign"]["name"] == "Example \ufffd"


@pytest.mark.parametrize(
    "name, code", [("Harvey \ud800", "not valid Unicode text"), ("Harvey\u202e", "U+202E"), ("Harvey\x00", "U+0000")]
)
def test_a_file_whose_sheet_name_holds_a_refused_character_is_refused_at_import_naming_the_sheets_field(name, code):
    campaign = copy.deepcopy(CAMPAIGN)
    campaign["characters"][0]["sheet"]["name"] = name
    text = json.dumps(campaign)  # ASCII only: each character an escape, as an export may write it
    details = checked(text)
    assert not details["valid"] and details["problems"][0]["path"] == "characters.0.sheet.name"
    assert code in details["problems"][0]["message"]
    response = api.handle({"op": "campaign.validate", "args": {"campaign": json.loads(text)}})
    refused = response["result"]["details"] if response["ok"] else {"valid": False}
    assert not refused["valid"]  # what the file import refuses, the campaign's own check refuses too


def test_a_logged_sheet_with_a_direction_override_in_its_name_is_refused_naming_the_entry():
    turned = {**HARVEY, "name": "Harvey\u202e"}
    details = checked(file_text([entry(0), entry(1, turned, {**turned, "hp": 9})]))
    assert not details["valid"] and details["problems"][0]["path"].startswith("log.1.before.")
    assert details["problems"][0]["path"].endswith(".name") and "U+202E" in details["problems"][0]["message"]
