"""The live table's document is rebuilt from the game master's campaign: it holds each seat's latest update code, made
by ``table.update`` from the campaign's sheets, decisions and roll requests (web/live/host.mjs; the codes are those of
py_rules/table/__init__.py). A tablet that reloaded, or a second tablet holding the same campaign, must write the same
document, so the codes depend on the campaign's values only, never on the order its records' keys happen to be in
(IndexedDB, a file, the JSON door each keep their own order): the payload is compact JSON with sorted keys, the mac
over it. And accepting the same proposals on a rebuilt campaign gives the same campaign."""

from __future__ import annotations

import copy
import json
import random

from hypothesis import given, settings, strategies as st

from tests.door import answer
from tests.table.table_setup import CAMPAIGN, CHARACTERS, SEATS, accept, after, proposal
from tests.table.test_accept_properties import QUIET, runs

GAME = {"id": CAMPAIGN, "name": "Masks of Nyarlathotep", "game": "coc", "settings": {"fumble_basis": "rules"}}
SPOT = {
    "id": "r-1",
    "op": "coc.skill_roll",
    "args": {"skill": "Spot Hidden", "difficulty": "Hard", "bonus": 0, "penalty": 0},
    "label": "Spot Hidden, Hard — all of you",
    "seats": ["s-1", "s-2"],
    "at": "2026-12-01T20:00:00Z",
}
TURN = {"encounter": "The cellar", "whose": "Harvey Walters"}


def shuffled(value, rnd: random.Random):
    """``value`` with every object's keys in a random order (lists keep theirs: their order is meaning)."""
    if isinstance(value, dict):
        keys = list(value)
        rnd.shuffle(keys)
        return {key: shuffled(value[key], rnd) for key in keys}
    if isinstance(value, list):
        return [shuffled(each, rnd) for each in value]
    return value


def campaign_after(made: list) -> dict:
    """The game master's campaign state after accepting ``made`` (the first answering the request), as the page keeps
    it: characters, seats, requests with their answers, decisions by proposal, the update numbers."""
    made = [made[0] | {"request": "r-1"} if made[0]["op"] == "coc.skill_roll" else made[0], *made[1:]]
    done = accept(made, requests=[SPOT])
    answers = {e["seat"]: e["proposal"] for e in done["entries"] if e.get("request") == "r-1"}
    return {
        "characters": after(done),
        "seats": copy.deepcopy(SEATS),
        "requests": [SPOT | {"answers": answers}],
        "decisions": {d["proposal"]: d for d in done["decisions"]},
        "seq": {"s-1": 3, "s-2": 1},
    }


def table_document(state: dict) -> dict:
    """Each seat's next update code and its invitation code, as the tablet writes its table document."""
    document = {}
    for seat in state["seats"]:
        character = next(c for c in state["characters"] if c["id"] == seat["character"])
        # oldest first, one batch's (one time) by proposal id: web/store/table_record.mjs unsentDecisions
        mine = sorted(
            (d for d in state["decisions"].values() if d["seat"] == seat["id"]), key=lambda d: (d["at"], d["proposal"])
        )
        asked = [
            {k: v for k, v in r.items() if k != "answers"}
            for r in state["requests"]
            if seat["id"] in r["seats"] and seat["id"] not in r.get("answers", {})
        ]
        update = answer(
            "table.update",
            campaign=CAMPAIGN,
            seat=seat,
            seq=state["seq"][seat["id"]] + 1,
            character=character,
            decisions=mine,
            requests=asked,
            turn=TURN,
        )
        invitation = answer("table.invite", campaign=GAME, seat=seat, character=character)
        document[seat["id"]] = (update["details"]["code"], invitation["details"]["code"])
    return document


@settings(**QUIET)
@given(made=runs(), seed=st.integers(0, 2**32 - 1))
def test_the_same_campaign_gives_byte_identical_codes_whatever_the_order_of_its_keys(made, seed):
    state = campaign_after(made)
    rebuilt = shuffled(state, random.Random(seed))
    assert json.dumps(rebuilt) != json.dumps(state) or len(json.dumps(state)) < 2  # the keys did move
    assert table_document(rebuilt) == table_document(state)


@settings(**QUIET)
@given(made=runs(), more=runs(most=3), seed=st.integers(0, 2**32 - 1))
def test_accepting_the_same_proposals_on_a_rebuilt_campaign_gives_the_same_campaign(made, more, seed):
    state = campaign_after(made)
    later = [p | {"id": f"q-{n}"} for n, p in enumerate(more)]
    rnd = random.Random(seed)
    rebuilt = shuffled(state, rnd)

    def go(held: dict, proposals: list) -> dict:
        return accept(
            proposals,
            characters=held["characters"],
            seats=held["seats"],
            requests=held["requests"],
            decided=list(held["decisions"]),
        )

    here, there = go(state, later), go(rebuilt, shuffled(later, rnd))
    assert json.dumps(there, sort_keys=True) == json.dumps(here, sort_keys=True)
    assert there["characters"] == here["characters"]  # the same sheets, and in the same order
    assert table_document(state | {"characters": after(there, rebuilt["characters"])}) == table_document(
        state | {"characters": after(here)}
    )


def test_the_code_changes_with_any_value_of_the_campaign():
    """The codes are not blind to the state: one skill point more is another update code (the same invitation too)."""
    state = campaign_after(
        [proposal("p-1", "pc-1", "coc.skill_roll", {"skill": "Spot Hidden"}, {"investigator": "pc-1"}, [5, 30])]
    )
    changed = copy.deepcopy(state)
    changed["characters"][0]["sheet"]["skills"]["Spot Hidden"] += 1
    before, now = table_document(state), table_document(changed)
    assert before["s-1"][0] != now["s-1"][0] and before["s-1"][1] != now["s-1"][1]
    assert before["s-2"] == now["s-2"]
    assert CHARACTERS[0]["sheet"] != changed["characters"][0]["sheet"]
