"""Every field of the Call of Cthulhu sheet's declaration that the forms ask (py_rules/coc/sheet.py), and its items,
survives create → edit → log → undo → export → import (tests/sheet_round_trip.py, shared by the three games;
tests/coc/test_sheet_declared.py draws the whole sheet of each kind, a creature's too, through the page's own undo)."""

from hypothesis import HealthCheck, given, settings, strategies as st

from py_rules.coc.investigator import EXAMPLE, derived
from py_rules.coc.sheet import SHEET
from tests.sheet_round_trip import round_trip, sheet_with, values

LISTS = {"items": {"keys": ["name", "quantity", "note"]}}
"""The declared lists drawn (weapons are drawn in test_sheet_declared.py, each with a name of its own)."""


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_every_declared_coc_field_survives_create_edit_log_undo_export_and_import(data):
    drawn = values(SHEET, data.draw, LISTS)
    base = {key: value for key, value in EXAMPLE.items() if key != "items"}
    # rules/coc.md §3.11: a creature's Sanity loss is read by the Sanity roll's grammar (X/Y), not any text
    drawn["san_loss"] = data.draw(st.sampled_from(["0/1D6", "1/1D4+1", "1D10/1D100", "0/1", "2D10/1D6+2"]))
    # rules/coc.md §3.2: SAN is at most 99 − Cthulhu Mythos, a bound the rules work out from the sheet
    drawn["san"] = min(drawn["san"], derived(sheet_with(base, drawn))["san_max"])
    round_trip("coc", sheet_with(base, drawn), drawn)
