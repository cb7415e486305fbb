"""One log entry per encounter step (TABLE.md, "The headline"): the step's events tell, after its own line,
each effect that decided something — a dying roll with its target and outcome, a Survival Test, a condition's
time up — and nothing for an effect that only repeats a number. Before time passes, ``encounter.time_check``
says what it would run (Survival Tests, dying rounds and how many)."""

from py_rules import api
from py_rules.armageddon.character import EXAMPLE as JACK
from py_rules.coc.investigator import EXAMPLE as HARVEY
from py_rules.semiautomagic.creature import EXAMPLE_HUMAN
from tests.door import answer
from tests.sheets import dying_harvey as _dying_harvey


def start(game, sheets, **more):
    combatants = [{"character_id": cid} for cid in sheets] + more.get("npcs", [])
    return answer("encounter.start", id="e1", name="Fight", game=game, combatants=combatants, sheets=sheets)["state"]


def dying_jack(survival_seconds=None):
    sheet = answer("armageddon.apply_damage", character=JACK, amount="42", dice=[1, 9, 9])["state"]
    if survival_seconds is not None:
        sheet["timers"]["survival_seconds"] = survival_seconds
    return sheet


def test_coc_dying_roll_is_told_with_its_target_and_outcome_in_the_step():
    sheets = {"d": _dying_harvey(), "h": HARVEY}
    result = answer("encounter.end_round", encounter=start("coc", sheets), sheets=sheets, dice=[3, 40])
    assert result["events"] == [
        "Round 2: Harvey Walters's turn",
        "Harvey Walters: CON roll (dying) 43 vs 60 — Regular success: clings to life",
    ]
    [told] = result["details"]["decided"]
    assert told["label"] == "Harvey Walters: end of round 1" and told["effect"] == 0


def test_an_end_of_round_that_only_repeats_a_number_adds_no_line():
    """A healthy investigator's end of round is "Total 12 vs 12" (HP of HP): nothing decided, nothing told."""
    sheets = {"h": HARVEY}
    result = answer("encounter.end_round", encounter=start("coc", sheets), sheets=sheets)
    assert result["events"] == ["Round 2: Harvey Walters's turn"] and result["details"]["decided"] == []
    assert len(result["details"]["effects"]) == 1  # the effect still ran (and stays in the answer)


def test_armageddon_survival_test_failure_is_told_with_its_target():
    sheets = {"a": dying_jack(survival_seconds=5)}
    result = answer("encounter.end_round", encounter=start("armageddon", sheets), sheets=sheets, dice=[2])
    assert result["events"][1] == "Jack Hawthorne: Survival Test 2: 6 vs 9 — failed: dies in 6 minutes without help"


def test_semiautomagic_condition_time_up_and_dying_round_are_told():
    staggered = answer(
        "semiautomagic.set_condition", creature=EXAMPLE_HUMAN, condition="Staggered", action="add", duration=1, dice=[1]
    )["state"]
    result = answer("encounter.end_round", encounter=start("semiautomagic", {"s": staggered}), sheets={"s": staggered})
    assert result["events"][1] == "Average human: Staggered ends (its time is up)"
    hurt = answer("semiautomagic.apply_damage", creature=EXAMPLE_HUMAN, damage="9")["state"]
    result = answer(
        "encounter.end_round", encounter=start("semiautomagic", {"d": hurt}), sheets={"d": hurt}, dice=[3, 4]
    )
    assert result["events"][1] == (
        "Average human: Dying: d10 3 (needs 10 to stabilise), Endurance check 6 vs DC 4 — "
        "passed: checks again next round"
    )


def test_a_long_time_skip_tells_its_survival_tests_in_few_words():
    sheets = {"a": dying_jack()}
    result = answer(
        "encounter.skip_time",
        encounter=start("armageddon", sheets),
        sheets=sheets,
        unit="minutes",
        amount=5,
        activity="normal",
        dice=[9] * 5,
    )
    assert result["events"][0] == "5 minutes pass"
    line = result["events"][1]
    assert line.startswith("Jack Hawthorne: Survival Test 2: 13 vs 9 — passed: the next in 1 minute; Survival Test 3:")
    assert line.endswith("Survival Test 6: 9 vs 9 — passed: the next in 1 minute") and len(result["events"]) == 2
    failed = answer(
        "encounter.skip_time",
        encounter=start("armageddon", sheets),
        sheets=sheets,
        unit="minutes",
        amount=7,
        activity="normal",
        dice=[9] * 6,
    )["events"][1]  # −1 a test: the seventh fails
    assert failed.endswith("; Survival Test 7: 8 vs 9 — failed: dies in 6 minutes without help")
    assert failed.count("Survival Test") == 6  # every test in order (a longer run reads first, "… n more …", last)


def test_time_that_cannot_pass_for_the_dying_is_told_once_without_repeating_the_name():
    sheets = {"d": _dying_harvey()}
    result = answer("encounter.skip_time", encounter=start("coc", sheets), sheets=sheets, unit="hours", amount=1)
    assert result["events"][0] == "1 hour passes"
    assert result["events"][1].startswith("Harvey Walters is dying: play out the rounds")


