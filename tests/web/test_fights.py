"""Fights with what the characters carry (TABLE.md, in each game): a player character is given
a weapon from the game's common list and armour through the sheet's editor; an NPC is made in the Cast from a
ready-made one; both join an encounter (the NPC from "From the cast") and the character attacks the NPC from
the encounter card in three taps (Attack, the NPC, Roll) with physical dice that hit. The result names the
weapon and both stored sheets changed as the rules say; where the NPC's ready-made sheet carries a weapon that
a simple riposte can show (Armageddon, Call of Cthulhu), it strikes back with it and the character's armour
takes its share. Then Call of Cthulhu's pasted stat block: a cultist with
a knife and no EDU, the missing value given, saved as an NPC, added from the cast, and its knife used on an
investigator from its card: his HP go down by the knife's damage and the cultist's Damage Bonus. Each campaign and its
player character (as the guided form makes him) is put straight into storage: making them is test_table's.

Screenshots of the card's attack drawer with the weapon picked, at 768×1024 and 390×844, are written to
test-results/fights/."""

from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.web.guided_sheets import guided
from tests.web.helpers import campaign_record, open_stored, roll, stored_campaigns

pytestmark = pytest.mark.shared_app  # one booted page for the module, emptied before each test (conftest.py, app)

SHOTS = Path(__file__).resolve().parents[2] / "test-results" / "fights"

GAMES = {
    "armageddon": {
        # Jack: Strength 2 (the form's 2s), Dexterity 3, Hand Weapon 2 (a knife: d4 × Strength, Success Levels add)
        "pc": ("Jack", {"attributes.Dexterity": 3}, {"Hand Weapon": 2}),
        "weapon": "Knife",
        "option": "Knife: d4 × Strength",
        "armour": {"name": "Leather jacket", "value": 2},
        "npc": "Thug",  # Strength 3, Dexterity 2, Constitution 3, Brawling 3 (rules/armageddon.md §1.2-1.3 scale); no armour
        # attack d10 8 + Dexterity 3 + Hand Weapon 2 = 13 (Good: 3 Success Levels); the Thug dodges d10 2 + 2 − 2
        # (unskilled) = 2, a failure; knife d4 3 × Strength 2 = 6, + 3 Success Levels = 9, no armour: 9 LP off
        "faces": "8 2 3",
        "defence": "dodge",
        "says": ["Jack hits Thug with Knife for 9 damage", "Thug loses 9 LP (34 → 25)"],
        # the Thug's own knife back: d10 7 + Dexterity 2 + Hand Weapon 2 = 11 (Decent: 2 Success Levels); Jack dodges
        # d10 2 + 3 − 2 = 3, a failure; d4 2 × Strength 3 = 6, + 2 = 8, − the jacket's 2 = 6
        "riposte": (
            "Knife: d4 × Strength",
            "7 2 2",
            ["Thug hits Jack with Knife for 6 damage", "Jack loses 6 LP (26 → 20)"],
            lambda sheet: sheet["current"]["life_points"] == 20,
        ),
    },
    "semiautomagic": {
        "pc": ("Mira", {}, {"Weapon Skill": 2}),
        "weapon": "Knife",
        "option": "Knife: 1d6 Piercing",
        "armour": {"name": "Kevlar vest", "defence": 3, "mobility_penalty": 1},
        "npc": "Police officer",  # a stab vest: worn armour 1
        # attack d6 5 + Weapon Skill 2 = 7 ≥ the officer's Target 4 (no defence); knife 1d6 = 6
        "faces": "5 6",
        "defence": "none",
        "says": [
            "hit: 6 Piercing damage",
            "Mira hits Police officer with Knife for 6 Piercing damage",
            "Police officer is wounded (1 wound; Toughness 9)",
        ],
    },
    "coc": {
        # Harvey: STR 70 + SIZ 65 = 135 → Damage Bonus +1D4
        "pc": ("Harvey", {"STR": 70, "SIZ": 65, "DEX": 60}, {"Fighting (Brawl)": 60}),
        "weapon": "Small knife",
        "option": "Small knife",
        "armour": 1,
        "npc": "Cultist",  # CON 50 + SIZ 60 → 11 HP; Dodge 30; no armour
        # Fighting (Brawl) 25 against 60 (Hard), the Cultist's Dodge 80 against 30 fails; knife 1D4 = 3, DB 1D4 = 2
        "faces": "5 20 0 80 3 2",
        "defence": "dodge",
        "says": ["Harvey hits Cultist with Small knife for 5", "Cultist loses 5 HP (11 → 6)"],
        # the Cultist's own knife back: Fighting (Brawl) 30 against 40, Harvey's Dodge 80 against 30 fails; 1D4 = 3,
        # no Damage Bonus (STR 55 + SIZ 60 = 115), − Harvey's armour 1 = 2
        "riposte": (
            "Knife",
            "0 30 0 80 3",
            ["Cultist hits Harvey with Knife for 2", "Harvey loses 2 HP (11 → 9)"],
            lambda sheet: sheet["hp"] == 9,
        ),
    },
}


