"""A log entry keeps each sheet before it and what changed; the sheet after it is rebuilt exactly
("before and after stay exactly recoverable for undo and for the file"; TABLE.md, Log)."""

import copy
import json

from hypothesis import given, settings, strategies as st

from py_rules import api
from py_rules.armageddon.character import EXAMPLE as ARMAGEDDON_SHEET
from py_rules.campaign.games import validate_sheet
from py_rules.coc.investigator import EXAMPLE as COC_SHEET, EXAMPLE_OPPONENT as COC_OPPONENT
from py_rules.log.changes import ChangesError, apply_changes, same_json, sheet_changes
from py_rules.log.entry import compact_entry, entry_after, validate_log_entry
from py_rules.semiautomagic.creature import EXAMPLE_ATTACKER, EXAMPLE_HUMAN

KEYS = st.sampled_from(["name", "hp", "skills", "Dodge", "notes", "1", "10", "", "__proto__", "x.y", "é"]) | st.text(
    max_size=6
)
SCALARS = (
    st.none()
    | st.booleans()
    | st.integers(-(10**12), 10**12)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=8)
)
JSON = st.recursive(
    SCALARS, lambda inner: st.lists(inner, max_size=4) | st.dictionaries(KEYS, inner, max_size=5), max_leaves=30
)
SHEETS = st.dictionaries(KEYS, JSON, max_size=8)


@st.composite
def edited(draw, value):
    """``value`` with a few random edits deep inside: a key changed, removed or added, a list or scalar replaced,
    an object turned into something else; keys kept in their order or not."""
    if type(value) is dict and draw(st.booleans()):
        out = dict(value)
        for key in list(out):
            choice = draw(st.sampled_from(["keep", "keep", "edit", "drop", "replace"]))
            if choice == "edit":
                out[key] = draw(edited(out[key]))
            elif choice == "drop":
                del out[key]
            elif choice == "replace":
                out[key] = draw(JSON)
        for key in draw(st.lists(KEYS, max_size=2)):
            out[key] = draw(JSON)
        if draw(st.integers(0, 9)) == 0:
            out = dict(reversed(list(out.items())))
        return out
    return draw(JSON) if draw(st.booleans()) else copy.deepcopy(value)


@st.composite
def sheet_pairs(draw):
    before = draw(SHEETS)
    after = draw(edited(before)) if draw(st.integers(0, 4)) else draw(SHEETS)
    return before, after


def text(value) -> str:
    return json.dumps(value, ensure_ascii=False)


@settings(max_examples=150, deadline=None)  # each example is a whole random sheet and its edits, about 20 ms
@given(sheet_pairs())
def test_the_change_record_rebuilds_the_sheet_after_exactly_and_shares_nothing_with_it(pair):
    """The record of what changed, stored through JSON, rebuilds the sheet after: the same value, types and key order;
    the sheet before stays as it was (undo writes it back); the rebuilt sheet shares nothing with the sheet or the
    record it was built from (emptying its lists and objects changes neither); and a sheet compared with a copy of
    itself keeps nothing. One random pair of sheets serves the four rules: drawing it is the cost of an example."""
    before, after = pair
    kept = copy.deepcopy(before)
    changes = json.loads(text(sheet_changes(before, after)))  # as stored: through JSON
    rebuilt = apply_changes(before, changes)
    assert same_json(rebuilt, after) and text(rebuilt) == text(after)  # same value, types and key order
    assert same_json(before, kept)  # before stays as it was: undo writes it back

    changes = sheet_changes(before, after)  # as made, not yet stored: shared with nothing either
    rebuilt = apply_changes(before, changes)
    frozen = text(before), text(changes)
    for value in rebuilt.values() if type(rebuilt) is dict else ():
        if type(value) in (dict, list):
            value.clear()
    assert (text(before), text(changes)) == frozen

    for sheet in (before, after) if type(after) is dict else (before,):  # an unchanged sheet keeps nothing
        assert sheet_changes(sheet, copy.deepcopy(sheet)) == {}


def test_one_whole_number_and_a_decimal_or_true_are_different_values():
    for old, new in ((1, 1.0), (1, True), (0.0, -0.0), (0, False)):
        changes = sheet_changes({"hp": old}, {"hp": new})
        assert changes == {"hp": [new]} and text(apply_changes({"hp": old}, changes)) == text({"hp": new})


