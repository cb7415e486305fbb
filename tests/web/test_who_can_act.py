"""Who can act (TABLE.md, Running the game): the card says whether a character can act and why, in the game's
words; the drawer warns above Roll before a roll the rules forbid (the GM can still roll); the encounter marks a
combatant who cannot act and, by the GM's choice remembered per campaign, Next skips them with a logged line;
the sheet shows a temporary Attribute loss and every penalty of the state with the rolls it reaches.

Campaigns are put straight into storage (sheets made by the engine), then driven as a GM would; screenshots of
the card, sheet, drawer warning and encounter at 768×1024 and 390×844 go to test-results/who-can-act."""

import copy
from pathlib import Path

import pytest
from playwright.sync_api import expect

from py_rules.armageddon.character import EXAMPLE as JACK
from py_rules.coc.investigator import EXAMPLE as HARVEY, from_dict as investigator
from py_rules.semiautomagic.creature import EXAMPLE_HUMAN
from tests.door import answer
from tests.web.conftest import BOOT_TIMEOUT_MS
from tests.web.helpers import campaign_record, open_sheet, open_stored, roll, stored_log
from tests.web.test_encounter import next_turn, row, turn

pytestmark = pytest.mark.shared_app  # one booted page for the module, emptied before each test (conftest.py, app)

SHOTS = Path("test-results/who-can-act")
SIZES = ((768, 1024), (390, 844))


def campaign(page, game, party, encounter=None, cid="c-who"):
    """Store a campaign of ``party`` ({character id: sheet}) and open its party screen (or ``encounter``)."""
    record = campaign_record(cid, "Who acts", game, party, [encounter] if encounter else [])
    open_stored(page, record, f"#/c/{cid}/encounter/{encounter['id']}" if encounter else f"#/c/{cid}")
    ready(page)
    return cid


def ready(page):
    """The page booted again after a reload (the engine answers)."""
    expect(page.locator("html")).to_have_attribute("data-ready", "true", timeout=BOOT_TIMEOUT_MS)


def shoot(page, name, locator=None):
    SHOTS.mkdir(parents=True, exist_ok=True)
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        if locator is not None:
            locator.scroll_into_view_if_needed()
        page.screenshot(path=str(SHOTS / f"{name}-{width}.png"))
    page.set_viewport_size({"width": 768, "height": 1024})


def armageddon_sheet(name, **changes):
    sheet = answer("armageddon.character_sheet", character={**copy.deepcopy(JACK), "name": name})["state"]
    for key, value in changes.items():
        if key in ("essence", "life_points"):
            sheet["current"][key] = value
        else:
            sheet[key] = value
    return answer("armageddon.character_sheet", character=sheet)["state"]


def test_a_frozen_character_s_task_warns_above_roll_and_can_still_be_rolled(app):
    page = app
    frozen = armageddon_sheet("Jack", conditions=["frozen"], timers={"frozen_seconds": 10})
    campaign(page, "armageddon", {"jack": frozen})
    card = page.locator(".character-card", has_text="Jack")
    expect(card.locator(".capacity-line")).to_have_text("Can't act or defend: frozen by fear (2 Turns)")
    open_sheet(page, "Jack")
    page.locator('[data-row="skill-Handguns"]').click()
    warning = page.locator(".drawer [data-rule-warning]")
    expect(warning).to_contain_text(
        "Jack: can't act: frozen by fear (2 Turns). The rules forbid this roll; you may still roll it."
    )
    roll_button = page.locator(".drawer button.roll")
    expect(roll_button).to_be_enabled()
    box, button = warning.bounding_box(), roll_button.bounding_box()
    assert box["y"] + box["height"] <= button["y"] + 1  # the warning sits above Roll
    shoot(page, "drawer-frozen", warning)
    assert "Total" in roll(page)  # it is the GM's table: the roll goes through
    expect(warning).to_have_count(0)


def test_a_broken_creature_s_attack_warns_and_the_target_who_cannot_defend_is_named(app):
    page = app
    broken = {**copy.deepcopy(EXAMPLE_HUMAN), "name": "Vex", "morale_penalties": 9}
    sleeper = {**copy.deepcopy(EXAMPLE_HUMAN), "name": "Ona", "conditions": {"Flat-Footed": {"seconds": 6}}}
    campaign(page, "semiautomagic", {"vex": broken, "ona": sleeper})
    expect(page.locator(".character-card", has_text="Vex").locator(".capacity-line")).to_contain_text(
        "Can't act: Broken"
    )
    open_sheet(page, "Vex")
    page.locator('.quick-actions [data-action="attack"]').click()
    drawer = page.locator(".drawer")
    drawer.locator('select[name="opponent"]').select_option(label="Ona")
    warning = drawer.locator("[data-rule-warning]")
    expect(warning).to_contain_text("Vex: can't act: Broken")
    expect(warning).to_contain_text("The rules forbid this roll: it cannot be rolled now.")  # the attack itself refuses
    expect(warning).to_contain_text("Ona can't defend: Flat-Footed (1 round left).")
    expect(drawer.locator("button.roll")).to_be_enabled()
    shoot(page, "drawer-broken", warning)


