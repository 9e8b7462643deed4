"""A long match's pages show the board's window of latest deals and fetch the earlier ones when asked (issue 15,
data 12): 103 deals recorded through the API, 100 shown, a button for the 3 before them, which can then be
corrected like any other."""

from __future__ import annotations

from typing import Any

import pytest
from selenium.webdriver.common.by import By

from tests.e2e.table import Table, wait_until
from tests.support.browser import PASSWORD, api_session
from tests.support.corrections import alternating_deals

pytestmark = pytest.mark.e2e

DEALS = 103  # the default window is 100


@pytest.fixture(scope="module")
def scorer(scorer_browser: Any, live_app: dict[str, Any]) -> Table:
    table = Table(scorer_browser, live_app["base"])
    table.sign_in("asha", PASSWORD)
    return table


def long_match(live_app: dict[str, Any]) -> int:
    api, base = api_session(live_app, "asha"), live_app["base"]
    match = api.post(
        f"{base}/api/v1/matches/", json={"game": "seep", "players": [{"name": f"Player {k}"} for k in range(1, 5)]}
    ).json()
    for deal in alternating_deals(DEALS):
        assert api.post(f"{base}/api/v1/matches/{match['id']}/deals/", json=deal).status_code == 201
    return int(match["id"])


def chart_labels(table: Table) -> list[str]:
    return [el.text for el in table.driver.find_elements(By.CSS_SELECTOR, "#chart svg text") if "deal" in el.text]


@pytest.mark.parametrize("page", ["board/", ""])
def test_a_long_match_shows_the_latest_deals_and_the_earlier_ones_on_request(
    scorer: Table, live_app: dict[str, Any], page: str
) -> None:
    match_id = long_match(live_app)
    scorer.open(f"/table/matches/{match_id}/{page}")
    wait_until(lambda: scorer.deal_count() == 100, "the latest 100 deals")
    assert scorer.text('#deals [data-action="earlier"]') == "Show earlier deals (3 more)"
    assert scorer.driver.find_elements(By.CSS_SELECTOR, "#deal-3") == []
    assert chart_labels(scorer) == ["deal 3", "deal 103"]
    scorer.tap('#deals [data-action="earlier"]')
    wait_until(lambda: scorer.deal_count() == DEALS, "every deal")
    assert scorer.driver.find_elements(By.CSS_SELECTOR, '#deals [data-action="earlier"]') == []
    assert chart_labels(scorer) == ["deal 103"]
    if page == "":  # the scorer's page: an earlier deal is corrected like any other
        assert scorer.driver.find_elements(By.CSS_SELECTOR, '#deal-1 [data-action="correct"]')
