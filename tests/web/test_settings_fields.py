"""House rules commit a checked value or nothing (nothing stored, imported or half-updated can break the
app or silently change the rules): a number setting is stored when it is committed (leaving the field,
Enter, a − / + tap), never keystroke by keystroke, and only when it reads as a whole number in the rule's
range; an invalid value shows its error and leaves the stored rule as it was, and the next roll uses the
stored rule. The roll drawer names a house rule set away from its default before anything is rolled.

The campaign is put straight into storage (Jack's sheet made by the engine as the guided form makes it). The
browser types a few invalid numbers through the whole flow; how every other text is read (out of range, a
fraction, empty, what the browser cannot read) is checked in tests/node/number_text.test.mjs."""

from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.web.guided_sheets import armageddon_character
from tests.web.helpers import campaign_record, let_go, open_sheet, open_stored, roll, stored_campaigns, wait_until
from tests.web.test_screens import DEVELOPER_WORDS, SMALL_TARGETS

pytestmark = pytest.mark.shared_app  # one booted page for the module, emptied before each test (conftest.py, app)

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "test-results" / "settings"
JACK = armageddon_character("Jack", {"Notice": 2}, Perception=3, Constitution=2)  # Notice with a 5: total 10


def settings_of(page, campaign_id):
    return [record for record in stored_campaigns(page) if record["id"] == campaign_id][0]["settings"]


def stored_tn(page, campaign_id):
    return settings_of(page, campaign_id).get("tn", 9)


def tn_field(page):
    return page.locator('[data-setting="tn"] input[type="number"]')


def tn_error(page):
    return page.locator('[data-setting="tn"] .field-error')


def type_into(page, field, text, delay=0):
    """Select what the field holds, clear it and type ``text`` key by key (as a hand on a keyboard would)."""
    field.click()
    page.keyboard.press("ControlOrMeta+a")
    page.keyboard.press("Backspace")
    page.keyboard.type(text, delay=delay)


def leave(page):
    """Leave the field the way a tap elsewhere does: the focus moves away."""
    page.locator("#rules-title").click()


def roll_notice(page, faces="5"):
    """From the Rules screen: Jack's Notice with a typed 5 (total 10); the result text and the drawer's rule line."""
    page.get_by_role("link", name="Party").click()
    open_sheet(page, "Jack")
    page.locator('[data-row="skill-Notice"]').click()
    line = page.locator(".drawer .house-rules")
    shown = line.inner_text() if line.count() else ""
    text = roll(page, faces=faces)
    page.get_by_role("button", name="Close the roll drawer").click()
    page.get_by_role("link", name="House rules").click()
    return text, shown


def resize(page, width, height):
    """The viewport at ``width`` × ``height``, once the page itself reads that size (no fixed wait: the screens'
    layout is CSS alone, laid out again at the next read)."""
    page.set_viewport_size({"width": width, "height": height})
    page.wait_for_function("([width, height]) => innerWidth === width && innerHeight === height", arg=[width, height])


def no_stale_snack(page):
    expect(page.locator(".snackbar", has_text="another tab")).to_have_count(0)


@pytest.fixture
def armageddon(app):
    page = app
    page.set_viewport_size({"width": 768, "height": 1024})
    campaign_id = "c-house-rules"
    open_stored(
        page, campaign_record(campaign_id, "House rules", "armageddon", {"ch-jack": JACK}), f"#/c/{campaign_id}"
    )
    page.get_by_role("link", name="House rules").click()
    expect(tn_field(page)).to_have_value("9")
    return page, campaign_id


