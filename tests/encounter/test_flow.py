"""Whose turn it is: next, delay, skip, remove, wrapping into the next round; and a property that no sequence of
actions makes a state the engine would refuse (STYLE.md Part C: a pure step, no inverse operations)."""

import copy

from hypothesis import given, settings, strategies as st

from py_rules import api
from py_rules.armageddon.character import EXAMPLE as JACK
from py_rules.coc.investigator import EXAMPLE as HARVEY
from py_rules.dice import RandomDice
from py_rules.encounter.flow import new_encounter, step
from py_rules.encounter.hooks import hooks_of
from py_rules.encounter.state import validate_encounter
from py_rules.errors import RulesError
from py_rules.semiautomagic.creature import EXAMPLE_HUMAN


def npc(name, dex):
    return {"name": name, "npc": {"dex": dex, "combat_skill": 40}}


def fight(*names):
    """A CoC encounter of NPCs in the order given (DEX descending), ordered, A's turn in round 1."""
    state = new_encounter("e1", "Fight", "coc")
    for i, name in enumerate(names):
        state = step(state, {"type": "add", "combatant": npc(name, 90 - 10 * i)}).state
    return step(state, {"type": "order"}).state


def turn(state):
    return state["round"], state["combatants"][state["turn"]]["name"]


def do(state, kind, **action):
    return step(state, {"type": kind, **action}, dice=RandomDice(1)).state


def test_next_wraps_into_the_next_round():
    state = fight("A", "B", "C")
    seen = [turn(state)]
    for _ in range(4):
        state = do(state, "next")
        seen.append(turn(state))
    assert seen == [(1, "A"), (1, "B"), (1, "C"), (2, "A"), (2, "B")]


def test_skip_passes_over_every_round_until_unskipped():
    state = do(fight("A", "B", "C"), "skip", combatant_id="k2")
    state = do(state, "next")
    assert turn(state) == (1, "C")
    state = do(do(state, "next"), "next")
    assert turn(state) == (2, "C")
    state = do(do(state, "skip", combatant_id="k2", skipped=False), "next")
    assert turn(state) == (3, "A")
    assert turn(do(state, "next")) == (3, "B")


def test_skipping_whose_turn_it_is_passes_the_turn_and_may_end_the_round():
    state = do(do(fight("A", "B"), "next"), "skip", combatant_id="k2")
    assert turn(state) == (2, "A")


def test_delay_gives_up_the_turn_and_acting_later_puts_them_before_whose_turn_it_is():
    state = do(fight("A", "B", "C"), "delay", combatant_id="k1")
    assert turn(state) == (1, "B")
    state = do(state, "next")
    assert turn(state) == (1, "C")
    state = do(state, "delay", combatant_id="k1", delayed=False)
    assert turn(state) == (1, "A")
    assert [c["name"] for c in state["combatants"]] == ["B", "A", "C"]
    state = do(state, "next")
    assert turn(state) == (1, "C")  # C's turn comes after the one who jumped in
    assert turn(do(state, "next")) == (2, "B")


def test_a_delay_not_taken_by_the_end_of_the_round_is_lost():
    state = do(do(fight("A", "B"), "next"), "delay", combatant_id="k2")
    assert turn(state) == (2, "A")
    assert not any(c["delayed"] for c in state["combatants"])


def test_removing_whose_turn_it_is_passes_the_turn_on():
    state = do(do(fight("A", "B", "C"), "next"), "remove", combatant_id="k2")
    assert turn(state) == (1, "C")
    state = do(state, "remove", combatant_id="k3")
    assert turn(state) == (2, "A")
    state = do(state, "remove", combatant_id="k1")
    assert (state["combatants"], state["turn"]) == ([], 0)


def test_an_ended_encounter_refuses_everything_but_time():
    state = do(fight("A", "B"), "end")
    assert state["ended"] is True
    try:
        do(state, "next")
    except RulesError as error:
        assert error.code == "ended"
    else:
        raise AssertionError("an ended encounter moved on")


