"""The Semiautomagic stat-block reader as an operation of the JSON door ("Paste a stat block")."""

from __future__ import annotations

from py_rules.semiautomagic import stat_block
from py_rules.semiautomagic.tables import ABILITIES
from py_rules.stat_block_op import stat_block_operation

__all__ = ("OPERATIONS", "PARSE_STAT_BLOCK")

_EXAMPLE = (
    "Cave troll\nScale 1\nStr 6, Dex 2, End 5, Int 1, Spi 2\nToughness 17 (Minimum 11), Will 8\n"
    "Defence: natural armour +3\nSkills: Weapon Skill 3, Wrestle 2, Perception 1\nMovement: walk 6\n"
    "Weapons: Club 1d8 bludgeoning; Claws 1d6 slashing"
)

PARSE_STAT_BLOCK = stat_block_operation(
    "semiautomagic",
    stat_block.parse,
    summary="Reads a creature's stat block (abilities, Scale, Toughness, Will, Defence and armour, skills, speeds, "
    "weapons with their dice and damage type) into a creature sheet; lists what was read, what was not understood, "
    "and what the block leaves out, which you give.",
    example=_EXAMPLE,
    text_help="Line breaks anywhere: abilities (Str 3 Dex 3 End 3 Int 3 Spi 3), Scale, Toughness, Will, Defence or "
    "armour, skills, speeds, weapons with their dice and damage type.",
    given_help="Values for what the block leaves out or prints in a way not understood, e.g. "
    f'{{"Spirit": 3}} ({", ".join(ABILITIES)}, or a name).',
    covers=("M1",),  # makes a creature sheet: Toughness, Minimum Toughness, Will, Target derived
    source="seed 002, Creature or Object Toughness; rules/semiautomagic.md §2.3",
)

OPERATIONS = (PARSE_STAT_BLOCK,)