def a_campaign(page, name, game, hero, numbers=None, skills=None, route=""):
    """Campaign ``name`` with ``hero`` alone in the party, his sheet as the guided form makes it, put into storage
    and ``route`` opened in it (its party screen by default); the campaign's id."""
    record = campaign_record("c-fight", name, game, {"pc-hero": guided(game, hero, numbers, skills)})
    open_stored(page, record, "#/c/c-fight" + route)
    expect(page.locator("#sheet-title" if route else "#party-title")).to_contain_text(hero if route else name)
    return "c-fight"


def characters(page, campaign_id):
    record = [each for each in stored_campaigns(page) if each["id"] == campaign_id][0]
    return {each["sheet"]["name"]: each for each in record["characters"]}


def combatant(page, name):
    return page.locator(".combatant", has=page.locator("h3", has_text=name))


def arm(page, spec):
    """The weapon from the common list and the armour, through the sheet's editor; saved and shown."""
    panel = page.locator("section.weapons")
    expect(panel).to_contain_text("No weapons")
    panel.get_by_role("button", name="Edit weapons and armour").click()
    form = page.locator("form.weapons-form")
    form.locator('select[name="new-weapon"]').select_option(label=spec["weapon"])
    form.get_by_role("button", name="Add weapon").click()
    expect(form.locator('input[name="weapons.0.name"]')).to_have_value(spec["weapon"])
    armour = spec["armour"]
    if isinstance(armour, dict):
        form.get_by_role("button", name="Add armour").click()
        for key, value in armour.items():
            form.locator(f'input[name="armour.{key}"]').fill(str(value))
    else:
        form.locator('input[name="armour"]').fill(str(armour))
    form.get_by_role("button", name="Save weapons and armour").click()
    expect(form).to_be_hidden()
    expect(panel).to_contain_text(spec["weapon"])


def cast_from_template(page, npc):
    page.get_by_role("link", name="Cast", exact=True).click()
    page.get_by_role("button", name="From a ready-made NPC").click()
    form = page.locator("form.from-template")
    form.get_by_label("Who").select_option(label=npc)
    form.get_by_role("button", name="Add to the cast").click()
    expect(page.locator(".character-card h2", has_text=npc)).to_be_visible()


def start_encounter(page, name):
    page.get_by_role("link", name="Encounter", exact=True).click()
    page.get_by_label("Name of the encounter").fill(name)
    page.get_by_role("button", name="Start the encounter").click()
    expect(page.locator("#encounter-title")).to_have_text(name)


def add_from(page, group, name):
    page.get_by_role("group", name=group).locator("button", has_text=name).click()
    expect(combatant(page, name)).to_be_visible()


