"""A player's attack from their own device (web/screens/player/attack.mjs; py_rules/table/__init__.py, ``gm_dice`` and
``targets``): the game master's update names the Ghoul; the player picks it and a weapon of their own sheet, the
device rolls the attacker's side only (the weapon's skill, its trace shown) and says the game master rolls the
defence; the game master's app accepts the post's code, throws the Ghoul's dodge itself, and the Ghoul's sheet
changes there; the game master's next update brings the attack's outcome to the player.

The first test's game master is the engine itself in CPython (as in tests/web/test_table_player.py); the second's is
the game master's app in a second browser, its cast's Cultist named by "Post for players"."""

from __future__ import annotations

import copy
import re

import pytest
from playwright.sync_api import Page, expect

from py_rules.armageddon.character import EXAMPLE as JACK
from py_rules.coc.investigator import EXAMPLE_OPPONENT
from tests.web.guided_sheets import investigator
from tests.web.helpers import campaign_record, open_stored
from tests.web.test_fights import cast_from_template
from tests.web.test_table_player import GM_CAMPAIGN, GameMaster, engine, join, paste_update, player_record
from tests.web.test_table_two_devices import accept, gm_record, player, players_post, seated  # noqa: F401 (the fixture)

pytestmark = pytest.mark.shared_app  # one booted page for the module, emptied before each test (conftest.py, app)

GHOUL = {"id": "ch-ghoul", "name": "Ghoul", "sheet": copy.deepcopy(EXAMPLE_OPPONENT) | {"name": "Ghoul"}}
NAMED = {"id": GHOUL["id"], "name": GHOUL["name"]}  # a target travels as its id and name, never its sheet


def update_naming(gm: GameMaster, targets: list[dict], decisions: list[dict] = ()) -> str:
    gm.seq += 1
    return engine(
        "table.update",
        campaign=GM_CAMPAIGN["id"],
        seat=gm.seat,
        seq=gm.seq,
        character=gm.character,
        decisions=list(decisions),
        requests=[],
        turn=None,
        targets=targets,
    )["details"]["code"]


def accepted(gm, game: str, campaign_id: str, target: dict, proposal: dict) -> tuple[dict, dict, dict]:
    """The game master's app accepts the one ``proposal`` against the player's character and ``target``: the
    engine's answer, the decision (it must say accepted) and the log entry it writes."""
    answer = engine(
        "table.accept",
        game=game,
        campaign=campaign_id,
        settings={},
        seats=[gm.seat],
        characters=[gm.character, target],
        decided=[],
        proposals=[proposal],
        at="2026-12-07T09:40:00Z",
    )["details"]
    [decision] = answer["decisions"]
    assert decision["status"] == "accepted", decision
    [entry] = answer["entries"]
    return answer, decision, entry


def test_a_player_attacks_the_ghoul_the_update_names_and_the_game_master_rolls_its_defence(app: Page):
    page = app
    gm = GameMaster()
    join(page, gm.invitation())
    panel = page.locator("[data-player-attack]")
    expect(panel).to_contain_text("The game master's next post names whom you can attack.")

    paste_update(page, f"The Keeper: a Ghoul claws out of the crypt.\n\n{update_naming(gm, [NAMED])}")
    whom = panel.get_by_label("Whom")
    expect(whom.locator("option")).to_have_text(["Ghoul"])
    expect(panel.get_by_label("Weapon").locator("option")).to_have_text(["Unarmed (Fighting (Brawl))"])
    button = panel.get_by_role("button", name="Roll the attack")
    box = button.bounding_box()
    assert box["height"] >= 44 and box["width"] >= 44
    button.click()

    rolled = panel.locator("[data-attack-roll]")
    expect(rolled).to_contain_text("Your Fighting (Brawl) roll against Ghoul")
    expect(rolled.locator(".trace")).to_contain_text("Fighting (Brawl)")
    expect(rolled.locator("[data-gm-rolls]")).to_contain_text("The game master rolls the defence")
    code = rolled.locator('textarea[name="proposal-code"]')
    expect(code).to_have_value(re.compile(r"^RC1P\."))
    [waiting] = player_record(page)["joined"]["outbox"]
    assert waiting["op"] == "coc.attack" and waiting["gm_dice"] is True
    assert waiting["bind"] == {"investigator": "ch-ann", "opponent": "ch-ghoul"}
    assert len(waiting["dice"]) == 2  # the attacker's d100 alone: the Ghoul's dice are the game master's

    # the game master pastes the post's code: the attack runs on the game master's sheets, the dodge thrown there
    [proposal] = gm.read(f"Ann swings at the ghoul.\n{code.input_value()}")
    answer, decision, entry = accepted(gm, "coc", GM_CAMPAIGN["id"], GHOUL, proposal)
    assert [t["face"] for t in entry["result"]["dice"][:2]] == waiting["dice"]
    assert entry["result"]["dice"][2]["purpose"].startswith("Dodge roll")
    ghoul_after = next(c["sheet"] for c in answer["characters"] if c["id"] == "ch-ghoul")
    assert ghoul_after != GHOUL["sheet"] and ghoul_after["defences_this_round"] == 1  # the Ghoul defended
    assert ghoul_after["last_roll"]["name"] == "Dodge"

    # the game master's next post brings the outcome to the player, never the Ghoul's numbers
    gm.character = {**gm.character, "sheet": answer["characters"][0]["sheet"]}
    paste_update(page, update_naming(gm, [NAMED], [decision]))
    outcome = panel.locator(f'[data-attack-outcome="{proposal["id"]}"]')
    expect(outcome).to_have_text(f"On Ghoul: {decision['outcome']}")
    assert player_record(page)["joined"]["outbox"] == []
    assert "HP" not in outcome.inner_text()


