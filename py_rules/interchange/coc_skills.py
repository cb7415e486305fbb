"""Call of Cthulhu skill names as other tools write them, mapped onto the sheet's (seed 003 skills; rules/coc.md §3.2,
§3.2a; :data:`py_rules.coc.tables.SKILL_NAMES`, read by :mod:`py_rules.skill_names`).

A tool writes a speciality either in the name (``"Firearms (Handgun)"``) or apart (name ``"Firearms"``, speciality
``"Handgun"``; the Dhole's House writes ``"None"`` for none, Foundry writes the family as the speciality and the
speciality as the name). :func:`sheet_skill` answers the sheet's name for it, or None when the sheet has no such
skill (it is then kept in the notes). Each speciality of a family (Science, Art/Craft, Pilot, Survival, Language
(Other), Fighting, Firearms, Lore) is a skill of its own on the sheet, kept at its own value (rules/coc.md §3.2a).
"""

from __future__ import annotations

from py_rules.coc.tables import OWN_LANGUAGE, SKILL_BASES_FROM, SKILL_NAMES
from py_rules.skill_names import format_name, split, tidy

__all__ = ("full_name", "sheet_skill", "base_value", "split_name", "written")

RENAMED = {
    # other tools' spellings of the sheet's skills (Dhole's House, Foundry's English pack)
    "operate heavy machine": "Operate Heavy Machinery",
    "language own": "Language (Own)",
    "language (native)": "Language (Own)",
    "firearms (rifle / shotgun)": "Firearms (Rifle/Shotgun)",
    "firearms (rifle/shot)": "Firearms (Rifle/Shotgun)",
    "firearms (shotgun)": "Firearms (Rifle/Shotgun)",
    "drive automobile": "Drive Auto",
    "drive (auto)": "Drive Auto",
    "library": "Library Use",
    "credit": "Credit Rating",
    "sleight-of-hand": "Sleight of Hand",
    "spot": "Spot Hidden",
    "psychoanalyse": "Psychoanalysis",
    "mech. repair": "Mechanical Repair",
    "elec. repair": "Electrical Repair",
    "nat. world": "Natural World",
    "first-aid": "First Aid",
    "dodge (half dex)": "Dodge",
}
"""Lower-cased spellings → the sheet's name."""

_NONE = ("", "none", "null", "-", "—")


def split_name(name: str) -> tuple[str, str]:
    """``"Firearms (Handgun)"`` → ``("Firearms", "Handgun")``; a name with no speciality → ``(name, "")``
    (:func:`py_rules.skill_names.split`: the speciality is the last bracketed part)."""
    return split(name)


def full_name(name: str, speciality: str = "") -> str:
    """The skill's name with its speciality in brackets, as the sheet writes it (``"None"`` is no speciality, nor is
    a speciality the name already ends with).

    >>> full_name("Firearms", "Handgun"), full_name("Spot Hidden", "None"), full_name("Language (Own)", "")
    ('Firearms (Handgun)', 'Spot Hidden', 'Language (Own)')
    >>> full_name("Language (Other)", "Latin"), full_name("Firearms (Handgun)", "Handgun")
    ('Language (Other) (Latin)', 'Firearms (Handgun)')
    """
    name, speciality = tidy(str(name)), tidy(str(speciality))
    if speciality.lower() in _NONE or split(name)[1].lower() == speciality.lower():
        return name
    return format_name(name, speciality)


def written(name: str) -> str:
    """How the sheet would write a skill (``"Operate Heavy Machine"`` → ``"Operate Heavy Machinery"``)."""
    return RENAMED.get(tidy(name).lower(), tidy(name))


def sheet_skill(name: str) -> str | None:
    """The sheet's skill for ``name`` as another tool wrote it, or None when the sheet has no such skill.

    >>> sheet_skill("Firearms (Handguns)"), sheet_skill("Operate Heavy Machine"), sheet_skill("Science (Biology)")
    ('Firearms (Handgun)', 'Operate Heavy Machinery', 'Science (Biology)')
    >>> sheet_skill("Language (Latin)"), sheet_skill("Fighting (Brawl)"), sheet_skill("Fighting (Lance)")
    ('Language (Other) (Latin)', 'Fighting (Brawl)', 'Fighting (Lance)')
    >>> sheet_skill("Language (Own) (English)"), sheet_skill("Language (Other) (Latin)"), sheet_skill("Bicycle")
    ('Language (Own)', 'Language (Other) (Latin)', None)
    """
    name = written(name)
    found = SKILL_NAMES.canonical(name)
    if found is not None:
        return found
    family, speciality = split(name)
    if speciality and SKILL_NAMES.canonical(family) == OWN_LANGUAGE:  # Language (Own) has no specialities
        return OWN_LANGUAGE
    return None


def base_value(skill: str, characteristics: dict) -> int:
    """The sheet's base value of ``skill`` (rules/coc.md §3.2: Dodge = DEX / 2, Language (Own) = EDU; §3.2a: a
    speciality has its family's base)."""
    if skill in SKILL_BASES_FROM:
        characteristic, divisor = SKILL_BASES_FROM[skill]
        return min(100, characteristics.get(characteristic, 0) // divisor)
    return SKILL_NAMES.base(skill) or 0
