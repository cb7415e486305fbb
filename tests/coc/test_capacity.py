"""Who can act, Call of Cthulhu (TABLE.md): seed 003 When HP Falls Below Zero, Major Wound Characters, Failing a
Sanity Roll, Going Mad; rules/coc.md §3.9 (dying: a CON roll each round), §3.11."""

from py_rules import api
from py_rules.coc.investigator import EXAMPLE, from_dict


def _details(**conditions):
    state = from_dict(EXAMPLE)
    hours = conditions.pop("temporary_insanity_hours", 0)
    state["temporary_insanity_hours"] = hours
    state["conditions"].update(conditions)
    answer = api.handle({"op": "coc.capacity", "args": {"investigator": state}})
    assert answer["ok"], answer
    return answer["result"]["details"]


def test_when_hp_falls_below_zero_unconscious_cannot_act_or_defend():
    details = _details(unconscious=True)
    assert not details["can_act"] and not details["can_defend"]
    assert details["headline"] == "Can't act or defend: unconscious"
    assert [limit["text"] for limit in details["limits"] if limit["what"] == "note"] == ["First Aid revives them"]
    assert "coc.attack" in details["forbidden"]


def test_dying_makes_only_the_con_roll_each_round():
    details = _details(unconscious=True, dying=True, major_wound=True)
    assert details["headline"] == "Can't act or defend: dying (only the CON roll at the end of each round)"
    assert "coc.dying_round" not in details["forbidden"]
    assert any(limit["text"].startswith("Major wound") for limit in details["limits"])


def test_failing_a_sanity_roll_the_keeper_controls_the_next_action():
    details = _details(involuntary_action=True)
    assert details["can_act"]
    assert details["forbidden"]["coc.skill_roll"] == "the Keeper controls this action (failed Sanity roll)"


def test_going_mad_temporary_insanity_in_hours():
    details = _details(temporary_insanity_hours=4)
    assert details["can_act"] and [limit["text"] for limit in details["limits"]] == [
        "Temporarily insane (4 hours left)"
    ]


def test_dead_and_permanently_insane_cannot_act():
    assert _details(dead=True)["headline"] == "Can't act or defend: dead"
    assert not _details(permanently_insane=True)["can_act"]


def test_a_healthy_investigator_can_act():
    assert _details()["headline"] == "Can act"


def test_the_unconscious_roll_nothing_they_choose_the_rolls_refuse_so_they_are_refused():
    details = _details(unconscious=True)
    assert "coc.skill_roll" in details["refused"] and "coc.roll_damage" not in details["refused"]
    assert _details(involuntary_action=True)["refused"] == []


def test_what_capacity_calls_refused_the_door_refuses_and_the_rest_it_rolls():
    state = from_dict(EXAMPLE)
    state["conditions"]["unconscious"] = True
    refused = api.handle({"op": "coc.skill_roll", "args": {"investigator": state, "skill": "Dodge"}})
    assert not refused["ok"]
    state["conditions"]["unconscious"] = False
    state["conditions"]["involuntary_action"] = True
    assert api.handle({"op": "coc.skill_roll", "args": {"investigator": state, "skill": "Dodge"}})["ok"]
