"""The campaign file keeps the game master's side of the table (py_rules/campaign/table_field.py): its seats, roll
requests, decisions and update numbers, checked like every other part; a file without it reads as before; a log
entry names the proposal it accepted and its seat (py_rules/log/entry.py)."""

from __future__ import annotations

import copy
import json

import pytest

from py_rules import api
from py_rules.campaign.file import validate
from py_rules.campaign.repair import repair
from py_rules.log.changes import sheet_changes
from tests.campaign.test_campaign_file import campaign
from tests.table.table_setup import SEATS, accept, proposal

DECISION = {
    "proposal": "p-1",
    "seat": "s-1",
    "status": "accepted",
    "reason": None,
    "differs": ["Spot Hidden is 50 here; the player rolled against 55."],
    "entry": "e-1",
    "at": "2026-12-01T21:00:00Z",
}
REQUEST = {
    "id": "r-1",
    "op": "coc.sanity_roll",
    "args": {"loss": "1/1D6"},
    "label": "Sanity, all of you",
    "seats": ["s-1", "s-2"],
    "at": "2026-12-01T20:00:00Z",
    "answers": {"s-1": "p-1"},
}
TABLE = {"seats": SEATS, "requests": [REQUEST], "decisions": {"p-1": DECISION}, "seq": {"s-1": 3, "s-2": 0}}


def test_the_campaign_keeps_its_table_and_reads_it_back_the_same():
    checked = validate(campaign("coc", table=copy.deepcopy(TABLE)))
    assert checked.valid, checked.problems
    assert checked.campaign["table"] == TABLE and list(checked.campaign)[-1] == "table"
    again = validate(json.loads(json.dumps(checked.campaign)))
    assert again.valid and again.campaign == checked.campaign


def test_a_part_left_out_reads_as_empty_and_a_file_without_a_table_reads_as_before():
    assert validate(campaign("coc", table={})).campaign["table"] == {
        "seats": [],
        "requests": [],
        "decisions": {},
        "seq": {},
    }
    assert "table" not in validate(campaign("coc")).campaign


@pytest.mark.parametrize(
    "table, path",
    [
        ({"seats": [SEATS[0] | {"key": "short"}]}, "table.seats.0.key"),
        ({"seats": [SEATS[0], SEATS[0]]}, "table.seats.1.id"),
        ({"seats": [SEATS[0] | {"made": "yesterday"}]}, "table.seats.0.made"),
        ({"decisions": {"p-2": DECISION}}, "table.decisions.p-2.proposal"),
        ({"decisions": {"p-1": DECISION | {"status": "maybe"}}}, "table.decisions.p-1.status"),
        ({"seats": SEATS, "seq": {"s-9": 1}}, "table.seq.s-9"),
        ({"seats": SEATS, "seq": {"s-1": -1}}, "table.seq.s-1"),
        ({"requests": [REQUEST | {"seats": "s-1"}]}, "table.requests.0.seats"),
        ({"chairs": []}, "table.chairs"),
        ([], "table"),
    ],
)
def test_a_bad_table_is_refused_naming_the_place_and_dropped_by_the_repair(table, path):
    checked = validate(campaign("coc", table=table))
    assert not checked.valid and path in [p["path"] for p in checked.problems], checked.problems
    answer = api.handle({"op": "campaign.validate", "args": {"campaign": campaign("coc", table=table)}})
    assert answer["result"]["details"]["problems"][0]["text"].startswith("The table's seats and proposals")
    fixed = repair(campaign("coc", table=table), "2026-12-02T00:00:00Z")
    assert [each["path"] for each in fixed["dropped"]] == ["table"]
    assert "table" not in fixed["campaign"] and validate(fixed["campaign"]).valid


def test_an_accepted_proposal_written_as_a_log_entry_is_a_valid_entry_of_the_campaign():
    """The page writes each accepted entry into the log like any other change, tagged with its proposal and seat."""
    file = campaign("coc", table=copy.deepcopy(TABLE))
    harvey = file["characters"][0]
    made = proposal("p-7", "pc-1", "coc.apply_damage", {"amount": 3}, {"investigator": "pc-1"}, [])
    done = accept([made], [{"id": "pc-1", "name": "Harvey", "sheet": harvey["sheet"]}])
    (entry,) = done["entries"]
    logged = {
        "id": "e-1",
        "at": "2026-12-01T21:00:00Z",
        "op": entry["op"],
        "args": entry["args"],
        "result": entry["result"],
        "who": ["ch-0"],
        "encounter": None,
        "before": {"ch-0": entry["before"]["pc-1"]},
        "changes": {"ch-0": sheet_changes(entry["before"]["pc-1"], entry["states"]["pc-1"])},
        "kind": "change",
        "proposal": entry["proposal"],
        "seat": entry["seat"],
    }
    checked = validate(file | {"log": [logged]})
    assert checked.valid, checked.problems
    assert checked.campaign["log"][0]["proposal"] == "p-7" and checked.campaign["log"][0]["seat"] == "s-1"
    wrong = validate(file | {"log": [logged | {"proposal": ["p-7"]}]})
    assert [p["path"] for p in wrong.problems] == ["log.0.proposal"]
