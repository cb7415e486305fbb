"""Seed 002, Morale Penalty and Broken; rules/semiautomagic.md §2.8 (M13)."""

import pytest

from py_rules.errors import RulesError
from py_rules.semiautomagic import creature as C, tables as T
from py_rules.semiautomagic.morale import apply_morale_damage, remove_morale_penalties
from py_rules.trace import Log


def morale(c, damage, source="other"):
    c = C.copy_of(c)
    log = Log()
    apply_morale_damage(c, damage, source, log)
    return c, log


def test_morale_damage_above_minimum_will_gives_a_morale_penalty():
    c, _ = morale(C.new_creature("Bob"), 4)
    assert c["morale_penalties"] == 1 and C.will(c) == 8
    c, _ = morale(C.new_creature("Bob"), 3)
    assert c["morale_penalties"] == 0


def test_a_morale_penalty_decreases_will_and_minimum_will_by_1():
    c, _ = morale(C.new_creature("Bob"), 5)
    assert (C.derive(c)["will"], C.derive(c)["min_will"]) == (8, 2)


def test_a_character_who_hits_zero_will_gains_the_broken_status_and_is_helpless():
    c, log = morale(C.new_creature("Bob", morale_penalties=8), 5)
    assert C.will(c) == 0 and "Broken" in c["conditions"] and "broken" in log.flags
    assert C.has(c, "Helpless")


def test_fear_above_will_panics_insanity_confuses_rage_frenzies():
    assert "Panicked" in morale(C.new_creature("Bob"), 10, "fear")[0]["conditions"]
    confused = morale(C.new_creature("Bob"), 10, "insanity")[0]["conditions"]["Confused"]
    assert confused["until_morale_removed"] is True
    assert "frenzy" in morale(C.new_creature("Bob"), 10, "rage")[0]["statuses"]


def test_removing_a_morale_penalty_ends_insanity_confusion_and_broken():
    c, _ = morale(C.new_creature("Bob", morale_penalties=8), 10, "insanity")
    assert C.will(c) == 0
    remove_morale_penalties(c, 1, Log())
    assert "Confused" not in c["conditions"] and "Broken" not in c["conditions"] and C.will(c) == 1


def test_objects_have_no_will():
    with pytest.raises(RulesError):
        morale(C.from_dict({"schema": T.SCHEMA, "kind": "object"}), 5)


def test_no_morale_damage_gives_no_morale_penalty_even_below_minimum_will_0():
    c, log = morale(C.new_creature("Bob", morale_penalties=6), 0)  # Will 3, Minimum Will -3
    assert c["morale_penalties"] == 6 and "morale_penalty" not in log.flags
