"""The encounter screen's steps: the summary follows Undo and Redo; on/off buttons show their state;
the current card is scrolled into view above the turn bar (768×1024 and 390×844); one log entry per step,
tagged with the encounter, telling what each effect decided (a dying roll with its outcome), undone whole and
written as a forum post; time passes by the shortest step by default and asks before it runs Survival Tests.

Campaigns are put straight into storage (a party and an ordered encounter made by the engine), then driven
as a GM would; the network is blocked as the fixtures do."""

import copy
from pathlib import Path

import pytest
from playwright.sync_api import expect

from py_rules.armageddon.character import EXAMPLE as JACK
from py_rules.coc.investigator import EXAMPLE as HARVEY
from tests.door import answer
from tests.sheets import dying_harvey as _dying_harvey
from tests.web.helpers import campaign_record, open_stored, stored_campaigns, stored_log
from tests.web.test_encounter import forum_post, next_turn, row, step

pytestmark = pytest.mark.shared_app  # one booted page for the module, emptied before each test (conftest.py, app)

SHOTS = Path("test-results/encounter-steps")

CLEARS_THE_BAR = """() => {
  const card = document.querySelector('.combatant[aria-current="true"]')?.getBoundingClientRect();
  const bar = document.querySelector(".turn-bar").getBoundingClientRect();
  return card && card.top >= 0 && card.bottom <= bar.top + 0.5;
}"""


def named(sheet, name):
    return {**copy.deepcopy(sheet), "name": name}


def seed(page, game, party, npcs=(), order=True, cid="c-cellar"):
    """A campaign ``cid`` of ``party`` ({character id: sheet}) with one encounter, "The cellar", holding them and the
    quick ``npcs``, ordered by the rules; opened on the encounter screen. Returns (campaign id, encounter id)."""
    combatants = [{"character_id": cid} for cid in party] + list(npcs)
    state = answer("encounter.start", id="enc-1", name="The cellar", game=game, combatants=combatants, sheets=party)[
        "state"
    ]
    if order:
        state = answer("encounter.order", encounter=state, sheets=party)["state"]
    record = campaign_record(cid, "Cellar", game, party, [state])
    open_stored(page, record, f"#/c/{cid}/encounter/enc-1")
    expect(page.locator("#encounter-title")).to_have_text("The cellar")
    return cid, "enc-1"


def cultist():
    """A dying investigator (a major wound, at 0 HP) who acts after Harvey: DEX 50."""
    sheet = named(_dying_harvey(), "Cultist")
    sheet["characteristics"]["DEX"] = 50
    return sheet


def ghouls(count):
    return [{"name": f"Ghoul {n}", "npc": {"dex": 30 + n, "combat_skill": 40}} for n in range(count)]


def summary(page):
    return page.locator("[data-happened]")


# --- 1. the summary follows Undo / Redo ----------------------------------------------------------------------


def test_the_summary_follows_undo_and_redo(app):
    page = app
    seed(page, "coc", {"h": named(HARVEY, "Harvey"), "c": cultist()}, ghouls(1))
    expect(page.locator(".combatant h3")).to_have_text(["Harvey", "Cultist", "Ghoul 0"])
    next_turn(page)  # Cultist's turn
    next_turn(page)  # Ghoul's turn
    expect(summary(page).locator(".happened-line")).to_have_text("Round 1: Ghoul 0's turn")
    next_turn(page, "5 40")  # the round ends: the Cultist's dying CON roll
    expect(summary(page).locator(".happened-line")).to_have_text("Round 2: Harvey's turn")
    expect(summary(page).locator(".happened-decided")).to_contain_text(
        "Cultist: CON roll (dying) 45 vs 60 — Regular success: clings to life"
    )

    undo = page.locator('[data-history="undo"]')
    undo.click()  # back to the Ghoul's turn: the summary is that step's, as the turn bar says
    expect(page.locator(".turn-now .whose")).to_have_text("Ghoul 0’s turn")
    expect(summary(page).locator(".happened-line")).to_have_text("Round 1: Ghoul 0's turn")
    expect(summary(page).locator(".happened-decided")).to_have_count(0)

    page.locator('[data-history="redo"]').click()  # the round's end again, with what it decided
    expect(page.locator(".turn-now .round")).to_have_text("Round 2")
    expect(summary(page).locator(".happened-line")).to_have_text("Round 2: Harvey's turn")
    expect(summary(page).locator(".happened-decided")).to_contain_text("Cultist: CON roll (dying) 45 vs 60")

    for whose in ("Ghoul 0", "Cultist", "Harvey"):  # undo every step taken here, back to the encounter as seeded
        undo.click()
        expect(page.locator(".turn-now .whose")).to_have_text(f"{whose}’s turn")
        if whose != "Harvey":  # each step's own summary, as the turn bar says
            expect(summary(page).locator(".happened-line")).to_have_text(f"Round 1: {whose}'s turn")
    expect(page.locator(".turn-now .round")).to_have_text("Round 1")
    expect(summary(page)).to_be_hidden()
    next_turn(page)  # a new step shows again
    expect(summary(page).locator(".happened-line")).to_have_text("Round 1: Cultist's turn")


