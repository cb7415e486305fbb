"""Call of Cthulhu through the page (issue 5): an attack with a dodge, a Sanity roll, shared sheets, errors."""

import json

from playwright.sync_api import expect

from tests.web.helpers import field_error, fill, open_op, run


def sheet(app, op_id="coc.skill_roll"):
    form = open_op(app, op_id)
    return json.loads(form.locator('[name="investigator"]').input_value())


def test_coc_catalog_lists_c1_to_c22(app):
    open_op(app, "coc.attack")
    options = app.locator("#op-select option").all_inner_texts()
    text = " ".join(options)
    for number in range(1, 23):
        assert f"C{number}" in text, f"C{number} missing"


def test_attack_with_a_dodge_then_a_sanity_roll(app):
    # Harvey (Brawl 40) punches the Cultist (Dodge 27): 30 Regular vs 10 Hard → the dodge wins
    text = run(app, "coc.attack", {"weapon": "Brawl", "defence": "dodge", "dice": "0 30 0 10"})
    assert "Cultist dodges: the attack misses" in text
    assert "30 vs Fighting (Brawl) 40" in text and "10 vs Dodge 27" in text
    assert "A combat roll cannot be pushed" in text

    # the page carries the Cultist's sheet too: he has dodged once this round, so this melee attack gets a
    # bonus die (Outnumbered); 35 Regular vs a failed dodge of 90, 1D3 = 2 damage
    form = open_op(app, "coc.attack")
    cultist_hp = json.loads(form.locator('[name="opponent"]').input_value())["hp"]
    text = run(app, "coc.attack", {"weapon": "Brawl", "defence": "dodge", "dice": "5 30 30 0 90 2"})
    assert "this melee attack gets one bonus die" in text
    assert "Harvey Walters hits Cultist for 2" in text
    # both sides changed: the opponent's sheet in every form now holds the damage
    assert json.loads(open_op(app, "coc.opposed_roll").locator('[name="opponent"]').input_value())["hp"] == cultist_hp - 2

    # Sanity 0/1D6 against SAN 60: 80 fails, the Keeper takes the next action, 5 lost → INT roll 25 → 7 hours
    text = run(app, "coc.sanity_roll", {"loss": "0/1D6", "dice": "0 80 5 5 20 7"})
    assert "Keeper briefly controls the next action" in text
    assert "SAN 60 − 5 = 55" in text
    assert "temporarily insane for 1D10 = 7 hours" in text

    state = sheet(app)
    assert state["san"] == 55 and state["temporary_insanity_hours"] == 7
    assert state["conditions"]["involuntary_action"] is True


def test_pushing_a_combat_roll_is_refused_in_the_page(app):
    run(app, "coc.attack", {"defence": "dodge", "dice": "0 90 0 90"})
    form = open_op(app, "coc.push_roll")
    fill(form, {"justification": "again"})
    form.locator("button[type=submit]").click()
    expect(field_error(form, "investigator")).to_contain_text("You can't push a combat roll")


def test_skill_roll_with_a_bonus_die_and_typed_dice(app):
    text = run(app, "coc.d100", {"bonus": 1, "value": 40, "dice": "5 60 10"})
    assert "Total 15 vs 40: success — Hard success" in text


def test_skill_above_100_shows_an_error_next_to_the_sheet(app):
    form = open_op(app, "coc.skill_roll")
    state = json.loads(form.locator('[name="investigator"]').input_value())
    state["skills"]["Spot Hidden"] = 101
    fill(form, {"investigator": json.dumps(state)})
    form.locator("button[type=submit]").click()
    expect(field_error(form, "investigator")).to_contain_text("between 0 and 100")
    expect(app.locator("#results > li")).to_have_count(0)


def test_damage_then_first_aid_on_the_same_sheet(app):
    run(app, "coc.apply_damage", {"amount": 3})
    text = run(app, "coc.first_aid", {"skill": 50, "dice": "0 20"})
    assert "+1 HP, 9 → 10" in text
    assert sheet(app)["hp"] == 10
