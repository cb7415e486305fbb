"""Characters in from other tools and results out for forums, on a tablet (TABLE.md): a Dhole's House file picked on
the party screen shows its report before it joins the party; a roll is copied for the forum from the drawer in
BBCode; the campaign's format changed to Markdown on the log's forum panel and a stretch copied; the format kept in
the campaign, through an export and an import.

Campaigns are put straight into storage (the sheets made by the engine as the guided form makes them); the rolls on
the log are rolled in the drawer."""

import json
import uuid

import pytest
from playwright.sync_api import expect

from tests.web.conftest import undone_at_reset
from tests.web.guided_sheets import investigator
from tests.web.helpers import campaign_record, let_go, open_stored, roll, stored_campaigns

pytestmark = pytest.mark.shared_app  # one booted page for the module, emptied before each test (conftest.py, app)

DHOLE = {
    "Investigator": {
        "PersonalDetails": {"Name": "Harvey [b]Walters[/b]", "Occupation": "Journalist", "Age": "42"},
        "Characteristics": {
            "STR": "45",
            "CON": "60",
            "SIZ": "65",
            "DEX": "60",
            "APP": "50",
            "INT": "85",
            "POW": "60",
            "EDU": "80",
            "Sanity": "55",
            "SanityMax": "94",
            "HitPts": "10",
            "HitPtsMax": "12",
            "MagicPts": "12",
            "MagicPtsMax": "12",
            "Luck": "50",
            "Move": "6",
            "DamageBonus": "0",
            "Build": "0",
        },
        "Skills": {
            "Skill": [
                {"name": "Spot Hidden", "subskill": "None", "value": "55", "occupation": "true"},
                {"name": "Operate Heavy Machine", "subskill": "None", "value": "30"},
                {"name": "Language (Other)", "subskill": "Latin", "value": "40"},
                {"name": "Language (Other)", "subskill": "French", "value": "25"},
                {"name": "Juggling", "subskill": "None", "value": "12"},
            ]
        },
        "Weapons": {
            "weapon": {
                "name": ".38 Revolver",
                "skillname": "Firearms (Handgun)",
                "damage": "1D10",
                "ammo": "6",
                "malf": "100",
            }
        },
        "Possessions": {"item": {"description": "Notebook"}},
    }
}


def stored(page, name, game, party=None, screen=""):
    """A campaign ``name`` of ``game`` with ``party`` ({character id: sheet}) stored and open on its party screen (or
    ``screen``: "/sheet/<character id>"); its id (a new one each time, as the app makes it)."""
    campaign_id = f"c-{uuid.uuid4().hex[:12]}"
    open_stored(page, campaign_record(campaign_id, name, game, party or {}), f"#/c/{campaign_id}{screen}")
    return campaign_id


def harvey_on_his_sheet(page, name="Harvey"):
    """Masks, a Call of Cthulhu campaign with ``name`` (Spot Hidden 60), his sheet open; the campaign id."""
    campaign_id = stored(page, "Masks", "coc", {"ch-1": investigator(name, {"Spot Hidden": 60})}, "/sheet/ch-1")
    expect(page.locator("#sheet-title")).to_have_text(name)
    return campaign_id


def stub_clipboard(page):
    """navigator.clipboard.writeText records what it was given (read back with written(page))."""
    page.evaluate("""() => {
        window.__copied = [];
        Object.defineProperty(navigator, "clipboard", { configurable: true, value: {
            writeText: async (text) => { window.__copied.push(text); }, readText: async () => window.__copied.at(-1) } });
    }""")
    # a shared page is handed on with the browser's own clipboard
    undone_at_reset(page, "() => { delete navigator.clipboard; delete window.__copied; }")


def written(page):
    return page.evaluate("window.__copied.at(-1)")


