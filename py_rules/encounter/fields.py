"""The fields the encounter operations share (TABLE.md, Encounter): the encounter state, the characters' sheets by
id, the campaign's house rules, a combatant's id, the label, and what passes when time is skipped (each game's
units: rules/cross-system.md §4)."""

from __future__ import annotations

from py_rules.armageddon.tables import ACTIVITIES
from py_rules.encounter.examples import EXAMPLE_ROUND, EXAMPLE_ROUND_SHEETS
from py_rules.encounter.games import TIME_UNITS
from py_rules.encounter.state import parse_encounter
from py_rules.errors import RulesError
from py_rules.params import Param

__all__ = ("SOURCE", "json_object", "ENCOUNTER", "SHEETS", "SETTINGS", "COMBATANT_ID", "LABEL", "COMMON", "TIME_PARAMS")

SOURCE = "TABLE.md, Encounter; rules/cross-system.md §4"
"""Where every encounter operation's rules come from."""


def json_object(what: str, limit: int):
    """A field's reader: a JSON object of at most ``limit`` entries keyed by text (null: empty), else a RulesError
    naming it ``what``."""

    def parse(value):
        if value is None:
            return {}
        if not isinstance(value, dict) or len(value) > limit or not all(isinstance(k, str) for k in value):
            raise RulesError("wrong_type", f"{what} must be a JSON object of at most {limit} entries.", "")
        return value

    return parse


ENCOUNTER = Param(
    "encounter",
    "json",
    "Encounter",
    "The encounter: its combatants in turn order, the round and whose turn it is.",
    parse=parse_encounter,
    example=EXAMPLE_ROUND,
    state_key="encounter",
)
SHEETS = Param(
    "sheets",
    "json",
    "Sheets",
    "The sheets of the characters in the encounter, by character id; the answer gives back every sheet that changed.",
    default=None,
    parse=json_object("Sheets", 200),
    example=EXAMPLE_ROUND_SHEETS,
)
SETTINGS = Param(
    "settings",
    "json",
    "House rules",
    "The campaign's house rules by name; each rule run uses the ones it knows.",
    default=None,
    parse=json_object("House rules", 200),
    example={},
)
COMBATANT_ID = Param("combatant_id", "text", "Combatant", "The combatant's id in the encounter.", example="k2")
LABEL = Param("label", "text", "Label", "Echoed in the result.", default="")
COMMON = (ENCOUNTER, SHEETS, SETTINGS)

TIME_PARAMS = (
    Param("unit", "choice", "Unit", "What passes.", choices=TIME_UNITS, default="hours"),
    Param("amount", "int", "How many", "How many units.", default=1, minimum=1, maximum=365),
    Param(
        "activity", "choice", "Activity", "Armageddon: what they do meanwhile.", default="resting", choices=ACTIVITIES
    ),
)
"""What passes when time is skipped, or is about to be."""