# --- 2. toggles show their state -----------------------------------------------------------------------------


def test_on_off_buttons_show_their_state(app):
    page = app
    seed(page, "coc", {"h": named(HARVEY, "Harvey"), "c": named(HARVEY, "Carl")}, ghouls(1))
    card = row(page, "Carl")
    card.locator("details.more summary").click()
    for key in ("delay", "skip", "firearm"):
        expect(card.locator(f'[data-step="{key}"]')).to_have_attribute("aria-pressed", "false")
    plain = card.locator('[data-step="firearm"]').evaluate("node => getComputedStyle(node).backgroundColor")

    step(page, card.locator('[data-step="firearm"]'))
    firearm = card.locator('[data-step="firearm"]')
    expect(firearm).to_have_attribute("aria-pressed", "true")
    assert firearm.evaluate("node => getComputedStyle(node).backgroundColor") != plain  # it looks pressed
    assert firearm.evaluate("node => getComputedStyle(node, '::before').content").startswith('"✓"')

    step(page, card.locator('[data-step="delay"]'))
    expect(card.locator('[data-step="delay"]')).to_have_attribute("aria-pressed", "true")
    expect(card.locator('[data-step="delay"]')).to_have_text("Delay")  # a toggle keeps its name
    expect(card.locator(".tag", has_text="delaying")).to_be_visible()
    step(page, card.get_by_role("button", name="Carl acts now"))
    expect(card.locator('[data-step="delay"]')).to_have_attribute("aria-pressed", "false")
    expect(card).to_have_attribute("aria-current", "true")

    step(page, card.locator('[data-step="skip"]'))
    expect(card.locator('[data-step="skip"]')).to_have_attribute("aria-pressed", "true")
    step(page, card.locator('[data-step="skip"]'))
    expect(card.locator('[data-step="skip"]')).to_have_attribute("aria-pressed", "false")
    step(page, firearm)
    expect(firearm).to_have_attribute("aria-pressed", "false")


# --- 3. the current card above the turn bar ------------------------------------------------------------------


@pytest.mark.parametrize("size", [(768, 1024), (390, 844)], ids=["768x1024", "390x844"])
def test_the_current_card_is_scrolled_above_the_turn_bar(app, size):
    page = app
    width, height = size
    page.set_viewport_size({"width": width, "height": height})
    party = {f"p{n}": named(HARVEY, f"Investigator {n}") for n in range(3)}
    seed(page, "coc", party, ghouls(9))
    count = page.locator(".combatant").count()
    assert count == 12
    assert page.evaluate("document.documentElement.scrollHeight") > 2 * height  # enough to scroll
    SHOTS.mkdir(parents=True, exist_ok=True)
    for n in range(count + 1):  # a whole round and the first turn of the next (back to the top)
        next_turn(page)
        current = page.locator('.combatant[aria-current="true"]')
        page.wait_for_function(CLEARS_THE_BAR, timeout=3000)  # it settles (the summary above may grow first)
        card = current.bounding_box()
        bar = page.locator(".turn-bar").bounding_box()
        assert card["y"] >= 0 and card["y"] + card["height"] <= bar["y"] + 0.5, (n, card, bar)
        if n in (5, count - 1):
            page.screenshot(path=str(SHOTS / f"turn-{n}-{width}x{height}.png"))


# --- 4. one log entry per step --------------------------------------------------------------------------------


