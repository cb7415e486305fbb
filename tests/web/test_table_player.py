"""A player's device (py_rules/table/__init__.py; web/screens/player/, web/player/): joining a game from the game master's
invitation, the player's view with none of the game master's controls, a roll proposed with its code in the forum
post, the game master's update replacing the sheet and a roll request opening the drawer filled in; stale, altered
and other games' codes refused with nothing changed; screenshots of the join screen and of the player's view.

The game master's side is the engine itself, called here in CPython (the same py_rules the page's wheel is built
from): ``table.invite``, ``table.read_codes``, ``table.accept`` and ``table.update``, with the game master's sheets
kept in this test, as the game master's app keeps them."""

from __future__ import annotations

import json
import secrets
from base64 import urlsafe_b64encode
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from py_rules import api
from tests.web.helpers import roll, stored_campaigns
from tests.web.test_interchange import stub_clipboard, written
from tests.web.test_screens import SMALL_TARGETS
from tests.web.test_words_scan import scan

pytestmark = pytest.mark.shared_app  # one booted page for the module, emptied before each test (conftest.py, app)

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "test-results" / "screens"
SIZES = [(768, 1024), (1024, 768), (390, 844)]
GM_CAMPAIGN = {"id": "c-gm-masks", "name": "Masks of Nyarlathotep", "game": "coc", "settings": {}, "forum": None}


def engine(op: str, **args) -> dict:
    answer = api.handle({"op": op, "args": args})
    assert answer["ok"], answer
    return answer["result"]


class GameMaster:
    """The game master's campaign as the game master's app keeps it: one seat, Ann's sheet, the decisions, the seq."""

    def __init__(self):
        sheet = engine(
            "coc.create_investigator",
            name="Ann Reyes",
            STR=50,
            CON=60,
            SIZ=50,
            DEX=55,
            APP=50,
            INT=70,
            POW=60,
            EDU=70,
            luck=45,
            skills={"Spot Hidden": 55, "Library Use": 60},
        )["state"]
        self.character = {"id": "ch-ann", "name": sheet["name"], "sheet": sheet}
        key = urlsafe_b64encode(secrets.token_bytes(32)).rstrip(b"=").decode()
        self.seat = {"id": "s-ann", "character": "ch-ann", "player": "Pat", "key": key, "made": "2026-12-07T09:00:00Z"}
        self.decided: list[str] = []
        self.seq = 0

    def invitation(self) -> str:
        return engine("table.invite", campaign=GM_CAMPAIGN, seat=self.seat, character=self.character)["details"]["code"]

    def read(self, post: str) -> list[dict]:
        found = engine(
            "table.read_codes",
            text=post,
            campaign=GM_CAMPAIGN["id"],
            seats=[{"id": self.seat["id"], "key": self.seat["key"]}],
            held_seq=None,
        )["details"]
        assert found["problems"] == [], found["problems"]
        return [item["payload"] for item in found["items"] if item["kind"] == "proposal"]

    def accept(self, proposals: list[dict]) -> list[dict]:
        answer = engine(
            "table.accept",
            game="coc",
            campaign=GM_CAMPAIGN["id"],
            settings={},
            seats=[self.seat],
            characters=[self.character],
            decided=self.decided,
            proposals=proposals,
            at="2026-12-07T09:30:00Z",
        )["details"]
        self.decided += [each["proposal"] for each in answer["decisions"]]
        self.character = {**self.character, "sheet": answer["characters"][0]["sheet"]}
        return answer["decisions"]

    def damage(self, amount: int) -> None:
        self.character["sheet"] = engine(
            "coc.apply_damage", investigator=self.character["sheet"], amount=amount, own_turn=False
        )["state"]

    def update(self, decisions: list[dict], requests: list[dict], campaign: str = GM_CAMPAIGN["id"]) -> str:
        self.seq += 1
        code = engine(
            "table.update",
            campaign=campaign,
            seat=self.seat,
            seq=self.seq,
            character=self.character,
            decisions=decisions,
            requests=requests,
            turn=None,
        )["details"]["code"]
        return f"Keeper: the lamp gutters.\n\n{code}\n"


SANITY_REQUEST = {
    "id": "r-san",
    "op": "coc.sanity_roll",
    "args": {"loss": "1/1D4"},
    "label": "Sanity roll, all of you",
    "seats": ["s-ann"],
    "at": "2026-12-07T09:31:00Z",
}