def test_order_is_told_as_the_step_decided_it():
    sheets = {"h": HARVEY}
    state = start("coc", sheets, npcs=[{"name": "Ghoul", "npc": {"dex": 65, "combat_skill": 40}}])
    result = answer("encounter.order", encounter=state, sheets=sheets)
    assert result["events"] == ["Round 1: Ghoul's turn", "Order: Ghoul (65) → Harvey Walters (60)"]


# --- before time passes -------------------------------------------------------------------------------------


def check(game, sheets, unit, amount):
    result = answer("encounter.time_check", encounter=start(game, sheets), sheets=sheets, unit=unit, amount=amount)
    assert result["dice"] == [] and "state" not in result or result.get("state") is None
    return result["details"]["warnings"]


def test_time_check_counts_the_survival_tests_a_skip_would_roll():
    assert check("armageddon", {"a": dying_jack()}, "minutes", 12) == [
        "Jack Hawthorne is dying: 12 minutes will roll 12 Survival Tests."
    ]
    assert check("armageddon", {"a": dying_jack(survival_seconds=30)}, "minutes", 1) == [
        "Jack Hawthorne is dying: 1 minute will roll 1 Survival Test."
    ]
    assert check("armageddon", {"a": dying_jack()}, "hours", 1) == [
        "Jack Hawthorne is dying: 1 hour will roll 60 Survival Tests."
    ]
    assert check("armageddon", {"a": dying_jack()}, "days", 1)[0].startswith(
        "Jack Hawthorne is dying: 1 day cannot pass"
    )


def test_time_check_names_a_death_timer_that_would_run_out():
    failed = answer("armageddon.apply_damage", character=JACK, amount="42", dice=[1, 9, 2])["state"]  # 6 minutes
    assert check("armageddon", {"a": failed}, "minutes", 5) == []
    assert check("armageddon", {"a": failed}, "minutes", 6) == [
        "Jack Hawthorne dies within 6 min unless resuscitated: 6 minutes will let them die."
    ]


def test_time_check_counts_semiautomagic_dying_rounds_and_coc_refusals():
    hurt = answer("semiautomagic.apply_damage", creature=EXAMPLE_HUMAN, damage="9")["state"]
    assert check("semiautomagic", {"d": hurt}, "minutes", 2) == [
        "Average human is dying: 2 minutes will roll 20 dying rounds (a d10 to stabilise and an endurance check each)."
    ]
    assert check("coc", {"d": _dying_harvey()}, "hours", 1)[0].startswith("Harvey Walters is dying: 1 hour cannot pass")


def test_time_check_has_nothing_to_ask_for_the_healthy_and_keeps_the_skip_limits():
    assert check("coc", {"h": HARVEY}, "hours", 3) == []
    result = answer(
        "encounter.time_check", encounter=start("coc", {"h": HARVEY}), sheets={"h": HARVEY}, unit="hours", amount=1
    )
    assert result["events"] == ["Nothing to ask first: no dying roll comes due in 1 hour."]
    response = api.handle(
        {
            "op": "encounter.time_check",
            "args": {
                "encounter": start("armageddon", {"a": JACK}),
                "sheets": {"a": JACK},
                "unit": "hours",
                "amount": 30,
            },
        }
    )
    assert response["error"]["field"] == "amount"


def test_a_log_of_the_old_shape_with_one_entry_per_effect_still_validates_and_renders():
    """A log written before one entry per step: each effect its own "roll" entry, the step's result keeping
    only the effects' op and who. It still passes the log check and becomes a forum post, its dice said once."""
    from py_rules.log.entry import validate_log

    sheets = {"d": _dying_harvey()}
    state = start("coc", sheets)
    result = answer("encounter.end_round", encounter=state, sheets=sheets, dice=[3, 40])
    details = result["details"]
    effect = details["effects"][0]
    old_effect = {
        "id": "e1",
        "at": "2026-01-05T19:00:00Z",
        "op": effect["op"],
        "args": effect["args"],
        "result": {k: v for k, v in effect["result"].items() if k not in ("state", "states")},
        "who": effect["who"],
        "encounter": "e1",
        "before": {},
        "after": {},
        "kind": "roll",
    }
    step_result = {k: v for k, v in result.items() if k not in ("state", "states")}
    step_result["details"] = {
        "current": details["current"],
        "effects": [{k: e[k] for k in ("op", "who", "combatants", "kind")} for e in details["effects"]],
    }
    step_result["events"] = step_result["events"][:1]  # the old step told only its own line
    old_step = {
        "id": "e2",
        "at": "2026-01-05T19:00:01Z",
        "op": "encounter.end_round",
        "args": {},
        "result": step_result,
        "who": ["d"],
        "encounter": "e1",
        "before": {"d": sheets["d"]},
        "after": details["sheets"],
        "encounter_before": state,
        "encounter_after": details["encounter"],
        "kind": "change",
    }
    assert validate_log([old_effect, old_step], game="coc") == []
    text = answer("forum.stretch", entries=[old_effect, old_step], format="markdown")["details"]["text"]
    assert "CON (dying) roll, d100: 43 (tens 40, units 3)" in text and text.count("- Dice") == 1
