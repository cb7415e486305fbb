"""The order of an encounter, by each game's rule, with scripted dice (TABLE.md, Encounter)."""

import copy

from py_rules import api
from py_rules.armageddon.character import EXAMPLE as JACK
from py_rules.coc.investigator import EXAMPLE as HARVEY
from py_rules.semiautomagic.creature import EXAMPLE_HUMAN
from tests.door import answer, refused


def start(game, combatants, sheets=None):
    return answer("encounter.start", id="e1", name="Fight", game=game, combatants=combatants, sheets=sheets or {})[
        "state"
    ]


def order_of(state):
    return [c["name"] for c in state["combatants"]]


def jack(**changes):
    sheet = copy.deepcopy(JACK)
    sheet.update(changes)
    return sheet


# --- Armageddon: 1d10 + Dexterity with the state's penalties (rules/armageddon.md §1.4; seed 000) ------------------------


def test_armageddon_initiative_counts_the_injury_penalty():
    """Seed 000, Life Points: −1 per LP below 6 — a wounded Jack (Dex 2, 3 LP) rolls 9 − 3 + 2 = 8."""
    sheets = {"jack": jack(current={"life_points": 3})}
    state = start("armageddon", [{"character_id": "jack"}, {"name": "Thug", "npc": {"dexterity": 3}}], sheets)
    result = answer("encounter.order", encounter=state, sheets=sheets, dice=[9, 6])
    jack_roll, thug_roll = (e["result"] for e in result["details"]["effects"])
    assert [m["value"] for m in jack_roll["modifiers"]] == [2, -3]
    assert (jack_roll["total"], thug_roll["total"]) == (8, 9)
    assert order_of(result["state"]) == ["Thug", "Jack Hawthorne"]
    assert result["details"]["current"] == result["state"]["combatants"][0]["id"] == "k2"


def test_armageddon_tie_goes_to_the_higher_dexterity():
    sheets = {"jack": jack()}
    state = start("armageddon", [{"name": "Thug", "npc": {"dexterity": 1}}, {"character_id": "jack"}], sheets)
    result = answer("encounter.order", encounter=state, sheets=sheets, dice=[8, 7])
    assert [c["initiative"] for c in result["state"]["combatants"]] == [9, 9]
    assert order_of(result["state"]) == ["Jack Hawthorne", "Thug"]


def test_armageddon_full_tie_keeps_the_chroniclers_order():
    state = start("armageddon", [{"name": "Thug", "npc": {"dexterity": 2}}, {"name": "Thug", "npc": {"dexterity": 2}}])
    assert order_of(state) == ["Thug", "Thug 2"]
    result = answer("encounter.order", encounter=state, dice=[4, 4])
    assert order_of(result["state"]) == ["Thug", "Thug 2"]
    result = answer("encounter.order", encounter=state, dice=[4, 5])
    assert order_of(result["state"]) == ["Thug 2", "Thug"]


def test_armageddon_latecomer_rolls_and_slots_in_by_initiative():
    state = start("armageddon", [{"name": "A", "npc": {"dexterity": 2}}, {"name": "B", "npc": {"dexterity": 2}}])
    state = answer("encounter.order", encounter=state, dice=[9, 2])["state"]
    result = answer("encounter.add", encounter=state, combatant={"name": "C", "npc": {"dexterity": 1}}, dice=[5])
    assert order_of(result["state"]) == ["A", "C", "B"]
    assert result["details"]["current"] == "k1"


# --- Call of Cthulhu: DEX, +50 with a drawn firearm, then combat skill, then a roll-off (seed 003) ------------


def test_coc_drawn_firearm_adds_fifty():
    sheets = {"harvey": HARVEY}
    state = start(
        "coc",
        [{"name": "Ghoul", "npc": {"dex": 100, "combat_skill": 40}}, {"character_id": "harvey", "firearm_ready": True}],
        sheets,
    )
    result = answer("encounter.order", encounter=state, sheets=sheets)
    assert [(c["name"], c["initiative"]) for c in result["state"]["combatants"]] == [
        ("Harvey Walters", 110),
        ("Ghoul", 100),
    ]
    assert result["details"]["effects"][0]["op"] == "coc.attack_order"
    assert result["details"]["effects"][0]["who"] == ["harvey"]


