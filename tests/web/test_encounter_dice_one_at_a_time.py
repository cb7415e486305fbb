"""Physical dice one at a time on the encounter screen (TABLE.md, "Physical dice, one at a time"): the encounter's
own steps (End the round, Next, Time passes) ask for each die when the rules need it, as the roll drawer does,
named in the game's words, in view and focused, with the dice answered so far listed; nothing is stored until
the step completes; a face left empty or not on the die is refused next to it, in view. Seed 002, Dying (a d10
each round, 10 stabilises, else an endurance check) and seed 000, Dying (a Survival Test every minute).
Screenshots of the asked die go to test-results/encounter-dice/ at 768 × 1024 and 390 × 844."""

import copy
from pathlib import Path

import pytest
from playwright.sync_api import expect

from py_rules.armageddon.character import EXAMPLE as JACK
from py_rules.semiautomagic.creature import EXAMPLE_HUMAN
from tests.door import answer
from tests.web.helpers import stored_campaigns, stored_log
from tests.web.test_encounter_steps import named, seed, summary

pytestmark = pytest.mark.shared_app  # one booted page for the module, emptied before each test (conftest.py, app)

SHOTS = Path(__file__).resolve().parents[2] / "test-results" / "encounter-dice"


def controls(page):
    return page.locator(".encounter-controls")


def physical(page):
    controls(page).get_by_text("Physical dice", exact=True).click()


def answer_encounter_dice(page, faces):
    """Answer each die the encounter controls ask for with the next of ``faces`` (typed, then Enter); the names
    of the dice asked, in order. Each asked die is in view (above the turn bar) and focused."""
    box = controls(page)
    die = box.locator('.asked-die input[name="die"]')
    names = []
    for face in faces:
        expect(die).to_be_focused()
        expect(die).to_be_in_viewport()
        position = box.locator(".asked-die").get_attribute("data-asked-die")
        names.append(box.locator(".asked-die label").inner_text())
        die.fill(str(face))
        die.press("Enter")
        expect(box.locator(f'.asked-die[data-asked-die="{position}"]')).to_have_count(0)
    return names


def clear_of_the_bar(page, selector):
    """Whether ``selector`` is wholly above the turn bar fixed at the bottom."""
    return page.evaluate(
        """(selector) => {
      const node = document.querySelector(selector).getBoundingClientRect();
      const bar = document.querySelector(".turn-bar").getBoundingClientRect();
      return node.top >= 0 && node.bottom <= bar.top + 0.5;
    }""",
        selector,
    )


def dying_grub():
    return answer("semiautomagic.apply_damage", creature=named(EXAMPLE_HUMAN, "Grub"), damage="9")["state"]


