"""Text from a character file meets the same rule as text typed in the page (py_rules/text.py): a lone surrogate
anywhere in the file is refused naming its place in the file, a name with a control or direction-turning character
is refused naming the sheet's field, and whatever the import lets in the campaign keeps (the import runs the
campaign's own check of a character)."""

import copy
import json

import pytest
from hypothesis import given, settings, strategies as st

from py_rules import api
from py_rules.campaign.ops_common import EXAMPLE as CAMPAIGN
from tests.interchange.test_import_coc import DHOLE, FOUNDRY
from tests.interchange.test_import_unisystem import ACTOR

FORMATS = {  # format → (a file of it, where its character's name is written, the campaign's game)
    "dholes_house": (DHOLE, ("Investigator", "PersonalDetails", "Name"), "coc"),
    "foundry_coc7": (FOUNDRY, ("name",), "coc"),
    "foundry_unisystem": (ACTOR, ("name",), "armageddon"),
}


def with_name(data, where, name):
    data = copy.deepcopy(data)
    node = data
    for key in where[:-1]:
        node = node[key]
    node[where[-1]] = name
    return data


def escaped(data) -> str:
    """The file as a tool writes it with ASCII escapes: a lone surrogate becomes the escape ``\\ud800``."""
    text = json.dumps(data, ensure_ascii=True)
    assert "\\ud800" in text
    return text


def imported(text, **args):
    response = api.handle({"op": "interchange.import_character", "args": {"text": text, **args}})
    assert response["ok"], response["error"]
    return response["result"]


@pytest.mark.parametrize("fmt", list(FORMATS))
def test_a_file_whose_name_holds_a_lone_surrogate_is_refused_naming_its_place_in_the_file(fmt):
    data, where, _ = FORMATS[fmt]
    answer = imported(escaped(with_name(data, where, "Harvey \ud800")))
    details = answer["details"]
    assert not details["valid"] and details["sheet"] is None
    assert details["problem"]["field"] == ".".join(where)
    assert (
        "not valid Unicode text" in details["problem"]["message"] and ".".join(where) in details["problem"]["message"]
    )
    assert answer["events"] == ["Nothing was read from this file."]
    assert "\ud800" not in json.dumps(answer, ensure_ascii=False)  # the answer carries no half character
    api.call(
        json.dumps({"op": "interchange.import_character", "args": {"text": escaped(with_name(data, where, "\ud800"))}})
    ).encode("utf-8")  # the door's answer is UTF-8 text


@pytest.mark.parametrize("fmt", list(FORMATS))
def test_a_lone_surrogate_anywhere_in_the_file_is_refused_not_only_in_the_name(fmt):
    data, _, _ = FORMATS[fmt]
    data = {**copy.deepcopy(data), "\udc00": "x"}  # even a key the format never reads: the report would quote it
    details = imported(json.dumps(data))["details"]
    assert not details["valid"] and details["problem"]["field"] == ""


@pytest.mark.parametrize("fmt", list(FORMATS))
@pytest.mark.parametrize(
    "name, char",
    [
        ("Ann\u202eeoJ", "U+202E"),
        ("Ann\x00", "U+0000"),
        ("Ann\u2066x", "U+2066"),
        ("Ann\x07Bee", "U+0007"),
        ("Ann\x9b", "U+009B"),
    ],
)
def test_a_name_with_a_control_or_direction_turning_character_is_refused_naming_the_field(fmt, name, char):
    data, where, game = FORMATS[fmt]
    answer = imported(json.dumps(with_name(data, where, name)), game=game)
    details = answer["details"]
    assert not details["valid"] and details["problem"]["field"] == "name" and char in details["problem"]["message"]
    assert name not in answer["events"][0]  # the headline does not show the refused name


@pytest.mark.parametrize("fmt", list(FORMATS))
def test_a_tab_or_a_next_line_in_a_files_name_reads_as_the_space_it_stands_for(fmt):
    data, where, game = FORMATS[fmt]  # every format reads a name's whitespace as single spaces
    details = imported(json.dumps(with_name(data, where, "Ann\tBee\x85Cole")), game=game)["details"]
    assert details["valid"] and details["sheet"]["name"] == "Ann Bee Cole"


def test_a_name_with_a_right_to_left_mark_is_kept():
    data, where, _ = FORMATS["dholes_house"]
    details = imported(json.dumps(with_name(data, where, "\u05d3\u05d5\u05d3 2\u200f")))["details"]
    assert details["valid"] and details["sheet"]["name"] == "\u05d3\u05d5\u05d3 2\u200f"


def test_notes_from_a_file_keep_their_line_breaks():
    data = copy.deepcopy(DHOLE)
    data["Investigator"]["Backstory"] = {"description": "A reporter.\r\nAsks one question too many.\tAlways."}
    details = imported(json.dumps(data))["details"]
    assert details["valid"] and "\r\n" in details["sheet"]["backstory"]


def campaign_verdict(game, sheet):
    campaign = {
        **copy.deepcopy(CAMPAIGN),
        "game": game,
        "settings": {},
        "characters": [{"id": "pc-1", "kind": "pc", "sheet": sheet}],
    }
    response = api.handle({"op": "campaign.validate", "args": {"campaign": campaign}})
    assert response["ok"], response["error"]
    return response["result"]["details"]


NAMES = st.text(max_size=12) | st.sampled_from(["\ud800", "A\u202eB", "\x00", "x" * 81, " ", "Ann\n"])


@settings(max_examples=60, deadline=None)
@given(fmt=st.sampled_from(list(FORMATS)), name=NAMES, notes=st.text(max_size=30) | st.just("\udfff"))
def test_what_an_import_lets_in_the_campaign_keeps(fmt, name, notes):
    data, where, game = FORMATS[fmt]
    data = with_name(data, where, name)
    if fmt == "dholes_house":
        data["Investigator"]["Backstory"] = {"description": notes}
    else:
        data.setdefault("system", {})["biography"] = notes
    details = imported(json.dumps(data))["details"]
    if details["valid"]:
        assert campaign_verdict(game, details["sheet"])["valid"]
    else:
        assert details["problem"]["message"]
