"""The headline says what happened (TABLE.md, Running the game), in the page: a dying character's time passing
is headed by each Survival Test it ran; the encounter's step lists each effect's headline (the dying roll with its
DC, the timers left) before its trace; a Confused Semiautomagic character gets the Confusion chart's instruction
at the start of its turn; Call of Cthulhu damage is headed by its CON roll. Campaigns are put straight into
storage (tests/web/test_encounter_steps.py seed), then driven as a GM would."""

import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from py_rules.armageddon.character import EXAMPLE as JACK
from py_rules.coc.investigator import EXAMPLE as HARVEY
from py_rules.semiautomagic.creature import EXAMPLE_HUMAN
from tests.door import answer
from tests.sheets import dying_harvey as _dying_harvey
from tests.web.helpers import campaign_record, open_sheet, open_stored, roll, stored_campaigns
from tests.web.test_encounter import next_turn
from tests.web.test_encounter_steps import named, summary

pytestmark = pytest.mark.shared_app  # one booted page for the module, emptied before each test (conftest.py, app)

SHOTS = Path("test-results/headlines")
SIZES = ((768, 1024), (390, 844))


def shots(page, name, locator):
    """Screenshots at both sizes with ``locator`` scrolled into view (looked at by hand)."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        locator.scroll_into_view_if_needed()
        page.screenshot(path=str(SHOTS / f"{name}-{width}x{height}.png"))
    page.set_viewport_size({"width": 768, "height": 1024})


def seed(page, game, party):
    """A campaign of ``party`` ({character id: sheet}) with one unordered encounter, "The cellar", holding them in
    that order; opened on the encounter screen (the rules may take a while to start on a busy machine)."""
    combatants = [{"character_id": cid} for cid in party]
    state = answer("encounter.start", id="enc-1", name="The cellar", game=game, combatants=combatants, sheets=party)[
        "state"
    ]
    record = campaign_record("c-heads", "Headlines", game, party, [state])
    open_stored(page, record, "#/c/c-heads/encounter/enc-1")
    expect(page.locator("#encounter-title")).to_have_text("The cellar", timeout=30_000)


def to_sheet(page, name):
    page.get_by_role("link", name="Party", exact=True).click()
    open_sheet(page, name)


def test_armageddon_time_passing_for_the_dying_heads_each_survival_test(app):
    page = app
    jake = answer("armageddon.apply_damage", character=named(JACK, "Jake Rourke"), amount="42", dice=[1, 9, 9])["state"]
    seed(page, "armageddon", {"j": jake})
    to_sheet(page, "Jake Rourke")
    page.locator('.quick-actions [data-action="time"]').click()
    roll(
        page, faces="9 2", fields={"minutes": "2"}, confirm="Let the time pass"
    )  # asked first: it rolls Survival Tests
    result = page.locator(".drawer [data-result]")
    expect(result.locator(".headline")).to_have_text("Survival Test 2: 13 vs 9 — passed: the next in 1 minute")
    expect(result.locator(".headline-more li")).to_have_text(
        [re.compile(r"^Survival Test 3: \d+ vs 9 — failed: dies in 6 minutes without help$")]
    )
    expect(result.locator(".trace")).to_contain_text("Survival Test no. 3")  # the whole trace one tap away
    shots(page, "armageddon-time", result)


def test_semiautomagic_confusion_at_the_start_of_the_turn_and_the_dying_roll_at_the_end_of_the_round(app):
    page = app
    amy = answer("semiautomagic.apply_damage", creature=named(EXAMPLE_HUMAN, "Amy"), damage="9")["state"]
    zed = answer(
        "semiautomagic.set_condition",
        creature=named(EXAMPLE_HUMAN, "Zed"),
        condition="Confused",
        action="add",
        duration=5,
    )["state"]
    seed(page, "semiautomagic", {"a": amy, "z": zed})
    next_turn(page, "12 3")  # Zed's turn starts: the chart (d20 12: runs, scatter d8 3: E)
    expect(summary(page).locator(".happened-line")).to_have_text("Round 1: Zed's turn")
    expect(summary(page).locator(".happened-decided li")).to_have_text(
        ["Zed: Confusion chart 12: Scatter die: runs in that direction. Direction: E"]
    )
    expect(summary(page).locator("details.effect summary")).to_contain_text("Zed: start of the turn")
    shots(page, "semiautomagic-confused-turn", summary(page))

    next_turn(page, "3 4")  # the round ends: Amy's d10 and endurance check; Zed's chart waits for his turn
    expect(summary(page).locator(".happened-line")).to_have_text("Round 2: Amy's turn")
    expect(summary(page).locator(".happened-decided li")).to_have_text(
        [
            "Amy: Dying: d10 3 (needs 10 to stabilise), Endurance check 6 vs DC 4 — passed: checks again next round",
            "Zed: Confused: 4 rounds left",
        ]
    )
    shots(page, "semiautomagic-end-of-round", summary(page))


def test_semiautomagic_next_round_on_the_sheet_heads_the_dying_roll_and_long_timers_in_hours(app):
    page = app
    amy = answer("semiautomagic.apply_damage", creature=named(EXAMPLE_HUMAN, "Amy"), damage="9")["state"]
    seed(page, "semiautomagic", {"a": amy})
    to_sheet(page, "Amy")
    page.locator('.quick-actions [data-action="round"]').click()
    roll(
        page, faces="10 3", confirm="Let the time pass"
    )  # asked first (a dying round); a 10 stabilises: unconscious for 1d4 hours
    result = page.locator(".drawer [data-result]")
    expect(result.locator(".headline")).to_have_text("Dying: d10 10 — stabilised")
    expect(result.locator(".headline-more li")).to_have_text(["Unconscious: 3 hours left"])
    page.get_by_role("button", name="Close the roll drawer").click()
    timer = page.get_by_text("Unconscious (3 hours left)", exact=True)  # not "1800 rounds left"
    expect(timer).to_be_visible()
    shots(page, "semiautomagic-sheet", timer)


def test_coc_take_damage_heads_the_con_roll_of_a_major_wound(app):
    page = app
    seed(page, "coc", {"h": named(HARVEY, "Harvey")})
    to_sheet(page, "Harvey")
    page.locator('.quick-actions [data-action="damage"]').click()
    roll(page, faces="3 40", fields={"amount": "8"})
    result = page.locator(".drawer [data-result]")
    expect(result.locator(".headline")).to_have_text(
        "Takes 8 damage (12 → 4 HP): major wound — CON roll 43 vs 60, stays conscious"
    )
    shots(page, "coc-damage", result)


def test_coc_time_passes_on_the_sheet_asks_first_then_heads_the_dying_con_roll(app):
    """Seed 003, When HP Falls Below Zero: a dying investigator rolls CON at the end of each round. The sheet's
    Time passes starts at the shortest step (rounds), asks before it rolls, and heads the CON roll."""
    page = app
    seed(page, "coc", {"c": named(_dying_harvey(), "Carl")})
    to_sheet(page, "Carl")
    page.locator('.quick-actions [data-action="time"]').click()
    drawer = page.locator(".drawer")
    expect(drawer.locator('select[name="unit"]')).to_have_value("rounds")  # the shortest time step is the default
    drawer.locator('input[name="amount"]').fill("1")
    drawer.locator("button.roll").click()
    dialog = page.locator("dialog.confirm")
    expect(dialog).to_contain_text(
        "Carl is dying: 1 round will roll 1 CON roll at the end of the round; a failed CON roll means death."
    )
    shots(page, "coc-time-asks", dialog)
    dialog.get_by_role("button", name="Cancel").click()
    roll(page, faces="3 40", confirm="Let the time pass")  # asked again, and this time let pass
    headline = drawer.locator("[data-result] .headline")
    expect(headline).to_contain_text("CON roll")
    expect(headline).to_contain_text(re.compile(r"43 vs 60.*clings to life"))
    shots(page, "coc-time-con-roll", headline)


def test_armageddon_time_passes_on_the_sheet_names_the_survival_tests_and_cancel_changes_nothing(app):
    """Seed 000, Life Points: the dying owe a Survival Test every minute. Asked first, Cancel rolls and stores
    nothing."""
    page = app
    jake = answer("armageddon.apply_damage", character=named(JACK, "Jake Rourke"), amount="42", dice=[1, 9, 9])["state"]
    seed(page, "armageddon", {"j": jake})
    to_sheet(page, "Jake Rourke")
    before = stored_campaigns(page)[0]
    page.locator('.quick-actions [data-action="time"]').click()
    drawer = page.locator(".drawer")
    drawer.locator('input[name="minutes"]').fill("3")
    drawer.locator("button.roll").click()
    dialog = page.locator("dialog.confirm")
    expect(dialog.locator("h2")).to_have_text("Let the time pass?")
    expect(dialog).to_contain_text("Jake Rourke is dying: 3 minutes will roll 3 Survival Tests. Go on?")
    shots(page, "armageddon-time-asks", dialog)
    dialog.get_by_role("button", name="Cancel").click()
    expect(dialog).to_have_count(0)
    expect(drawer.locator("[data-result]")).to_have_count(0)  # nothing rolled
    after = stored_campaigns(page)[0]
    assert after["revision"] == before["revision"] and after["characters"] == before["characters"]
    expect(drawer.locator("button.roll")).to_be_enabled()  # the GM may change the time and ask again