def test_each_step_is_one_log_entry_tagged_with_the_encounter(app):
    page = app
    campaign_id, encounter_id = seed(page, "coc", {"h": named(HARVEY, "Harvey"), "c": cultist()}, ghouls(1))
    before = {each["id"]: each["sheet"] for each in stored_campaigns(page)[0]["characters"]}
    next_turn(page)
    next_turn(page)
    next_turn(page, "5 40")
    log = stored_log(page, campaign_id)
    assert [(entry["op"], entry["kind"], entry["encounter"]) for entry in log] == [
        ("encounter.next", "change", encounter_id)
    ] * 3
    end = log[-1]
    assert end["result"]["events"] == [
        "Round 2: Harvey's turn",
        "Cultist: CON roll (dying) 45 vs 60 — Regular success: clings to life",
    ]
    assert set(end["who"]) == set(end["before"]) and "c" in end["who"]  # every character whose sheet it changed
    assert end["encounter_before"]["round"] == 1 and end["encounter_after"]["round"] == 2
    assert "effects" not in end["result"]["details"]  # effects that decided nothing are not kept
    [told] = end["result"]["details"]["decided"]
    assert told["label"] == "Cultist: end of round 1" and any(
        "43" not in line and "45" in line for line in told["text"]
    )

    # the Log screen: one row per step naming the step, tagged with the encounter; its trace one tap away
    page.get_by_role("link", name="Log", exact=True).click()
    rows = page.locator(".log-row")
    expect(rows).to_have_count(3)
    expect(rows.first.locator(".log-headline")).to_have_text("Next: Round 2: Harvey's turn")
    expect(rows.first.locator(".log-encounter")).to_have_text("The cellar")
    rows.first.locator(".log-open").click()
    expect(rows.first.locator(".log-detail")).to_contain_text("Cultist: CON roll (dying) 45 vs 60")

    # the forum post of the last entry is the engine's, and says what the dying roll decided
    page.get_by_text("Copy for a forum post").click()
    page.locator(".forum-export").get_by_text("The last entries", exact=True).click()
    page.locator('input[name="stretch-count"]').fill("1")
    expect(page.locator(".forum-export label", has_text="The post (1 entry, BBCode)")).to_be_visible()
    text = page.locator(".forum-preview").input_value()
    assert text == forum_post(stored_log(page, campaign_id)[-1:], "Cellar")
    assert (
        text
        == "[b]Cellar[/b]\n\n[b]The cellar[/b] — Cultist: CON roll (dying) 45 vs 60 — Regular success: clings to life\n"
    )

    # one Undo undoes the whole step: every sheet and the encounter as they were
    page.locator('[data-history="undo"]').click()
    expect(rows.first.locator(".log-headline")).to_have_text("Undone: Round 2: Harvey's turn")
    record = stored_campaigns(page)[0]
    assert {each["id"]: each["sheet"] for each in record["characters"]} == {**before, **end["before"]}
    assert record["encounters"][0] == end["encounter_before"]


# --- 5. time passes ------------------------------------------------------------------------------------------


def test_time_passes_by_the_shortest_step_and_asks_before_survival_tests(app):
    page = app
    jake = answer("armageddon.apply_damage", character=named(JACK, "Jake Rourke"), amount="42", dice=[1, 9, 9])["state"]
    campaign_id, _ = seed(page, "armageddon", {"j": jake, "a": named(JACK, "Ann")}, order=False)
    panel = page.locator(".time-passes")
    panel.locator("summary").click()
    expect(panel.locator('select[name="time-unit"]')).to_have_value("minutes")
    expect(panel.locator('input[name="time-amount"]')).to_have_value("1")
    expect(panel.locator('select[name="time-activity"]')).to_have_value("normal")

    dialog = page.locator("dialog.confirm")
    SHOTS.mkdir(parents=True, exist_ok=True)
    # days cannot pass for the dying: said before anything runs (the others' time would pass)
    panel.locator('select[name="time-unit"]').select_option("days")
    panel.locator('[data-step="skip_time"]').click()
    expect(dialog).to_contain_text("Jake Rourke is dying: 1 day cannot pass for them")
    dialog.get_by_role("button", name="Cancel").click()

    panel.locator('select[name="time-unit"]').select_option("minutes")
    panel.locator('input[name="time-amount"]').fill("12")
    panel.locator('[data-step="skip_time"]').click()
    expect(dialog).to_be_visible()
    expect(dialog).to_contain_text("Jake Rourke is dying: 12 minutes will roll 12 Survival Tests. Go on?")
    page.screenshot(path=str(SHOTS / "time-asks.png"))
    dialog.get_by_role("button", name="Cancel").click()
    expect(dialog).to_have_count(0)
    assert stored_log(page, campaign_id) == []  # nothing ran

    panel.locator('[data-step="skip_time"]').click()
    dialog.get_by_role("button", name="Let the time pass").click()
    expect(summary(page).locator(".happened-line")).to_have_text("12 minutes pass")
    expect(summary(page).locator(".happened-decided")).to_contain_text("Jake Rourke: Survival Test 2:")
    [entry] = stored_log(page, campaign_id)
    assert entry["op"] == "encounter.skip_time" and entry["args"]["unit"] == "minutes" and entry["args"]["amount"] == 12
    assert set(entry["who"]) == set(entry["before"]) and "j" in entry["who"]
