"""Every move on the card (TABLE.md, Running the game): for each game, every operation of the catalog that acts
on one character (a character's sheet among its parameters, or one of the few that act on one without taking
it) opens its drawer from that character's sheet in at most three taps — and, in an encounter, from the card.
The operations come from ``py_rules.api.catalog()`` here, not from the page, so a new operation without a place
fails this test; the page's games/moves.mjs only says which taps lead there. Then a few real rolls: a Fear Test,
First Aid by a medic picked from the party, Medicine stabilising a dying creature, an unskilled Task whose skill
is picked from the game's list.

The campaigns are put straight into storage, with the sheets the guided form makes from the same numbers and skills
(tests/web/guided_sheets.py): the sheet decides the moves offered, so the walk covers what it covered through the form
(the form itself is the creation tests')."""

import re
import uuid

import pytest
from playwright.sync_api import expect

from py_rules import api
from tests.door import answer
from tests.web.guided_sheets import armageddon_character, investigator, semiautomagic_creature
from tests.web.helpers import campaign_record, new_campaign, open_stored, roll, stored_campaigns

pytestmark = pytest.mark.shared_app  # one booted page for the module, emptied before each test (conftest.py, app)

# Per game: the character whose sheet is walked, and a second one (opponent, medic) with what that needs, as the
# guided form makes them (Jack: Perception 3, Notice 2; Ann: Intelligence 3, First Aid 4, Medicine 2; Harvey: CON 50,
# SIZ 50, Spot Hidden 60; the Cultist: STR 60, Dodge 30, First Aid 50).
GAMES = {
    "armageddon": [
        lambda: armageddon_character("Jack", {"Notice": 2}, Perception=3),
        lambda: armageddon_character("Ann", {"First Aid": 4, "Medicine": 2}, Intelligence=3),
    ],
    "semiautomagic": [
        lambda: semiautomagic_creature("Mira", {"Perception": 1}),
        lambda: semiautomagic_creature("Doc", {"Medicine": 2}),
    ],
    "coc": [
        lambda: investigator("Harvey", {"Spot Hidden": 60}, CON=50, SIZ=50),
        lambda: investigator("Cultist", {"Dodge": 30, "First Aid": 50}, STR=60),
    ],
}


def stored_party(page, game: str, name: str, encounter: bool = False) -> tuple[str, str]:
    """The campaign ``name`` of ``game`` with its two characters of :data:`GAMES`, stored and opened on the first one's
    sheet, or with ``encounter`` on an encounter, "The walk", that both have joined (the GM's order not yet made); its
    id and the first character's name."""
    party = {f"ch-{i}": make() for i, make in enumerate(GAMES[game])}
    cid = f"c-{uuid.uuid4().hex[:12]}"  # a new one each time, as the app makes it: no verdict kept for it
    encounters = ()
    route = f"#/c/{cid}/sheet/ch-0"
    if encounter:
        combatants = [{"character_id": key} for key in party]
        encounters = (
            answer("encounter.start", id="enc-1", name="The walk", game=game, combatants=combatants, sheets=party)[
                "state"
            ],
        )
        route = f"#/c/{cid}/encounter/enc-1"
    open_stored(page, campaign_record(cid, name, game, party, encounters), route)
    hero = party["ch-0"]["name"]
    expect(page.locator("#encounter-title" if encounter else "#sheet-title")).to_have_text(
        "The walk" if encounter else hero
    )
    return cid, hero


# Operations acting on one character though no sheet is among their parameters (the sheets fill their numbers).
WITHOUT_A_SHEET = {
    "armageddon.roll_damage",
    "semiautomagic.roll_damage",
    "semiautomagic.detect_soul_coma",
    "coc.manoeuvre_check",
}
NOT_A_CHARACTER = {"coc.combat", "encounter"}
# A follow-up is offered after a roll: the row rolled and its faces (Spot Hidden 60: 95 fails, 35 Luck would buy it).
AFTER = {"coc.push_roll": ("skill-Spot Hidden", "5 90"), "coc.spend_luck": ("skill-Spot Hidden", "5 90")}
# …or after a quick action on a hurt character: First Aid 50 fails on 55, 5 of his own Luck would buy it.
AFTER_AN_ACTION = {"coc.treatment_luck": ("first_aid", "5 50", {"skill": "50"})}
AFTER.update({op: (key, faces) for op, (key, faces, _fields) in AFTER_AN_ACTION.items()})


def character_ops(game: str) -> list[str]:
    """The catalog's operations of ``game`` that act on one character, read in this process."""
    out = []
    for op in api.catalog()["operations"]:
        if op["system"] != game:
            continue
        sheets = [
            p
            for p in op["params"]
            if p["kind"] == "json"
            and p.get("state_key", "")
            and p["state_key"].startswith(f"{game}.")
            and p["state_key"] not in NOT_A_CHARACTER
        ]
        if sheets or op["id"] in WITHOUT_A_SHEET:
            out.append(op["id"])
    return out