def test_typing_a_number_stores_it_once_when_the_field_is_left(armageddon):
    page, campaign_id = armageddon
    for delay in (0, 15, 60):  # ms between keys: typed at once, quickly, slowly
        for attempt in range(4):  # the old field lost the race about one time in three
            type_into(page, tn_field(page), "12", delay=delay)
            assert stored_tn(page, campaign_id) == 9, "nothing is stored while the field is being typed in"
            leave(page)
            expect(page.locator('[data-setting="tn"]')).to_contain_text("Changed")
            assert settings_of(page, campaign_id) == {"tn": 12}, (delay, attempt)
            expect(tn_field(page)).to_have_value("12")
            expect(tn_error(page)).to_be_hidden()
            no_stale_snack(page)
            page.locator('[data-setting="tn"]').get_by_role("button", name="Back to default").click()
            expect(tn_field(page)).to_have_value("9")
            expect(page.locator('[data-setting="tn"]')).not_to_contain_text("Changed")
            assert settings_of(page, campaign_id) == {}
    type_into(page, tn_field(page), "12", delay=15)
    leave(page)
    expect(page.locator('[data-setting="tn"]')).to_contain_text("Changed")
    text, line = roll_notice(page)
    assert "vs 12" in text and "Total 10 vs 12: failure" in text, text
    assert line == "House rule: Target Number: 12 (default 9)"
    no_stale_snack(page)


def test_enter_and_the_steppers_store_checked_values(armageddon):
    page, campaign_id = armageddon
    type_into(page, tn_field(page), "11")
    page.keyboard.press("Enter")
    expect(page.locator('[data-setting="tn"]')).to_contain_text("Changed")
    assert settings_of(page, campaign_id) == {"tn": 11}
    expect(tn_field(page)).to_be_focused()
    plus = page.get_by_role("button", name="Target Number (default 9) plus 1")
    for _ in range(4):  # quick taps: each stored in turn, none lost, no stale-tab message
        plus.click(delay=0)
    expect(tn_field(page)).to_have_value("15")
    wait_until(
        page,
        """() => new Promise((resolve) => {
        const open = indexedDB.open("rules-companion");
        open.onsuccess = () => { const request = open.result.transaction("campaigns").objectStore("campaigns").getAll();
          request.onsuccess = () => { resolve(request.result.some((record) => record.settings.tn === 15)); open.result.close(); }; };
    })""",
    )
    no_stale_snack(page)
    minus = page.get_by_role("button", name="Target Number (default 9) minus 1")
    for _ in range(6):
        minus.click(delay=0)
    expect(page.locator('[data-setting="tn"]')).not_to_contain_text("Changed")
    page.wait_for_timeout(300)
    assert settings_of(page, campaign_id) == {}
    no_stale_snack(page)


# typed text → what the field says (the stored rule is untouched), at each stored Target Number: what the browser
# itself reads (a number past the largest it holds is no number to it; a number field drops letters) and a number out
# of the rule's range. How every other text is read is checked in tests/node/number_text.test.mjs.
INVALID = {
    9: {"1e309": "Target Number: enter a whole number", "abc": "Target Number: enter a number."},
    12: {"35": "Target Number must be at most 30."},
}


def test_an_invalid_number_shows_its_error_and_stores_nothing(armageddon):
    page, campaign_id = armageddon
    for before, invalid in INVALID.items():
        if before != 9:
            type_into(page, tn_field(page), str(before))
            leave(page)
            expect(page.locator('[data-setting="tn"]')).to_contain_text("Changed")
        stored = stored_campaigns(page)
        for typed, words in invalid.items():
            type_into(page, tn_field(page), typed)
            if typed != "abc":  # letters never reach the field
                expect(tn_error(page)).to_contain_text(words)  # shown while typing, named in plain words
            leave(page)
            expect(tn_error(page)).to_contain_text(words)
            expect(tn_error(page)).to_contain_text(f"Not changed: Target Number is still {before}.")
            expect(tn_field(page)).to_have_attribute("aria-invalid", "true")
            if typed == "35":
                expect(tn_field(page)).to_have_value(typed)  # the typed text stays while it is invalid
            assert stored_campaigns(page) == stored, typed
            no_stale_snack(page)
            if typed == "35":
                SHOTS.mkdir(parents=True, exist_ok=True)
                for width, height in [(768, 1024), (390, 844)]:
                    page.set_viewport_size({"width": width, "height": height})
                    page.locator('[data-setting="tn"]').scroll_into_view_if_needed()
                    assert page.evaluate(SMALL_TARGETS) == []
                    page.screenshot(path=str(SHOTS / f"rules-invalid-{width}x{height}.png"))
                page.set_viewport_size({"width": 768, "height": 1024})
        text, line = roll_notice(page)
        assert f"Total 10 vs {before}:" in text, text
        assert line == ("" if before == 9 else f"House rule: Target Number: {before} (default 9)")
        expect(tn_field(page)).to_have_value(str(before))  # back on the screen: the stored rule
        expect(tn_error(page)).to_be_hidden()

    # a valid value after an invalid one is stored: the campaign read again from storage (the app lets go of the one it
    # held, as a reload would, without booting the engine again) shows it and rolls with it
    type_into(page, tn_field(page), "35")
    type_into(page, tn_field(page), "10")
    leave(page)
    expect(tn_error(page)).to_be_hidden()
    expect(page.locator('[data-setting="tn"]')).to_contain_text("Changed")
    assert settings_of(page, campaign_id) == {"tn": 10}
    let_go(page)
    page.goto(page.url.split("#")[0] + f"#/c/{campaign_id}/rules")
    expect(tn_field(page)).to_have_value("10")
    assert settings_of(page, campaign_id) == {"tn": 10}
    text, line = roll_notice(page)
    assert "Total 10 vs 10: success" in text, text
    assert line == "House rule: Target Number: 10 (default 9)"


