"""The scoreboard on a right-to-left (Persian) page in Chromium: the chart's labels and numbers stay inside the
chart and in order, its time axis runs as on the score sheet (deal 1 on the left, the latest on the right), the
numbers are written in Western digits as the Persian players write them (shared/rules/glossary.md), the seating
picture's names stay inside the picture, each in its own direction, and the share link reads left to right
(issue 18)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from selenium.webdriver.common.by import By

from tests.e2e.table import TEXT_BOXES, Table, assert_labels_readable, outside, wait_until
from tests.support.browser import PASSWORD, api_session
from tests.support.corrections import alternating_deals

pytestmark = pytest.mark.e2e

PERSIAN_DIGITS = "\u06f0\u06f1\u06f2\u06f3\u06f4\u06f5\u06f6\u06f7\u06f8\u06f9"  # never on the page


def persian_board(live_app: dict[str, Any], scorer: Table) -> int:
    api, base = api_session(live_app, "asha"), live_app["base"]
    match = api.post(
        f"{base}/api/v1/matches/",
        json={"game": "seep", "players": [{"name": "Asha"}, {"name": "Bala"}, {"name": "Ravi"}, {"name": "Meena"}]},
    ).json()
    for deal in alternating_deals(5):
        assert api.post(f"{base}/api/v1/matches/{match['id']}/deals/", json=deal).status_code == 201
    scorer.open("/table/")
    scorer.driver.add_cookie({"name": "django_language", "value": "fa", "path": "/"})
    scorer.open(f"/table/matches/{match['id']}/board/")
    wait_until(lambda: scorer.driver.find_elements(By.CSS_SELECTOR, "#chart svg text"), "the chart")
    return int(match["id"])


def test_the_chart_and_the_seating_stay_readable_right_to_left(
    scorer_browser: Any, live_app: dict[str, Any], screenshots: Path
) -> None:
    scorer = Table(scorer_browser, live_app["base"])
    scorer.sign_in("asha", PASSWORD)
    try:
        persian_board(live_app, scorer)
        assert scorer_browser.execute_script(
            "return [document.documentElement.lang, document.documentElement.dir]"
        ) == ["fa", "rtl"]
        chart = assert_labels_readable(scorer_browser, "#chart svg")  # inside the chart, none over another
        # The time axis: the window's last deal ("deal 5") on the right, under the plot's end.
        last = next(box for box in chart if "5" in box["text"] and box["y1"] > box["height"] - 12)
        assert last["x1"] > last["width"] - 20, last
        # The value axis: its numbers on the left, from 0.
        zero = next(box for box in chart if box["text"] == "0")
        assert zero["x0"] < 20, zero
        # The value axis's numbers and the deal label are this module's (a game's guide labels are its own).
        axis = [box["text"] for box in chart if not any(c.isalpha() for c in box["text"])] + [last["text"]]
        assert len(axis) == 4 and not any(char in PERSIAN_DIGITS for text in axis for char in text), axis

        # The share link is a URL: it reads left to right on any page.
        direction = "return getComputedStyle(document.querySelector('#share-url')).direction"
        assert scorer_browser.execute_script(direction) == "ltr"

        seating = scorer_browser.execute_script(TEXT_BOXES, "#seating-box svg")
        names = [box for box in seating if box["text"].strip("\u2068\u2069") in {"Asha", "Bala", "Ravi", "Meena"}]
        assert len(names) == 4 and all(box["text"].startswith("\u2068") for box in names)  # each in its own direction
        assert [box for box in seating if outside(box)] == []
        scorer.screenshot(screenshots / "board-rtl-chart.png", scroll_to="#chart")
        scorer.screenshot(screenshots / "board-rtl-seating.png", scroll_to="#seating-box")
    finally:
        scorer_browser.delete_cookie("django_language")
