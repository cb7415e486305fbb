"""Undo and redo keep a campaign importable (TABLE.md, Log: "Undo the last state change"; Kept safe).

A small reference model of the page's undo and redo (web/app/log_actions.mjs ``travel``, web/store/history.mjs,
web/store/records.mjs ``withParts``, web/store/entries.mjs ``makeEntry``) runs on a campaign whose log holds real
engine results of each game (damage, healing, time passing, an encounter's steps). Whatever the sequence, the
campaign's own export (its characters and encounters with the whole log) passes ``campaign.validate``: every sheet
an entry keeps is one its game accepts, so undo can write it back. And the converse: a file whose log entry keeps a
sheet the game refuses does not import, with the path of that sheet.
"""

import copy
import json

import pytest
from hypothesis import given, settings, strategies as st

from py_rules import api
from py_rules.armageddon.character import EXAMPLE as ARMAGEDDON_SHEET
from py_rules.campaign.file import validate
from py_rules.campaign.migrations import SCHEMA
from py_rules.log.changes import sheet_changes
from py_rules.log.entry import entry_after
from py_rules.coc.investigator import EXAMPLE as COC_SHEET, EXAMPLE_OPPONENT as COC_OPPONENT
from py_rules.semiautomagic.creature import EXAMPLE_ATTACKER, EXAMPLE_HUMAN

AT = "2026-12-01T20:15:03.000Z"
SHEETS = {"armageddon": [ARMAGEDDON_SHEET, ARMAGEDDON_SHEET], "coc": [COC_SHEET, COC_OPPONENT],
          "semiautomagic": [EXAMPLE_HUMAN, EXAMPLE_ATTACKER]}
SHEET_FIELD = {"armageddon": ("character", "armageddon.character"), "coc": ("investigator", "coc.investigator"),
               "semiautomagic": ("creature", "semiautomagic.creature")}
"""Each game's sheet field and the key its sheet comes back under in ``states``."""
CHANGES = {  # operations that change a sheet: damage, healing, time passing
    "armageddon": [("armageddon.apply_damage", "amount"), ("armageddon.restore_points", None),
                   ("armageddon.advance_days", None), ("armageddon.lose_essence", None)],
    "coc": [("coc.apply_damage", "amount"), ("coc.first_aid", None), ("coc.medicine", None),
            ("coc.advance_time", None), ("coc.sanity_roll", None)],
    "semiautomagic": [("semiautomagic.apply_damage", "damage"), ("semiautomagic.advance_days", None),
                      ("semiautomagic.apply_morale_damage", "damage")],
}


def same(a, b) -> bool:
    """The page's ``same``: equal as JSON text."""
    return json.dumps(a) == json.dumps(b)


