"""The Armageddon stat-block reader as an operation of the JSON door ("Paste a stat block")."""

from __future__ import annotations

from py_rules.armageddon import stat_block
from py_rules.armageddon.tables import ATTRIBUTES
from py_rules.stat_block_op import stat_block_operation

__all__ = ("OPERATIONS", "PARSE_STAT_BLOCK")

_EXAMPLE = (
    "Zombie cop\nStr 3 Dex 2 Con 3 Int 2 Per 2 Wil 2\nLP 34 EP 29 Spd 10 Essence 14\n"
    "Skills: Brawling 2, Guns (Handgun) 3, Dodge 2, Notice 2\n"
    "Attacks: Punch d4 × Str (6) bludgeoning; .38 revolver d6 × 4 (12) bullet\nArmor: Kevlar vest (AV 10)"
)

PARSE_STAT_BLOCK = stat_block_operation(
    "armageddon",
    stat_block.parse,
    summary="Reads a Classic Unisystem NPC as the books print it (Attributes, Life and Endurance Points, Speed, "
    "Essence, skills, Qualities and Drawbacks, attacks with their damage, armour) into a character sheet; lists what "
    "was read, what was not understood, and what the block leaves out, which you give.",
    example=_EXAMPLE,
    text_help="As the book prints it, line breaks anywhere: Attributes (Str 3 Dex 2 …), LP, EP, Speed, Essence, "
    "skills, Qualities and Drawbacks, attacks, armour.",
    given_help="Values for what the block leaves out or prints in a way not understood, e.g. "
    f'{{"Perception": 2}} ({", ".join(ATTRIBUTES)}, or a name).',
    covers=("U1",),  # makes a character sheet: LP, EP, Essence, Speed derived from the Attributes
    source="rules/armageddon.md §1.4",
)

OPERATIONS = (PARSE_STAT_BLOCK,)
