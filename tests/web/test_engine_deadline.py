"""The engine has a deadline (web/rpc.mjs): a call that runs past its operation's ``deadline_seconds`` (the catalog)
is stopped, the page says so in plain words, a fresh engine boots from the memory snapshot, a roll asked meanwhile on
another sheet is answered by it, and nothing stored is lost.

A slow call is made deterministic without anything that ships: this test alone serves the app's ``worker.mjs`` with a
few lines appended (``STALL``) that keep the worker busy on a request holding ``MARKER``, as a slow rule would, and
serves the app's ``catalog.json`` with the stat block's deadline cut to ``DEADLINE`` seconds, which also shows that the
page takes the limit from the catalog. The files in dist/ are untouched."""

from __future__ import annotations

import json
import time

from playwright.sync_api import expect

from tests.web.conftest import BOOT_TIMEOUT_MS
from tests.web.guided_sheets import investigator
from tests.web.helpers import (
    campaign_record,
    new_campaign,
    on_fake_clock,
    open_sheet,
    open_stored,
    roll,
    stored_campaigns,
    stored_log,
    wait_for_timer,
)

MARKER = "keep-the-engine-busy-for-the-deadline-test"
DEADLINE = 2
BUSY_MS = 120_000  # far past the deadline: only a fresh worker can answer meanwhile
STALL = f"""
;{{ // tests/web/test_engine_deadline.py: a request holding the marker keeps this worker busy, as a slow rule would
  const answer = self.onmessage;
  self.onmessage = (event) => {{
    if (event.data?.type === "call" && String(event.data.request).includes("{MARKER}")) {{
      const until = Date.now() + {BUSY_MS};
      while (Date.now() < until);
    }}
    return answer(event);
  }};
}}
"""
STOPPED = f"“Read a stat block” took longer than {DEADLINE} seconds and was stopped; nothing was lost."
BLOCK = """SILAS CRANE, age 40, cult enforcer
STR 70 CON 60 SIZ 75 DEX 55 APP 40 INT 50 POW 45 EDU 45
HP 13 DB +1D4 Build 1 Move 7 MP 9 Luck 35
Fighting 55% (27/11), damage 1D3+DB"""


def slow_engine_app(page, site_url):
    """The app booted with the stalling worker and the stat block's deadline cut (see the module's docstring);
    returns the number of times the worker script was served (the first boot's: 1)."""
    served = {"worker": 0}

    def worker(route):
        response = route.fetch()
        served["worker"] += 1
        route.fulfill(response=response, body=response.text() + STALL)

    def catalog(route):
        response = route.fetch()
        data = response.json()
        (op,) = [each for each in data["operations"] if each["id"] == "coc.parse_stat_block"]
        assert op["deadline_seconds"] > DEADLINE  # the shipped limit, cut here
        op["deadline_seconds"] = DEADLINE
        route.fulfill(response=response, body=json.dumps(data))

    page.route("**/app/worker.mjs", worker)
    page.route("**/app/catalog.json", catalog)
    page.goto(site_url)
    expect(page.locator("html")).to_have_attribute("data-ready", "true", timeout=BOOT_TIMEOUT_MS)
    assert served["worker"] == 1, "the engine's worker script was not the test's"
    return served


def stand_still(page):
    """Playwright's clock stands still on the page from now on (the engine's worker keeps real time): the deadline's
    timer, set when the call is sent, starts at this instant of fake time whenever the browser gets to it."""
    on_fake_clock(page)
    page.clock.pause_at(page.evaluate("Date.now()") + 1_000)


def just_before_the_deadline(page):
    """Once the slow call's deadline timer is set, the clock moves to 0.1 s before it."""
    wait_for_timer(page, DEADLINE * 1000)
    page.clock.run_for(DEADLINE * 1000 - 100)


def past_the_deadline(page):
    """The clock moves past the deadline, then runs as usual again (the fresh engine's boot has a limit of its own)."""
    page.clock.run_for(100)
    page.clock.resume()


def read_stat_block(page, text, before_read=None):
    """Paste ``text`` into the Cast screen's stat block form and press Read; ``before_read(page)`` is called just
    before the press. The form."""
    page.get_by_role("link", name="Cast", exact=True).click()
    page.get_by_role("button", name="Paste a stat block").click()
    form = page.locator("form.stat-block")
    form.get_by_label("Stat block").fill(text)
    if before_read:
        before_read(page)
    form.get_by_role("button", name="Read").click()
    return form


