"""The live table in WebKitGTK, whose build has no WebRTC: the tablet's invite says so in plain words and points to
the ways that need no connection (the invitation code, players' codes pasted, a file of rolls), which are on the same
screen. A browser with WebRTC is tested in tests/web/test_live_table.py."""

from __future__ import annotations

from selenium.webdriver.common.by import By

from tests.webkit.helpers import booted, css, new_campaign, press, wait


def test_the_invite_without_webrtc_says_so_and_offers_the_code_and_file_ways_in_webkit(webkit, webkit_site):
    assert booted(webkit, webkit_site) in ("snapshot", "normal")
    # the premise: this browser cannot make a direct connection (were it to gain one, tests/web covers that case)
    assert webkit.execute_script("return typeof RTCPeerConnection") == "undefined"
    new_campaign(webkit, "No WebRTC here", "coc")
    press(webkit, "Players")
    wait(webkit).until(lambda d: "players" in d.find_element(By.ID, "table-title").text)
    press(webkit, "Connect a phone at this table (same Wi-Fi)")
    said = css(webkit, '.live-invite[data-live="unavailable"]').text
    assert "cannot connect devices directly" in said and "codes or a file" in said, said
    assert "What players sent" in said  # where the players' codes go instead
    assert not webkit.find_elements(By.XPATH, '//button[normalize-space(.)="Show a code for a phone"]')
    assert css(webkit, "#players-posts").is_enabled()  # players' codes pasted here
    assert css(webkit, "label.file-button").text.startswith("Open a file of rolls")  # or their file opened