def shoot(page, name):
    """The open drawer at the tablet's and the phone's size (the Roll button in view at both)."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    for width, height in ((768, 1024), (390, 844)):
        page.set_viewport_size({"width": width, "height": height})
        expect(page.locator(".drawer button.roll")).to_be_in_viewport()
        page.screenshot(path=str(SHOTS / f"{name}-{width}x{height}.png"))
        assert page.evaluate("document.documentElement.scrollWidth <= innerWidth"), (
            f"{name} scrolls sideways at {width}"
        )
    page.set_viewport_size({"width": 768, "height": 1024})


@pytest.mark.parametrize("game", GAMES)
def test_a_character_attacks_an_npc_of_the_cast_with_his_weapon(app, game):
    spec = GAMES[game]
    page = app
    page.set_viewport_size({"width": 768, "height": 1024})
    hero, numbers, skills = spec["pc"]
    campaign_id = a_campaign(page, f"Armed {game}", game, hero, numbers, skills, route="/sheet/pc-hero")
    arm(page, spec)
    cast_from_template(page, spec["npc"])
    npc = spec["npc"]
    before = characters(page, campaign_id)
    assert before[npc]["kind"] == "npc" and before[hero]["kind"] == "pc"

    start_encounter(page, "The docks")
    add_from(page, "From the party", hero)
    add_from(page, "From the cast", npc)

    # three taps: Attack, the NPC, Roll (the physical dice typed are not taps)
    combatant(page, hero).locator('[data-action="attack"]').click()
    combatant(page, hero).locator(".target-picker button", has_text=npc).click()
    drawer = page.locator(".drawer")
    weapon = drawer.locator('select[name="weapon"]')
    expect(weapon.locator("option:checked")).to_have_text(spec["option"])  # his weapon is picked at first
    expect(drawer.locator('[name="defence"]')).to_have_value(spec["defence"])  # the game's usual defence, no tap
    shoot(page, f"{game}-attack-drawer")
    text = roll(page, faces=spec["faces"])
    for words in spec["says"]:
        assert words in text, text
    assert spec["weapon"] in text, text
    page.get_by_role("button", name="Close the roll drawer").click()

    after = characters(page, campaign_id)
    check = CHECKS[game]
    check(before[hero]["sheet"], after[hero]["sheet"], before[npc]["sheet"], after[npc]["sheet"], spec)

    if spec.get("riposte"):  # the NPC's own weapon back at him: his armour takes its share
        option, faces, says, stored = spec["riposte"]
        combatant(page, npc).locator('[data-action="attack"]').click()
        combatant(page, npc).locator(".target-picker button", has_text=hero).click()
        expect(drawer.locator('select[name="weapon"] option:checked')).to_have_text(option)
        text = roll(page, faces=faces)
        for words in says:
            assert words in text, text
        page.get_by_role("button", name="Close the roll drawer").click()
        assert stored(characters(page, campaign_id)[hero]["sheet"])


def check_armageddon(hero_before, hero_after, npc_before, npc_after, spec):
    """The Thug's Life Points down by the knife's damage (no armour); Jack's sheet as it was (the game keeps no
    last roll), his knife and jacket on it."""
    assert hero_after == hero_before and hero_after["armour"] == spec["armour"]
    assert hero_after["weapons"] == [
        {
            "name": "Knife",
            "skill": "Hand Weapon",
            "damage": "d4 × Strength",
            "damage_type": "slashing/stabbing",
            "success_levels": True,
        }
    ]
    assert npc_before.get("armour") is None and npc_before["weapons"][0]["name"] == "Knife"  # his own knife, no armour
    life = npc_before["current"]["life_points"]
    assert life == 34 and npc_after["current"]["life_points"] == life - 9  # (Strength 3 + Constitution 3) × 4 + 10


def check_semiautomagic(hero_before, hero_after, npc_before, npc_after, spec):
    """One wound on the officer: 6 is above his Minimum Toughness 4 and below his Toughness 10 (9 for an average
    human, +1 for his stab vest: worn armour is a Defence source, seed 002); Mira's sheet as it was."""
    assert hero_after == hero_before and hero_after["armour"] == spec["armour"]
    assert npc_before["armour"] == {"name": "Stab vest", "defence": 1, "mobility_penalty": 0}
    assert npc_before.get("wounds", 0) == 0 and npc_after["wounds"] == 1


