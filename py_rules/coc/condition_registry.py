"""Call of Cthulhu's conditions, each declared once (seed 003, Hit points, Wounds, and Healing; Sanity; rules/coc.md
§3.9, §3.11).

Stored on an investigator as booleans ``{"name": true | false}``, every one always present, in the order declared
here. Who can act (:mod:`.capacity`) reads what each record forbids and says; a new condition is one record here.
"""

from __future__ import annotations

from py_rules.capacity import Limit
from py_rules.condition import Condition, Registry

__all__ = ("CONDITIONS", "NAMES")

_HP = "seed 003, Hit points, Wounds, and Healing: When HP Falls Below Zero"
_DYING = "rules/coc.md §3.9: dying, a CON roll at the end of each round"


def _unconscious(state: dict, on) -> list[Limit]:
    if "dying" in on:
        return []  # the dying are unconscious: dying says it
    said = [Limit("act", "unconscious", _HP), Limit("defend", "unconscious", _HP)]
    return said + ([Limit("note", "First Aid revives them", "seed 003, First Aid")] if state["hp"] > 0 else [])


CONDITIONS = Registry(
    Condition(
        "major_wound",
        "A major wound: heals only by the weekly CON roll; at 0 HP, dying.",
        "seed 003, Major Wound Characters",
        rank=7,
        limits=lambda s, on: [
            Limit(
                "note",
                "Major wound: heals only by the weekly CON roll; at 0 HP dying",
                "seed 003, Major Wound Characters",
            )
        ],
    ),
    Condition(
        "prone",
        "On the ground, until they get up or the fight ends.",
        "rules/coc.md §3.9",
        timer="encounters",  # a combat position: it ends with the fight, so time passing in hours clears it
        rank=9,
        limits=lambda s, on: [Limit("note", "Prone", "rules/coc.md §3.9")],
    ),
    Condition(
        "unconscious",
        "Knocked out: no action, no defence; First Aid revives them above 0 HP.",
        _HP,
        forbids=("act", "defend"),
        rank=2,
        limits=_unconscious,
    ),
    Condition(
        "dying",
        "At 0 HP with a major wound: a CON roll at the end of each round or death.",
        _DYING,
        timer="rounds",
        forbids=("act", "defend"),
        rank=1,
        limits=lambda s, on: [Limit("act", "dying", _DYING), Limit("defend", "dying", _DYING)],
        still=(("the CON roll at the end of each round", "coc.advance_time"),),
    ),
    Condition(
        "stabilised",
        "Stabilised by First Aid: Medicine should follow.",
        "seed 003, First Aid",
        rank=8,
        limits=lambda s, on: [Limit("note", "Stabilised: Medicine should follow", "seed 003, First Aid")],
    ),
    Condition(
        "dead",
        "Dead.",
        _HP,
        forbids=("act", "defend"),
        rank=0,
        limits=lambda s, on: [Limit("act", "dead", _HP), Limit("defend", "dead", _HP)],
    ),
    Condition(
        "involuntary_action",
        "After a failed Sanity roll the Keeper controls the next action.",
        "seed 003, Failing a Sanity Roll",
        rank=4,
        limits=lambda s, on: [
            Limit("note", "The Keeper controls the next action (failed Sanity roll)", "seed 003, Failing a Sanity Roll")
        ],
    ),
    Condition(
        "indefinitely_insane",
        "Insane for months.",
        "rules/coc.md §3.11",
        rank=6,
        limits=lambda s, on: [Limit("note", "Indefinitely insane (for months)", "rules/coc.md §3.11")],
    ),
    Condition(
        "permanently_insane",
        "At 0 SAN: out of the player's hands.",
        "rules/coc.md §3.11",
        rank=3,
        limits=lambda s, on: [
            Limit("act", "permanently insane (0 SAN): out of the player's hands", "rules/coc.md §3.11")
        ],
    ),
)
"""Seed 003: the investigator's boolean conditions; ``rank`` is the order "who can act" lists them in (the
temporary insanity counter, not a condition, comes between ranks 4 and 6)."""

NAMES = CONDITIONS.names
