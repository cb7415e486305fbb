"""The live table: a player's phone joins the game master's tablet by two codes (the QR codes' text, pasted here),
with no server. Two browser contexts with storages of their own: the phone rolls Spot Hidden and the tablet's app
accepts it through the rules by itself, the phone's sheet updates; the phone's connection is dropped (the page
reloaded), it rolls while away, joins again, and that roll arrives exactly once. A channel that never opens says why
in plain words within the limit. Every request stays on this machine."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.web.guided_sheets import investigator
from tests.web.helpers import (
    campaign_record,
    new_campaign,
    on_fake_clock,
    open_stored,
    roll,
    stored_campaigns,
    stored_log,
    wait_for_timer,
)
from tests.web.test_table_gm import SHOTS, invite, open_players, shoot
from tests.web.test_table_two_devices import player, seated  # noqa: F401  (the phone: a context of its own)

CONNECT_MS = 15_000
# web/live/connect.mjs OPEN_LIMIT_MS: how long a channel may take to open before the page says so
OPEN_LIMIT_MS = 10_000

# A phone's code naming an address nothing answers at (192.0.2.1, RFC 5737's documentation range, port 9):
# well-formed, so the tablet takes it and waits for a channel that never opens.
UNREACHABLE_ANSWER = "RT1A.abcd.abcdefghijklmnopqrstuv." + "A" * 43 + ".wAACAQAJ"


# What of the phone's code (its QR drawing and its text) a notice on top of the page covers, as seen on the screen.
UNCOVERED = """() => {
  const over = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
  const notices = [...document.querySelectorAll(".snackbar")].map((each) => each.getBoundingClientRect());
  return [...document.querySelectorAll(".live-own-code svg, .live-own-code canvas, .live-own-code img, .live-code-text")]
    .filter((part) => notices.some((notice) => over(notice, part.getBoundingClientRect())))
    .map((part) => part.outerHTML.slice(0, 60));
}"""


def tablet_code(gm: Page) -> str:
    gm.get_by_role("button", name="Show a code for a phone").click()
    code = gm.get_by_role("textbox", name="The tablet's code")
    expect(code).to_have_value(re.compile(r"^RT1O\."))
    return code.input_value()


def phone_joins(gm: Page, phone: Page, shots: bool = False) -> None:
    offer = tablet_code(gm)
    if phone.get_by_role("button", name="Join at the table").count():
        phone.get_by_role("button", name="Join at the table").click()
    phone.get_by_role("textbox", name="The tablet's code").fill(offer)
    phone.get_by_role("button", name="Join", exact=True).click()
    answer = phone.get_by_role("textbox", name="This phone's code")
    expect(answer).to_have_value(re.compile(r"^RT1A\."))
    assert phone.evaluate(UNCOVERED) == [], "a notice covers the phone's code"
    if shots:  # the invite and join screens with their codes, at the tablet's and the phone's sizes
        shoot(gm, "live-invite")
        shoot(phone, "live-join")
        phone.set_viewport_size({"width": 390, "height": 844})
    gm.get_by_role("textbox", name="The phone's code").fill(answer.input_value())
    gm.get_by_role("button", name="Connect").click()
    expect(phone.locator(".live-connected")).to_be_visible(timeout=CONNECT_MS)


def test_a_phone_joins_by_two_codes_its_rolls_arrive_once_and_its_sheet_follows(app: Page, player: Page):  # noqa: F811
    gm, phone = app, player
    gm.set_viewport_size({"width": 1024, "height": 768})
    phone.set_viewport_size({"width": 390, "height": 844})
    campaign_id = "c-masks"  # as the guided form makes her, put straight into storage: making her is test_table's
    ann = investigator("Ann Reyes", {"Spot Hidden": 55})
    open_stored(gm, campaign_record(campaign_id, "Masks of Nyarlathotep", "coc", {"pc-ann": ann}), f"#/c/{campaign_id}")
    seated(gm, phone, "Ann Reyes", "Pat")

    gm.get_by_role("button", name="Connect a phone at this table (same Wi-Fi)").click()
    phone_joins(gm, phone, shots=True)
    expect(gm.locator(".live-peers li")).to_contain_text("Ann Reyes: connected")
    phone.screenshot(path=str(SHOTS / "live-joined-390x844.png"))

    # the player leaves the sheet and comes back: the connection, which stayed up, is shown again
    sheet = phone.url
    phone.evaluate("location.hash = '#/'")
    expect(phone.locator(".live-connected")).to_have_count(0)
    phone.goto(sheet)
    expect(phone.locator(".live-connected")).to_be_visible()

    # a roll on the phone is accepted on the tablet by itself, and the phone's sheet is the tablet's again
    phone.locator('[data-row="skill-Spot Hidden"]').click()
    roll(phone, faces="5 30")
    phone.get_by_role("button", name="Close the roll drawer").click()
    expect(gm.locator(".live-results li").first).to_contain_text("accepted", timeout=CONNECT_MS)
    expect(phone.locator("[data-pending]")).to_have_count(0, timeout=CONNECT_MS)

    # the phone drops (its page reloaded: the connection goes), rolls while away, joins again
    phone.reload()
    expect(gm.locator(".live-peers li").first).to_contain_text("connection lost", timeout=CONNECT_MS)
    phone.locator('[data-row="skill-Spot Hidden"]').click()
    roll(phone, faces="2 10")
    phone.get_by_role("button", name="Close the roll drawer").click()
    expect(phone.locator("[data-pending]")).to_contain_text("1 roll waiting")
    phone_joins(gm, phone)
    expect(phone.locator("[data-pending]")).to_have_count(0, timeout=CONNECT_MS)
    expect(gm.locator(".live-results li")).to_have_count(2)

    taken = [entry for entry in stored_log(gm, campaign_id) if entry.get("proposal")]
    assert len(taken) == 2 and len({entry["proposal"] for entry in taken}) == 2
    [mine] = [each for each in stored_campaigns(phone) if each.get("joined")]
    theirs = next(each for each in stored_campaigns(gm) if each["id"] == campaign_id)
    ann = next(each for each in theirs["characters"] if each["id"] == mine["characters"][0]["id"])
    assert mine["characters"][0]["sheet"] == ann["sheet"]


def test_a_roll_request_reaches_the_phone_live_and_its_answer_comes_back(app: Page, player: Page):  # noqa: F811
    gm, phone = app, player
    gm.set_viewport_size({"width": 1024, "height": 768})
    campaign_id = "c-haunting"  # as the guided form makes them, put straight into storage: making them is test_table's
    party = {"pc-ann": investigator("Ann Reyes", {"Spot Hidden": 55}), "pc-carol": investigator("Carol Ames")}
    open_stored(gm, campaign_record(campaign_id, "The Haunting", "coc", party), f"#/c/{campaign_id}")
    open_players(gm)
    invite(gm, "Carol Ames", "")
    gm.get_by_role("button", name="Hide the invitation").click()
    invite(gm, "Ann Reyes", "Pat")
    invitation = gm.locator('textarea[name="invitation"]').input_value()
    phone.get_by_role("link", name="Join a game").click()
    phone.get_by_label("The invitation from your game master").fill(invitation)
    phone.get_by_role("button", name="Join", exact=True).click()
    expect(phone.locator("#sheet-title")).to_have_text("Ann Reyes")
    gm.get_by_role("button", name="Connect a phone at this table (same Wi-Fi)").click()
    phone_joins(gm, phone)
    expect(gm.locator(".live-peers li")).to_contain_text("Ann Reyes: connected")

    # the tablet asks everyone for Spot Hidden; the phone sees it with no code pasted
    gm.get_by_role("button", name="Ask for a roll").click()
    form = gm.locator("form.ask-form")
    form.locator('select[name="request-op"]').select_option(label="Skill roll")
    form.locator('[name="skill"]').select_option("Spot Hidden")
    form.locator('[name="goal"]').fill("See what moved in the attic")
    form.get_by_role("button", name="Ask for the roll").click()
    request_row = gm.locator(".request")
    expect(request_row).to_contain_text("Spot Hidden — all of you")
    expect(request_row).to_contain_text("Waiting for Carol Ames, Ann Reyes")
    asked = phone.locator(".asked [data-request]")
    expect(asked).to_contain_text("Spot Hidden — all of you", timeout=CONNECT_MS)

    # the phone answers it: the tablet shows it answered, and the phone's sheet is the tablet's again
    asked.click()
    roll(phone, faces="5 30")
    phone.get_by_role("button", name="Close the roll drawer").click()
    expect(request_row.locator(".answered")).to_have_text("✓ Ann Reyes", timeout=CONNECT_MS)
    expect(request_row).to_contain_text("Waiting for Carol Ames")
    expect(gm.locator(".live-results li").first).to_contain_text("accepted")
    expect(phone.locator("[data-pending]")).to_have_count(0, timeout=CONNECT_MS)
    expect(asked).to_have_count(0)

    theirs = next(each for each in stored_campaigns(gm) if each["id"] == campaign_id)
    [request] = theirs["table"]["requests"]
    [entry] = [each for each in stored_log(gm, campaign_id) if each.get("proposal")]
    assert list(request["answers"].values()) == [entry["proposal"]]
    [mine] = [each for each in stored_campaigns(phone) if each.get("joined")]
    ann = next(each for each in theirs["characters"] if each["id"] == mine["characters"][0]["id"])
    assert mine["characters"][0]["sheet"] == ann["sheet"]
    assert mine["joined"]["requests"] == [] and mine["joined"]["seq"] == theirs["table"]["seq"][request["seats"][1]]
    # Carol plays by the forum: the live updates went to Ann's phone only, so Carol's next post still carries all
    carol = request["seats"][0]
    assert carol not in theirs["table"].get("seq", {}), theirs["table"].get("seq")


@pytest.mark.fresh_app  # Playwright's clock is installed on its context: never one a shared page is in
def test_a_channel_that_never_opens_says_why_in_plain_words_within_the_limit(app: Page):
    gm = app
    new_campaign(gm, "Silent Wi-Fi", "coc")
    open_players(gm)
    gm.get_by_role("button", name="Connect a phone at this table (same Wi-Fi)").click()
    tablet_code(gm)
    gm.get_by_role("textbox", name="The phone's code").fill(UNREACHABLE_ANSWER)
    # The limit passes in fake time: the clock stands still from the press on, so the limit's timer starts at the
    # press whenever the browser gets to it; then it is moved to just before the limit and just past it.
    on_fake_clock(gm)
    gm.clock.pause_at(gm.evaluate("Date.now()") + 1_000)
    gm.get_by_role("button", name="Connect").click()
    wait_for_timer(gm, OPEN_LIMIT_MS)
    said = gm.locator(".live-their-code [role=alert]")
    gm.clock.run_for(OPEN_LIMIT_MS - 100)
    expect(gm.get_by_role("button", name="Connecting…")).to_be_visible()
    expect(said).to_have_count(0)  # not before the limit
    gm.clock.run_for(100)
    expect(said).to_contain_text("The devices could not reach each other")
    expect(said).to_contain_text("same Wi-Fi")
    expect(said).to_contain_text("codes or a file")
    assert "RTC" not in said.inner_text() and "Error" not in said.inner_text()
    # the ways that need no connection are right there: players' codes pasted, or their file opened
    expect(gm.get_by_label("Paste players' posts or codes")).to_be_visible()
    expect(gm.get_by_text("Open a file of rolls")).to_be_visible()
    expect(gm.get_by_role("button", name="Connect")).to_be_enabled()  # another code can be tried
