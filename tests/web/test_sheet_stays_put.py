"""What a finger is about to tap stays where it is while the engine's first answers about a sheet arrive (TABLE.md,
Sheet: tapping a row opens the roll drawer for it; a row that moves under the tap opens none). A character's card shows lines only the engine can work out (who can
act and the state's penalties, <game>.capacity; Semiautomagic's Toughness and Will, describe_creature); until they
come, the card keeps their usual height, so the sheet's rows below do not move down under a tap.

The answers are made late without anything that ships: this module alone serves the app's ``worker.mjs`` with a few
lines appended (``LATE``) that answer those two questions after ``LATE_MS``, as a busy engine would."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.web.conftest import BOOT_TIMEOUT_MS
from tests.web.guided_sheets import semiautomagic_creature
from tests.web.helpers import campaign_record, open_stored

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


def test_the_rows_of_a_sheet_stay_put_while_the_card_waits_for_the_engine(page, site_url, foreign_requests):
    served = {"worker": 0}

    def worker(route):
        response = route.fetch()
        served["worker"] += 1
        route.fulfill(response=response, body=response.text() + LATE)

    page.route("**/app/worker.mjs", worker)
    page.goto(site_url)
    expect(page.locator("html")).to_have_attribute("data-ready", "true", timeout=BOOT_TIMEOUT_MS)
    assert served["worker"] == 1, "the engine's worker script was not the test's"
    ada = semiautomagic_creature("Ada", {"Perception": 3}, Strength=2)
    for width, height in ((768, 1024), (390, 844)):  # a tablet, and a phone, where the summary takes two lines
        page.set_viewport_size({"width": width, "height": height})
        campaign = f"c-still-{width}"
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
    party = {"pc-ada": ada, "pc-bo": semiautomagic_creature("Bo", {"Perception": 2}, Strength=3)}
    open_stored(page, campaign_record("c-still-party", "Still", "semiautomagic", party), "#/c/c-still-party")
    cards = page.locator(".character-card")
    expect(cards).to_have_count(2)
    move = page.get_by_role("button", name="Move to the cast").first
    before = move.bounding_box()
    assert cards.locator(".capacity").count() == 0, "the engine answered before the button was measured"
    expect(cards.locator(".capacity-line")).to_have_count(2, timeout=10_000)
    expect(cards.first.locator(".summary-line")).to_contain_text("Toughness")
    assert move.bounding_box() == before
