"""The game master's Players screen (py_rules/table/__init__.py): a seat is made with its invitation; codes made by the
engine for this campaign with the seat's own key (read back from the record) are pasted as a forum page would hold
them and accepted through the engine here: the log gains the entries tagged with proposal and seat, the sheet
changes, a second paste changes nothing, an altered code is refused naming which code; a roll request shows who has
answered. Screenshots of the screen at 768×1024, 1024×768 and 390×844 are saved under test-results/table_gm/.

The campaigns are put straight into storage, the sheets those the guided form makes (tests/web/guided_sheets.py)."""

import json
import re
import uuid
from pathlib import Path

import pytest
from playwright.sync_api import expect

from py_rules import api
from tests.web.guided_sheets import armageddon_character, investigator, semiautomagic_creature
from tests.web.helpers import campaign_record, open_stored, stored_campaigns, stored_log
from tests.web.test_screens import SMALL_TARGETS
from tests.web.test_words_scan import scan

pytestmark = pytest.mark.shared_app  # one booted page for the module, emptied before each test (conftest.py, app)

SHOTS = Path(__file__).resolve().parents[2] / "test-results" / "table_gm"


def shoot(page, name):
    """Screenshots at three sizes; nothing scrolls sideways, every target is 44 px, every word is the game's (axe-core
    checks the screen in test_screens.py)."""
    assert scan(page, name) == []
    assert page.evaluate(SMALL_TARGETS) == [], name
    SHOTS.mkdir(parents=True, exist_ok=True)
    for width, height in ((768, 1024), (1024, 768), (390, 844)):
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(50)
        page.screenshot(path=str(SHOTS / f"{name}-{width}x{height}.png"), full_page=True)
        assert page.evaluate("document.documentElement.scrollWidth <= innerWidth"), f"{name} scrolls at {width}"
    page.set_viewport_size({"width": 768, "height": 1024})


def engine(op: str, args: dict) -> dict:
    answer = json.loads(api.call(json.dumps({"op": op, "args": args})))
    assert answer["ok"], answer
    result = answer["result"]
    return result.get("details", result)


def record(page, campaign_id: str) -> dict:
    return next(each for each in stored_campaigns(page) if each["id"] == campaign_id)


def proposal(campaign_id, seat, character, op, args, dice, saw=None, request=None):
    return {
        "v": 1,
        "id": f"p-{uuid.uuid4()}",
        "campaign": campaign_id,
        "seat": seat["id"],
        "character": character,
        "op": op,
        "args": args,
        "bind": {"investigator": character},
        "dice": dice,
        "dice_source": "physical",
        "at": "2026-12-07T20:00:00Z",
        "request": request,
        "seq": 0,
        "saw": saw,
    }


def code_of(payload: dict, seat: dict) -> str:
    return engine("table.encode", {"kind": "proposal", "payload": payload, "key": seat["key"]})["code"]


def invite(page, name: str, player: str) -> None:
    seat_row = page.locator(".seat", has_text=name)
    seat_row.get_by_role("button", name="Invite a player").click()
    seat_row.get_by_label("Player's name (optional)").fill(player)
    seat_row.get_by_role("button", name="Make the invitation").click()
    expect(seat_row.locator('textarea[name="invitation"]')).to_have_value(
        re.compile(r"^RC1I\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$")
    )


def stored_party(page, name: str, game: str, *sheets: dict) -> str:
    """The campaign ``name`` with ``sheets`` as its party, stored and opened on its party screen; its id."""
    campaign_id = f"c-{uuid.uuid4().hex[:12]}"  # a new one each time, as the app makes it: no verdict kept for it
    party = {f"ch-{i}": sheet for i, sheet in enumerate(sheets)}
    open_stored(page, campaign_record(campaign_id, name, game, party), f"#/c/{campaign_id}")
    expect(page.locator(".character-card")).to_have_count(len(sheets))
    return campaign_id


def open_players(page) -> None:
    page.get_by_role("navigation", name="Campaign").get_by_role("link", name="Players", exact=True).click()
    expect(page.locator("#table-title")).to_contain_text("players")


