"""Fixtures for the browser tests: dist/ served under /app/ on 127.0.0.1, Debian's Chromium, and a guard
that fails and records every request to any other origin (PYODIDE.md §5.1). See README.md here."""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import warnings
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Page

from tools.serve import serve_in_thread

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
PLAYWRIGHT_DISABLED_FEATURES = [
    "AvoidUnnecessaryBeforeUnloadCheckSync",
    "DestroyProfileOnBrowserClose",
    "HttpsUpgrades",
    "HttpsFirstBalancedModeAutoEnable",
    "LensOverlay",
    "MediaRouter",
    "PaintHolding",
    "ThirdPartyStoragePartitioning",
    "AvoidCorsURLLoaderRestartOnRedirect",
    "TcpPortRandomizationWin",
    "OptimizationHints",
    "NetworkTimeServiceQuerying",
    "AimEnabled",
    "PreconnectToSearch",
]
"""The features the pinned Playwright (1.65.3, pyproject.toml) disables with its own ``--disable-features`` (its
chromiumSwitches). Ours comes after it on the command line, and Chromium keeps only the last of a repeated switch
(seen: of two ``--disable-features``, the first one's feature came back), so ours repeats Playwright's list."""
UNSEEN_BROWSER_UI = [
    # The address bar's suggestion popups, which this Chromium renders for every new window before anything is
    # typed: about 0.9 s of CPU for each browser context a test opens, for a browser UI no test sees.
    "WebUIOmniboxPopup",
    "WebUIOmniboxAimPopup",
]
NO_WAY_OUT = "--proxy-server=http://127.0.0.1:9"
"""The launch flag that sends every request to another origin to a proxy that answers nothing."""
CHROMIUM_FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    # Pyodide's WebAssembly stays at V8's baseline compiler (Liftoff): the suite boots Python over a hundred times,
    # and each boot's optimizing compiles in the background took CPU from the other worker's pages while this one
    # never ran long enough to gain from them (7 % off six boot-heavy modules, measured). The code's behaviour is
    # the same; tools/bench.py, which times boots as visitors meet them, launches without it.
    "--js-flags=--no-wasm-tier-up",
    # No request leaves the machine: every one goes to a proxy on the discard port, where nothing listens, and
    # fails at once; the loopback addresses of the test servers bypass a proxy (Chromium's implicit rule). This
    # blocks without Playwright's request routing, which turns the browser's HTTP cache off and stops each of the
    # app's requests for a round trip through its driver (block_foreign lists what was tried).
    NO_WAY_OUT,
    "--disable-features=" + ",".join(PLAYWRIGHT_DISABLED_FEATURES + UNSEEN_BROWSER_UI),
]
BOOT_TIMEOUT_MS = 120_000


@pytest.fixture(scope="session")
def site(dist_dir):
    """(server, url) with the site mounted at /app/ to catch absolute-path bugs."""
    server, url = serve_in_thread(dist_dir, prefix="/app/")
    yield server, url
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="session")
def site_url(site) -> str:
    return site[1]


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_FLAGS}


FOREIGN_URL = re.compile(r"^(?!http://127\.0\.0\.1:|http://localhost:|data:|blob:)")
"""Any URL but a local test server's (or a data: or blob: URL)."""


def block_foreign(context) -> list[str]:
    """The list of every request ``context`` makes to another origin (not a local test server, a data: or a blob:
    URL), for the test to assert empty. The browser itself fails them: every browser the tests launch has
    ``CHROMIUM_FLAGS``, ``NO_WAY_OUT`` among them."""
    tried: list[str] = []
    context.on("request", lambda request: tried.append(request.url) if FOREIGN_URL.match(request.url) else None)
    return tried


@pytest.fixture
def foreign_requests(context):
    """Every request not for a local test server fails and is listed; the test fails if any was made."""
    blocked = block_foreign(context)
    yield blocked
    assert blocked == [], f"requests left the machine: {blocked}"