def test_a_change_from_another_tab_replaces_an_invalid_typed_value(armageddon):
    page, campaign_id = armageddon
    type_into(page, tn_field(page), "35")
    leave(page)
    expect(tn_error(page)).to_contain_text("Not changed: Target Number is still 9.")
    other = page.context.new_page()  # a tab beside it, in the same browser profile
    other.goto(page.url)
    expect(other.locator("html")).to_have_attribute("data-ready", "true", timeout=120_000)
    expect(tn_field(other)).to_have_value("9")
    type_into(other, tn_field(other), "13")
    other.locator("#rules-title").click()
    expect(other.locator('[data-setting="tn"]')).to_contain_text("Changed")
    expect(tn_field(page)).to_have_value("13")
    expect(tn_error(page)).to_be_hidden()
    assert settings_of(page, campaign_id) == {"tn": 13}
    other.close()


def test_choices_and_switches_store_declared_values_only(armageddon):
    page, campaign_id = armageddon
    tie = page.locator('[data-setting="tie_rule"] select')
    tie.select_option("defender_wins")
    expect(page.locator('[data-setting="tie_rule"]')).to_contain_text("Changed")
    # a value that is not a choice, forced into the page, is never written
    tie.evaluate("""(select) => { const option = document.createElement("option"); option.value = "whatever";
        option.textContent = "x"; select.append(option); select.value = "whatever"; select.dispatchEvent(new Event("change", { bubbles: true })); }""")
    page.wait_for_timeout(300)
    assert settings_of(page, campaign_id) == {"tie_rule": "defender_wins"}
    stack = page.locator('[data-setting="stack_essence_penalties"] input[type="checkbox"]')
    stack.check()
    expect(page.locator('[data-setting="stack_essence_penalties"]')).to_contain_text("Changed")
    assert settings_of(page, campaign_id) == {"tie_rule": "defender_wins", "stack_essence_penalties": True}
    stack.uncheck()
    expect(page.locator('[data-setting="stack_essence_penalties"]')).not_to_contain_text("Changed")
    assert settings_of(page, campaign_id) == {"tie_rule": "defender_wins"}