GM_BUTTONS = [
    "Take damage",
    "Time passes",
    "Dying round",
    "Condition",
    "First Aid",
    "Medicine",
    "Regain Sanity",
    "Recover Luck",
    "Edit values",
    "Edit weapons and armour",
    "Edit items",
    "Remove Ann Reyes from the campaign",
]
GM_LINKS = ["Party", "Cast", "Encounter", "Log", "House rules"]
GM_MORE = ["Development phase", "Weekly healing roll", "Can they act?", "Opposed roll", "Reload"]


def player_record(page: Page) -> dict:
    [record] = [each for each in stored_campaigns(page) if each.get("joined")]
    return record


def join(page: Page, code: str) -> None:
    page.get_by_role("link", name="Join a game").click()
    expect(page.get_by_role("heading", name="Join a game")).to_be_visible()
    page.get_by_label("The invitation from your game master").fill(code)
    page.get_by_role("button", name="Join", exact=True).click()
    expect(page.locator("#sheet-title")).to_have_text("Ann Reyes")


def paste_update(page: Page, post: str):
    panel = page.locator("[data-player-panel]")
    if not panel.get_by_label("The game master's post").count():
        panel.get_by_role("button", name="Paste the game master's post").click()
    panel.get_by_label("The game master's post").fill(post)
    panel.get_by_role("button", name="Bring my sheet up to date").click()


