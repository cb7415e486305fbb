"""Undo and redo keep a campaign importable (TABLE.md, Log: "Undo the last state change"; Kept safe).

The page's own undo and redo (web/store/undo.mjs ``travelStep``, web/store/entries.mjs ``makeEntry``,
web/store/records.mjs ``withParts``, web/store/history.mjs, web/store/changes.mjs) run in Node
(tests/node/undo_table.mjs) on a campaign whose log holds real engine results of each game (damage, healing, time
passing, an encounter's steps), the engine run here as the page's worker runs it. Whatever the sequence, the
campaign's own export (its characters and encounters with the whole log) passes ``campaign.validate``: every sheet
an entry keeps is one its game accepts, so undo can write it back; and every change record the page made is the
engine's own (py_rules/log/changes.py ``sheet_changes``), every sheet after an entry the page reads is the engine's
(``entry_after``). And the converse: a file whose log entry keeps a sheet the game refuses does not import, with the
path of that sheet.
"""

import copy
import json
import shutil
import subprocess
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from py_rules import api
from py_rules.armageddon.character import EXAMPLE as ARMAGEDDON_SHEET
from py_rules.campaign.file import validate
from py_rules.campaign.migrations import SCHEMA
from py_rules.coc.investigator import EXAMPLE as COC_SHEET, EXAMPLE_OPPONENT as COC_OPPONENT
from py_rules.log.changes import apply_changes, sheet_changes
from py_rules.log.entry import entry_after
from py_rules.semiautomagic.creature import EXAMPLE_ATTACKER, EXAMPLE_HUMAN

DRIVER = Path(__file__).resolve().parents[1] / "node" / "undo_table.mjs"
NODE = shutil.which("node")
needs_node = pytest.mark.skipif(NODE is None, reason="Node is not installed")

AT = "2026-12-01T20:15:03.000Z"
SHEETS = {
    "armageddon": [ARMAGEDDON_SHEET, ARMAGEDDON_SHEET],
    "coc": [COC_SHEET, COC_OPPONENT],
    "semiautomagic": [EXAMPLE_HUMAN, EXAMPLE_ATTACKER],
}
SHEET_FIELD = {
    "armageddon": ("character", "armageddon.character"),
    "coc": ("investigator", "coc.investigator"),
    "semiautomagic": ("creature", "semiautomagic.creature"),
}
"""Each game's sheet field and the key its sheet comes back under in ``states``."""
CHANGES = {  # operations that change a sheet: damage, healing, time passing
    "armageddon": [
        ("armageddon.apply_damage", "amount"),
        ("armageddon.restore_points", None),
        ("armageddon.advance_days", None),
        ("armageddon.lose_essence", None),
    ],
    "coc": [
        ("coc.apply_damage", "amount"),
        ("coc.first_aid", None),
        ("coc.medicine", None),
        ("coc.advance_time", None),
        ("coc.sanity_roll", None),
    ],
    "semiautomagic": [
        ("semiautomagic.apply_damage", "damage"),
        ("semiautomagic.advance_days", None),
        ("semiautomagic.apply_morale_damage", "damage"),
    ],
}


def same(a, b) -> bool:
    """The page's ``same``: equal as JSON text."""
    return json.dumps(a) == json.dumps(b)


