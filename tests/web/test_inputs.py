"""Inputs that cannot hurt (TABLE.md, "No default that can hurt"): no damage is pre-filled, a field's
text is selected on focus so typing replaces it, a change beyond the character's pool asks first, a second tap
cannot apply a result twice, a failed push offers no further push, and the dice choice is remembered per
campaign. Screenshots of the drawer at 768 × 1024 and 390 × 844 go to test-results/inputs/.

Campaigns are put straight into storage (the sheets made by the engine as the guided form makes them) and opened on
the character's sheet."""

import uuid
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.web.guided_sheets import armageddon_character, investigator, semiautomagic_creature
from tests.web.helpers import campaign_record, open_stored, roll, stored_campaigns, stored_log

pytestmark = pytest.mark.shared_app  # one booted page for the module, emptied before each test (conftest.py, app)

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "test-results" / "inputs"


def sheet_of(page, campaign_id, name):
    record = next(c for c in stored_campaigns(page) if c["id"] == campaign_id)
    return next(c["sheet"] for c in record["characters"] if c["sheet"]["name"] == name)


def applied(page, campaign_id, op):
    return [entry for entry in stored_log(page, campaign_id) if entry["op"] == op]


def type_like_a_hand(page, field, text):
    """Tap the field, then type key by key (no fill: what a user's tap and keypad do)."""
    field.click()
    page.keyboard.type(text)


JACK = armageddon_character("Jack", Strength=5, Constitution=5)  # 50 LP
HARVEY = investigator("Harvey", {"Spot Hidden": 60}, CON=50, SIZ=50)  # 10 HP


def on_sheet(page, name, game, sheet):
    """A campaign ``name`` of ``game`` with ``sheet`` alone in its party, stored, with the sheet open; the campaign
    id (a new one each time, as the app makes it)."""
    campaign_id = f"c-{uuid.uuid4().hex[:12]}"
    open_stored(page, campaign_record(campaign_id, name, game, {"ch-1": sheet}), f"#/c/{campaign_id}/sheet/ch-1")
    expect(page.locator("#sheet-title")).to_have_text(sheet["name"])
    return campaign_id


def a_harvey(page, name="Masks"):
    """A Call of Cthulhu campaign with Harvey (HP 10, Spot Hidden 60) and his sheet open; the campaign id."""
    return on_sheet(page, name, "coc", HARVEY)


def test_typing_30_in_a_damage_field_deals_30(app):
    page = app
    campaign_id = on_sheet(page, "Typing", "armageddon", JACK)
    page.locator('.quick-actions [data-action="damage"]').click()
    drawer = page.locator(".drawer")
    amount = drawer.locator('input[name="amount"]')
    expect(amount).to_have_value("")  # nothing pre-filled that changes the sheet
    type_like_a_hand(page, amount, "5")
    page.locator("#drawer-title").click()  # away, then back: the 5 is selected and typing replaces it
    type_like_a_hand(page, amount, "30")
    expect(amount).to_have_value("30")
    drawer.locator("button.roll").click()
    expect(drawer.locator("[data-result]")).to_contain_text("Jack loses 30 LP (50 → 20)")
    assert sheet_of(page, campaign_id, "Jack")["current"]["life_points"] == 20
    page.get_by_role("button", name="Done").click()
    expect(drawer).to_have_count(0)

    # the sheet's edit form too: a tap on Strength then "4" is 4, not 54
    page.get_by_role("button", name="Edit values").click()
    strength = page.locator('form.sheet-editor input[name="attributes.Strength"]')
    type_like_a_hand(page, strength, "4")
    expect(strength).to_have_value("4")
    name = page.locator('form.sheet-editor input[name="name"]')
    type_like_a_hand(page, name, "Jack Hawk")
    expect(name).to_have_value("Jack Hawk")


