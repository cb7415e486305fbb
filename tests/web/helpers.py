"""Drive the app as a game master would (see README.md here): campaigns, the guided character form, the
sheet's rows and the roll drawer, plus reading what IndexedDB holds."""

from __future__ import annotations

import json
import re
import time

from playwright.sync_api import Page, expect

from tests.web.conftest import BOOT_TIMEOUT_MS, context_changed_for_good

GAME_LABELS = {"armageddon": "Armageddon", "semiautomagic": "Semiautomagic", "coc": "Call of Cthulhu"}
PERSON = {"armageddon": "character", "semiautomagic": "creature", "coc": "investigator"}


def wait_until(page: Page, predicate: str, arg=None, timeout: float = 30_000) -> None:
    """Poll ``predicate`` (a page function that may return a Promise, e.g. an IndexedDB read) until it gives a
    truthy value; fail after ``timeout`` ms. Not ``page.wait_for_function``: that takes a returned Promise as
    truthy at once, so an asynchronous predicate would never be waited for."""
    deadline = time.monotonic() + timeout / 1000
    while True:
        if page.evaluate(predicate, arg):
            return
        if time.monotonic() > deadline:
            raise AssertionError(f"still false after {timeout:.0f} ms: {predicate[:200]}")
        page.wait_for_timeout(50)


def new_campaign(page: Page, name: str, game: str) -> str:
    """Create a campaign from the home screen; returns its id (the party screen is shown)."""
    page.goto(page.url.split("#")[0] + "#/")
    page.get_by_label("Name", exact=True).fill(name)
    page.locator(".game-card", has_text=GAME_LABELS[game]).click()
    page.get_by_role("button", name="Start the campaign").click()
    expect(page.locator("#party-title")).to_contain_text(name)
    return page.evaluate("location.hash").split("/")[2]


def new_character(page: Page, game: str, name: str, numbers: dict | None = None, skills: dict | None = None) -> None:
    """Fill the guided form (numbers by field path, skills picked from the searchable list) and create."""
    page.get_by_role("button", name=f"New {PERSON[game]}").click()
    form = page.locator("form.new-character")
    form.locator('input[name="name"]').fill(name)
    for path, value in (numbers or {}).items():
        form.locator(f'input[name="{path}"]').fill(str(value))
    for skill, value in (skills or {}).items():
        form.get_by_label("Find a skill").fill(skill)
        form.locator(".skill-matches button", has_text=skill).first.click()
        form.locator(f'input[name="skills.{skill}"]').fill(str(value))
    expect(form.locator(".derived dl")).to_be_visible()
    cards = page.locator(".character-card")
    before = cards.count()
    form.get_by_role("button", name=f"Create {name}").click()
    expect(cards).to_have_count(before + 1)


def open_sheet(page: Page, name: str) -> None:
    page.locator(".character-card", has_text=name).get_by_role("link", name="Open the sheet").click()
    expect(page.locator("#sheet-title")).to_have_text(name)


def use_physical_dice(drawer, faces: str) -> None:
    """Physical dice, with ``faces`` typed as rolled."""
    drawer.get_by_text("Physical dice", exact=True).click()
    expect(drawer.get_by_role("radio", name="Physical dice")).to_be_checked()
    drawer.locator('input[name="dice"]').fill(faces)


def answer_dice(page: Page, faces: list[int | str]) -> list[str]:
    """Physical dice one at a time: answer each die the drawer asks for with the next of ``faces`` (typed, then
    Enter) until it asks no more; the names of the dice asked, in order. Each asked die is in view and focused, and
    each answer waits until the drawer has settled (the next die, the result or a refusal shown)."""
    drawer = page.locator(".drawer")
    asked_input = drawer.locator('.asked-die input[name="die"]')
    names = []
    for face in faces:
        expect(asked_input).to_be_focused()
        expect(asked_input).to_be_in_viewport()
        position = drawer.locator(".asked-die").get_attribute("data-asked-die")
        names.append(drawer.locator(".asked-die label").inner_text())
        asked_input.fill(str(face))
        asked_input.press("Enter")
        # Settled: the next die asked, the result, or a refusal. Between them the asked die is gone while the engine
        # works, so "no die asked" alone does not yet mean the roll is done.
        settled = drawer.locator(f'.asked-die:not([data-asked-die="{position}"]), [data-result], .drawer-error')
        expect(settled.first).to_be_attached()
    return names