def shoot(page: Page, name: str) -> None:
    """Screenshots at three sizes; at each, every target is 44 px, nothing scrolls sideways, every word is plain."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(150)
        page.screenshot(path=str(SHOTS / f"{name}-{width}x{height}.png"))
        assert page.evaluate(SMALL_TARGETS) == [], (name, width)
        assert page.evaluate("document.documentElement.scrollWidth <= innerWidth"), (name, width)
        assert scan(page, name) == []
    page.set_viewport_size({"width": 1024, "height": 768})


def test_a_player_joins_rolls_and_the_game_masters_update_replaces_the_sheet(app: Page):
    page = app
    gm = GameMaster()
    shoot_join = page.get_by_role("link", name="Join a game")
    expect(shoot_join).to_be_visible()
    box = shoot_join.bounding_box()
    assert box["height"] >= 44 and box["width"] >= 44
    join(page, gm.invitation())

    # the player's view: the sheet and the player's own moves, none of the game master's controls
    for name in GM_BUTTONS:
        expect(page.get_by_role("button", name=name, exact=True)).to_have_count(0)
    expect(page.locator("[data-history]")).to_have_count(0)
    nav = page.get_by_role("navigation", name="Campaign")
    for name in GM_LINKS:
        expect(nav.get_by_role("link", name=name, exact=True)).to_have_count(0)
    page.get_by_role("button", name="More moves…").click()
    for name in GM_MORE:
        expect(page.get_by_role("button", name=name, exact=True)).to_have_count(0)
    expect(page.get_by_role("button", name="Roll any skill…")).to_be_visible()
    page.get_by_role("button", name="Fewer moves").click()

    record = player_record(page)
    assert record["joined"]["campaign"] == GM_CAMPAIGN["id"] and record["joined"]["seat"] == "s-ann"
    assert record["characters"] == [{"id": "ch-ann", "kind": "pc", "sheet": gm.character["sheet"]}]

    # Home lists the player's record as theirs; joining again refreshes it, never a second record
    page.goto(page.url.split("#")[0] + "#/")
    expect(page.locator(".campaign-name", has_text="Ann Reyes in Masks of Nyarlathotep (player)")).to_be_visible()
    join(page, gm.invitation())
    assert len([each for each in stored_campaigns(page) if each.get("joined")]) == 1

    # a Spot Hidden roll: shown at once, waiting for the game master, its post carrying the proposal's code
    page.locator('[data-row="skill-Spot Hidden"]').click()
    text = roll(page, faces="5 30")
    assert "35" in text
    stub_clipboard(page)
    page.locator(".drawer").get_by_role("button", name="Copy for the forum", exact=False).first.click()
    expect(page.locator(".drawer .copy-said")).to_contain_text("Copied")
    post = written(page)
    assert "RC1P." in post.strip().splitlines()[-1]  # the last line: bare, or in the format's code block
    page.get_by_role("button", name="Close the roll drawer").click()
    expect(page.locator("[data-pending]")).to_contain_text("1 roll waiting for the game master")
    page.reload()
    expect(page.locator("[data-pending]")).to_contain_text("1 roll waiting for the game master")  # kept on reload
    [proposal] = player_record(page)["joined"]["outbox"]
    assert proposal["dice"] == [5, 30] and proposal["dice_source"] == "physical"
    assert "investigator" not in proposal["args"] and proposal["bind"] == {"investigator": "ch-ann"}

    # the game master pastes the post: accepted, the same roll; then hurts Ann and asks for a Sanity roll
    [read] = gm.read(post)
    assert read == proposal
    decisions = gm.accept([read])
    assert [each["status"] for each in decisions] == ["accepted"] and decisions[0]["differs"] == []
    gm.damage(3)
    update = gm.update(decisions, [SANITY_REQUEST])

    # a roll the game master has not seen yet: it waits through the update, shown on top of the game master's sheet
    page.locator('[data-row="skill-Library Use"]').click()
    roll(page, faces="2 10")
    page.get_by_role("button", name="Close the roll drawer").click()
    expect(page.locator("[data-pending]")).to_contain_text("2 rolls waiting")

    # stale, altered and other games' updates change nothing
    before = player_record(page)
    paste_update(page, update.replace("RC1U.", "RC1U.x", 1))
    expect(page.locator("[data-player-panel] .field-error")).to_be_visible()
    other = gm.update([], [], campaign="c-someone-else")
    gm.seq -= 1
    paste_update(page, other)
    expect(page.locator("[data-player-panel] .field-error")).to_contain_text("campaign")
    assert player_record(page) == before

    paste_update(page, update)
    expect(page.locator("[data-pending]")).to_contain_text("1 roll waiting")
    expect(page.get_by_text("Your sheet is up to date with the game master's: 1 roll accepted.")).to_be_visible()
    expect(page.get_by_label("The game master's post")).to_have_count(0)  # put away once read
    record = player_record(page)
    shown, truth = record["characters"][0]["sheet"], gm.character["sheet"]
    assert shown["hp"] == truth["hp"] == 8  # the game master's damage: a one-way replace
    assert shown["last_roll"]["roll"] == 12 and truth["last_roll"]["roll"] == 35  # the waiting roll on top of it
    assert record["joined"]["seq"] == 1 and [each["args"]["skill"] for each in record["joined"]["outbox"]] == [
        "Library Use"
    ]
    paste_update(page, update)
    expect(page.locator("[data-player-panel] .field-error")).to_contain_text("already")
    page.get_by_role("button", name="Paste the game master's post").click()  # put away
    page.get_by_role("button", name="Dismiss message").click()

    # a roll still waiting and a request side by side (screenshots)
    expect(page.locator("[data-pending]")).to_contain_text("1 roll waiting")
    expect(page.locator('[data-request="r-san"]')).to_be_visible()
    page.evaluate("window.scrollTo(0, 0)")
    shoot(page, "player-view")

    # the request opens the drawer filled in; rolling it answers the request
    page.locator('[data-request="r-san"]').click()
    drawer = page.locator(".drawer")
    expect(drawer.locator("#drawer-title")).to_have_text("Sanity roll, all of you")
    expect(drawer.locator('[name="loss"]')).to_have_value("1/1D4")
    expect(drawer.locator("button.roll")).to_be_in_viewport()
    shoot(page, "player-request-drawer")
    expect(drawer.locator("button.roll")).to_be_in_viewport()
    roll(page, faces="0 20")
    stub_clipboard(page)
    drawer.get_by_role("button", name="Copy for the forum", exact=False).first.click()
    expect(drawer.locator(".copy-said")).to_contain_text("Copied")
    post = written(page)
    page.get_by_role("button", name="Close the roll drawer").click()
    expect(page.locator('[data-request="r-san"]')).to_have_count(0)  # answered: it waits no more
    outbox = player_record(page)["joined"]["outbox"]
    assert [each["request"] for each in outbox] == [None, "r-san"]

    # the game master accepts both (the Library Use roll from the shared file's codes): both campaigns agree
    with page.expect_download() as shared:
        page.get_by_role("button", name="Share my rolls as a file").click()
    codes = Path(shared.value.path()).read_text()
    assert len(codes.split()) == 2
    assert gm.read(post) == [outbox[1]]
    decisions = gm.accept(gm.read(codes))
    assert [each["status"] for each in decisions] == ["accepted", "accepted"]
    paste_update(page, gm.update(decisions, []))
    expect(page.locator("[data-pending]")).to_have_count(0)
    record = player_record(page)
    assert record["characters"][0]["sheet"] == gm.character["sheet"]
    assert record["characters"][0]["sheet"]["san"] < 60  # the Sanity loss is the game master's too

    # a roll the game master's rules refuse (Ann died meanwhile at the table): shown with the engine's reason
    page.locator('[data-row="skill-Spot Hidden"]').click()
    roll(page, faces="1 10")
    stub_clipboard(page)
    page.locator(".drawer").get_by_role("button", name="Copy for the forum", exact=False).first.click()
    expect(page.locator(".drawer .copy-said")).to_contain_text("Copied")
    post = written(page)
    page.get_by_role("button", name="Close the roll drawer").click()
    gm.damage(40)
    [refused] = gm.accept(gm.read(post))
    assert refused["status"] == "refused" and refused["reason"]
    paste_update(page, gm.update([refused], []))
    shown = page.locator("[data-refused]")
    expect(shown).to_contain_text("Skill roll: Spot Hidden")
    expect(shown).to_contain_text(refused["reason"])
    expect(page.locator("[data-pending]")).to_have_count(0)
    assert player_record(page)["characters"][0]["sheet"] == gm.character["sheet"]


def test_the_join_screen_and_a_link_that_joins_at_once(app: Page):
    page = app
    gm = GameMaster()
    page.goto(page.url.split("#")[0] + "#/join")
    expect(page.get_by_role("heading", name="Join a game")).to_be_visible()
    page.get_by_label("The invitation from your game master").fill("hello, this is no code")
    page.get_by_role("button", name="Join", exact=True).click()
    expect(page.locator(".join .field-error")).to_be_visible()
    assert [each for each in stored_campaigns(page) if each.get("joined")] == []
    shoot(page, "player-join")
    page.goto(page.url.split("#")[0] + f"#/join/{gm.invitation()}")
    expect(page.locator("#sheet-title")).to_have_text("Ann Reyes")
    assert json.loads(json.dumps(player_record(page)["joined"]["seat"])) == "s-ann"


def proposal_param(op_id: str) -> str:
    """The name of the sheet an operation reads (its first parameter that names a sheet)."""
    declared = next(op for op in api.catalog()["operations"] if op["id"] == op_id)
    return next(param["name"] for param in declared["params"] if param.get("state_key"))


SHEET_OF = {"armageddon": "armageddon.character_task", "semiautomagic": "semiautomagic.skill_check"}


@pytest.mark.parametrize("game", sorted(SHEET_OF))
def test_a_player_of_the_other_games_rolls_from_the_sheet_and_sees_no_game_master_controls(app: Page, game: str):
    page = app
    declared = next(op for op in api.catalog()["operations"] if op["id"] == SHEET_OF[game])
    sheet = next(param for param in declared["params"] if param.get("state_key"))["example"]
    gm = GameMaster()
    gm.character = {"id": "ch-1", "name": sheet["name"], "sheet": sheet}
    gm.seat = {**gm.seat, "character": "ch-1"}
    campaign = {**GM_CAMPAIGN, "game": game}
    code = engine("table.invite", campaign=campaign, seat=gm.seat, character=gm.character)["details"]["code"]
    page.goto(page.url.split("#")[0] + f"#/join/{code}")
    expect(page.locator("#sheet-title")).to_have_text(sheet["name"])
    for name in ("Take damage", "Time passes", "Days pass", "Condition", "Edit values", "Heal"):
        expect(page.get_by_role("button", name=name, exact=True)).to_have_count(0)
    expect(page.locator("[data-history]")).to_have_count(0)
    page.locator("button.roll-row").first.click()
    roll(page)
    page.get_by_role("button", name="Close the roll drawer").click()
    expect(page.locator("[data-pending]")).to_contain_text("1 roll waiting for the game master")
    [proposal] = player_record(page)["joined"]["outbox"]
    assert proposal["op"].startswith(f"{game}.") and proposal["bind"] == {proposal_param(proposal["op"]): "ch-1"}
    found = engine(
        "table.read_codes",
        text=engine("table.encode", kind="proposal", payload=proposal, key=gm.seat["key"])["details"]["code"],
        campaign=campaign["id"],
        seats=[{"id": gm.seat["id"], "key": gm.seat["key"]}],
        held_seq=None,
    )["details"]
    [decision] = engine(
        "table.accept",
        game=game,
        campaign=campaign["id"],
        settings={},
        seats=[gm.seat],
        characters=[gm.character],
        decided=[],
        proposals=[found["items"][0]["payload"]],
        at="2026-12-07T09:30:00Z",
    )["details"]["decisions"]
    assert decision["status"] == "accepted" and decision["differs"] == [], decision