def test_a_slow_call_is_stopped_and_said_and_the_screen_can_read_again(page, site_url, foreign_requests):
    slow_engine_app(page, site_url)
    new_campaign(page, "Deadline", "coc")
    form = read_stat_block(page, f"{BLOCK}\n{MARKER}", before_read=stand_still)
    expect(form.get_by_role("button", name="Read")).to_be_disabled()  # reading
    error = form.get_by_text(STOPPED)  # the screen's own refusal, as for any engine error
    just_before_the_deadline(page)
    expect(form.get_by_role("button", name="Read")).to_be_disabled()  # still reading
    expect(error).to_have_count(0)
    past_the_deadline(page)
    expect(error).to_be_visible()
    expect(page.locator(".snackbar")).to_contain_text(STOPPED)
    expect(page.locator("html")).to_have_attribute("data-ready", "true")  # no boot screen, no Retry
    expect(page.locator("#boot-retry")).to_be_hidden()

    # the same screen reads again, answered by the fresh engine
    form.get_by_label("Stat block").fill(BLOCK)
    form.get_by_role("button", name="Read").click()
    expect(form.get_by_label("NPC name")).to_have_value("Silas Crane", timeout=30_000)
    expect(form.locator(".read-list")).to_contain_text("Fighting")


def test_a_roll_on_another_sheet_waits_no_longer_than_the_deadline_and_nothing_is_lost(
    page, site_url, foreign_requests
):
    slow_engine_app(page, site_url)
    campaign_id = "c-deadline"  # Harvey as the guided form makes him, put straight into storage (test_table's)
    harvey = investigator("Harvey Walters")
    open_stored(page, campaign_record(campaign_id, "Deadline", "coc", {"pc-harvey": harvey}), f"#/c/{campaign_id}")
    open_sheet(page, "Harvey Walters")
    sheet = page.evaluate("location.hash")
    page.locator('[data-row="char-STR"]').click()
    roll(page)
    log_length(page, campaign_id, 1)
    before = next(c for c in stored_campaigns(page) if c["id"] == campaign_id)

    go(page, f"#/c/{campaign_id}")
    on_fake_clock(page)  # time flows as usual while the screens change; the deadline is then jumped to
    form = read_stat_block(page, f"{BLOCK}\n{MARKER}")  # the engine is now busy on this paste
    expect(form.get_by_role("button", name="Read")).to_be_disabled()
    wait_for_timer(page, DEADLINE * 1000)
    go(page, sheet)
    page.locator('[data-row="char-STR"]').click()
    drawer = page.locator(".drawer")
    drawer.locator("button.roll").click()  # queued behind the paste (its odds too), then sent to the fresh engine
    page.clock.fast_forward(DEADLINE * 1000)  # the paste's deadline has passed (the busy worker answers nothing)
    started = time.monotonic()
    expect(drawer.locator("[data-result]")).to_be_visible(timeout=30_000)
    answered = time.monotonic() - started
    print(f"roll answered {answered:.1f} s after the slow call's deadline of {DEADLINE} s")
    second = drawer.locator("[data-result]").inner_text()
    assert answered < 20, answered  # a fresh boot from the snapshot, then the roll
    assert "STR" in second, second
    expect(page.locator(".snackbar")).to_contain_text(STOPPED)

    # nothing lost: the first roll, the character and the campaign as they were, the second roll logged with them
    log = log_length(page, campaign_id, 2)
    assert log[0]["op"] == log[1]["op"] == "coc.characteristic_roll", [entry["op"] for entry in log]
    assert log[0]["id"] != log[1]["id"]
    after = next(c for c in stored_campaigns(page) if c["id"] == campaign_id)
    assert but_last_roll(after) == but_last_roll(
        before
    )  # a characteristic roll changes only the roll kept for a push or Luck
    assert after["characters"][0]["sheet"]["last_roll"]["roll"] == log[1]["result"]["total"]  # the second roll's
    assert after["name"] == before["name"] and after["settings"] == before["settings"]

    # and the fresh engine goes on answering at once
    started = time.monotonic()
    roll(page)
    assert time.monotonic() - started < DEADLINE
    log_length(page, campaign_id, 3)


def but_last_roll(record):
    """A campaign's characters without the roll each sheet keeps for a push or Luck (every roll changes it)."""
    return [
        {**each, "sheet": {k: v for k, v in each["sheet"].items() if k != "last_roll"}} for each in record["characters"]
    ]


def log_length(page, campaign_id, count):
    """The campaign's stored log once it holds ``count`` entries (a roll's entry is written just after its answer)."""
    deadline = time.monotonic() + 10
    while len(log := stored_log(page, campaign_id)) != count:
        assert time.monotonic() < deadline, [entry["op"] for entry in log]
        page.wait_for_timeout(50)
    return log


def go(page, hash_):
    page.evaluate("(hash) => { location.hash = hash; }", hash_)
