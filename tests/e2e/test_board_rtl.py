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

from tests.e2e.table import Table, wait_until
from tests.support.browser import PASSWORD, api_session
from tests.support.corrections import alternating_deals

pytestmark = pytest.mark.e2e

PERSIAN_DIGITS = "\u06f0\u06f1\u06f2\u06f3\u06f4\u06f5\u06f6\u06f7\u06f8\u06f9"  # never on the page

# Each text's box (x0, y0)-(x1, y1) in the picture's CSS pixels, and the picture's width and height.
BOXES = """
const svg = document.querySelector(arguments[0]);
const frame = svg.getBoundingClientRect();
return [...svg.querySelectorAll('text')].map((el) => {
  const box = el.getBoundingClientRect();
  return {text: el.textContent, x0: box.left - frame.left, x1: box.right - frame.left,
          y0: box.top - frame.top, y1: box.bottom - frame.top, width: frame.width, height: frame.height};
});
"""


def outside(box: dict[str, Any]) -> bool:
    return box["x0"] < 0 or box["y0"] < 0 or box["x1"] > box["width"] or box["y1"] > box["height"]


def overlap(a: dict[str, Any], b: dict[str, Any]) -> bool:
    return a["x0"] < b["x1"] and b["x0"] < a["x1"] and a["y0"] < b["y1"] and b["y0"] < a["y1"]


def persian_board(live_app: dict[str, Any], scorer: Table) -> int:
    api, base = api_session(live_app, "asha"), live_app["base"]
    match = api.post(f"{base}/api/v1/matches/", json={"game": "seep", "players": [
        {"name": "Asha"}, {"name": "Bala"}, {"name": "Ravi"}, {"name": "Meena"}]}).json()
    for deal in alternating_deals(5):
        assert api.post(f"{base}/api/v1/matches/{match['id']}/deals/", json=deal).status_code == 201
    scorer.open("/table/")
    scorer.driver.add_cookie({"name": "django_language", "value": "fa", "path": "/"})
    scorer.open(f"/table/matches/{match['id']}/board/")
    wait_until(lambda: scorer.driver.find_elements(By.CSS_SELECTOR, "#chart svg text"), "the chart")
    return int(match["id"])


def test_the_chart_and_the_seating_stay_readable_right_to_left(
        scorer_browser: Any, live_app: dict[str, Any], screenshots: Path) -> None:
    scorer = Table(scorer_browser, live_app["base"])
    scorer.sign_in("asha", PASSWORD)
    try:
        persian_board(live_app, scorer)
        assert scorer_browser.execute_script("return [document.documentElement.lang, document.documentElement.dir]") \
            == ["fa", "rtl"]
        chart = scorer_browser.execute_script(BOXES, "#chart svg")
        assert chart and [box for box in chart if outside(box)] == [], chart
        # The time axis: the window's last deal ("deal 5") on the right, under the plot's end.
        last = next(box for box in chart if "5" in box["text"] and box["y1"] > box["height"] - 12)
        assert last["x1"] > last["width"] - 20, last
        # The value axis: its numbers on the left, from 0.
        zero = next(box for box in chart if box["text"] == "0")
        assert zero["x0"] < 20, zero
        # The value axis's numbers and the deal label are this module's (a game's guide labels are its own).
        axis = [box["text"] for box in chart if not any(c.isalpha() for c in box["text"])] + [last["text"]]
        assert len(axis) == 4 and not any(char in PERSIAN_DIGITS for text in axis for char in text), axis
        # No label overlaps another (the guide at the foot of the plot and the deal label under it).
        assert [(a["text"], b["text"]) for i, a in enumerate(chart) for b in chart[i + 1:] if overlap(a, b)] == []

        # The share link is a URL: it reads left to right on any page.
        direction = "return getComputedStyle(document.querySelector('#share-url')).direction"
        assert scorer_browser.execute_script(direction) == "ltr"

        seating = scorer_browser.execute_script(BOXES, "#seating-box svg")
        names = [box for box in seating if box["text"].strip("\u2068\u2069") in {"Asha", "Bala", "Ravi", "Meena"}]
        assert len(names) == 4 and all(box["text"].startswith("\u2068") for box in names)  # each in its own direction
        assert [box for box in seating if outside(box)] == []
        scorer.screenshot(screenshots / "board-rtl-chart.png", scroll_to="#chart")
        scorer.screenshot(screenshots / "board-rtl-seating.png", scroll_to="#seating-box")
    finally:
        scorer_browser.delete_cookie("django_language")
