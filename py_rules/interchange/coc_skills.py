"""Call of Cthulhu skill names as other tools write them, mapped onto the sheet's (seed 003 skills; rules/coc.md §3.2
skill list, :data:`py_rules.coc.tables.SKILL_BASES` and :data:`~py_rules.coc.tables.SKILL_ALIASES`).

A tool writes a speciality either in the name (``"Firearms (Handgun)"``) or apart (name ``"Firearms"``, speciality
``"Handgun"``; the Dhole's House writes ``"None"`` for none, Foundry writes the family as the speciality and the
speciality as the name). :func:`sheet_skill` answers the sheet's name for it, or None when the sheet has no such
skill (it is then kept in the notes): the sheet lists the investigator skills of the 7e sheet, with one skill for
each family whose specialities it does not list (``Science``, ``Art/Craft``, ``Pilot``, ``Survival``,
``Language (Other)``), which a speciality of that family is read as.
"""

from __future__ import annotations

import re

from py_rules.coc.tables import SKILL_ALIASES, SKILL_BASES, SKILL_BASES_FROM

__all__ = ("full_name", "sheet_skill", "base_value", "split_name")

RENAMED = {
    # other tools' spellings of the sheet's skills (Dhole's House, Foundry's English pack)
    "operate heavy machine": "Operate Heavy Machinery",
    "language (own)": "Language (Own)", "language own": "Language (Own)", "own language": "Language (Own)",
    "language (native)": "Language (Own)",
    "firearms (handguns)": "Firearms (Handgun)", "firearms (handgun)": "Firearms (Handgun)",
    "firearms (rifle / shotgun)": "Firearms (Rifle/Shotgun)", "firearms (rifle/shot)": "Firearms (Rifle/Shotgun)",
    "firearms (rifle/shotgun)": "Firearms (Rifle/Shotgun)", "firearms (rifle)": "Firearms (Rifle/Shotgun)",
    "firearms (shotgun)": "Firearms (Rifle/Shotgun)",
    "drive automobile": "Drive Auto", "drive (auto)": "Drive Auto", "library": "Library Use",
    "credit": "Credit Rating", "sleight-of-hand": "Sleight of Hand", "spot": "Spot Hidden",
    "psychoanalyse": "Psychoanalysis", "mech. repair": "Mechanical Repair", "elec. repair": "Electrical Repair",
    "nat. world": "Natural World", "first-aid": "First Aid", "dodge (half dex)": "Dodge",
}
"""Lower-cased spellings → the sheet's name (a name outside the sheet, such as "Operate Heavy Machinery", is still
written the sheet's way in the notes)."""

FAMILIES = {"science": "Science", "art/craft": "Art/Craft", "art": "Art/Craft", "craft": "Art/Craft",
            "art / craft": "Art/Craft", "pilot": "Pilot", "survival": "Survival", "language": "Language (Other)",
            "language (other)": "Language (Other)", "other language": "Language (Other)",
            "language (own)": "Language (Own)", "own language": "Language (Own)"}
"""Skill families the sheet keeps one skill for: a speciality of one is read as that skill."""

_NONE = ("", "none", "null", "-", "—")
_PAREN = re.compile(r"^(.*?\S)\s*\(([^()]+)\)$")
r"""``Family (Speciality)``: the family ends on a character that is not a space, so the spaces before ``(`` are
matched once (a lazy family followed by ``\s*`` walked a long run of spaces once from each of its characters)."""


def split_name(name: str) -> tuple[str, str]:
    """``"Firearms (Handgun)"`` → ``("Firearms", "Handgun")``; a name with no speciality → ``(name, "")``."""
    match = _PAREN.match(name.strip())
    return (match.group(1).strip(), match.group(2).strip()) if match else (name.strip(), "")


def full_name(name: str, speciality: str = "") -> str:
    """The skill's name with its speciality in brackets, as the sheet writes it (``"None"`` is no speciality).

    >>> full_name("Firearms", "Handgun"), full_name("Spot Hidden", "None"), full_name("Language (Own)", "")
    ('Firearms (Handgun)', 'Spot Hidden', 'Language (Own)')
    """
    name, speciality = " ".join(str(name).split()), " ".join(str(speciality).split())
    if speciality.lower() in _NONE or f"({speciality.lower()})" in name.lower():
        return name
    return f"{name} ({speciality})"


def _known(name: str) -> str | None:
    lowered = name.lower()
    if lowered in RENAMED:
        name, lowered = RENAMED[lowered], RENAMED[lowered].lower()
    for sheet_name in SKILL_BASES:
        if sheet_name.lower() == lowered:
            return sheet_name
    for alias, sheet_name in SKILL_ALIASES.items():
        if alias.lower() == lowered:
            return sheet_name
    return None


def written(name: str) -> str:
    """How the sheet would write a skill it does not list (``"Operate Heavy Machine"`` → ``"Operate Heavy
    Machinery"``)."""
    return RENAMED.get(name.lower(), name)


def sheet_skill(name: str) -> tuple[str | None, bool]:
    """(the sheet's skill for ``name``, whether it is the family's skill standing for a speciality) — or
    ``(None, False)`` when the sheet has no such skill.

    >>> sheet_skill("Firearms (Handguns)"), sheet_skill("Operate Heavy Machine"), sheet_skill("Science (Biology)")
    (('Firearms (Handgun)', False), (None, False), ('Science', True))
    >>> sheet_skill("Language (Latin)"), sheet_skill("Fighting (Brawl)"), sheet_skill("Fighting (Lance)")
    (('Language (Other)', True), ('Fighting (Brawl)', False), (None, False))
    >>> sheet_skill("Language (Own) (English)")
    ('Language (Own)', True)
    """
    known = _known(name)
    if known:
        return known, False
    family, speciality = split_name(name)
    if speciality and family.lower() in FAMILIES:
        return FAMILIES[family.lower()], True
    return None, False


def base_value(skill: str, characteristics: dict) -> int:
    """The sheet's base value of ``skill`` (rules/coc.md §3.2: Dodge = DEX / 2, Language (Own) = EDU)."""
    if skill in SKILL_BASES_FROM:
        characteristic, divisor = SKILL_BASES_FROM[skill]
        return min(100, characteristics.get(characteristic, 0) // divisor)
    return SKILL_BASES.get(skill) or 0