def test_an_empty_damage_field_refuses_with_a_message_in_view_and_changes_nothing(app):
    page = app
    page.set_viewport_size({"width": 390, "height": 844})
    campaign_id = on_sheet(page, "Empty", "semiautomagic", semiautomagic_creature("Mira"))
    before = next(c for c in stored_campaigns(page) if c["id"] == campaign_id)
    page.locator('.quick-actions [data-action="damage"]').click()
    drawer = page.locator(".drawer")
    expect(drawer.locator('input[name="damage"]')).to_have_value("")
    drawer.locator("button.roll").click()
    error = drawer.locator(".field", has=page.locator('input[name="damage"]')).locator(".field-error")
    expect(error).to_have_text("Damage: this is needed.")
    expect(error).to_be_in_viewport()
    expect(drawer.locator(".roll-missing")).to_be_visible()
    expect(drawer.locator("button.roll")).to_be_in_viewport(ratio=1)
    expect(drawer.locator('input[name="damage"]')).to_be_focused()
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "drawer-missing-390x844.png"))
    expect(drawer.locator("[data-result]")).to_have_count(0)
    assert next(c for c in stored_campaigns(page) if c["id"] == campaign_id) == before
    assert stored_log(page, campaign_id) == []
    # typing it clears the footer's note; the roll then goes through
    drawer.locator('input[name="damage"]').fill("2")
    expect(drawer.locator(".roll-missing")).to_have_count(0)


def test_a_damage_beyond_the_pool_asks_first_cancel_changes_nothing_apply_applies(app):
    page = app
    page.set_viewport_size({"width": 768, "height": 1024})
    campaign_id = a_harvey(page)
    page.locator('.quick-actions [data-action="damage"]').click()
    drawer = page.locator(".drawer")
    type_like_a_hand(page, drawer.locator('input[name="amount"]'), "30")
    drawer.locator("button.roll").click()
    dialog = page.get_by_role("dialog", name="Apply 30 damage?")
    expect(dialog).to_contain_text("30 damage is more than Harvey's 10 hit points: Harvey will drop to 0 HP")
    expect(dialog).to_contain_text("Apply it?")
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "drawer-asks-768x1024.png"))
    dialog.get_by_role("button", name="Cancel").click()
    expect(dialog).to_have_count(0)
    expect(drawer.locator("[data-result]")).to_have_count(0)
    assert sheet_of(page, campaign_id, "Harvey")["hp"] == 10
    assert applied(page, campaign_id, "coc.apply_damage") == []

    drawer.locator("button.roll").click()
    page.get_by_role("dialog", name="Apply 30 damage?").get_by_role("button", name="Apply").click()
    expect(drawer.locator("[data-result]")).to_contain_text("Harvey loses 10 HP (10 → 0)")
    assert sheet_of(page, campaign_id, "Harvey")["hp"] == 0
    assert len(applied(page, campaign_id, "coc.apply_damage")) == 1


HOLD_CALLS = """() => {
    // the engine's calls wait here until released: the first roll is still running, however fast the engine is
    window.__postMessage = Worker.prototype.postMessage;
    window.__held = [];
    Worker.prototype.postMessage = function (message, ...rest) {
        if (message?.type === "call") window.__held.push([this, message, rest]);
        else window.__postMessage.call(this, message, ...rest);
    };
}"""
RELEASE_THEN_TAP = """async () => {
    // the calls go on; the moment the result shows, two more taps (a double tap's second half lands just after)
    Worker.prototype.postMessage = window.__postMessage;
    for (const [worker, message, rest] of window.__held.splice(0)) worker.postMessage(message, ...rest);
    while (!document.querySelector(".drawer [data-result]")) await new Promise(requestAnimationFrame);
    const button = document.querySelector(".drawer button.roll");
    button.click();
    button.click();
}"""
UNHOLD = "() => { if (window.__postMessage) Worker.prototype.postMessage = window.__postMessage; }"


