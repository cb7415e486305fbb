"""Semiautomagic through the page (issue 4): an attack and a hit, a dying round, a Confusion round."""

import json

from playwright.sync_api import expect

from tests.web.helpers import field_error, fill, open_op, run, submit

HUMAN = {
    "schema": "semiautomagic.creature/1", "name": "Bob", "kind": "creature", "scale": 0,
    "abilities": {"Strength": 3, "Dexterity": 3, "Endurance": 3, "Intelligence": 3, "Spirit": 3},
    "skills": {"Reflex": 1}, "defence": {"worn_armour": -3},
}


def test_catalog_lists_semiautomagic_with_covers(app):
    open_op(app, "semiautomagic.apply_damage")
    expect(app.locator("#op-select option:checked")).to_contain_text("M6")


def test_attack_hit_then_dying_round_flow_through_the_shared_creature(app):
    text = run(app, "semiautomagic.attack", {"creature": json.dumps(HUMAN), "defence": "dodge", "dice": "3 2"})
    assert "Total 6 vs 4: success — hit" in text
    assert "Defence (dodge): 3 < DC 7: failure" in text

    text = run(app, "semiautomagic.apply_damage", {"damage": "9", "damage_type": "Slashing"})
    assert "9 ≥ Toughness 9: starts dying" in text
    assert "Bob starts dying (unconscious; endurance check DC 4 every round)." in text

    form = open_op(app, "semiautomagic.dying_round")
    state = json.loads(form.locator('[name="creature"]').input_value())
    assert state["wounds"] == 1 and state["conditions"]["Dying"]["dc"] == 4
    fill(form, {"dice": "4 1"})
    text = submit(app, form)
    assert "d10 rolled 4: not stabilised (needs 10)" in text
    assert "Endurance check: d6 1 +3 (Endurance) -1 (1 wound) = 3 < DC 4: failure, DC rises to 5" in text
    assert json.loads(form.locator('[name="creature"]').input_value())["conditions"]["Dying"]["dc"] == 5


def test_confusion_round_on_the_chart(app):
    run(app, "semiautomagic.set_condition", {"creature": json.dumps(HUMAN), "condition": "Confused",
                                              "duration": 5, "unit": "rounds"})
    text = run(app, "semiautomagic.confusion_round", {"dice": "1 4 1 6 5 13"})
    assert "d20 1: Roll again, ignoring any future 1s" in text
    assert "d20 13: Hallucinates ghostly attackers and attacks empty space; flanked for the round. (screaming)" in text
    assert "Bob is confused for 4 more rounds." in text
    form = open_op(app, "semiautomagic.confusion_round")
    state = json.loads(form.locator('[name="creature"]').input_value())
    assert state["conditions"]["Confused"]["seconds"] == 54 and state["statuses"] == ["flanked", "screaming"]


def test_unknown_condition_in_the_creature_shows_an_error_next_to_it(app):
    form = open_op(app, "semiautomagic.describe_creature")
    fill(form, {"creature": json.dumps(dict(HUMAN, conditions={"Petrified": {}}))})
    form.locator("button[type=submit]").click()
    expect(field_error(form, "creature")).to_contain_text("Unknown condition 'Petrified'")