class Page:
    """The page's modules in a Node process (tests/node/undo_table.mjs), one JSON command a line."""

    def __init__(self):
        self.process = subprocess.Popen(
            [NODE, str(DRIVER)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, encoding="utf-8", bufsize=1
        )

    def ask(self, name: str, argument=True) -> dict:
        self.process.stdin.write(json.dumps({name: argument}) + "\n")
        self.process.stdin.flush()
        line = self.process.stdout.readline()
        assert line, "the page's modules stopped answering"
        answer = json.loads(line)
        assert "error" not in answer, answer["error"]
        return answer

    def close(self):
        self.process.stdin.close()
        self.process.wait(timeout=10)


@pytest.fixture(scope="module")
def modules():
    if NODE is None:
        pytest.skip("Node is not installed")
    running = Page()
    yield running
    running.close()


class Table:
    """One campaign as the page holds it, changed only by the page's modules; the engine's results from here."""

    def __init__(self, page: Page, file: dict):
        self.page = page
        self.made = []  # each change entry the page made, with the sheets the engine returned
        answer = page.ask("load", copy.deepcopy(file))
        self.campaign = answer["campaign"]
        self.done, self.undone = answer["done"], answer["undone"]

    def commit(self, sheets=None, encounters=None, entries=()):
        answer = self.page.ask(
            "commit", {"sheets": sheets or {}, "encounters": encounters or {}, "entries": list(entries)}
        )
        self.campaign = answer["campaign"]
        for spec, entry in zip(entries, answer["entries"], strict=True):
            self.made.append((spec, entry))

    def sheet(self, cid):
        return next((each["sheet"] for each in self.campaign["characters"] if each["id"] == cid), None)

    def travel(self, kind: str) -> bool:
        answer = self.page.ask("travel", kind)
        self.campaign = answer["campaign"]
        return answer["travelled"]

    # a change by a game's operation (the roll drawer on a character: app/operation_actions.mjs runNow)
    def change(self, index: int, op: str, amount_field, amount: int, seed: int):
        game = self.campaign["game"]
        field, key = SHEET_FIELD[game]
        character = self.campaign["characters"][index % len(self.campaign["characters"])]
        args = {field: character["sheet"], **({amount_field: amount} if amount_field else {})}
        answer = api.handle({"op": op, "args": args, "seed": seed})
        if not answer["ok"] or key not in (answer["result"].get("states") or {}):
            return  # refused (nobody to heal, …): nothing is stored
        cid, after = character["id"], answer["result"]["states"][key]
        entry = {
            "op": op,
            "args": {k: v for k, v in args.items() if k != field},
            "result": answer["result"],
            "who": [cid],
            "before": {cid: character["sheet"]},
            "after": {cid: after},
        }
        self.commit({cid: after}, {}, [entry])

    # an encounter's steps (app/encounter_actions.mjs: one entry a step, the encounter before and after)
    def start_encounter(self):
        game, n = self.campaign["game"], len(self.campaign["encounters"]) + len(self.made)
        party = {each["id"]: each["sheet"] for each in self.campaign["characters"]}
        args = {
            "id": f"enc-{n}",
            "name": f"Scene {n}",
            "game": game,
            "combatants": [{"character_id": cid} for cid in party],
        }
        answer = api.handle({"op": "encounter.start", "args": {**args, "sheets": party}})
        assert answer["ok"], answer
        state = answer["result"]["details"]["encounter"]
        entry = {
            "op": "encounter.start",
            "args": args,
            "result": answer["result"],
            "who": [],
            "encounter": state["id"],
            "encounter_after": state,
        }
        self.commit({}, {state["id"]: state}, [entry])

    def encounter_step(self, step: str, seed: int):
        if not self.campaign["encounters"]:
            return
        encounter = self.campaign["encounters"][-1]
        sheets = {
            c["character_id"]: self.sheet(c["character_id"])
            for c in encounter["combatants"]
            if c["character_id"] and self.sheet(c["character_id"]) is not None
        }
        answer = api.handle(
            {
                "op": f"encounter.{step}",
                "args": {"encounter": encounter, "sheets": sheets, "settings": self.campaign["settings"]},
                "seed": seed,
            }
        )
        if not answer["ok"]:
            return
        details = answer["result"]["details"]
        changed = details.get("sheets") or {}
        entry = {
            "op": f"encounter.{step}",
            "args": {},
            "result": answer["result"],
            "who": list(changed),
            "encounter": encounter["id"],
            "before": {cid: sheets[cid] for cid in changed},
            "after": changed,
            "encounter_before": encounter,
            "encounter_after": details["encounter"],
        }
        self.commit(changed, {encounter["id"]: details["encounter"]}, [entry])

    def run(self, step):
        kind = step[0]
        if kind in ("undo", "redo"):
            self.travel(kind)
        elif kind == "change":
            _, index, choice, amount, seed = step
            op, amount_field = CHANGES[self.campaign["game"]][choice % len(CHANGES[self.campaign["game"]])]
            self.change(index, op, amount_field, amount, seed)
        elif kind == "start":
            self.start_encounter()
        else:
            self.encounter_step(kind, step[1])

    def export(self) -> dict:
        answer = self.page.ask("export")
        self.done, self.undone = answer["done"], answer["undone"]
        return answer["file"]


def campaign(game: str) -> dict:
    data = {
        "schema": SCHEMA,
        "id": f"c-{game}",
        "name": "Night at the Opera",
        "game": game,
        "created": AT,
        "updated": AT,
        "revision": 0,
        "settings": {},
        "log": [],
        "encounters": [],
        "characters": [
            {"id": f"ch-{i}", "kind": "pc" if i == 0 else "npc", "sheet": copy.deepcopy(sheet)}
            for i, sheet in enumerate(SHEETS[game])
        ],
    }
    return validate(data).campaign  # as imported: every sheet canonical


STEPS = st.one_of(
    st.tuples(st.just("change"), st.integers(0, 1), st.integers(0, 4), st.integers(0, 25), st.integers(0, 999)),
    st.tuples(st.just("undo")),
    st.tuples(st.just("redo")),
    st.tuples(st.just("start")),
    st.tuples(st.sampled_from(["next", "end_round"]), st.integers(0, 999)),
)


KEYS = ["name", "hp", "skills", "Dodge", "notes", "1", "20", "", "__proto__", "constructor", "x.y", "é"]
JSON_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(10**6), 10**6)
    | st.integers(-(10**6), 10**6).map(lambda n: n + 0.25)
    | st.sampled_from(["", "a", "Harvey", "é ü", "x" * 30]),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.sampled_from(KEYS), inner, max_size=5),
    max_leaves=12,
)
"""JSON values as a sheet holds them (no whole-number decimals: the page reads 1.0 as 1, as JSON allows)."""


