"""Every field of the Armageddon sheet's declaration (py_rules/armageddon/sheet.py) survives create → edit → log →
undo → export → import (tests/sheet_round_trip.py), and a Foundry Unisystem file keeps what that format holds."""

from hypothesis import HealthCheck, given, settings, strategies as st

from py_rules.armageddon.character import EXAMPLE
from py_rules.armageddon.sheet import SHEET
from tests.sheet_round_trip import round_trip, sheet_with, values

LISTS = {
    "items": {"keys": ["name", "weight"]},
    "qualities": {"keys": ["name", "kind", "level", "points"], "fixed": {"kind": "drawback"}},
    "weapons": {"keys": ["name", "damage", "damage_type", "success_levels"], "fixed": {"damage": "d6 × 4"}},
}
"""The declared lists drawn, each entry with what the rules need whatever is drawn (a drawback has no effect to
bound its level; a weapon's damage must read as damage)."""


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_every_declared_armageddon_field_survives_create_edit_log_undo_export_and_import(data):
    drawn = values(SHEET, data.draw, LISTS)
    if drawn["kind"] == "mundane":  # seed 000, Essence: a Mundane has no Essence Channeling
        drawn["essence_channeling"] = 0
    base = {key: value for key, value in EXAMPLE.items() if key not in ("items", "weapons")}
    round_trip("armageddon", sheet_with(base, drawn), drawn)