def _listen(page: Page) -> tuple[list[str], list[str], Callable[[], None]]:
    """(CSP violations, what the page said) as they come, and the call that stops listening."""
    violations: list[str] = []
    heard: list[str] = []  # what the page said, for a boot that fails

    def on_console(message):
        if "Content Security Policy" in message.text:
            violations.append(message.text)
        heard.append(f"{message.type}: {message.text[:300]}")

    def on_failed(request):
        heard.append(f"request failed: {request.url} ({request.failure})")

    page.on("console", on_console)
    page.on("requestfailed", on_failed)

    def stop() -> None:
        page.remove_listener("console", on_console)
        page.remove_listener("requestfailed", on_failed)

    return violations, heard, stop


_BOOTS = [0]
"""Boots of the app by the ``app`` fixture in this process, one counter in a list (each test's share is kept as its
``app_boots``)."""


def _boot_app(page: Page, url: str, heard: list[str]) -> None:
    """Open ``url`` and wait until the engine is ready; a failed boot is retried once by the page's own Retry."""
    from playwright.sync_api import expect

    _BOOTS[0] += 1
    page.goto(url)
    html = page.locator("html")
    expect(html).not_to_have_attribute("data-ready", "false", timeout=BOOT_TIMEOUT_MS)
    if html.get_attribute("data-ready") == "failed":
        # The page's own Retry, as a player would press it, once; the first failure's reason is reported (a
        # warning in the summary), so a boot that fails now and then is seen without failing an unrelated test.
        reason = page.locator("#boot-stage").get_attribute("title")
        warnings.warn(f"the app's boot failed once ({reason}); heard: {heard[-15:]}", stacklevel=1)
        page.locator("#boot-retry").click()
    expect(html).to_have_attribute("data-ready", "true", timeout=BOOT_TIMEOUT_MS)


SHARED = "shared_app"
"""The marker of a module whose tests share one booted page (``pytestmark = pytest.mark.shared_app``), with the other
such modules' tests run by the same process: see :func:`app`."""


FRESH = "fresh_app"
"""The marker of one test in a ``shared_app`` module that gets a page of its own, booted for it alone."""


def pytest_configure(config):
    config.addinivalue_line(
        "markers",
        f"{SHARED}: the module's tests share one booted page, emptied before each test (tests/web/conftest.py, app)",
    )
    config.addinivalue_line("markers", f"{FRESH}: in a {SHARED} module, this test's app is a page of its own")


