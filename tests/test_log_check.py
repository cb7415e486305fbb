"""``log.check`` (TABLE.md, Kept safe: import validates the whole file first): a long campaign file's log,
checked a stretch at a time, finds exactly what ``campaign.validate`` finds in the whole file."""

import copy

from hypothesis import given, settings, strategies as st

from py_rules import api
from py_rules.campaign.operations import EXAMPLE as CAMPAIGN
from py_rules.log.operations import EXAMPLE_ENTRY


def entry(i, kind="roll", undoes=None):
    out = copy.deepcopy(EXAMPLE_ENTRY)
    out["id"] = f"e{i}"
    if kind in ("undo", "redo"):
        out.update(kind=kind, op=f"log.{kind}", args={"entry": undoes}, result=None)
    return out


def whole(log):
    answer = api.handle({"op": "campaign.validate", "args": {"campaign": {**CAMPAIGN, "log": log}}})
    return answer["result"]["details"]["problems"]


def in_stretches(log, size):
    """As the page checks an import: stretch by stretch with the ids before it, stopping at the first problem."""
    problems, earlier = [], []
    for start in range(0, len(log), size):
        stretch = log[start:start + size]
        answer = api.handle({"op": "log.check", "args": {"entries": stretch, "start": start, "earlier": earlier,
                                                         "total": len(log)}})
        problems += answer["result"]["details"]["problems"]
        if problems:
            break
        earlier += [e["id"] for e in stretch if isinstance(e, dict) and isinstance(e.get("id"), str)]
    return problems


@settings(max_examples=40, deadline=None)
@given(st.lists(st.sampled_from(["ok", "repeat", "undo_later", "undo_earlier", "no_time", "big_text"]), max_size=12),
       st.integers(1, 5))
def test_a_log_checked_in_stretches_finds_what_the_whole_file_check_finds(kinds, size):
    log = []
    for i, kind in enumerate(kinds):
        if kind == "repeat" and log:
            log.append(copy.deepcopy(log[0]))
        elif kind == "undo_later":
            log.append(entry(i, "undo", undoes=f"e{i + 1}"))
        elif kind == "undo_earlier" and log:
            log.append(entry(i, "undo", undoes=log[0]["id"]))
        elif kind == "no_time":
            log.append({k: v for k, v in entry(i).items() if k != "at"})
        elif kind == "big_text":
            log.append({**entry(i), "args": {"note": "x" * 20_001}})
        else:
            log.append(entry(i))
    found, expected = in_stretches(log, size), whole(log)
    assert bool(found) == bool(expected), "valid in stretches exactly when valid whole"
    if "big_text" not in kinds:  # the whole file skips every shape check after a size problem; a stretch only its own
        assert all(p in expected for p in found), "each problem found is one the whole-file check lists"


def test_a_log_longer_than_a_file_may_hold_is_refused_on_its_first_stretch():
    answer = api.handle({"op": "log.check", "args": {"entries": [entry(0)], "total": 50_001}})
    assert answer["result"]["details"]["problems"][0]["path"] == "log"