def check_coc(hero_before, hero_after, npc_before, npc_after, spec):
    """The Cultist's HP down by the knife and Harvey's Damage Bonus (no armour); Harvey's combat roll recorded."""
    assert hero_after["armour"] == 1 and npc_before["armour"] == 0
    assert npc_after["hp"] == npc_before["hp"] - (3 + 2) == 6
    assert hero_after["last_roll"]["name"] == "Fighting (Brawl)" and hero_after["last_roll"]["roll"] == 25


CHECKS = {"armageddon": check_armageddon, "semiautomagic": check_semiautomagic, "coc": check_coc}


BLOCK = """BROTHER ELIAS, age 35, cult acolyte
STR 65 CON 55 SIZ 70 DEX 50 APP 45 INT 55 POW 60
HP 12 DB +1D4 Build 1 Move 8 MP 12 Luck 40
Attacks per round: 1
Knife 40%, damage 1D4+DB
Dodge 25%"""
"""A cultist as a scenario prints him, with a knife and no EDU (STR 65 + SIZ 70 = 135: Damage Bonus +1D4)."""


def test_a_pasted_cultist_knifes_an_investigator_from_his_card(app):
    page = app
    page.set_viewport_size({"width": 768, "height": 1024})
    campaign_id = a_campaign(page, "Pasted", "coc", "Harvey", {"CON": 60, "SIZ": 60})  # 12 HP: 5 damage, no major wound

    page.get_by_role("link", name="Cast", exact=True).click()
    page.get_by_role("button", name="Paste a stat block").click()
    form = page.locator("form.stat-block")
    form.get_by_label("Stat block").fill(BLOCK)
    form.get_by_role("button", name="Read").click()
    expect(form.locator(".read-list")).to_contain_text("Weapon Knife: Fighting (Brawl) 40%, damage 1D4 + Damage Bonus")
    expect(form.get_by_label("NPC name")).to_have_value("Brother Elias")
    given = form.locator('input[name="given-EDU"]')
    expect(given).to_be_visible()  # asked, never guessed
    expect(form.locator('input[name="given-Luck"]')).to_have_count(0)  # the block has it
    given.fill("60")
    form.get_by_role("button", name="Save as NPC").click()
    expect(page.locator(".character-card h2", has_text="Brother Elias")).to_be_visible()
    before = characters(page, campaign_id)
    elias = before["Brother Elias"]
    assert elias["kind"] == "npc" and elias["sheet"]["characteristics"]["EDU"] == 60
    assert elias["sheet"]["skills"]["Fighting (Brawl)"] == 40 and elias["sheet"]["derived"]["damage_bonus"] == "+1D4"
    assert [weapon["name"] for weapon in elias["sheet"]["weapons"]] == ["Knife"]

    start_encounter(page, "The crypt")
    add_from(page, "From the party", "Harvey")
    add_from(page, "From the cast", "Brother Elias")
    combatant(page, "Brother Elias").locator('[data-action="attack"]').click()
    combatant(page, "Brother Elias").locator(".target-picker button", has_text="Harvey").click()
    expect(page.locator('.drawer select[name="weapon"] option:checked')).to_have_text("Knife")
    expect(page.locator('.drawer [name="defence"]')).to_have_value("dodge")
    shoot(page, "coc-stat-block-attack-drawer")
    # Knife (Fighting (Brawl) 40): 35, a Regular success; Harvey's Dodge 25: 80 fails; knife 1D4 = 3, Damage Bonus 1D4 = 2
    text = roll(page, faces="5 30 0 80 3 2")
    assert "Brother Elias hits Harvey with Knife for 5" in text, text
    assert "Harvey loses 5 HP (12 → 7)" in text, text
    page.get_by_role("button", name="Close the roll drawer").click()
    expect(combatant(page, "Harvey")).to_contain_text("7/12")

    after = characters(page, campaign_id)
    assert after["Harvey"]["sheet"]["hp"] == before["Harvey"]["sheet"]["hp"] - (3 + 2) == 7
    assert after["Harvey"]["sheet"]["last_roll"]["name"] == "Dodge"  # his failed Dodge, as the rules record it
    last = after["Brother Elias"]["sheet"]["last_roll"]
    assert last["name"] == "Fighting (Brawl)" and last["roll"] == 35
