"""A game master's campaign on a tablet, for each game (TABLE.md): a campaign, two characters made
with the guided form, a roll from the sheet in two taps with the Roll button in view at 1024 × 768,
damage and healing, a house rule that the next roll follows and names, a reload that finds everything (in one game;
the others' campaign read again from storage without booting the engine again), and
export → delete → import giving back the same campaign field by field. The other tests, not about making a campaign
or a character, put theirs straight into storage with the sheets the guided form makes (tests/web/guided_sheets.py guided; the
first test checks that it makes the same sheets)."""

import json
import time

import pytest
from playwright.sync_api import expect

from tests.web.guided_sheets import guided
from tests.web.helpers import (
    campaign_record,
    let_go,
    new_campaign,
    new_character,
    open_sheet,
    open_stored,
    roll,
    stored_campaigns,
    stored_log,
)

pytestmark = pytest.mark.shared_app  # one booted page for the module, emptied before each test (conftest.py, app)

# Per game: two characters, the row rolled with typed faces and what it shows, a house rule that changes it.
GAMES = {
    "armageddon": {
        "characters": [
            ("Jack", {"attributes.Perception": 3, "attributes.Constitution": 2}, {"Notice": 2}),
            ("Ann", {}, {"Dodge": 3}),
        ],
        "row": "skill-Notice",
        "faces": "5",
        "before": "Total 10 vs 9: success",
        "setting": ("tn", "11"),
        "badge": "Target Number: 11",
        "after": "Total 10 vs 11: failure",
        "named": "House rule in effect: Target Number — 11",
        "damage": ("damage", {"amount": "5"}, "Life Points", "21/26"),
        "heal": ("heal", {"amount": "3"}, "Life Points", "24/26"),
        "reload": True,
    },
    "semiautomagic": {
        "characters": [("Mira", {}, {"Perception": 1}), ("Grub", {"abilities.Strength": 5}, {"Weapon Skill": 2})],
        "row": "skill-Perception",
        "faces": "5",
        "before": "Total 6",
        "setting": ("dying_trigger", "more"),
        "badge": "Dying trigger: Damage more than Toughness",
        "after": "Total 9 vs 9: wounded",
        "named": "House rule in effect: Dying trigger — Damage more than Toughness",
        "damage": ("damage", {"damage": "4"}, None, "Wounds 1"),
        "heal": ("heal", {"days": "1"}, None, "Wounds 0"),
    },
    "coc": {
        "characters": [
            ("Harvey", {"CON": 50, "SIZ": 50}, {"Spot Hidden": 60}),
            ("Cultist", {"STR": 60}, {"Dodge": 30}),
        ],
        "row": "skill-Spot Hidden",
        "faces": "7 90",
        "fields": {"difficulty": "Hard"},
        "before": "Fumble",
        "setting": ("fumble_basis", "raw_skill"),
        "badge": "Fumble range basis: The skill value itself",
        "after": "Rolled 97 against 60 — Failure",
        "named": "House rule in effect: Fumble range basis — The skill value itself",
        "damage": ("damage", {"amount": "3"}, "HP", "7/10"),
        "heal": ("first_aid", {"skill": "30"}, "HP", "8/10"),
    },
}


def a_campaign(page, name, game, *people, sheet=None):
    """Campaign ``name`` of ``game`` with ``people`` ((name, numbers, skills) each, their sheets as the guided form
    makes them) put into storage, and the sheet of the one named ``sheet`` opened, else the party screen."""
    party = {f"pc-{index}": guided(game, *person) for index, person in enumerate(people)}
    route = "#/c/c-table" + "".join(f"/sheet/{key}" for key, each in party.items() if each["name"] == sheet)
    open_stored(page, campaign_record("c-table", name, game, party), route)
    if sheet:
        expect(page.locator("#sheet-title")).to_have_text(sheet)
    else:
        expect(page.locator("#party-title")).to_contain_text(name)


def act(page, key, fields, faces=None, receives=False):
    page.locator(f'.quick-actions [data-action="{key}"]').click()
    if receives:  # a healing move opens from the healer: the one whose sheet it is receives it here
        page.locator(".drawer").get_by_text("Receives it").click()
    text = roll(page, faces=faces, fields=fields)
    page.get_by_role("button", name="Close the roll drawer").click()
    return text