def same_value(a, b) -> bool:
    """Equal as JSON values (the page orders whole-number keys first in an object; JSON does not care)."""
    return json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)


@needs_node
@settings(max_examples=150, deadline=None)
@given(st.dictionaries(st.sampled_from(KEYS), JSON_VALUES, max_size=6), st.data())
def test_the_pages_change_records_rebuild_each_sheet_exactly_and_read_the_same_as_the_engines(modules, before, data):
    after = data.draw(
        st.one_of(
            JSON_VALUES,
            st.dictionaries(st.sampled_from(KEYS), JSON_VALUES, max_size=6).map(lambda extra: {**before, **extra}),
            st.sets(st.sampled_from(sorted(before) or [""])).map(
                lambda gone: {k: v for k, v in before.items() if k not in gone}
            ),
        )
    )
    answer = modules.ask("changes", [before, after, sheet_changes(before, after)])
    assert answer["exact"], (before, after)  # the page's own record rebuilds the sheet to the same text
    assert same_value(apply_changes(before, answer["changes"]), after)  # the engine reads the page's record
    assert same_value(answer["rebuilt"], after)  # and the page the engine's


def assert_the_page_reads_changes_as_the_engine(table: Table, file: dict):
    """Each change record the page made is the engine's own, and each sheet after an entry reads the same."""
    for spec, entry in table.made:
        for cid, after in (spec.get("after") or {}).items():
            assert entry["changes"][cid] == sheet_changes(spec["before"].get(cid), after), (spec["op"], cid)
    afters = table.page.ask("afters", file["log"])["afters"]
    assert afters == [entry_after(entry) for entry in file["log"]]


@needs_node
@settings(max_examples=40, deadline=None)
@given(
    st.sampled_from(sorted(SHEETS)),
    st.lists(STEPS, max_size=10),
    st.lists(st.sampled_from([("undo",), ("redo",)]), max_size=12),
)
def test_any_undo_and_redo_after_an_import_leaves_a_campaign_that_imports_again(modules, game, played, travels):
    table = Table(modules, campaign(game))
    for step in played:
        table.run(step)
    file = table.export()
    assert_the_page_reads_changes_as_the_engine(table, file)
    imported = validate(file)
    assert imported.valid, imported.problems[:3]
    again = Table(modules, imported.campaign)  # the file is imported on another device and its history read back
    assert (again.done, again.undone) == (table.done, table.undone)
    for step in travels:
        again.run(step)
    checked = validate(again.export())
    assert checked.valid, checked.problems[:3]
    assert validate(checked.campaign).campaign == checked.campaign