def test_the_end_of_a_round_asks_each_dying_die_and_refuses_a_wrong_face_in_view(app):
    page = app
    page.set_viewport_size({"width": 390, "height": 844})
    campaign_id, _ = seed(page, "semiautomagic", {"m": named(EXAMPLE_HUMAN, "Mira"), "g": dying_grub()}, order=False)
    physical(page)
    controls(page).locator('[data-step="end_round"]').click()  # no faces typed
    box = controls(page)
    asked = box.locator(".asked-die")
    expect(asked.locator("label")).to_have_text("Stabilisation (10 stabilises) (d10)")
    expect(box.locator("[data-asked-for]")).to_contain_text("End the round now:")
    die = asked.locator('input[name="die"]')
    expect(die).to_be_focused()
    expect(die).to_be_in_viewport()
    assert clear_of_the_bar(page, ".encounter-controls .asked-die")
    assert stored_log(page, campaign_id) == []  # nothing is stored while a die is asked
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "stabilisation-asked-390x844.png"))

    page.locator("[data-next]").click()  # the turn bar's Next with the die left empty: asked again, in view
    error = asked.locator(".field-error")
    expect(error).to_have_text("Type the face of the die you rolled for Stabilisation (10 stabilises) (d10) (1–10).")
    expect(error).to_be_in_viewport()
    expect(die).to_be_focused()
    die.fill("11")
    die.press("Enter")
    expect(error).to_have_text("A d10 shows 1 to 10, not 11.")
    expect(error).to_be_in_viewport()
    assert clear_of_the_bar(page, ".encounter-controls .asked-die .field-error")
    assert stored_log(page, campaign_id) == []

    assert answer_encounter_dice(page, [3]) == ["Stabilisation (10 stabilises) (d10)"]
    expect(asked.locator("label")).to_have_text(
        "Dying endurance check (DC 4) (d6)"
    )  # asked only now: the d10 was no 10
    expect(box.locator(".dice-so-far")).to_have_text("Stabilisation (10 stabilises) (d10): 3")
    page.set_viewport_size({"width": 768, "height": 1024})
    expect(die).to_be_in_viewport()
    page.screenshot(path=str(SHOTS / "endurance-asked-768x1024.png"))
    page.set_viewport_size({"width": 390, "height": 844})
    box.locator("[data-answer-die]").click()  # Next beside the die, left empty: refused in view too
    expect(error).to_contain_text("Type the face of the die you rolled for Dying endurance check")
    die.fill("5")
    box.locator("[data-answer-die]").click()

    expect(summary(page).locator(".happened-line")).to_have_text("Round 2: Mira's turn")
    expect(summary(page).locator(".happened-decided")).to_contain_text(
        "Grub: Dying: d10 3 (needs 10 to stabilise), Endurance check"
    )
    expect(asked).to_have_count(0)
    expect(box.locator('input[name="dice"]')).to_have_value("")  # the faces are not kept
    [entry] = stored_log(page, campaign_id)
    assert entry["op"] == "encounter.end_round"
    assert [throw["face"] for throw in entry["result"]["dice"]] == [3, 5]

    # faces typed up front go first: a 10 stabilises, and only the hours until waking are asked
    box.locator('input[name="dice"]').fill("10")
    box.locator('[data-step="end_round"]').click()
    expect(asked.locator("label")).to_have_text("Hours until waking (1d4 per wound) (d4)")
    expect(box.locator(".dice-so-far")).to_have_text("Typed first: 10")
    assert answer_encounter_dice(page, [2]) == ["Hours until waking (1d4 per wound) (d4)"]
    expect(summary(page).locator(".happened-decided")).to_contain_text(
        "Grub: Dying: d10 10 — stabilised; Unconscious: 2 hours left"
    )
    assert [throw["face"] for throw in stored_log(page, campaign_id)[-1]["result"]["dice"]] == [10, 2]


def test_next_at_the_end_of_the_round_asks_the_dying_die_and_stop_takes_no_step(app):
    page = app
    page.set_viewport_size({"width": 768, "height": 1024})
    campaign_id, _ = seed(page, "semiautomagic", {"m": named(EXAMPLE_HUMAN, "Mira"), "g": dying_grub()}, order=False)
    physical(page)
    next_button = page.locator("[data-next]")
    next_button.click()  # Mira → Grub: no dice
    expect(page.locator(".turn-now .whose")).to_have_text("Grub’s turn")
    next_button.click()  # the round ends: Grub's dying roll is asked
    box = controls(page)
    expect(box.locator(".asked-die label")).to_have_text("Stabilisation (10 stabilises) (d10)")
    box.locator("[data-stop-dice]").click()  # not taken: nothing stored, still Grub's turn
    expect(box.locator(".asked-die")).to_have_count(0)
    expect(page.locator(".turn-now .whose")).to_have_text("Grub’s turn")
    assert len(stored_log(page, campaign_id)) == 1
    next_button.click()
    assert answer_encounter_dice(page, [10, 4]) == [
        "Stabilisation (10 stabilises) (d10)",
        "Hours until waking (1d4 per wound) (d4)",
    ]
    expect(page.locator(".turn-now .round")).to_have_text("Round 2")
    expect(summary(page).locator(".happened-decided")).to_contain_text(
        "Grub: Dying: d10 10 — stabilised; Unconscious: 4 hours left"
    )
    entries = stored_log(page, campaign_id)
    assert [each["op"] for each in entries] == ["encounter.next", "encounter.next"]
    assert [throw["face"] for throw in entries[-1]["result"]["dice"]] == [10, 4]


