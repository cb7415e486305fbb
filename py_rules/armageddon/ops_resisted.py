"""The Resisted Task or Test as an operation: both sides roll, the higher result of 9 or more wins, ties as the
house rule says (U7, U10; seed 000, Resisted Tasks & Tests; rules/armageddon.md §1.7, §1.16 A4). Side A may be the
character, with his state's penalties (rules/armageddon.md §1.15)."""

from __future__ import annotations

from py_rules.armageddon.character import name_of
from py_rules.armageddon.checks import attribute_parts, resisted_outcome, resolve_roll
from py_rules.armageddon.fields import (
    ATTRIBUTE_NAME,
    CHARACTER_OPTIONAL,
    LABEL,
    MODIFIERS,
    PENALTY_SETTINGS,
    RULE_OF_ONE,
    TAGS,
    TIE_RULE,
    TN,
)
from py_rules.armageddon.roll_state import GM_TASK_MODIFIER as _GM_MODS, state_modifiers as _state_modifiers
from py_rules.armageddon.tables import ATTRIBUTE_MAX, SKILL_MAX
from py_rules.armageddon.task import resolve_task
from py_rules.modifiers import parse_modifiers
from py_rules.operations import Operation
from py_rules.params import Param
from py_rules.trace import Modifier, Result, Step

__all__ = ("RESISTED",)


def _side(dice, side, kind, attribute, skill, modifiers, tn, mode, round_no, state_mods=()):
    mods = parse_modifiers(modifiers, _GM_MODS, f"{side.lower()}_modifiers") + list(state_mods)
    purpose = f"side {side}" + (f", roll {round_no}" if round_no > 1 else "")
    if kind == "task":
        return resolve_task(
            dice,
            attribute=attribute,
            skill=skill,
            attribute_name="Attribute",
            skill_name="Skill",
            modifiers=mods,
            tn=tn,
            rule_of_one_mode=mode,
            label=f"Side {side}",
            purpose=purpose,
        )
    parts = attribute_parts(kind, "Attribute", attribute)
    return resolve_roll(
        dice,
        kind=f"{kind}_test",
        parts=parts,
        modifiers=mods,
        tn=tn,
        rule_of_one_mode=mode,
        label=f"Side {side}",
        purpose=purpose,
    )


def _resisted(
    dice,
    *,
    a_name,
    a_kind,
    a_attribute,
    a_skill,
    a_modifiers,
    b_name,
    b_kind,
    b_attribute,
    b_skill,
    b_modifiers,
    tie_rule,
    tn,
    rule_of_one_mode,
    label,
    character=None,
    a_attribute_name="Dexterity",
    tags="none",
    **options,
):
    steps, rolls = [], []
    state_mods = _state_modifiers(character, (a_attribute_name,), "task" if a_kind == "task" else "test", tags, options)
    if character is not None:
        a_name = a_name or name_of(character)
    for round_no in range(1, 11):
        a = _side(dice, "A", a_kind, a_attribute, a_skill, a_modifiers, tn, rule_of_one_mode, round_no, state_mods)
        b = _side(dice, "B", b_kind, b_attribute, b_skill, b_modifiers, tn, rule_of_one_mode, round_no)
        rolls.append((a, b))
        for who, roll in ((a_name or "A", a), (b_name or "B", b)):
            steps.append(Step(f"{who}:"))
            steps.extend(Step("  " + s.text, s.source) for s in roll.steps)
        winner, reason = resisted_outcome(a.total, b.total, tn, tie_rule)
        tied = a.total == b.total and a.total >= tn
        if not (tied and tie_rule == "reroll"):
            break
        steps.append(Step("Tie: both roll again (tie setting 'reroll')", "rules/armageddon.md §1.7/A4"))
    steps.append(Step(f"{a.total} vs {b.total}: {reason}", "seed 000, Resisted Tasks & Tests"))
    names = {"A": a_name or "Side A", "B": b_name or "Side B"}
    margin = abs(a.total - b.total) if winner else 0
    win, lose = (a, b) if winner == "A" else (b, a)
    result = Result(
        system="armageddon",
        kind="resisted",
        label=label,
        modifiers=[Modifier(f"{names['A']}: {m.label}", m.value, m.source) for m in a.modifiers]
        + [Modifier(f"{names['B']}: {m.label}", m.value, m.source) for m in b.modifiers],
        total=win.total if winner else None,
        target=tn,
        success=winner is not None,
        level=(win.level - lose.level) if winner else None,
        level_name=(
            f"{names[winner]} wins by {margin} ({_levels_beyond(win.level - lose.level)})" if winner else "no winner"
        ),
        flags=sorted({f for roll in (a, b) for f in roll.flags}),
        steps=steps,
        details={
            "winner": names[winner] if winner else None,
            "winner_side": winner,
            "margin": margin,
            "a": {"total": a.total, "success": a.success, "level": a.level},
            "b": {"total": b.total, "success": b.success, "level": b.level},
            "rolls": len(rolls),
        },
    )
    return result


def _levels_beyond(levels: int) -> str:
    return f"{levels} Success Level{'' if levels == 1 else 's'} beyond the loser's"


def _side_params(side: str, default_kind: str) -> tuple:
    who = "the active side" if side == "a" else "the resisting side (defender)"
    return (
        Param(f"{side}_name", "text", f"Side {side.upper()} name", f"Who is {who}.", default=""),
        Param(
            f"{side}_kind",
            "choice",
            f"Side {side.upper()} roll",
            "Seed 000, Resisted Tasks & Tests: each side rolls a Task (Attribute + Skill) or a Simple/Difficult Test.",
            default=default_kind,
            choices=("task", "simple", "difficult"),
        ),
        Param(
            f"{side}_attribute",
            "int",
            f"Side {side.upper()} Attribute",
            "The Attribute's level.",
            minimum=0,
            maximum=ATTRIBUTE_MAX,
        ),
        Param(
            f"{side}_skill",
            "int",
            f"Side {side.upper()} Skill",
            "The Skill's level for a Task (0 = unskilled).",
            default=0,
            minimum=0,
            maximum=SKILL_MAX,
        ),
        Param(f"{side}_modifiers", "text", f"Side {side.upper()} modifiers", MODIFIERS.help, default=""),
    )


RESISTED = Operation(
    id="armageddon.resisted",
    system="armageddon",
    title="Resisted Task or Test",
    summary="Both sides roll normally; the higher result wins, but only a result of 9 or more can win; if neither "
    "reaches 9 both fail. Ties follow the tie setting. Side A may be the character, with his state's penalties.",
    covers=("U7", "U10"),
    params=_side_params("a", "task")
    + _side_params("b", "task")
    + (
        TIE_RULE,
        TN,
        RULE_OF_ONE,
        LABEL,
        Param(
            "character",
            "json",
            "Side A's character (optional)",
            CHARACTER_OPTIONAL.help + " His state's penalties apply to side A.",
            default=None,
            parse=CHARACTER_OPTIONAL.parse,
            example=CHARACTER_OPTIONAL.example,
            state_key="armageddon.character",
        ),
        Param(
            "a_attribute_name",
            "choice",
            "Side A's Attribute",
            "Which Attribute side A uses (mental Attributes take the low-Essence penalty, rules/armageddon.md §1.15).",
            default="Dexterity",
            choices=ATTRIBUTE_NAME.choices,
        ),
        TAGS,
    )
    + PENALTY_SETTINGS,
    run=_resisted,
    source="seed 000, Resisted Tasks & Tests; rules/armageddon.md §1.7, A4",
)
