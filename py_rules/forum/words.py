"""Forum fields in plain words (README, Words): each format's own label (its writer declares it,
:mod:`py_rules.render.formats`)."""

from py_rules.render.formats import forum_formats

CHOICES = {
    "format": {each.id: each.label for each in forum_formats()},
    "dice_source": {"unknown": "Not said", "digital": "Digital", "physical": "Physical"},
    "undone": {"leave_out": "Leave out", "strike": "Struck through"},
}