def test_what_an_attack_keeps_is_only_what_changed_in_the_sheet():
    me, them = validate_sheet("coc", COC_SHEET), validate_sheet("coc", COC_OPPONENT)  # as a campaign keeps them
    for seed in range(6):
        result = api.handle({"op": "coc.attack", "args": {"investigator": me, "opponent": them}, "seed": seed})[
            "result"
        ]
        after = result["states"]["coc.opponent"]
        changes = sheet_changes(them, after)
        assert len(text(changes)) < len(text(after)) / 4
        assert text(apply_changes(them, changes)) == text(after)


REAL = [  # each game's example sheets through operations that change them: damage, healing, time passing
    ("armageddon", ARMAGEDDON_SHEET, "armageddon.apply_damage", "character", {"amount": 7}),
    ("armageddon", ARMAGEDDON_SHEET, "armageddon.advance_days", "character", {"days": 2}),
    ("coc", COC_SHEET, "coc.apply_damage", "investigator", {"amount": 5}),
    ("coc", COC_SHEET, "coc.sanity_roll", "investigator", {"loss": "1/1D6"}),
    ("semiautomagic", EXAMPLE_HUMAN, "semiautomagic.apply_damage", "creature", {"damage": 3}),
    ("semiautomagic", EXAMPLE_ATTACKER, "semiautomagic.advance_days", "creature", {"days": 1}),
]


def test_real_sheets_of_each_game_come_back_exactly_and_pass_their_game():
    checked = 0
    for game, example, op, field, args in REAL:
        for sheet in (example, validate_sheet(game, example)):  # as written, and as a campaign keeps it
            for seed in range(3):
                answer = api.handle({"op": op, "args": {field: sheet, **args}, "seed": seed})
                if not answer.get("ok"):
                    continue
                after = answer["result"].get("state") or next(iter(answer["result"]["states"].values()))
                old = {
                    "id": "e1",
                    "at": "2026-12-01T20:15:03Z",
                    "op": op,
                    "args": {},
                    "result": {},
                    "who": ["c1"],
                    "encounter": None,
                    "before": {"c1": sheet},
                    "after": {"c1": after},
                    "kind": "change",
                }
                new = compact_entry(json.loads(text(old)))
                assert "after" not in new and list(new) == [k if k != "after" else "changes" for k in old]
                assert text(entry_after(new)) == text(old["after"])
                assert validate_log_entry(old, game=game) == [] and validate_log_entry(new, game=game) == []
                checked += 1
    assert checked >= len(REAL) * 4


def entry(**fields) -> dict:
    return {
        "id": "e1",
        "at": "2026-12-01T20:15:03Z",
        "op": "coc.apply_damage",
        "args": {},
        "result": {},
        "who": ["c1"],
        "encounter": None,
        "before": {"c1": COC_SHEET},
        "changes": {"c1": {}},
        "kind": "change",
        **fields,
    }


def paths(problems) -> list:
    return [each["path"] for each in problems]


def test_an_entry_keeps_what_changed_or_the_sheets_after_it_not_both():
    both = entry(after={"c1": COC_SHEET})
    assert paths(validate_log_entry(both)) == ["log.0.after"]
    neither = entry()
    del neither["changes"]
    assert paths(validate_log_entry(neither)) == ["log.0.changes"]


def test_a_change_record_that_does_not_fit_its_sheet_is_a_problem_not_a_crash():
    for bad in ({"name": {"first": ["x"]}}, {"nothing": []}, {"hp": None}, {"hp": [1, 2]}, "text", [5], [[]]):
        found = validate_log_entry(entry(changes={"c1": bad}), game="coc")
        assert paths(found)[:1] == ["log.0.changes.c1"], bad
    try:
        apply_changes({"hp": 1}, {"hp": {"x": [1]}})
    except ChangesError:
        pass
    else:
        raise AssertionError("a change inside a number must be refused")


def test_a_sheet_after_it_that_the_game_refuses_names_that_sheet():
    found = validate_log_entry(entry(changes={"c1": {"characteristics": ["none"]}}), game="coc")
    assert found and all(p.startswith("log.0.changes.c1") for p in paths(found))
