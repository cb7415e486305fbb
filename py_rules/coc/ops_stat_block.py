"""The stat-block reader as an operation of the JSON door (TABLE.md: "a Keeper can paste a scenario's stat block")."""

from __future__ import annotations

from py_rules.coc import stat_block
from py_rules.coc.tables import CHARACTERISTICS
from py_rules.operations import Operation
from py_rules.params import Param
from py_rules.trace import Result, Step

__all__ = ("OPERATIONS", "PARSE_STAT_BLOCK")

_EXAMPLE = ("Silas Crane, age 40, cult enforcer\nSTR 70 (35/14) CON 60 SIZ 75 DEX 55 APP 40 INT 50 POW 45 EDU 40\n"
            "HP 13 DB +1D4 Build 1 Move 7 MP 9 Luck 35\nAttacks per round: 1\nFighting 55% (27/11), damage 1D3+DB\n"
            "Knife 55%, damage 1D4 + DB\nDodge 30% (15/6)\nSkills: Intimidate 50%, Listen 35%, Stealth 40%\n"
            "Armour: none.\nSanity loss: none.")


def _headline(parsed: dict) -> str:
    if parsed["sheet"] is not None:
        left = len(parsed["not_read"])
        return f"{parsed['sheet']['name']} was read" + (f"; {left} part{'s' if left != 1 else ''} not understood."
                                                        if left else ".")
    if not parsed["read"]:
        return "Nothing in this text reads as a stat block."
    return f"Read {len(parsed['read'])} values; still needed: {', '.join(parsed['missing']) or 'a fix to the values'}."


def _parse(*, text, given) -> Result:
    parsed = stat_block.parse(text, given)
    steps = [Step(words, "TABLE.md, Paste a stat block") for words in parsed["read"]]
    steps += [Step(f"Not read: {words}", "TABLE.md, Paste a stat block") for words in parsed["not_read"]]
    return Result("coc", "parse_stat_block", label=parsed["sheet"]["name"] if parsed["sheet"] else "",
                  events=[_headline(parsed)], steps=steps, details=parsed)


PARSE_STAT_BLOCK = Operation(
    id="coc.parse_stat_block", system="coc", title="Read a stat block",
    summary="Reads a 7th-edition stat block as scenarios print it (characteristics, HP, Damage Bonus, Build, MOV, "
    "MP, Luck, attacks and their damage, Dodge, skills, armour, Sanity loss) into a sheet; lists what was read, "
    "what was not, and what the block leaves out, which you give.",
    covers=("C1",),  # makes an investigator sheet: HP, MP, SAN, Luck, DB, Build, MOV, Dodge derived
    params=(
        Param("text", "text", "Stat block", "The stat block as the scenario prints it; line breaks anywhere.",
              default="", example=_EXAMPLE, max_length=100_000, as_written=True),
        Param("given", "json", "Values you give", "Values for what the block leaves out, e.g. "
              f"{{\"EDU\": 50, \"Luck\": 45}} ({', '.join(CHARACTERISTICS)}, Luck, or a name).", default={},
              example={}),
    ),
    run=_parse, source="TABLE.md, Paste a stat block; rules/coc.md §3.2", rolls=False,
)

OPERATIONS = (PARSE_STAT_BLOCK,)