def test_the_inputs_are_never_changed():
    state, sheets = fight("A"), {"h": copy.deepcopy(HARVEY)}
    frozen = copy.deepcopy((state, sheets))
    step(state, {"type": "add", "combatant": {"character_id": "h"}}, sheets, dice=RandomDice(3))
    step(state, {"type": "end_round"}, sheets, dice=RandomDice(3))
    assert (state, sheets) == frozen


# --- property: every state the step returns is valid and accepted back by the door ----------------------------

SHEETS = {"coc": HARVEY, "armageddon": JACK, "semiautomagic": EXAMPLE_HUMAN}
IDS = st.sampled_from(["k1", "k2", "k3", "k4", "k9"])
ACTION = st.one_of(
    st.builds(
        lambda n, d: {"type": "add", "combatant": {"name": n, "npc": d}},
        st.sampled_from(["Ghoul", "Cultist"]),
        st.integers(0, 20),
    ),
    st.just({"type": "add", "combatant": {"character_id": "pc"}}),
    st.builds(lambda i: {"type": "remove", "combatant_id": i}, IDS),
    st.builds(lambda i, b: {"type": "delay", "combatant_id": i, "delayed": b}, IDS, st.booleans()),
    st.builds(lambda i, b: {"type": "skip", "combatant_id": i, "skipped": b}, IDS, st.booleans()),
    st.builds(lambda p: {"type": "reorder", "order": p}, st.permutations(["k1", "k2", "k3"])),
    st.builds(
        lambda i, b, a: {"type": "update", "combatant_id": i, "firearm_ready": b, "activity": a},
        IDS,
        st.booleans(),
        st.sampled_from([None, "very_strenuous"]),
    ),
    st.sampled_from(
        [
            {"type": "next"},
            {"type": "order"},
            {"type": "end_round"},
            {"type": "skip_time", "unit": "hours", "amount": 1},
        ]
    ),
)


def for_game(action: dict, game: str) -> dict:
    """An abstract quick NPC (its one number) as the numbers ``game`` needs."""
    spec = action.get("combatant")
    if isinstance(spec, dict) and isinstance(spec.get("npc"), int):
        number = spec["npc"]
        npc = {
            "coc": {"dex": 5 * number, "combat_skill": 40},
            "armageddon": {"dexterity": number},
            "semiautomagic": {},
        }[game]
        return {**action, "combatant": {**spec, "npc": npc}}
    return action


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(sorted(SHEETS)), st.lists(ACTION, max_size=14), st.integers(0, 2**16))
def test_no_sequence_of_actions_makes_a_state_the_engine_refuses(game, actions, seed):
    state = new_encounter("e1", "Fight", game)
    sheets = {"pc": copy.deepcopy(SHEETS[game])}
    sheet_param = next(p for p in api.operation(hooks_of(game).round_op).params if p.name == hooks_of(game).sheet)
    dice = RandomDice(seed)
    for action in actions:
        try:
            out = step(state, for_game(action, game), sheets, dice=dice)
        except RulesError:
            continue  # refused: the state stays as it was
        state, sheets = out.state, {**sheets, **out.sheets}
        assert validate_encounter(state) == []
        for sheet in out.sheets.values():
            assert sheet_param.coerce(sheet) == sheet  # the game's own check takes back every sheet returned
        for effect in out.effects:
            assert set(effect["before"]) == set(effect["after"]) <= set(effect["who"])
    response = api.handle({"op": "encounter.end_round", "args": {"encounter": state, "sheets": sheets}, "seed": 1})
    assert response["ok"], response["error"]
    assert validate_encounter(response["result"]["state"]) == []
    for cid, sheet in response["result"]["details"]["sheets"].items():
        assert cid == "pc" and sheet == response["result"]["details"]["effects"][-1]["after"]["pc"]
