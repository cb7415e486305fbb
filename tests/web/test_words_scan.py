"""Words on the page (TABLE.md, Words): walking the main screens of one campaign of each game —
home, the party with a character as the guided form makes it (put straight into storage), the sheet, a roll in the drawer, the house rules, the
encounter screen, the log — no text a user can see (the page's text, and its ``title`` and ``aria-label``
attributes) cites a seed, a rules notes file or a section, names a field path or an internal value, or says "1 hours".
The patterns are the engine scan's (``tests/test_words_scan.py``). The boot status speaks of the rules, and the
engine's version and the developers' reference live on the About screen."""

import pytest
from playwright.sync_api import expect

from tests.test_words_scan import problems_in
from tests.web.guided_sheets import guided
from tests.web.helpers import campaign_record, new_campaign, open_sheet, open_stored, roll

pytestmark = pytest.mark.shared_app  # one booted page for the module, emptied before each test (conftest.py, app)

GAMES = {
    "armageddon": ("Jack", {"attributes.Perception": 2}, {}, "attr-Perception"),
    "semiautomagic": ("Mira", {}, {"Perception": 1}, "skill-Perception"),
    "coc": ("Harvey", {}, {"Spot Hidden": 60}, "skill-Spot Hidden"),
}

_READ = """() => {
  // What the user typed, shown back to them (a pasted stat block as read, its lines not understood), is theirs:
  // the engine's words in it are scanned where the engine answers (tests/test_words_scan.py)
  let body = document.body.innerText;
  for (const node of document.querySelectorAll("[data-user-text]")) body = body.split(node.innerText).join("");
  const texts = [body];
  for (const node of document.querySelectorAll("[title], [aria-label]")) {
    if (node.closest("[hidden]")) continue;
    for (const name of ["title", "aria-label"]) if (node.getAttribute(name)) texts.push(node.getAttribute(name));
  }
  return texts;
}"""


def scan(page, where: str) -> list[str]:
    """What a user should not read on the page as it is now, each with the screen it was seen on."""
    return [
        f"{where}: {problem} in {text[:200]!r}"
        for text in page.evaluate(_READ)
        for line in text.splitlines()
        for problem in problems_in(line)
    ]


@pytest.mark.parametrize("game", GAMES)
def test_the_main_screens_read_in_the_games_words(app, game):
    page = app
    name, numbers, skills, row = GAMES[game]
    found = scan(page, "home")
    record = campaign_record(f"c-words-{game}", f"Words {game}", game, {"pc-1": guided(game, name, numbers, skills)})
    open_stored(page, record, f"#/c/c-words-{game}")
    expect(page.locator(".character-card")).to_have_count(1)
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


# --- more screens and messages: the cast, All operations, a confirm dialog, a time skip asked first, the encounter
# after a step, an import report --------------------------------------------------------------------------------


def _more_games():
    """Per game: a healthy character, a dying one, an NPC for the cast, the sheet's damage and time moves, the faces
    of the end of the first round (the dying one stays dying)."""
    from py_rules.armageddon.character import EXAMPLE as JACK
    from py_rules.coc.investigator import EXAMPLE as HARVEY
    from py_rules.semiautomagic.creature import EXAMPLE_HUMAN
    from tests.door import answer
    from tests.sheets import dying_harvey as _dying_harvey
    from tests.web.test_encounter_steps import named

    def canon(game, sheet):  # a sheet as the page stores it (its derived values filled): 0 damage taken
        param, field = {
            "armageddon": ("character", "amount"),
            "semiautomagic": ("creature", "damage"),
            "coc": ("investigator", "amount"),
        }[game]
        return answer(f"{game}.apply_damage", **{param: sheet, field: "0"})["state"]

    return {
        "armageddon": {
            "well": canon("armageddon", named(JACK, "Jack")),
            "npc": canon("armageddon", named(JACK, "Thug")),
            "dying": answer("armageddon.apply_damage", character=named(JACK, "Ann"), amount="42", dice=[1, 9, 9])[
                "state"
            ],
            "damage": ("damage", "amount"),
            "time": ("time", {"minutes": "2"}),
            "round": None,
        },
        "semiautomagic": {
            "well": canon("semiautomagic", named(EXAMPLE_HUMAN, "Mira")),
            "npc": canon("semiautomagic", named(EXAMPLE_HUMAN, "Goon")),
            "dying": answer("semiautomagic.apply_damage", creature=named(EXAMPLE_HUMAN, "Amy"), damage="9")["state"],
            "damage": ("damage", "damage"),
            "time": ("round", {}),
            "round": "3 4",
        },  # the dying round: no 10 on the d10, the endurance check passes
        "coc": {
            "well": canon("coc", named(HARVEY, "Harvey")),
            "npc": canon("coc", named(HARVEY, "Cultist")),
            "dying": named(_dying_harvey(), "Carl"),
            "damage": ("damage", "amount"),
            "time": ("time", {"amount": "1"}),
            "round": "3 40",
        },  # the dying CON roll: 43 vs 60, clings to life
    }