@needs_node
def test_undo_of_a_change_writes_the_sheet_back_exactly(modules):
    table = Table(modules, campaign("coc"))
    table.change(0, "coc.apply_damage", "amount", 5, 1)
    before = table.made[-1][1]["before"]["ch-0"]
    assert not same(table.sheet("ch-0"), before)
    assert table.travel("undo") and same(table.sheet("ch-0"), before)
    file = table.export()
    assert file["log"][-1]["kind"] == "undo" and validate(file).valid
    assert not table.travel("undo"), "nothing left to undo"
    assert table.travel("redo") and not same(table.sheet("ch-0"), before)


@needs_node
def test_undo_of_an_encounter_start_removes_it_and_redo_brings_it_back(modules):
    table = Table(modules, campaign("armageddon"))
    table.start_encounter()
    state = table.campaign["encounters"][0]
    assert table.travel("undo") and table.campaign["encounters"] == []
    assert table.travel("redo") and table.campaign["encounters"] == [state]
    assert validate(table.export()).valid


@needs_node
def test_undo_is_refused_once_the_sheet_changed_since_and_nothing_changes(modules):
    table = Table(modules, campaign("coc"))
    table.change(0, "coc.apply_damage", "amount", 3, 1)
    changed = table.sheet("ch-0")
    moved = {**changed, "name": "Someone else"}
    table.page.ask(
        "load",
        {
            **table.export(),
            "characters": [{**table.campaign["characters"][0], "sheet": moved}, *table.campaign["characters"][1:]],
        },
    )
    answer = table.page.ask("travel", "undo")
    assert answer["travelled"] is False and answer["why"] == "moved" and answer["moved"] == ["Someone else"]
    assert same(answer["campaign"]["characters"][0]["sheet"], moved)


def logged_change(game, before, after):
    return {
        "id": "e1",
        "at": AT,
        "op": f"{game}.apply_damage",
        "args": {},
        "result": {},
        "who": ["ch-0"],
        "encounter": None,
        "before": {"ch-0": before},
        "after": {"ch-0": after},
        "kind": "change",
    }


@pytest.mark.parametrize("game, field", [("coc", "schema"), ("armageddon", "attributes"), ("semiautomagic", "schema")])
def test_a_file_whose_entry_keeps_an_empty_sheet_before_is_refused_with_its_path(game, field):
    data = campaign(game)
    data["log"] = [logged_change(game, {}, data["characters"][0]["sheet"])]
    checked = validate(data)
    assert not checked.valid and [p["path"] for p in checked.problems] == [f"log.0.before.ch-0.{field}"]


def test_a_file_whose_entry_keeps_an_attribute_out_of_range_is_refused_with_its_path():
    data = campaign("armageddon")
    sheet = data["characters"][0]["sheet"]
    wild = {**sheet, "attributes": {**sheet["attributes"], "Strength": -99999}}
    data["log"] = [logged_change("armageddon", sheet, wild)]
    checked = validate(data)
    assert [p["path"] for p in checked.problems] == ["log.0.after.ch-0.attributes.Strength"]
    assert "-99999" in checked.problems[0]["message"]


def test_an_undo_entry_that_keeps_a_sheet_the_game_refuses_is_refused_too():
    data = campaign("coc")
    sheet = data["characters"][0]["sheet"]
    change = logged_change("coc", sheet, sheet)
    undo = {
        **change,
        "id": "e2",
        "op": "log.undo",
        "args": {"entry": "e1"},
        "result": None,
        "kind": "undo",
        "before": {"ch-0": sheet},
        "after": {"ch-0": {**sheet, "luck": 10**12}},
    }
    checked = validate({**data, "log": [change, undo]})
    assert [p["path"] for p in checked.problems] == ["log.1.after.ch-0.luck"]


def test_a_file_whose_entry_changes_a_sheet_into_one_the_game_refuses_is_refused_with_its_path():
    data = campaign("armageddon")
    sheet = data["characters"][0]["sheet"]
    wild = {**sheet, "attributes": {**sheet["attributes"], "Strength": -99999}}
    entry = {**logged_change("armageddon", sheet, sheet), "changes": {"ch-0": sheet_changes(sheet, wild)}}
    del entry["after"]
    checked = validate({**data, "log": [entry]})
    assert [p["path"] for p in checked.problems] == ["log.0.changes.ch-0.attributes.Strength"]
    assert "-99999" in checked.problems[0]["message"]
