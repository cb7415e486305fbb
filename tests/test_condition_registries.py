"""Each game's conditions are declared once, as records (py_rules/condition.py; ``py_rules.<game>.condition_registry``),
and the operations do what the records say and nothing they do not: every declared condition has words, a rule
source and at least one effect, and each declared effect (what it forbids and implies, its modifiers, its limits,
the rolls still made, its timer and its start and end words) is observed through the JSON door, while a condition
alone shows no limit or penalty its records do not declare. A condition declared with no rule, or a rule with no
declaration, fails here."""

from __future__ import annotations

import copy

import pytest

from py_rules.armageddon import condition_registry as ARM
from py_rules.armageddon.character import from_dict as arm_sheet
from py_rules.armageddon.fields import EXAMPLE as ARM_EXAMPLE
from py_rules.coc import condition_registry as COC
from py_rules.coc.investigator import EXAMPLE as COC_EXAMPLE, from_dict as coc_sheet
from py_rules.condition import FORBIDS, TIMERS
from py_rules.semiautomagic import condition_registry as SA, creature as C
from tests.door import answer

REGISTRIES = {"armageddon": ARM.CONDITIONS, "semiautomagic": SA.CONDITIONS, "coc": COC.CONDITIONS}
EVERY = [(game, record) for game, registry in REGISTRIES.items() for record in registry]


def _id(value):
    return value.name if hasattr(value, "name") else str(value)


@pytest.mark.parametrize(("game", "record"), EVERY, ids=[f"{g}-{r.name}" for g, r in EVERY])
def test_every_declared_condition_has_words_a_rule_and_an_effect(game, record):
    assert record.words.strip() and record.source.strip()
    assert record.timer in TIMERS and set(record.forbids) <= set(FORBIDS)
    assert record.implies or record.forbids or record.modifiers or record.limits, (
        f"{game} {record.name} is declared with no rule: it implies, forbids, modifies and limits nothing"
    )
    for m in record.modifiers:
        assert m.applies and m.label and m.source


# --- Semiautomagic ------------------------------------------------------------------------------------------


def _creature(name: str, **entry) -> dict:
    sheet = copy.deepcopy(C.EXAMPLE_HUMAN)
    sheet["conditions"] = {name: entry}
    return sheet


def _declared_limits(registry, sheet: dict, on: list, **settings) -> list[tuple[str, str]]:
    return [
        (limit.what, limit.reason)
        for record in registry.ranked()
        if record.name in on and record.limits
        for limit in record.limits(sheet, on, **settings)
    ]


@pytest.mark.parametrize("record", list(SA.CONDITIONS), ids=_id)
def test_a_semiautomagic_condition_does_through_the_door_what_its_record_declares(record):
    entry = {"modifier": -1} if record.name == "Tired" else {}
    sheet = _creature(record.name, **entry)
    normal = C.from_dict(sheet)
    on = C.effective_conditions(normal)
    assert on == SA.CONDITIONS.ordered(SA.CONDITIONS.closure([record.name]))  # what it implies, and nothing else
    shown = answer("semiautomagic.capacity", creature=sheet)["details"]
    described = answer("semiautomagic.describe_creature", creature=sheet)["details"]["derived"]
    assert set(record.implies) <= set(described["conditions"])
    if "act" in record.forbids:
        assert not shown["can_act"] and described["action_seconds"] == 0
    if "defend" in record.forbids:
        assert not shown["can_defend"] and not described["can_defend"]
    # every limit shown is declared by the condition or by what it implies, and every declared one is shown
    assert [(limit["what"], limit["reason"]) for limit in shown["limits"]] == _declared_limits(
        SA.CONDITIONS, normal, on
    )
    declared_penalties = [(m.applies, m.said) for r in SA.CONDITIONS.ranked() if r.name in on for m in r.modifiers]
    assert [(p["applies"], p["reason"]) for p in shown["penalties"]] == declared_penalties
    for words, op in [still for r in SA.CONDITIONS if r.name in on for still in r.still]:
        assert op not in shown["forbidden"]
        if not shown["can_act"]:
            assert words in shown["only"]
    if record.action_seconds is not None:
        assert described["action_seconds"] == record.action_seconds