@pytest.mark.parametrize("game", GAMES)
def test_a_campaign_from_start_to_import(app, game, tmp_path):
    spec = GAMES[game]
    page = app
    page.set_viewport_size({"width": 1024, "height": 768})
    campaign_id = new_campaign(page, f"Test {game}", game)
    for name, numbers, skills in spec["characters"]:
        new_character(page, game, name, numbers, skills)
    hero = spec["characters"][0][0]
    made = {each["sheet"]["name"]: each["sheet"] for each in stored_campaigns(page)[0]["characters"]}
    # the sheets the other browser tests store instead of filling the form are the ones it makes
    assert made == {name: guided(game, name, numbers, skills) for name, numbers, skills in spec["characters"]}

    # a roll from the sheet: tap the row, tap Roll — the button is in view without scrolling
    open_sheet(page, hero)
    page.locator(f'[data-row="{spec["row"]}"]').click()
    button = page.locator(".drawer button.roll")
    expect(button).to_be_in_viewport(ratio=1)
    # the exact odds of this roll, redrawn when a field changes
    odds = page.locator(".drawer .odds figcaption")
    expect(odds).to_contain_text("%")
    shown = odds.inner_text()
    change = page.locator(".drawer").get_by_role("button", name="Add a modifier")
    (change if change.count() else page.locator(".drawer").get_by_role("button", name="Bonus dice plus 1")).click()
    expect(odds).not_to_have_text(shown)
    if change.count():
        page.locator(".drawer").get_by_role("button", name="Remove modifier 1").click()
    else:
        page.locator(".drawer").get_by_role("button", name="Bonus dice minus 1").click()
    text = roll(page, faces=spec["faces"], fields=spec.get("fields"))
    assert spec["before"] in text
    page.get_by_role("button", name="Close the roll drawer").click()

    # damage, then healing; the card on the sheet shows the new values
    key, fields, bar, value = spec["damage"]
    act(page, key, fields, faces="5 10" if game == "coc" and key == "first_aid" else None)
    card = page.locator(".sheet .character-card")
    expect(card).to_contain_text(value)
    key, fields, bar, value = spec["heal"]
    act(page, key, fields, faces="5 10" if key == "first_aid" else None, receives=key == "first_aid")
    expect(card).to_contain_text(value)

    # a house rule: the next roll follows it, the drawer shows it, the result names it
    page.get_by_role("link", name="House rules").click()
    name, setting = spec["setting"]
    control = page.locator(f'[data-setting="{name}"]').locator("select, input").first
    if control.evaluate("node => node.tagName") == "SELECT":
        control.select_option(setting)
    else:
        control.fill(setting)
        control.press("Enter")  # a house-rule number is stored when committed, not at each keystroke
    expect(page.locator(f'[data-setting="{name}"]')).to_contain_text("Changed")
    page.go_back()
    if (
        game == "semiautomagic"
    ):  # its checks have no house rule; taking a hit has: damage = Toughness 9 starts dying by default
        page.locator('.quick-actions [data-action="damage"]').click()
        expect(page.locator(".drawer .badges")).to_contain_text(spec["badge"])
        text = roll(page, fields={"damage": "9"})
        assert "dying" not in text.lower()
    else:
        page.locator(f'[data-row="{spec["row"]}"]').click()
        expect(page.locator(".drawer .badges")).to_contain_text(spec["badge"])
        text = roll(page, faces=spec["faces"], fields=spec.get("fields"))
        assert "Fumble" not in text
    assert spec["after"] in text
    page.locator(".drawer .trace summary").click()
    expect(page.locator(".drawer .trace")).to_contain_text(spec["named"])
    page.get_by_role("button", name="Close the roll drawer").click()

    # everything is still there when the page reads it again: after a reload, in one game (a start reads each game's
    # record alike; a reload boots the engine again), and in the others once the app let go of it
    before = [record for record in stored_campaigns(page) if record["id"] == campaign_id][0]
    if spec.get("reload"):
        page.reload()
    else:
        route = page.url.split("#")[1]
        let_go(page)
        page.goto(page.url.split("#")[0] + "#" + route)
    expect(page.locator("#sheet-title")).to_have_text(hero)
    page.get_by_role("link", name="Party").click()
    expect(page.locator(".character-card")).to_have_count(2)
    assert [record for record in stored_campaigns(page) if record["id"] == campaign_id][0] == before

    # export, delete, import: the same campaign, field by field
    page.get_by_role("link", name="‹ Campaigns").click()
    row = page.locator(f'[data-campaign="{campaign_id}"]')
    with page.expect_download() as download:
        row.get_by_role("button", name="Export").click()
    exported = tmp_path / "campaign.json"
    download.value.save_as(exported)
    log = stored_log(page, campaign_id)
    assert log and all(entry["result"] for entry in log), "every roll is logged with its result"
    assert json.loads(exported.read_text()) == {**before, "log": log}, "the file carries the whole log"
    row.get_by_role("button", name="Delete").click()
    page.get_by_role("dialog").get_by_role("button", name="Delete").click()
    expect(row).to_have_count(0)
    assert not [record for record in stored_campaigns(page) if record["id"] == campaign_id]
    page.locator('input[name="campaign-file"]').set_input_files(exported)
    expect(page.locator(f'[data-campaign="{campaign_id}"]')).to_be_visible()
    back = [record for record in stored_campaigns(page) if record["id"] == campaign_id][0]
    for field in ("schema", "id", "name", "game", "created", "settings", "characters", "log", "encounters"):
        assert back[field] == before[field], field
    assert stored_log(page, campaign_id) == log, "the imported log is back in the log store"