def test_two_quick_taps_on_roll_apply_once_and_roll_again_needs_its_own_tap(app):
    page = app
    campaign_id = a_harvey(page)
    page.locator('.quick-actions [data-action="damage"]').click()
    drawer = page.locator(".drawer")
    drawer.locator('input[name="amount"]').fill("2")
    page.evaluate(HOLD_CALLS)
    try:
        drawer.locator("button.roll").dblclick()  # the second tap lands while the first is running
        drawer.locator("button.roll").evaluate("button => { button.click(); button.click(); }")  # and two more
        expect(drawer.locator("button.roll")).to_have_text("Rolling…")
        assert page.evaluate("window.__held.length") >= 1, "the first roll is waiting for the engine"
        page.evaluate(RELEASE_THEN_TAP)  # …or just after it
    finally:
        page.evaluate(UNHOLD)
    expect(drawer.locator("[data-result]")).to_contain_text("Harvey loses 2 HP (10 → 8)")
    expect(page.locator(".sheet .character-card")).to_contain_text("8/10")
    page.wait_for_timeout(300)
    assert sheet_of(page, campaign_id, "Harvey")["hp"] == 8
    assert len(applied(page, campaign_id, "coc.apply_damage")) == 1
    # the result is applied: the drawer offers Done and a Roll again that needs a deliberate tap
    again = drawer.get_by_role("button", name="Roll again")
    done = drawer.get_by_role("button", name="Done")
    expect(again).to_be_visible()
    expect(done).to_be_in_viewport(ratio=1)
    for size, name in (((768, 1024), "768x1024"), ((390, 844), "390x844")):
        page.set_viewport_size({"width": size[0], "height": size[1]})
        expect(done).to_be_in_viewport(ratio=1)
        expect(again).to_be_in_viewport(ratio=1)
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / f"drawer-done-{name}.png"))
    page.wait_for_timeout(800)
    again.click()
    expect(drawer.locator("[data-result]")).to_contain_text("Harvey loses 2 HP (8 → 6)")
    assert len(applied(page, campaign_id, "coc.apply_damage")) == 2
    done.click()
    expect(drawer).to_have_count(0)

    # a roll that changes nothing can be rolled again at once
    page.locator('[data-row="skill-Spot Hidden"]').click()
    assert "Rolled 85 against 60 — Failure" in roll(page, faces="5 80")
    expect(drawer.get_by_role("button", name="Roll with your dice", exact=True)).to_be_enabled()
    expect(drawer.get_by_role("button", name="Done")).to_have_count(0)
    assert "Rolled 25 against 60 — Hard success" in roll(page, faces="5 20")


def test_after_a_failed_push_no_further_push_is_offered(app):
    page = app
    campaign_id = a_harvey(page)
    page.locator('[data-row="skill-Spot Hidden"]').click()
    drawer = page.locator(".drawer")
    roll(page, faces="5 80")
    drawer.locator(".follow-ups").get_by_role("button", name="Push the roll").click()
    expect(page.locator("#drawer-title")).to_have_text("Push the roll")
    expect(drawer.locator("button.roll")).to_have_text("Push")
    text = roll(page, faces="5 90", fields={"justification": "I tear the room apart"})
    assert "Rolled 95 against 60 — Failure" in text
    expect(drawer.get_by_role("button", name="Push the roll")).to_have_count(0)
    expect(drawer.locator("button.roll")).to_have_count(0)  # no Roll button that would push again
    expect(drawer.locator(".roll-done")).to_contain_text("a roll can be pushed only once")
    expect(drawer.locator(".drawer-foot")).not_to_contain_text("once more")
    expect(drawer.get_by_role("button", name="Done")).to_be_visible()
    assert sheet_of(page, campaign_id, "Harvey")["last_roll"]["pushed"] is True
    page.get_by_role("button", name="Done").click()
    expect(drawer).to_have_count(0)


