"""The headline says what happened (TABLE.md, Running the game): the end of a round names the dying roll with its
DC and result (seed 002, Dying: "a 10% chance each round" to stabilise, an endurance check whose DC rises by 1 on a
failure), the Staggered stun roll, the Confusion chart's row in the chart's own words (seed 002, Confusion chart),
and each condition timer still running in the unit a person reads ("5 hours left", not "3000 rounds")."""

from py_rules.semiautomagic.creature import EXAMPLE_HUMAN
from py_rules.semiautomagic.tables import SCHEMA
from tests.door import answer


def condition(name, **more):
    return answer("semiautomagic.set_condition", creature=EXAMPLE_HUMAN, condition=name, action="add", **more)["state"]


def dying():
    return answer("semiautomagic.apply_damage", creature=EXAMPLE_HUMAN, damage="9")["state"]  # DC 4, 1 wound


def test_dying_round_names_the_d10_and_the_endurance_check_against_its_dc():
    result = answer("semiautomagic.advance_rounds", creature=dying(), dice=[3, 4])
    assert result["text"][0] == (
        "Dying: d10 3 (needs 10 to stabilise), Endurance check 6 vs DC 4 — passed: checks again next round"
    )


def test_a_failed_dying_check_says_the_dc_rises_each_round():
    result = answer("semiautomagic.advance_rounds", creature=dying(), rounds=2, dice=[3, 1, 4, 1])
    assert result["headline"] == (
        "Round 1: Dying: d10 3 (needs 10 to stabilise), Endurance check 3 vs DC 4 — failed: DC rises to 5; "
        "Round 2: Dying: d10 4 (needs 10 to stabilise), Endurance check 3 vs DC 5 — failed: DC rises to 6"
    )


def test_a_ten_stabilises_and_the_wake_up_timer_reads_in_hours():
    result = answer("semiautomagic.advance_rounds", creature=dying(), dice=[10, 2])
    assert result["headline"] == "Dying: d10 10 — stabilised; Unconscious: 2 hours left"


def test_long_timers_read_in_hours_and_minutes_not_rounds():
    result = answer("semiautomagic.advance_rounds", creature=condition("Unconscious", duration=300, unit="minutes"))
    assert result["headline"] == "Unconscious: 5 hours left"  # 4 h 59 min 54 s, read to the minute above
    result = answer("semiautomagic.advance_rounds", creature=condition("Stunned", duration=3))
    assert result["headline"] == "Stunned: 2 rounds left"


def test_staggered_names_its_stun_roll_and_the_rounds_left():
    result = answer("semiautomagic.advance_rounds", creature=condition("Staggered", duration=3, dice=[1]), dice=[4])
    assert result["headline"] == "Staggered: d6 4, Stunned for 4 seconds; Staggered: 2 rounds left"


def test_the_confusion_chart_row_is_said_in_the_charts_words_with_its_scatter_direction():
    confused = condition("Confused", duration=5)
    result = answer("semiautomagic.advance_rounds", creature=confused, dice=[12, 3])
    assert result["headline"] == (
        "Confusion chart 12: Scatter die: runs in that direction. Direction: E; Confused: 4 rounds left"
    )
    result = answer("semiautomagic.confusion_round", creature=confused, dice=[6, 14])
    assert result["text"][0] == "Confusion chart 14: Falls prone. Screams as loudly as it can"


def test_with_the_chart_left_to_the_turn_the_round_rolls_no_confusion():
    result = answer("semiautomagic.advance_rounds", creature=condition("Confused", duration=5), confusion=False)
    assert result["dice"] == [] and result["headline"] == "Confused: 4 rounds left"
    assert any("start of the character's turn" in line for line in result["text"])


def test_a_round_that_decides_nothing_says_how_the_creature_stands():
    result = answer("semiautomagic.advance_rounds", creature=condition("Held"))
    assert result["headline"] is None and result["text"][0] == "After 1 round: Held"


def test_the_dying_round_move_names_the_d10_and_the_endurance_check_against_its_dc():
    """The Dying round on its own says what the end of a round says (seed 002, Dying; Health)."""
    result = answer("semiautomagic.dying_round", creature=dying(), dice=[3, 4])
    assert result["headline"] == (
        "Dying: d10 3 (needs 10 to stabilise), Endurance check 6 vs DC 4 — passed: checks again next round"
    )
    assert result["text"][0] == result["headline"]
    in_a_round = answer("semiautomagic.advance_rounds", creature=dying(), dice=[3, 4])
    assert in_a_round["headline"] == result["headline"]


def test_the_dying_round_move_says_a_failure_raises_the_dc_and_a_ten_stabilises():
    failed = answer("semiautomagic.dying_round", creature=dying(), dice=[3, 1])
    assert failed["headline"] == (
        "Dying: d10 3 (needs 10 to stabilise), Endurance check 3 vs DC 4 — failed: DC rises to 5"
    )
    stable = answer("semiautomagic.dying_round", creature=dying(), dice=[10, 2])
    assert stable["headline"] == "Dying: d10 10 — stabilised"
    assert "still dying" not in failed["text"] + stable["text"]


# --- EMP: the headline weighs the damage against the number the rule uses (seed 002, EMP table) -------------------


def test_emp_headline_compares_with_the_emp_toughness_not_toughness():
    robot = {
        "schema": SCHEMA,
        "name": "Unit 7",
        "kind": "robot",
        "emp_complexity": "Advanced",
    }  # EMP Toughness 3, Toughness 9
    result = answer("semiautomagic.apply_damage", creature=robot, damage="2d6", damage_type="EMP", dice=[2, 3])
    assert result["total"] == 5 and result["target"] == 3
    assert result["text"][0] == "EMP 5 vs EMP Toughness 3 — stops working until repaired"
    assert "9" not in result["text"][0]  # the robot's Toughness plays no part
    assert result["state"]["emp_disabled"] is True


def test_emp_headline_says_no_effect_at_or_below_the_emp_toughness():
    car = {"schema": SCHEMA, "name": "Van", "kind": "vehicle", "emp_complexity": "Moderate"}  # EMP Toughness 6
    result = answer("semiautomagic.apply_damage", creature=car, damage="6", damage_type="EMP")
    assert result["target"] == 6 and result["text"][0] == "EMP 6 vs EMP Toughness 6 — no effect"


def test_emp_on_what_is_not_electronic_has_no_number_to_beat():
    result = answer("semiautomagic.apply_damage", creature=EXAMPLE_HUMAN, damage="8", damage_type="EMP")
    assert result["target"] is None and "vs" not in result["text"][0]


def test_other_damage_still_weighs_against_toughness():
    result = answer("semiautomagic.apply_damage", creature=EXAMPLE_HUMAN, damage="5")
    assert result["target"] == 9 and result["text"][0].startswith("Total 5 vs 9")