def test_editing_a_sheet_checks_each_value_next_to_its_field(app):
    page = app
    a_campaign(page, "Edits", "armageddon", ("Jack", {}, {"Notice": 2}), sheet="Jack")
    page.get_by_role("button", name="Edit values").click()
    editor = page.locator("form.sheet-editor")
    editor.locator('input[name="attributes.Strength"]').fill("-3")
    perception = editor.locator('input[name="attributes.Perception"]')
    perception.fill("")
    perception.press_sequentially("1e")  # the browser cannot read it as a number (validity.badInput)
    editor.get_by_role("button", name="Save the sheet").click()
    expect(
        editor.locator(".field", has=page.locator('input[name="attributes.Strength"]')).locator(".field-error")
    ).to_have_text("Strength must be at least 0.")
    expect(
        editor.locator(".field", has=page.locator('input[name="attributes.Perception"]')).locator(".field-error")
    ).to_contain_text("enter a whole number")
    editor.locator('input[name="attributes.Strength"]').fill("4")
    perception.fill("5")
    editor.locator('input[name="skills.Notice"]').fill("3")
    editor.locator('input[name="name"]').fill("Jack Hawk")
    editor.get_by_label("Find a skill").fill("Dodge")
    editor.locator(".skill-matches button", has_text="Dodge").first.click()
    editor.locator('input[name="skills.Dodge"]').fill("2")
    editor.get_by_role("button", name="Save the sheet").click()
    expect(page.locator("#sheet-title")).to_have_text("Jack Hawk")
    expect(page.locator('[data-row="skill-Dodge"]')).to_contain_text("2")
    expect(page.locator('[data-row="attr-Strength"]')).to_contain_text("4")
    expect(page.locator('[data-row="skill-Notice"]')).to_contain_text("3")
    sheet = stored_campaigns(page)[0]["characters"][0]["sheet"]
    assert (sheet["attributes"]["Strength"], sheet["attributes"]["Perception"], sheet["skills"]["Notice"]) == (4, 5, 3)
    assert (sheet["name"], sheet["skills"]["Dodge"]) == ("Jack Hawk", 2)
    assert sheet["derived"]["life_points"] == (4 + 2) * 4 + 10  # derived again by the engine

    # by keyboard: Enter on a row opens the drawer with focus in it, Escape closes it and focus comes back
    row = page.locator('[data-row="attr-Strength"]')
    row.focus()
    page.keyboard.press("Enter")
    expect(page.locator("#drawer-title")).to_be_focused()
    page.keyboard.press("Escape")
    expect(page.locator(".drawer")).to_have_count(0)
    expect(row).to_be_focused()


