"""Armageddon through the page (issue 3): a Fear Test, and damage then healing on the shared character."""

import json

from py_rules.armageddon.character import EXAMPLE
from tests.web.helpers import fill, open_op, run, submit

MUNDANE = dict(EXAMPLE, name="Ann", kind="mundane", essence_channeling=0)


def test_fear_test_with_typed_dice_freezes_and_costs_essence_by_the_placeholder_table(app):
    text = run(app, "armageddon.fear_test", {"character": json.dumps(MUNDANE), "penalty": -4, "dice": "2 5"})
    assert "Total 1 vs 9: failure" in text
    assert "-4 Chronicler's fear penalty" in text
    assert "Failed by 8: placeholder Fear Table row 7–8" in text
    assert "Ann freezes up for 1 Turn (5 s)." in text
    assert "Ann loses 5 Essence to fear (16 → 11)." in text
    assert "Flags: Fear table placeholder" in text
    sheet = run(app, "armageddon.character_sheet", {})
    assert "Essence 11/16" in sheet and "frozen" in sheet


def test_damage_then_heal_flows_through_the_shared_character(app):
    hurt = run(app, "armageddon.apply_damage", {"character": json.dumps(MUNDANE), "amount": "d6x4", "dice": "3"})
    assert "1d6×4: (3) × 4 = 12" in hurt
    assert "Ann loses 12 LP (30 → 18)." in hurt

    form = open_op(app, "armageddon.advance_days")
    assert json.loads(form.locator('[name="character"]').input_value())["current"]["life_points"] == 18
    fill(form, {"days": 3})
    healed = submit(app, form)
    assert "(18 → 20)" in healed and "(22 → 24)" in healed

    again = run(app, "armageddon.restore_points", {"amount": 100, "pool": "LP"})
    assert "Ann regains 6 LP from healing (24 → 30)." in again


def test_every_armageddon_operation_runs_from_its_form(app):
    """Each form, submitted as generated (example character, defaults), answers with a result or a rules message."""
    import re

    from playwright.sync_api import expect

    from py_rules import api

    ops = [op["id"] for op in api.catalog()["operations"] if op["system"] == "armageddon"]
    answered = {}
    for op_id in ops:
        form = open_op(app, op_id)
        before = app.locator("#results > li").count()
        form.locator("button[type=submit]").click()
        card = app.locator("#results > li").nth(before)
        error = form.locator(".field-error:visible, .form-error:visible")
        expect(card.or_(error).first).to_be_visible()
        if error.count():
            message = error.first.inner_text()
            assert not re.match(r"^\w+(Error|Exception)\b", message), (op_id, message)
            answered[op_id] = "rules message"
        else:
            answered[op_id] = "result"
    assert len(answered) == len(ops) >= 23
    assert answered["armageddon.system_info"] == "result" and answered["armageddon.apply_damage"] == "result"
