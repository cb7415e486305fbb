"""The first visit downloads each file once (web/sw.js install): the offline copy revalidates what the page has just
loaded (a conditional request, answered "304 Not Modified" from the browser's cache) instead of downloading it again,
so a phone on mobile data pays for the site once, not twice. In a browser profile with a disk cache, as a player's
phone has; the server counts each full body it sends."""

from __future__ import annotations

from collections import Counter

from playwright.sync_api import expect

from tests.web.conftest import BOOT_TIMEOUT_MS, block_foreign
from tools.serve import SiteHandler, serve_in_thread


def counting_server(folder):
    """(server, url, full bodies sent per path) for ``folder`` under /app/."""
    sent: Counter[str] = Counter()

    class Counting(SiteHandler):
        def send_response(self, code, message=None):
            if code == 200:
                sent[self.path.split("?", 1)[0]] += 1
            super().send_response(code, message)

    server, url = serve_in_thread(folder, prefix="/app/", base=Counting)
    return server, url, sent


def test_the_first_visit_downloads_each_file_once_and_the_offline_copy_is_whole(
    playwright, browser_type_launch_args, dist_dir, tmp_path
):
    server, url, sent = counting_server(dist_dir)
    context = playwright.chromium.launch_persistent_context(tmp_path / "profile", **browser_type_launch_args)
    try:
        foreign = block_foreign(context)
        page = context.new_page()
        page.goto(url)
        html = page.locator("html")
        expect(html).to_have_attribute("data-ready", "true", timeout=BOOT_TIMEOUT_MS)
        expect(html).to_have_attribute("data-offline-ready", "true", timeout=BOOT_TIMEOUT_MS)
        assert sent["/app/pyodide/pyodide.asm.wasm"] == 1, sent
        twice = {path: count for path, count in sent.items() if count > 1}
        assert twice == {}, f"downloaded more than once: {twice}"
        # The offline copy is whole: every file the page loaded is in this version's cache.
        loaded = page.evaluate("performance.getEntriesByType('resource').map((each) => new URL(each.name).pathname)")
        cached = page.evaluate(
            """async () => {
                const names = (await caches.keys()).filter((name) => name.startsWith("rules-companion-"));
                const cache = await caches.open(names[0]);
                return (await cache.keys()).map((request) => new URL(request.url).pathname);
            }"""
        )
        missing = {path for path in loaded if path.startswith("/app/") and path not in cached}
        assert missing == set(), missing
        assert foreign == [], f"requests left the machine: {foreign}"
    finally:
        context.close()
        server.shutdown()
        server.server_close()
