"""Physical dice one at a time (TABLE.md, Running the game): the drawer asks for each die when the rules need it,
named in the game's words, and calls the engine again with the faces so far. A Call of Cthulhu Sanity loss of 5 or
more asks for the INT roll only after the loss (seed 003, Sanity); an Armageddon character dying at −10 LP or less
is asked for each minute's Survival Test die (seed 000, Dying); a die left empty is asked again in view. Screenshots
of the drawer asking go to test-results/physical/ at 768 × 1024 and 390 × 844.

Each campaign is put straight into storage, its sheet the one the guided form makes (tests/web/guided_sheets.py)."""

import uuid
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.web.guided_sheets import armageddon_character, investigator
from tests.web.helpers import answer_dice, campaign_record, open_stored, roll, stored_campaigns, stored_log

pytestmark = pytest.mark.shared_app  # one booted page for the module, emptied before each test (conftest.py, app)

SHOTS = Path(__file__).resolve().parents[2] / "test-results" / "physical"


def on_the_sheet(page, name: str, game: str, sheet: dict) -> str:
    """The campaign ``name`` with ``sheet`` alone in its party, stored and opened on that sheet; its id."""
    campaign_id = f"c-{uuid.uuid4().hex[:12]}"  # a new one each time, as the app makes it: no verdict kept for it
    open_stored(page, campaign_record(campaign_id, name, game, {"ch-1": sheet}), f"#/c/{campaign_id}/sheet/ch-1")
    expect(page.locator("#sheet-title")).to_have_text(sheet["name"])
    return campaign_id


def physical(drawer):
    drawer.get_by_text("Physical dice", exact=True).click()


def test_a_sanity_loss_of_5_or_more_asks_for_the_int_roll_after_the_loss(app):
    page = app
    page.set_viewport_size({"width": 390, "height": 844})
    campaign_id = on_the_sheet(page, "Horror", "coc", investigator("Harvey", POW=60, INT=80))
    page.locator('[data-row="san"]').click()
    drawer = page.locator(".drawer")
    drawer.locator('input[name="loss"]').fill("1/1D6")
    physical(drawer)
    drawer.locator("button.roll").click()
    asked = drawer.locator(".asked-die")
    expect(asked.locator("label")).to_have_text("Sanity roll (d100) — units die")
    expect(drawer.locator("button.roll")).to_have_text("Next die")  # the turn bar alone says "Next"
    assert stored_log(page, campaign_id) == []  # nothing is stored while dice are asked
    names = answer_dice(page, [9, 90, 6])  # SAN 60: 99 fails; the loss die shows 6
    assert names == ["Sanity roll (d100) — units die", "Sanity roll (d100) — tens die", "Sanity loss (d6)"]
    expect(asked.locator("label")).to_contain_text("INT roll")  # asked only now: the loss was 6
    expect(drawer.locator(".dice-so-far")).to_contain_text("Sanity loss (d6): 6")
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "int-roll-asked-390x844.png"))
    assert answer_dice(page, [0, 90]) == ["INT roll (d100) — units die", "INT roll (d100) — tens die"]  # 90 > INT 80
    result = drawer.locator("[data-result]")
    expect(result).to_contain_text("Harvey loses 6 Sanity (60 → 54)")
    expect(result).to_contain_text("stays sane")
    # the headline names both rolls with their outcomes: the loss, then the INT roll
    expect(result.locator(".headline")).to_have_text("Sanity roll 99 vs 60 — Failure: loses 6 Sanity (60 → 54)")
    expect(result.locator(".headline-more li")).to_have_text(
        ["INT roll 90 vs 80 — Failure: the mind closes to the horror, stays sane"]
    )
    page.screenshot(path=str(SHOTS / "sanity-headline-390x844.png"))
    page.set_viewport_size({"width": 768, "height": 1024})
    page.screenshot(path=str(SHOTS / "sanity-headline-768x1024.png"))
    page.set_viewport_size({"width": 390, "height": 844})
    expect(asked).to_have_count(0)
    harvey = stored_campaigns(page)[0]["characters"][0]["sheet"]
    assert harvey["san"] == 54
    [entry] = stored_log(page, campaign_id)
    assert [throw["face"] for throw in entry["result"]["dice"]] == [9, 90, 6, 0, 90]


