"""Campaign operations on the cast: check one character as the campaign would (TABLE.md, Screens: Sheet, editing
validates in place), and the ready-made NPCs with numbered names (TABLE.md, Running the game: Weapons, armour and a
cast)."""

from __future__ import annotations

from py_rules.campaign import games, templates as _templates
from py_rules.campaign.file import character_entry
from py_rules.campaign.ops_common import EXAMPLE, GAME, worded
from py_rules.campaign.words import character_where
from py_rules.operations import Operation
from py_rules.params import Param
from py_rules.trace import Result, Step

__all__ = ("OPERATIONS",)


def _check_character(*, game, character) -> Result:
    problems: list[dict] = []
    checked = character_entry(character, game, problems)
    count = len(problems)
    plural = "s" if count != 1 else ""
    headline = "The character is valid." if checked else f"The character has {count} problem{plural}."
    return Result(
        "campaign",
        "check_character",
        events=[headline],
        steps=worded(problems, lambda path: character_where(character, path)),
        details={"valid": checked is not None, "problems": problems, "character": checked},
    )


CHECK_CHARACTER = Operation(
    id="campaign.check_character",
    system="campaign",
    title="Check a character",
    summary="Checks one campaign character (id, player or not, sheet) by its game's own rules, as importing the "
    "campaign would; a valid one comes back in canonical form.",
    covers=(),
    params=(
        GAME,
        Param(
            "character",
            "json",
            "Character",
            "The character: id, kind (pc or npc) and sheet.",
            example=EXAMPLE["characters"][0],
        ),
    ),
    run=_check_character,
    source="TABLE.md, Screens: Sheet, editing validates in place",
    rolls=False,
)


def _templates_op(*, game, count, taken) -> Result:
    found = _templates.templates(game)
    taken = [name for name in taken if isinstance(name, str)] if isinstance(taken, list) else []
    names = {t["key"]: _templates.numbered(t["name"], count, taken) for t in found}
    return Result(
        "campaign",
        "templates",
        events=[f"{len(found)} ready-made NPCs for {games.game_name(game)}."],
        steps=[Step(f"{t['name']}: {t['summary']}", "TABLE.md, a cast of NPCs") for t in found],
        details={"templates": found, "names": names},
    )


TEMPLATES = Operation(
    id="campaign.templates",
    system="campaign",
    title="Ready-made NPCs",
    summary="A few generic NPCs for the game (a thug, a police officer, a cultist …), each a full sheet to add to "
    "the cast, with numbered names for several at once (Cultist 1, Cultist 2, …).",
    covers=(),
    params=(
        GAME,
        Param(
            "count",
            "int",
            "How many",
            "How many of each to name (one keeps the plain name).",
            default=1,
            minimum=1,
            maximum=_templates.MAX_COPIES,
        ),
        Param(
            "taken",
            "json",
            "Names in use",
            "The names already in the campaign, skipped when numbering.",
            default=[],
            example=[],
        ),
    ),
    run=_templates_op,
    source="TABLE.md, Weapons, armour and a cast",
    rolls=False,
)


OPERATIONS = (CHECK_CHARACTER, TEMPLATES)
