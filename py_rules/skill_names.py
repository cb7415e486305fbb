"""Skill names with specialities: one model for the three games (rules/coc.md §3.2a; Classic Unisystem's "Skill (Type)",
rules/armageddon.md §1.3).

A skill family takes any number of specialities, each its own skill written ``"Family (Speciality)"``: ``"Science
(Biology)"``, ``"Art/Craft (Photography)"``, ``"Fighting (Brawl)"``. A family's name may itself end in brackets:
``"Language (Other) (Latin)"`` is the speciality ``Latin`` of the family ``Language (Other)``, while ``"Language
(Own)"`` is a skill of its own (rules/coc.md §3.2a). So the speciality is always the last bracketed part, it holds no
bracket itself, and whether the part before it is a family is the game's to say: each game declares its families
as data (:class:`Family`, in its own ``tables.py``) and reads every name through one :class:`SkillNames`. A
speciality's base is its family's base unless the rules give it one of its own (rules/coc.md §3.2a; seed 003's Fighting
(Brawl) 25).

Every function here runs in time linear in the name (a few scans; no pattern that can backtrack).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

__all__ = ("Family", "SkillNames", "split", "format_name", "tidy", "NAME_MAX")

NAME_MAX = 200
"""Longest skill name the games read (a sheet's key is refused past this by its own validation too)."""


def tidy(name: str) -> str:
    """The name with its runs of white space made one space and its ends trimmed.

    >>> tidy("  Science   (Biology) ")
    'Science (Biology)'
    """
    return " ".join(name.split())


def split(name: str) -> tuple[str, str]:
    """``(family, speciality)`` of a name as written, knowing no game: the speciality is the last bracketed part
    (holding no bracket); a name without one is ``(name, "")``.

    >>> split("Language (Other) (Latin)"), split("Art/Craft (Photography)"), split("Spot Hidden")
    (('Language (Other)', 'Latin'), ('Art/Craft', 'Photography'), ('Spot Hidden', ''))
    >>> split("Language (Own)"), split("Science ()"), split("(Latin)"), split("a (b (c))")
    (('Language', 'Own'), ('Science ()', ''), ('(Latin)', ''), ('a (b (c))', ''))
    """
    text = tidy(name)
    if not text.endswith(")"):
        return text, ""
    opening = text.rfind("(")
    speciality = text[opening + 1 : -1].strip()
    family = text[:opening].rstrip()
    if opening <= 0 or not family or not speciality or ")" in speciality:
        return text, ""
    return family, speciality


def format_name(family: str, speciality: str = "") -> str:
    """The name of ``family``'s ``speciality`` (the family alone when there is none).

    >>> format_name("Language (Other)", "Latin"), format_name("Dodge")
    ('Language (Other) (Latin)', 'Dodge')
    """
    family, speciality = tidy(family), tidy(speciality)
    return f"{family} ({speciality})" if speciality else family


@dataclass(frozen=True)
class Family:
    """A skill family of a game: its name, the base every speciality starts at (None: the game gives none),
    the specialities its skill list offers, and those with a base of their own."""

    name: str
    base: int | None
    offered: tuple[str, ...] = ()
    """Common specialities the skill list shows ready to pick (any other is typed)."""
    bases: Mapping[str, int] = field(default_factory=dict)
    """Specialities whose base is not the family's (the book's Fighting (Axe) 15)."""
    aliases: tuple[str, ...] = ()
    """Other spellings of the family (the Dhole's House writes ``Language`` for ``Language (Other)``)."""


class SkillNames:
    """A game's skill names: its listed skills (name -> base), its families and its aliases, read one way.

    >>> names = SkillNames({"Spot Hidden": 25, "Language (Own)": None},
    ...                    [Family("Language (Other)", 1, ("Latin",), aliases=("Language",))])
    >>> names.canonical("language (other) (latin)"), names.canonical("Language (Greek)")
    ('Language (Other) (Latin)', 'Language (Other) (Greek)')
    >>> names.canonical("Language (Own)"), names.canonical("Language (Own) (English)"), names.base("Language (Other) (Greek)")
    ('Language (Own)', None, 1)
    """

    def __init__(
        self,
        skills: Mapping[str, int | None],
        families: Iterable[Family] = (),
        aliases: Mapping[str, str] | None = None,
    ) -> None:
        self.skills = dict(skills)
        self.families = tuple(families)
        self.aliases = dict(aliases or {})
        self._family = {}
        for family in self.families:
            for spelling in (family.name, *family.aliases):
                self._family[spelling.lower()] = family
        self._exact = {name.lower(): name for name in self.skills}
        self._exact.update({alias.lower(): name for alias, name in self.aliases.items()})
        for family in self.families:  # a family alone: a speciality not yet named (sheets saved so stay readable)
            self._exact.setdefault(family.name.lower(), family.name)

    def family(self, name: str) -> Family | None:
        """The family a speciality belongs to (None for a skill that is no speciality of a family)."""
        found = self.parts(name)
        return self._family[found[0].lower()] if found and found[1] else None

    def family_name(self, name: str) -> str | None:
        """The name of the family a speciality belongs to (``"Firearms (Bow)"`` → ``"Firearms"``), or None."""
        found = self.family(name)
        return found.name if found else None

    def parts(self, name: str) -> tuple[str, str] | None:
        """``(family or skill, speciality)`` in the game's spelling, or None when the game has no such skill."""
        if not isinstance(name, str) or len(name) > NAME_MAX:
            return None
        text = tidy(name)
        known = self._exact.get(text.lower())
        if known is not None:  # a listed skill is a speciality when its family is one by name (not by an alias)
            family, speciality = split(known)
            found = self._family.get(family.lower()) if speciality else None
            return (found.name, speciality) if found and found.name.lower() == family.lower() else (known, "")
        family, speciality = split(text)
        found = self._family.get(family.lower()) if speciality else None
        if found is None:
            return None
        for spelling in (*found.offered, *found.bases):
            if spelling.lower() == speciality.lower():
                return found.name, spelling
        return found.name, speciality

    def canonical(self, name: str) -> str | None:
        """The game's spelling of a skill name (case aside, aliases read), or None when it has no such skill."""
        found = self.parts(name)
        return format_name(*found) if found else None

    def base(self, name: str) -> int | None:
        """The base of a skill the game knows: its listed base, its speciality's own, or its family's."""
        found = self.parts(name)
        if found is None:
            raise KeyError(name)
        whole = format_name(*found)
        if whole in self.skills:
            return self.skills[whole]
        family = self._family.get(found[0].lower())
        if family is None:
            return self.skills.get(found[0])
        return family.bases.get(found[1], family.base) if found[1] else family.base

    def offered(self) -> list[str]:
        """The names a skill list shows, in alphabetical order: the listed skills and each family's offered
        specialities."""
        names = set(self.skills)
        for family in self.families:
            names.update(format_name(family.name, speciality) for speciality in family.offered)
        return sorted(names, key=str.lower)
