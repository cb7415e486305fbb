"""Each flag on a result is said in words for the table (README, Words): the page's trace and the forum posts read a
flag through :mod:`py_rules.flag_words`, never as its marker ("Flags: Emp disabled")."""

import copy
import pathlib
import re

from py_rules import api
from py_rules.flag_words import FLAG_WORDS, flag_words
from py_rules.semiautomagic.creature import EXAMPLE_HUMAN
from tests.test_words_scan import problems_in

_SET = re.compile(r"""(?:\.flag\(|flags\.append\(|flags=\[)\s*"([a-z0-9_]+)\"""")
"""A flag the engine sets by its literal name."""


def _flags_set_in_the_engine() -> set[str]:
    root = pathlib.Path(__file__).resolve().parents[2] / "py_rules"
    return {m.group(1) for path in root.rglob("*.py") for m in _SET.finditer(path.read_text(encoding="utf-8"))}


def test_every_flag_the_engine_sets_has_words_of_its_game():
    named = set().union(*FLAG_WORDS.values())
    found = _flags_set_in_the_engine()
    assert len(found) > 30, found  # the scan sees the engine's flags
    assert not found - named, sorted(found - named)


def test_the_words_of_every_flag_are_plain():
    found = [
        f"{game}.{flag}: {p}"
        for game, table in FLAG_WORDS.items()
        for flag, words in table.items()
        for p in problems_in(words)
    ]
    assert not found, found


def test_a_flag_with_no_words_is_said_as_its_own_words():
    assert flag_words("brand_new_marker", "coc") == "Brand new marker"
    assert flag_words("dead", "semiautomagic") == FLAG_WORDS["semiautomagic"]["dead"]


def test_a_robot_stopped_by_an_emp_reads_in_words_with_no_flags_label():
    robot = {**copy.deepcopy(EXAMPLE_HUMAN), "name": "Unit 7", "kind": "robot", "emp_complexity": "Advanced"}
    response = api.handle(
        {"op": "semiautomagic.apply_damage", "args": {"creature": robot, "damage": "30", "damage_type": "EMP"}}
    )
    assert response["ok"], response["error"]
    text = response["result"]["text"]
    assert "emp_disabled" in response["result"]["flags"]  # the marker stays for the page and the tests
    assert FLAG_WORDS["semiautomagic"]["emp_disabled"] in text
    assert not [line for line in text if line.startswith("Flags") or problems_in(line)], text
