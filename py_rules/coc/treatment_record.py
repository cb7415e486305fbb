"""The treatment rolls kept on a patient for the wound (rules/coc.md §3.10: one First Aid and one Medicine attempt
per wound), read against the sheet's declaration (:data:`py_rules.coc.sheet_play.TREATMENT_ROLLS`)."""

from __future__ import annotations

from py_rules.coc.sheet import SHEET
from py_rules.coc.sheet_play import TREATMENT_ROLLS
from py_rules.errors import RulesError

__all__ = ("KEYS", "FIELDS", "read_treatment")

KEYS = tuple((name, key) for key, name in TREATMENT_ROLLS)
"""``(treatment, field)`` pairs: ``("First Aid", "first_aid_roll")``, ``("Medicine", "medicine_roll")``."""
FIELDS = ("value", "roll", "level", "luck_spent", "bonus", "penalty", "success", "pushed")
"""What a kept treatment roll holds, as the sheet declares it."""


def read_treatment(value, key: str) -> dict | None:
    """A kept treatment roll checked against the sheet's declaration (only the declared keys survive), or None."""
    if value is None:
        return None
    if not isinstance(value, dict):
        raise RulesError("wrong_type", f"{SHEET.field(key).label} must be an object or empty.", key)
    return {name: SHEET.read(f"{key}.{name}", value.get(name, SHEET.field(f"{key}.{name}").default)) for name in FIELDS}