def _seed(page, game, spec):
    """A campaign with the healthy and the dying character in the party, the NPC in the cast and an encounter of
    the two, ordered; opened on the encounter screen."""
    from tests.door import answer
    from tests.web.helpers import open_stored

    party = {"w": spec["well"], "d": spec["dying"]}
    state = answer(
        "encounter.start",
        id="enc-1",
        name="The cellar",
        game=game,
        combatants=[{"character_id": cid} for cid in party],
        sheets=party,
    )["state"]
    if game != "semiautomagic":  # Semiautomagic has no order rule: the order is the GM's
        state = answer("encounter.order", encounter=state, sheets=party)["state"]
    record = campaign_record("c-words", "Words", game, party, [state], cast={"n": spec["npc"]})
    open_stored(page, record, "#/c/c-words/encounter/enc-1")
    expect(page.locator("#encounter-title")).to_have_text("The cellar", timeout=30_000)


@pytest.mark.parametrize("game", GAMES)
def test_the_cast_all_operations_dialogs_drawers_and_an_encounter_step_read_in_the_games_words(app, game):
    from tests.web.test_encounter import next_turn

    page = app
    spec = _more_games()[game]
    _seed(page, game, spec)
    next_turn(page)
    next_turn(page, spec["round"])  # the round ends: its summary lists what each effect decided (the dying roll…)
    expect(page.locator("[data-happened]")).to_be_visible()
    for summary in page.locator("[data-happened] details summary").all():  # each effect's trace, opened
        summary.click()
    found = scan(page, "the encounter after a step")
    nav = page.get_by_role("navigation", name="Campaign")
    nav.get_by_role("link", name="Cast", exact=True).click()
    expect(page.get_by_role("heading", name=spec["npc"]["name"])).to_be_visible()
    found += scan(page, "Cast")
    nav.get_by_role("link", name="House rules", exact=True).click()
    page.get_by_role("link", name="All operations").click()
    expect(page.locator("h1")).to_be_visible()
    found += scan(page, "All operations")

    nav.get_by_role("link", name="Party", exact=True).click()
    open_sheet(page, spec["well"]["name"])
    key, field = spec["damage"]
    page.locator(f'.quick-actions [data-action="{key}"]').click()
    drawer = page.locator(".drawer")
    found += scan(page, "the damage drawer")
    drawer.locator(f'input[name="{field}"]').fill("500")
    drawer.locator("button.roll").click()
    dialog = page.locator("dialog.confirm")
    expect(dialog).to_be_visible()
    found += [f"{problem} in the large damage dialog" for problem in problems_in(dialog.inner_text())]
    dialog.get_by_role("button", name="Cancel").click()
    drawer.get_by_role("button", name="Close the roll drawer").click()

    nav.get_by_role("link", name="Party", exact=True).click()
    open_sheet(page, spec["dying"]["name"])
    key, fields = spec["time"]
    page.locator(f'.quick-actions [data-action="{key}"]').click()
    found += scan(page, "the time drawer")
    for name, value in fields.items():
        drawer.locator(f'[name="{name}"]').fill(value)
    drawer.locator("button.roll").click()
    expect(dialog).to_be_visible()
    found += [f"{problem} in the time skip's dialog" for problem in problems_in(dialog.inner_text())]
    dialog.get_by_role("button", name="Let the time pass", exact=True).click()
    expect(drawer.locator("[data-result]")).to_be_visible()
    drawer.locator("details.trace summary").first.click()
    found += scan(page, "the time drawer's result")
    assert not found, "\n".join(found[:30])


def test_an_import_report_reads_in_the_games_words(app, tmp_path):
    import json

    from tests.web.test_interchange import DHOLE

    page = app
    new_campaign(page, "Imports", "coc")
    path = tmp_path / "harvey.json"
    path.write_text(json.dumps(DHOLE), encoding="utf-8")
    panel = page.locator(".import-character")
    panel.locator("summary").click()
    panel.locator('input[type="file"]').set_input_files(str(path))
    expect(panel.locator(".import-report .headline")).to_be_visible()
    found = scan(page, "the import report")
    assert not found, "\n".join(found[:30])
