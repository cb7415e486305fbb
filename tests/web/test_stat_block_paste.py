"""Paste a stat block in the Cast, in real Chromium: a Call of Cthulhu block whose characteristics are a Markdown
table with halves and fifths, one value printed and not understood and one left out, each asked with its own words;
an Armageddon NPC as the Classic Unisystem books print it. Both are read, shown and saved as NPCs with the values
read. Screenshots of the paste form at 390×844 and 1024×768 are saved under test-results/cast/."""

from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.web.helpers import new_campaign, stored_campaigns
from tests.web.test_screens import SMALL_TARGETS
from tests.web.test_words_scan import scan

pytestmark = pytest.mark.shared_app  # one booted page for the module, emptied before each test (conftest.py, app)

SHOTS = Path(__file__).resolve().parents[2] / "test-results" / "cast"

COC_TABLE = """Dr. Ada Hollis, age 45, alienist
| Char. | Value | Half | Fifth |
|:--|--:|--:|--:|
| STR | 45 | 22 | 9 |
| CON | 50 | 25 | 10 |
| SIZ | 55 | 27 | 11 |
| DEX | 60 | 30 | 12 |
| APP | 65 | 32 | 13 |
| INT | 80 | 40 | 16 |
| POW | 70 | 35 | 14 |
| EDU | — | | |
| Psychology | 70% | 35 | 14 |
Skills: Medicine 60%, Basket Weaving 55%"""

ARMAGEDDON = """Zombie cop
A dead patrolman still walking his beat.
Str 3 Dex 2 Con 3 Int 2 Per 2 Wil 2
LP 40 EP 29 Spd 10 Essence 14
Skills: Brawling 2, Guns (Handgun) 3, Dodge 2, Notice 2
Qualities/Drawbacks: Hard to Kill 2, Cruel (-1)
Attacks: Punch d4 × Str (6) bludgeoning; .38 revolver d6 × 4 (12) bullet
Armor: Kevlar vest (AV 10)"""


def shoot(page, name):
    """The paste form at both sizes: nothing scrolls sideways, every target is 44 px, every word is the game's."""
    assert scan(page, name) == []
    assert page.evaluate(SMALL_TARGETS) == [], name
    SHOTS.mkdir(parents=True, exist_ok=True)
    for width, height in ((390, 844), (1024, 768)):
        page.set_viewport_size({"width": width, "height": height})
        page.screenshot(path=str(SHOTS / f"{name}-{width}x{height}.png"), full_page=True)
        assert page.evaluate("document.documentElement.scrollWidth <= innerWidth"), (
            f"{name} scrolls sideways at {width}"
        )
    page.set_viewport_size({"width": 1024, "height": 768})


def paste(page, text):
    page.get_by_role("link", name="Cast", exact=True).click()
    page.get_by_role("button", name="Paste a stat block").click()
    form = page.locator("form.stat-block")
    form.get_by_label("Stat block").fill(text)
    form.get_by_role("button", name="Read").click()
    expect(form.locator(".read-list")).to_be_visible()
    return form


