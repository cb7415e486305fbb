"""Who can act, Semiautomagic (TABLE.md): seed 002 Conditions (Broken, Helpless, Unconscious, Sleeping, Dying,
Stunned, Staggered, Flat-Footed, Held, Disabled, Confused), Wound, Morale Penalty, Mobility Penalty."""

from py_rules import api
from py_rules.semiautomagic.creature import EXAMPLE_HUMAN, from_dict


def _creature(conditions=None, **fields):
    raw = {**EXAMPLE_HUMAN, **fields, "conditions": conditions or {}}
    return from_dict(raw)


def _details(creature):
    answer = api.handle({"op": "semiautomagic.capacity", "args": {"creature": creature}})
    assert answer["ok"], answer
    return answer["result"]["details"]


def test_broken_cannot_take_any_actions_move_speak_or_defend():
    details = _details(_creature({"Broken": {"seconds": None}}))
    assert not details["can_act"] and not details["can_defend"]
    assert details["headline"].startswith("Can't act: Broken")
    assert {"semiautomagic.attack", "semiautomagic.skill_check", "semiautomagic.defence_roll"} <= set(
        details["forbidden"]
    )


def test_morale_penalty_will_0_gives_broken():
    creature = _creature(morale_penalties=EXAMPLE_HUMAN["abilities"]["Spirit"] + 6)
    details = _details(creature)
    assert not details["can_act"] and "Broken" in details["headline"]
    assert any(p["applies"] == "Will and Minimum Will" for p in details["penalties"])


def test_unconscious_is_helpless_and_says_when_they_wake_in_hours():
    details = _details(_creature({"Unconscious": {"seconds": 3 * 3600}}))
    assert not details["can_act"] and not details["can_defend"]
    assert "wakes in 3 hours" in details["headline"]
    assert any("hit automatically" in limit["text"] for limit in details["limits"])


def test_dying_only_the_endurance_check_each_round():
    details = _details(_creature({"Dying": {"seconds": None, "dc": 5}}, wounds=1))
    assert not details["can_act"] and details["only"] == ["the dying endurance check each round"]
    assert "semiautomagic.dying_round" not in details["forbidden"]
    assert any(p["applies"] == "dying endurance checks" for p in details["penalties"])


def test_stunned_cannot_act_but_still_defends():
    details = _details(_creature({"Stunned": {"seconds": None}}))
    assert not details["can_act"] and details["can_defend"]
    short = _details(_creature({"Stunned": {"seconds": 2}}))
    assert short["can_act"] and any("Stunned for 2 seconds" in limit["text"] for limit in short["limits"])


def test_flat_footed_acts_but_makes_no_defence_rolls():
    details = _details(_creature({"Flat-Footed": {"seconds": 6}}))
    assert details["can_act"] and not details["can_defend"]
    assert details["headline"] == "Can act; can't defend: Flat-Footed (1 round left)"
    assert list(details["forbidden"]) == ["semiautomagic.defence_roll"]


def test_held_and_disabled_limit_without_forbidding():
    details = _details(_creature({"Held": {"seconds": None}, "Disabled": {"seconds": None}}))
    assert details["can_act"] and details["can_defend"] and details["forbidden"] == {}
    assert any(p["text"] == "−1 dodge: Held" for p in details["penalties"])
    assert any(limit["text"].startswith("Disabled: 3 seconds") for limit in details["limits"])


def test_confused_the_chart_decides():
    details = _details(_creature({"Confused": {"seconds": None}}))
    assert not details["can_act"] and "semiautomagic.confusion_round" not in details["forbidden"]


def test_wound_and_mobility_penalty_each_with_what_it_lowers():
    details = _details(_creature(wounds=2, mobility_penalties={"plate armour": 2}))
    texts = [p["text"] for p in details["penalties"]]
    assert "−2 Toughness and Minimum Toughness: 2 wounds" in texts
    assert "−2 Acrobatics, Athletics, Wrestle and Stealth: mobility penalties (plate armour 2)" in texts
    assert any(limit["text"] == "Moves 1 square less (mobility penalties)" for limit in details["limits"])


def test_staggered_durations_are_said_in_rounds():
    details = _details(_creature({"Staggered": {"seconds": 18}}))
    assert any("Staggered (3 rounds left)" in limit["text"] for limit in details["limits"])


def test_broken_the_attack_itself_refuses_so_it_is_listed_as_refused():
    details = _details(_creature({"Broken": {"seconds": None}}))
    assert details["refused"] == ["semiautomagic.attack"]
    assert _details(_creature({"Flat-Footed": {"seconds": 6}}))["refused"] == []


def test_broken_attack_is_refused_at_the_door_as_capacity_says():
    from py_rules.semiautomagic.creature import EXAMPLE_ATTACKER

    broken = _creature({"Broken": {"seconds": None}})
    attack = api.handle(
        {"op": "semiautomagic.attack", "args": {"attacker": broken, "creature": from_dict(EXAMPLE_ATTACKER)}}
    )
    assert not attack["ok"]


def test_confused_with_the_player_in_control_can_act_until_that_control_runs_out():
    """Confusion chart rows 18–20 give the player control for some rounds (rules/semiautomagic.md §2.11): the
    creature acts as the player says then, so its card must not say the chart decides."""
    controlled = _details(_creature({"Confused": {"seconds": 18, "control_seconds": 60}}))
    assert controlled["can_act"]
    assert "semiautomagic.attack" not in controlled["forbidden"]
    assert any(
        limit["text"] == "Confused, but the player is in control (10 rounds left)" for limit in controlled["limits"]
    )
    chart = _details(_creature({"Confused": {"seconds": 18, "control_seconds": 0}}))
    assert not chart["can_act"] and "Confusion chart decides" in chart["headline"]
