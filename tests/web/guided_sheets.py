"""Sheets as the guided new-character form makes them (its first values, with the numbers a test types), made by the
engine in-process: a test not about the form stores them with campaign_record + open_stored."""

from __future__ import annotations

from tests.door import answer


def investigator(name: str, skills: dict | None = None, **numbers) -> dict:
    """A Call of Cthulhu investigator as the form makes it: every characteristic and Luck 50, age 25, unless typed
    (CON 50 and SIZ 50: 10 HP; POW 60: 60 SAN)."""
    typed = {key: 50 for key in ("STR", "CON", "SIZ", "DEX", "APP", "INT", "POW", "EDU")} | numbers
    return answer("coc.create_investigator", name=name, kind="human", age=25, luck=50, skills=skills or {}, **typed)[
        "state"
    ]


def armageddon_character(name: str, skills: dict | None = None, **attributes) -> dict:
    """An Armageddon character as the form makes it: every Attribute 2 unless typed (Strength 5 and Constitution 5:
    50 Life Points)."""
    every = {key: 2 for key in ("Strength", "Dexterity", "Constitution", "Intelligence", "Perception", "Willpower")}
    character = {
        "schema": "armageddon.character/1",
        "name": name,
        "kind": "mundane",
        "attributes": every | attributes,
        "skills": skills or {},
    }
    return answer("armageddon.character_sheet", character=character)["state"]


def semiautomagic_creature(name: str) -> dict:
    """A Semiautomagic creature as the form makes it, with nothing typed but its name."""
    return skilled_creature(name, {})


def skilled_creature(name: str, skills: dict) -> dict:
    """A Semiautomagic creature as the form makes it with ``skills`` picked from its list (every ability 3)."""
    creature = {
        "schema": "semiautomagic.creature/1",
        "name": name,
        "kind": "creature",
        "abilities": dict.fromkeys(("Strength", "Dexterity", "Endurance", "Intelligence", "Spirit"), 3),
        "defence": {"natural_armour": 0},
        "movement": {"walk": 6},
        "skills": skills,
    }
    return answer("semiautomagic.describe_creature", creature=creature)["state"]
