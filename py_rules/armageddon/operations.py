"""Armageddon operations for the JSON door (RULES.md §1.17 checklist U1–U24)."""

from __future__ import annotations

from py_rules.armageddon.tables import GM_TITLE, RULE_OF_ONE_MODES, TARGET_NUMBER
from py_rules.armageddon.task import resolve_task
from py_rules.modifiers import MODIFIERS_HELP, parse_modifiers
from py_rules.operations import Operation, System
from py_rules.params import Param

__all__ = ("SYSTEM", "OPERATIONS")

SYSTEM = System("armageddon", "Armageddon (Classic Unisystem)", GM_TITLE, "seed 000; RULES.md part 1")

ATTRIBUTES = ("Strength", "Dexterity", "Constitution", "Intelligence", "Perception", "Willpower")
"""RULES.md §1.3: the six primary Attributes (the last three are mental)."""

LABEL = Param("label", "text", "Label", "Who rolls and what for; echoed in the result.", default="")
TN = Param(
    "tn", "int", "Target Number", "Seed 000, The Basics: the Target Number for nearly all rolls is 9.",
    default=TARGET_NUMBER, minimum=1, maximum=30, setting=True,
)
RULE_OF_ONE = Param(
    "rule_of_one_mode", "choice", "Rule of 1 reading",
    "RULES.md §1.5/§1.16 A1: 'replace' (the seed's example, 1 then 3 = −2), 'literal' (1 + (r − 5)), "
    "or 'afmbe_foundry'.",
    default="replace", choices=RULE_OF_ONE_MODES, setting=True,
)


MODIFIERS = Param("modifiers", "text", "Modifiers", MODIFIERS_HELP, default="")


def _task(dice, *, label, attribute_name, attribute, skill_name, skill, untrained_penalty, modifiers, tn, rule_of_one_mode):
    return resolve_task(
        dice,
        attribute=attribute,
        attribute_name=attribute_name,
        skill=skill,
        skill_name=skill_name,
        untrained_penalty=untrained_penalty,
        modifiers=parse_modifiers(modifiers, "Chronicler's modifier (seed 000, Tasks: apply modifiers)"),
        tn=tn,
        rule_of_one_mode=rule_of_one_mode,
        label=label,
    )


TASK = Operation(
    id="armageddon.task",
    system="armageddon",
    title="Task (Attribute + Skill + d10)",
    summary="Roll Attribute + Skill + 1d10 + modifiers against 9, with the Rules of 10 and 1 and Success Levels. "
    "Skill 0 is an unskilled attempt (−2, capped at Decent).",
    covers=("U2", "U3", "U4", "U5"),
    params=(
        LABEL,
        Param("attribute_name", "choice", "Attribute", "RULES.md §1.3: the Attribute the Task uses.",
              default="Dexterity", choices=ATTRIBUTES),
        Param("attribute", "int", "Attribute level", "Seed 000, Tasks: the relevant Attribute's level.",
              minimum=0, maximum=20),
        Param("skill_name", "text", "Skill", "The Skill used, e.g. Handguns (seed 000, Tasks).", default=""),
        Param("skill", "int", "Skill level", "Seed 000, Tasks: the Skill's level; 0 means untrained "
              "(seed 000, Unskilled Attempts: −2, never better than Decent).", minimum=0, maximum=20),
        Param("untrained_penalty", "int", "Extra untrained penalty",
              "Seed 000, Unskilled Attempts: skills needing real training may suffer −6 to −10 when untrained.",
              default=0, minimum=-10, maximum=0),
        MODIFIERS,
        TN,
        RULE_OF_ONE,
    ),
    run=_task,
    source="seed 000, Tasks; Unskilled Attempts; The Rule of 10; The Rule of 1; RULES.md §1.5–1.7",
)

OPERATIONS = (TASK,)