def test_an_armageddon_player_attacks_with_a_knife_and_the_game_master_keeps_the_players_task_dice(app: Page):
    """Armageddon (rules/armageddon.md §1.8a): the device throws the attacker's Task, Dexterity + Hand Weapon + d10
    with its Rule of 10/1 chain; the game master's app takes those faces for the attack and throws the Thug's dodge."""
    page = app
    gm = GameMaster()
    campaign = GM_CAMPAIGN | {"name": "Armageddon night", "game": "armageddon"}
    knife = {
        "name": "Knife",
        "skill": "Hand Weapon",
        "damage": "d4 × Strength",
        "damage_type": "slashing/stabbing",
        "success_levels": True,
    }
    sheet = copy.deepcopy(JACK) | {"name": "Ann Reyes", "weapons": [knife]}
    sheet["skills"] = sheet["skills"] | {"Hand Weapon": 2}
    gm.character = {"id": "ch-ann", "name": "Ann Reyes", "sheet": sheet}
    thug = {"id": "ch-thug", "name": "Thug", "sheet": copy.deepcopy(JACK) | {"name": "Thug"}}
    join(page, engine("table.invite", campaign=campaign, seat=gm.seat, character=gm.character)["details"]["code"])
    paste_update(page, update_naming(gm, [{"id": thug["id"], "name": thug["name"]}]))
    panel = page.locator("[data-player-attack]")
    expect(panel.get_by_label("Whom").locator("option")).to_have_text(["Thug"])
    expect(panel.get_by_label("Weapon").locator("option")).to_have_text(["Knife (Hand Weapon)", "Punch (Brawling)"])
    panel.get_by_role("button", name="Roll the attack").click()

    rolled = panel.locator("[data-attack-roll]")
    expect(rolled).to_contain_text("Your Hand Weapon roll against Thug")
    expect(rolled.locator(".trace")).to_contain_text("Hand Weapon")
    code = rolled.locator('textarea[name="proposal-code"]')
    expect(code).to_have_value(re.compile(r"^RC1P\."))
    [waiting] = player_record(page)["joined"]["outbox"]
    assert waiting["op"] == "armageddon.attack" and waiting["gm_dice"] is True
    assert waiting["bind"] == {"attacker": "ch-ann", "defender": "ch-thug"} and waiting["args"] == {"weapon": "Knife"}

    [proposal] = gm.read(code.input_value())
    answer, decision, entry = accepted(gm, "armageddon", campaign["id"], thug, proposal)
    thrown = entry["result"]["dice"]
    assert [t["face"] for t in thrown[: len(waiting["dice"])]] == waiting["dice"]  # the attacker's Task: the player's
    strike = entry["result"]["details"]["attack"]
    assert str(strike["total"]) in rolled.locator(".trace").inner_text()
    if strike["success"]:  # a hit is dodged or not by the game master's dice
        assert len(thrown) > len(waiting["dice"])


def test_on_two_devices_the_game_masters_app_names_the_cultist_and_rolls_its_dodge(app: Page, player: Page):  # noqa: F811
    gm = app
    gm.set_viewport_size({"width": 1024, "height": 768})
    campaign_id = "c-masks"  # as the guided form makes her, put straight into storage: making her is test_table's
    ann = investigator("Ann Reyes", {"Fighting (Brawl)": 60})
    open_stored(gm, campaign_record(campaign_id, "Masks of Nyarlathotep", "coc", {"pc-ann": ann}), f"#/c/{campaign_id}")
    cast_from_template(gm, "Cultist")
    seated(gm, player, "Ann Reyes", "Pat")

    paste_update(player, players_post(gm))  # the game master's post names the cast: the Cultist
    panel = player.locator("[data-player-attack]")
    expect(panel.get_by_label("Whom").locator("option")).to_have_text(["Cultist"])
    panel.get_by_role("button", name="Roll the attack").click()
    expect(panel.locator("[data-gm-rolls]")).to_contain_text("The game master rolls the defence")
    code = panel.locator('textarea[name="proposal-code"]').input_value()

    cultist_before = next(c for c in gm_record(gm, campaign_id)["characters"] if c["sheet"]["name"] == "Cultist")
    accept(gm, f"Ann lunges.\n{code}")
    theirs = gm_record(gm, campaign_id)
    cultist = next(c for c in theirs["characters"] if c["id"] == cultist_before["id"])
    assert cultist["sheet"] != cultist_before["sheet"] and cultist["sheet"]["last_roll"]["name"] == "Dodge"
    [decision] = theirs["table"]["decisions"].values()
    assert decision["status"] == "accepted" and decision["outcome"]

    paste_update(player, players_post(gm))
    expect(panel.locator("[data-attack-outcome]")).to_have_text(f"On Cultist: {decision['outcome']}")