def test_players_codes_are_accepted_once_through_the_rules_and_an_altered_one_is_refused(app):
    page = app
    page.set_viewport_size({"width": 768, "height": 1024})
    campaign_id = stored_party(page, "Table test", "coc", investigator("Harvey Walters", {"Spot Hidden": 55}))
    open_players(page)
    # the two ways in say how they differ: a seat's invitation (a code, file or link for any device) and the live
    # table (a phone here, on the same Wi-Fi)
    live = page.locator("[data-live-entry]")
    expect(live.get_by_role("heading")).to_have_text("Connect a phone at this table (same Wi-Fi)")
    expect(live.get_by_role("button")).to_have_text("Connect a phone at this table (same Wi-Fi)")
    expect(page.get_by_role("button", name=re.compile("invite", re.I))).to_have_text(["Invite a player"])
    invite(page, "Harvey Walters", "Ann")
    expect(page.locator(".seat-who")).to_contain_text("Shared with Ann")
    stored = record(page, campaign_id)
    seat = stored["table"]["seats"][0]
    harvey = stored["characters"][0]
    assert len(seat["key"]) == 43 and seat["character"] == harvey["id"] and seat["player"] == "Ann"
    invitation = page.locator('textarea[name="invitation"]').input_value()
    assert page.locator('textarea[name="invitation-link"]').input_value().endswith(f"#/join/{invitation}")
    read = engine("table.read_codes", {"text": invitation, "campaign": campaign_id, "seats": [], "held_seq": None})
    assert read["problems"] == [] and read["items"][0]["payload"]["character"]["sheet"] == harvey["sheet"]
    shoot(page, "invitation")
    page.get_by_role("button", name="Hide the invitation").click()

    saw = {"outcome": "Extreme success", "steps": [["Target", 55], ["Total", 23]]}  # the player's device, mistaken
    spot = proposal(campaign_id, seat, harvey["id"], "coc.skill_roll", {"skill": "Spot Hidden"}, [3, 20], saw)
    sanity = proposal(campaign_id, seat, harvey["id"], "coc.sanity_roll", {"loss": "1/1D6"}, [2, 90, 4])
    sanity_before = harvey["sheet"]["san"]
    thread = (
        f"Ann wrote:\nHarvey looks around.\n{code_of(spot, seat)}\n\nAnn wrote:\nThe thing in the cellar!\n"
        f"{code_of(sanity, seat)}\n"
    )
    box = page.get_by_label("Paste players' posts or codes")
    box.fill(thread)
    page.get_by_role("button", name="Accept the rolls").click()
    lines = page.locator(".decisions > li")
    expect(lines).to_have_count(2)
    expect(lines.nth(0)).to_contain_text("Harvey Walters: Skill roll: Spot Hidden — accepted")
    expect(lines.nth(1)).to_contain_text("Harvey Walters: Sanity roll: loss 1/1D6 — accepted")
    expect(lines.nth(0).locator(".differs")).to_have_text(
        "The outcome here is Hard success; the player saw Extreme success."
    )
    expect(lines.nth(0).locator(".decision-result")).to_contain_text("Hard success")
    expect(lines.nth(1).locator(".decision-result")).to_contain_text("loses 4 Sanity")

    log = [entry for entry in stored_log(page, campaign_id) if entry.get("proposal")]
    assert [(entry["op"], entry["proposal"], entry["seat"]) for entry in log] == [
        ("coc.skill_roll", spot["id"], seat["id"]),
        ("coc.sanity_roll", sanity["id"], seat["id"]),
    ]
    after = record(page, campaign_id)
    assert after["characters"][0]["sheet"]["san"] == sanity_before - 4  # a failed roll loses 1D6: the 4 rolled
    decisions = after["table"]["decisions"]
    assert {decisions[spot["id"]]["status"], decisions[sanity["id"]]["status"]} == {"accepted"}
    assert decisions[spot["id"]]["entry"] == log[0]["id"]
    shoot(page, "accepted")

    # the same posts again: nothing changes
    revision = after["revision"]
    box.fill(thread)
    page.get_by_role("button", name="Accept the rolls").click()
    expect(lines.nth(0)).to_contain_text("— already accepted")
    expect(lines.nth(1)).to_contain_text("— already accepted")
    assert len([entry for entry in stored_log(page, campaign_id) if entry.get("proposal")]) == 2
    again = record(page, campaign_id)
    assert again["characters"] == after["characters"] and again["table"] == after["table"]
    assert again["revision"] in (revision, revision + 1)  # at most a write that changed nothing of the table

    # an altered code, second in the post, is refused with its message naming it; the first one is read
    fresh = proposal(campaign_id, seat, harvey["id"], "coc.sanity_roll", {"loss": "1/1D6"}, [3, 80, 3])
    good = code_of(fresh, seat)
    other = code_of(proposal(campaign_id, seat, harvey["id"], "coc.skill_roll", {"skill": "Listen"}, [1, 10]), seat)
    head, payload, mac = other.split(".")
    altered = f"{head}.{payload}.{'A' if mac[0] != 'A' else 'B'}{mac[1:]}"
    box.fill(f"{good}\n{altered}")
    page.get_by_role("button", name="Accept the rolls").click()
    expect(lines).to_have_count(1)
    expect(lines.nth(0)).to_contain_text("Sanity roll: loss 1/1D6 — accepted")
    problem = page.locator(".code-problems li")
    expect(problem).to_have_count(1)
    expect(problem).to_contain_text("Code 2 (“RC1P.")
    log = [entry for entry in stored_log(page, campaign_id) if entry.get("proposal")]
    assert [entry["proposal"] for entry in log] == [spot["id"], sanity["id"], fresh["id"]]
    assert record(page, campaign_id)["characters"][0]["sheet"]["san"] == sanity_before - 4 - 3

    # the campaign file (export, import, backup carry the record whole) keeps the table as the engine reads it
    whole = {**record(page, campaign_id), "log": stored_log(page, campaign_id)}
    checked = json.loads(api.call(json.dumps({"op": "campaign.check_file", "args": {}}), json.dumps(whole)))
    assert checked["ok"] and checked["result"]["details"]["valid"], checked
    assert checked["result"]["details"]["campaign"]["table"] == whole["table"]

    # the game master's Undo takes back an accepted roll as any other
    page.get_by_role("navigation", name="Campaign").get_by_role("link", name="Log", exact=True).click()
    page.get_by_role("button", name=re.compile("^Undo: ")).click()
    expect(page.locator(".log-row .log-headline").first).to_contain_text("Undone:")
    assert record(page, campaign_id)["characters"][0]["sheet"]["san"] == sanity_before - 4

    # a file of rolls, as a player's app shares it, is read the same way
    open_players(page)
    listen = proposal(campaign_id, seat, harvey["id"], "coc.skill_roll", {"skill": "Listen"}, [7, 60])
    bundle = {"kind": "rules-companion.proposals", "codes": [code_of(listen, seat)]}
    page.locator('input[name="rolls-file"]').set_input_files(
        files=[{"name": "harvey.rolls.json", "mimeType": "application/json", "buffer": json.dumps(bundle).encode()}]
    )
    expect(lines.nth(0)).to_contain_text("Skill roll: Listen — accepted")
    assert stored_log(page, campaign_id)[-1]["proposal"] == listen["id"]


