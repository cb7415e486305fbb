"""Generic NPCs to start a Cast from (TABLE.md, Running the game: "Weapons, armour and a cast").

A few stock people per game: a thug, a police officer, a cultist and the like. The numbers are this app's own
(ordinary humans by each game's scale: Armageddon attributes 2–3 and skills 1–3, rules/armageddon.md §1.2–§1.3;
Semiautomagic abilities around the seed's average human 3, seed 002; Call of Cthulhu characteristics around 50,
rules/coc.md §3.2). Every template is a full sheet that its game's own validation accepts; :func:`templates` gives
them normalized, and :func:`numbered` names copies "Cultist 1", "Cultist 2", …
"""

from __future__ import annotations

from py_rules.armageddon.weapons import COMMON_WEAPONS as _ARM_WEAPONS
from py_rules.campaign import games
from py_rules.errors import RulesError
from py_rules.semiautomagic.weapons import COMMON_WEAPONS as _SAM_WEAPONS

__all__ = ("TEMPLATES", "templates", "numbered", "MAX_COPIES")

MAX_COPIES = 20
"""Most copies made from one template at once."""


def _arm(name, kind, attributes, skills, **more):
    stats = dict(
        zip(
            ("Strength", "Dexterity", "Constitution", "Intelligence", "Perception", "Willpower"),
            attributes,
            strict=True,
        )
    )
    return {
        "schema": "armageddon.character/1",
        "name": name,
        "kind": kind,
        "attributes": stats,
        "skills": skills,
        "essence_channeling": 0,
        "items": [],
        **more,
    }


def _sam(name, abilities, skills, weapons=(), armour=None):
    """A Semiautomagic human: unarmoured (worn armour −3, the seed's average human) unless ``armour`` is worn."""
    stats = dict(zip(("Strength", "Dexterity", "Endurance", "Intelligence", "Spirit"), abilities, strict=True))
    return {
        "schema": "semiautomagic.creature/1",
        "name": name,
        "kind": "creature",
        "scale": 0,
        "abilities": stats,
        "skills": skills,
        "defence": {"worn_armour": -3},
        "conditions": {},
        "weapons": list(weapons),
        **({"armour": armour} if armour else {}),
    }


def _common(weapons, name, called=None):
    """One of a game's common weapons (its values as that game's list keeps them), renamed ``called``."""
    found = next(dict(weapon) for weapon in weapons if weapon["name"] == name)
    return {**found, "name": called or name}


def _coc(name, characteristics, luck, skills, weapons=(), occupation="", age=30):
    stats = dict(zip(("STR", "CON", "SIZ", "DEX", "APP", "INT", "POW", "EDU"), characteristics, strict=True))
    return {
        "schema": "coc.investigator/1",
        "name": name,
        "age": age,
        "occupation": occupation,
        "characteristics": stats,
        "luck": luck,
        "skills": skills,
        "weapons": list(weapons),
    }


def _arm_with(name, skill, damage, db="full", impale=False, range_="", ammo=None, malfunction=None):
    """One Call of Cthulhu weapon as the sheet keeps it (damage without the Damage Bonus)."""
    return {
        "name": name,
        "skill": skill,
        "damage": damage,
        "db": db,
        "impale": impale,
        "range": range_,
        "attacks": 1,
        "ammo": ammo,
        "malfunction": malfunction,
    }


_FISTS = _arm_with("Unarmed", "Fighting (Brawl)", "1D3")
_KNIFE = _arm_with("Knife", "Fighting (Brawl)", "1D4", impale=True)
_COSH = _arm_with("Cosh", "Fighting (Brawl)", "1D6")
_REVOLVER = _arm_with(".38 Revolver", "Firearms (Handgun)", "1D10", "none", True, "15 yd", 6, 100)
_AUTOMATIC = _arm_with(".45 Automatic", "Firearms (Handgun)", "1D10+2", "none", True, "15 yd", 7, 100)
_SHOTGUN = _arm_with(
    "12-gauge shotgun", "Firearms (Rifle/Shotgun)", "4D6/2D6/1D6", "none", False, "10/20/50 yd", 2, 100
)
_OPTIONAL = ("weapons", "occupation", "armour", "notes")
"""Fields a template fills when its game's sheet has them (the Call of Cthulhu weapon list and occupation)."""


