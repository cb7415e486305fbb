"""Drive the app in WebKitGTK with Selenium as a game master would: the same flows as tests/web/helpers.py, by
CSS selectors and visible words (Selenium has no role locators)."""

from __future__ import annotations

import json
import time

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import WebDriverWait

BOOT_S = 120
PERSON = {"armageddon": "character", "semiautomagic": "creature", "coc": "investigator"}
GAME_NAMES = {"armageddon": "Armageddon", "semiautomagic": "Semiautomagic", "coc": "Call of Cthulhu"}


def wait(driver, seconds: float = 30):
    """Wait for a condition, looking again when the page re-rendered a node while it was read."""
    from selenium.common.exceptions import NoSuchElementException, StaleElementReferenceException

    return WebDriverWait(
        driver, seconds, poll_frequency=0.1, ignored_exceptions=(NoSuchElementException, StaleElementReferenceException)
    )


def css(driver, selector: str, seconds: float = 30):
    """The first element matching ``selector`` once it is displayed."""
    return wait(driver, seconds).until(EC.visibility_of_element_located((By.CSS_SELECTOR, selector)))


def again(action, tries: int = 5):
    """Run ``action`` again when the page re-rendered the element between finding and using it (Preact replaces
    nodes as state arrives; WebDriver then says the node is stale)."""
    from selenium.common.exceptions import ElementNotInteractableException, StaleElementReferenceException

    for attempt in range(tries):
        try:
            return action()
        except (StaleElementReferenceException, ElementNotInteractableException):
            if attempt == tries - 1:
                raise
            time.sleep(0.2)


def tap(driver, selector: str, seconds: float = 30) -> None:
    """Click the displayed element matching ``selector``, found afresh if the page re-rendered it."""
    again(lambda: css(driver, selector, seconds).click())


def press(driver, words: str, seconds: float = 30) -> None:
    """Click the button whose text is exactly ``words``, found afresh if the page re-rendered it."""
    again(lambda: button(driver, words, seconds).click())


def button(driver, words: str, seconds: float = 30):
    """The displayed button (or button-like link) whose text is exactly ``words``."""
    xpath = f"//*[self::button or self::a][normalize-space(.)={json.dumps(words)}]"
    return wait(driver, seconds).until(EC.element_to_be_clickable((By.XPATH, xpath)))


def booted(driver, url: str) -> str:
    """Open the app and wait for the rules engine; how it started ("snapshot" or "normal")."""
    driver.get(url)
    wait(driver, BOOT_S).until(
        lambda d: d.execute_script("return document.documentElement.dataset.ready") in ("true", "failed")
    )
    assert driver.execute_script("return document.documentElement.dataset.ready") == "true", driver.find_element(
        By.ID, "boot-stage"
    ).text
    return driver.execute_script("return document.documentElement.dataset.boot")


def fill(element, value) -> None:
    element.parent.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
    element.click()  # a field selects its text on focus: typing replaces it
    element.send_keys(Keys.CONTROL, "a")
    element.send_keys(str(value))


def fill_at(driver, selector: str, value) -> None:
    """Type ``value`` into the field matching ``selector``, found afresh if the page re-rendered it."""
    again(lambda: fill(css(driver, selector), value))


def new_campaign(driver, name: str, game: str) -> str:
    driver.execute_script("location.hash = '#/'")
    fill_at(driver, 'input[name="campaign-name"]', name)
    driver.find_element(
        By.XPATH, f'//label[contains(@class, "game-card")][.//span[normalize-space(.)={json.dumps(GAME_NAMES[game])}]]'
    ).click()
    press(driver, "Start the campaign")
    wait(driver).until(lambda d: name in d.find_element(By.ID, "party-title").text)
    return driver.execute_script("return location.hash").split("/")[2]


def new_character(driver, game: str, name: str, numbers: dict | None = None) -> None:
    press(driver, f"New {PERSON[game]}")
    form = css(driver, "form.new-character")
    fill(form.find_element(By.CSS_SELECTOR, 'input[name="name"]'), name)
    for path, value in (numbers or {}).items():
        fill(form.find_element(By.CSS_SELECTOR, f'input[name="{path}"]'), value)
    css(driver, "form.new-character .derived dl")
    before = len(driver.find_elements(By.CSS_SELECTOR, ".character-card"))
    press(driver, f"Create {name}")
    wait(driver).until(lambda d: len(d.find_elements(By.CSS_SELECTOR, ".character-card")) == before + 1)


def open_sheet(driver, name: str) -> None:
    def go():
        card = wait(driver).until(
            lambda d: next((c for c in d.find_elements(By.CSS_SELECTOR, ".character-card") if name in c.text), None)
        )
        card.find_element(By.XPATH, './/a[normalize-space(.)="Open the sheet"]').click()

    again(go)
    wait(driver).until(lambda d: d.find_element(By.ID, "sheet-title").text == name)