class Table:
    """One campaign as the page holds it: characters, encounters, the log, and the undo and redo stacks."""

    def __init__(self, campaign: dict):
        self.campaign = copy.deepcopy(campaign)
        self.count = 0
        self.done, self.undone = [], []
        for entry in self.campaign["log"]:
            self._history(entry)

    # web/store/entries.mjs makeEntry and web/store/history.mjs historyAfter
    def entry(self, op, args=None, result=None, who=(), encounter=None, before=None, after=None,
              encounter_before=None, encounter_after=None, kind=None) -> dict:
        self.count += 1
        before, after = before or {}, after or {}
        changed = bool(before) or bool(after) or encounter_before is not None or encounter_after is not None
        logged = None if result is None else {k: v for k, v in result.items() if k not in ("state", "states")}
        out = {"id": f"e-{len(self.campaign['log'])}-{self.count}", "at": AT, "op": op, "args": args or {},
               "result": logged, "who": list(dict.fromkeys(who)), "encounter": encounter, "before": before,
               "changes": {cid: sheet_changes(before.get(cid), sheet) for cid, sheet in after.items()},
               "kind": kind or ("change" if changed else "roll")}
        if encounter_before is not None or encounter_after is not None:
            out.update(encounter_before=encounter_before, encounter_after=encounter_after)
        return out

    def _history(self, entry):
        target = entry["args"].get("entry") if isinstance(entry["args"], dict) else None
        if entry["kind"] == "change":
            self.done, self.undone = (self.done + [entry["id"]])[-500:], []
        elif entry["kind"] == "undo" and self.done and self.done[-1] == target:
            self.done, self.undone = self.done[:-1], self.undone + [target]
        elif entry["kind"] == "redo" and self.undone and self.undone[-1] == target:
            self.done, self.undone = self.done + [target], self.undone[:-1]

    # web/app/log_actions.mjs commit and web/store/records.mjs withParts
    def commit(self, sheets=None, encounters=None, entries=()):
        sheets, encounters = sheets or {}, encounters or {}
        for each in self.campaign["characters"]:
            if each["id"] in sheets:
                each["sheet"] = sheets[each["id"]]
        kept = [encounters.get(e["id"], e) for e in self.campaign["encounters"]
                if e["id"] not in encounters or encounters[e["id"]] is not None]
        kept += [state for eid, state in encounters.items() if state and not any(e["id"] == eid for e in kept)]
        self.campaign["encounters"] = kept
        for entry in entries:
            self.campaign["log"].append(entry)
            self._history(entry)

    def sheet(self, cid):
        return next((each["sheet"] for each in self.campaign["characters"] if each["id"] == cid), None)

    # web/app/log_actions.mjs travel
    def travel(self, kind: str) -> bool:
        undoing = kind == "undo"
        stack = self.done if undoing else self.undone
        if not stack:
            return False
        target = next(e for e in self.campaign["log"] if e["id"] == stack[-1])
        after = entry_after(target)  # web/store/changes.mjs entryAfter: each sheet whole, as the entry left it
        start, end = (after, target["before"]) if undoing else (target["before"], after)
        enc_from = target.get("encounter_after" if undoing else "encounter_before")
        enc_to = target.get("encounter_before" if undoing else "encounter_after")
        enc_id = (enc_to or enc_from or {}).get("id")
        moved = [cid for cid in start if not same(self.sheet(cid), start[cid])]
        current = next((e for e in self.campaign["encounters"] if e["id"] == enc_id), None)
        if moved or (enc_id and not same(current, enc_from)):
            return False  # "Cannot undo: … changed since. Nothing was changed."
        extra = {"encounter_before": enc_from, "encounter_after": enc_to} if enc_id else {}
        entry = self.entry(f"log.{kind}", {"entry": target["id"]}, None, target["who"], target["encounter"],
                           start, end, kind=kind, **extra)
        self.commit(end, {enc_id: enc_to} if enc_id else {}, [entry])
        return True

    # a change by a game's operation (the roll drawer on a character) and an encounter's steps
    def change(self, index: int, op: str, amount_field, amount: int, seed: int):
        game = self.campaign["game"]
        field, key = SHEET_FIELD[game]
        character = self.campaign["characters"][index % len(self.campaign["characters"])]
        args = {field: character["sheet"], **({amount_field: amount} if amount_field else {})}
        answer = api.handle({"op": op, "args": args, "seed": seed})
        if not answer["ok"] or key not in (answer["result"].get("states") or {}):
            return  # refused (nobody to heal, …): nothing is stored
        cid, after = character["id"], answer["result"]["states"][key]
        entry = self.entry(op, {k: v for k, v in args.items() if k != field}, answer["result"], [cid], None,
                           {cid: character["sheet"]}, {cid: after})
        self.commit({cid: after}, {}, [entry])

    def start_encounter(self):
        game, n = self.campaign["game"], len(self.campaign["encounters"]) + self.count
        party = {each["id"]: each["sheet"] for each in self.campaign["characters"]}
        args = {"id": f"enc-{n}", "name": f"Scene {n}", "game": game,
                "combatants": [{"character_id": cid} for cid in party]}
        answer = api.handle({"op": "encounter.start", "args": {**args, "sheets": party}})
        assert answer["ok"], answer
        state = answer["result"]["details"]["encounter"]
        entry = self.entry("encounter.start", args, answer["result"], [], state["id"], encounter_after=state)
        self.commit({}, {state["id"]: state}, [entry])

    def encounter_step(self, step: str, seed: int):
        if not self.campaign["encounters"]:
            return
        encounter = self.campaign["encounters"][-1]
        sheets = {c["character_id"]: self.sheet(c["character_id"]) for c in encounter["combatants"]
                  if c["character_id"] and self.sheet(c["character_id"]) is not None}
        answer = api.handle({"op": f"encounter.{step}", "args": {"encounter": encounter, "sheets": sheets,
                                                                  "settings": self.campaign["settings"]},
                             "seed": seed})
        if not answer["ok"]:
            return
        details = answer["result"]["details"]
        changed = details.get("sheets") or {}
        effects = [self.entry(e["op"], e["args"], e["result"], e["who"], encounter["id"]) for e in details["effects"]]
        step_entry = self.entry(f"encounter.{step}", {}, answer["result"], list(changed), encounter["id"],
                                {cid: sheets[cid] for cid in changed}, changed, encounter, details["encounter"])
        self.commit(changed, {encounter["id"]: details["encounter"]}, effects + [step_entry])

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
        return copy.deepcopy(self.campaign)


