"""The Resisted Task or Test as an operation: both sides roll, the higher result of 9 or more wins, ties as the
house rule says (U7, U10; seed 000, Resisted Tasks & Tests; rules/armageddon.md §1.7, §1.16 A4). The acting side may
be a character, with his state's penalties (rules/armageddon.md §1.15); the opponent too: given his sheet, his
Attribute and skill are read from it by name (an unlisted skill is an unskilled attempt) and his state's penalties
apply; without a sheet his levels are typed. In the parameters side "a" acts and side "b" resists."""

from __future__ import annotations

from py_rules.armageddon.character import attribute as attribute_of, name_of, skill_entry
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
from py_rules.errors import RulesError
from py_rules.modifiers import parse_modifiers
from py_rules.operations import Operation
from py_rules.params import REQUIRED, Param
from py_rules.trace import Modifier, Result, Step, rolled

__all__ = ("RESISTED", "ACTING", "OPPONENT")

ACTING = "The acting character"
OPPONENT = "The opponent"
"""Who is who when nobody is named (the parameters call them side "a" and side "b")."""


def _side(dice, side, who, kind, levels, modifiers, tn, mode, round_no, state_mods=()):
    """One side's roll; ``levels``: (Attribute name, level, skill name, level, extra untrained penalty)."""
    attribute_name, attribute, skill_name, skill, untrained = levels
    mods = parse_modifiers(modifiers, _GM_MODS, f"{side}_modifiers") + list(state_mods)
    purpose = who + (f", roll {round_no}" if round_no > 1 else "")
    if kind == "task":
        return resolve_task(
            dice,
            attribute=attribute,
            skill=skill,
            attribute_name=attribute_name,
            skill_name=skill_name,
            untrained_penalty=untrained,
            modifiers=mods,
            tn=tn,
            rule_of_one_mode=mode,
            label=who,
            purpose=purpose,
        )
    parts = attribute_parts(kind, attribute_name, attribute)
    return resolve_roll(
        dice,
        kind=f"{kind}_test",
        parts=parts,
        modifiers=mods,
        tn=tn,
        rule_of_one_mode=mode,
        label=who,
        purpose=purpose,
    )


def _opponent_levels(opponent, kind, attribute_name, skill_name, attribute, skill):
    """The opponent's (Attribute name, level, skill name, level, untrained penalty): read from his sheet by name
    when there is one, else the typed levels (seed 000, Resisted Tasks & Tests: each side rolls normally)."""
    if opponent is None:
        if attribute is None:
            raise RulesError(
                "missing_field", "Give the opponent's Attribute level, or pick an opponent with a sheet.", "b_attribute"
            )
        return "Attribute", attribute, "Skill", skill, 0
    level, untrained = 0, 0
    if kind == "task" and skill_name:
        try:
            level, untrained = skill_entry(opponent, skill_name)
        except RulesError as error:
            raise RulesError(error.code, error.message, "b_skill_name") from None
    elif kind == "task":
        level = skill
    return attribute_name, attribute_of(opponent, attribute_name), skill_name or "Skill", level, untrained


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
    opponent=None,
    b_attribute_name="Dexterity",
    b_skill_name="",
    **options,
):
    steps, rolls = [], []
    state_mods = _state_modifiers(character, (a_attribute_name,), "task" if a_kind == "task" else "test", tags, options)
    b_levels = _opponent_levels(opponent, b_kind, b_attribute_name, b_skill_name, b_attribute, b_skill)
    b_state = _state_modifiers(opponent, (b_attribute_name,), "task" if b_kind == "task" else "test", "none", options)
    if character is not None:
        a_name = a_name or name_of(character)
    if opponent is not None:
        b_name = b_name or name_of(opponent)
        steps.append(
            Step(
                f"{b_name}: {b_levels[0]} {b_levels[1]}"
                + (f", {b_levels[2]} {b_levels[3]}" if b_kind == "task" else "")
                + " from the sheet",
                "seed 000, Resisted Tasks & Tests: each side rolls normally",
            )
        )
    names = {"A": a_name or ACTING, "B": b_name or OPPONENT}
    a_levels = (a_attribute_name if character is not None else "Attribute", a_attribute, "Skill", a_skill, 0)
    for round_no in range(1, 11):
        a = _side(dice, "a", names["A"], a_kind, a_levels, a_modifiers, tn, rule_of_one_mode, round_no, state_mods)
        b = _side(dice, "b", names["B"], b_kind, b_levels, b_modifiers, tn, rule_of_one_mode, round_no, b_state)
        rolls.append((a, b))
        for who, roll in ((names["A"], a), (names["B"], b)):
            steps.append(Step(f"{who}:"))
            steps.extend(Step("  " + s.text, s.source) for s in roll.steps)
        winner, reason = resisted_outcome(a.total, b.total, tn, tie_rule)
        tied = a.total == b.total and a.total >= tn
        if not (tied and tie_rule == "reroll"):
            break
        steps.append(Step("Tie: both roll again (tie setting 'reroll')", "rules/armageddon.md §1.7/A4"))
    steps.append(Step(f"{a.total} vs {b.total}: {reason}", "seed 000, Resisted Tasks & Tests"))
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
            "names": {"a": names["A"], "b": names["B"]},
            "who_rolled": [
                rolled(names["A"], _what(a_kind, a_levels[0], "Skill"), a.total, tn, a.level_name),
                rolled(names["B"], _what(b_kind, b_levels[0], b_levels[2]), b.total, tn, b.level_name),
            ],
        },
    )
    return result


