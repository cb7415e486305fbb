"""What the character's state brings to a roll the operations make: the modifiers it puts on the roll
(rules/armageddon.md §1.15, through :func:`py_rules.armageddon.penalties.automatic_modifiers`) and the note that a
condition keeps him from acting (rules/armageddon.md §1.17 U23), shared by the Task, Test, Resisted and Initiative
operations (:mod:`.ops_rolls`, :mod:`.ops_resisted`)."""

from __future__ import annotations

from py_rules.armageddon.character import check_alive, name_of
from py_rules.armageddon.condition_registry import CONDITIONS
from py_rules.armageddon.fields import PENALTY_SETTINGS, tags_of
from py_rules.armageddon.penalties import PenaltySettings, automatic_modifiers
from py_rules.trace import Modifier, Result, Step

__all__ = ("GM_TASK_MODIFIER", "note_state", "penalty_settings", "state_modifiers")

GM_TASK_MODIFIER = "Chronicler's modifier (seed 000, Tasks: apply modifiers)"
"""The label of the Chronicler's own modifiers on a Task."""


def penalty_settings(options: dict) -> PenaltySettings:
    return PenaltySettings(**{p.name: options[p.name] for p in PENALTY_SETTINGS if p.name in options})


_CANNOT_ACT = CONDITIONS.forbidding("act")
"""The stored conditions that forbid acting (:mod:`.condition_registry`)."""


def note_state(result: Result, character) -> Result:
    """Flag conditions that keep the character from acting (the Chronicler decides whether the roll stands)."""
    if character is not None:
        for condition in _CANNOT_ACT:
            if condition in character["conditions"]:
                result.flags.append(condition)
                result.steps.insert(
                    0,
                    Step(
                        f"Note: {name_of(character)} is {condition.replace('_', ' ')} and cannot normally act.",
                        "rules/armageddon.md §1.17 U23",
                    ),
                )
    return result


def state_modifiers(character, attributes, kind, tags, options) -> list[Modifier]:
    if character is None:
        return []
    check_alive(character)
    return automatic_modifiers(
        character, attributes=attributes, kind=kind, tags=tags_of(tags), settings=penalty_settings(options)
    )
