"""The encounter screen on a tablet (TABLE.md, Encounter; the page: 44 px targets), for each game: an encounter of
six combatants at 768×1024 shows at least four cards whole without scrolling (the turn bar included); there is
exactly one button named "Next" (the turn bar's; the die a step asks says what it rolls); what a step decided (the
Confusion row, a dying check, a Survival Test) is shown on that combatant's card and, for the one whose turn it is,
on the turn bar; "Add all from the cast" adds every NPC of the cast not yet in the encounter in one change (one log
entry). Campaigns are put straight into storage (tests/web/test_encounter_steps.py SEED); screenshots at
768×1024, 1024×768 and 390×844 are looked at by hand."""

import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from py_rules.armageddon.character import EXAMPLE as JACK
from py_rules.campaign.templates import _arm_with
from py_rules.coc.investigator import EXAMPLE as HARVEY
from py_rules.semiautomagic.creature import EXAMPLE_HUMAN
from tests.door import answer
from tests.sheets import dying_harvey
from tests.web.helpers import campaign_record, open_stored, roll, stored_campaigns, stored_log
from tests.web.test_encounter import next_turn, step
from tests.web.test_encounter_steps import named

pytestmark = pytest.mark.shared_app  # one booted page for the module, emptied before each test (conftest.py, app)

SHOTS = Path("test-results/encounter-tablet")
SIZES = ((768, 1024), (1024, 768), (390, 844))

WHOLE_CARDS = """() => {
  const bar = document.querySelector(".turn-bar").getBoundingClientRect();
  return [...document.querySelectorAll(".combatant")].filter((card) => {
    const box = card.getBoundingClientRect();
    return box.top >= 0 && box.bottom <= bar.top + 0.5;
  }).length;
}"""

SMALL_TARGETS = """() => [...document.querySelectorAll(".combatant button, .combatant summary, .turn-bar button")]
  .filter((each) => each.offsetParent && (each.offsetHeight < 43.5 || each.offsetWidth < 43.5))
  .map((each) => each.textContent.trim())"""


def dying_jack():
    return answer("armageddon.apply_damage", character=named(JACK, "Jack"), amount="42", dice=[1, 9, 9])["state"]


def confused_zed():
    sheet = named(EXAMPLE_HUMAN, "Zed")
    return answer("semiautomagic.set_condition", creature=sheet, condition="Confused", action="add", duration=5)[
        "state"
    ]


def arm(name, damage, impale=False):
    """A Call of Cthulhu hand-to-hand weapon row as the sheet keeps it."""
    return _arm_with(name, "Fighting (Brawl)", damage, impale=impale)


GAMES = {
    # Jack is dying: time passing runs his Survival Test
    "armageddon": {"party": [dying_jack(), *(named(JACK, name) for name in ("Ann", "Bo", "Cy", "Di", "Ed"))]},
    # Amy first, then Zed, Confused: Next starts his turn with the Confusion chart (d20 12, scatter d8 3)
    "semiautomagic": {
        "party": [
            named(EXAMPLE_HUMAN, "Amy"),
            confused_zed(),
            *(named(EXAMPLE_HUMAN, n) for n in ("Bo", "Cy", "Di", "Ed")),
        ]
    },
    # Harvey is dying: the end of the round rolls his CON roll; Ann carries her own "Unarmed" row and a knife
    "coc": {
        "party": [
            named(dying_harvey(), "Harvey"),
            named(HARVEY, "Ann") | {"weapons": [arm("Unarmed", "1D3"), arm("Knife", "1D4", impale=True)]},
            *(named(HARVEY, name) for name in ("Bo", "Cy", "Di", "Ed")),
        ]
    },
}
CAST = ("Gorm", "Hild", "Ivo")


