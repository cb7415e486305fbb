"""An update never loses typing (web/unsaved.mjs, web/sw_client.mjs): a tab holding unsaved input is not reloaded
under the user when another tab takes the new version; it says so and reloads once the input is saved or closed,
or when the user presses Reload. A tab with nothing typed reloads as before. A newer version whose database
upgrade that tab holds back waits and says why, and nothing the old tab saved meanwhile is lost.

Two or three pages of one browser context are the tabs; a new deploy is simulated on a private copy of dist/ (a new
VERSION in sw.js, and for the database test a higher database version in the bundle)."""

from __future__ import annotations

import re
from contextlib import ExitStack

from playwright.sync_api import expect

from tests.web.conftest import BOOT_TIMEOUT_MS
from tests.web.guided_sheets import guided
from tests.web.helpers import (
    booted_with_offline_copy,
    campaign_record,
    new_campaign,
    open_sheet,
    open_stored,
    stored_campaigns,
)

READY = "A new version is ready — reload when you are done."
BLOCKED = "Another tab of this app is still"  # "open with an older version" (the first tab waiting), or "holding"


def first_visit(page, url: str) -> None:
    """The first visit installs the worker, which takes this page over as it activates (clients.claim): it runs on
    under the worker as a tab kept open after someone's first visit does, and offers the next version as any tab.
    Every other tab is a later visit, loaded under the worker (``booted_with_offline_copy``). Not reloaded here: the
    tab that asks for the update needs no second engine boot of its own."""
    page.goto(url)
    html = page.locator("html")
    expect(html).to_have_attribute("data-offline-ready", "true", timeout=BOOT_TIMEOUT_MS)
    expect(html).to_have_attribute("data-version", re.compile("."), timeout=30_000)
    assert page.evaluate("Boolean(navigator.serviceWorker.controller)"), "the worker did not take the first page over"


def new_version(copy, name: str, database: bool = False) -> None:
    """Deploy a new version on the copy: sw.js gets a new VERSION; ``database``: the bundle also raises the database
    version (a migration that changes nothing), so the new version cannot open it while an older tab holds it."""
    sw = copy / "sw.js"
    sw.write_text(sw.read_text().replace('const VERSION = "', f'const VERSION = "{name}-', 1))
    if database:
        bundle = next(path for path in copy.glob("*.mjs") if "DB_VERSION=3" in path.read_text())
        text = bundle.read_text()
        assert "3:()=>{}}" in text, "the bundle's migrations are not where this test expects them"
        bundle.write_text(text.replace("DB_VERSION=3", "DB_VERSION=4", 1).replace("3:()=>{}}", "3:()=>{},4:()=>{}}", 1))


WAIT_POLL_MS = 400  # web/unsaved.mjs whenClear's everyMs: how often a tab waiting for its input checks it again
WAIT_SAID_MS = 4000  # web/app/start.mjs: a tab whose database stays unopened this long says that another tab holds it


def mark(page) -> None:
    """A mark on the running page: gone if it reloads, and a note of any reload it starts (``beforeunload`` comes
    as ``location.reload()`` is called, before the new page replaces this one)."""
    page.evaluate("window.__notReloaded = true; addEventListener('beforeunload', () => { window.__leaving = true; })")


def still_the_same_page(page) -> bool:
    return page.evaluate("window.__notReloaded === true && !window.__leaving")


def waits_are_checked(context) -> None:
    """The tabs' clock (Playwright's, on every tab of ``context``) runs five of the waiting tab's checks of its input
    in fake time, instead of the test sleeping through them."""
    context.clock.run_for(5 * WAIT_POLL_MS)


def offer_and_accept(tab, *others_that_reload) -> None:
    """The new version is found; Reload is pressed in ``tab``; ``tab`` and each of ``others_that_reload`` reload."""
    tab.evaluate("navigator.serviceWorker.getRegistration().then((r) => r.update())")
    expect(tab.locator("#update")).to_be_visible(timeout=60_000)
    with ExitStack() as waits:
        for each in (tab, *others_that_reload):
            waits.enter_context(each.expect_navigation(timeout=30_000))
        tab.locator("#update-reload").click()


