"""No option that changes a result starts on (TABLE.md, "No default that can hurt"): a yes-or-no field of any
operation of any game that defaults to yes must either change nothing or be the rules' own normal case, listed
below with the reason. Decided by running each operation's catalog example both ways on the same scripted dice
(a few scripts, so a field that matters only on some faces is found): a different answer, or an answer one way and a
refusal the other, is a change.

Bonuses a GM grants when the scene has them (a hospital's +3, proper medical care) start off: a tablet's form
shows its defaults ticked, and a tick nobody looked at must not heal anyone."""

from __future__ import annotations

import json

import pytest

from py_rules import api
from py_rules.dice import DiceSource
from py_rules.errors import RulesError
from py_rules.operations import Operation
from tests.door import example_args

ON_BY_RULE = {
    "armageddon:essence_penalty_on_mental_tests": "A house-rule setting at the rules' own reading (rules/armageddon.md "
    "§1.12, A12: the half-Essence −1 applies to mental Tests as well as Tasks); a table changes it in its settings, "
    "and every roll names a setting away from its default.",
    "coc:push_after_fumble": "A house-rule setting at the seed's own words (rules/coc.md §3.12 D1: 'you can push if "
    "you rolled a fumble'); off is the book.",
    "coc:fumbled_sanity_max_loss": "A house-rule setting at the book's rule (rules/coc.md §3.11: a fumbled Sanity "
    "roll loses the maximum).",
    "coc:tick_with_bonus_die": "A house-rule setting at the common reading (rules/coc.md §3.15: a success with a "
    "bonus die still earns the improvement tick).",
    "coc.medicine:equipment": "Seed 003 defines Medicine as healing 'after a week, with equipment': with no "
    "equipment there is no Medicine roll (the engine refuses it), so on is the roll itself, not a bonus.",
    "semiautomagic.advance_days:slept_8h": "Seed 002, Healing: a day of rest with a night's sleep (8 hours) is the "
    "ordinary day, healing one wound; off records a night without it.",
    "encounter.delay:delayed": "The operation is 'Delay': on is what it does (off takes the delay back).",
    "encounter.skip:skipped": "The operation is 'Skip': on is what it does (off lets the combatant take turns again).",
}
"""Fields allowed to start on, each with why on is the rules' normal case: ``op id:field`` for an operation's own
field, ``game:field`` for a house-rule setting shared by the game's operations."""

SCRIPTS = (0, 1, 2, 3, 5)
"""Scripted dice: each script answers every die from its own fixed walk over the die's faces."""


class ScriptedDice(DiceSource):
    """Digital dice replaced by a fixed script: the n-th die shows the face at (script + 3n) along its faces, so
    two runs on the same script see the same faces in the same order whatever they do with them."""

    def __init__(self, script: int) -> None:
        super().__init__()
        self._script = script

    def _draw(self, die, purpose: str) -> int:
        return die.faces[(self._script + 3 * len(self.thrown)) % len(die.faces)]


def _answer(op: Operation, args: dict, script: int):
    """The answer's JSON (without the dice it threw, which the field may only reorder), or the refusal's code."""
    try:
        validated = api._validated_args(op, json.loads(json.dumps(args)))
        validated.pop("dice", None)
        data = api.answer(op, validated, ScriptedDice(script))
    except RulesError as error:
        return ("refused", error.code, error.message)
    return json.dumps({key: value for key, value in data.items() if key != "dice"}, sort_keys=True, default=str)


def _key(op: Operation, param) -> str:
    return f"{op.system}:{param.name}" if param.setting else f"{op.id}:{param.name}"


def _on_by_default():
    seen = set()
    for op_id in sorted(op["id"] for op in api.catalog()["operations"]):
        op = api.operation(op_id)
        for param in op.params:
            if param.kind == "bool" and param.default is True and _key(op, param) not in seen:
                seen.add(_key(op, param))
                yield op, param


ON = list(_on_by_default())


def _changes_the_result(op: Operation, param) -> bool:
    args = example_args(op)
    for script in SCRIPTS:
        on = _answer(op, {**args, param.name: True}, script)
        off = _answer(op, {**args, param.name: False}, script)
        if on != off:
            return True
    return False


@pytest.mark.parametrize("op,param", ON, ids=[_key(op, param) for op, param in ON])
def test_a_yes_or_no_field_that_starts_on_changes_nothing_or_is_the_rules_normal_case(op, param):
    if _key(op, param) in ON_BY_RULE:
        # listed on purpose: it must still matter, or the entry is stale
        assert _changes_the_result(op, param), f"{_key(op, param)} changes nothing: take it off the list"
        return
    assert not _changes_the_result(op, param), (
        f"{op.title} — {param.label!r} starts on and changes the result: make it start off, or list it in "
        "ON_BY_RULE with the rule that makes on the normal case"
    )


def test_every_listed_field_exists_and_starts_on():
    found = {_key(op, param) for op, param in ON}
    assert set(ON_BY_RULE) <= found, sorted(set(ON_BY_RULE) - found)


@pytest.mark.parametrize(
    "op_id,field",
    [
        ("armageddon.resuscitate", "in_hospital"),  # +3 to the Survival Test (seed 000, Healing & Resuscitation)
        ("armageddon.advance_days", "care"),  # Constitution LP a day below 0 (seed 000, Healing)
    ],
)
def test_a_bonus_the_scene_grants_starts_off_and_still_changes_the_result(op_id, field):
    op = api.operation(op_id)
    param = next(p for p in op.params if p.name == field)
    assert param.default is False
    args = example_args(op)
    assert any(
        _answer(op, {**args, field: True}, script) != _answer(op, {**args, field: False}, script) for script in SCRIPTS
    ), f"{op_id}:{field} no longer changes the example's result: the test would prove nothing"