def page_moves(page, game: str, sheet: dict) -> dict:
    """What the page's games/moves.mjs says: the moves of ``sheet`` (shortest first) and the operations left out, the
    game read with its sheet's declaration from the catalog as the screens read it (games/index.mjs gameFor)."""
    return page.evaluate(
        """async ([game, sheet]) => {
        const base = location.href.split("#")[0];
        const moves = await import(new URL("src/games/moves.mjs", base).href);
        const { gameFor } = await import(new URL("src/games/index.mjs", base).href);
        const { indexCatalog } = await import(new URL("src/app/engine.mjs", base).href);
        const catalog = indexCatalog(await (await fetch(new URL("catalog.json", base))).json());
        return { moves: moves.movesOf(gameFor(catalog, game), sheet), left: moves.LEFT_TO_ALL_OPERATIONS };
    }""",
        [game, sheet],
    )


def sheet_of(page, campaign_id: str, name: str) -> dict:
    record = next(r for r in stored_campaigns(page) if r["id"] == campaign_id)
    return next(c["sheet"] for c in record["characters"] if c["sheet"]["name"] == name)


RESET = """async (toggleSelector) => {
    document.querySelector('.drawer button[aria-label="Close the roll drawer"]')?.click();
    const toggle = () => document.querySelector(toggleSelector);
    if (toggle()?.getAttribute("aria-expanded") === "true") toggle().click();
    for (const end = performance.now() + 10_000; performance.now() < end; ) {
        if (!document.querySelector(".drawer") && toggle()?.getAttribute("aria-expanded") !== "true") return "";
        await new Promise((resolve) => setTimeout(resolve, 5));
    }
    return "the drawer or More is still open";
}"""
"""The drawer closed and More folded by their own buttons, in one call (before each of some 130 walks: one round
trip instead of four); what is walked from there is tapped as a person taps it."""


def reset(page, toggle: str = ".sheet .more-toggle") -> None:
    """Back to the sheet (or the card whose More is ``toggle``) as it opens: no drawer, More closed."""
    failed = page.evaluate(RESET, toggle)
    assert not failed, failed


def walk(page, move: dict, op: str) -> int:
    """Tap the way ``move`` says from the sheet to ``op``'s drawer; the number of taps."""
    how, key = move["how"], move["key"]
    taps = 0

    def tap(locator):
        nonlocal taps
        expect(locator).to_be_visible()
        box = locator.bounding_box()
        assert box["height"] >= 44 and box["width"] >= 44, (op, box)  # a touch target
        locator.click()
        taps += 1

    if how == "after" and op in AFTER_AN_ACTION:
        key, faces, fields = AFTER_AN_ACTION[op]
        page.locator('section.sheet > .quick-actions [data-action="damage"]').click()  # hurt first: not a tap counted
        roll(page, fields={"amount": "1"})
        page.get_by_role("button", name="Close the roll drawer").click()
        tap(page.locator(f'section.sheet > .quick-actions [data-action="{key}"]'))
        page.locator(".drawer").get_by_text("Receives it").click()  # the hero treats their own wound, no medic
        roll(page, faces=faces, fields=fields)
        taps += 1  # the Roll button
        tap(page.locator(f'.drawer .follow-ups [data-op="{op}"]'))
        return taps
    if how == "after":
        row, faces = AFTER[op]
        tap(page.locator(f'[data-row="{row}"]'))
        roll(page, faces=faces)
        taps += 1  # the Roll button
        tap(page.locator(f'.drawer .follow-ups [data-op="{op}"]'))
        return taps
    if how.startswith("action"):
        tap(page.locator(f'section.sheet > .quick-actions [data-action="{key}"]'))
    elif how.startswith("row"):
        tap(page.locator(f'[data-row="{key}"]'))
    else:
        tap(page.locator(".sheet .more-toggle"))
        tap(page.locator(f'.sheet .more-panel [data-action="{key}"]'))
        if "chooser" in how:
            tap(page.locator(".skill-chooser [data-choice]").last)
    if how.endswith("opposed"):
        page.locator('.drawer select[name="opponent"]').select_option(index=1)
        taps += 1
    return taps


