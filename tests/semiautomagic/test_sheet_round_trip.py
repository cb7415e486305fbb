"""Every field Semiautomagic's sheet declares (py_rules/semiautomagic/sheet.py) survives the whole way a sheet travels
(README.md, "Campaigns in the page"; "Encounters, the log, undo"): made (any kind: creature, object, vehicle, robot,
each field drawn within its declared bounds) → the game's own check → an edit checked by ``campaign.check_character``
→ the log entry keeping the sheet before and what changed → undo writing the sheet before back → the campaign's export
→ its import (``campaign.check_file``), where the character and the log entry read back exactly."""

import copy
import json

from hypothesis import given, settings, strategies as st

from py_rules.campaign.migrations import SCHEMA as CAMPAIGN_SCHEMA
from py_rules.log.changes import apply_changes, same_json, sheet_changes
from py_rules.log.entry import entry_after
from py_rules.semiautomagic import condition_registry as R, tables as T
from py_rules.semiautomagic.sheet import SHEET
from tests.door import answer

NAMES = st.text(st.characters(whitelist_categories=("L", "N")), min_size=1, max_size=12)


def _int(path):
    declared = SHEET.field(path)
    return st.integers(int(declared.minimum), int(declared.maximum))


def _choice(path):
    return st.sampled_from(SHEET.field(path).choices)


def _asked(kind):
    return lambda path: SHEET.allows(path, kind)


@st.composite
def sheets(draw):
    """A sheet of any declared kind, each field the kind has drawn within its declaration."""
    kind = draw(_choice("kind"))
    has = _asked(kind)
    sheet = {"schema": SHEET.schema, "name": draw(NAMES), "kind": kind, "scale": draw(_int("scale"))}
    if has("abilities"):
        sheet["abilities"] = {name: draw(_int(f"abilities.{name}")) for name in T.ABILITIES}
    sheet["skills"] = draw(st.dictionaries(st.sampled_from(T.SKILLS), _int("skills.*"), max_size=4))
    sheet["defence"] = {
        source: draw(_int(f"defence.{source}"))
        for source in draw(st.lists(st.sampled_from(T.DEFENCE_SOURCES), unique=True, max_size=3))
    }
    for path in ("will_bonus", "wounds", "morale_penalties", "seconds_dead"):
        if has(path):
            sheet[path] = draw(_int(path))
    sheet["mobility_penalties"] = draw(st.dictionaries(NAMES, _int("mobility_penalties.*"), max_size=2))
    sheet["movement"] = draw(
        st.dictionaries(st.sampled_from(T.MOVEMENT_TYPES), st.integers(0, 1000) | st.just(5.5), max_size=2)
    )
    if has("emp_complexity"):
        sheet["emp_complexity"] = draw(
            _choice("emp_complexity") if kind in T.MACHINE_KINDS else st.none() | _choice("emp_complexity")
        )
    if has("conditions"):
        names = draw(st.lists(st.sampled_from(R.NAMES), unique=True, max_size=3))
        sheet["conditions"] = {}
        for name in names:
            entry = {"seconds": draw(st.none() | _int(f"conditions.{name}.seconds"))}
            for key in R.FIELDS.get(name, ()):
                declared = SHEET.field(f"conditions.{name}.{key}")
                entry[key] = draw(st.booleans() if declared.kind == "bool" else _int(declared.path))
            sheet["conditions"][name] = entry
        sheet["statuses"] = sorted(draw(st.sets(_choice("statuses.*"), max_size=2)))
        sheet["dead"] = draw(st.booleans())
        armour = draw(
            st.none()
            | st.fixed_dictionaries(
                {"name": NAMES, "defence": _int("armour.defence"), "mobility_penalty": _int("armour.mobility_penalty")}
            )
        )
        if armour:
            sheet["armour"] = armour
    for flag in ("destroyed", "emp_disabled"):
        if has(flag):
            sheet[flag] = draw(st.booleans())
    sheet["weapons"] = draw(
        st.lists(
            st.fixed_dictionaries(
                {
                    "name": NAMES,
                    "damage": st.sampled_from(("1d6", "2d6+3", "9", "1d20-1")),
                    "damage_type": _choice("weapons.*.damage_type"),
                    "kind": _choice("weapons.*.kind"),
                    "light_material": st.booleans(),
                    "nonlethal": st.booleans(),
                }
            ),
            max_size=2,
        )
    )
    sheet["items"] = draw(
        st.lists(
            st.fixed_dictionaries({"name": NAMES, "mobility_penalty": _int("items.*.mobility_penalty")}), max_size=3
        )
    )
    sheet["notes"] = draw(st.text(st.characters(whitelist_categories=("L", "N", "Zs")), max_size=30).map(str.strip))
    return sheet


