"""Who treats whom, for every game's healing roll (First Aid, Medicine, resuscitation): a roll made by a medic on a
patient is posted under both names, the medic's first (TABLE.md, The forum's own format). The medic is often no sheet
of the table's (a doctor, an NPC): the name is optional text, and without it the post names the patient alone."""

from __future__ import annotations

from py_rules.params import Param

__all__ = ("MEDIC_NAME", "treated_label")

MEDIC_NAME = Param(
    "medic_name",
    "text",
    "Medic's name",
    "Who treats, so the post names the medic beside the patient (optional).",
    default="",
    max_length=120,
)


def treated_label(label: str, medic: str, what: str, patient: str) -> str:
    """The user's own label, else who treats whom: ``Dr Mo: First Aid on Jack``, or ``First Aid on Jack``.

    >>> treated_label("", "Dr Mo", "First Aid", "Jack"), treated_label("", " ", "First Aid", "Jack")
    ('Dr Mo: First Aid on Jack', 'First Aid on Jack')
    >>> treated_label("Kim: bandages", "Dr Mo", "First Aid", "Jack")
    'Kim: bandages'
    """
    if label.strip():
        return label
    return f"{medic.strip()}: {what} on {patient}" if medic.strip() else f"{what} on {patient}"