def test_time_passing_for_the_dying_asks_each_survival_test(app):
    page = app
    page.set_viewport_size({"width": 390, "height": 844})
    jake = answer("armageddon.apply_damage", character=named(JACK, "Jake Rourke"), amount="42", dice=[1, 9, 9])["state"]
    campaign_id, _ = seed(page, "armageddon", {"j": jake, "a": named(JACK, "Ann")}, order=False)
    physical(page)
    panel = page.locator(".time-passes")
    panel.locator("summary").click()
    panel.locator('input[name="time-amount"]').fill("2")
    panel.locator('[data-step="skip_time"]').click()
    page.locator("dialog.confirm").get_by_role("button", name="Let the time pass").click()
    box = controls(page)
    expect(box.locator(".asked-die label")).to_have_text("Survival Test no. 2 (d10)")
    expect(box.locator("[data-asked-for]")).to_contain_text("Time passes:")
    page.screenshot(path=str(SHOTS / "survival-test-asked-390x844.png"))
    assert stored_log(page, campaign_id) == []
    assert answer_encounter_dice(page, [9]) == ["Survival Test no. 2 (d10)"]
    expect(box.locator(".dice-so-far")).to_have_text("Survival Test no. 2 (d10): 9")
    page.set_viewport_size({"width": 768, "height": 1024})
    page.screenshot(path=str(SHOTS / "survival-test-asked-768x1024.png"))
    assert answer_encounter_dice(page, [9]) == ["Survival Test no. 3 (d10)"]
    expect(summary(page).locator(".happened-line")).to_have_text("2 minutes pass")
    expect(summary(page).locator(".happened-decided")).to_contain_text("Jake Rourke: Survival Test 2: 13 vs 9 — passed")
    [entry] = stored_log(page, campaign_id)
    assert entry["op"] == "encounter.skip_time" and [throw["face"] for throw in entry["result"]["dice"]] == [9, 9]
    jake_after = [each for each in stored_campaigns(page)[0]["characters"] if each["id"] == "j"][0]["sheet"]
    assert jake_after != copy.deepcopy(jake)  # the sheet changed with the step, once


def test_next_passing_over_the_dying_asks_the_dice_of_the_round_it_ends(app):
    """Next with "skip anyone who cannot act": Mira's Next passes over dying Grub and ends the round, one step; the
    dice it needs are asked across its passes, and a face typed up front that no pass needs is refused."""
    page = app
    page.set_viewport_size({"width": 768, "height": 1024})
    campaign_id, _ = seed(page, "semiautomagic", {"m": named(EXAMPLE_HUMAN, "Mira"), "g": dying_grub()}, order=False)
    page.locator('input[name="skip-unable"]').check()
    physical(page)
    box = controls(page)
    page.locator("[data-next]").click()
    expect(box.locator(".asked-die label")).to_have_text("Stabilisation (10 stabilises) (d10)")
    assert answer_encounter_dice(page, [3, 5]) == [
        "Stabilisation (10 stabilises) (d10)",
        "Dying endurance check (DC 4) (d6)",
    ]
    expect(summary(page).locator(".happened-line")).to_have_text("Round 2: Mira's turn")
    expect(summary(page)).to_contain_text("Grub skipped")
    [entry] = stored_log(page, campaign_id)
    assert entry["op"] == "encounter.next" and [throw["face"] for throw in entry["result"]["dice"]] == [3, 5]
    box.locator('input[name="dice"]').fill("3 5 6")  # one face more than the round needs: refused, nothing stored
    page.locator("[data-next]").click()
    expect(box.locator(".dice-field .field-error")).to_contain_text("not needed: 6")
    assert len(stored_log(page, campaign_id)) == 1
