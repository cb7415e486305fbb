"""The table across two devices (py_rules/table/__init__.py), two browser contexts with storages of their own: the game
master invites from the Players screen, the player joins by pasting the invitation, rolls Spot Hidden, and the game
master pastes the post's code; the game master asks for a Sanity roll, the player pastes the game master's post,
answers the request from the drawer, and once the game master has accepted that too and posted again, both campaigns
hold the same sheet. The player's view shows none of the game master's controls."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.web.conftest import BOOT_TIMEOUT_MS, block_foreign
from tests.web.guided_sheets import investigator
from tests.web.helpers import campaign_record, open_stored, roll, stored_campaigns
from tests.web.test_interchange import stub_clipboard, written
from tests.web.test_table_gm import invite, open_players
from tests.web.test_table_player import GM_BUTTONS, GM_LINKS, paste_update


@pytest.fixture
def player(browser, site_url):
    """A second device: a context of its own (its own IndexedDB), no request leaving the machine."""
    context = browser.new_context(viewport={"width": 390, "height": 844})
    blocked = block_foreign(context)
    page = context.new_page()
    page.goto(site_url)
    expect(page.locator("html")).to_have_attribute("data-ready", "true", timeout=BOOT_TIMEOUT_MS)
    yield page
    context.close()
    assert blocked == [], blocked


def gm_record(page: Page, campaign_id: str) -> dict:
    return next(each for each in stored_campaigns(page) if each["id"] == campaign_id)


def players_post(gm: Page) -> str:
    gm.get_by_role("button", name="Post for players").click()
    post = gm.locator('textarea[name="update"]').first
    expect(post).to_have_value(re.compile(r"RC1U\."))
    return post.input_value()


def accept(gm: Page, post: str) -> None:
    gm.get_by_label("Paste players' posts or codes").fill(post)
    gm.get_by_role("button", name="Accept the rolls").click()
    expect(gm.locator(".decisions > li").first).to_contain_text("accepted")


def seated(gm: Page, player: Page, name: str, player_name: str) -> None:
    """The game master invites ``player_name`` to play ``name`` from the Players screen; the player's device joins
    with the invitation's code and shows the character's sheet."""
    open_players(gm)
    invite(gm, name, player_name)
    invitation = gm.locator('textarea[name="invitation"]').input_value()
    player.get_by_role("link", name="Join a game").click()
    player.get_by_label("The invitation from your game master").fill(invitation)
    player.get_by_role("button", name="Join", exact=True).click()
    expect(player.locator("#sheet-title")).to_have_text(name)


def test_the_game_master_and_a_player_agree_through_pasted_codes(app: Page, player: Page):
    gm = app
    gm.set_viewport_size({"width": 1024, "height": 768})
    campaign_id = "c-masks"  # as the guided form makes her, put straight into storage: making her is test_table's
    ann = investigator("Ann Reyes", {"Spot Hidden": 55})
    open_stored(gm, campaign_record(campaign_id, "Masks of Nyarlathotep", "coc", {"pc-ann": ann}), f"#/c/{campaign_id}")
    # the player's device joins: the sheet, none of the game master's controls
    seated(gm, player, "Ann Reyes", "Pat")
    for name in GM_BUTTONS:
        expect(player.get_by_role("button", name=name, exact=True)).to_have_count(0)
    for name in GM_LINKS + ["Players"]:
        expect(player.get_by_role("navigation", name="Campaign").get_by_role("link", name=name)).to_have_count(0)
    expect(player.locator("[data-history]")).to_have_count(0)

    # Spot Hidden on the player's device, its post pasted on the game master's
    player.locator('[data-row="skill-Spot Hidden"]').click()
    roll(player, faces="5 30")
    stub_clipboard(player)
    player.locator(".drawer").get_by_role("button", name="Copy for the forum", exact=False).first.click()
    expect(player.locator(".drawer .copy-said")).to_contain_text("Copied")
    post = written(player)
    player.get_by_role("button", name="Close the roll drawer").click()
    expect(player.locator("[data-pending]")).to_contain_text("1 roll waiting")
    accept(gm, post)
    expect(gm.locator(".decisions > li").first).to_contain_text("Spot Hidden — accepted")

    # the game master asks for a Sanity roll and posts for the players
    gm.get_by_role("button", name="Ask for a roll").click()
    form = gm.locator("form.ask-form")
    form.locator('select[name="request-op"]').select_option(label="Sanity roll")
    form.locator('input[name="loss"]').fill("1/1D4")
    form.get_by_role("button", name="Ask for the roll").click()
    paste_update(player, players_post(gm))
    expect(player.locator("[data-pending]")).to_have_count(0)
    request = player.locator("[data-request]")
    expect(request).to_have_count(1)

    # the request opens the drawer filled in; the answer goes back as a proposal
    request.click()
    drawer = player.locator(".drawer")
    expect(drawer.locator('[name="loss"]')).to_have_value("1/1D4")
    roll(player, faces="0 90 3")  # 90: a failed Sanity roll, 3 on the 1D4
    stub_clipboard(player)
    drawer.get_by_role("button", name="Copy for the forum", exact=False).first.click()
    expect(drawer.locator(".copy-said")).to_contain_text("Copied")
    accept(gm, written(player))
    expect(gm.locator(".request .answered")).to_contain_text("Ann Reyes")

    paste_update(player, players_post(gm))
    expect(player.locator("[data-pending]")).to_have_count(0)
    [mine] = [each for each in stored_campaigns(player) if each.get("joined")]
    theirs = gm_record(gm, campaign_id)
    ann = next(each for each in theirs["characters"] if each["id"] == mine["characters"][0]["id"])
    assert mine["characters"][0]["sheet"] == ann["sheet"]
    assert ann["sheet"]["san"] == mine["characters"][0]["sheet"]["san"] < ann["sheet"]["characteristics"]["POW"]
