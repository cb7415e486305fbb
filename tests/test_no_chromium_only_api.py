"""No Chromium-only API in the page (every iPad browser is WebKit). The page's modules and style sheet are
read as text for a short list of what Safari and iPadOS 17 lack, each with why:

- ``showPicker()``: Safari on iOS and iPadOS has none (web-features "show-picker-input": Safari iOS not supported,
  WebKit bug 261703; desktop Safari only from 17.4). A field opens its picker when tapped.
- ``requestIdleCallback`` without a fallback: not in Safari 17 (only behind a developer flag), so a module using it
  must test for it (``typeof requestIdleCallback`` or ``"requestIdleCallback" in``) and do without.
- ``navigator.userAgentData`` (User-Agent Client Hints) and ``scheduler.postTask`` / ``scheduler.yield``
  (Prioritized Task Scheduling): Chromium only; undefined in Safari, so a call throws.
- ``showOpenFilePicker`` / ``showSaveFilePicker`` / ``showDirectoryPicker`` (File System Access): Chromium only;
  files go through ``<input type=file>`` and ``<a download>`` / the Share sheet, which Safari has.
- ``navigator.vibrate``: not in Safari.
- CSS ``field-sizing`` and anchor positioning (``anchor-name``, ``position-anchor``, ``anchor()``): not in
  Safari 17 (both came with Safari 26), so a layout built on them falls apart there.

Not listed because Safari 17 has them: ``structuredClone`` (15.4), ``:has()`` (15.4), ``Array.prototype.at`` and
``findLast`` (15.4), ``<dialog>`` (15.4), ``CompressionStream`` (16.4), ``dvh`` units (15.4),
``navigator.storage.persist`` (15.2), ``navigator.share`` and ``canShare`` (files: 15), IntersectionObserver (12.1).
``text-wrap: balance`` (17.5) and ``content-visibility`` (18) only refine a layout that works without them.
"""

from __future__ import annotations

import re
from pathlib import Path

WEB = Path(__file__).resolve().parent.parent / "web"

DENIED = {
    "showPicker() (no picker on iPadOS Safari)": re.compile(r"\.showPicker\s*\("),
    "navigator.userAgentData (Chromium only)": re.compile(r"\buserAgentData\b"),
    "scheduler.postTask / scheduler.yield (Chromium only)": re.compile(r"\bscheduler\s*\.\s*(postTask|yield)\b"),
    "File System Access pickers (Chromium only)": re.compile(r"\bshow(Open|Save)FilePicker\b|\bshowDirectoryPicker\b"),
    "navigator.vibrate (not in Safari)": re.compile(r"\bnavigator\s*\.\s*vibrate\b"),
}
DENIED_CSS = {
    "field-sizing (not in Safari 17)": re.compile(r"\bfield-sizing\s*:"),
    "anchor positioning (not in Safari 17)": re.compile(r"\banchor-name\s*:|\bposition-anchor\s*:|\banchor\s*\("),
}
IDLE = re.compile(r"\brequestIdleCallback\b")
IDLE_GUARD = re.compile(
    r"typeof\s+(window\.|globalThis\.|self\.)?requestIdleCallback\b|[\"']requestIdleCallback[\"']\s+in\b"
)


def _ours(pattern: str) -> list[Path]:
    """The page's own files (the vendored npm copies are not ours to change)."""
    return sorted(path for path in WEB.glob(pattern) if "vendor" not in path.parts)


def _without_comments(text: str) -> str:
    """Code only: a comment may name an API to say why it is not used."""
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    return re.sub(r"(^|[^:\"'`\\])//.*", r"\1", text)


def scan_script(text: str) -> list[str]:
    code = _without_comments(text)
    found = [why for why, pattern in DENIED.items() if pattern.search(code)]
    if IDLE.search(code) and not IDLE_GUARD.search(code):
        found.append("requestIdleCallback without a fallback (not in Safari 17)")
    return found


def scan_css(text: str) -> list[str]:
    code = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    return [why for why, pattern in DENIED_CSS.items() if pattern.search(code)]


def test_the_page_uses_no_api_that_safari_on_an_ipad_lacks():
    scripts = _ours("**/*.mjs") + _ours("*.js")
    assert len(scripts) > 50, "the page's modules were found"
    found = {str(path.relative_to(WEB)): scan_script(path.read_text()) for path in scripts}
    found.update({str(path.relative_to(WEB)): scan_css(path.read_text()) for path in _ours("*.css")})
    assert {name: why for name, why in found.items() if why} == {}


def test_the_scan_finds_each_denied_api_and_accepts_a_guarded_idle_callback():
    assert scan_script("input.showPicker();") == ["showPicker() (no picker on iPadOS Safari)"]
    assert scan_script("const hints = navigator.userAgentData.brands;") == ["navigator.userAgentData (Chromium only)"]
    assert scan_script("await scheduler.postTask(work);") == ["scheduler.postTask / scheduler.yield (Chromium only)"]
    assert scan_script("const handle = await window.showSaveFilePicker();") == [
        "File System Access pickers (Chromium only)"
    ]
    assert scan_script("navigator.vibrate(50);") == ["navigator.vibrate (not in Safari)"]
    assert scan_script("requestIdleCallback(work);") == ["requestIdleCallback without a fallback (not in Safari 17)"]
    assert scan_script("(typeof requestIdleCallback === 'function' ? requestIdleCallback : setTimeout)(work);") == []
    assert scan_script("// never input.showPicker(): iPadOS has none\nconst url = 'https://x';") == []
    assert scan_css("textarea { field-sizing: content; }") == ["field-sizing (not in Safari 17)"]
    assert scan_css(".tip { position-anchor: --row; top: anchor(bottom); }") == [
        "anchor positioning (not in Safari 17)"
    ]
    assert scan_css(".a:has(input) { text-wrap: balance; }") == []