def test_an_open_sheet_edit_keeps_its_typing_through_an_update_and_the_new_version_waits_for_it(
    context, own_site, foreign_requests
):
    copy, url, _server = own_site
    errors: list[str] = []
    context.on("page", lambda page: page.on("pageerror", lambda error: errors.append(str(error))))
    taker = context.new_page()
    first_visit(taker, url)
    # Jack as the guided form makes him, written by the version the tabs run (its own storage module) before the
    # update: making him is test_table's.
    campaign = "c-upgrade"
    record = campaign_record(campaign, "Upgrade night", "armageddon", {"pc-jack": guided("armageddon", "Jack")})
    open_stored(taker, record, f"#/c/{campaign}")
    expect(taker.locator(".character-card")).to_contain_text("Jack")
    old = taker.locator("html").get_attribute("data-version")

    editing = context.new_page()
    booted_with_offline_copy(editing, url + f"#/c/{campaign}")
    open_sheet(editing, "Jack")
    editing.get_by_role("button", name="Edit values").click()
    name = editing.locator('form.sheet-editor input[name="name"]')
    name.fill("Jack Hawk")
    idle = context.new_page()  # nothing typed: it reloads as before
    booted_with_offline_copy(idle, url)
    mark(editing)
    context.clock.install()  # from here on, the tabs' timers (a waiting tab's checks among them) run in fake time

    # The new version raises the database version: it cannot open the database while the editing tab holds it.
    new_version(copy, "next", database=True)
    offer_and_accept(taker, idle)

    banner = editing.locator("#update")
    expect(banner).to_be_visible(timeout=30_000)
    expect(banner).to_contain_text(READY)
    expect(banner.get_by_role("button", name="Reload")).to_be_visible()
    opening = re.compile("Opening (your campaigns|the campaign)…")
    for new in (taker, idle):  # the new version waits for the old tab
        expect(new.locator("main")).to_contain_text(opening, timeout=60_000)
    # and says why: the first tab waiting at once, the one waiting behind it after a while, run in fake time
    context.clock.fast_forward(WAIT_SAID_MS)
    for new in (taker, idle):
        expect(new.locator(".banner")).to_contain_text(BLOCKED)
        expect(new.locator("main")).to_contain_text(opening)
    waits_are_checked(context)
    assert still_the_same_page(editing)
    expect(name).to_have_value("Jack Hawk")
    assert editing.locator("html").get_attribute("data-version") == old

    # Saved: the edit is stored by the old version, then the tab reloads into the new one, which then opens.
    with editing.expect_navigation(timeout=60_000):
        editing.get_by_role("button", name="Save the sheet").click()
    for tab in (editing, taker, idle):
        expect(tab.locator("html")).to_have_attribute("data-version", re.compile("^next-"), timeout=BOOT_TIMEOUT_MS)
    expect(taker.locator(".character-card")).to_contain_text("Jack Hawk", timeout=60_000)  # it opened the campaign
    expect(idle.locator(f'[data-campaign="{campaign}"]')).to_contain_text("Upgrade night", timeout=60_000)
    for tab in (taker, idle):
        expect(tab.locator(".banner")).to_have_count(0)
    expect(editing.locator("#sheet-title")).to_have_text("Jack Hawk", timeout=60_000)
    expect(editing.locator("#update")).to_be_hidden()
    assert [c["sheet"]["name"] for c in stored_campaigns(taker)[0]["characters"]] == ["Jack Hawk"]
    assert (
        taker.evaluate(
            "async () => (await indexedDB.databases()).find((each) => each.name === 'rules-companion').version"
        )
        == 4
    )
    assert errors == [], errors


def test_typing_left_half_done_waits_until_the_user_agrees_and_a_closed_edit_lets_the_tab_go(
    context, own_site, foreign_requests
):
    copy, url, _server = own_site
    taker = context.new_page()
    first_visit(taker, url)
    typing = context.new_page()
    booted_with_offline_copy(typing, url)
    typing.get_by_label("Name", exact=True).fill("The Haunting of Ark")  # a campaign name half typed, never submitted
    renaming = context.new_page()
    booted_with_offline_copy(renaming, url)
    new_campaign(renaming, "Rename me", "coc")
    renaming.goto(url + "#/")
    renaming.get_by_role("button", name="Rename").click()
    renaming.get_by_label("New name").fill("Renamed")
    for tab in (typing, renaming):
        mark(tab)
    context.clock.install()  # from here on, the tabs' timers (a waiting tab's checks among them) run in fake time

    new_version(copy, "next")
    offer_and_accept(taker)
    for tab in (typing, renaming):
        expect(tab.locator("#update")).to_contain_text(READY, timeout=30_000)
    waits_are_checked(context)
    assert still_the_same_page(typing) and still_the_same_page(renaming)
    expect(typing.get_by_label("Name", exact=True)).to_have_value("The Haunting of Ark")

    # The rename is closed without saving: nothing is left to lose, the tab goes to the new version by itself.
    with renaming.expect_navigation(timeout=30_000):
        renaming.get_by_role("button", name="Cancel").click()
    expect(renaming.locator("html")).to_have_attribute("data-version", re.compile("^next-"), timeout=BOOT_TIMEOUT_MS)

    # The half-typed name stays until the user says so: Reload in the notice.
    assert still_the_same_page(typing)
    with typing.expect_navigation(timeout=30_000):
        typing.locator("#update-reload").click()
    expect(typing.locator("html")).to_have_attribute("data-version", re.compile("^next-"), timeout=BOOT_TIMEOUT_MS)
    expect(typing.locator("#update")).to_be_hidden()
