"""``log.check`` (TABLE.md, Kept safe: import validates the whole file first): a long campaign file's log,
checked a stretch at a time, finds exactly what ``campaign.validate`` finds in the whole file."""

import copy

from hypothesis import given, settings, strategies as st

from py_rules import api
from py_rules.armageddon.character import EXAMPLE as ARMAGEDDON_SHEET
from py_rules.campaign.ops_common import EXAMPLE as CAMPAIGN
from py_rules.encounter.examples import EXAMPLE as ENCOUNTER
from py_rules.log.changes import sheet_changes
from py_rules.log.entry import entry_after
from py_rules.log.operations import EXAMPLE_ENTRY

HARVEY = CAMPAIGN["characters"][0]["sheet"]


def entry(i, kind="roll", undoes=None):
    out = copy.deepcopy(EXAMPLE_ENTRY)
    out["id"] = f"e{i}"
    if kind in ("undo", "redo"):
        out.update(kind=kind, op=f"log.{kind}", args={"entry": undoes}, result=None)
    return out


def change(i, before, after=None, old_shape=False):
    """An entry that changed character c1's sheet from ``before`` to ``after``: what changed, or (``old_shape``, a
    file of the older shape) the sheet after it whole."""
    after = copy.deepcopy(before if after is None else after)
    out = {**entry(i), "kind": "change", "before": {"c1": copy.deepcopy(before)}}
    if old_shape:
        del out["changes"]
        return {**out, "after": {"c1": after}}
    return {**out, "changes": {"c1": sheet_changes(before, after)}}


def strong(sheet, value):
    return {**copy.deepcopy(sheet), "characteristics": {**sheet["characteristics"], "STR": value}}


def mentioned(stretch, earlier):
    """The earlier ids a stretch's entries mention (their own ids and the entries they undo or redo): what the
    page sends with each stretch."""
    named = set()
    for each in stretch:
        if isinstance(each, dict):
            named.add(each.get("id"))
            if isinstance(each.get("args"), dict):
                named.add(each["args"].get("entry"))
    return [i for i in earlier if i in named]


def check(stretch, start, earlier, total, game="coc"):
    answer = api.handle(
        {
            "op": "log.check",
            "args": {"game": game, "entries": stretch, "start": start, "earlier": earlier, "total": total},
        }
    )
    assert answer["ok"], answer
    return answer["result"]["details"]


def whole(log):
    answer = api.handle({"op": "campaign.validate", "args": {"campaign": {**CAMPAIGN, "log": log}}})
    return answer["result"]["details"]["problems"]


def in_stretches(log, size, filtered=False):
    """As the page checks an import: stretch by stretch with the ids before it (all, or only those the stretch
    mentions), stopping at the first problem."""
    problems, earlier = [], []
    for start in range(0, len(log), size):
        stretch = log[start : start + size]
        sent = mentioned(stretch, earlier) if filtered else earlier
        problems += check(stretch, start, sent, len(log))["problems"]
        if problems:
            break
        earlier += [e["id"] for e in stretch if isinstance(e, dict) and isinstance(e.get("id"), str)]
    return problems


KINDS = [
    "ok",
    "repeat",
    "undo_later",
    "undo_earlier",
    "no_time",
    "big_text",
    "good_sheet",
    "empty_sheet",
    "good_sheet_old_shape",
    "strength_out_of_range_old_shape",
    "strength_out_of_range",
    "other_games_sheet",
    "same_sheet_again",
    "encounter_of_another_game",
    "encounter_of_this_game",
]


