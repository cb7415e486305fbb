"""The Cast (TABLE.md): NPCs with full sheets kept apart from the party. Three numbered cultists from one
ready-made NPC, in each game, appear in the cast and not in the party's count (the party screen and Home); a pasted
stat block is read, its missing value given, saved as an NPC, and added to an encounter from the cast. Screenshots
of the cast at 768×1024 and 390×844 are saved under test-results/cast/."""

from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.web.guided_sheets import investigator
from tests.web.helpers import campaign_record, new_campaign, open_stored, stored_campaigns
from tests.web.test_screens import AXE, SMALL_TARGETS
from tests.web.test_words_scan import scan

pytestmark = pytest.mark.shared_app  # one booted page for the module, emptied before each test (conftest.py, app)

SHOTS = Path(__file__).resolve().parents[2] / "test-results" / "cast"

BLOCK = """SILAS CRANE, age 40, cult enforcer
A big man in a butcher's apron.
STR 70 (35/14) CON 60 (30/12) SIZ 75 (37/15) DEX 55 (27/11)
APP 40 (20/8) INT 50 (25/10) POW 45 (22/9)
HP 13 DB +1D4 Build 1 Move 7 MP 9
Attacks per round: 1
Fighting 55% (27/11), damage 1D3+DB
Cleaver 55%, damage 1D6 + DB
Dodge 30% (15/6)
Skills: Intimidate 50%, Listen 35%, Stealth 40%
Armour: none.
He hums while he works."""


def shoot(page, name):
    """Screenshots at both sizes; nothing scrolls sideways, every target is 44 px, every word is the game's."""
    assert scan(page, name) == []
    assert page.evaluate(SMALL_TARGETS) == [], name
    SHOTS.mkdir(parents=True, exist_ok=True)
    for width, height in ((768, 1024), (390, 844)):
        page.set_viewport_size({"width": width, "height": height})
        page.screenshot(path=str(SHOTS / f"{name}-{width}x{height}.png"), full_page=True)
        assert page.evaluate("document.documentElement.scrollWidth <= innerWidth"), (
            f"{name} scrolls sideways at {width}"
        )
    page.set_viewport_size({"width": 768, "height": 1024})


def test_three_numbered_cultists_join_the_cast_not_the_party(app):
    page = app
    page.set_viewport_size({"width": 768, "height": 1024})
    campaign_id = "c-cast"  # Harvey as the guided form makes him, put straight into storage: making him is test_table's
    record = campaign_record(campaign_id, "Cast test", "coc", {"pc-harvey": investigator("Harvey Walters")})
    open_stored(page, record, f"#/c/{campaign_id}")
    expect(page.locator(".party-count")).to_have_text("1 player character.")

    page.get_by_role("link", name="Cast", exact=True).click()
    expect(page.locator("#cast-title")).to_contain_text("the cast")
    page.get_by_role("button", name="From a ready-made NPC").click()
    form = page.locator("form.from-template")
    form.get_by_label("Who").select_option(label="Cultist")
    form.locator('input[name="template-count"]').fill("3")
    expect(form.get_by_text("Adds Cultist 1, Cultist 2, Cultist 3.")).to_be_visible()
    shoot(page, "template-form")
    form.get_by_role("button", name="Add 3 to the cast").click()
    cards = page.locator(".character-card")
    expect(cards).to_have_count(3)
    for number in (1, 2, 3):
        expect(page.locator(".character-card h2", has_text=f"Cultist {number}")).to_be_visible()
    expect(page.locator(".cast-count")).to_contain_text("3 non-player characters")
    shoot(page, "cast")

    stored = next(c for c in stored_campaigns(page) if c["id"] == campaign_id)
    kinds = sorted((each["sheet"]["name"], each["kind"]) for each in stored["characters"])
    assert kinds == [("Cultist 1", "npc"), ("Cultist 2", "npc"), ("Cultist 3", "npc"), ("Harvey Walters", "pc")]
    assert stored["characters"][1]["sheet"]["skills"]["Fighting (Brawl)"] == 40  # the template's full sheet

    page.get_by_role("link", name="Party", exact=True).click()
    expect(page.locator(".party-count")).to_have_text("1 player character; 3 non-player characters are in the cast.")
    expect(page.locator(".character-card")).to_have_count(1)

    # a copy of a party member, and a move between party and cast
    page.get_by_role("link", name="Cast", exact=True).click()
    page.get_by_role("button", name="Copy a character").click()
    copy = page.locator("form.copy-character")
    copy.get_by_label("Copy of").select_option(label="Harvey Walters (party)")
    copy.get_by_role("button", name="Add the copy").click()
    expect(page.locator(".character-card h2", has_text="Harvey Walters (copy)")).to_be_visible()
    page.get_by_role("button", name="New NPC").click()
    made = page.locator("form.new-character")
    expect(made.get_by_label("Plays as")).to_have_value("npc")
    made.locator('input[name="name"]').fill("Mrs Gilman")
    expect(made.locator(".derived dl")).to_be_visible()
    made.get_by_role("button", name="Create Mrs Gilman").click()
    expect(page.locator(".character-card h2", has_text="Mrs Gilman")).to_be_visible()
    page.get_by_role("button", name="Move to the party: Cultist 3").click()
    expect(page.locator(".character-card")).to_have_count(4)
    page.get_by_role("link", name="Party", exact=True).click()
    expect(page.locator(".character-card h2", has_text="Cultist 3")).to_be_visible()
    expect(page.locator(".party-count")).to_contain_text("2 player characters")
    page.get_by_role("link", name="‹ Campaigns").click()  # Home counts the players' characters, the cast apart
    expect(page.locator(f'[data-campaign="{campaign_id}"]')).to_contain_text(
        "Call of Cthulhu · 2 player characters · 4 in the cast"
    )


