"""Labelled situational modifiers typed as text (py_rules/modifiers.py; rules/cross-system.md §4)."""

from py_rules import api
from py_rules.modifiers import parse_modifiers


def test_modifiers_keep_their_labels_and_reject_words_without_numbers():
    mods = parse_modifiers("+1 aiming; −2 wounded", "GM")
    assert [(m.label, m.value, m.source) for m in mods] == [("aiming", 1, "GM"), ("wounded", -2, "GM")]
    response = api.handle({"op": "armageddon.task", "args": {"attribute": 2, "skill": 3, "modifiers": "darkness"}})
    assert response["error"]["field"] == "modifiers"


def test_modifier_number_must_stand_alone_before_its_reason():
    response = api.handle({"op": "armageddon.task", "args": {"attribute": 2, "skill": 3, "modifiers": "+1e9"}})
    assert response["error"]["field"] == "modifiers"
    assert [m.value for m in parse_modifiers("+2   cover, -1", "GM")] == [2, -1]