def _kept(sent: dict, stored: dict) -> None:
    """Every value sent is on the stored sheet as sent (an empty list or note is left out, as the check writes it)."""
    for key, value in sent.items():
        if value in ([], "") and key in ("weapons", "items", "notes"):
            assert key not in stored, key
        else:
            assert stored[key] == value, (key, value, stored.get(key))


def _check_character(sheet, cid="ch-1"):
    verdict = answer(
        "campaign.check_character", game="semiautomagic", character={"id": cid, "kind": "npc", "sheet": sheet}
    )["details"]
    assert verdict["valid"], verdict["problems"]
    return verdict["character"]["sheet"]


def _edit(sheet: dict, data) -> dict:
    """An edit as the sheet's editors make it: a declared number changed, an item added, a weapon removed."""
    edited = copy.deepcopy(sheet)
    edited["wounds"] = data.draw(_int("wounds"))
    edited["items"] = edited.get("items", []) + [
        {"name": "Lantern", "mobility_penalty": data.draw(_int("items.*.mobility_penalty"))}
    ]
    edited["weapons"] = edited.get("weapons", [])[1:]
    return edited


@settings(max_examples=25, deadline=None)
@given(sent=sheets(), data=st.data())
def test_every_declared_field_survives_the_check_an_edit_the_log_undo_and_the_campaign_file(sent, data):
    made = answer("semiautomagic.describe_creature", creature=sent)["state"]  # the game's check, through the door
    _kept(sent, made)
    assert same_json(_check_character(made), made)  # the campaign's check keeps the game's canonical sheet

    edited = _check_character(_edit(made, data))
    entry = {
        "id": "e1",
        "at": "2026-12-01T20:15:03.000Z",
        "op": "campaign.check_character",
        "args": {},
        "who": ["ch-1"],
        "encounter": None,
        "kind": "change",
        "before": {"ch-1": made},
        "changes": {"ch-1": sheet_changes(made, edited)},
        "result": {"label": f"{made['name']}: sheet edited", "events": ["edited"]},
    }
    assert same_json(entry_after(entry)["ch-1"], edited)
    undo = {
        "id": "e2",
        "at": "2026-12-01T20:16:00.000Z",
        "op": "log.undo",
        "args": {"entry": "e1"},
        "who": ["ch-1"],
        "encounter": None,
        "kind": "undo",
        "before": {"ch-1": edited},
        "changes": {"ch-1": sheet_changes(edited, made)},
        "result": None,
    }
    undone = apply_changes(edited, undo["changes"]["ch-1"])
    assert same_json(undone, made)  # undo writes the sheet before back exactly

    campaign = {
        "schema": CAMPAIGN_SCHEMA,
        "id": "c-sam",
        "name": "Round trip",
        "game": "semiautomagic",
        "created": "2026-12-01T18:30:00.000Z",
        "updated": "2026-12-01T20:16:00.000Z",
        "revision": 3,
        "settings": {},
        "characters": [{"id": "ch-1", "kind": "npc", "sheet": undone}],
        "log": [entry, undo],
        "encounters": [],
    }
    exported = json.dumps(campaign)
    imported = answer("campaign.check_file", text=exported)["details"]
    assert imported["valid"], imported["problems"][:3]
    back = imported["campaign"]
    assert same_json(back["characters"][0]["sheet"], made)
    _kept(sent, back["characters"][0]["sheet"])
    # the log checked whole is the file's own, which the page keeps as read (``details.log`` "file")
    assert imported["log"] == "file" and imported["entries"] == 2
    log = json.loads(exported)["log"]
    assert same_json(entry_after(log[0])["ch-1"], edited)
    assert same_json(entry_after(log[1])["ch-1"], made)


LISTS = {
    "items": {"keys": ["name", "mobility_penalty"]},
    "weapons": {
        "keys": ["name", "damage", "damage_type", "kind", "light_material", "nonlethal"],
        "fixed": {"damage": "2d6+1"},
    },
}
"""The declared lists drawn, each weapon with a damage that reads as dice whatever else is drawn."""


@settings(max_examples=25, deadline=None)
@given(data=st.data())
def test_every_field_the_forms_ask_survives_the_shared_round_trip(data):
    """The round trip every game's declaration meets (tests/sheet_round_trip.py), for each kind of sheet: what the
    forms ask of that kind (a field another kind has is not drawn: an object has no abilities)."""
    from tests.sheet_round_trip import round_trip, sheet_with, values

    drawn = values(SHEET, data.draw, LISTS)
    kind = drawn["kind"]
    drawn = {path: value for path, value in drawn.items() if SHEET.allows(path, kind)}
    round_trip("semiautomagic", sheet_with({"schema": SHEET.schema, "name": "Drawn"}, drawn), drawn)