TEMPLATES = {
    "armageddon": (
        (
            "thug",
            "A street thug: strong, quick with fists and a knife.",
            _arm(
                "Thug",
                "mundane",
                (3, 2, 3, 1, 2, 2),
                {"Brawling": 3, "Hand Weapon": 2, "Intimidation": 2, "Notice": 1, "Streetwise": 2},
                weapons=[_common(_ARM_WEAPONS, "Knife")],
            ),
        ),
        (
            "police_officer",
            "A police officer: a handgun, a radio and training.",
            _arm(
                "Police officer",
                "mundane",
                (2, 2, 3, 2, 3, 2),
                {"Handguns": 3, "Brawling": 2, "Driving": 2, "First Aid": 1, "Notice": 2, "Questioning": 2},
                weapons=[_common(_ARM_WEAPONS, "Handgun (.38)")],
            ),
        ),
        (
            "cultist",
            "A cultist of a dark power: a little Essence, a ritual knife.",
            _arm(
                "Cultist",
                "gifted",
                (2, 2, 2, 2, 2, 3),
                {"Hand Weapon": 2, "Occult Knowledge": 2, "Rituals": 2, "Stealth": 1, "Notice": 1},
                weapons=[_common(_ARM_WEAPONS, "Knife", "Ritual knife")],
            ),
        ),
        (
            "soldier",
            "A soldier: rifles, fitness and discipline.",
            _arm(
                "Soldier",
                "mundane",
                (3, 3, 3, 2, 2, 3),
                {"Rifles": 3, "Brawling": 2, "Dodge": 2, "First Aid": 1, "Notice": 2, "Stealth": 2},
                weapons=[_common(_ARM_WEAPONS, "Rifle")],
            ),
        ),
    ),
    "semiautomagic": (
        (
            "thug",
            "A thug: a bat or a blade, no armour to speak of.",
            _sam(
                "Thug",
                (4, 3, 4, 2, 2),
                {"Weapon Skill": 2, "Wrestle": 2, "Fortitude": 1, "Perception": 1},
                [_common(_SAM_WEAPONS, "Club", "Baseball bat"), _common(_SAM_WEAPONS, "Knife")],
            ),
        ),
        (
            "police_officer",
            "A police officer in a stab vest with a sidearm.",
            _sam(
                "Police officer",
                (3, 3, 3, 3, 3),
                {"Ranged Skill": 2, "Weapon Skill": 1, "Perception": 2, "Reflex": 1, "Athletics": 1},
                [_common(_SAM_WEAPONS, "Pistol"), _common(_SAM_WEAPONS, "Stun baton")],
                {"name": "Stab vest", "defence": 1, "mobility_penalty": 0},
            ),
        ),
        (
            "cultist",
            "A cultist: some magic, a knife, fervour.",
            _sam(
                "Cultist",
                (3, 3, 3, 3, 4),
                {"Magic": 2, "Weapon Skill": 1, "Discipline": 2, "Stealth": 1},
                [_common(_SAM_WEAPONS, "Knife")],
            ),
        ),
    ),
    "coc": (
        (
            "thug",
            "A thug or hired muscle: big, handy with fists and a cosh.",
            _coc(
                "Thug",
                (70, 65, 75, 50, 40, 45, 45, 40),
                40,
                {"Fighting (Brawl)": 55, "Dodge": 30, "Intimidate": 45, "Throw": 30, "Listen": 30, "Stealth": 30},
                (_FISTS, _COSH),
                "Hired muscle",
            ),
        ),
        (
            "police_officer",
            "A police officer: a revolver, a nightstick, a suspicious eye.",
            _coc(
                "Police officer",
                (60, 60, 65, 55, 50, 55, 50, 55),
                50,
                {
                    "Fighting (Brawl)": 45,
                    "Firearms (Handgun)": 45,
                    "Dodge": 30,
                    "Drive Auto": 35,
                    "Law": 25,
                    "Listen": 40,
                    "Psychology": 30,
                    "Spot Hidden": 45,
                    "Intimidate": 35,
                },
                (_REVOLVER, _arm_with("Nightstick", "Fighting (Brawl)", "1D6"), _FISTS),
                "Police officer",
            ),
        ),
        (
            "cultist",
            "A cultist: a knife under the robe, a head full of whispers.",
            _coc(
                "Cultist",
                (55, 50, 60, 55, 45, 50, 55, 45),
                40,
                {"Fighting (Brawl)": 40, "Dodge": 30, "Stealth": 35, "Occult": 30, "Cthulhu Mythos": 5, "Listen": 30},
                (_KNIFE, _FISTS),
                "Cultist",
            ),
        ),
        (
            "gangster",
            "A gangster: a pistol or a shotgun and no scruples.",
            _coc(
                "Gangster",
                (60, 60, 65, 60, 50, 50, 45, 45),
                45,
                {
                    "Fighting (Brawl)": 50,
                    "Firearms (Handgun)": 45,
                    "Firearms (Rifle/Shotgun)": 40,
                    "Dodge": 35,
                    "Drive Auto": 30,
                    "Intimidate": 50,
                    "Spot Hidden": 35,
                },
                (_AUTOMATIC, _SHOTGUN, _FISTS),
                "Gangster",
            ),
        ),
    ),
}
"""Per game: (key, what they are in a sentence, their sheet), carrying what the sentence says from the game's
own list of common weapons (Armageddon: rules/armageddon.md §1.8; Semiautomagic: seed 002, damage types) or, for Call of
Cthulhu, with damage as the Investigator Handbook prints it [BOOK]."""


def _valid(game: str, sheet: dict) -> dict:
    """``sheet`` normalized by ``game``'s rules, any optional field that game's sheet does not have left out."""
    data = dict(sheet)
    for _ in range(len(_OPTIONAL) + 1):
        try:
            return games.validate_sheet(game, data)
        except RulesError as error:
            if error.code != "unknown_field" or error.field not in _OPTIONAL:
                raise
            data.pop(error.field)
    return games.validate_sheet(game, data)


def templates(game: str) -> list[dict]:
    """``game``'s templates as ``{"key", "name", "summary", "sheet"}``, each sheet normalized by the game's rules."""
    if game not in TEMPLATES:
        raise RulesError("unknown_game", f"{str(game)[:40]!r} is not a game this app knows.", "game")
    return [
        {"key": key, "name": sheet["name"], "summary": summary, "sheet": _valid(game, sheet)}
        for key, summary, sheet in TEMPLATES[game]
    ]


def numbered(name: str, count: int, taken=()) -> list[str]:
    """``count`` names for copies of ``name``: the name itself for one, else "Name 1", "Name 2", … skipping names
    already ``taken`` in the campaign.

    >>> numbered("Cultist", 3), numbered("Cultist", 2, taken=["Cultist 1"]), numbered("Thug", 1)
    (['Cultist 1', 'Cultist 2', 'Cultist 3'], ['Cultist 2', 'Cultist 3'], ['Thug'])
    """
    if count == 1:
        return [name]
    taken = set(taken)
    out, number = [], 1
    while len(out) < count:
        candidate = f"{name} {number}"
        if candidate not in taken:
            out.append(candidate)
        number += 1
    return out
