"""What a finger is about to tap stays where it is while the engine's first answers about a sheet arrive (TABLE.md,
Sheet: tapping a row opens the roll drawer for it; a row that moves under the tap opens none). A character's card
shows lines only the engine can work out (who can act and the state's penalties, <game>.capacity; Semiautomagic's
Toughness and Will, describe_creature); until they come, the card keeps their usual height, so the sheet's rows and
an encounter's buttons below do not move under a tap. An answer once had is shown again at once.

The answers are made late without anything that ships: this module alone serves the app's ``worker.mjs`` with a few
lines appended (``LATE``) that answer those two questions after ``LATE_MS``, as a busy engine would."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.web.conftest import BOOT_TIMEOUT_MS
from tests.web.guided_sheets import semiautomagic_creature
from tests.web.helpers import campaign_record, open_stored
from tests.web.test_encounter_steps import seed

LATE_MS = 1500
LATE = f"""
;{{ // tests/web/test_sheet_stays_put.py: the card's questions are answered late, as by a busy engine
  const answer = self.onmessage;
  self.onmessage = (event) => {{
    const request = event.data?.type === "call" ? String(event.data.request) : "";
    if (/"op":"[a-z]+[.](capacity|describe_creature)"/.test(request)) {{
      setTimeout(() => answer(event), {LATE_MS});
      return;
    }}
    return answer(event);
  }};
}}
"""

FIRST_ROW_TOP = "() => document.querySelector('section.sheet [data-row]')?.getBoundingClientRect().top ?? null"
SIZES = ((768, 1024), (390, 844))  # a tablet, and a phone, where the summary takes two lines


def late_engine(page, site_url):
    """Open the app with the engine's worker answering the cards' questions ``LATE_MS`` late."""
    served = {"worker": 0}

    def worker(route):
        response = route.fetch()
        served["worker"] += 1
        route.fulfill(response=response, body=response.text() + LATE)

    page.route("**/app/worker.mjs", worker)
    page.goto(site_url)
    expect(page.locator("html")).to_have_attribute("data-ready", "true", timeout=BOOT_TIMEOUT_MS)
    assert served["worker"] == 1, "the engine's worker script was not the test's"


def test_the_rows_of_a_sheet_stay_put_while_the_card_waits_for_the_engine(page, site_url, foreign_requests):
    late_engine(page, site_url)
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        campaign = f"c-still-{width}"
        # a sheet of its own at each size: the answers for one already shown would come at once (the next test)
        ada = semiautomagic_creature("Ada", {"Perception": 3}, Strength=2 if width > 500 else 3)
        open_stored(
            page, campaign_record(campaign, "Still", "semiautomagic", {"pc-ada": ada}), f"#/c/{campaign}/sheet/pc-ada"
        )
        card = page.locator("section.sheet .character-card")
        expect(page.locator("section.sheet [data-row]").first).to_be_visible()
        before = page.evaluate(FIRST_ROW_TOP)
        assert card.locator(".capacity").count() == 0, "the engine answered before the row was measured"
        expect(card.locator(".capacity-line")).to_be_visible(timeout=10_000)
        expect(card.locator(".summary-line")).to_contain_text("Toughness")
        assert page.evaluate(FIRST_ROW_TOP) == before, f"at {width} × {height}"
    # the party's cards side by side on a tablet, narrower than the sheet's: the button under each stays put too
    page.set_viewport_size({"width": 768, "height": 1024})
    party = {
        "pc-cy": semiautomagic_creature("Cy", {"Perception": 1}, Strength=2),
        "pc-bo": semiautomagic_creature("Bo", {"Perception": 2}, Strength=3),
    }
    open_stored(page, campaign_record("c-still-party", "Still", "semiautomagic", party), "#/c/c-still-party")
    cards = page.locator(".character-card")
    expect(cards).to_have_count(2)
    move = page.get_by_role("button", name="Move to the cast").first
    before = move.bounding_box()
    assert cards.locator(".capacity").count() == 0, "the engine answered before the button was measured"
    expect(cards.locator(".capacity-line")).to_have_count(2, timeout=10_000)
    expect(cards.first.locator(".summary-line")).to_contain_text("Toughness")
    assert move.bounding_box() == before


def test_a_card_shown_again_has_its_answers_at_once(page, site_url, foreign_requests):
    """The engine answers the same question the same way: the answers had for a sheet are shown again at once."""
    late_engine(page, site_url)
    ada = semiautomagic_creature("Ada", {"Perception": 3}, Strength=4)
    open_stored(page, campaign_record("c-again", "Again", "semiautomagic", {"pc-ada": ada}), "#/c/c-again/sheet/pc-ada")
    card = page.locator("section.sheet .character-card")
    expect(card.locator(".capacity-line")).to_be_visible(timeout=10_000)
    page.goto(site_url + "#/c/c-again")
    party_card = page.locator(".character-card")
    expect(party_card).to_have_count(1)
    # at once: no waiting place drawn, nothing asked again (the engine would answer only LATE_MS later)
    assert party_card.locator(".capacity-waiting, .summary-line.waiting").count() == 0
    expect(party_card.locator(".capacity-line")).to_be_visible(timeout=LATE_MS // 3)
    expect(party_card.locator(".summary-line")).to_contain_text("Toughness", timeout=LATE_MS // 3)


def test_the_buttons_of_an_encounter_stay_put_while_its_cards_wait_for_the_engine(page, site_url, foreign_requests):
    late_engine(page, site_url)
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        strength = 2 if width > 500 else 3  # sheets of their own at each size (see the first test)
        party = {
            f"pc-{name.lower()}": semiautomagic_creature(name, {"Perception": 2}, Strength=strength)
            for name in ("Ada", "Bo", "Cy")
        }
        seed(page, "semiautomagic", party, order=False, cid=f"c-quarry-{width}")  # the GM sets its order
        combatants = page.locator("li.combatant")
        expect(combatants).to_have_count(3)
        first_buttons = [combatants.nth(index).locator("[data-action]").first for index in range(2)]
        expect(first_buttons[1]).to_be_visible()
        before = [button.bounding_box()["y"] for button in first_buttons]
        assert combatants.locator(".capacity").count() == 0, "the engine answered before the buttons were measured"
        expect(combatants.locator(".capacity-line")).to_have_count(3, timeout=10_000)
        expect(combatants.locator(".summary-line").first).to_contain_text("Toughness")
        after = [button.bounding_box()["y"] for button in first_buttons]
        # within a pixel: two lines of text and a place two lines high differ by a fraction of one
        assert all(abs(a - b) < 1 for a, b in zip(after, before, strict=True)), (
            f"at {width} × {height}: {before} → {after}"
        )