def test_physical_dice_stay_chosen_in_the_next_drawer_and_after_a_reload(app):
    page = app
    a_harvey(page)
    page.locator('[data-row="skill-Spot Hidden"]').click()
    drawer = page.locator(".drawer")
    drawer.get_by_text("Physical dice", exact=True).click()
    page.get_by_role("button", name="Close the roll drawer").click()
    page.locator('.quick-actions [data-action="damage"]').click()
    expect(drawer.get_by_role("radio", name="Physical dice")).to_be_checked()
    expect(drawer.locator('input[name="dice"]')).to_have_value("")  # the faces are never kept
    page.get_by_role("button", name="Close the roll drawer").click()
    page.reload()
    expect(page.locator("html")).to_have_attribute("data-ready", "true", timeout=120_000)
    page.locator('[data-row="char-STR"]').click()
    expect(drawer.get_by_role("radio", name="Physical dice")).to_be_checked()
    # back to digital is remembered too; another campaign keeps its own choice
    drawer.get_by_text("Digital", exact=True).click()
    page.get_by_role("button", name="Close the roll drawer").click()
    page.locator('[data-row="char-STR"]').click()
    expect(drawer.get_by_role("radio", name="Digital")).to_be_checked()
    drawer.get_by_text("Physical dice", exact=True).click()
    page.get_by_role("button", name="Close the roll drawer").click()
    a_harvey(page, "Another")
    page.locator('[data-row="char-STR"]').click()
    expect(drawer.get_by_role("radio", name="Digital")).to_be_checked()


def test_damage_and_loss_written_as_dice_ask_first_with_what_the_engine_reads_them_as(app):
    page = app
    campaign_id = on_sheet(page, "Dice", "armageddon", JACK)
    page.locator('.quick-actions [data-action="damage"]').click()
    drawer = page.locator(".drawer")
    amount = drawer.locator('input[name="amount"]')
    # d6 × 10 can reach 60: the engine's reading of the roll (rules/armageddon.md §1.8 NdX × M + K) asks first
    amount.fill("d6 × 10")
    drawer.locator("button.roll").click()
    dialog = page.get_by_role("dialog", name="Apply 60 damage?")
    expect(dialog).to_contain_text(
        "d6 × 10 can come to 60 damage, more than Jack's 50 Life Points: Jack could be at −10 LP"
    )
    dialog.get_by_role("button", name="Cancel").click()
    expect(drawer.locator("[data-result]")).to_have_count(0)
    assert applied(page, campaign_id, "armageddon.apply_damage") == []
    # a text the engine cannot read asks nothing: the engine's refusal names the place, nothing changes
    amount.fill("d6 x ten")
    drawer.locator("button.roll").click()
    expect(drawer.get_by_role("alert").filter(has_text="is not a damage roll")).to_contain_text("character 6")
    expect(page.locator("dialog.confirm")).to_have_count(0)
    assert applied(page, campaign_id, "armageddon.apply_damage") == []
    # at most 48: it fits, and is rolled at once
    amount.fill("d6x8")
    drawer.locator("button.roll").click()
    expect(drawer.locator("[data-result]")).to_contain_text("Jack loses")
    assert len(applied(page, campaign_id, "armageddon.apply_damage")) == 1

    # a Sanity loss X/Y: the larger of X and Y, as the engine reads them (rules/coc.md §3.11)
    on_sheet(page, "Horror", "coc", investigator("Harvey", POW=60))  # 60 SAN
    page.locator('[data-row="san"]').click()
    drawer.locator('input[name="loss"]').fill("1D10 / 1D100")
    drawer.locator("button.roll").click()
    dialog = page.get_by_role("dialog", name="Roll the Sanity roll?")
    expect(dialog).to_contain_text("This Sanity roll can cost up to 100 SAN, more than Harvey's 60")
    dialog.get_by_role("button", name="Cancel").click()
    expect(drawer.locator("[data-result]")).to_have_count(0)