def test_paste_a_stat_block_give_the_missing_value_and_fight_it(app):
    page = app
    page.set_viewport_size({"width": 768, "height": 1024})
    campaign_id = new_campaign(page, "Stat blocks", "coc")
    page.get_by_role("link", name="Cast", exact=True).click()
    page.get_by_role("button", name="Paste a stat block").click()
    form = page.locator("form.stat-block")
    form.get_by_label("Stat block").fill(BLOCK)
    form.get_by_role("button", name="Read").click()
    expect(form.locator(".read-list")).to_contain_text(
        "Weapon Cleaver: Fighting (Brawl) 55%, damage 1D6 + Damage Bonus"
    )
    expect(form.locator(".not-read-list")).to_contain_text("He hums while he works")
    expect(form.get_by_label("NPC name")).to_have_value("Silas Crane")
    # EDU and Luck are not in the block: asked, never guessed
    expect(form.locator('input[name="given-EDU"]')).to_be_visible()
    expect(form.locator('input[name="given-Luck"]')).to_be_visible()
    form.get_by_role("button", name="Save as NPC").click()
    expect(form.locator(".has-error").first).to_be_visible()
    form.locator('input[name="given-EDU"]').fill("45")
    form.locator('input[name="given-Luck"]').fill("35")
    shoot(page, "stat-block")
    form.get_by_role("button", name="Save as NPC").click()
    expect(page.locator(".character-card h2", has_text="Silas Crane")).to_be_visible()

    stored = next(c for c in stored_campaigns(page) if c["id"] == campaign_id)
    (silas,) = stored["characters"]
    assert silas["kind"] == "npc"
    assert silas["sheet"]["characteristics"] == {
        "STR": 70,
        "CON": 60,
        "SIZ": 75,
        "DEX": 55,
        "APP": 40,
        "INT": 50,
        "POW": 45,
        "EDU": 45,
    }
    assert silas["sheet"]["luck"] == 35 and silas["sheet"]["skills"]["Intimidate"] == 50

    page.get_by_role("link", name="Encounter").click()
    page.get_by_label("Name of the encounter").fill("The slaughterhouse")
    page.get_by_role("button", name="Start the encounter").click()
    picker = page.get_by_role("group", name="From the cast")
    expect(picker).to_be_visible()
    expect(page.locator(".npc-lacks")).to_contain_text("No full sheet")
    picker.get_by_role("button", name="+ Silas Crane (NPC)").click()
    expect(page.locator(".combatant h3", has_text="Silas Crane")).to_be_visible()
    expect(page.get_by_text("Everyone in the cast is in this encounter.")).to_be_visible()
    shoot(page, "encounter-add")