def test_a_coc_table_layout_block_is_read_asked_and_saved(app):
    page = app
    page.set_viewport_size({"width": 1024, "height": 768})
    campaign_id = new_campaign(page, "Tables", "coc")
    form = paste(page, COC_TABLE)
    for words in ("STR 45", "INT 80", "Skill Psychology 70%", "Skill Medicine 60%"):
        expect(form.locator(".read-list")).to_contain_text(words)
    expect(form.get_by_label("NPC name")).to_have_value("Dr. Ada Hollis")
    # EDU is printed ("EDU —") but not understood; Luck is not printed at all: both asked, each said as it is
    expect(form.locator(".printed-not-understood")).to_contain_text("EDU")
    expect(form.locator(".left-out")).to_contain_text("The block leaves out Luck")
    edu = form.locator(".field", has=page.locator('input[name="given-EDU"]'))
    expect(edu).to_contain_text("Printed as “EDU -”, not understood.")
    expect(edu).not_to_contain_text("leaves it out")
    expect(form.locator(".field", has=page.locator('input[name="given-Luck"]'))).to_contain_text(
        "The block leaves it out."
    )
    expect(form.locator(".not-read-list")).to_contain_text("Basket Weaving 55%")
    form.locator('input[name="given-EDU"]').fill("85")
    form.locator('input[name="given-Luck"]').fill("999")
    form.get_by_role("button", name="Save as NPC").click()
    expect(form.locator(".has-error").first).to_be_visible()  # Luck's bound is the engine's (0–99)
    form.locator('input[name="given-Luck"]').fill("50")
    expect(form.locator(".has-error")).to_have_count(0)  # the form has taken the new Luck before it is saved
    shoot(page, "stat-block-coc-table")
    form.get_by_role("button", name="Save as NPC").click()
    expect(page.locator(".character-card h2", has_text="Dr. Ada Hollis")).to_be_visible()

    stored = next(c for c in stored_campaigns(page) if c["id"] == campaign_id)
    (ada,) = stored["characters"]
    assert ada["kind"] == "npc" and ada["sheet"]["age"] == 45
    assert ada["sheet"]["characteristics"] == {
        "STR": 45,
        "CON": 50,
        "SIZ": 55,
        "DEX": 60,
        "APP": 65,
        "INT": 80,
        "POW": 70,
        "EDU": 85,
    }
    assert ada["sheet"]["luck"] == 50 and ada["sheet"]["skills"]["Psychology"] == 70


def test_an_armageddon_block_is_read_and_saved(app):
    page = app
    page.set_viewport_size({"width": 1024, "height": 768})
    campaign_id = new_campaign(page, "Unisystem", "armageddon")
    form = paste(page, ARMAGEDDON)
    for words in (
        "Strength 3",
        "Perception 2",
        "Life Points 40",
        "Skill Guns (Handgun) 3",
        "Quality Hard to Kill 2",
        "Attack Punch: d4 × Strength, bludgeoning, rolled with Brawling",
        "Attack .38 revolver: d6 × 4, bullet, rolled with Guns (Handgun)",
        "Armour 10 (Kevlar vest)",
    ):
        expect(form.locator(".read-list")).to_contain_text(words)
    expect(form.get_by_text("Everything in the text was understood.")).to_be_visible()
    expect(form.locator('input[name^="given-"]')).to_have_count(0)
    shoot(page, "stat-block-armageddon")
    form.get_by_role("button", name="Save as NPC").click()
    expect(page.locator(".character-card h2", has_text="Zombie cop")).to_be_visible()

    stored = next(c for c in stored_campaigns(page) if c["id"] == campaign_id)
    (cop,) = stored["characters"]
    assert cop["kind"] == "npc"
    assert cop["sheet"]["attributes"] == {
        "Strength": 3,
        "Dexterity": 2,
        "Constitution": 3,
        "Intelligence": 2,
        "Perception": 2,
        "Willpower": 2,
    }
    assert [w["name"] for w in cop["sheet"]["weapons"]] == ["Punch", ".38 revolver"]
    assert cop["sheet"]["armour"] == {"name": "Kevlar vest", "value": 10}
    assert cop["sheet"]["derived"]["life_points"] == 40


def test_an_armageddon_attribute_left_out_is_asked_with_the_sheets_bounds(app):
    page = app
    new_campaign(page, "Unisystem gaps", "armageddon")
    form = paste(page, ARMAGEDDON.replace(" Per 2", ""))
    field = form.locator('input[name="given-Perception"]')
    expect(field).to_have_attribute("max", "20")  # the sheet's declaration (py_rules/armageddon/sheet.py)
    expect(form.locator(".left-out")).to_contain_text("The block leaves out Perception")
    field.fill("3")
    form.get_by_role("button", name="Save as NPC").click()
    expect(page.locator(".character-card h2", has_text="Zombie cop")).to_be_visible()
