"""Words on the page (issue "The table, part 3", Words): walking the main screens of one campaign of each game —
home, the party with a character made by the guided form, the sheet, a roll in the drawer, the house rules, the
encounter screen, the log — no text a user can see (the page's text, and its ``title`` and ``aria-label``
attributes) cites a seed, RULES.md or a section, names a field path or an internal value, or says "1 hours".
The patterns are the engine scan's (``tests/test_words_scan.py``). The boot status speaks of the rules, and the
engine's version and the developers' reference live on the About screen."""

import pytest
from playwright.sync_api import expect

from tests.test_words_scan import problems_in
from tests.web.helpers import new_campaign, new_character, open_sheet, roll

GAMES = {
    "armageddon": ("Jack", {"attributes.Perception": 2}, {}, "attr-Perception"),
    "semiautomagic": ("Mira", {}, {"Perception": 1}, "skill-Perception"),
    "coc": ("Harvey", {}, {"Spot Hidden": 60}, "skill-Spot Hidden"),
}

_READ = """() => {
  const texts = [document.body.innerText];
  for (const node of document.querySelectorAll("[title], [aria-label]")) {
    if (node.closest("[hidden]")) continue;
    for (const name of ["title", "aria-label"]) if (node.getAttribute(name)) texts.push(node.getAttribute(name));
  }
  return texts;
}"""


def scan(page, where: str) -> list[str]:
    """What a user should not read on the page as it is now, each with the screen it was seen on."""
    return [f"{where}: {problem} in {text[:200]!r}" for text in page.evaluate(_READ)
            for line in text.splitlines() for problem in problems_in(line)]


@pytest.mark.parametrize("game", GAMES)
def test_the_main_screens_read_in_the_games_words(app, game):
    page = app
    name, numbers, skills, row = GAMES[game]
    found = scan(page, "home")
    new_campaign(page, f"Words {game}", game)
    new_character(page, game, name, numbers, skills)
    found += scan(page, "party")
    open_sheet(page, name)
    found += scan(page, "sheet")
    page.locator(f'[data-row="{row}"]').click()
    roll(page)
    found += scan(page, "roll drawer")
    page.locator(".drawer details.trace summary").first.click()
    found += scan(page, "roll drawer, the trace open")
    page.get_by_role("button", name="Close the roll drawer").click()
    nav = page.get_by_role("navigation", name="Campaign")
    for link, title in (("House rules", "h1"), ("Encounter", "h1"), ("Log", ".log-row")):
        nav.get_by_role("link", name=link, exact=True).click()
        expect(page.locator(title).first).to_be_visible()
        found += scan(page, link)
    assert not found, "\n".join(found[:30])


def test_boot_speaks_of_the_rules_and_about_holds_the_version_and_the_reference(app):
    page = app
    from py_rules import __version__

    status = page.locator("#boot-stage")
    expect(status).to_have_text("Rules ready")
    assert __version__ not in page.locator("body").inner_text()  # no version in the main interface …
    expect(status).to_have_attribute("title", f"Rules engine version {__version__}")  # … but one hover away
    footer = page.locator("footer")
    expect(footer).not_to_contain_text("API reference")
    footer.get_by_role("link", name="About").click()
    expect(page.locator("#about-title")).to_be_visible()
    expect(page.locator("[data-about-version]")).to_have_text(f"Rules engine version {__version__}.")
    expect(page.get_by_role("link", name="Reference for developers")).to_have_attribute("href", "reference.html")
    assert not scan(page, "about")
