"""Before time passes on one sheet (TABLE.md, "No default that can hurt": a time skip that runs dying rolls or
Survival Tests asks first and says what it will run): ``encounter.sheet_time_check`` names, for a sheet's own
time move, the Survival Tests (seed 000, Life Points; Healing), dying rounds (seed 002, Dying) or CON rolls (seed
003, When HP Falls Below Zero) it would roll and how many; nothing when it runs none or the rules refuse the
move. Nothing is rolled or changed, and the move's fields are checked as the move checks them."""

import copy

from py_rules import api
from py_rules.armageddon.character import EXAMPLE as JACK
from py_rules.coc.investigator import EXAMPLE as HARVEY
from py_rules.semiautomagic.creature import EXAMPLE_HUMAN
from tests.door import answer
from tests.encounter.test_step_summary import dying_jack
from tests.sheets import dying_harvey as _dying_harvey


def check(move, **args):
    sent = copy.deepcopy(args)
    result = answer("encounter.sheet_time_check", move=move, args=args)
    assert args == sent and result["dice"] == [] and not result.get("state")
    return result["details"]["warnings"]


def refusal(move, **args):
    response = api.handle({"op": "encounter.sheet_time_check", "args": {"move": move, "args": args}})
    assert not response["ok"]
    return response["error"]


def test_armageddon_minutes_and_seconds_name_each_survival_test_they_roll():
    assert check("armageddon.advance_time", character=dying_jack(), minutes=2) == [
        "Jack Hawthorne is dying: 2 minutes will roll 2 Survival Tests."
    ]
    assert (
        check("armageddon.advance_time", character=dying_jack(), minutes=0, seconds=30) == []
    )  # the first is 60 s away
    assert check("armageddon.advance_time", character=dying_jack(survival_seconds=30), minutes=0, seconds=45) == [
        "Jack Hawthorne is dying: 45 seconds will roll 1 Survival Test."
    ]
    assert check("armageddon.advance_time", character=dying_jack(), minutes=90) == [
        "Jack Hawthorne is dying: 1 hour 30 minutes will roll 90 Survival Tests."
    ]


def test_armageddon_death_timer_running_out_is_named():
    failed = answer("armageddon.apply_damage", character=JACK, amount="42", dice=[1, 9, 2])["state"]  # dies in 6 min
    assert check("armageddon.advance_time", character=failed, minutes=5) == []
    assert check("armageddon.advance_time", character=failed, minutes=6) == [
        "Jack Hawthorne dies within 6 min unless resuscitated: 6 minutes will let them die."
    ]


def test_armageddon_days_without_care_below_zero_roll_the_daily_survival_test():
    hurt = answer("armageddon.apply_damage", character=JACK, amount="33", dice=[9])["state"]
    assert hurt["current"]["life_points"] < 0 and "dying" not in hurt["conditions"]
    assert check("armageddon.advance_days", character=hurt, days=3, care=False) == [
        "Jack Hawthorne is below 0 Life Points without proper medical care: 3 days will roll 3 daily Survival Tests "
        "(a failure loses 1 LP)."
    ]
    assert check("armageddon.advance_days", character=hurt, days=3, care=True) == []
    assert check("armageddon.advance_days", character=JACK, days=3, care=False) == []
    assert check("armageddon.advance_days", character=dying_jack(), days=1, care=False) == []  # the move refuses


def test_semiautomagic_rounds_name_the_dying_rounds_hours_and_days_refuse_the_dying():
    hurt = answer("semiautomagic.apply_damage", creature=EXAMPLE_HUMAN, damage="9")["state"]
    assert check("semiautomagic.advance_rounds", creature=hurt, rounds=1) == [
        "Average human is dying: 1 round will roll 1 dying round (a d10 to stabilise and an endurance check) until "
        "they are stable or dead."
    ]
    assert "3 rounds will roll 3 dying rounds" in check("semiautomagic.advance_rounds", creature=hurt, rounds=3)[0]
    assert check("semiautomagic.advance_rounds", creature=EXAMPLE_HUMAN, rounds=3) == []
    assert check("semiautomagic.advance_hours", creature=hurt, hours=2) == []
    assert check("semiautomagic.advance_days", creature=hurt, days=2) == []


def test_coc_rounds_name_the_dying_con_rolls_longer_time_is_refused_by_the_move():
    assert check("coc.advance_time", investigator=_dying_harvey(), unit="rounds", amount=1) == [
        "Harvey Walters is dying: 1 round will roll 1 CON roll at the end of the round; a failed CON roll means death."
    ]
    assert "up to 4 CON rolls" in check("coc.advance_time", investigator=_dying_harvey(), unit="rounds", amount=4)[0]
    assert check("coc.advance_time", investigator=_dying_harvey(), unit="hours", amount=1) == []
    assert check("coc.advance_time", investigator=HARVEY, unit="rounds", amount=5) == []


def test_the_moves_fields_are_checked_as_the_move_checks_them():
    assert refusal("coc.advance_time", investigator=HARVEY, unit="rounds", amount=0)["field"] == "amount"
    assert refusal("armageddon.advance_time", character=JACK, minutes=2000)["field"] == "minutes"
    assert refusal("armageddon.advance_time", character=JACK, unit="rounds")["field"] == "unit"
    assert refusal("coc.advance_time", unit="rounds", amount=1)["field"] == "investigator"
    response = api.handle({"op": "encounter.sheet_time_check", "args": {"move": "coc.attack", "args": {}}})
    assert response["error"]["field"] == "move"
