"""A campaign's lists repaired one piece at a time (TABLE.md, Kept safe: nothing the table wrote is lost for one bad
piece): the characters that pass their checks, the encounters that do (without the combatants standing for a dropped
character), the log entries that do (an undo of a dropped entry then names no entry before it, so it goes too); each
piece dropped is listed (:mod:`.repair_words`)."""

from __future__ import annotations

from py_rules.campaign.file import character_entry
from py_rules.campaign.problems import LIMITS, check_json
from py_rules.campaign.repair_words import (
    character_words,
    dropped_item,
    encounter_words,
    entry_words,
    first_problem,
    quoted,
)

__all__ = ("kept_characters", "kept_encounters", "kept_log")


def _listed(raw: dict, key: str, what: str, dropped: list) -> list:
    entries = raw.get(key, [])
    if not isinstance(entries, list):
        dropped.append(dropped_item(key, what, f"{what} must be a list."))
        return []
    return entries


def kept_characters(raw: dict, game: str, dropped: list) -> tuple[list, set]:
    """The characters that pass their checks, and the ids of those dropped (no kept character has them)."""
    kept, ids, lost = [], set(), set()
    for index, entry in enumerate(_listed(raw, "characters", "The characters", dropped)):
        path = f"characters.{index}"
        problems: list[dict] = []
        character = character_entry(entry, game, problems, path)
        if character is not None and character["id"] in ids:
            problems.append({"path": f"{path}.id", "message": f"Another character has the id {character['id']!r}."})
        if character is not None and not problems and len(kept) >= LIMITS["characters"]:
            problems.append({"path": path, "message": f"A campaign holds at most {LIMITS['characters']} characters."})
        if problems:
            dropped.append(dropped_item(path, character_words(entry, index), first_problem(problems)))
            ident = entry.get("id") if isinstance(entry, dict) else None
            if isinstance(ident, str):
                lost.add(ident)
            continue
        kept.append(character)
        ids.add(character["id"])
    return kept, lost - ids


def _without_lost(enc: dict, lost: set, path: str, dropped: list) -> dict:
    """``enc`` without the combatants standing for characters that were dropped; the turn stays with whoever had
    it (or passes to the next one, as when they leave the fight)."""
    people = enc["combatants"]
    gone = [i for i, c in enumerate(people) if c["character_id"] in lost]
    if not gone:
        return enc
    name = quoted(enc["name"])
    for i in gone:
        dropped.append(
            dropped_item(
                f"{path}.combatants.{i}",
                f"{quoted(people[i]['name'])} in the encounter {name}",
                "The character they stand for was dropped.",
            )
        )
    left = [c for i, c in enumerate(people) if i not in gone]
    turn = enc["turn"] - sum(1 for i in gone if i < enc["turn"])
    return {**enc, "combatants": left, "turn": max(0, min(turn, len(left) - 1))}


def kept_encounters(raw: dict, game: str, lost: set, dropped: list) -> list:
    from py_rules.encounter.state import validate_encounter

    kept, ids = [], set()
    for index, enc in enumerate(_listed(raw, "encounters", "The encounters", dropped)):
        path = f"encounters.{index}"
        problems: list[dict] = []
        if isinstance(enc, dict):
            check_json(enc, path, problems)
        problems = problems or validate_encounter(enc, path, game)
        if not problems:
            marks = len(dropped)
            enc = _without_lost(enc, lost, path, dropped)
            problems = validate_encounter(enc, path, game)
            if problems:
                del dropped[marks:]  # the whole encounter goes, not its combatants one by one
        if not problems and enc["id"] in ids:
            problems = [{"path": f"{path}.id", "message": f"Another encounter is already called {enc['id']!r}."}]
        if not problems and len(kept) >= LIMITS["encounters"]:
            problems = [{"path": path, "message": f"A campaign holds at most {LIMITS['encounters']} encounters."}]
        if problems:
            dropped.append(dropped_item(path, encounter_words(enc, index), first_problem(problems)))
            continue
        kept.append(enc)
        ids.add(enc["id"])
    return kept


def kept_log(raw: dict, game: str, dropped: list) -> list:
    from py_rules.log.entry import order_problems, sheet_checker, validate_log_entry

    kept, seen, check = [], set(), sheet_checker(game)
    for index, entry in enumerate(_listed(raw, "log", "The log", dropped)):
        path = f"log.{index}"
        problems: list[dict] = []
        if isinstance(entry, dict):
            check_json(entry, path, problems)
        problems = problems or validate_log_entry(entry, path, game, check_sheet=check)
        problems = problems or order_problems(entry, path, seen)
        if not problems and len(kept) >= LIMITS["log"]:
            problems = [{"path": path, "message": f"A campaign's log holds at most {LIMITS['log']:,} entries."}]
        if problems:
            dropped.append(dropped_item(path, entry_words(entry, index), first_problem(problems)))
            continue
        kept.append(entry)
        seen.add(entry["id"])
    return kept
