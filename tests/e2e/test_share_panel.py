"""The share panel in Chromium: make the link, its QR code drawn (the server's SVG), copy it to the clipboard,
no share sheet button where the browser has none, and stop sharing (two taps)."""

from __future__ import annotations

from typing import Any

import pytest
import requests
from selenium.webdriver.common.by import By

from table.share import share_qr_svg
from tests.e2e.table import Table, wait_until
from tests.support.browser import PASSWORD

pytestmark = pytest.mark.e2e


def test_make_copy_and_stop_a_share_link(live_app: dict[str, Any], scorer_browser: Any) -> None:
    scorer = Table(scorer_browser, live_app["base"])
    scorer.sign_in("asha", PASSWORD)
    match_id = scorer.start_match("seep", ["Asha", "Bala", "Ravi", "Meena"])
    scorer.open(f"/table/matches/{match_id}/board/")
    scorer.tap("#share")
    url = str(wait_until(lambda: scorer.find("#share-url").get_attribute("value"), "the share link"))
    assert url.startswith(f"{live_app['base']}/table/s/")
    svg = scorer.find("#share-qr svg.qr-code")
    assert svg.size["width"] >= 150  # scannable from across the table
    # Drawn as an SVG at once (not only after a reload): in the SVG namespace, its modules as wide as the picture.
    namespace, drawn_width = scorer_browser.execute_script(
        "const svg = document.querySelector('#share-qr svg');"
        "return [svg.namespaceURI, svg.querySelector('path.qrline').getBoundingClientRect().width];"
    )
    assert namespace == "http://www.w3.org/2000/svg"
    assert drawn_width >= 100
    drawn = scorer_browser.execute_script(
        "const svg = document.querySelector('#share-qr svg');"
        "return [svg.getAttribute('viewBox'), svg.querySelector('path.qrline').getAttribute('d')];"
    )
    expected = share_qr_svg(url)
    assert f'viewBox="{drawn[0]}"' in expected
    assert f'd="{drawn[1]}"' in expected  # the modules of segno's code of this very link
    assert not scorer_browser.find_element(By.ID, "share-send").is_displayed()  # headless Chromium: no share sheet

    scorer_browser.execute_cdp_cmd(
        "Browser.grantPermissions",
        {"origin": live_app["base"], "permissions": ["clipboardReadWrite", "clipboardSanitizedWrite"]},
    )
    scorer.tap("#share-copy")
    wait_until(lambda: scorer.text("#share-status") == "Link copied.", "the copy confirmation")
    copied = scorer_browser.execute_async_script(
        "navigator.clipboard.readText().then(arguments[0], (e) => arguments[0]('refused ' + e));"
    )
    assert copied == url

    scorer.open(f"/table/matches/{match_id}/board/")  # the page draws the existing link itself
    assert scorer.find("#share-url").get_attribute("value") == url
    scorer.tap("#share-stop")
    assert scorer.text("#share-stop") == "Tap again to stop"
    scorer.tap("#share-stop")
    wait_until(lambda: scorer.find("#share").is_displayed(), "the link gone")
    assert requests.get(url, timeout=10).status_code == 404