def test_an_armageddon_time_skip_on_a_dying_character_asks_for_the_survival_test(app):
    page = app
    page.set_viewport_size({"width": 768, "height": 1024})
    on_the_sheet(page, "Dying", "armageddon", armageddon_character("Jack", Strength=3, Constitution=3))  # 34 LP
    page.locator('.quick-actions [data-action="damage"]').click()
    drawer = page.locator(".drawer")
    drawer.locator('input[name="amount"]').fill("46")  # 34 → −12 LP: dying
    physical(drawer)
    drawer.locator("button.roll").click()
    confirm = page.locator("dialog.confirm")  # 46 damage is more than his 34 LP: asked first
    confirm.get_by_role("button", name="Apply", exact=True).click()
    first = answer_dice(page, [9])
    assert first and "Test" in first[0]  # the tests the blow calls for, each asked as it comes
    while drawer.locator(".asked-die").count():
        answer_dice(page, [9])
    expect(drawer.locator("[data-result]")).to_contain_text("dying")
    drawer.get_by_role("button", name="Done").click()
    page.locator('.quick-actions [data-action="time"]').click()
    expect(drawer.get_by_role("radio", name="Physical dice")).to_be_checked()  # remembered for this campaign
    drawer.locator('input[name="minutes"]').fill("2")
    drawer.locator("button.roll").click()
    confirm = page.locator("dialog.confirm")  # a time skip that rolls Survival Tests asks first
    expect(confirm).to_contain_text("Jack is dying: 2 minutes will roll")
    confirm.get_by_role("button", name="Let the time pass", exact=True).click()
    asked = drawer.locator(".asked-die")
    expect(asked.locator("label")).to_contain_text("Survival Test")
    expect(asked.locator("label")).to_contain_text("(d10)")
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "survival-test-asked-768x1024.png"))
    names = [answer_dice(page, [9])[0]]
    while drawer.locator(".asked-die").count():
        names += answer_dice(page, [9])
    assert all("Survival Test" in name for name in names), names
    expect(drawer.locator("[data-result]")).to_contain_text("Survival Test")


def test_a_missing_die_is_asked_in_view_and_next_never_does_nothing(app):
    page = app
    page.set_viewport_size({"width": 390, "height": 844})
    campaign_id = on_the_sheet(page, "Missing", "coc", investigator("Harvey", {"Spot Hidden": 60}, CON=50, SIZ=50))
    page.locator('[data-row="skill-Spot Hidden"]').click()
    drawer = page.locator(".drawer")
    physical(drawer)
    drawer.locator('input[name="dice"]').fill("5")  # the units die typed first; the tens die is asked
    drawer.locator("button.roll").click()
    die = drawer.locator('.asked-die input[name="die"]')
    expect(drawer.locator(".asked-die label")).to_have_text("Spot Hidden roll (d100) — tens die")
    expect(die).to_be_focused()
    expect(die).to_be_in_viewport()
    drawer.locator("button.roll").click()  # Next with the die left empty: asked again, in view, never a no-op
    error = drawer.locator(".asked-die .field-error")
    expect(error).to_contain_text("Type the face of the die you rolled for Spot Hidden roll (d100) — tens die")
    expect(error).to_be_in_viewport()
    expect(die).to_be_focused()
    expect(drawer.locator("button.roll")).to_be_in_viewport(ratio=1)
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "die-missing-390x844.png"))
    die.fill("7")  # not a face of a tens die
    die.press("Enter")
    expect(error).to_contain_text("shows 0, 10, 20, … 90, not 7")
    assert stored_log(page, campaign_id) == []
    die.fill("20")
    die.press("Enter")
    expect(drawer.locator("[data-result]")).to_contain_text("Rolled 25 against 60 — Hard success")
    # the faces are not kept: rolling again asks from the first die
    drawer.get_by_role("button", name="Close the roll drawer").click()
    page.locator('[data-row="skill-Spot Hidden"]').click()
    expect(drawer.locator('input[name="dice"]')).to_have_value("")
    drawer.locator("button.roll").click()
    expect(drawer.locator(".asked-die label")).to_have_text("Spot Hidden roll (d100) — units die")
    page.set_viewport_size({"width": 768, "height": 1024})
    page.screenshot(path=str(SHOTS / "units-die-asked-768x1024.png"))


def test_a_push_refused_as_already_pushed_leaves_no_live_roll_button(app):
    """Seed 003, Pushing a Roll: a roll is pushed once. When another tab pushed the roll first, this drawer's Push
    is refused in words that allow no further roll, and only Done is left (no Roll button as if it could)."""
    page = app
    on_the_sheet(page, "Pushed", "coc", investigator("Harvey", {"Spot Hidden": 60}, CON=50, SIZ=50))
    page.locator('[data-row="skill-Spot Hidden"]').click()
    drawer = page.locator(".drawer")
    assert "Failure" in roll(page, faces="5 80")
    drawer.locator(".follow-ups").get_by_role("button", name="Push the roll").click()
    drawer.locator('[name="justification"]').fill("I search the desk again")
    other = page.context.new_page()  # another tab rolls again, fails, and pushes that roll (it fails too)
    other.goto(page.url)
    expect(other.locator("html")).to_have_attribute("data-ready", "true", timeout=120_000)
    other.locator('[data-row="skill-Spot Hidden"]').click()
    assert "Failure" in roll(other, faces="5 70")
    other.locator(".drawer .follow-ups").get_by_role("button", name="Push the roll").click()
    assert "Failure" in roll(other, faces="5 90", fields={"justification": "once more with feeling"})
    other.close()
    expect(page.get_by_text("Updated from another tab.").first).to_be_visible()  # this tab heard of the change
    assert stored_campaigns(page)[0]["characters"][0]["sheet"]["last_roll"]["pushed"] is True
    drawer.locator('input[name="dice"]').fill("5 20")
    drawer.locator("button.roll").click()
    error = drawer.locator(".drawer-error")
    expect(error).to_have_text("This roll was already pushed: a pushed roll can't be pushed again.")
    expect(drawer.locator("button.roll")).to_have_count(0)
    expect(drawer.get_by_role("button", name="Done")).to_be_visible()
