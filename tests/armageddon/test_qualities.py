"""Qualities and Drawbacks (rules/armageddon.md §1.4; py_rules/armageddon/qualities.py): named entries with a level and their
points; Hard to Kill, Increased Essence, Essence Channeling and the Gifted have the effects the rules give them, any
other entry is kept with no effect."""

import pytest
from hypothesis import given, settings, strategies as st

from py_rules.armageddon.character import from_dict
from py_rules.armageddon.qualities import EFFECTS, without_effect
from py_rules.errors import RulesError

from .conftest import BASE


def sheet(*entries, **changes):
    return from_dict({**BASE, "qualities": list(entries), **changes})


def quality(name, level=1, points=1, kind="quality"):
    return {"name": name, "kind": kind, "level": level, "points": points}


@given(level=st.integers(1, 5))
@settings(max_examples=10, deadline=None)
def test_hard_to_kill_adds_3_life_points_per_level(level):
    plain = sheet()["derived"]["life_points"]
    assert sheet(quality("Hard to Kill", level))["derived"]["life_points"] == plain + 3 * level


def test_hard_to_kill_adds_its_level_to_every_survival_test(run, make):
    dying = make(life_points=-15, conditions=["unconscious", "dying"], qualities=[quality("Hard to Kill", 2)])
    result = run("survival_test", dice=[4], character=dying)
    survival = result["details"]["rolls"][0] if "rolls" in result["details"] else result
    labels = [(m["label"], m["value"]) for m in survival["modifiers"]]
    assert ("Hard to Kill 2", 2) in labels
    without = run("survival_test", dice=[4], character=make(life_points=-15, conditions=["unconscious", "dying"]))
    plain = without["details"]["rolls"][0] if "rolls" in without["details"] else without
    assert survival["total"] == plain["total"] + 2


def test_increased_essence_adds_its_level_to_the_essence_pool():
    plain = sheet()["derived"]["essence"]
    assert sheet(quality("Increased Essence", 3))["derived"]["essence"] == plain + 3


def test_the_essence_channeling_quality_sets_the_channeling_level_and_a_different_number_is_refused():
    gifted = sheet(quality("Essence Channeling", 3), quality("The Gifted", 1, 5), kind="gifted")
    assert gifted["essence_channeling"] == 3
    with pytest.raises(RulesError) as refused:
        sheet(quality("Essence Channeling", 3), kind="gifted", essence_channeling=2)
    assert refused.value.field == "essence_channeling" and "make them the same" in refused.value.message


def test_the_gifted_quality_needs_a_gifted_character():
    with pytest.raises(RulesError) as refused:
        sheet(quality("Gifted", 1, 5))
    assert refused.value.field == "kind" and "set the kind to Gifted" in refused.value.message
    assert sheet(quality("Gifted", 1, 5), kind="gifted")["kind"] == "gifted"


def test_a_quality_with_an_effect_keeps_to_its_levels_and_is_listed_once():
    with pytest.raises(RulesError) as refused:
        sheet(quality("Hard to Kill", 6))
    assert refused.value.field == "qualities.0.level" and "levels 1 to 5" in refused.value.message
    with pytest.raises(RulesError) as refused:
        sheet(quality("Hard to Kill", 1), quality("hard to kill", 2))
    assert refused.value.field == "qualities.1.name"


def test_other_qualities_and_drawbacks_are_kept_by_name_with_no_effect():
    kept = sheet(quality("Obsession", 2, 2, kind="drawback"), quality("Contacts (Diocese)", 1, 1))
    assert kept["derived"] == sheet()["derived"]
    assert without_effect(kept["qualities"]) == ["Obsession", "Contacts (Diocese)"]
    assert kept["qualities"][0] == {"name": "Obsession", "kind": "drawback", "level": 2, "points": 2}


def test_a_drawback_named_like_a_quality_has_no_effect():
    assert sheet(quality("Hard to Kill", 2, kind="drawback"))["derived"] == sheet()["derived"]


def test_an_entry_needs_a_name_and_its_fields_only():
    with pytest.raises(RulesError) as refused:
        sheet(quality("  "))
    assert refused.value.field == "qualities.0.name"
    with pytest.raises(RulesError) as refused:
        sheet({**quality("Obsession"), "cost": 2})
    assert refused.value.code == "unknown_field"


def test_every_quality_with_an_effect_says_what_it_does_and_its_rule():
    for effect in EFFECTS:
        assert effect.words and effect.source and effect.levels[0] <= effect.levels[1]
