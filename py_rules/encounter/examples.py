"""The encounters and sheets the encounter operations' fields show as examples (TABLE.md, Encounter): a Call of
Cthulhu scene not yet ordered, an Armageddon fight in Initiative order whose round is about to end, and a dying
investigator for the time check (each game's rounds: rules/cross-system.md §4)."""

from __future__ import annotations

from py_rules.armageddon.fields import EXAMPLE_BELOW_0_EP
from py_rules.encounter.state import SCHEMA

__all__ = ("EXAMPLE", "EXAMPLE_ROUND", "EXAMPLE_ROUND_SHEETS", "DYING_COC")

EXAMPLE = {
    "schema": SCHEMA,
    "id": "enc-1",
    "game": "coc",
    "name": "The cellar",
    "round": 1,
    "turn": 0,
    "ended": False,
    "combatants": [
        {
            "id": "k1",
            "name": "Ghoul",
            "character_id": None,
            "npc": {"dex": 65, "combat_skill": 40},
            "initiative": None,
            "order_key": [],
            "firearm_ready": False,
            "activity": None,
            "delayed": False,
            "skipped": False,
        },
        {
            "id": "k2",
            "name": "Cultist",
            "character_id": None,
            "npc": {"dex": 55, "combat_skill": 50},
            "initiative": None,
            "order_key": [],
            "firearm_ready": False,
            "activity": None,
            "delayed": False,
            "skipped": False,
        },
    ],
}
"""A Call of Cthulhu encounter not yet ordered: two NPCs, no initiative rolled."""


def _combatant(cid: str, name: str, character_id, npc, initiative: int, order_key: list) -> dict:
    return {
        "id": cid,
        "name": name,
        "character_id": character_id,
        "npc": npc,
        "initiative": initiative,
        "order_key": order_key,
        "firearm_ready": False,
        "activity": "normal",
        "delayed": False,
        "skipped": False,
    }


EXAMPLE_ROUND = {
    "schema": SCHEMA,
    "id": "enc-2",
    "game": "armageddon",
    "name": "The warehouse",
    "round": 1,
    "turn": 1,
    "ended": False,
    "combatants": [
        _combatant("k1", "Jack Hawthorne", "jack", None, 10, [10, 2]),
        _combatant("k2", "Ghoul", None, {"dexterity": 3}, 5, [5, 3]),
    ],
}
"""The encounter the operations' examples run: an Armageddon fight in Initiative order (a newcomer or a new order
rolls Initiative), the Ghoul's turn, the last of the round, so passing it ends the round; Jack, below 0 EP
(EXAMPLE_ROUND_SHEETS), rolls his Consciousness Test at the round's end (seed 000, Endurance Points)."""
EXAMPLE_ROUND_SHEETS = {"jack": EXAMPLE_BELOW_0_EP}

DYING_COC = {
    "schema": "coc.investigator/1",
    "name": "Harvey Walters",
    "characteristics": {"STR": 45, "CON": 60, "SIZ": 65, "DEX": 60, "APP": 50, "INT": 85, "POW": 60, "EDU": 80},
    "luck": 50,
    "skills": {},
    "hp": 0,
    "conditions": {"major_wound": True, "unconscious": True, "dying": True},
}
"""The example of ``encounter.sheet_time_check``'s ``args``: a Call of Cthulhu investigator (at 0 HP) and 3 rounds."""
