"""Discipline raises Will (rules/semiautomagic.md §2.3, §2.8 [SRC Morale.html]: Will = Spirit + 6 + misc, "e.g.
Discipline"; Minimum Will = Will − 6): the derived Will counts the Discipline skill's bonus by itself, its trace
and the sheet's derived row say so, and morale damage is weighed against that Will."""

import copy

from py_rules.semiautomagic import creature as C, tables as T
from py_rules.semiautomagic.sheet import SHEET
from py_rules.semiautomagic.stat_block import parse
from tests.door import answer


def monk(discipline=2, **fields):
    sheet = copy.deepcopy(C.EXAMPLE_HUMAN)  # Spirit 3
    sheet["skills"]["Discipline"] = discipline
    return dict(sheet, **fields)


def test_discipline_raises_will_and_minimum_will():
    derived = C.derive(C.from_dict(monk(2)))
    assert derived["will"] == 3 + 6 + 2 and derived["min_will"] == 3 + 6 + 2 - 6
    assert C.derive(C.from_dict(monk(0)))["will"] == 9


def test_discipline_adds_to_the_sheets_other_will_bonus_and_morale_penalties_still_lower_it():
    derived = C.derive(C.from_dict(monk(2, will_bonus=1, morale_penalties=3)))
    assert derived["will"] == 3 + 6 + 2 + 1 - 3


def test_will_trace_names_discipline_and_cites_the_rule():
    result = answer("semiautomagic.describe_creature", creature=monk(2))
    line = next(step for step in result["steps"] if step["text"].startswith("Will ="))
    assert line["text"] == "Will = Spirit 3 + 6 + Discipline 2 + Will bonus 0 − morale penalties 0 = 11; Minimum Will 5"
    assert "rules/semiautomagic.md §2.3, §2.8" in line["source"]
    assert result["details"]["derived"]["will"] == 11


def test_the_sheets_derived_will_row_says_discipline_counts():
    row = next(d for d in SHEET.derived if d.key == "will")
    assert T.WILL_SKILL in row.formula and "§2.8" in row.source
    assert "Discipline" in SHEET.field("will_bonus").help  # the Will bonus is for the other extras


def test_morale_damage_is_weighed_against_the_will_discipline_raises():
    # fear 10: above Will 9 panics an untrained human; with Discipline 2 (Will 11) only a morale penalty (10 > 5)
    untrained = answer("semiautomagic.apply_morale_damage", creature=monk(0), damage=10, source="fear")["state"]
    trained = answer("semiautomagic.apply_morale_damage", creature=monk(2), damage=10, source="fear")["state"]
    assert "Panicked" in untrained["conditions"]
    assert "Panicked" not in trained["conditions"] and trained["morale_penalties"] == 1


def test_a_stat_blocks_printed_will_that_counts_discipline_needs_no_will_bonus():
    block = "Sentinel\nStr 3, Dex 3, End 3, Int 3, Spi 3\nWill 11\nSkills: Discipline 2, Perception 1"
    parsed = parse(block)
    assert parsed["sheet"]["will_bonus"] == 0 and parsed["sheet"]["skills"]["Discipline"] == 2
    assert "Will 11" in parsed["read"]  # as the rules give it: nothing to make up