def test_a_dholes_house_file_shows_its_report_before_it_joins_the_party(app, tmp_path):
    page = app
    stored(page, "Masks", "coc")
    expect(page.locator("#party-title")).to_contain_text("Masks")
    path = tmp_path / "harvey.json"
    path.write_text(json.dumps(DHOLE), encoding="utf-8")
    panel = page.locator(".import-character")
    panel.locator("summary").click()
    panel.locator('input[type="file"]').set_input_files(str(path))
    report = panel.locator(".import-report")
    expect(report.locator(".headline")).to_contain_text("Harvey [b]Walters[/b] read from The Dhole's House")
    expect(report.locator(".import-mapped")).to_contain_text("Weapon .38 Revolver: Firearms (Handgun), damage 1D10")
    # rules/coc.md §3.2a: Operate Heavy Machinery is on the sheet, each language its own skill; what is not, is said
    expect(report.locator(".import-mapped")).to_contain_text(
        "Operate Heavy Machinery 30, Language (Other) (Latin) 40, Language (Other) (French) 25"
    )
    expect(report.locator(".import-left-out")).to_contain_text("Juggling 12")
    assert not [c for c in stored_campaigns(page)[0]["characters"]]  # nothing saved before the button
    page.screenshot(path=str(tmp_path / "import-768.png"))
    page.set_viewport_size({"width": 390, "height": 844})
    page.screenshot(path=str(tmp_path / "import-390.png"), full_page=True)
    report.get_by_role("button", name="Add Harvey [b]Walters[/b] to the party").click()
    expect(page.locator(".import-said")).to_contain_text("joined the party")
    expect(page.locator(".cards li")).to_have_count(1)
    sheet = stored_campaigns(page)[0]["characters"][0]["sheet"]
    assert sheet["name"] == "Harvey [b]Walters[/b]" and sheet["hp"] == 10 and sheet["san"] == 55
    assert sheet["weapons"][0]["name"] == ".38 Revolver" and "Notebook" in sheet["possessions"]
    assert sheet["skills"]["Language (Other) (Latin)"] == 40 and sheet["skills"]["Language (Other) (French)"] == 25
    with page.expect_download() as download:
        panel.get_by_role("button", name="Foundry file: Harvey [b]Walters[/b]").click()
    actor = json.loads(download.value.path().read_text(encoding="utf-8"))
    assert actor["type"] == "character" and actor["system"]["attribs"]["hp"]["value"] == 10


def test_a_roll_copied_for_the_forum_from_the_drawer_in_bbcode(app, tmp_path):
    page = app
    harvey_on_his_sheet(page, "Harvey [url=x]")
    stub_clipboard(page)
    page.locator('[data-row="skill-Spot Hidden"]').click()
    roll(page, faces="5 20")
    drawer = page.locator(".drawer")
    drawer.get_by_role("button", name="Copy for the forum (BBCode)").click()
    expect(drawer.locator(".copy-said")).to_have_text("Copied as BBCode: paste it into your post.")
    text = written(page)
    assert text.startswith("[b]Harvey [[i][/i]url=x][/b]: Spot Hidden")  # an empty tag keeps the name's tag no tag
    assert "\u200b" not in text  # and nothing invisible is written
    assert "Rolled 25 against 60 — Hard success" in text
    assert "[*]Dice (physical): d100: 25 (tens 20, units 5)" in text
    page.set_viewport_size({"width": 390, "height": 844})
    drawer.get_by_role("button", name="Copy for the forum (BBCode)").scroll_into_view_if_needed()
    page.screenshot(path=str(tmp_path / "drawer-copy-390.png"))


def forum_kept(page, want, tries=50):
    """The open campaign's stored forum choices become ``want`` (the write follows the tap)."""
    for _ in range(tries):
        if stored_campaigns(page)[0].get("forum") == want:
            return
        page.wait_for_timeout(100)
    assert stored_campaigns(page)[0].get("forum") == want


def two_rolls_on_the_log(page):
    campaign_id = harvey_on_his_sheet(page)
    for faces in ("5 80", "3 10"):
        page.locator('[data-row="skill-Spot Hidden"]').click()
        roll(page, faces=faces)
        page.get_by_role("button", name="Close the roll drawer").click()
    page.goto(page.url.split("#")[0] + f"#/c/{campaign_id}/log")
    return campaign_id


TWO_ROLLS_IN_MARKDOWN = (
    "### Masks\n\n"
    "**Harvey**: Spot Hidden roll — Rolled 85 against 60 — Failure\n"
    "- Dice (physical): d100: 85 (tens 80, units 5)\n\n"
    "**Harvey**: Spot Hidden roll — Rolled 13 against 60 — Hard success\n"
    "- Dice (physical): d100: 13 (tens 10, units 3)\n"
    "- Harvey ticks Spot Hidden for improvement\n"
)


