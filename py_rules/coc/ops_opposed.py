"""Opposed and combined rolls through the JSON door (rules/coc.md §3.14 C7, C8; §3.7; seed 003, Opposed Rolls,
Combined rolls)."""

from __future__ import annotations

from py_rules.coc import opposed
from py_rules.coc.ops_rolls import TICKING
from py_rules.coc.params import (
    BONUS,
    DIFFICULTY,
    INVESTIGATOR,
    LABEL,
    OPPONENT,
    PENALTY,
    SKILL,
    with_states,
)
from py_rules.coc.settings import settings_from
from py_rules.coc.tables import LUCK_MAX, SKILL_BASES
from py_rules.operations import Operation
from py_rules.params import Param

__all__ = ("OPERATIONS",)


def _opposed(
    dice,
    *,
    investigator,
    opponent,
    skill,
    opponent_skill,
    bonus,
    penalty,
    opponent_bonus,
    opponent_penalty,
    luck,
    opponent_luck,
    label,
    **rest,
):
    settings, _ = settings_from(rest)
    return opposed.opposed_roll(
        dice,
        investigator,
        opponent,
        skill,
        opponent_skill,
        bonus_a=bonus,
        penalty_a=penalty,
        bonus_b=opponent_bonus,
        penalty_b=opponent_penalty,
        luck_a=luck,
        luck_b=opponent_luck,
        label=label,
        settings=settings,
    )


OPPOSED = Operation(
    id="coc.opposed_roll",
    system="coc",
    title="Opposed roll",
    summary="Both sides roll their own skill; the higher level wins; a draw goes to the higher skill, equal skills to "
    "a 1D100 roll-off (lower wins); both failing means nobody wins. Cannot be pushed.",
    covers=("C7",),
    params=(
        INVESTIGATOR,
        OPPONENT,
        SKILL,
        Param(
            "opponent_skill",
            "choice",
            "Opponent's skill",
            "The skill the other side rolls (seed 003: e.g. Dodge against Brawl).",
            default="Dodge",
            choices=tuple(SKILL_BASES),
            parse=SKILL.parse,
        ),
        BONUS,
        PENALTY,
        Param("opponent_bonus", "int", "Opponent's bonus dice", BONUS.help, default=0, minimum=0, maximum=5),
        Param("opponent_penalty", "int", "Opponent's penalty dice", PENALTY.help, default=0, minimum=0, maximum=5),
        Param(
            "luck",
            "int",
            "Investigator's Luck to spend",
            "Seed 003, Luck: lower the roll point for point before "
            "the comparison; none is spent on a fumble, and it stops at 02 (never a critical; rules/coc.md §3.6).",
            default=0,
            minimum=0,
            maximum=LUCK_MAX,
        ),
        Param(
            "opponent_luck",
            "int",
            "Opponent's Luck to spend",
            "As above, for the other side.",
            default=0,
            minimum=0,
            maximum=LUCK_MAX,
        ),
        LABEL,
        *TICKING,
    ),
    run=_opposed,
    source="seed 003, Opposed Rolls; rules/coc.md §3.7",
)


def _combined(dice, *, investigator, skills, mode, difficulty, bonus, penalty, label, **rest):
    settings, _ = settings_from(rest)
    names = opposed.parse_skill_list(skills)
    return with_states(
        opposed.combined_roll(
            dice,
            investigator,
            names,
            mode=mode,
            difficulty=difficulty,
            bonus=bonus,
            penalty=penalty,
            label=label,
            settings=settings,
        )
    )


COMBINED = Operation(
    id="coc.combined_roll",
    system="coc",
    title="Combined roll",
    summary="One 1D100 against two or more skills (e.g. Throw and Stealth); the Keeper needs all of them or any one.",
    covers=("C8",),
    params=(
        INVESTIGATOR,
        Param(
            "skills",
            "text",
            "Skills",
            "Seed 003, Combined rolls: skill names separated by commas, e.g. 'Throw, Stealth'.",
            default="Throw, Stealth",
        ),
        Param(
            "mode",
            "choice",
            "The Keeper needs",
            "rules/coc.md §3.7: success in all skills, or in any one.",
            default="all",
            choices=("all", "any"),
        ),
        DIFFICULTY,
        BONUS,
        PENALTY,
        LABEL,
        *TICKING,
    ),
    run=_combined,
    source="seed 003, Combined rolls; rules/coc.md §3.7",
)

OPERATIONS = (OPPOSED, COMBINED)