def build(kinds):
    log = []
    for i, kind in enumerate(kinds):
        if kind == "good_sheet":
            log.append(change(i, HARVEY, strong(HARVEY, 55)))
        elif kind == "good_sheet_old_shape":
            log.append(change(i, HARVEY, strong(HARVEY, 60), old_shape=True))
        elif kind == "strength_out_of_range_old_shape":
            log.append(change(i, HARVEY, strong(HARVEY, -5), old_shape=True))
        elif kind == "empty_sheet":
            log.append(change(i, {}, HARVEY))
        elif kind == "strength_out_of_range":
            log.append(change(i, HARVEY, {**strong(HARVEY, -99999), "hp": 10**12}))
        elif kind == "other_games_sheet":
            log.append(change(i, ARMAGEDDON_SHEET))
        elif kind == "same_sheet_again":  # consecutive entries share their sheets; each is still checked
            last = entry_after(log[-1]) if log and "c1" in log[-1].get("before", {}) else {}
            log.append(change(i, last.get("c1", HARVEY)))
        elif kind == "encounter_of_another_game":
            log.append(
                {
                    **entry(i),
                    "kind": "change",
                    "encounter_before": {**ENCOUNTER, "game": "semiautomagic", "combatants": []},
                    "encounter_after": None,
                }
            )
        elif kind == "encounter_of_this_game":
            log.append({**entry(i), "kind": "change", "encounter_before": ENCOUNTER, "encounter_after": None})
        else:
            log += build_plain(log, i, kind)
    return log


def build_plain(log, i, kind):
    if kind == "repeat" and log:
        return [copy.deepcopy(log[0])]
    if kind == "undo_later":
        return [entry(i, "undo", undoes=f"e{i + 1}")]
    if kind == "undo_earlier" and log:
        return [entry(i, "undo", undoes=log[0]["id"])]
    if kind == "no_time":
        return [{k: v for k, v in entry(i).items() if k != "at"}]
    if kind == "big_text":
        return [{**entry(i), "args": {"note": "x" * 20_001}}]
    return [entry(i)]


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(KINDS), max_size=12), st.integers(1, 5), st.booleans())
def test_a_log_checked_in_stretches_finds_what_the_whole_file_check_finds(kinds, size, filtered):
    log = build(kinds)
    found, expected = in_stretches(log, size, filtered), whole(log)
    assert bool(found) == bool(expected), "valid in stretches exactly when valid whole"
    if "big_text" not in kinds:  # the whole file skips every shape check after a size problem; a stretch only its own
        # the same place and reason (a problem's words for the user may name more of the file when it is whole)
        where = [(p["path"], p["message"]) for p in expected]
        assert all((p["path"], p["message"]) in where for p in found), (
            "each problem found is one the whole-file check lists"
        )


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(KINDS), min_size=1, max_size=12), st.data())
def test_earlier_ids_filtered_to_those_the_stretch_mentions_give_the_same_verdict(kinds, data):
    log = build(kinds)
    start = data.draw(st.integers(0, len(log) - 1), label="start")
    end = data.draw(st.integers(start + 1, len(log)), label="end")
    earlier = [e["id"] for e in log[:start] if isinstance(e.get("id"), str)]
    stretch = log[start:end]
    assert check(stretch, start, mentioned(stretch, earlier), len(log)) == check(stretch, start, earlier, len(log))


def test_a_log_longer_than_a_file_may_hold_is_refused_on_its_first_stretch():
    assert check([entry(0)], 0, [], 50_001)["problems"][0]["path"] == "log"


def test_a_logged_sheet_the_game_refuses_is_named_with_its_path_and_the_games_message():
    empty = check([change(0, {}, HARVEY)], 0, [], 1)["problems"]
    assert [p["path"] for p in empty] == ["log.0.before.c1.schema"]
    strongest = check([change(0, HARVEY), change(1, HARVEY, strong(HARVEY, -99999))], 0, [], 2)["problems"]
    assert [p["path"] for p in strongest] == ["log.1.changes.c1.characteristics.STR"]
    assert "-99999" in strongest[0]["message"]
    older = check([change(0, HARVEY, strong(HARVEY, -99999), old_shape=True)], 0, [], 1)["problems"]
    assert [p["path"] for p in older] == ["log.0.after.c1.characteristics.STR"]


def test_the_game_is_required_and_decides_which_sheets_are_valid():
    answer = api.handle({"op": "log.check", "args": {"entries": [change(0, HARVEY)]}})
    assert answer["ok"] is False and answer["error"]["field"] == "game"
    assert check([change(0, HARVEY)], 0, [], 1)["valid"]
    assert [p["path"] for p in check([change(0, HARVEY)], 0, [], 1, game="armageddon")["problems"]] == [
        "log.0.before.c1.schema",
        "log.0.changes.c1.schema",
    ]