def test_the_campaigns_format_changed_to_markdown_and_a_stretch_copied_from_the_log(app, tmp_path):
    page = app
    campaign_id = two_rolls_on_the_log(page)
    stub_clipboard(page)
    panel = page.locator(".forum-export")
    panel.locator("summary").click()
    panel.get_by_text("The last entries", exact=True).click()
    page.locator('input[name="stretch-count"]').fill("2")
    expect(page.locator(".forum-preview")).to_have_value(
        "[b]Masks[/b]\n\n[b]Harvey[/b]: Spot Hidden roll — Rolled 85 against 60 — Failure\n[list]\n"
        "[*]Dice (physical): d100: 85 (tens 80, units 5)\n[/list]\n\n"
        "[b]Harvey[/b]: Spot Hidden roll — Rolled 13 against 60 — Hard success\n[list]\n"
        "[*]Dice (physical): d100: 13 (tens 10, units 3)\n[*]Harvey ticks Spot Hidden for improvement\n[/list]\n"
    )
    panel.get_by_text("Markdown (Discord, Reddit)").click()
    expect(page.locator(".forum-preview")).to_have_value(TWO_ROLLS_IN_MARKDOWN)
    expect(panel.get_by_role("button", name="Copy for the forum (BBCode)")).to_have_count(0)
    panel.get_by_role("button", name="Copy for the forum (Markdown)").click()
    expect(panel.locator("[role=status]")).to_have_text("Copied as Markdown: paste it into your post.")
    assert written(page) == TWO_ROLLS_IN_MARKDOWN
    assert stored_campaigns(page)[0]["id"] == campaign_id
    forum_kept(page, {"format": "markdown", "undone": "leave_out"})
    page.set_viewport_size({"width": 768, "height": 1024})
    panel.scroll_into_view_if_needed()
    page.screenshot(path=str(tmp_path / "log-forum-768.png"), full_page=True)
    page.set_viewport_size({"width": 390, "height": 844})
    panel.locator("summary").scroll_into_view_if_needed()
    page.screenshot(path=str(tmp_path / "log-forum-390.png"), full_page=True)
    # one entry, from its row, in the campaign's format, read again from storage (the app lets go of the campaign it
    # held: what a reload reads, without booting the engine again)
    let_go(page)
    page.goto(page.url.split("#")[0] + f"#/c/{campaign_id}/log")
    row = page.locator(".log-row", has=page.locator(".log-open")).first
    expect(row).to_be_visible(timeout=60_000)
    row.locator(".log-open").click()
    row.get_by_role("button", name="Copy for the forum (Markdown)").click()
    expect(row.locator(".copy-said")).to_have_text("Copied as Markdown: paste it into your post.")
    assert written(page) == (
        "**Harvey**: Spot Hidden roll — Rolled 13 against 60 — Hard success\n"
        "- Dice (physical): d100: 13 (tens 10, units 3)\n"
        "- Harvey ticks Spot Hidden for improvement\n"
    )


def test_the_forums_format_travels_with_the_campaign_file(app, tmp_path):
    """The campaign remembers its forum's format (TABLE.md): chosen on the log, kept through export and import."""
    page = app
    campaign_id = two_rolls_on_the_log(page)
    panel = page.locator(".forum-export")
    panel.locator("summary").click()
    panel.get_by_text("Plain text", exact=True).click()
    panel.get_by_text("Struck through", exact=True).click()
    expect(panel.get_by_role("button", name="Copy for the forum (Plain text)")).to_be_enabled()
    forum_kept(page, {"format": "plain", "undone": "strike"})
    page.goto(page.url.split("#")[0] + "#/")
    row = page.locator(f'[data-campaign="{campaign_id}"]')
    with page.expect_download() as download:
        row.get_by_role("button", name="Export").click()
    exported = tmp_path / "campaign.json"
    download.value.save_as(exported)
    assert json.loads(exported.read_text(encoding="utf-8"))["forum"] == {"format": "plain", "undone": "strike"}
    row.get_by_role("button", name="Delete").click()
    page.get_by_role("dialog").get_by_role("button", name="Delete").click()
    expect(row).to_have_count(0)
    page.locator('input[name="campaign-file"]').set_input_files(exported)
    expect(row).to_be_visible()
    assert stored_campaigns(page)[0]["forum"] == {"format": "plain", "undone": "strike"}
    page.goto(page.url.split("#")[0] + f"#/c/{campaign_id}/log")
    panel.locator("summary").click()
    expect(panel.get_by_role("radio", name="Plain text")).to_be_checked()
    expect(panel.get_by_role("radio", name="Struck through")).to_be_checked()
    expect(panel.get_by_role("button", name="Copy for the forum (Plain text)")).to_be_visible()


def test_a_format_this_browser_kept_before_the_record_held_it_is_still_read(app):
    page = app
    campaign_id = two_rolls_on_the_log(page)
    page.evaluate("(id) => localStorage.setItem(`rules-companion:forum-format:${id}`, 'markdown')", campaign_id)
    let_go(page)  # the campaign opened again, as on a later visit
    page.goto(page.url.split("#")[0] + f"#/c/{campaign_id}/log")
    panel = page.locator(".forum-export")
    panel.locator("summary").click()
    expect(panel.get_by_role("radio", name="Markdown (Discord, Reddit)")).to_be_checked()
    assert "forum" not in stored_campaigns(page)[0]
    panel.get_by_text("Struck through", exact=True).click()  # a choice made now stores both in the record
    forum_kept(page, {"format": "markdown", "undone": "strike"})
    assert page.evaluate("(id) => localStorage.getItem(`rules-companion:forum-format:${id}`)", campaign_id) is None


def test_the_import_is_offered_only_where_a_format_reads_the_campaigns_game(app):
    page = app
    stored(page, "Bunker", "semiautomagic")  # no tool exports Semiautomagic characters
    expect(page.get_by_role("button", name="New creature")).to_be_visible()
    expect(page.get_by_text("From the Dhole's House or Foundry")).to_have_count(0)
    stored(page, "Hell's Kitchen", "armageddon")  # Foundry's Unisystem actors
    expect(page.get_by_text("From the Dhole's House or Foundry")).to_be_visible()