@pytest.mark.parametrize("game", GAMES)
def test_every_single_character_operation_is_three_taps_from_the_sheet(app, game):
    page = app
    page.set_viewport_size({"width": 768, "height": 1024})
    campaign_id, hero = stored_party(page, game, f"Walk {game}")
    said = page_moves(page, game, sheet_of(page, campaign_id, hero))
    left = said["left"]
    assert len(left) <= 3 and all(len(reason) > 20 for reason in left.values()), (
        left
    )  # a tiny list, each with its reason
    ops = character_ops(game)
    assert set(op for op in left if op.startswith(f"{game}.")) <= set(ops)
    unplaced = [op for op in ops if op not in left and not any(move["op"] == op for move in said["moves"])]
    assert unplaced == [], f"no way from the sheet to {unplaced}"
    for op in ops:
        if op in left:
            continue
        move = next(move for move in said["moves"] if move["op"] == op)
        reset(page)
        taps = walk(page, move, op)
        assert taps <= 3, (op, move, taps)
        if op in ("coc.spend_luck", "coc.treatment_luck"):  # spent at once: the result says so
            expect(page.locator(".drawer [data-result]")).to_contain_text("Luck")
        else:
            expect(page.locator(f'.drawer[data-drawer="{op}"]')).to_be_visible()
    reset(page)


def card_moves(page, game: str, sheet: dict) -> list[dict]:
    """What the page's games/moves.mjs says the encounter card offers (its quick actions, then its More)."""
    return page.evaluate(
        """async ([game, sheet]) => {
        const base = location.href.split("#")[0];
        const moves = await import(new URL("src/games/moves.mjs", base).href);
        const { encounterGame } = await import(new URL("src/screens/encounter/games.mjs", base).href);
        const rules = encounterGame(game);
        return moves.movesOf(rules.game, sheet, rules.actions);
    }""",
        [game, sheet],
    )


@pytest.mark.parametrize("game", GAMES)
def test_every_single_character_operation_is_three_taps_from_the_encounter_card(app, game):
    page = app
    page.set_viewport_size({"width": 768, "height": 1024})
    campaign_id, hero = stored_party(page, game, f"Card {game}", encounter=True)
    expect(page.locator(".combatant")).to_have_count(2)
    card = page.locator("li.combatant", has=page.locator("h3", has_text=hero))
    hero_id = card.get_attribute("data-combatant")
    toggle = card.locator(".more-toggle")
    moves = card_moves(page, game, sheet_of(page, campaign_id, hero))
    left = page_moves(page, game, sheet_of(page, campaign_id, hero))["left"]
    ops = [op for op in character_ops(game) if op not in left and op not in AFTER]  # a follow-up comes after a roll
    unplaced = [op for op in ops if not any(move["op"] == op for move in moves)]
    assert unplaced == [], f"no way from the card to {unplaced}"
    for op in ops:
        move = next(move for move in moves if move["op"] == op)
        reset(page, f'li.combatant[data-combatant="{hero_id}"] .more-toggle')
        taps = 0
        if move["how"].startswith("action"):
            card.locator(f':scope > .combatant-actions > .quick-actions [data-action="{move["key"]}"]').click()
            taps += 1
            picker = card.locator(".target-picker")
            if picker.count():  # the attack: whom, by one tap
                picker.locator("[data-target]:enabled").first.click()
                taps += 1
        else:
            toggle.click()
            card.locator(f'.more-panel [data-action="{move["key"]}"]').click()
            taps += 2
            if "chooser" in move["how"]:
                card.locator(".skill-chooser [data-choice]").last.click()
                taps += 1
        if move["how"].endswith("opposed"):
            page.locator('.drawer select[name="opponent"]').select_option(index=1)
            taps += 1
        assert taps <= 3, (op, move, taps)
        expect(page.locator(f'.drawer[data-drawer="{op}"]')).to_be_visible()


def rolled(page, **kwargs) -> str:
    """Roll in the open drawer; the result with its trace opened (every die and modifier)."""
    roll(page, **kwargs)
    summary = page.locator(".drawer [data-result] .trace summary")
    if summary.count():
        summary.first.click()
    return page.locator(".drawer [data-result]").inner_text()


def more(page, key: str) -> None:
    page.locator(".sheet .more-toggle").click()
    page.locator(f'.sheet .more-panel [data-action="{key}"]').click()


def lp(page) -> int:
    return int(
        page.locator(".sheet .character-card .bar", has_text="LP").locator(".bar-value").inner_text().split("/")[0]
    )


