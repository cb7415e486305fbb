"""Semiautomagic's fourteen conditions, each declared once (seed 002, Conditions; rules/semiautomagic.md §2.10, §2.14).

Stored on a creature as ``{"Name": {"seconds": remaining or null, <its fields>}}`` in the order declared here (the
seed's); what a condition implies is derived, never stored (:func:`py_rules.semiautomagic.creature.
effective_conditions`). The sheet check, who can act (:mod:`.capacity`), the checks' modifiers, the action
seconds and the clock read these records. A new condition is one record here; ``tests/test_condition_registries.py``
fails for a record whose effects no operation shows.
"""

from __future__ import annotations

from py_rules.capacity import Limit, spoken_duration
from py_rules.condition import Condition, ConditionModifier, Registry
from py_rules.semiautomagic.tables import DISABLED_ACTION_SECONDS, ROUND_SECONDS
from py_rules.words import counted

__all__ = ("CONDITIONS", "NAMES", "IMPLIED", "FIELDS", "WAKING", "defence_modifier")

_HELPLESS = "seed 002, Helpless"


def _entry(c: dict, name: str) -> dict:
    return c["conditions"].get(name, {})


def _left(c: dict, name: str) -> str:
    """ " (3 rounds left)" / " (2 hours left)" for a condition with a time, else ""."""
    seconds = _entry(c, name).get("seconds")
    return "" if seconds is None else f" ({spoken_duration(seconds, ROUND_SECONDS)} left)"