def test_an_attack_on_a_character_of_the_campaign_changes_both_sheets(app):
    page = app
    a_campaign(
        page, "Fight", "coc", ("Harvey", {}, {"Fighting (Brawl)": 60}), ("Cultist", {}, {"Dodge": 20}), sheet="Harvey"
    )
    page.locator('.quick-actions [data-action="attack"]').click()
    drawer = page.locator(".drawer")
    drawer.get_by_label("Target", exact=True).select_option(label="Cultist")
    bonus = drawer.locator('input[name="attacker_bonus"]')
    bonus.fill("")
    bonus.press_sequentially("1e")
    drawer.locator("button.roll").click()
    expect(
        drawer.locator(".field", has=page.locator('input[name="attacker_bonus"]')).locator(".field-error")
    ).to_contain_text("enter a whole number")
    expect(drawer.locator("[data-result]")).to_have_count(0)  # nothing was rolled with a guessed value
    drawer.get_by_text("Physical dice", exact=True).click()  # the campaign's dice, kept in its record: a change
    deadline = time.monotonic() + 10
    while stored_campaigns(page)[0].get("dice") != "physical" and time.monotonic() < deadline:
        page.wait_for_timeout(50)
    revision = stored_campaigns(page)[0]["revision"]
    text = roll(page, faces="0 30 0 90 2", fields={"attacker_bonus": "0"})
    assert "Harvey hits Cultist for 2" in text and "Cultist loses 2 HP (10 → 8)" in text  # shown, not behind a tap
    record = stored_campaigns(page)[0]
    hp = {c["sheet"]["name"]: c["sheet"]["hp"] for c in record["characters"]}
    assert hp == {"Harvey": 10, "Cultist": 8}
    assert record["revision"] == revision + 1  # both sheets in one transaction


def test_rename_duplicate_delete_and_undo_on_the_campaign_list(app, tmp_path):
    page = app
    a_campaign(page, "Old name", "semiautomagic", ("Mira",))
    expect(page.get_by_text("Character files (JSON)")).to_have_count(0)  # not on the party screen: a tool from About
    page.get_by_role("link", name="About", exact=True).click()
    page.get_by_role("link", name="Tools for Old name").click()
    expect(page.get_by_role("heading", name="Character files (JSON)")).to_be_visible()
    with page.expect_download() as download:  # one character's JSON, for power users
        page.get_by_role("button", name="Export Mira").click()
    mira = tmp_path / "mira.json"
    download.value.save_as(mira)
    page.locator('.power input[type="file"]').set_input_files(mira)
    expect(page.get_by_role("button", name="Export Mira")).to_have_count(2)
    page.get_by_role("link", name="Old name: the party").click()
    expect(page.locator(".character-card", has_text="Mira")).to_have_count(2)
    page.get_by_role("link", name="‹ Campaigns").click()
    row = page.locator('[data-campaign="c-table"]')
    row.get_by_role("button", name="Rename").click()
    row.get_by_label("New name").fill("The Long Night")
    row.get_by_role("button", name="Save name").click()
    expect(row).to_contain_text("The Long Night")
    expect(row).to_contain_text("Semiautomagic · 2 player characters · last played")
    row.get_by_role("button", name="Duplicate").click()
    expect(page.locator(".campaign-row", has_text="The Long Night (copy)")).to_have_count(1)
    row.get_by_role("button", name="Delete").click()
    page.get_by_role("dialog").get_by_role("button", name="Delete").click()
    expect(row).to_have_count(0)
    page.locator(".snackbar").get_by_role("button", name="Undo").click()
    expect(row).to_contain_text("The Long Night")
    names = sorted(record["name"] for record in stored_campaigns(page))
    assert names == ["The Long Night", "The Long Night (copy)"]


