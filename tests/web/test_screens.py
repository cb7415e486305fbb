"""Each screen on a tablet (TABLE.md, On a tablet): axe-core finds no serious or critical violation, every
interactive element is at least 44 × 44 px at 768 × 1024, nothing scrolls sideways at 768×1024, 1024×768,
1366×1024 and 390×844, and a screenshot of each screen at each size is saved under test-results/screens/.

The dark theme (prefers-color-scheme: dark) changes colours only (web/app.css): each screen is checked again in it,
once it is shown in the light one, by what depends on colour, axe-core's colour rules (contrast of text and of
links in text), with a screenshot at 768×1024; sizes, targets and words are the same in both themes."""

import re
from pathlib import Path

from playwright.sync_api import expect

from tests.web.helpers import new_campaign, new_character, open_sheet, roll

ROOT = Path(__file__).resolve().parents[2]
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
SHOTS = ROOT / "test-results" / "screens"
SIZES = [(768, 1024), (1024, 768), (1366, 1024), (390, 844)]

SMALL_TARGETS = """() => {
  const selector = 'a[href], button, input:not([type=hidden]), select, textarea, summary, [tabindex]:not([tabindex="-1"])';
  const small = [];
  for (const node of document.querySelectorAll(selector)) {
    // a checkbox, radio or file input is hit through its label, which is the target measured
    const target = ["checkbox", "radio", "file"].includes(node.type) ? node.closest("label") || node : node;
    const box = target.getBoundingClientRect();
    const style = getComputedStyle(target);
    if (!box.width || !box.height || style.visibility === "hidden") continue;
    if (box.width < 43.5 || box.height < 43.5) small.push(`${target.tagName.toLowerCase()} "${(target.textContent || target.getAttribute("aria-label") || target.name || "").trim().slice(0, 40)}" ${Math.round(box.width)}×${Math.round(box.height)}`);
  }
  return small;
}"""


DEVELOPER_WORDS = re.compile(
    r"RULES\.md|rules/[\w-]+\.md|DEVELOPERS|\.py\b|seed \d{3}|§|\b[A-Z]\d{1,2}\b|\b[a-z]+_[a-z_]+\b"
)
"""File names, seed numbers, checklist ids (U2, C11) and internal option values (afmbe_foundry)."""


AXE_RUN = """async (rules) => {
  if (typeof axe === "undefined") return null;
  const options = { resultTypes: ["violations"], ...(rules ? { runOnly: { type: "rule", values: rules } } : {}) };
  return (await axe.run(document, options)).violations
    .filter((v) => ["serious", "critical"].includes(v.impact))
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).slice(0, 3).join(", ")}`);
}"""

COLOUR_RULES = ["color-contrast", "link-in-text-block"]
"""axe-core's rules whose outcome depends on the colours (the rest read the document's structure, the same in
both themes)."""

PAINTED = "() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))"
"""Resolves once the page has laid out and painted a frame at the size just set."""


def axe_violations(page, rules=None) -> list[str]:
    """axe-core's serious and critical violations on the page as it is (``rules``: only those rules); axe is
    injected once per document (a route change keeps it)."""
    found = page.evaluate(AXE_RUN, rules)
    if found is None:
        page.add_script_tag(path=str(AXE))
        found = page.evaluate(AXE_RUN, rules)
    return found


def check(page, name):
    """Every check of the screen shown, in the light theme, then its colours in the dark theme."""
    page.emulate_media(color_scheme="light")
    words = DEVELOPER_WORDS.findall(page.locator("body").inner_text())
    assert words == [], (name, words)
    assert axe_violations(page) == [], name
    assert page.evaluate(SMALL_TARGETS) == [], name
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        page.evaluate(PAINTED)
        assert page.evaluate("document.documentElement.scrollWidth <= innerWidth"), (name, width, height)
        page.screenshot(path=str(SHOTS / f"{name}-{width}x{height}.png"))
    page.set_viewport_size({"width": 768, "height": 1024})
    page.emulate_media(color_scheme="dark")
    page.evaluate(PAINTED)
    assert page.evaluate("matchMedia('(prefers-color-scheme: dark)').matches"), name
    assert axe_violations(page, COLOUR_RULES) == [], (f"{name}-dark", "dark theme")
    page.screenshot(path=str(SHOTS / f"{name}-dark-768x1024.png"))
    page.emulate_media(color_scheme="light")