@pytest.fixture
def app(request, site_url, browser_name):
    """The app opened and booted (html[data-ready=true]); no request leaves the machine and nothing
    breaks the Content-Security-Policy.

    In a module marked ``shared_app`` the module's tests share one booted page with every such module's tests in
    this process (the engine boots once, about 4 s each on a shared machine, most of a browser test's time); before
    each test every other tab of its context is closed, the viewport is the default one again and the page is emptied
    as a first visit finds it (see :func:`_emptied`). What the reset cannot undo is seen as it is made (see :func:`_watch`): listeners a test
    added are removed after it; after a test that added an init script, a route or an exposed function to the page
    the next test gets a new page, and a new context after one that changed the context (its own routes or init
    scripts, offline, permissions). A test that patches a global with ``evaluate`` says so with
    :func:`changed_for_good`, or gives the script that undoes it with :func:`undone_at_reset`; after a test that
    failed, the next one gets a new context. A test marked ``fresh_app`` gets a page of its own, as in an unmarked
    module.

    ``browser_name`` is asked for so that pytest-playwright parametrizes these tests as it does those that ask for
    ``page`` or ``context`` ([chromium]): the browser is reached here through ``getfixturevalue``, and an
    unparametrized ``browser_name`` beside a parametrized one made pytest close and launch the browser (and lose the
    shared page) at every switch between an ``app`` test and a ``page`` test."""
    before = _BOOTS[0]
    if request.node.get_closest_marker(SHARED) is None or request.node.get_closest_marker(FRESH) is not None:
        page = request.getfixturevalue("page")
        request.getfixturevalue("foreign_requests")
        violations, heard, _stop = _listen(page)
        _boot_app(page, site_url, heard)
        request.node.user_properties.append(("app_boots", _BOOTS[0] - before))
        yield page
        assert violations == [], violations
        return
    beside = {"context", "page"} & set(request.fixturenames)
    if beside:
        pytest.fail(
            f"a {SHARED} module's test asks for {sorted(beside)} beside app: another context than app's; use "
            "app.context, or mark the test fresh_app",
            pytrace=False,
        )
    tab = request.getfixturevalue("_shared_tab")
    tab["renew"]()
    page = tab["page"]
    violations, heard, stop = _listen(page)
    try:
        _emptied(page, site_url, heard, tab["viewport"])
        request.node.user_properties.append(("app_boots", _BOOTS[0] - before))
        tab["blocked"].clear()
        yield page
        assert tab["blocked"] == [], f"requests left the machine: {tab['blocked']}"
        assert violations == [], violations
    finally:
        stop()
        tab["after_test"]()
        if getattr(request.node, "_failed_call", False):  # it may have stopped half way through a change it undoes
            setattr(tab["context"], _SPOILED, "context")


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(item, call):
    """A test that failed is marked on its item, so that a shared page it leaves is not handed to the next test, and
    its report gains what the page showed then (:func:`_page_at_failure`)."""
    report = yield
    if report.when == "call" and report.failed:
        item._failed_call = True
        page = next((value for value in item.funcargs.values() if isinstance(value, Page)), None)
        if page is not None and not page.is_closed():
            report.sections.append(("page at failure", _page_at_failure(page, item.name)))
    return report


FAILURES = Path(__file__).resolve().parents[2] / "test-results" / "failures"
ERRORS_SHOWN = ".field-error, .drawer-error, .error-panel, .error"


def _page_at_failure(page: Page, name: str) -> str:
    """The route, the messages and errors shown, the open drawer's text and choices and an open dialog's text of a
    page whose test failed, and its screenshot under test-results/failures/ (a CI log shows the text; a run kept on
    disk, the picture). Each read has a short limit of its own: a page stuck in a loop still leaves the report."""
    lines = []
    for label, read in (
        ("route", lambda: page.url),
        (
            "messages",
            lambda: [text for text in page.locator(".snackbar, .banner, [role=alert]").all_inner_texts() if text],
        ),
        ("errors shown", lambda: [text for text in page.locator(ERRORS_SHOWN).all_inner_texts() if text]),
        ("drawer", lambda: _shown(page.locator(".drawer"))),
        ("drawer's choices", lambda: page.locator(".drawer label:has(input:checked)").all_inner_texts()),
        ("dialog", lambda: _shown(page.locator("dialog[open]"))),
    ):
        try:
            lines.append(f"{label}: {read()}"[:3_000])
        except Exception as error:  # noqa: BLE001 - what the page could not say is said as such
            lines.append(f"{label}: (not read: {str(error).splitlines()[0][:120]})")
    try:
        FAILURES.mkdir(parents=True, exist_ok=True)
        file_name = re.sub(r"[^\w.-]+", "_", name)[:120] + ".png"
        page.screenshot(path=str(FAILURES / file_name), timeout=5_000)
    except Exception:  # noqa: BLE001, S110 - the picture is a help, not the report
        pass
    return "\n".join(lines)


def _shown(locator) -> str:
    return locator.first.inner_text(timeout=2_000) if locator.count() else "(none)"


def changed_for_good(page: Page) -> None:
    """``page`` holds a change the emptying between tests does not undo (a global patched with ``evaluate``, a
    stubbed browser API): in a ``shared_app`` module the next test gets a new page. Nothing for a page of its own."""
    setattr(page, _SPOILED, "page")