def seed(page, game):
    """Six of the party in one encounter ("The cellar", in that order), three of the cast waiting; opened."""
    party = {f"p{n}": sheet for n, sheet in enumerate(GAMES[game]["party"])}
    base = GAMES[game]["party"][-1]
    cast = {f"n{n}": named(base, name) for n, name in enumerate(CAST)}
    combatants = [{"character_id": cid} for cid in party]
    state = answer("encounter.start", id="enc-1", name="The cellar", game=game, combatants=combatants, sheets=party)
    record = campaign_record("c-tablet", "Tablet", game, party, [state["state"]], cast=cast)
    open_stored(page, record, "#/c/c-tablet/encounter/enc-1")
    expect(page.locator("#encounter-title")).to_have_text("The cellar", timeout=30_000)
    expect(page.locator(".combatant")).to_have_count(6)
    expect(page.get_by_role("button", name="Next", exact=True)).to_be_enabled(timeout=30_000)  # the rules started
    expect(page.locator(".combatant .capacity")).to_have_count(6)  # each card as it will stay


def shots(page, name):
    SHOTS.mkdir(parents=True, exist_ok=True)
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        page.evaluate("window.scrollTo(0, 0)")
        page.screenshot(path=str(SHOTS / f"{name}-{width}x{height}.png"))
    page.set_viewport_size({"width": 768, "height": 1024})


def card(page, name):
    return page.locator(".combatant", has=page.locator("h3", has_text=re.compile(f"^{name}$")))


def decide(page, game):
    """The step that decides something for one combatant; returns their name and the line's start."""
    if game == "semiautomagic":
        next_turn(page, "12 3")
        return "Zed", "Zed: Confusion chart 12: Scatter die: runs in that direction. Direction: E"
    if game == "coc":
        step(page, page.locator('[data-step="end_round"]'))
        return "Harvey", "Harvey: CON roll"
    page.locator(".time-passes summary").click()
    page.locator('[data-step="skip_time"]').click()
    step(page, page.locator("dialog.confirm").get_by_role("button", name="Let the time pass"))
    return "Jack", "Jack: Survival Test"


@pytest.mark.parametrize("game", GAMES)
def test_six_combatants_on_a_tablet(app, game):
    page = app
    page.set_viewport_size({"width": 768, "height": 1024})
    seed(page, game)
    shots(page, f"{game}-six")
    assert page.evaluate(WHOLE_CARDS) >= 4
    assert page.evaluate(SMALL_TARGETS) == []
    expect(page.get_by_role("button", name="Next", exact=True)).to_have_count(1)

    who, line = decide(page, game)
    told = card(page, who).locator("[data-told] li")
    expect(told.first).to_contain_text(line)
    if game == "semiautomagic":  # his turn: the turn bar says it too
        expect(page.locator("[data-turn-told]")).to_contain_text(line)
    expect(page.get_by_role("button", name="Next", exact=True)).to_have_count(1)
    card(page, who).scroll_into_view_if_needed()
    expect(told.first).to_be_in_viewport()
    shots(page, f"{game}-decided")

    entries = len(stored_log(page, "c-tablet"))
    page.get_by_role("button", name=re.compile("^Add all from the cast")).click()
    expect(page.locator(".combatant")).to_have_count(9)
    for name in CAST:
        expect(card(page, name)).to_have_count(1)
    assert len(stored_log(page, "c-tablet")) == entries + 1  # one change, one entry
    [record] = [each for each in stored_campaigns(page) if each["id"] == "c-tablet"]
    assert len(record["encounters"][0]["combatants"]) == 9
    expect(page.locator("[data-add-all=cast]")).to_have_count(0)  # nobody of the cast left to add


def test_a_coc_attack_lists_unarmed_once_and_starts_at_the_weapon_last_used(app):
    page = app
    page.set_viewport_size({"width": 768, "height": 1024})
    seed(page, "coc")
    expect(page.get_by_role("button", name="Next", exact=True)).to_be_enabled(timeout=30_000)

    def attack():
        card(page, "Ann").locator('[data-action="attack"]').click()
        card(page, "Ann").locator(".target-picker button", has_text="Bo").click()
        return page.locator('.drawer select[name="weapon"]')

    weapon = attack()
    assert weapon.locator("option").all_inner_texts() == ["Unarmed", "Knife"]  # her own row, not a second one
    expect(weapon).to_have_value("Unarmed")  # the first listed, at first
    roll(page, fields={"weapon": "Knife"})
    page.get_by_role("button", name="Close the roll drawer").click()
    expect(attack()).to_have_value("Knife")  # the last used, not back to the first
    page.get_by_role("button", name="Close the roll drawer").click()