def test_armageddon_fear_first_aid_by_a_medic_and_an_unskilled_task(app):
    page = app
    stored_party(page, "armageddon", "Moves")  # on Jack's sheet; Ann, Intelligence 3 and First Aid 4, is the medic

    # Fear Test: one tap, Willpower 2 + 8 against 9
    page.locator('section.sheet > .quick-actions [data-action="fear"]').click()
    expect(page.locator('.drawer[data-drawer="armageddon.fear_test"]')).to_be_visible()
    text = rolled(page, faces="8")
    assert "Total 10 vs 9: success" in text
    page.get_by_role("button", name="Close the roll drawer").click()

    # First Aid on Jack, hurt, with Ann picked as the medic: her Intelligence 3 and First Aid 4 fill the fields
    page.locator('section.sheet > .quick-actions [data-action="damage"]').click()
    roll(page, fields={"amount": "10"})
    page.get_by_role("button", name="Close the roll drawer").click()
    hurt = lp(page)
    more(page, "first_aid")
    drawer = page.locator('.drawer[data-drawer="armageddon.first_aid"]')
    drawer.get_by_text("Receives it").click()  # opened on Jack, who can act: from the healer unless told
    drawer.get_by_label("Medic", exact=True).select_option(label="Ann — First Aid 4")  # the medic named with her skill
    expect(drawer.locator('input[name="medic_intelligence"]')).to_have_value("3")
    expect(drawer.locator('input[name="medic_first_aid"]')).to_have_value("4")
    text = rolled(page, faces="5")
    assert "Total 12 vs 9: success" in text, text
    assert "+3 Intelligence" in text and "+4 First Aid" in text, text  # the medic's levels, not Jack's
    page.get_by_role("button", name="Close the roll drawer").click()
    assert lp(page) > hurt

    # an unskilled Task: the skill picked from the game's list (searched), never typed over a default
    page.locator(".sheet .more-panel [data-action=any_task]").click()
    chooser = page.locator(".skill-chooser")
    chooser.get_by_label("Find a skill").fill("Stea")
    chooser.locator('[data-choice="Stealth"]').click()
    drawer = page.locator('.drawer[data-drawer="armageddon.character_task"]')
    expect(drawer.locator("#drawer-title")).to_have_text("Stealth Task (unskilled)")
    expect(drawer.locator('[name="skill_name"]')).to_have_count(0)  # nothing to type
    text = rolled(page, faces="5")
    assert "unskilled (Stealth 0)" in text, text


def test_semiautomagic_medicine_stabilises_the_dying(app):
    page = app
    stored_party(page, "semiautomagic", "Moves")  # on Mira's sheet; Doc, Medicine 2, is the medic
    page.locator('section.sheet > .quick-actions [data-action="damage"]').click()
    roll(page, fields={"damage": "9"}, confirm="Apply")  # Toughness 9: dying
    page.get_by_role("button", name="Close the roll drawer").click()
    card = page.locator(".sheet .character-card")
    expect(card).to_contain_text(re.compile("dying", re.I))
    more(page, "stabilise")
    drawer = page.locator('.drawer[data-drawer="semiautomagic.medicine_stabilise"]')
    expect(drawer.get_by_role("radio", name="Receives it")).to_be_checked()  # Mira, dying, treats nobody
    drawer.get_by_label("Medic", exact=True).select_option(label="Doc — Medicine 2")
    expect(drawer.locator('input[name="medicine"]')).to_have_value("2")
    text = rolled(page, faces="5 3")  # 5 + Medicine 2 against the dying DC 4; then the hours until waking
    assert "stabilised" in text, text
    page.get_by_role("button", name="Close the roll drawer").click()
    expect(card).not_to_contain_text(re.compile(r"\bdying\b", re.I))


def test_the_encounter_card_offers_the_rarer_moves(app):
    page = app
    cid = f"c-{uuid.uuid4().hex[:12]}"
    open_stored(
        page, campaign_record(cid, "Moves", "armageddon", {"ch-jack": armageddon_character("Jack")}), f"#/c/{cid}"
    )
    page.get_by_role("link", name="Encounter").click()
    page.get_by_label("Name of the encounter").fill("The crypt")
    page.get_by_role("button", name="Start the encounter").click()
    page.locator(".party-pick button", has_text="Jack").click()
    combatant = page.locator(".combatant", has_text="Jack")
    combatant.locator(".more-toggle").click()  # 1
    combatant.locator('.more-panel [data-action="fear"]').click()  # 2
    expect(page.locator('.drawer[data-drawer="armageddon.fear_test"]')).to_be_visible()
    page.get_by_role("button", name="Close the roll drawer").click()
    combatant.locator('.more-panel [data-action="any_task"]').click()  # 2
    combatant.locator('.skill-chooser [data-choice="Climbing"]').click()  # 3
    expect(page.locator('.drawer[data-drawer="armageddon.character_task"] #drawer-title')).to_have_text(
        "Climbing Task (unskilled)"
    )
    text = rolled(page, faces="5")
    assert "unskilled (Climbing 0)" in text, text


def test_all_operations_is_a_link_from_the_house_rules_not_the_navigation(app):
    page = app
    new_campaign(page, "Moves", "coc")
    expect(page.locator("nav.campaign-nav").get_by_role("link", name="All operations")).to_have_count(0)
    page.get_by_role("link", name="House rules").click()
    page.get_by_role("link", name="All operations").click()
    expect(page.locator("#ops-title")).to_have_text("All operations")
    page.get_by_role("link", name="‹ House rules").click()
    expect(page.locator("#rules-title")).to_be_visible()
