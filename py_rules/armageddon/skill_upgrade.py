"""An older Armageddon sheet's skill written with a speciality on a skill that takes none, made the plain skill.

The rules take a type only on a family (rules/armageddon.md §1.3, skills; Classic Unisystem's "Skill (Type)", declared
as :data:`py_rules.armageddon.tables.SKILL_FAMILIES`): "Craft (Woodwork)" and "Guns (Handgun)" are skills, "Handguns
(Glock)" is not, and the sheet's check refuses it (:func:`py_rules.armageddon.character.from_dict`). A sheet saved
before that check held such names; the campaign file's migration (:mod:`py_rules.campaign.migrations`) reads it
through :func:`plain_specialities`, so an old campaign opens without loss:

* the skill becomes the plain skill **at the same level** (and untrained penalty): "Handguns" is the skill rolled
  for a Glock (seed 000, Tasks: Dexterity + Handguns), so its level is the character's Handguns. The family it might
  belong to is not guessed ("Guns (Handgun)" is another skill, and weapons name "Handguns"). Where the sheet also
  holds the plain skill, the higher level is kept (the better of two ratings of one skill; the speciality's when
  equal);
* a weapon naming such a skill names the plain one (said in the notes too);
* the speciality's words stay visible in the sheet's notes, one line per skill ("Handguns (Glock) 3: kept as
  Handguns 3; Handguns takes no speciality"), so nothing the player wrote is lost.

A sheet whose notes cannot hold those lines (:data:`py_rules.armageddon.sheet.NOTES_MAX`) is left as it was: its check
still names the skill, and the campaign's repair offers what it offers for any damaged sheet.
"""

from __future__ import annotations

import copy

from py_rules.armageddon.sheet import NOTES_MAX
from py_rules.armageddon.tables import SKILL_NAMES
from py_rules.skill_names import split

__all__ = ("plain_specialities", "plain_name")


def plain_name(name) -> str | None:
    """The plain skill a name with a speciality on a skill that takes none stands for, or None (a known skill, a
    family's type, or a name the rules do not know at all: those are the sheet check's to judge).

    >>> plain_name("Handguns (Glock)"), plain_name("guns (handgun)"), plain_name("Craft (Woodwork)"), plain_name("Blah (X)")
    ('Handguns', None, None, None)
    """
    if not isinstance(name, str) or SKILL_NAMES.canonical(name) is not None:
        return None
    base, speciality = split(name)
    if not speciality:
        return None
    return SKILL_NAMES.canonical(base)


def _level(entry) -> int | None:
    value = entry.get("level") if isinstance(entry, dict) else entry
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def plain_specialities(sheet) -> tuple[dict, list[str]]:
    """``sheet`` (an Armageddon character as stored) with each skill named with a speciality its skill does not take
    made the plain skill, its weapons too, and the speciality noted; and the notes' new lines (none: the sheet is
    returned as it is). Never changes ``sheet``."""
    if not isinstance(sheet, dict) or not isinstance(sheet.get("skills"), dict):
        return sheet, []
    weapons = sheet.get("weapons") if isinstance(sheet.get("weapons"), list) else []
    moved = {name: plain for name in sheet["skills"] if (plain := plain_name(name))}
    armed = [
        index for index, weapon in enumerate(weapons) if isinstance(weapon, dict) and plain_name(weapon.get("skill"))
    ]
    if not moved and not armed:
        return sheet, []
    out = copy.deepcopy(sheet)
    skills = out["skills"]
    lines = []
    for name, plain in moved.items():
        entry = skills.pop(name)
        level, held = _level(entry), _level(skills.get(plain))
        keep = plain not in skills or (level is not None and (held is None or level >= held))
        if keep:
            skills[plain] = entry
        shown = "" if level is None else f" {level}"
        kept = f"kept as {plain}{shown}" if keep else f"{plain} kept at {held} (the higher)"
        lines.append(f"{name}{shown}: {kept}; {plain} takes no speciality.")
    for index in armed:
        weapon = out["weapons"][index]
        old, weapon["skill"] = weapon["skill"], plain_name(weapon["skill"])
        lines.append(f"Weapon {weapon.get('name') or index + 1}: skill {old} kept as {weapon['skill']}.")
    notes = out.get("notes", "")
    if not isinstance(notes, str):
        return sheet, []
    text = "\n".join(([notes.rstrip()] if notes.strip() else []) + lines)
    if len(text) > NOTES_MAX:
        return sheet, []
    out["notes"] = text
    return out, lines