def roll_physical(driver, faces: str) -> str:
    """In the open drawer: physical dice, the faces typed all at once, Roll; the result's text."""
    drawer = css(driver, ".drawer")
    choice = drawer.find_element(By.XPATH, './/label[normalize-space(.)="Physical dice"]')
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", choice)
    choice.click()
    field = wait(driver).until(
        lambda d: next(
            (f for f in drawer.find_elements(By.CSS_SELECTOR, 'input[name="dice"]') if f.is_displayed()), None
        )
    )
    fill(field, faces)
    roll = drawer.find_element(By.CSS_SELECTOR, "button.roll")
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", roll)
    roll.click()
    return css(driver, ".drawer [data-result]").text


def odds_shown(driver) -> str:
    """The drawer's exact odds once drawn (the chart's text). The odds wait behind the engine's boot and any roll
    before them; on two loaded workers that has taken over a minute once, so the wait is generous."""
    wait(driver, 150).until(
        lambda d: d.execute_script(
            "const box = document.querySelector('.drawer [data-odds-region] .odds-chart'); return box && box.childElementCount > 0"
        )
    )
    return css(driver, ".drawer [data-odds-region]").text


def close_drawer(driver) -> None:
    again(lambda: driver.find_element(By.CSS_SELECTOR, 'button[aria-label="Close the roll drawer"]').click())
    wait(driver).until(lambda d: not d.find_elements(By.CSS_SELECTOR, ".drawer"))


STORED = """const [store, done] = [arguments[0], arguments[arguments.length - 1]];
const open = indexedDB.open("rules-companion");
open.onerror = () => done(null);
open.onsuccess = () => {
  const request = open.result.transaction(store).objectStore(store).getAll();
  request.onsuccess = () => { done(JSON.stringify(request.result)); open.result.close(); };
  request.onerror = () => done(null);
};"""


def stored(driver, store: str) -> list:
    """Every record of an IndexedDB store ("campaigns", "entries"), read directly, not through the app."""
    return json.loads(driver.execute_async_script(STORED, store))


CAPTURE = """window.__exported = null;
const [click, objectURL, blobs] = [HTMLAnchorElement.prototype.click, URL.createObjectURL, new Map()];
Object.defineProperty(navigator, "canShare", { value: undefined, configurable: true });
URL.createObjectURL = (blob) => { const url = objectURL.call(URL, blob); blobs.set(url, blob); return url; };
HTMLAnchorElement.prototype.click = function () {
  if (!this.download || !blobs.has(this.href)) return click.call(this);
  [HTMLAnchorElement.prototype.click, URL.createObjectURL] = [click, objectURL];
  const name = this.download;
  blobs.get(this.href).text().then(
    (text) => { window.__exported = { name, text }; }, (error) => { window.__exported = { name, error: String(error) }; });
};"""


def exported_file(driver, campaign_id: str) -> str:
    """The campaign file as the page writes it: Home's Export pressed, the text read from the blob behind the page's
    own download link (WebDriver cannot see a download, so the link's click is caught and its blob read instead of
    saved; the page's CSP, connect-src 'self', would refuse a fetch of the blob: URL). The
    Share sheet is a system dialog WebDriver cannot answer: ``canShare`` is hidden, so the page downloads as a
    browser without the Share sheet does."""
    driver.execute_script("location.hash = '#/'")
    row = f'[data-campaign="{campaign_id}"]'
    css(driver, row)
    driver.execute_script(CAPTURE)
    again(lambda: css(driver, row).find_element(By.XPATH, './/button[normalize-space(.)="Export"]').click())
    got = wait(driver).until(lambda d: d.execute_script("return window.__exported"))
    assert "error" not in got, got
    assert got["name"].endswith(".campaign.json"), got["name"]
    wait(driver).until(
        lambda d: "never backed up" not in d.find_element(By.CSS_SELECTOR, row).text
    )  # the page noted it
    return got["text"]


def log_of(rows: list, campaign_id: str) -> list:
    """A campaign's log entries in order, from the records of the "entries" store: one entry each, or a block of
    them (a log written at once, as an import writes it); a single record inside a block is the one read."""
    by_seq = {}
    for row in rows:
        if row["campaign"] == campaign_id and isinstance(row.get("entries"), list):
            by_seq.update((row["seq"] + index, entry) for index, entry in enumerate(row["entries"]))
    for row in rows:
        if row["campaign"] == campaign_id and not isinstance(row.get("entries"), list):
            by_seq[row["seq"]] = row["entry"]
    return [by_seq[seq] for seq in sorted(by_seq)]


def log_ids(rows: list, campaign_id: str) -> list:
    """A campaign's log as (id, operation) per entry, in order."""
    return [(entry["id"], entry["op"]) for entry in log_of(rows, campaign_id)]


def delete_campaign(driver, campaign_id: str) -> None:
    """Home's Delete for one campaign, confirmed."""
    row = f'[data-campaign="{campaign_id}"]'
    again(lambda: css(driver, row).find_element(By.XPATH, './/button[normalize-space(.)="Delete"]').click())
    again(
        lambda: css(driver, "dialog.confirm").find_element(By.XPATH, './/button[normalize-space(.)="Delete"]').click()
    )
    wait(driver).until(lambda d: not d.find_elements(By.CSS_SELECTOR, row))


def settle(seconds: float = 0.3) -> None:
    time.sleep(seconds)
