"""Before time passes on one character's sheet: what the move would run that the GM must be asked about first
(TABLE.md, "No default that can hurt": a time skip that runs dying rolls or Survival Tests asks first and says
what it will run). The sheet's own time moves, not an encounter's: Armageddon's minutes and seconds (Survival
Tests every minute, the death timer; seed 000, Life Points) and days without medical care (the daily Survival
Test; seed 000, Healing), Semiautomagic's rounds (the dying round; seed 002, Dying), Call of Cthulhu's rounds
(the dying CON roll; seed 003, When HP Falls Below Zero). Time the rules refuse for the dying (hours or days)
runs nothing: the move's own refusal says why. Pure: nothing is rolled or changed.
"""

from __future__ import annotations

from py_rules.encounter.games import armageddon_seconds_warnings, sheet_name, span_text
from py_rules.words import counted

__all__ = ("MOVES", "sheet_time_warnings")


def _spoken(seconds: int) -> str:
    """``1 hour 30 minutes``, ``45 seconds``.

    >>> _spoken(5400), _spoken(45), _spoken(61)
    ('1 hour 30 minutes', '45 seconds', '1 minute 1 second')
    """
    hours, rest = divmod(seconds, 3600)
    minutes, secs = divmod(rest, 60)
    parts = [span_text(unit, n) for unit, n in (("hours", hours), ("minutes", minutes), ("seconds", secs)) if n]
    return " ".join(parts) or "0 seconds"


def _armageddon_time(sheet: dict, name: str, args: dict) -> list[str]:
    seconds = args["minutes"] * 60 + args["seconds"]
    return armageddon_seconds_warnings(sheet, name, seconds, _spoken(seconds))


def _armageddon_days(sheet: dict, name: str, args: dict) -> list[str]:
    """Below 0 LP without proper medical care, each day rolls a Survival Test (a failure loses 1 LP; seed 000,
    Healing). The dying who owe a Survival Test every minute are refused by the move itself."""
    has = set(sheet.get("conditions") or []).__contains__
    life = (sheet.get("current") or {}).get("life_points")
    if args["care"] or has("dead") or has("death_pending") or (has("dying") and not has("stabilised")):
        return []
    if not isinstance(life, int) or life >= 0:
        return []
    days = args["days"]
    return [f"{name} is below 0 Life Points without proper medical care: {span_text('days', days)} will roll "
            f"{counted(days, 'daily Survival Tests')} (a failure loses 1 LP)."]


def _semiautomagic_rounds(sheet: dict, name: str, args: dict) -> list[str]:
    if "Dying" not in (sheet.get("conditions") or {}) or sheet.get("dead"):
        return []
    rounds = args["rounds"]
    each = " each" if rounds != 1 else ""
    return [f"{name} is dying: {span_text('rounds', rounds)} will roll {counted(rounds, 'dying rounds')} (a d10 to "
            f"stabilise and an endurance check{each}) until they are stable or dead."]


def _coc_time(sheet: dict, name: str, args: dict) -> list[str]:
    c = sheet.get("conditions") or {}
    if args["unit"] != "rounds" or not c.get("dying") or c.get("stabilised") or c.get("dead"):
        return []
    rounds = args["amount"]
    rolls = "1 CON roll at the end of the round" if rounds == 1 else f"up to {rounds} CON rolls, one at the end of each round"
    return [f"{name} is dying: {span_text('rounds', rounds)} will roll {rolls}; a failed CON roll means death."]


def _nothing(sheet: dict, name: str, args: dict) -> list[str]:
    return []


MOVES = {
    "armageddon.advance_time": ("character", _armageddon_time),
    "armageddon.advance_days": ("character", _armageddon_days),
    "semiautomagic.advance_rounds": ("creature", _semiautomagic_rounds),
    "semiautomagic.advance_hours": ("creature", _nothing),  # refused for the dying (advance round by round)
    "semiautomagic.advance_days": ("creature", _nothing),
    "coc.advance_time": ("investigator", _coc_time),
}
"""Each time move on a sheet: the name of its sheet field and what it would run that must be asked first."""


def sheet_time_warnings(move: str, args: dict) -> list[str]:
    """What the time move ``move`` with its checked ``args`` (the sheet among them) would run that the GM must
    be asked about first, one plain sentence each; none when nothing."""
    field, warnings = MOVES[move]
    sheet = args[field]
    return warnings(sheet, sheet_name(sheet, "The character"), args)