def test_coc_equal_dex_goes_to_the_higher_combat_skill():
    """Harvey's best Fighting skill (Brawl 40) against a cultist's 50; drawn, his Firearms (Handgun) 45."""
    sheets = {"harvey": HARVEY}
    npc = {"name": "Cultist", "npc": {"dex": 60, "combat_skill": 50}}
    state = start("coc", [{"character_id": "harvey"}, npc], sheets)
    assert order_of(answer("encounter.order", encounter=state, sheets=sheets)["state"]) == ["Cultist", "Harvey Walters"]
    npc = {"name": "Cultist", "npc": {"dex": 110, "combat_skill": 44}}
    state = start("coc", [npc, {"character_id": "harvey", "firearm_ready": True}], sheets)
    assert order_of(answer("encounter.order", encounter=state, sheets=sheets)["state"]) == ["Harvey Walters", "Cultist"]


def test_coc_full_tie_is_a_roll_off_lower_first():
    """rules/coc.md §3.8: then a 1D100 each, lower acts first (units die, then tens)."""
    state = start(
        "coc",
        [
            {"name": "Ghoul", "npc": {"dex": 60, "combat_skill": 40}},
            {"name": "Ghoul", "npc": {"dex": 60, "combat_skill": 40}},
        ],
    )
    result = answer("encounter.order", encounter=state, dice=[7, 80, 2, 10])
    assert order_of(result["state"]) == ["Ghoul 2", "Ghoul"]
    assert [c["order_key"] for c in result["state"]["combatants"]] == [[60, 40, -12], [60, 40, -87]]


def test_coc_drawing_a_firearm_midfight_then_reordering():
    state = start(
        "coc",
        [{"name": "A", "npc": {"dex": 70, "combat_skill": 40}}, {"name": "B", "npc": {"dex": 50, "combat_skill": 40}}],
    )
    state = answer("encounter.order", encounter=state)["state"]
    state = answer("encounter.update", encounter=state, combatant_id="k2", firearm_ready=True)["state"]
    assert order_of(answer("encounter.order", encounter=state)["state"]) == ["B", "A"]
    assert (
        refused("encounter.update", encounter=state, combatant_id="k2", activity="sleeping")["field"]
        == "combatant.activity"
    )


# --- Semiautomagic: the GM's order -------------------------------------------------------------------------


def test_semiautomagic_has_no_order_rule_the_gm_orders():
    sheets = {"ann": EXAMPLE_HUMAN}
    state = start("semiautomagic", [{"character_id": "ann", "name": "Ann"}, {"name": "Imp", "npc": {}}], sheets)
    assert refused("encounter.order", encounter=state, sheets=sheets)["code"] == "no_order_rule"
    state = answer("encounter.next", encounter=state, sheets=sheets)["state"]
    result = answer("encounter.reorder", encounter=state, order=["k2", "k1"])
    assert order_of(result["state"]) == ["Imp", "Ann"]
    assert result["details"]["current"] == "k2"  # whose turn it was stays theirs
    assert refused("encounter.reorder", encounter=state, order=["k2"])["field"] == "order"


def test_an_encounter_needs_an_id_and_a_name_it_can_keep():
    response = api.handle({"op": "encounter.start", "args": {"id": "  ", "name": "Fight", "game": "coc"}})
    assert response["error"]["field"] == "encounter.id"
    response = api.handle({"op": "encounter.start", "args": {"id": "e", "name": "x" * 101, "game": "coc"}})
    assert response["error"]["field"] == "encounter.name"


def test_a_campaigns_encounters_have_unique_ids():
    from py_rules.encounter.examples import EXAMPLE
    from py_rules.encounter.state import validate_encounters

    assert validate_encounters([EXAMPLE, {**EXAMPLE, "id": "enc-2"}]) == []
    assert [p["path"] for p in validate_encounters([EXAMPLE, EXAMPLE])] == ["encounters.1.id"]