def context_changed_for_good(page: Page) -> None:
    """``page``'s context holds a change the emptying does not undo (Playwright's clock, installed on the whole
    context): in a ``shared_app`` module the next test gets a new context. Nothing for a page of its own."""
    setattr(page.context, _SPOILED, "context")


def undone_at_reset(page: Page, script: str) -> None:
    """``page`` holds a change made with ``evaluate`` that ``script`` (a page function) undoes, such as a stubbed
    browser API: in a ``shared_app`` module the emptying before the next test runs it, so the page is handed on
    (no second boot). Nothing for a page of its own."""
    page.__dict__.setdefault(_UNDO, []).append(script)


_UNDO = "_shared_app_undo"
"""The attribute a shared page carries with the scripts that undo what a test changed in it (undone_at_reset)."""

_SPOILED = "_shared_app_spoiled"
"""The attribute a shared page or context carries once a test changed it for good: "page" or "context"."""

_PAGE_CHANGES = (
    "add_init_script",
    "route",
    "route_from_har",
    "route_web_socket",
    "expose_function",
    "expose_binding",
    "set_extra_http_headers",
    "emulate_media",
)
_CONTEXT_CHANGES = (*_PAGE_CHANGES[:-1], "set_offline", "grant_permissions", "set_geolocation")


def _watch(target, changes: tuple[str, ...], spoils: str, owner, listeners: list) -> None:
    """Calls on ``target`` (the shared page or its context) that leave something behind mark ``owner`` spoiled
    (``spoils``: what must be made anew); listeners added with ``on``/``once`` are listed to be removed."""
    for name in changes:
        original = getattr(target, name)

        def changed(*args, _original=original, **kwargs):
            setattr(owner, _SPOILED, max(getattr(owner, _SPOILED, "") or "", spoils, key=("", "page", "context").index))
            return _original(*args, **kwargs)

        setattr(target, name, changed)
    for name in ("on", "once"):
        original = getattr(target, name)

        def listen(event, handler, _original=original):
            listeners.append((target, event, handler))
            return _original(event, handler)

        setattr(target, name, listen)


@pytest.fixture(scope="session")
def _shared_tab(browser, browser_context_args, site_url):
    """One context and page for the ``shared_app`` modules' tests of this process (a pytest-xdist worker), booted once
    (what one module leaves is emptied as what one test leaves), with the request guard of
    :func:`foreign_requests` (checked by :func:`app` after each test). ``renew`` makes a new page (or a new context)
    where the last test left one changed for good; ``after_test`` removes the listeners a test added."""
    listeners: list = []
    tab: dict = {"blocked": [], "context": None, "page": None}

    def new_page() -> None:
        page = tab["context"].new_page()
        _watch(page, _PAGE_CHANGES, "page", page, listeners)
        tab["page"] = page
        tab["viewport"] = page.viewport_size

    def new_context() -> None:
        if tab["context"] is not None:
            tab["context"].close()
        context = browser.new_context(**browser_context_args)
        tab["blocked"] = block_foreign(context)
        _watch(context, _CONTEXT_CHANGES, "context", context, listeners)
        tab["context"] = context
        new_page()

    def renew() -> None:
        if tab["context"] is None or getattr(tab["context"], _SPOILED, None):
            new_context()
        elif getattr(tab["page"], _SPOILED, None):
            spoiled = tab["page"]
            new_page()
            spoiled.close()

    def after_test() -> None:
        while listeners:
            target, event, handler = listeners.pop()
            with contextlib.suppress(Exception):  # a page the test closed has no listeners left to remove
                target.remove_listener(event, handler)

    tab["renew"] = renew
    tab["after_test"] = after_test
    yield tab
    if tab["context"] is not None:
        tab["context"].close()


