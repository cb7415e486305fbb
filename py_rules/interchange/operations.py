"""The door's operations for characters in and out (TABLE.md): ``interchange.import_character`` reads a file from
the Dhole's House or Foundry and puts the sheet through its game's own validation before anything is saved;
``interchange.export_foundry_coc7`` writes an investigator as a Foundry actor file.

``interchange.import_character`` answers in ``result.details``: ``{"valid", "format", "format_name", "game",
"sheet", "report": {"read", "mapped", "left_out"}, "problem": {"field", "message"} | null}``; the sheet is the
game's normalized one when valid. ``interchange.export_foundry_coc7`` answers ``{"file" (the actor), "text" (its
JSON), "filename", "report"}``.
"""

from __future__ import annotations

import json
import re

from py_rules.campaign import games
from py_rules.campaign.file import character_sheet
from py_rules.interchange.detect import FORMATS, GAMES_READ, MAX_FILE_CHARS, NAMES, read_file
from py_rules.operations import FILE_DEADLINE_SECONDS, Operation, System
from py_rules.params import Param
from py_rules.text import problem as text_problem
from py_rules.trace import Result, Step

__all__ = ("SYSTEM", "OPERATIONS", "EXAMPLE_FILE")

SYSTEM = System("interchange", "Characters from other tools", "Game master", "TABLE.md, Characters from other tools")

EXAMPLE_FILE = json.dumps(
    {
        "Investigator": {
            "PersonalDetails": {"Name": "Harvey Walters", "Occupation": "Journalist", "Age": "42"},
            "Characteristics": {
                "STR": "45",
                "CON": "60",
                "SIZ": "65",
                "DEX": "60",
                "APP": "50",
                "INT": "85",
                "POW": "60",
                "EDU": "80",
                "Sanity": "60",
                "SanityMax": "99",
                "HitPts": "12",
                "HitPtsMax": "12",
                "MagicPts": "12",
                "MagicPtsMax": "12",
                "Luck": "50",
                "Move": "6",
                "DamageBonus": "0",
                "Build": "0",
            },
            "Skills": {
                "Skill": [
                    {"name": "Spot Hidden", "subskill": "None", "value": "55", "occupation": "true"},
                    {"name": "Firearms", "subskill": "Handgun", "value": "45", "occupation": "false"},
                ]
            },
            "Weapons": {
                "weapon": {
                    "name": "Unarmed",
                    "skillname": "Fighting (Brawl)",
                    "damage": "1D3+DB",
                    "attacks": "1",
                    "ammo": "-",
                    "malf": "-",
                }
            },
            "Possessions": {"item": {"description": "Notebook"}},
            "Backstory": {"description": "A reporter who asks one question too many."},
        }
    }
)
"""A small Dhole's House file (the form pre-fills it)."""
_GAME_CHOICES = ("any",) + tuple(game for game in games.GAMES if game in GAMES_READ)
"""Any, or a game some format reads (the page offers the import only in those games' campaigns)."""


def _import(*, text, format, game) -> Result:
    imported = read_file(text, format)
    report = imported.report
    details = {
        "valid": False,
        "format": imported.format,
        "format_name": NAMES.get(imported.format, ""),
        "game": imported.game,
        "sheet": imported.sheet,
        "report": report.to_dict(),
        "problem": None,
    }
    if imported.sheet is None:
        headline = (
            report.left_out[0]
            if report.left_out
            else "Nothing was read from this file."
            if imported.problem
            else "The file could not be read."
        )
        details["problem"] = imported.problem
        return Result("interchange", "import_character", events=[headline], details=details)
    name = imported.sheet.get("name")
    if not isinstance(name, str) or not name.strip() or text_problem(name):  # a name the sheet refuses is not echoed
        name = "The character"
    if game not in ("any", imported.game):
        message = (
            f"This file is a character of {games.game_name(imported.game)}; this campaign plays "
            f"{games.game_name(game)}."
        )
        details["problem"] = {"field": "", "message": message}
        return Result("interchange", "import_character", label=name, events=[message], details=details)
    problems: list = []  # the very check a campaign gives its characters: what it lets in, the campaign keeps
    sheet = character_sheet(imported.sheet, imported.game, problems)
    if sheet is not None:
        details["sheet"], details["valid"] = sheet, True
    else:
        details["problem"] = {"field": problems[0]["path"], "message": problems[0]["message"]}
    left = len(report.left_out)
    headline = (
        f"{name} read from {NAMES[imported.format]}"
        + (f"; {left} thing{'s' if left != 1 else ''} left out." if left else ".")
        if details["valid"]
        else f"{name} read from {NAMES[imported.format]}, but the sheet is not valid: {details['problem']['message']}"
    )
    steps = [Step(line) for line in report.mapped]
    return Result("interchange", "import_character", label=name, events=[headline], steps=steps, details=details)


