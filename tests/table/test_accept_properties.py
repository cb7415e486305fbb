"""Properties of accepting proposals (py_rules/table/accept.py), over random runs of players' proposals on one
campaign (rolls, pushes, Sanity rolls, damage, attacks on the cultist — some with only the attacker's dice, the rest
left to the game master's app; dice that fit or not):

* proposals on one sheet all apply, in order: the campaign after them is what the engine's door gives running each,
  one after the other, on the sheets the previous left (a proposal the door refuses changes nothing);
* accept is idempotent by id: accepting the same proposals again changes nothing;
* a refused proposal changes nothing and says why;
* two devices accepting the same proposals in the same order reach identical campaigns, in one batch or several.
"""

from __future__ import annotations

import copy
import json

from hypothesis import HealthCheck, given, settings, strategies as st

from py_rules import api
from py_rules.dice import TypedThenSeeded
from py_rules.errors import RulesError
from py_rules.table.accept import gm_seed
from tests.table.table_setup import CHARACTERS, KNIFE, accept, after, proposal

QUIET = {"deadline": None, "suppress_health_check": list(HealthCheck), "max_examples": 25}
UNITS = st.integers(0, 9)
TENS = st.sampled_from(range(0, 100, 10))


@st.composite
def proposals(draw, pid: str) -> dict:
    who = draw(st.sampled_from(["pc-1", "pc-2"]))
    own = {"investigator": who}
    d100 = [draw(UNITS), draw(TENS)]
    kind = draw(st.sampled_from(["skill", "push", "sanity", "damage", "attack", "luck", "attack_gm"]))
    if kind == "skill":
        skill = draw(st.sampled_from(["Spot Hidden", "Dodge", "Fighting (Brawl)"]))
        return proposal(pid, who, "coc.skill_roll", {"skill": skill}, own, d100)
    if kind == "push":
        return proposal(pid, who, "coc.push_roll", {"justification": "Once more"}, own, d100)
    if kind == "sanity":
        return proposal(
            pid, who, "coc.sanity_roll", {"loss": "1/1D4"}, own, d100 + draw(st.lists(st.integers(1, 4), max_size=2))
        )
    if kind == "damage":
        return proposal(pid, who, "coc.apply_damage", {"amount": draw(st.integers(0, 8))}, own, [])
    if kind == "luck":
        return proposal(pid, who, "coc.luck_roll", {}, own, d100)
    target = own | {"opponent": "npc-1"}
    if kind == "attack_gm":  # the player threw the attack roll only: the dodge and the damage are the game master's
        return proposal(pid, who, "coc.attack", {"weapon_stats": KNIFE}, target, d100, gm_dice=True)
    faces = d100 + [draw(UNITS), draw(TENS)] + draw(st.lists(st.integers(1, 4), max_size=2))
    return proposal(pid, who, "coc.attack", {"weapon_stats": KNIFE}, target, faces)


@st.composite
def runs(draw, most: int = 6) -> list:
    count = draw(st.integers(1, most))
    made = [draw(proposals(f"p-{n}")) for n in range(count)]
    return made


def by_door(made: list) -> dict:
    """Each proposal run through the door on the sheets as the ones before left them: character id → sheet. One that
    leaves dice to the game master runs with its faces, then digital dice seeded by its id."""
    sheets = {c["id"]: copy.deepcopy(c["sheet"]) for c in CHARACTERS}
    for each in made:
        op = api.operation(each["op"])
        args = each["args"] | {name: copy.deepcopy(sheets[cid]) for name, cid in each["bind"].items()}
        if each.get("gm_dice"):
            try:
                result = api.run_checked(each["op"], args, TypedThenSeeded(each["dice"], gm_seed(each["id"])))
            except RulesError:  # the rules refuse it (a dead attacker): it changes nothing
                continue
        else:
            answer = json.loads(
                api.call(json.dumps({"op": each["op"], "args": args | {"dice": each["dice"]}, "dice": "physical"}))
            )
            if not answer["ok"]:
                continue
            result = answer["result"]
        keys = {p.state_key: each["bind"][p.name] for p in op.params if p.name in each["bind"]}
        for key, sheet in result["states"].items():
            if key in keys:
                sheets[keys[key]] = sheet
    return sheets


@settings(**QUIET)
@given(made=runs())
def test_proposals_on_one_sheet_all_apply_in_order_as_the_door_runs_them(made):
    done = accept(made)
    assert {c["id"]: c["sheet"] for c in done["characters"]} == by_door(made)
    sheets = {c["id"]: c["sheet"] for c in CHARACTERS}
    accepted = iter(done["entries"])
    for decision in done["decisions"]:
        if decision["status"] == "accepted":
            entry = next(accepted)
            assert entry["before"] == {cid: sheets[cid] for cid in entry["states"]}  # the sheet the one before left
            sheets.update(entry["states"])


@settings(**QUIET)
@given(made=runs())
def test_accepting_the_same_proposals_again_changes_nothing(made):
    once = accept(made)
    twice = accept(made, after(once), decided=[p["id"] for p in made])
    assert [d["status"] for d in twice["decisions"]] == ["duplicate"] * len(made)
    assert twice["entries"] == [] and twice["characters"] == once["characters"]
    doubled = accept(made + made)
    assert doubled["characters"] == once["characters"] and doubled["decisions"][: len(made)] == once["decisions"]
    assert {d["status"] for d in doubled["decisions"][len(made) :]} == {"duplicate"}


@settings(**QUIET)
@given(made=runs())
def test_a_refused_proposal_changes_nothing_and_says_why(made):
    done = accept(made)
    refused = {d["proposal"] for d in done["decisions"] if d["status"] == "refused"}
    for decision in done["decisions"]:
        if decision["status"] == "refused":
            assert isinstance(decision["reason"], str) and decision["reason"].strip()
            assert "needs_die" not in decision["reason"] and "{" not in decision["reason"]
    kept = [p for p in made if p["id"] not in refused]
    assert accept(kept)["characters"] == done["characters"]
    assert len(done["entries"]) == len(kept)


@settings(**QUIET)
@given(made=runs(), cut=st.integers(0, 6))
def test_two_devices_accepting_the_same_proposals_in_the_same_order_reach_identical_campaigns(made, cut):
    one = accept(copy.deepcopy(made))
    other = accept(copy.deepcopy(made))
    assert json.dumps(one, sort_keys=True) == json.dumps(other, sort_keys=True)
    first = accept(made[:cut])
    rest = accept(made[cut:], after(first), decided=[p["id"] for p in made[:cut]])
    assert rest["characters"] == one["characters"]
    assert [d["status"] for d in first["decisions"] + rest["decisions"]] == [d["status"] for d in one["decisions"]]