def campaign(game: str) -> dict:
    data = {"schema": SCHEMA, "id": f"c-{game}", "name": "Night at the Opera", "game": game,
            "created": AT, "updated": AT, "revision": 0, "settings": {}, "log": [], "encounters": [],
            "characters": [{"id": f"ch-{i}", "kind": "pc" if i == 0 else "npc", "sheet": copy.deepcopy(sheet)}
                           for i, sheet in enumerate(SHEETS[game])]}
    return validate(data).campaign  # as imported: every sheet canonical


STEPS = st.one_of(
    st.tuples(st.just("change"), st.integers(0, 1), st.integers(0, 4), st.integers(0, 25), st.integers(0, 999)),
    st.tuples(st.just("undo")), st.tuples(st.just("redo")), st.tuples(st.just("start")),
    st.tuples(st.sampled_from(["next", "end_round"]), st.integers(0, 999)),
)


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(sorted(SHEETS)), st.lists(STEPS, max_size=10),
       st.lists(st.sampled_from([("undo",), ("redo",)]), max_size=12))
def test_any_undo_and_redo_after_an_import_leaves_a_campaign_that_imports_again(game, played, travels):
    table = Table(campaign(game))
    for step in played:
        table.run(step)
    imported = validate(table.export())
    assert imported.valid, imported.problems[:3]
    again = Table(imported.campaign)  # the file is imported on another device and its history read back
    assert (again.done, again.undone) == (table.done, table.undone)
    for step in travels:
        again.run(step)
    checked = validate(again.export())
    assert checked.valid, checked.problems[:3]
    assert validate(checked.campaign).campaign == checked.campaign


def test_undo_of_a_change_writes_the_sheet_back_exactly():
    table = Table(campaign("coc"))
    table.change(0, "coc.apply_damage", "amount", 5, 1)
    before = table.campaign["log"][-1]["before"]["ch-0"]
    assert not same(table.sheet("ch-0"), before)
    assert table.travel("undo") and same(table.sheet("ch-0"), before)
    assert table.campaign["log"][-1]["kind"] == "undo" and validate(table.export()).valid


def test_undo_of_an_encounter_start_removes_it_and_redo_brings_it_back():
    table = Table(campaign("armageddon"))
    table.start_encounter()
    state = table.campaign["encounters"][0]
    assert table.travel("undo") and table.campaign["encounters"] == []
    assert table.travel("redo") and table.campaign["encounters"] == [state]
    assert validate(table.export()).valid


def logged_change(game, before, after):
    return {"id": "e1", "at": AT, "op": f"{game}.apply_damage", "args": {}, "result": {}, "who": ["ch-0"],
            "encounter": None, "before": {"ch-0": before}, "after": {"ch-0": after}, "kind": "change"}


@pytest.mark.parametrize("game, field", [("coc", "schema"), ("armageddon", "attributes"),
                                         ("semiautomagic", "schema")])
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
    undo = {**change, "id": "e2", "op": "log.undo", "args": {"entry": "e1"}, "result": None, "kind": "undo",
            "before": {"ch-0": sheet}, "after": {"ch-0": {**sheet, "luck": 10**12}}}
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