def test_every_screen_on_a_tablet_in_the_light_and_the_dark_theme(tablet):
    page = tablet
    SHOTS.mkdir(parents=True, exist_ok=True)
    check(page, "campaigns-empty")
    new_campaign(page, "Masks", "coc")
    page.get_by_role("button", name="New investigator").click()
    page.locator('form.new-character input[name="name"]').fill("Harvey")
    page.locator('form.new-character input[name="STR"]').fill("55")
    expect(page.locator("form.new-character .derived dl")).to_be_visible()
    check(page, "new-character")
    page.get_by_role("button", name="Cancel").click()
    new_character(page, "coc", "Harvey", skills={"Spot Hidden": 60, "Dodge": 40})
    new_character(page, "coc", "Cultist")
    check(page, "party")
    open_sheet(page, "Harvey")
    check(page, "sheet")
    page.get_by_role("button", name="Edit values").click()
    check(page, "sheet-edit")
    page.locator("form.sheet-editor").get_by_role("button", name="Cancel").click()
    page.locator('[data-row="skill-Spot Hidden"]').click()
    roll(page, faces="5 80")
    page.locator(".drawer .trace summary").click()
    check(page, "drawer")
    page.get_by_role("button", name="Close the roll drawer").click()
    page.get_by_role("link", name="Log").click()
    page.locator(".log-row .log-open").first.click()
    page.locator(".forum-export summary").click()
    expect(page.locator(".forum-preview")).not_to_have_value("")
    check(page, "log")
    page.get_by_role("link", name="Players").click()
    expect(page.locator("#table-title")).to_be_visible()
    page.locator(".seat", has_text="Harvey").get_by_role("button", name="Invite a player").click()
    page.get_by_role("button", name="Make the invitation").click()
    expect(page.locator('textarea[name="invitation"]')).to_have_value(re.compile(r"^RC1I\."))
    check(page, "players")
    page.get_by_role("button", name="Hide the invitation").click()
    page.get_by_role("link", name="House rules").click()
    check(page, "rules")
    page.get_by_role("link", name="All operations").click()
    check(page, "operations")
    page.get_by_role("link", name="Encounter").click()
    check(page, "encounters")
    page.get_by_label("Name of the encounter").fill("The cellar")
    page.get_by_role("button", name="Start the encounter").click()
    for name in ("Harvey", "Cultist"):
        page.locator(".party-pick button", has_text=name).click()
        expect(page.locator(".combatant h3", has_text=name)).to_be_visible()
    page.get_by_label("NPC name").fill("Ghoul")
    page.locator('input[name="npc-dex"]').fill(
        "40"
    )  # after Harvey and Cultist (DEX 50 each), whoever wins their roll-off
    page.get_by_label("Give them a sheet").uncheck()
    page.get_by_role("button", name="Add the NPC").click()
    expect(page.locator(".combatant")).to_have_count(3)
    page.get_by_role("radio", name="Digital").check()  # the campaign's dice were physical for the rolls above
    page.locator('[data-step="order"]').click()
    expect(page.locator(".combatant .initiative").last).to_have_text("Initiative 40")
    page.locator('.combatant[aria-current="true"] [data-action="attack"]').click()
    check(page, "encounter")
    page.locator(".target-picker [data-target]:not([disabled])").first.click()
    check(page, "encounter-drawer")
    page.get_by_role("button", name="Close the roll drawer").click()
    page.get_by_role("link", name="‹ Campaigns").click()
    check(page, "campaigns")
    page.get_by_role("link", name="About", exact=True).click()
    expect(page.get_by_role("link", name="Tools for Masks")).to_be_visible()
    check(page, "about")
    page.get_by_role("link", name="Tools for Masks").click()
    expect(page.get_by_role("button", name="Export Harvey")).to_be_visible()
    check(page, "tools")


def test_a_damaged_campaign_on_a_tablet(tablet):
    """Home with a damaged campaign listed, and its own screen with Export and Repair (TABLE.md, Kept safe)."""
    from tests.web.guided_sheets import investigator
    from tests.web.helpers import campaign_record
    from tests.web.test_integrity import ANNOUNCE, put

    page = tablet
    SHOTS.mkdir(parents=True, exist_ok=True)
    # Harvey as the guided form makes him, his sheet then lost, written straight into storage as damage would; Home
    # reads its list again as when another tab wrote it (damage found at boot is test_integrity's)
    campaign_id = "c-masks"
    record = campaign_record(campaign_id, "Masks", "coc", {"pc-harvey": investigator("Harvey")})
    record["characters"][0]["sheet"] = None
    put(page, "campaigns", [(None, record)])
    page.goto(page.url.split("#")[0] + "#/")
    page.evaluate(ANNOUNCE)
    expect(page.locator(f'[data-campaign="{campaign_id}"]')).to_contain_text("Damaged")
    check(page, "campaigns-damaged")
    page.locator(f'[data-campaign="{campaign_id}"] .campaign-open').click()
    expect(page.get_by_role("button", name="Repair")).to_be_visible()
    check(page, "damaged")