RESET = """async () => {
    const until = async (test) => {
        for (const end = performance.now() + 30_000; performance.now() < end; ) {
            if (test()) return true;
            await new Promise((resolve) => setTimeout(resolve, 5));
        }
        return false;
    };
    // the same document: only the route changes, by way of another screen, so that Home is made anew (no message
    // of the last test's import still on it)
    location.hash = "#/about";
    if (!(await until(() => document.getElementById("about-title")))) return "the About screen never showed";
    location.hash = "#/";
    if (!(await until(() => document.getElementById("campaigns-title")))) return "Home never showed";
    localStorage.clear();
    sessionStorage.clear();
    const db = await new Promise((resolve, reject) => {
        const open = indexedDB.open("rules-companion");
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
    });
    const names = [...db.objectStoreNames];
    if (names.length) await new Promise((resolve, reject) => {
        const tx = db.transaction(names, "readwrite");
        for (const name of names) tx.objectStore(name).clear();
        tx.oncomplete = resolve;
        tx.onerror = tx.onabort = () => reject(tx.error);
    });
    db.close();
    // as another tab that changed a campaign says it (store/channel.mjs): the page reads its list again
    const channel = new BroadcastChannel("rules-companion");
    channel.postMessage({ type: "campaign-changed", id: "tests-emptied-the-storage", revision: null });
    channel.close();
    if (!(await until(() => !document.querySelector("#app .campaign-row")))) return "Home still lists a campaign";
    return "";
}"""
"""The route to Home by way of About, the storage emptied and Home's list read again, in one call: the page's
part of :func:`_emptied` (one round trip instead of one per step, before each of some 250 tests)."""


def _emptied(page: Page, site_url: str, heard: list[str], viewport) -> None:
    """The shared page as a first visit finds it: booted, on Home, with no campaign, no log, no stored choice
    (IndexedDB's stores and localStorage emptied while the app runs, its list read again as when another tab
    changed a campaign) and no message or dialog left open. A page that is not the booted app (a test left it
    elsewhere, or its boot failed) is opened and booted again."""
    from playwright.sync_api import expect

    for other in page.context.pages:
        if other is not page:
            other.close()
    if viewport and page.viewport_size != viewport:
        page.set_viewport_size(viewport)
    undo = page.__dict__.pop(_UNDO, [])
    if undo and page.url.startswith(site_url):  # the document the test changed is still the one shown
        for script in undo:
            page.evaluate(script)
    html = page.locator("html")
    if not page.url.startswith(site_url) or html.get_attribute("data-ready") != "true":
        _boot_app(page, site_url, heard)
    failed = page.evaluate(RESET)
    assert not failed, f"the shared page could not be emptied: {failed}"
    page.keyboard.press("Escape")  # a dialog left open by the last test closes as a person closes it
    snack = page.get_by_role("button", name="Dismiss message")
    if snack.count():
        snack.first.click()
    expect(page.locator("dialog[open]")).to_have_count(0)


@pytest.fixture
def tablet(browser, site_url):
    """A page at 768 × 1024 in a context that lets the test inject axe-core (the app's CSP would refuse an inline
    script): the screens test's, and every test that checks a screen as it does."""
    from playwright.sync_api import expect

    context = browser.new_context(bypass_csp=True, viewport={"width": 768, "height": 1024})
    page = context.new_page()
    page.goto(site_url)
    expect(page.locator("html")).to_have_attribute("data-ready", "true", timeout=BOOT_TIMEOUT_MS)
    yield page
    context.close()


@pytest.fixture
def own_site(dist_dir, tmp_path):
    """A private copy of dist/ served under /app/ by its own server, which the test may change or stop:
    (folder, url, server)."""
    copy = tmp_path / "dist"
    shutil.copytree(dist_dir, copy)
    server, url = serve_in_thread(copy, prefix="/app/")
    yield copy, url, server
    server.shutdown()
    server.server_close()
