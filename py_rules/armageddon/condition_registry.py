"""Armageddon's stored conditions, each declared once (rules/armageddon.md §1.17 U23; seed 000 Fear Tests, Life Points,
Endurance Points, Healing & Resuscitation).

Stored on a character as a list of names in the order declared here; "tired", "numb", "depressed" and
"seriously_injured" are read from the pools, not stored (:func:`py_rules.armageddon.penalties.state_conditions`).
A condition's time, where it has one, is kept in the sheet's ``timers`` under ``clock``. Who can act
(:mod:`.capacity`), the notes on rolls and the Chronicler's set and clear read these records.
"""

from __future__ import annotations

from py_rules.armageddon.tables import FEAR_FROZEN_TURNS
from py_rules.capacity import Limit, spoken_duration
from py_rules.condition import Condition, Registry
from py_rules.words import counted

__all__ = ("CONDITIONS", "NAMES", "CLOCKS")

_FEAR = "seed 000, Fear Tests: a failed Fear Test freezes the character for one Turn"
_LP = "seed 000, Life Points, Consciousness Tests & Survival Tests"
_EP = "seed 000, Endurance Points: below 0, Consciousness Test every Turn"
_DEFENCE = (
    "rules/armageddon.md §1.8a: a defender unconscious, knocked down and stunned, or frozen by fear makes no defence"
)
_DEAD = "seed 000, Life Points: death"


def _frozen(character: dict, on, *, turn_seconds: int) -> list[Limit]:
    seconds = character["timers"]["frozen_seconds"]
    turns = -(-seconds // turn_seconds) if seconds else FEAR_FROZEN_TURNS
    why = f"frozen by fear ({counted(turns, 'Turns')})"
    return [Limit("act", why, _FEAR), Limit("defend", why, _DEFENCE)]


def _death_pending(character: dict, on, **_settings) -> list[Limit]:
    seconds = character["timers"]["death_seconds"]
    left = spoken_duration(seconds, 60, "minutes") if seconds else "moments"
    why = f"dying: dead within {left} unless resuscitated"
    return [Limit("act", why, _LP), Limit("defend", why, _LP)]


CONDITIONS = Registry(
    Condition(
        "frozen",
        "Frozen by fear: no action and no defence for a Turn.",
        _FEAR,
        timer="seconds",
        forbids=("act", "defend"),
        rank=7,
        fields=("frozen_seconds",),
        limits=_frozen,
    ),
    Condition(
        "knocked_down",
        "On the ground until back on their feet.",
        _LP,
        rank=6,
        limits=lambda ch, on, **_: (
            []
            if {"unconscious", "semi_conscious"} & set(on)
            else [Limit("note", "Knocked down: on the ground until back on their feet", _LP)]
        ),
    ),
    Condition(
        "semi_conscious",
        "Knocked down and stunned: a Consciousness Test each Turn until above 0 LP.",
        _LP,
        rank=5,
        still=(("Consciousness Tests", "armageddon.consciousness_test"),),
        limits=lambda ch, on, **_: (
            []
            if "unconscious" in on
            else [
                Limit("act", "knocked down and stunned, semi-conscious (until above 0 LP)", _LP),
                Limit("defend", "knocked down and stunned", _DEFENCE),
            ]
        ),
    ),
    Condition(
        "unconscious",
        "Out cold: no action, no defence; wakes once back at 0 LP.",
        _LP,
        forbids=("act", "defend"),
        rank=3,
        limits=lambda ch, on, **_: [
            Limit("act", "unconscious (wakes once back at 0 LP)", _LP),
            Limit("defend", "unconscious", _DEFENCE),
        ],
    ),
    Condition(
        "asleep",
        "Passed out from exhaustion: asleep until back at 0 EP or more.",
        _EP,
        forbids=("act", "defend"),
        rank=4,
        limits=lambda ch, on, **_: [
            Limit("act", "passed out from exhaustion, asleep", _EP),
            Limit("defend", "asleep", _EP),
        ],
    ),
    Condition(
        "stabilised",
        "Stabilised by First Aid: no more Survival Tests.",
        "seed 000, Healing & Resuscitation",
        rank=8,
        limits=lambda ch, on, **_: [
            Limit("note", "Stabilised: no more Survival Tests", "seed 000, Healing & Resuscitation")
        ],
    ),
    Condition(
        "dying",
        "At −10 LP or less: a Survival Test every minute until First Aid stabilises them.",
        _LP,
        timer="seconds",
        forbids=("defend",),
        rank=2,
        fields=("survival_seconds",),
        still=(("Survival Tests", "armageddon.survival_test"),),
        limits=lambda ch, on, **_: (
            []
            if "death_pending" in on
            else [
                Limit("act", "dying", _LP),
                Limit("defend", "dying", _LP),
                Limit("note", "Dying: a Survival Test every minute until First Aid stabilises them", _LP),
            ]
        ),
    ),
    Condition(
        "death_pending",
        "A failed Survival Test: dead within minutes unless resuscitated.",
        _LP,
        timer="seconds",
        forbids=("act", "defend"),
        rank=1,
        fields=("death_seconds",),
        limits=_death_pending,
    ),
    Condition(
        "dead",
        "Dead: rolls nothing and heals no more.",
        _DEAD,
        rank=0,
        limits=lambda ch, on, **_: [Limit("act", "dead", _DEAD), Limit("defend", "dead", _DEAD)],
    ),
)
"""rules/armageddon.md §1.17 U23: the stored conditions; ``rank`` is the order "who can act" lists them in."""

NAMES = CONDITIONS.names
CLOCKS = {r.name: r.fields[0] for r in CONDITIONS if r.fields}
"""Each timed condition's timer in the sheet's ``timers`` (cleared when the Chronicler clears the condition)."""