IMPORT = Operation(
    id="interchange.import_character",
    system="interchange",
    title="Import a character from another tool",
    summary="Reads a character file from the Dhole's House (Call of Cthulhu) or an actor exported from Foundry VTT "
    "(Call of Cthulhu 7th Edition or Unisystem), maps it onto this app's sheet and checks the sheet by its game's "
    "rules. Says what it read, what went where and what was left out; nothing is saved.",
    covers=(),
    rolls=False,
    run=_import,
    deadline_seconds=FILE_DEADLINE_SECONDS,
    source="TABLE.md, Characters from other tools",
    params=(
        Param(
            "text",
            "text",
            "File",
            "The character file's content (JSON, as the tool exported it).",
            default=EXAMPLE_FILE,
            max_length=MAX_FILE_CHARS,
            as_written=True,
        ),
        Param(
            "format",
            "choice",
            "Format",
            "Which tool the file comes from; Detect tells them apart.",
            default="auto",
            choices=("auto",) + tuple(FORMATS),
        ),
        Param(
            "game",
            "choice",
            "Campaign's game",
            "The game of the campaign the character joins (any: no check).",
            default="any",
            choices=_GAME_CHOICES,
        ),
    ),
)


def _investigator(value):
    from py_rules.coc.investigator import from_dict

    return from_dict(value)


def _filename(name: str) -> str:
    stem = re.sub(r"[^A-Za-z0-9]+", "-", name).strip("-").lower() or "investigator"
    return f"fvtt-Actor-{stem[:60]}.json"


def _export(*, investigator) -> Result:
    from py_rules.interchange.foundry_coc7_export import export

    actor, report = export(investigator)
    text = json.dumps(actor, ensure_ascii=False, indent=2)
    return Result(
        "interchange",
        "export_foundry_coc7",
        label=investigator["name"],
        events=[f"{investigator['name']} as a Foundry actor file (Call of Cthulhu 7th Edition)."],
        steps=[Step(line) for line in report.mapped + report.left_out],
        details={"file": actor, "text": text, "filename": _filename(investigator["name"]), "report": report.to_dict()},
    )


EXPORT = Operation(
    id="interchange.export_foundry_coc7",
    system="interchange",
    title="Export an investigator to Foundry",
    summary="Writes a Call of Cthulhu investigator as an actor file that Foundry VTT's Call of Cthulhu 7th Edition "
    "system imports: characteristics, HP, Magic Points, Sanity, Luck, skills and weapons as items, the notes as the "
    "backstory.",
    covers=(),
    rolls=False,
    run=_export,
    source="TABLE.md, Characters from where they already are",
    params=(
        Param(
            "investigator",
            "json",
            "Investigator",
            "The investigator's sheet.",
            parse=_investigator,
            example={
                "schema": "coc.investigator/1",
                "name": "Harvey Walters",
                "age": 42,
                "characteristics": {
                    "STR": 45,
                    "CON": 60,
                    "SIZ": 65,
                    "DEX": 60,
                    "APP": 50,
                    "INT": 85,
                    "POW": 60,
                    "EDU": 80,
                },
                "luck": 50,
                "skills": {"Spot Hidden": 55, "Firearms (Handgun)": 45},
            },
        ),
    ),
)

OPERATIONS = (IMPORT, EXPORT)