def test_a_temporary_willpower_loss_and_the_half_essence_penalty_show_on_the_sheet(app):
    page = app
    jack = armageddon_sheet("Jack", lost_attributes={"Willpower": 1}, essence=-2)
    full = armageddon_sheet("Kim")["derived"]["essence"]
    half = full // 2
    kim = armageddon_sheet("Kim", essence=half)
    campaign(page, "armageddon", {"jack": jack, "kim": kim})
    kim_card = page.locator(".character-card", has_text="Kim")
    expect(kim_card.locator(".capacity-penalties")).to_have_text(
        f"−1 mental rolls: Essence at half or below ({half} of {full})"
    )
    expect(kim_card).not_to_contain_text("No penalty from their state")
    shoot(page, "card-half-essence", kim_card)
    open_sheet(page, "Jack")
    willpower = page.locator('[data-row="attr-Willpower"]')
    will = JACK["attributes"]["Willpower"]
    expect(willpower.locator(".row-value")).to_have_text(str(will - 1))
    expect(willpower.locator(".row-lowered")).to_have_text(f"({will}, −1 until Essence is back to 0 or more)")
    expect(page.locator(".sheet .capacity")).to_contain_text(
        f"Willpower {will - 1} ({will}, −1 until Essence is back to 0 or more)"
    )
    expect(page.locator(".sheet .capacity-penalties")).to_contain_text(
        "−3 all rolls: deeply depressed, Essence −2 (1 or less)"
    )
    shoot(page, "sheet-lost-willpower", willpower)
    willpower.click()
    text = roll(page, faces="5")
    # the roll uses what is left: d10 5 + Willpower 2 × 2 − 3 (Essence 1 or less) = 6 (with 3 it would be 8)
    assert f"Total {5 + (will - 1) * 2 - 3} vs 9" in text


def test_an_unconscious_combatant_is_marked_and_skipped_by_next_when_the_gm_chooses(app):
    page = app
    harvey = investigator(HARVEY)  # as the engine keeps it: HP, MP and SAN with their maxima
    out = {**investigator(HARVEY), "name": "Cultist"}
    out["characteristics"] = {**out["characteristics"], "DEX": 50}
    out["conditions"] = {"unconscious": True}
    party = {"harvey": harvey, "cultist": out}
    state = answer(
        "encounter.start",
        id="enc-1",
        name="The cellar",
        game="coc",
        combatants=[
            {"character_id": "harvey"},
            {"character_id": "cultist"},
            {"name": "Ghoul", "npc": {"dex": 30, "combat_skill": 40}},
        ],
        sheets=party,
    )["state"]
    state = answer("encounter.order", encounter=state, sheets=party)["state"]
    cid = campaign(page, "coc", party, encounter=state)
    expect(page.locator("#encounter-title")).to_have_text("The cellar")
    cultist = row(page, "Cultist")
    expect(cultist).to_have_attribute("data-can-act", "false")
    expect(cultist.locator(".tag.unable")).to_have_text("can't act")
    expect(cultist.locator(".capacity-line")).to_have_text("Can't act or defend: unconscious")
    expect(row(page, "Harvey Walters")).to_have_attribute("data-can-act", "true")
    assert "Harvey Walters" in turn(page)
    expect(page.locator("[data-turn-unable]")).to_have_count(0)
    shoot(page, "encounter-unconscious", cultist)

    choice = page.locator('input[name="skip-unable"]')
    expect(choice).not_to_be_checked()
    choice.check()
    next_turn(page)
    assert "Ghoul" in turn(page)
    expect(page.locator("[data-happened]")).to_contain_text("Cultist skipped: unconscious")
    entry = stored_log(page, cid)[-1]
    assert entry["op"] == "encounter.next" and "Cultist skipped: unconscious" in entry["result"]["events"]

    page.reload()
    ready(page)
    expect(page.locator('input[name="skip-unable"]')).to_be_checked()  # remembered for this campaign
    next_turn(page)
    assert "Harvey Walters" in turn(page)
    page.locator('input[name="skip-unable"]').uncheck()
    next_turn(page)
    assert "Cultist" in turn(page)  # the choice off: Next stops at them, and the turn bar says why they cannot act
    expect(page.locator("[data-turn-unable]")).to_have_text("can't act: unconscious")
    shoot(page, "turn-bar-unable")
    page.reload()
    ready(page)
    expect(page.locator('input[name="skip-unable"]')).not_to_be_checked()


def test_an_armageddon_character_frozen_by_fear_is_warned_before_an_attack(app):
    """Seed 000, Fear: a character frozen by fear cannot act; the drawer says so above Roll before the attack."""
    page = app
    frozen = armageddon_sheet("Jack", conditions=["frozen"], timers={"frozen_seconds": 10})
    campaign(page, "armageddon", {"jack": frozen, "ann": armageddon_sheet("Ann")})
    open_sheet(page, "Jack")
    page.locator('.quick-actions [data-action="attack"]').click()
    drawer = page.locator(".drawer")
    expect(drawer).to_have_attribute("data-drawer", "armageddon.attack")
    drawer.locator('select[name="opponent"]').select_option(label="Ann")
    warning = drawer.locator("[data-rule-warning]")
    expect(warning).to_contain_text("Jack: can't act: frozen by fear (2 Turns).")
    expect(warning).to_contain_text("The rules forbid this roll")
    box, button = warning.bounding_box(), drawer.locator("button.roll").bounding_box()
    assert box["y"] + box["height"] <= button["y"] + 1  # above Roll, before anything is rolled
    shoot(page, "drawer-frozen-attack", warning)