def _confused(c: dict, _on) -> list[Limit]:
    """The Confusion chart decides what they do, unless it gave the player control for some rounds (chart rows 18–20:
    the chart is not rolled then, while the confusion's own time runs; rules/semiautomagic.md §2.11)."""
    control = _entry(c, "Confused").get("control_seconds")
    if control:
        rounds = counted(-(-control // ROUND_SECONDS), "rounds")
        return [Limit("note", f"Confused, but the player is in control ({rounds} left)", "seed 002, Confused")]
    return [Limit("act", "Confused: the Confusion chart decides what they do", "seed 002, Confused")]


def _dying(c: dict, _on) -> list[Limit]:
    dc = _entry(c, "Dying").get("dc")
    return [
        Limit("act", "Dying (unconscious)", "seed 002, Dying"),
        Limit("defend", "Dying", _HELPLESS),
        Limit(
            "note",
            f"Dying: an endurance check each round{f' against DC {dc}' if dc is not None else ''}",
            "seed 002, Dying",
        ),
    ]


def _unconscious(c: dict, on) -> list[Limit]:
    if "Dying" in on:
        return []  # the dying are unconscious: Dying says it
    seconds = _entry(c, "Unconscious").get("seconds")
    why = "Unconscious" + ("" if seconds is None else f" (wakes in {spoken_duration(seconds, ROUND_SECONDS)})")
    return [Limit("act", why, "seed 002, Unconscious"), Limit("defend", "Unconscious (Helpless)", _HELPLESS)]


def _stunned(c: dict, _on) -> list[Limit]:
    seconds = c["conditions"]["Stunned"]["seconds"]
    if seconds is None or seconds >= ROUND_SECONDS:
        return [
            Limit(
                "act", "Stunned" + ("" if seconds is None else f" ({counted(seconds, 'seconds')})"), "seed 002, Stunned"
            )
        ]
    return [
        Limit(
            "note",
            f"Stunned for {counted(seconds, 'seconds')}: no actions until then; defence rolls as normal",
            "seed 002, Stunned",
        )
    ]


def _helpless(c: dict, on) -> list[Limit]:
    """Helpless's own words only when nothing more serious that brings it has said so already."""
    said = (
        []
        if set(on) & _BRINGS_HELPLESS
        else [Limit("act", "Helpless: cannot react", _HELPLESS), Limit("defend", "Helpless", _HELPLESS)]
    )
    return said + [Limit("note", "Helpless: melee attacks against them hit automatically", _HELPLESS)]


CONDITIONS = Registry(
    Condition(
        "Flat-Footed",
        "Caught unready (surprised, or just woken): no defence rolls, open to a Sneak Attack.",
        "seed 002, Flat-Footed",
        timer="seconds",
        forbids=("defend",),
        rank=11,
        limits=lambda c, on: [Limit("defend", f"Flat-Footed{_left(c, 'Flat-Footed')}", "seed 002, Flat-Footed")],
    ),
    Condition(
        "Confused",
        "Does what the Confusion chart says, rolled once every round.",
        "seed 002, Confused",
        timer="seconds",
        fields=("control_seconds", "until_morale_removed"),
        rank=9,
        limits=_confused,
        still=(("the Confusion chart each round", "semiautomagic.confusion_round"),),
    ),
    Condition(
        "Panicked",
        "Flees the source of fear by the fastest means; may still defend.",
        "rules/semiautomagic.md §2.10",
        timer="seconds",
        rank=10,
        limits=lambda c, on: [
            Limit(
                "note",
                "Panicked: flees the source of fear by the fastest means; may still defend",
                "rules/semiautomagic.md §2.10",
            )
        ],
    ),
    Condition(
        "Stunned",
        "No actions for its seconds; defence rolls as normal.",
        "seed 002, Stunned",
        timer="seconds",
        rank=7,
        costs_seconds=True,
        limits=_stunned,
    ),
    Condition(
        "Staggered",
        "Stunned 1d6 seconds every round, for 1d6 rounds.",
        "seed 002, Staggered",
        timer="seconds",
        rank=8,
        limits=lambda c, on: [
            Limit("note", f"Staggered{_left(c, 'Staggered')}: stunned 1d6 seconds every round", "seed 002, Staggered")
        ],
        still=(("the Staggered roll each round", "semiautomagic.staggered_round"),),
    ),
    Condition(
        "Disabled",
        "3 seconds of action a round, crawls one square, no weapon heavier than light, no combos.",
        "seed 002, Disabled",
        timer="seconds",
        rank=12,
        action_seconds=DISABLED_ACTION_SECONDS,
        limits=lambda c, on: [
            Limit(
                "note",
                "Disabled: 3 seconds of action a round, crawls one square, no weapon heavier than light, no combos",
                "seed 002, Disabled",
            )
        ],
    ),
    Condition(
        "Broken",
        "Has given up: no actions, no moving, no speaking; also Helpless (and at Will 0).",
        "seed 002, Broken",
        timer="seconds",
        implies=("Helpless",),
        forbids=("act",),
        rank=5,
        limits=lambda c, on: [
            Limit("act", "Broken: has given up (no actions, no moving, no speaking)", "seed 002, Broken"),
            Limit("defend", "Broken", "seed 002, Broken"),
        ],
    ),
    Condition(
        "Helpless",
        "Cannot react: no actions, no defence rolls; melee attacks against them hit automatically.",
        _HELPLESS,
        timer="seconds",
        forbids=("act", "defend"),
        rank=6,
        limits=_helpless,
    ),
    Condition(
        "Unconscious",
        "Out cold (and so Helpless); wakes after 1d4 hours per wound, not from noise.",
        "seed 002, Unconscious",
        timer="seconds",
        implies=("Helpless",),
        rank=3,
        wakes=True,
        limits=_unconscious,
    ),
    Condition(
        "Sleeping",
        "Asleep (and so Helpless); −6 to Perception; a noise louder than DC −5 wakes them.",
        "seed 002, Sleeping",
        timer="seconds",
        implies=("Helpless",),
        rank=4,
        wakes=True,
        modifiers=(ConditionModifier(-6, "Perception", "asleep", "seed 002, Sleeping"),),
        limits=lambda c, on: [
            Limit("act", "Sleeping (wakes at a noise louder than DC −5)", "seed 002, Sleeping"),
            Limit("defend", "Sleeping (Helpless)", _HELPLESS),
        ],
        still=(("Perception to hear a noise", "semiautomagic.noise_wakes"),),
    ),
    Condition(
        "Dying",
        "Unconscious and dying: a d10 to stabilise and an endurance check each round.",
        "seed 002, Dying",
        timer="rounds",
        implies=("Unconscious",),
        fields=("dc",),
        rank=1,
        limits=_dying,
        still=(("the dying endurance check each round", "semiautomagic.dying_round"),),
    ),
    Condition(
        "Soul Coma",
        "A body without its soul: appears dead, a Fortitude check every hour from DC 1.",
        "seed 002, Soul Coma",
        timer="seconds",
        implies=("Unconscious",),
        fields=("dc", "seconds_to_check"),
        starts="is in a Soul Coma",
        rank=2,
        wakes=True,
        limits=lambda c, on: [
            Limit("act", "in a Soul Coma", "seed 002, Soul Coma"),
            Limit("defend", "in a Soul Coma", _HELPLESS),
        ],
        still=(("the Soul Coma check each hour", "semiautomagic.soul_coma_hour"),),
    ),
    Condition(
        "Held",
        "Grappled or pinned: no block or parry; may dodge at −1.",
        "seed 002, Held",
        timer="seconds",
        rank=13,
        only_defences=("dodge",),
        modifiers=(ConditionModifier(-1, "dodge", "Held: dodge", "seed 002, Held", reason="Held"),),
        limits=lambda c, on: [Limit("note", "Held: no block or parry; may dodge at −1", "seed 002, Held")],
    ),
    Condition(
        "Tired",
        "No rules in the seed: the GM may set a modifier on every check.",
        "rules/semiautomagic.md §2.14 S3",
        timer="seconds",
        fields=("modifier",),
        rank=14,
        modifiers=(
            ConditionModifier(
                None,
                "every check",
                "Tired (GM's modifier)",
                "rules/semiautomagic.md §2.14 S3",
                reason="Tired (the GM's modifier)",
            ),
        ),
    ),
)
"""Seed 002: the fourteen conditions, in the seed's order; ``rank`` is the order "who can act" lists them in.

What each implies, from the seed: "A dying character is unconscious"; Unconscious and Sleeping characters "are also
always Helpless"; a Broken character "is also Helpless"; a body without its soul "enters a coma-like state" and
"appears dead at casual glance" (a coma is unconsciousness: no actions, no defence rolls). What each forbids: Broken
"cannot take any actions"; Helpless "cannot react"; Flat-Footed (and so Helpless and Broken) characters may not make
defence rolls. Held: no block or parry, dodge at −1; Sleeping: "a -6 penalty to Perception checks while asleep"."""

NAMES = CONDITIONS.names
IMPLIED = CONDITIONS.implied()
FIELDS = CONDITIONS.fields()
WAKING = tuple(r.name for r in CONDITIONS if r.wakes)
"""Ending one of these wakes the character (Flat-Footed one round), unless something else keeps him out."""
_BRINGS_HELPLESS = frozenset(
    r.name for r in CONDITIONS if r.name != "Helpless" and "Helpless" in CONDITIONS.closure([r.name])
)


def defence_modifier(name: str, option: str) -> int:
    """The modifier condition ``name`` puts on defence ``option`` (0 when none)."""
    return sum(m.value or 0 for m in CONDITIONS[name].modifiers if m.applies == option)
