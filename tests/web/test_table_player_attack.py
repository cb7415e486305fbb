"""A player's attack from their own device (web/screens/player/attack.mjs; notes/table_contract.md, ``gm_dice`` and
``targets``): the game master's update names the Ghoul; the player picks it and a weapon of their own sheet, the
device rolls the attacker's side only (the weapon's skill, its trace shown) and says the game master rolls the
defence; the game master's app accepts the post's code, throws the Ghoul's dodge itself, and the Ghoul's sheet
changes there; the game master's next update brings the attack's outcome to the player.

The game master's side is the engine itself in CPython, as in tests/web/test_table_player.py."""

from __future__ import annotations

import copy
import re

from playwright.sync_api import Page, expect

from py_rules.coc.investigator import EXAMPLE_OPPONENT
from tests.web.test_table_player import GM_CAMPAIGN, GameMaster, engine, join, paste_update, player_record

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
    answer = engine(
        "table.accept",
        game="coc",
        campaign=GM_CAMPAIGN["id"],
        settings={},
        seats=[gm.seat],
        characters=[gm.character, GHOUL],
        decided=[],
        proposals=[proposal],
        at="2026-12-07T09:40:00Z",
    )["details"]
    [decision] = answer["decisions"]
    assert decision["status"] == "accepted", decision
    [entry] = answer["entries"]
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
