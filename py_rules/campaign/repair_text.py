"""Texts of a stored campaign mended to :mod:`py_rules.text`'s rule (TABLE.md, Kept safe): a campaign kept before
the rule came in may hold a name with a control character, a character that turns the text around or half a
character; in its name, its characters' sheets, its encounters' names and its log's sheets each such character
becomes U+FFFD (a visible mark) and each is listed, so the characters and their history stay."""

from __future__ import annotations

from typing import Any

from py_rules import text
from py_rules.campaign.repair_words import dropped_item

__all__ = ("mended",)

_MENDED = (
    "A text held a character that no text may hold (a control character, a character that turns the text "
    f"around, or half a character): each became {text.REPLACEMENT}."
)


def mended(raw: dict, dropped: list) -> dict:
    """``raw`` with the texts of its name, its characters' sheets, its encounters and its log's sheets held to
    :mod:`py_rules.text`'s rule by replacing each refused character with U+FFFD (a campaign kept before the rule
    came in keeps its characters and their history; the rest of the log is history as it was written). Each
    mended text outside the log is listed; the log's are counted in one line."""
    paths: list = []
    out = {**raw}
    for key in ("name", "characters"):
        if key in raw:
            out[key] = text.mended(raw[key], paths, key)
    if isinstance(raw.get("encounters"), list):  # an encounter's names; the rest of it is the engine's
        out["encounters"] = [_names_mended(enc, paths, f"encounters.{i}") for i, enc in enumerate(raw["encounters"])]
    logged: list = []
    if isinstance(raw.get("log"), list):
        out["log"] = [
            {
                key: text.mended(value, logged, f"log.{i}.{key}") if key in _LOGGED_SHEETS else value
                for key, value in entry.items()
            }
            if isinstance(entry, dict)
            else entry
            for i, entry in enumerate(raw["log"])
        ]
    for path in paths:
        dropped.append(dropped_item(path, _text_in_words(path), _MENDED))
    if logged:
        dropped.append(
            dropped_item(
                "log", f"{len(logged)} text{'s' if len(logged) != 1 else ''} in the sheets the log keeps", _MENDED
            )
        )
    return out


_LOGGED_SHEETS = ("before", "after", "changes")

_PLACES = {
    "characters": "character",
    "encounters": "encounter",
    "combatants": "combatant",
    "weapons": "weapon",
    "skills": "skill",
    "sheet": "",
}


def _text_in_words(path: str) -> str:
    """A mended text's place said in words, the path kept for developers in the listed item's own ``path``.

    >>> _text_in_words("name"), _text_in_words("characters.0.sheet.name")
    ("The campaign's name", 'The name of character 1')
    >>> _text_in_words("encounters.1.combatants.2.name"), _text_in_words("characters.0.sheet.weapons.1.name")
    ('The name of combatant 3 of encounter 2', 'The name of weapon 2 of character 1')
    """
    parts = path.split(".")
    if parts == ["name"]:
        return "The campaign's name"
    owners, key = [], parts[-1]
    for place, index in zip(parts, parts[1:-1], strict=False):  # each place with the index after it
        word = _PLACES.get(place, place.replace("_", " "))
        if index.isdigit() and word:
            owners.append(f"{word} {int(index) + 1}")
    whose = " of ".join(reversed(owners))
    return f"The {key.replace('_', ' ')} of {whose}" if whose else f"The {key.replace('_', ' ')}"


def _names_mended(enc: Any, paths: list, path: str) -> Any:
    if not isinstance(enc, dict):
        return enc
    out = {**enc, **({"name": text.mended(enc["name"], paths, f"{path}.name")} if "name" in enc else {})}
    if isinstance(enc.get("combatants"), list):
        out["combatants"] = [
            {**c, "name": text.mended(c["name"], paths, f"{path}.combatants.{i}.name")}
            if isinstance(c, dict) and "name" in c
            else c
            for i, c in enumerate(enc["combatants"])
        ]
    return out