def roll(page: Page, faces: str | None = None, fields: dict | None = None, confirm: str | None = None) -> str:
    """In the open drawer: set fields (by param name), type the faces (none: digital dice), press the Roll button;
    the result text. The faces are typed all at once in the order rolled, which physical dice still allow (the
    drawer asks one at a time for any die beyond them: :func:`answer_dice`).
    ``confirm``: the drawer asks first (a change beyond the character's pool): press that answer."""
    drawer = page.locator(".drawer")
    for name, value in (fields or {}).items():
        field = drawer.locator(f'[name="{name}"]').first
        if field.evaluate("node => node.tagName") == "SELECT":
            field.select_option(str(value))
        elif field.get_attribute("type") == "checkbox":
            field.set_checked(bool(value))
        else:
            field.fill(str(value))
    if faces is not None:
        use_physical_dice(drawer, faces)
    elif (
        drawer.get_by_role("radio", name="Physical dice").is_checked()
        if drawer.get_by_role("radio", name="Physical dice").count()
        else False
    ):
        drawer.get_by_text(
            "Digital", exact=True
        ).click()  # no faces given: digital dice (the drawer remembers the last choice)
    results = drawer.locator("[data-result]")
    if results.count():  # the result shown before: each new result is a new element, even one that reads the same
        results.evaluate("node => node.setAttribute('data-before', '')")
    drawer.locator("button.roll").click()
    if confirm:
        page.locator("dialog.confirm").get_by_role("button", name=confirm, exact=True).click()
    results = drawer.locator("[data-result]:not([data-before])")
    expect(results).to_be_visible()
    return results.inner_text()


STORED_LOG = """([id, count]) => new Promise((resolve, reject) => {
    const open = indexedDB.open("rules-companion");
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
        const range = IDBKeyRange.bound([id, 0], [id, Infinity]);
        const request = open.result.transaction("entries").objectStore("entries").getAll(range);
        request.onsuccess = () => {  // a record holds one entry, or a block of them (a log written at once)
            const bySeq = new Map();
            for (const row of request.result) if (Array.isArray(row.entries)) row.entries.forEach((entry, i) => bySeq.set(row.seq + i, entry));
            for (const row of request.result) if (!Array.isArray(row.entries)) bySeq.set(row.seq, row.entry);
            resolve(count ? bySeq.size : JSON.stringify([...bySeq].sort((a, b) => a[0] - b[0]).map(([, entry]) => entry)));
            open.result.close();
        };
        request.onerror = () => reject(request.error);
    };
})"""
"""A campaign's log entries as stored in IndexedDB, oldest first, as JSON text; or, with ``count``, how many."""


def stored_log(page: Page, campaign_id: str) -> list[dict]:
    """A campaign's log entries as stored in IndexedDB (the "entries" store), oldest first, read directly."""
    return json.loads(page.evaluate(STORED_LOG, [campaign_id, False]))


def stored_log_length(page: Page, campaign_id: str) -> int:
    """How many log entries a campaign has in IndexedDB, counted in the page as :func:`stored_log` reads them: for a
    long log, whose entries need not cross to the test."""
    return page.evaluate(STORED_LOG, [campaign_id, True])


def campaign_record(
    cid: str, name: str, game: str, party: dict, encounters: tuple = (), cast: dict | None = None
) -> dict:
    """A stored campaign as the app writes it (schema 2), with ``party`` ({character id: sheet}) as its player
    characters, ``cast`` (the same shape) as its non-player characters and ``encounters`` as given, no log and no
    settings: for :func:`open_stored`."""
    return {
        "schema": "rules-companion.campaign/2",
        "id": cid,
        "name": name,
        "game": game,
        "created": "2026-01-05T19:00:00.000Z",
        "updated": "2026-01-05T19:00:00.000Z",
        "revision": 0,
        "settings": {},
        "log": [],
        "encounters": list(encounters),
        "characters": [{"id": key, "kind": "pc", "sheet": sheet} for key, sheet in party.items()]
        + [{"id": key, "kind": "npc", "sheet": sheet} for key, sheet in (cast or {}).items()],
    }