@pytest.mark.parametrize("record", [r for r in SA.CONDITIONS if r.timer == "seconds"], ids=_id)
def test_a_timed_semiautomagic_condition_starts_and_ends_in_its_records_words(record):
    started = answer(
        "semiautomagic.set_condition",
        creature=copy.deepcopy(C.EXAMPLE_HUMAN) | {"name": "Ann"},
        condition=record.name,
        action="add",
        duration=1,
        unit="rounds",
    )
    assert f"Ann {record.starts} for 1 round." in started["events"]
    ended = answer(
        "semiautomagic.advance_rounds", creature=_creature(record.name, seconds=6) | {"name": "Ann"}, rounds=1
    )
    assert f"Ann {record.ends} (its time is up)." in ended["events"]


def test_a_semiautomagic_condition_with_a_modifier_puts_it_on_the_rolls_it_names():
    held = answer("semiautomagic.defence_roll", creature=_creature("Held"), option="dodge", attack_bonus=0, dice=[4])
    asleep = answer("semiautomagic.skill_check", creature=_creature("Sleeping"), skill="Perception", dc=0, dice=[4])
    for result, record in ((held, SA.CONDITIONS["Held"]), (asleep, SA.CONDITIONS["Sleeping"])):
        [m] = record.modifiers
        assert {"label": m.label, "value": m.value} in [
            {k: mod[k] for k in ("label", "value")} for mod in result["modifiers"]
        ]


def test_a_semiautomagic_condition_that_narrows_the_defences_refuses_the_others():
    for record in (r for r in SA.CONDITIONS if r.only_defences is not None):
        for option in ("block", "dodge", "parry"):
            got = answer("semiautomagic.capacity", creature=_creature(record.name))
            assert got["details"]["can_defend"]
            from tests.door import response

            ok = response(
                "semiautomagic.defence_roll", creature=_creature(record.name), option=option, attack_bonus=0, dice=[4]
            )["ok"]
            assert ok == (option in record.only_defences)


# --- Armageddon ---------------------------------------------------------------------------------------------


def _character(name: str) -> dict:
    sheet = copy.deepcopy(ARM_EXAMPLE)
    sheet["conditions"] = [name]
    return sheet


@pytest.mark.parametrize("record", list(ARM.CONDITIONS), ids=_id)
def test_an_armageddon_condition_does_through_the_door_what_its_record_declares(record):
    sheet = _character(record.name)
    normal = arm_sheet(sheet)
    shown = answer("armageddon.capacity", character=sheet)["details"]
    declared = _declared_limits(ARM.CONDITIONS, normal, [record.name], turn_seconds=5)
    if record.name == "dead":
        declared = [(limit.what, limit.reason) for limit in record.limits(normal, ["dead"])]
    assert [(limit["what"], limit["reason"]) for limit in shown["limits"]] == declared
    if "act" in record.forbids:
        assert not shown["can_act"]
        task = answer("armageddon.character_task", character=sheet, dice=[5])
        assert record.name in task["flags"]
    if "defend" in record.forbids:
        assert not shown["can_defend"]


@pytest.mark.parametrize("record", [r for r in ARM.CONDITIONS if r.timer == "seconds"], ids=_id)
def test_an_armageddon_condition_with_a_timer_keeps_it_in_its_declared_clock_and_clears_it(record):
    clock = ARM.CLOCKS[record.name]
    sheet = _character(record.name)
    sheet["timers"] = {clock: 30}
    cleared = answer("armageddon.set_condition", character=sheet, condition=record.name, action="clear")
    assert cleared["state"]["timers"][clock] == 0 and record.name not in cleared["state"]["conditions"]


# --- Call of Cthulhu ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("record", list(COC.CONDITIONS), ids=_id)
def test_a_call_of_cthulhu_condition_does_through_the_door_what_its_record_declares(record):
    sheet = copy.deepcopy(COC_EXAMPLE)
    sheet["conditions"] = {record.name: True}
    normal = coc_sheet(sheet)
    shown = answer("coc.capacity", investigator=sheet)["details"]
    assert [(limit["what"], limit["reason"]) for limit in shown["limits"]] == _declared_limits(
        COC.CONDITIONS, normal, [record.name]
    )
    if "act" in record.forbids:
        assert not shown["can_act"]
    if "defend" in record.forbids:
        assert not shown["can_defend"]
    for words, _op in record.still:
        assert words in shown["only"]