def _what(kind: str, attribute_name: str, skill_name: str) -> str:
    """What a side rolled, as a post names it: its Attribute, and for a Task its Skill (seed 000, Tasks)."""
    return f"{attribute_name} + {skill_name or 'Skill'}" if kind == "task" else f"{attribute_name} ({kind} Test)"


def _levels_beyond(levels: int) -> str:
    return f"{levels} Success Level{'' if levels == 1 else 's'} beyond the loser's"


_WHO = {"a": ("The acting character", "the acting character's"), "b": ("The opponent", "the opponent's")}


def _side_params(side: str, default_kind: str) -> tuple:
    who, whose = _WHO[side]
    whose_cap = whose[0].upper() + whose[1:]
    return (
        Param(f"{side}_name", "text", who, f"{who}'s name, as the result says it.", default=""),
        Param(
            f"{side}_kind",
            "choice",
            f"{whose_cap} roll",
            "Seed 000, Resisted Tasks & Tests: each side rolls a Task (Attribute + Skill) or a Simple/Difficult Test.",
            default=default_kind,
            choices=("task", "simple", "difficult"),
        ),
        Param(
            f"{side}_attribute",
            "int",
            f"{whose_cap} Attribute level",
            "The Attribute's level."
            + (" Not needed when the opponent's sheet is given: it is read from there." if side == "b" else ""),
            default=None if side == "b" else REQUIRED,
            minimum=0,
            maximum=ATTRIBUTE_MAX,
        ),
        Param(
            f"{side}_skill",
            "int",
            f"{whose_cap} Skill level",
            "The Skill's level for a Task (0 = unskilled).",
            default=0,
            minimum=0,
            maximum=SKILL_MAX,
        ),
        Param(f"{side}_modifiers", "text", f"{whose_cap} modifiers", MODIFIERS.help, default=""),
    )


RESISTED = Operation(
    id="armageddon.resisted",
    system="armageddon",
    title="Resisted Task or Test",
    summary="Both sides roll normally; the higher result wins, but only a result of 9 or more can win; if neither "
    "reaches 9 both fail. Ties follow the tie setting. The acting character and the opponent may each come with "
    "their sheet: the opponent's Attribute and skill are then read from it, and each one's state penalties apply.",
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
            "The acting character's sheet (optional)",
            CHARACTER_OPTIONAL.help + " Their state's penalties apply to their roll.",
            default=None,
            parse=CHARACTER_OPTIONAL.parse,
            example=CHARACTER_OPTIONAL.example,
            state_key="armageddon.character",
        ),
        Param(
            "a_attribute_name",
            "choice",
            "The acting character's Attribute",
            "Which Attribute they use (mental Attributes take the low-Essence penalty, rules/armageddon.md §1.15).",
            default="Dexterity",
            choices=ATTRIBUTE_NAME.choices,
        ),
        TAGS,
        Param(
            "opponent",
            "json",
            "The opponent's sheet (optional)",
            CHARACTER_OPTIONAL.help
            + " When given, their Attribute and skill are read from it by name and their state's "
            "penalties apply to their roll; without it, type their levels.",
            default=None,
            parse=CHARACTER_OPTIONAL.parse,
            example=CHARACTER_OPTIONAL.example,
            state_key="armageddon.opponent",
        ),
        Param(
            "b_attribute_name",
            "choice",
            "The opponent's Attribute",
            "Which Attribute of the opponent's sheet they roll (rules/armageddon.md §1.3).",
            default="Dexterity",
            choices=ATTRIBUTE_NAME.choices,
        ),
        Param(
            "b_skill_name",
            "text",
            "The opponent's skill",
            "The skill of the opponent's sheet they roll for a Task; one they do not have is an unskilled attempt "
            "(seed 000, Unskilled Attempts). Empty: the typed Skill level.",
            default="",
        ),
    )
    + PENALTY_SETTINGS,
    run=_resisted,
    source="seed 000, Resisted Tasks & Tests; rules/armageddon.md §1.7, A4",
)
