"""Tasks: Attribute + Skill + 1d10 against 9 (U4, U5; seed 000 "Tasks", "Unskilled Attempts").

A skill level of 0 is an unskilled attempt: −2 (plus the skill's extra
untrained penalty) and never better than "Decent" (rules/armageddon.md §1.7).
"""

from __future__ import annotations

from py_rules.armageddon.checks import resolve_roll
from py_rules.armageddon.tables import (
    TARGET_NUMBER,
    UNSKILLED_MAX_SUCCESS_LEVELS,
    UNSKILLED_PENALTY,
)
from py_rules.dice import DiceSource
from py_rules.trace import Modifier, Result

__all__ = ("resolve_task", "task_parts")

_TASKS = "seed 000, Tasks"
_UNSKILLED = "seed 000, Unskilled Attempts"


def task_parts(
    attribute_name: str, attribute: int, skill_name: str, skill: int, untrained_penalty: int = 0
) -> list[Modifier]:
    """Attribute + Skill, or Attribute − 2 (and the extra untrained penalty) when unskilled.

    >>> [(m.label, m.value) for m in task_parts("Dexterity", 2, "Handguns", 3)]
    [('Dexterity', 2), ('Handguns', 3)]
    """
    skill_label = skill_name or "Skill"
    parts = [Modifier(attribute_name, attribute, _TASKS)]
    if skill == 0:
        parts.append(Modifier(f"unskilled ({skill_label} 0)", UNSKILLED_PENALTY, _UNSKILLED))
        if untrained_penalty:
            parts.append(Modifier(f"{skill_label} needs real training", untrained_penalty, _UNSKILLED))
    else:
        parts.append(Modifier(skill_label, skill, _TASKS))
    return parts


def resolve_task(
    dice: DiceSource,
    *,
    attribute: int,
    skill: int,
    attribute_name: str = "Attribute",
    skill_name: str = "",
    modifiers: list[Modifier] = (),
    untrained_penalty: int = 0,
    tn: int = TARGET_NUMBER,
    rule_of_one_mode: str = "replace",
    label: str = "",
    purpose: str = "d10",
) -> Result:
    """Roll Attribute + Skill + 1d10 + modifiers against ``tn`` (U4).

    With ``skill == 0`` the roll is unskilled (U5): −2, the extra
    ``untrained_penalty`` (0 or −6 … −10), Success Levels capped at 2.
    """
    unskilled = skill == 0
    return resolve_roll(
        dice,
        kind="task",
        parts=task_parts(attribute_name, attribute, skill_name, skill, untrained_penalty),
        modifiers=modifiers,
        tn=tn,
        rule_of_one_mode=rule_of_one_mode,
        label=label,
        level_cap=UNSKILLED_MAX_SUCCESS_LEVELS if unskilled else None,
        cap_source=_UNSKILLED + ": never better than Decent",
        purpose=purpose,
        flags=("unskilled",) if unskilled else (),
    )
