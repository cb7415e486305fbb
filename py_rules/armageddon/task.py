"""Tasks: Attribute + Skill + 1d10 against 9 (U4, U5; seed 000 "Tasks", "Unskilled Attempts").

A skill level of 0 is an unskilled attempt: −2 (plus the skill's extra
untrained penalty) and never better than "Decent" (RULES.md §1.7).
"""

from __future__ import annotations

from py_rules.armageddon.d10 import roll_d10
from py_rules.armageddon.outcome import describe_level, success_levels
from py_rules.armageddon.tables import (
    TARGET_NUMBER,
    UNSKILLED_MAX_SUCCESS_LEVELS,
    UNSKILLED_PENALTY,
)
from py_rules.dice import DiceSource
from py_rules.render import signed
from py_rules.trace import Modifier, Result, Step, total_of

__all__ = ("resolve_task",)

_TASKS = "seed 000, Tasks"
_UNSKILLED = "seed 000, Unskilled Attempts"


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
) -> Result:
    """Roll Attribute + Skill + 1d10 + modifiers against ``tn`` (U4).

    With ``skill == 0`` the roll is unskilled (U5): −2, the extra
    ``untrained_penalty`` (0 or −6 … −10), Success Levels capped at 2.
    """
    unskilled = skill == 0
    skill_label = skill_name or "Skill"
    parts = [Modifier(attribute_name, attribute, _TASKS)]
    if unskilled:
        parts.append(Modifier(f"unskilled ({skill_label} 0)", UNSKILLED_PENALTY, _UNSKILLED))
        if untrained_penalty:
            parts.append(Modifier(f"{skill_label} needs real training", untrained_penalty, _UNSKILLED))
    else:
        parts.append(Modifier(skill_label, skill, _TASKS))
    parts.extend(modifiers)

    die = roll_d10(dice, rule_of_one_mode)
    total = die.value + total_of(parts)
    levels = success_levels(total, tn)
    steps = list(die.steps)
    steps.append(Step(f"{die.value} (die) {' '.join(f'{signed(m.value)}' for m in parts)} = {total}", _TASKS))
    flags = list(die.flags)
    if unskilled and levels > UNSKILLED_MAX_SUCCESS_LEVELS:
        steps.append(Step(f"Unskilled: {levels} Success Levels capped at {UNSKILLED_MAX_SUCCESS_LEVELS} (Decent)", _UNSKILLED))
        levels = UNSKILLED_MAX_SUCCESS_LEVELS
        flags.append("unskilled_cap")
    if unskilled:
        flags.append("unskilled")
    success = total >= tn
    steps.append(Step(f"{total} {'≥' if success else '<'} {tn}: {'success' if success else 'failure'}", "seed 000, The Basics"))
    return Result(
        system="armageddon",
        kind="task",
        label=label,
        modifiers=parts,
        total=total,
        target=tn,
        success=success,
        level=levels,
        level_name=describe_level(levels),
        flags=flags,
        steps=steps,
        details={"die": die.value, "faces": list(die.faces)},
    )
