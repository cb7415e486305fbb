"""Seed 002, Health: Medicine stabilises, Resuscitate, daily healing, objects repaired not healed (M10, M11, M12)."""

import pytest

from py_rules.dice import TypedDice
from py_rules.errors import RulesError
from py_rules.semiautomagic import creature as C, tables as T
from py_rules.semiautomagic.clock import advance_days
from py_rules.semiautomagic.recovery import medicine_stabilise, repair, resuscitate
from py_rules.trace import Log


def run(fn, c, faces, *args, **kwargs):
    c = C.copy_of(c)
    log = Log()
    dice = TypedDice(faces)
    out = fn(dice, c, *args, log, **kwargs)
    dice.finish()
    return c, log, out


def test_a_successful_medicine_check_stabilises_a_dying_character():
    patient = C.new_creature("Hurt", wounds=1, conditions={"Dying": {"dc": 5}})
    c, log, ok = run(medicine_stabilise, patient, [3, 2], 2, None)  # 3 + 2 ≥ DC 5 (current dying DC), wake 1d4 = 2 h
    assert ok and "Dying" not in c["conditions"] and c["conditions"]["Unconscious"]["seconds"] == 7200


def test_a_failed_medicine_check_leaves_the_character_dying():
    patient = C.new_creature("Hurt", wounds=1, conditions={"Dying": {"dc": 5}})
    c, _, ok = run(medicine_stabilise, patient, [2], 2, None)
    assert not ok and c["conditions"]["Dying"]["dc"] == 5


def test_a_timely_medicine_check_using_resuscitate_brings_a_character_back_to_life():
    corpse = C.new_creature("Dead", wounds=2, dead=True, seconds_dead=30)
    c, log, ok = run(resuscitate, corpse, [5, 1, 1], 2, 6, 10)
    assert ok and not c["dead"] and c["conditions"]["Unconscious"]["seconds"] == 2 * 3600


def test_resuscitate_is_too_late_after_the_window():
    corpse = C.new_creature("Dead", dead=True, seconds_dead=61)
    with pytest.raises(RulesError) as error:
        run(resuscitate, corpse, [6], 5, 6, 10)
    assert error.value.code == "too_late"


def heal_days(c, days, slept, bedridden):
    c = C.copy_of(c)
    advance_days(TypedDice([]), c, days, Log(), slept_8h=slept, bedridden=bedridden)
    return c


def test_characters_heal_one_wound_every_day_with_eight_hours_of_sleep():
    assert heal_days(C.new_creature("Hurt", wounds=3), 2, True, False)["wounds"] == 1


def test_characters_heal_endurance_wounds_every_day_spent_bedridden():
    hurt = C.new_creature("Hurt", wounds=7, abilities={"Endurance": 3})
    assert heal_days(hurt, 1, True, True)["wounds"] == 4
    assert heal_days(hurt, 3, False, True)["wounds"] == 0


def test_no_sleep_and_no_bed_rest_heals_nothing():
    assert heal_days(C.new_creature("Hurt", wounds=2), 1, False, False)["wounds"] == 2


def test_wounded_objects_dont_heal():
    box = C.from_dict({"schema": T.SCHEMA, "kind": "object", "wounds": 2})
    assert heal_days(box, 5, True, True)["wounds"] == 2


def test_days_cannot_pass_while_dying():
    with pytest.raises(RulesError):
        heal_days(C.new_creature("Hurt", conditions={"Dying": {"dc": 4}}), 1, True, False)


def test_objects_can_be_repaired_with_the_engineering_skill():
    broken = C.from_dict({"schema": T.SCHEMA, "kind": "object", "wounds": 3, "destroyed": True})
    c, log, ok = run(repair, broken, [4], 2, 6, 2)
    assert ok and c["wounds"] == 1 and not c["destroyed"]


def test_a_device_stopped_by_emp_works_again_after_repairs():
    radio = C.from_dict(dict(C.EXAMPLE_OBJECT, emp_disabled=True))
    c, _, ok = run(repair, radio, [6], 0, 6, 0, skill="Repair")
    assert ok and not c["emp_disabled"]


def test_living_creatures_are_not_repaired():
    with pytest.raises(RulesError):
        run(repair, C.new_creature("Bob"), [6], 0, 6, 1)
