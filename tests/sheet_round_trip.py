"""The round trip every declared sheet field must survive (py_rules/sheet_spec.py): a sheet made with any declared
value is checked by its game (create), edited (the sheet editor's save: ``campaign.check_character``), logged (an
entry keeping the sheet before and what changed, as the page's ``makeEntry`` writes it), undone (the entry's
``before`` written back) and exported then imported (``campaign.check_file`` on the campaign's JSON text); at every
step each declared value is what was typed.

``values(spec, draw)`` draws a value for every declared field with a concrete path and a section or a group (what
the forms ask) and for each entry field of the declared lists; a game's own ``fix`` makes the drawn sheet one its
rules allow (a Mundane has no Essence Channeling …) and says which paths it changed.
"""

from __future__ import annotations

import copy
import json

from hypothesis import strategies as st

from py_rules import api
from py_rules.campaign.migrations import SCHEMA
from py_rules.log.changes import sheet_changes
from py_rules.sheet_spec import Field, SheetSpec

_TEXT = (
    st.text(
        st.characters(min_codepoint=0x20, max_codepoint=0x2FF, blacklist_categories=("Cs", "Cc")),
        min_size=1,
        max_size=12,
    )
    .map(str.strip)
    .filter(bool)
)


def scalar(field: Field):
    """A strategy for one declared scalar field, within its bounds."""
    if field.kind == "int":
        low = int(field.minimum) if field.minimum is not None else -1000
        high = int(field.maximum) if field.maximum is not None else low + 1000
        return st.integers(low, high)
    if field.kind == "number":
        low = field.minimum if field.minimum is not None else 0
        high = field.maximum if field.maximum is not None else low + 1000
        return st.one_of(
            st.integers(int(low), int(high)),
            st.integers(int(low) * 2, int(high) * 2).map(lambda n: n / 2).filter(lambda x: low <= x <= high),
        )
    if field.kind == "choice":
        return st.sampled_from(field.choices)
    if field.kind == "bool":
        return st.booleans()
    limit = field.max_length or 20
    return _TEXT.map(lambda text: text[:limit])


def _set(sheet: dict, path: str, value) -> None:
    keys = path.split(".")
    node = sheet
    for key in keys[:-1]:
        node = node.setdefault(key, {})
    node[keys[-1]] = value


def get(sheet: dict, path: str):
    node = sheet
    for key in path.split("."):
        node = node[int(key)] if isinstance(node, list) else node[key]
    return node


def values(spec: SheetSpec, draw, lists: dict[str, dict]) -> dict:
    """Drawn values by concrete path: every asked scalar, and 0–2 entries of each list in ``lists`` (a list's path →
    the entry's keys and the values an entry must hold whatever is drawn, e.g. a weapon's valid damage)."""
    out = {}
    for field in spec.fields:
        if "*" in field.path or field.kind in ("map", "list", "record") or not (field.section or field.group):
            continue
        out[field.path] = draw(scalar(field))
    for path, how in lists.items():
        for index in range(draw(st.integers(0, 2))):
            for key in how["keys"]:
                value = how.get("fixed", {}).get(key)
                out[f"{path}.{index}.{key}"] = (
                    value if value is not None else draw(scalar(spec.field(f"{path}.*.{key}")))
                )
    return out


def sheet_with(base: dict, drawn: dict) -> dict:
    sheet = copy.deepcopy(base)
    for path in {p.split(".")[0] for p in drawn if p.split(".")[1:2] and p.split(".")[1].isdigit()}:
        sheet[path] = []
    for path, value in drawn.items():
        keys = path.split(".")
        if len(keys) > 2 and keys[1].isdigit():
            entries = sheet[keys[0]]
            while len(entries) <= int(keys[1]):
                entries.append({})
            entries[int(keys[1])][keys[2]] = value
        else:
            _set(sheet, path, value)
    return sheet


def _ok(op: str, **args) -> dict:
    got = api.handle({"op": op, "args": copy.deepcopy(args)})
    assert got["ok"], got["error"]
    return got["result"]


def round_trip(game: str, sheet: dict, drawn: dict) -> None:
    """Create, edit, log, undo, export and import ``sheet``; every drawn value survives each step."""

    def kept(state, step):
        for path, value in drawn.items():
            assert get(state, path) == value, f"{step}: {path} is {get(state, path)!r}, typed {value!r}"

    def checked_sheet(state):  # the sheet editor's save (web/app/checked_sheet.mjs)
        details = _ok("campaign.check_character", game=game, character={"id": "ch-0", "kind": "pc", "sheet": state})
        assert details["details"]["valid"], details["details"]["problems"]
        return details["details"]["character"]["sheet"]

    created = checked_sheet(sheet)
    kept(created, "create")
    edited = checked_sheet({**created, "name": created["name"] + " (edited)"})
    kept(edited, "edit")
    entry = {
        "id": "e-1",
        "at": "2026-12-07T20:15:03.000Z",
        "op": "campaign.check_character",
        "args": {},
        "result": {"label": "sheet edited", "events": ["Name changed"], "text": ["sheet edited"]},
        "who": ["ch-0"],
        "encounter": None,
        "before": {"ch-0": created},
        "changes": {"ch-0": sheet_changes(created, edited)},
        "kind": "change",
    }
    campaign = {
        "schema": SCHEMA,
        "id": "c-1",
        "name": "Round trip",
        "game": game,
        "created": "2026-12-07T18:00:00.000Z",
        "updated": "2026-12-07T20:15:03.000Z",
        "revision": 2,
        "settings": {},
        "characters": [{"id": "ch-0", "kind": "pc", "sheet": edited}],
        "log": [entry],
        "encounters": [],
    }
    checked = _ok("campaign.validate", campaign=campaign)["details"]
    assert checked["valid"], checked
    logged = checked["campaign"]
    undone = logged["log"][0]["before"]["ch-0"]  # undo writes the entry's before back
    kept(undone, "undo")
    imported = _ok("campaign.check_file", text=json.dumps(logged))["details"]
    assert imported["valid"], imported
    kept(imported["campaign"]["characters"][0]["sheet"], "export and import")
