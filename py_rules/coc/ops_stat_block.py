"""The Call of Cthulhu stat-block reader as an operation of the JSON door ("Paste a stat block")."""

from __future__ import annotations

from py_rules.coc import stat_block
from py_rules.coc.stat_block_sheet import read_creature
from py_rules.coc.tables import CHARACTERISTICS
from py_rules.stat_block_op import stat_block_operation

__all__ = ("OPERATIONS", "PARSE_STAT_BLOCK")

_EXAMPLE = (
    "Silas Crane, age 40, cult enforcer\nSTR 70 (35/14) CON 60 SIZ 75 DEX 55 APP 40 INT 50 POW 45 EDU 40\n"
    "HP 13 DB +1D4 Build 1 Move 7 MP 9 Luck 35\nAttacks per round: 1\nFighting 55% (27/11), damage 1D3+DB\n"
    "Knife 55%, damage 1D4 + DB\nDodge 30% (15/6)\nSkills: Intimidate 50%, Listen 35%, Stealth 40%\n"
    "Armour: none.\nSanity loss: none."
)


def _parse(text, given) -> dict:
    """A creature's block (``given`` ``{"kind": "creature"}``) makes a creature's sheet; any other, a person's."""
    if isinstance(given, dict) and given.get("kind") == "creature":
        return read_creature(stat_block.parse, text, given)
    return stat_block.parse(text, given)


PARSE_STAT_BLOCK = stat_block_operation(
    "coc",
    _parse,
    summary="Reads a 7th-edition stat block as scenarios print it (characteristics, also in a table with their "
    "halves and fifths, HP, Damage Bonus, Build, MOV, MP, Luck, attacks and their damage, Dodge, skills, armour, "
    "Sanity loss) into a sheet; lists what was read, what was not understood, and what the block leaves out, "
    "which you give.",
    example=_EXAMPLE,
    text_help="As the scenario prints it, line breaks anywhere: characteristics (also in a table with their halves "
    "and fifths), HP, Damage Bonus, attacks, skills, armour, Sanity loss.",
    given_help="Values for what the block leaves out or prints in a way not understood, e.g. "
    f'{{"EDU": 50, "Luck": 45}} ({", ".join(CHARACTERISTICS)}, Luck, or a name); {{"kind": "creature"}} '
    "for a creature, whose sheet may leave out APP, EDU and Luck and keeps its printed MOV and Sanity loss.",
    covers=("C1",),  # makes an investigator sheet: HP, MP, SAN, Luck, DB, Build, MOV, Dodge derived
    source="rules/coc.md §3.2",
)

OPERATIONS = (PARSE_STAT_BLOCK,)