def test_a_roll_request_shows_who_has_answered_and_updates_carry_it(app):
    page = app
    page.set_viewport_size({"width": 768, "height": 1024})
    campaign_id = stored_party(
        page, "Requests", "coc", investigator("Harvey Walters", {"Spot Hidden": 55}), investigator("Carol Ames")
    )
    open_players(page)
    invite(page, "Harvey Walters", "Ann")
    page.get_by_role("button", name="Hide the invitation").click()
    invite(page, "Carol Ames", "")
    page.get_by_role("button", name="Hide the invitation").click()

    page.get_by_role("button", name="Ask for a roll").click()
    form = page.locator("form.ask-form")
    form.locator('select[name="request-op"]').select_option(label="Sanity roll")
    form.locator('input[name="loss"]').fill("0/1D4")
    shoot(page, "ask-form")
    form.get_by_role("button", name="Ask for the roll").click()
    request_row = page.locator(".request")
    expect(request_row).to_contain_text("Sanity roll: loss 0/1D4 — all of you")
    expect(request_row).to_contain_text("Waiting for Harvey Walters, Carol Ames")

    stored = record(page, campaign_id)
    request = stored["table"]["requests"][0]
    assert request["op"] == "coc.sanity_roll" and request["args"]["loss"] == "0/1D4"
    assert "investigator" not in request["args"] and "dice" not in request["args"]
    seat = stored["table"]["seats"][0]
    harvey = next(each for each in stored["characters"] if each["id"] == seat["character"])

    # the post for players carries the request to each seat, signed with its key, numbered from 1
    page.get_by_role("button", name="Post for players").click()
    posts = page.locator('textarea[name="update"]')
    expect(posts).to_have_count(2)
    read = engine(
        "table.read_codes",
        {"text": posts.nth(0).input_value(), "campaign": campaign_id, "seats": [seat], "held_seq": 0},
    )
    update = read["items"][0]["payload"]
    assert update["seq"] == 1 and [each["id"] for each in update["requests"]] == [request["id"]]
    assert record(page, campaign_id)["table"]["seq"][seat["id"]] == 1

    answer = proposal(
        campaign_id, seat, harvey["id"], "coc.sanity_roll", {"loss": "0/1D4"}, [5, 20], request=request["id"]
    )
    page.get_by_label("Paste players' posts or codes").fill(code_of(answer, seat))
    page.get_by_role("button", name="Accept the rolls").click()
    expect(page.locator(".decisions > li")).to_contain_text("accepted")
    expect(page.locator(".decisions .differs")).to_have_count(0)  # the roll asked, its defaults shown or left out
    expect(request_row.locator(".answered")).to_have_text("✓ Harvey Walters")
    expect(request_row).to_contain_text("Waiting for Carol Ames")
    assert record(page, campaign_id)["table"]["requests"][0]["answers"] == {seat["id"]: answer["id"]}
    shoot(page, "request")

    # the next post carries that decision once: numbered 2, and the one after carries it no more
    def posted_for_harvey(seq):
        page.get_by_role("button", name="Post for players").click()
        text = page.get_by_label(f"For Harvey Walters: update {seq}")
        expect(text).to_have_value(re.compile(r"RC1U\."))
        read = engine("table.read_codes", {"text": text.input_value(), "campaign": campaign_id, "seats": [seat]})
        return read["items"][0]["payload"]

    second = posted_for_harvey(2)
    assert second["seq"] == 2 and [each["proposal"] for each in second["decisions"]] == [answer["id"]]
    assert second["requests"] == []  # answered
    shoot(page, "post")
    third = posted_for_harvey(3)
    assert third["seq"] == 3 and third["decisions"] == []
    whole = {**record(page, campaign_id), "log": stored_log(page, campaign_id)}
    checked = json.loads(api.call(json.dumps({"op": "campaign.check_file", "args": {}}), json.dumps(whole)))
    assert checked["ok"] and checked["result"]["details"]["valid"], checked

    # stop sharing: that seat's codes are refused from now on
    page.locator(".seat", has_text="Harvey Walters").get_by_role("button", name="Stop sharing with this player").click()
    page.locator("dialog.confirm").get_by_role("button", name="Stop sharing").click()
    expect(
        page.locator(".seat", has_text="Harvey Walters").get_by_role("button", name="Invite a player")
    ).to_be_visible()
    late = proposal(campaign_id, seat, harvey["id"], "coc.skill_roll", {"skill": "Spot Hidden"}, [1, 10])
    page.get_by_label("Paste players' posts or codes").fill(code_of(late, seat))
    page.get_by_role("button", name="Accept the rolls").click()
    expect(page.locator(".code-problems li")).to_have_count(1)
    assert late["id"] not in record(page, campaign_id)["table"]["decisions"]


