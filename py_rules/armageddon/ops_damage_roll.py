"""The damage roll as an operation: NdX × M + K, no Target Number and no Rule of 10 or 1, the attack's Success
Levels added when the weapon says so (U8; seed 000, The Basics; rules/armageddon.md §1.8)."""

from __future__ import annotations

from py_rules.armageddon.damage import roll_damage
from py_rules.armageddon.fields import LABEL
from py_rules.armageddon.tables import DAMAGE_FORM
from py_rules.dice_expr import parse
from py_rules.operations import Operation
from py_rules.params import Param
from py_rules.trace import Modifier, Result, Step
from py_rules.words import counted

__all__ = ("ROLL_DAMAGE",)


def _roll_damage(dice, *, expression, success_levels, add_success_levels, label):
    roll = parse(expression, DAMAGE_FORM, "expression")
    value, faces, steps = roll_damage(dice, roll)
    modifiers = []
    if add_success_levels and success_levels:
        modifiers.append(
            Modifier("attack's Success Levels", success_levels, "rules/armageddon.md §1.8 optional weapon flag")
        )
        steps.append(
            Step(
                f"{value} + {counted(success_levels, 'Success Levels')} = {value + success_levels}",
                "rules/armageddon.md §1.8",
            )
        )
        value += success_levels
    return Result(
        system="armageddon",
        kind="damage",
        label=label,
        modifiers=modifiers,
        total=value,
        level_name=f"{value} damage",
        steps=steps,
        details={"expression": str(roll), "faces": faces, "damage": value},
    )


ROLL_DAMAGE = Operation(
    id="armageddon.roll_damage",
    system="armageddon",
    title="Damage roll (NdX × M + K)",
    summary="Roll weapon damage such as d6x4, d4x2+1 or 2d6+3: no Target Number, no Rule of 10 or 1.",
    covers=("U8",),
    params=(
        Param(
            "expression",
            "text",
            "Damage",
            "rules/armageddon.md §1.8: NdX × M + K (x or * for ×), e.g. d6x4 for a pistol, "
            "d4x2 for a Strength 2 punch, or a fixed number.",
            default="d6x4",
            dice=DAMAGE_FORM,
        ),
        Param(
            "success_levels",
            "int",
            "Attack's Success Levels",
            "Success Levels of the attack roll (used only with the setting below).",
            default=0,
            minimum=0,
            maximum=30,
        ),
        Param(
            "add_success_levels",
            "bool",
            "Add Success Levels to damage",
            "rules/armageddon.md §1.8: an optional weapon/attack flag; the seed does not mention it.",
            default=False,
            setting=True,
        ),
        LABEL,
    ),
    run=_roll_damage,
    source="seed 000, The Basics (damage rolls do not use the d10); rules/armageddon.md §1.8",
)
