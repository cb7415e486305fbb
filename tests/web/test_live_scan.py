"""The live table's camera path (web/live/scan.mjs): the phone reads the tablet's QR code, as drawn by the page
(web/live/qr.mjs), through a camera. Chromium on Linux has no BarcodeDetector of its own, so what reads it is the
``barcode-detector`` ponyfill over zxing's wasm, the path every iPad takes; the wasm must come from our own origin
(dist/vendor/). The camera is Chromium's fake device playing a Y4M video whose frames are the tablet's QR drawing.
First the phone's camera is refused (plain words, and the paste box still there), then allowed: the scanned code
lands where the pasted one would, the phone shows its answer, and the two devices connect."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.web.conftest import BOOT_TIMEOUT_MS, CHROMIUM, CHROMIUM_FLAGS, block_foreign
from tests.web.guided_sheets import investigator
from tests.web.helpers import campaign_record, open_stored
from tests.web.test_live_table import CONNECT_MS, tablet_code
from tests.web.test_table_gm import invite, open_players

FRAME = (640, 480)  # the fake camera's picture, a usual webcam size
MIN_MODULE_PX = 4  # the least a module may be on that picture and still be a fair stand-in for a camera's view
SCAN_MS = 30_000  # the ponyfill's first load (its wasm compiled) and a few reads of the picture


def tablet_qr_modules(gm: Page) -> list[list[bool]]:
    """The tablet's QR code as the page draws it: the SVG's dark modules ("M x y h1v1h-1z" each, qr.mjs), quiet
    zone included, read back into rows of dark (True) and light modules."""
    svg = gm.locator(".live-own-code svg.qr-code")
    size = int(svg.get_attribute("viewBox").split()[2])
    grid = [[False] * size for _ in range(size)]
    drawn = re.findall(r"M(\d+) (\d+)h1v1h-1z", svg.locator("path").get_attribute("d"))
    assert drawn, "the tablet drew no QR code"
    for column, row in drawn:
        grid[int(row)][int(column)] = True
    return grid


def write_y4m(path, grid: list[list[bool]]) -> None:
    """A short Y4M video (4:2:0, which Chromium's fake camera reads, looping it) whose frames show ``grid`` black on
    white, centred, as large as the picture's height allows in whole pixels a module; the chroma planes are
    neutral grey (128)."""
    width, height = FRAME
    module = min(width, height) // len(grid)
    assert module >= MIN_MODULE_PX, f"a {len(grid)}-module QR code is too fine for a {width}x{height} camera"
    side = len(grid) * module
    left, top = (width - side) // 2, (height - side) // 2
    luma = bytearray(b"\xeb" * (width * height))  # white (video range)
    for row_index, row in enumerate(grid):
        line = b"".join(b"\x10" * module if dark else b"\xeb" * module for dark in row)
        for y in range(module):
            start = (top + row_index * module + y) * width + left
            luma[start : start + side] = line
    frame = b"FRAME\n" + bytes(luma) + b"\x80" * (width * height // 2)
    with open(path, "wb") as out:
        out.write(f"YUV4MPEG2 W{width} H{height} F10:1 Ip A1:1 C420jpeg\n".encode())
        out.write(frame * 3)


@pytest.fixture
def camera_browser(playwright):
    """Start a Chromium whose camera plays a given video, ``--use-file-for-fake-video-capture``: the file is the
    tablet's QR code, known only once the tablet has drawn it. No ``--use-fake-ui-for-media-stream``: a context
    is allowed the camera only when granted it, so a refusal can be seen too."""
    launched = []

    def start(video):
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM,
            args=[
                *CHROMIUM_FLAGS,
                "--use-fake-device-for-media-stream",
                f"--use-file-for-fake-video-capture={video}",
            ],
        )
        launched.append(browser)
        return browser

    yield start
    for browser in launched:
        browser.close()


def test_the_phone_scans_the_tablets_qr_code_with_the_camera_and_joins(app: Page, camera_browser, site_url, tmp_path):
    gm = app
    gm.set_viewport_size({"width": 1024, "height": 768})
    ann = investigator(
        "Ann Reyes", {"Spot Hidden": 55}
    )  # as the guided form makes her, put straight into storage: making her is test_table's
    open_stored(gm, campaign_record("c-camera", "Camera test", "coc", {"pc-ann": ann}), "#/c/c-camera")
    open_players(gm)
    invite(gm, "Ann Reyes", "Pat")
    invitation = gm.locator('textarea[name="invitation"]').input_value()
    gm.get_by_role("button", name="Connect a phone at this table (same Wi-Fi)").click()
    tablet_code(gm)
    video = tmp_path / "tablet_qr.y4m"
    write_y4m(video, tablet_qr_modules(gm))

    context = camera_browser(video).new_context(viewport={"width": 390, "height": 844})
    blocked = block_foreign(context)
    phone = context.new_page()
    wasm: list[str] = []
    phone.on("request", lambda request: wasm.append(request.url) if ".wasm" in request.url else None)
    phone.goto(site_url)
    expect(phone.locator("html")).to_have_attribute("data-ready", "true", timeout=BOOT_TIMEOUT_MS)
    assert phone.evaluate("typeof BarcodeDetector") == "undefined", "this Chromium reads QR codes itself"
    phone.get_by_role("link", name="Join a game").click()
    phone.get_by_label("The invitation from your game master").fill(invitation)
    phone.get_by_role("button", name="Join", exact=True).click()
    expect(phone.locator("#sheet-title")).to_have_text("Ann Reyes")
    phone.get_by_role("button", name="Join at the table").click()

    # the camera refused: plain words, the paste box still there and the camera may be tried again
    phone.get_by_role("button", name="Scan with the camera").click()
    said = phone.locator(".live-their-code [role=alert]")
    expect(said).to_contain_text("The camera could not be used")
    expect(said).to_contain_text("Paste the code instead")
    assert not re.search(r"Error|NotAllowed|getUserMedia", said.inner_text()), said.inner_text()
    expect(phone.get_by_role("textbox", name="The tablet's code")).to_be_editable()
    expect(phone.get_by_role("button", name="Join", exact=True)).to_be_enabled()
    expect(phone.locator(".live-scanner")).to_have_count(0)
    assert [url for url in wasm if "zxing" in url] == [], "the QR reader was loaded before a camera could be used"

    # the camera allowed: the tablet's QR code read by the ponyfill lands in the box the paste fills, and is taken
    context.grant_permissions(["camera"], origin=site_url.split("/app/")[0])
    phone.get_by_role("button", name="Scan with the camera").click()
    answer = phone.get_by_role("textbox", name="This phone's code")
    expect(answer).to_have_value(re.compile(r"^RT1A\."), timeout=SCAN_MS)
    expect(phone.locator(".live-scanner")).to_have_count(0)
    expect(said).to_have_count(0)
    zxing = [url for url in wasm if "zxing" in url]
    assert zxing and all(url.startswith(f"{site_url}vendor/") for url in zxing), wasm

    # the scanned offer was the tablet's own: its answer, pasted on the tablet, connects the two
    gm.get_by_role("textbox", name="The phone's code").fill(answer.input_value())
    gm.get_by_role("button", name="Connect").click()
    expect(phone.locator(".live-connected")).to_be_visible(timeout=CONNECT_MS)
    expect(gm.locator(".live-peers li")).to_contain_text("Ann Reyes: connected")
    context.close()
    assert blocked == [], blocked