def test_a_resisted_task_and_damage_applied_to_another_character_of_the_campaign(app):
    page = app
    jack = ("Jack", {"attributes.Perception": 4}, {"Notice": 2})
    a_campaign(page, "Resisted", "armageddon", jack, ("Ann", {"attributes.Perception": 3}, {"Notice": 3}), sheet="Jack")
    page.locator('[data-row="skill-Notice"]').click()
    drawer = page.locator(".drawer")
    drawer.get_by_label("Against (opposed roll)").select_option(label="Ann")
    # the opponent's Attribute and skill are picked by name from Ann's sheet; the engine reads her levels there
    expect(drawer.locator('select[name="b_attribute_name"]')).to_have_value("Perception")
    expect(drawer.locator('select[name="b_skill_name"]')).to_have_value("Notice")
    expect(drawer.locator('select[name="b_skill_name"] option').first).to_have_text("Notice 3")
    expect(drawer.locator('input[name="b_attribute"]')).to_have_count(0)  # no typed levels for a sheet
    assert "Side" not in drawer.inner_text()
    text = roll(page, faces="5 4")
    page.locator(".drawer .trace summary").click()
    trace = drawer.locator(".trace").inner_text()
    assert "Total 11 vs 9: success — Jack wins by 1" in text
    assert "Ann: Perception 3, Notice 3 from the sheet" in trace
    assert "5 (die) +4 +2 = 11" in trace and "4 (die) +3 +3 = 10" in trace  # Jack 4 + 2, Ann 3 + 3

    page.get_by_role("button", name="Close the roll drawer").click()

    # a damage roll with a target: the total is applied to the target's sheet right there
    page.locator('.quick-actions [data-action="roll_damage"]').click()
    drawer.get_by_label("Target", exact=True).select_option(label="Ann")
    assert "Total 8: 8 damage" in roll(page, faces="4", fields={"expression": "d6x2"})
    drawer.get_by_role("button", name="Apply 8 damage to Ann").click()
    expect(drawer.locator("[data-result]")).to_contain_text("Ann loses 8 LP")
    ann = [c for c in stored_campaigns(page)[0]["characters"] if c["sheet"]["name"] == "Ann"][0]["sheet"]
    assert ann["current"]["life_points"] == ann["derived"]["life_points"] - 8


def test_after_a_failed_roll_push_or_spend_luck_right_there(app):
    page = app
    a_campaign(page, "Follow-ups", "coc", ("Harvey", {}, {"Spot Hidden": 60}), sheet="Harvey")
    page.locator('[data-row="skill-Spot Hidden"]').click()
    assert "Rolled 65 against 60 — Failure" in roll(page, faces="5 60")
    follow = page.locator(".drawer .follow-ups")
    expect(follow.get_by_role("button", name="Spend 35 Luck → Hard success")).to_be_visible()
    follow.get_by_role("button", name="Spend 5 Luck → Regular success").click()
    expect(page.locator(".drawer [data-result]")).to_contain_text("Harvey spends 5 Luck (50 → 45)")
    assert stored_campaigns(page)[0]["characters"][0]["sheet"]["luck"] == 45

    page.get_by_role("button", name="Close the roll drawer").click()
    page.locator('[data-row="skill-Spot Hidden"]').click()
    roll(page, faces="5 80")
    page.locator(".drawer .follow-ups").get_by_role("button", name="Push the roll").click()
    expect(page.locator("#drawer-title")).to_have_text("Push the roll")
    page.locator('.drawer input[name="dice"]').fill("5 20")  # physical dice stay chosen from the roll pushed
    page.locator(".drawer button.roll").click()  # a push must be justified: said next to the field
    expect(page.locator(".drawer .field-error").first).to_contain_text("justif")
    assert "Rolled 25 against 60 — Hard success" in roll(
        page, faces="5 20", fields={"justification": "I search the desk again"}
    )


def test_an_armageddon_character_carries_items_and_the_card_shows_the_encumbrance(app):
    page = app
    a_campaign(page, "Heavy", "armageddon")
    page.get_by_role("button", name="New character").click()
    form = page.locator("form.new-character")
    form.locator('input[name="name"]').fill("Jack")
    form.get_by_role("button", name="Add an item").click()
    form.locator('input[name="items.0.name"]').fill("Backpack")
    weight = form.locator('input[name="items.0.weight"]')
    weight.fill("")
    weight.press_sequentially("1e")
    expect(form.locator(".derived")).to_contain_text("Fix the marked fields")
    weight.fill("80")
    expect(form.locator(".derived")).to_contain_text("Carrying capacity")
    form.get_by_role("button", name="Create Jack").click()
    expect(page.locator(".character-card")).to_contain_text(
        "−5 rolls needing silence or fast reactions, and Speed: Extra Heavy encumbrance (80 lb)"
    )
    assert stored_campaigns(page)[0]["characters"][0]["sheet"]["items"] == [{"name": "Backpack", "weight": 80}]