STORE = """async ({ record }) => {
  const { openStorage } = await import(new URL("src/store/storage.mjs", location.href).href);
  const storage = await openStorage();
  await storage.add(record);
  storage.db?.close?.();
  // as another tab that wrote a campaign says it (store/channel.mjs): the app reads its list again
  const channel = new BroadcastChannel("rules-companion");
  channel.postMessage({ type: "campaign-changed", id: record.id, revision: record.revision });
  channel.close();
}"""


def let_go(page: Page) -> None:
    """The running app lets go of the campaign it holds: it keeps the last one it opened, even on Home, and a
    campaign changed in storage behind its back (by the test, or a shared page's last test with the same id) is
    read again only once it is let go. Opening a campaign this device lacks does it, as a person following a stale
    link sees it (its message dismissed). Seconds quicker than a reload, which boots the engine again."""
    page.goto(page.url.split("#")[0] + "#/c/tests-no-such-campaign")
    expect(page.get_by_text("That campaign is not on this device")).to_be_visible()
    page.get_by_role("button", name="Dismiss message").first.click()


def open_stored(page: Page, record: dict, route: str) -> None:
    """Put the campaign ``record`` straight into IndexedDB, as another tab would write it, and open ``route`` (a
    hash such as ``#/c/<id>/sheet/<character>``) in the running app, with no reload (see :func:`let_go`)."""
    let_go(page)
    page.evaluate(STORE, {"record": record})
    page.goto(page.url.split("#")[0] + route)


def stored_campaigns(page: Page) -> list[dict]:
    """Every campaign record in IndexedDB, read directly (not through the app)."""
    return json.loads(
        page.evaluate("""() => new Promise((resolve, reject) => {
        const open = indexedDB.open("rules-companion");
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
            const request = open.result.transaction("campaigns").objectStore("campaigns").getAll();
            request.onsuccess = () => { resolve(JSON.stringify(request.result)); open.result.close(); };
            request.onerror = () => reject(request.error);
        };
    })""")
    )


def boot(page: Page, url: str) -> None:
    """Open ``url`` and wait until the engine is ready (html[data-ready=true])."""
    page.goto(url)
    expect(page.locator("html")).to_have_attribute("data-ready", "true", timeout=BOOT_TIMEOUT_MS)


def booted_with_offline_copy(page: Page, url: str) -> None:
    """:func:`boot`, then wait for the service worker's offline copy and the version the page runs."""
    boot(page, url)
    html = page.locator("html")
    expect(html).to_have_attribute("data-offline-ready", "true", timeout=BOOT_TIMEOUT_MS)
    expect(html).to_have_attribute("data-version", re.compile("."), timeout=30_000)


def damage(page: Page, amount) -> str:
    """Damage the open sheet's character by ``amount`` from its card's quick action; the drawer's text."""
    page.locator('.quick-actions [data-action="damage"]').click()
    text = roll(page, fields={"amount": amount})
    page.get_by_role("button", name="Close the roll drawer").click()
    return text


def on_fake_clock(page: Page) -> None:
    """Install Playwright's clock on ``page``'s context (Date, timers and performance.now of every tab in it; the
    engine's Web Worker keeps its own) and list the delay of each timer the page sets from now on, for
    :func:`wait_for_timer`. Time flows as usual until the test pauses or moves it (``page.clock``): a test of a
    limit of the page's own passes it in fake time instead of waiting for it. The clock stays for the context's life:
    a shared page's next test gets a new context (the emptying cannot undo it)."""
    page.clock.install()
    context_changed_for_good(page)  # a shared page's next test gets a context without it
    page.evaluate("""() => {
        window.timersSet = [];
        for (const name of ["setTimeout", "setInterval"]) {
            const fake = window[name];
            window[name] = (callback, ms, ...rest) => { window.timersSet.push(ms); return fake(callback, ms, ...rest); };
        }
    }""")


def wait_for_timer(page: Page, ms: int, timeout: float = 30_000) -> None:
    """Wait until the page has set a timer of ``ms`` since :func:`on_fake_clock` (moving the clock before it is set
    would start it later)."""
    wait_until(page, "(ms) => window.timersSet.includes(ms)", ms, timeout=timeout)
