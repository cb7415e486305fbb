"""Files Import cannot take are refused in words, with nothing changed and nothing thrown: a file holding no campaign
data (null, a number, a list), and a gzip file that opens to more than any campaign file can hold (a "gzip bomb":
2 MB of gzip, 2 GiB of spaces), refused at that bound, before the tab's memory holds it (web/store/gunzip.mjs)."""

from __future__ import annotations

import struct
import sys
import zlib
from pathlib import Path

import pytest
from playwright.sync_api import expect

from py_rules.api import catalog
from tests.web.helpers import stored_campaigns
from tests.web.test_integrity import a_coc_campaign, import_file

pytestmark = pytest.mark.shared_app  # one booted page for the module, emptied before each test (conftest.py, app)

GiB = 1 << 30


def file_bound() -> int:
    """The bound the page reads from catalog.json: campaign.check_file's longest text, at 4 UTF-8 bytes a character."""
    op = next(each for each in catalog()["operations"] if each["id"] == "campaign.check_file")
    return 4 * next(param for param in op["params"] if param["name"] == "text")["max_length"]


def spaces_gzip(size: int, stated: int | None = None, piece: int = 64 << 20) -> bytes:
    """gzip of ``size`` bytes of spaces (a multiple of ``piece``) made without holding them: each piece is compressed
    once after a full flush, so every later one compresses to the same bytes; the trailer's size field says
    ``stated`` when given (a forged trailer), else the truth modulo 2^32 (RFC 1952 §2.3.1)."""
    chunk = b" " * piece
    deflate = zlib.compressobj(9, zlib.DEFLATED, -15)
    block = deflate.compress(chunk) + deflate.flush(zlib.Z_FULL_FLUSH)
    assert deflate.compress(chunk) + deflate.flush(zlib.Z_FULL_FLUSH) == block  # the state starts afresh each piece
    crc = 0
    for _ in range(size // piece):
        crc = zlib.crc32(chunk, crc)
    header = b"\x1f\x8b\x08\x00\x00\x00\x00\x00\x02\xff"
    return (
        header
        + block * (size // piece)
        + deflate.flush()
        + struct.pack("<II", crc, size % 2**32 if stated is None else stated)
    )


@pytest.fixture(scope="module")
def bomb() -> bytes:
    made = spaces_gzip(2 * GiB)
    assert len(made) < 3_000_000
    return made


def renderers(page) -> list[int]:
    """The process ids of the browser's renderers (the page's and its workers' memory is theirs)."""
    session = page.context.browser.new_browser_cdp_session()
    try:
        return [
            each["id"]
            for each in session.send("SystemInfo.getProcessInfo")["processInfo"]
            if each["type"] == "renderer"
        ]
    finally:
        session.detach()


def status_kib(pid: int, field: str) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith(f"{field}:"):
            return int(line.split()[1])
    raise AssertionError(f"no {field} for {pid}")


class PeakMemory:
    """How far the renderers' resident memory rose from now (Linux: the peak is reset through clear_refs, then read
    from VmHWM), in bytes: the largest rise among them."""

    def __init__(self, page):
        self.pids = renderers(page)
        self.start = {}
        for pid in self.pids:
            Path(f"/proc/{pid}/clear_refs").write_text("5")  # the peak starts again from what is held now
            self.start[pid] = status_kib(pid, "VmRSS")

    def rise(self) -> int:
        return max(status_kib(pid, "VmHWM") - self.start[pid] for pid in self.pids) * 1024


def choose(page, path: Path) -> None:
    page.goto(page.url.split("#")[0] + "#/")
    page.locator('input[name="campaign-file"]').set_input_files(str(path))


def refusal(page):
    problems = page.locator("[data-import-problems]")
    expect(problems).to_contain_text("Nothing was imported", timeout=60_000)
    expect(page.locator(".import .file-button")).to_contain_text(
        "Choose a campaign file"
    )  # not left "Checking the file…"
    return problems


def test_a_file_holding_no_campaign_data_is_refused_in_words_and_nothing_changes(app, tmp_path):
    thrown: list[str] = []
    app.on("pageerror", lambda error: thrown.append(str(error)))
    a_coc_campaign(app)
    before = stored_campaigns(app)
    for name, content, words in [
        ("null", "null", "only an empty value"),
        ("empty-list", "[]", "only an empty list"),
        ("number", "42", "only the number 42"),
        ("list", '[{"name": "Masks"}]', "a list of 1 item"),
        ("true", " true\n", "only the value true"),
    ]:
        import_file(app, tmp_path, f"{name}.campaign.json", content)
        problems = refusal(app)
        expect(problems).to_contain_text("This file is not a campaign: it holds no campaign data")
        expect(problems).to_contain_text(words)
        assert stored_campaigns(app) == before, name
    expect(app.locator(".campaign-row")).to_have_count(1)
    assert thrown == []


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads the renderers' memory from /proc")
def test_a_gzip_bomb_is_refused_before_the_tab_holds_it(app, tmp_path, bomb):
    """2 GiB of spaces in 2 MB. As it states its size (more than any campaign): opened and counted, nothing kept, and
    refused at the bound. With its trailer forged to say the bound: kept up to the bound, refused there. Saying less:
    stopped where it passes what it says. Each time the renderers' memory rises by less than the 2 GiB (the tab
    reached 2.4 GB before)."""
    thrown: list[str] = []
    app.on("pageerror", lambda error: thrown.append(str(error)))
    a_coc_campaign(app)
    before = stored_campaigns(app)
    bound = file_bound()
    assert bound < GiB
    honest = tmp_path / "bomb.campaign.json.gz"
    honest.write_bytes(bomb)
    peak = PeakMemory(app)
    choose(app, honest)
    expect(refusal(app)).to_contain_text(
        f"too large to be a campaign: opened, it holds more than {bound // 1_000_000} MB, more than any campaign file can. Opening it stopped there."
    )
    assert peak.rise() < bound + (256 << 20), (
        peak.rise()
    )  # counted, never kept: at most the opened pieces not yet collected

    at_bound = tmp_path / "at-bound.campaign.json.gz"
    at_bound.write_bytes(bomb[:-4] + struct.pack("<I", bound))
    peak = PeakMemory(app)
    choose(app, at_bound)
    expect(refusal(app)).to_contain_text(f"opened, it holds more than {bound // 1_000_000} MB")
    expect(app.locator("[data-import-problems]")).to_contain_text("Opening it stopped there.")
    # what it allocates at most: the buffer of the bound, each opened piece once (garbage not yet collected, the bound
    # again) and what one FEED of the file opens to, read or waiting; an unbounded opening holds the 2 GiB
    assert peak.rise() < 2 * bound + (256 << 20) < 2 * GiB, peak.rise()

    says_less = tmp_path / "says-less.campaign.json.gz"
    says_less.write_bytes(bomb[:-4] + struct.pack("<I", 1_000))
    peak = PeakMemory(app)
    choose(app, says_less)
    expect(refusal(app)).to_contain_text("damaged: it holds more than the 1,000 bytes it says it holds")
    assert peak.rise() < 128 << 20, peak.rise()

    assert stored_campaigns(app) == before
    assert thrown == []