def test_the_drawer_names_the_rules_in_force_only_when_changed(armageddon):
    page, campaign_id = armageddon
    text, line = roll_notice(page)
    assert "vs 9" in text and line == ""
    page.locator('[data-setting="rule_of_one_mode"] select').select_option("literal")
    type_into(page, tn_field(page), "12")
    leave(page)
    expect(page.locator('[data-setting="tn"]')).to_contain_text("Changed")
    page.get_by_role("link", name="Party").click()
    open_sheet(page, "Jack")
    page.locator('[data-row="skill-Notice"]').click()
    rules = page.locator(".drawer .house-rules li")
    expect(rules).to_have_count(2)
    expect(page.locator('.drawer [data-house-rule="tn"]')).to_have_text("House rule: Target Number: 12 (default 9)")
    expect(page.locator('.drawer [data-house-rule="rule_of_one_mode"]')).to_contain_text(
        "House rule: Rule of 1 reading: The reroll minus 5 is added"
    )
    assert DEVELOPER_WORDS.findall(page.locator(".drawer").inner_text()) == []
    expect(page.locator(".drawer .house-rules")).to_be_in_viewport()
    SHOTS.mkdir(parents=True, exist_ok=True)
    for width, height in [(768, 1024), (390, 844)]:
        resize(page, width, height)
        expect(page.locator(".drawer button.roll")).to_be_in_viewport(ratio=1)
        expect(page.locator(".drawer .house-rules")).to_be_in_viewport(ratio=1)
        page.screenshot(path=str(SHOTS / f"drawer-house-rules-{width}x{height}.png"))
    text = roll(page, faces="5")
    assert "Total 10 vs 12: failure" in text, text


@pytest.mark.parametrize("game", ["armageddon", "semiautomagic", "coc"])
def test_every_game_s_rules_screen_reads_plainly_with_large_targets(app, game):
    page = app
    page.set_viewport_size({"width": 768, "height": 1024})
    open_stored(page, campaign_record(f"c-words-{game}", f"Words {game}", game, {}), f"#/c/c-words-{game}/rules")
    expect(page.locator("#rules-title")).to_contain_text("house rules")
    body = page.locator(".screen.rules").inner_text()
    assert DEVELOPER_WORDS.findall(body) == [], game
    for word in ("null", "undefined", "NaN", "[object"):
        assert word not in body, (game, word)
    assert page.evaluate(SMALL_TARGETS) == [], game
    SHOTS.mkdir(parents=True, exist_ok=True)
    if game == "semiautomagic":  # a number whose default is "empty": the rules' own DC
        field = page.locator('[data-setting="stabilise_dc"] input[type="number"]')
        expect(page.locator('[data-setting="stabilise_dc"] label').first).to_have_text(
            "Medicine DC to stabilise (default: empty)"
        )
        expect(field).to_have_value("")
        type_into(page, field, "7")
        leave(page)
        expect(page.locator('[data-setting="stabilise_dc"]')).to_contain_text("Changed. Default: empty")
        type_into(page, field, "")
        leave(page)
        expect(page.locator('[data-setting="stabilise_dc"]')).not_to_contain_text("Changed")
        type_into(page, page.locator('[data-setting="wake_noise_dc"] input[type="number"]'), "-31")
        leave(page)
        expect(page.locator('[data-setting="wake_noise_dc"] .field-error')).to_contain_text(
            "must be at least -30. Not changed: Always-wakes noise DC is still -5."
        )
    for width, height in [(768, 1024), (390, 844)]:
        resize(page, width, height)
        assert page.evaluate("document.documentElement.scrollWidth <= innerWidth"), (game, width)
        page.screenshot(
            path=str(SHOTS / f"rules-{game}-{width}x{height}.png"), full_page=width == 390 and game == "semiautomagic"
        )


def test_leaving_the_screen_from_the_field_keeps_a_valid_number_and_names_an_invalid_one(armageddon):
    page, campaign_id = armageddon
    type_into(page, tn_field(page), "14")
    page.go_back()  # the field never loses the focus: the screen goes
    expect(page.locator("#party-title")).to_be_visible()
    wait_until(
        page,
        """() => new Promise((resolve) => {
        const open = indexedDB.open("rules-companion");
        open.onsuccess = () => { const request = open.result.transaction("campaigns").objectStore("campaigns").getAll();
          request.onsuccess = () => { resolve(request.result.some((record) => record.settings.tn === 14)); open.result.close(); }; };
    })""",
    )
    no_stale_snack(page)
    page.get_by_role("link", name="House rules").click()
    expect(tn_field(page)).to_have_value("14")
    type_into(page, tn_field(page), "35")
    page.go_back()
    expect(page.locator(".snackbar")).to_contain_text(
        "Target Number must be at most 30. Not changed: Target Number is still 14."
    )
    assert settings_of(page, campaign_id) == {"tn": 14}