def test_junk_in_the_paste_is_listed_not_read(app):
    page = app
    new_campaign(page, "Junk", "coc")
    page.get_by_role("link", name="Cast", exact=True).click()
    page.get_by_role("button", name="Paste a stat block").click()
    form = page.locator("form.stat-block")
    form.get_by_label("Stat block").fill("the quick brown fox ### 42")
    form.get_by_role("button", name="Read").click()
    expect(form.locator(".not-read-list")).to_contain_text("No characteristic, skill or weapon was found")
    expect(form.locator(".not-read-list")).to_contain_text("the quick brown fox")
    expect(form.locator('input[name="given-STR"]')).to_be_visible()


def serious(page):
    """axe-core's serious and critical findings on the page as it is."""
    page.add_script_tag(path=str(AXE))
    return page.evaluate("""async () => (await axe.run(document, { resultTypes: ["violations"] })).violations
        .filter((v) => ["serious", "critical"].includes(v.impact)).map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).slice(0, 3).join(", ")}`)""")


def test_the_cast_screens_pass_axe(tablet):
    page = tablet
    new_campaign(page, "Axe", "coc")
    page.get_by_role("link", name="Cast", exact=True).click()
    page.get_by_role("button", name="From a ready-made NPC").click()
    expect(page.locator("form.from-template select")).to_be_visible()
    assert serious(page) == []
    page.locator("form.from-template").get_by_role("button", name="Add to the cast").click()
    expect(page.locator(".character-card")).to_have_count(1)
    assert serious(page) == []
    page.get_by_role("button", name="Paste a stat block").click()
    form = page.locator("form.stat-block")
    form.get_by_label("Stat block").fill(BLOCK)
    form.get_by_role("button", name="Read").click()
    expect(form.locator(".read-list")).to_be_visible()
    assert serious(page) == []


CULTIST_SKILL = {"armageddon": ("Rituals", 2), "semiautomagic": ("Magic", 2)}
"""A skill each game's ready-made cultist has (py_rules/campaign/templates.py): the copy carries the full sheet."""


@pytest.mark.parametrize("game", ["armageddon", "semiautomagic"])
def test_other_games_get_three_numbered_cultists_from_one_template_and_a_stat_block_paste(app, game):
    page = app
    campaign_id = new_campaign(page, f"Cultists {game}", game)
    page.get_by_role("link", name="Cast", exact=True).click()
    expect(page.get_by_role("button", name="Paste a stat block")).to_be_visible()  # each game's engine reads one
    page.get_by_role("button", name="From a ready-made NPC").click()
    form = page.locator("form.from-template")
    form.get_by_label("Who").select_option(label="Cultist")
    form.locator('input[name="template-count"]').fill("3")
    expect(form.get_by_text("Adds Cultist 1, Cultist 2, Cultist 3.")).to_be_visible()
    form.get_by_role("button", name="Add 3 to the cast").click()
    for number in (1, 2, 3):
        expect(page.locator(".character-card h2", has_text=f"Cultist {number}")).to_be_visible()
    expect(page.locator(".cast-count")).to_contain_text("3 non-player characters")

    stored = next(c for c in stored_campaigns(page) if c["id"] == campaign_id)
    assert sorted((each["sheet"]["name"], each["kind"]) for each in stored["characters"]) == [
        ("Cultist 1", "npc"),
        ("Cultist 2", "npc"),
        ("Cultist 3", "npc"),
    ]
    skill, rank = CULTIST_SKILL[game]
    assert all(each["sheet"]["skills"][skill] == rank for each in stored["characters"])  # the template's full sheet
    assert len({each["id"] for each in stored["characters"]}) == 3

    page.get_by_role("link", name="Party", exact=True).click()
    expect(page.locator(".party-count")).to_have_text("0 player characters; 3 non-player characters are in the cast.")
    page.get_by_role("link", name="‹ Campaigns").click()
    expect(page.locator(f'[data-campaign="{campaign_id}"]')).to_contain_text("0 player characters · 3 in the cast")
