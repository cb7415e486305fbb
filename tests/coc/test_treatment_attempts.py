"""One First Aid and one Medicine attempt per wound (rules/coc.md §3.10): a failed attempt may take Luck like any
skill roll (seed 003, Luck: on skill checks; rules/coc.md §3.6) or be pushed (seed 003, Pushing a Roll), and a second
plain roll for the same wound is refused with a message naming the Justification field."""

import pytest
from coc_helpers import d100, harvey

from py_rules.api import handle


def call(op, faces, **args):
    """The door's answer to ``op`` with exactly ``faces`` as the dice (left-over faces are an error)."""
    return handle({"op": op, "args": {**args, "dice": faces}})


def first_aid(patient, roll, skill=55, **args):
    return call("coc.first_aid", d100(roll), investigator=patient, skill=skill, **args)


def patient_after(answer):
    assert answer["ok"], answer
    return answer["result"]["states"]["coc.investigator"]


def test_a_failed_first_aid_offers_luck_56_vs_55_with_luck_to_spare():
    wounded = patient_after(first_aid(harvey(hp=5), 56))
    assert wounded["first_aid_roll"]["roll"] == 56 and not wounded["first_aid_roll"]["success"]
    medic = harvey(name="Dr Ames", luck=40)
    answer = call("coc.treatment_luck", [], investigator=wounded, medic=medic, treatment="First Aid")
    assert answer["ok"], answer
    result = answer["result"]
    assert result["details"]["points"] == 1 and result["success"]
    assert result["states"]["coc.opponent"]["luck"] == 39  # the medic's Luck pays
    healed = result["states"]["coc.investigator"]
    assert healed["hp"] == 6 and healed["first_aid_given"] and healed["luck"] == 50
    assert "luck_spent" in result["flags"]


def test_luck_on_first_aid_without_a_medic_is_the_patient_s_own():
    wounded = patient_after(first_aid(harvey(hp=5), 60))
    answer = call("coc.treatment_luck", [], investigator=wounded, treatment="First Aid")
    healed = patient_after(answer)
    assert healed["luck"] == 45 and healed["hp"] == 6


def test_luck_on_a_failed_medicine_roll_then_the_medicine_works():
    wounded = patient_after(call("coc.medicine", d100(35), investigator=harvey(hp=5), skill=30, equipment=True))
    answer = call("coc.treatment_luck", [2], investigator=wounded, medic=harvey(name="Dr Ames"), treatment="Medicine")
    healed = patient_after(answer)
    assert healed["medicine_given"] and healed["scheduled_heals"][0]["amount"] == 2
    assert answer["result"]["states"]["coc.opponent"]["luck"] == 45


def test_luck_refused_on_a_fumbled_first_aid():
    wounded = patient_after(first_aid(harvey(hp=5), 100))
    answer = call("coc.treatment_luck", [], investigator=wounded, treatment="First Aid")
    assert not answer["ok"] and "fumble" in answer["error"]["message"]


def test_luck_refused_when_the_roller_has_too_little():
    wounded = patient_after(first_aid(harvey(hp=5), 90, skill=30))
    answer = call("coc.treatment_luck", [], investigator=wounded, medic=harvey(luck=20), treatment="First Aid")
    assert not answer["ok"] and answer["error"]["field"] == "medic"
    assert "only 20 Luck left; cannot spend 60" in answer["error"]["message"]


def test_a_second_plain_first_aid_for_the_same_wound_is_refused_naming_the_field():
    wounded = patient_after(first_aid(harvey(hp=5), 56))
    answer = first_aid(wounded, 20)
    assert not answer["ok"]
    assert answer["error"]["field"] == "justification"
    assert "push" in answer["error"]["message"] and "56 vs 55" in answer["error"]["message"]


def test_the_second_attempt_is_a_push_at_the_first_roll_s_skill():
    wounded = patient_after(first_aid(harvey(hp=5), 56))
    answer = first_aid(wounded, 50, skill=90, justification="She cleans the wound properly this time")
    healed = patient_after(answer)
    assert answer["result"]["target"] == 55 and "pushed" in answer["result"]["flags"]
    assert healed["hp"] == 6 and healed["first_aid_roll"]["pushed"]


def test_a_failed_push_has_its_consequence_and_no_further_attempt():
    wounded = patient_after(first_aid(harvey(hp=5), 56))
    answer = first_aid(wounded, 80, justification="Again, with a clean cloth")
    assert "dire_consequence" in answer["result"]["flags"]
    again = first_aid(patient_after(answer), 10, justification="Once more")
    assert not again["ok"] and "pushed and failed" in again["error"]["message"]
    luck = call("coc.treatment_luck", [], investigator=patient_after(answer), treatment="First Aid")
    assert not luck["ok"] and "pushed" in luck["error"]["message"]


def test_a_96_against_a_high_skill_is_a_plain_failure_and_can_be_pushed():
    wounded = patient_after(first_aid(harvey(hp=5), 96, skill=90))
    assert wounded["first_aid_roll"]["level"] == 1
    assert patient_after(first_aid(wounded, 20, justification="Steadier hands"))["hp"] == 6


def test_no_luck_on_a_first_aid_that_succeeded():
    treated = patient_after(first_aid(harvey(hp=5), 20))
    answer = call("coc.treatment_luck", [], investigator=treated, treatment="First Aid")
    assert not answer["ok"] and answer["error"]["field"] == "treatment"


def test_a_justification_without_a_failed_attempt_is_refused():
    answer = first_aid(harvey(hp=5), 20, justification="Why not")
    assert not answer["ok"] and answer["error"]["field"] == "justification"


def test_a_new_wound_may_be_treated_again():
    wounded = patient_after(first_aid(harvey(hp=8), 56))
    hurt = patient_after(call("coc.apply_damage", [], investigator=wounded, amount=2))
    assert hurt["first_aid_roll"] is None
    assert patient_after(first_aid(hurt, 20))["hp"] == 7


@pytest.mark.parametrize("op", ["coc.first_aid", "coc.medicine"])
def test_a_second_plain_medicine_or_first_aid_is_refused(op):
    wounded = patient_after(call(op, d100(99 if op == "coc.medicine" else 98), investigator=harvey(hp=5), skill=20))
    answer = call(op, d100(5), investigator=wounded, skill=20)
    assert not answer["ok"] and answer["error"]["field"] == "justification"