ASKED = {  # as the guided form makes them: Jack with Perception 2, Mira with Perception 1
    "armageddon": lambda: armageddon_character("Jack", Perception=2),
    "semiautomagic": lambda: semiautomagic_creature("Mira", {"Perception": 1}),
}


@pytest.mark.parametrize(
    "game, name, title, field",
    [
        ("armageddon", "Jack", "Task from the character sheet", "skill_name"),
        ("semiautomagic", "Mira", "Skill or ability check", "dc"),
    ],
)
def test_the_other_games_ask_for_their_basic_check(app, game, name, title, field):
    page = app
    campaign_id = stored_party(page, f"Ask {game}", game, ASKED[game]())
    open_players(page)
    invite(page, name, "")
    page.get_by_role("button", name="Hide the invitation").click()
    page.get_by_role("button", name="Ask for a roll").click()
    form = page.locator("form.ask-form")
    expect(form.locator('select[name="request-op"] option')).to_have_count(1)
    expect(form.locator('select[name="request-op"]')).to_contain_text(title)
    expect(form.locator(f'[name="{field}"]')).to_be_visible()  # the roll's own fields, from the catalog
    expect(form.locator('[name="dice"]')).to_have_count(0)
    form.get_by_role("button", name="Ask for the roll").click()
    expect(page.locator(".request")).to_contain_text(f"Waiting for {name}")
    request = record(page, campaign_id)["table"]["requests"][0]
    assert request["op"] == f"{game}.{'character_task' if game == 'armageddon' else 'skill_check'}"
