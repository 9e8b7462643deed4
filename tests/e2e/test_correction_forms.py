"""Correcting an earlier deal on the phone page builds the form for the state that deal was played in (the deal's
``state_before``), not for the match as it is now: 56 seats and pack from before a team was knocked out, the
Contract Rummy contract of that deal. The deals are recorded through the API; the correction through the page."""

from __future__ import annotations

from typing import Any

import pytest
from selenium.webdriver.common.by import By

from tests.e2e.steps import record
from tests.e2e.table import Table, wait_until
from tests.support.browser import PASSWORD, api_session

pytestmark = pytest.mark.e2e

SIX = ["S1", "S2", "S3", "S4", "S5", "S6"]


@pytest.fixture(scope="module")
def scorer(scorer_browser: Any, live_app: dict[str, Any]) -> Table:
    table = Table(scorer_browser, live_app["base"])
    table.sign_in("asha", PASSWORD)
    return table


def passes(*seats: str) -> list[dict[str, str]]:
    return [{"seat": seat, "call": "pass"} for seat in seats]


def dealer_choices(table: Table) -> list[str]:
    buttons = table.driver.find_elements(By.CSS_SELECTOR, '#deal-fields [data-name="dealer"] button')
    return [b.get_attribute("data-value") for b in buttons]


def trick_rows(table: Table) -> int:
    return len(table.driver.find_elements(By.CSS_SELECTOR, "#deal-fields .tricks-list .trick"))


def test_correcting_a_56_deal_from_before_a_knockout_shows_that_deals_seats_and_pack(
    scorer: Table, live_app: dict[str, Any]
) -> None:
    api = api_session(live_app, "asha")
    # Six players, four tables a team: T2 (S2, S5) bids 32 and takes no card points, and is out; four play on.
    knockout = {
        "dealer": "S1",
        "auction": [
            {"seat": "S2", "call": "bid", "points": 32, "trump": "hearts"},
            *passes("S3", "S4", "S5", "S6", "S1"),
        ],
        "bidding_team_card_points": 0,
    }
    second = {
        "dealer": "S3",
        "auction": [{"seat": "S4", "call": "bid", "points": 30, "trump": "hearts"}, *passes("S6", "S1", "S3")],
        "bidding_team_card_points": 30,
    }
    match_id = record(api, live_app, "fifty_six", 6, settings={"starting_tables": 4}, deals=[knockout, second])
    scorer.open(f"/table/matches/{match_id}/")
    wait_until(lambda: scorer.deal_count() == 2, "both deals on the board")
    # A new deal: the four seats still in, twelve cards each.
    assert dealer_choices(scorer) == ["S1", "S3", "S4", "S6"]
    assert trick_rows(scorer) == 12

    scorer.correct(1, "Team B had 4 card points")
    # Deal 1 was dealt to six: six dealers, eight tricks of six cards from the 48-card pack (nines up).
    assert dealer_choices(scorer) == SIX
    assert scorer.chosen("dealer") == "S1"
    assert trick_rows(scorer) == 8
    seats = scorer.driver.find_elements(By.CSS_SELECTOR, "#trick-1 .trick-card")
    assert [s.get_attribute("data-seat") for s in seats] == SIX
    options = scorer.driver.find_elements(By.CSS_SELECTOR, "select[name=trick-1-S5] option")
    assert len(options) == 1 + 24
    # The auction reads as it was called among six, and is closed: S2's 32 hearts stands.
    assert "Contract: 32 hearts by Player 2" in scorer.text("#deal-fields")
    scorer.type("input[name=bidding_team_card_points]", 4)
    scorer.save_correction(1)

    deal = api.get(f"{live_app['base']}/api/v1/matches/{match_id}/deals/1/").json()
    assert deal["status"] == "corrected"
    assert deal["input"]["dealer"] == "S1"
    assert deal["input"]["auction"] == knockout["auction"]
    assert deal["input"]["bidding_team_card_points"] == 4
    assert deal["state_before"]["active_seats"] == SIX
    # The form is back to a new deal for the match as it is now.
    wait_until(lambda: dealer_choices(scorer) == ["S1", "S3", "S4", "S6"], "the new-deal form")


def test_correcting_a_contract_rummy_deal_offers_the_melds_of_that_deals_contract(
    scorer: Table, live_app: dict[str, Any]
) -> None:
    api = api_session(live_app, "asha")
    deals = [
        {"dealer": dealer, "went_out": "S2", "penalty_points": {"S1": 15, "S2": 0, "S3": 40, "S4": 5}}
        for dealer in ("S1", "S2")
    ]
    match_id = record(api, live_app, "contract_rummy", 4, settings={}, deals=deals)
    first = api.get(f"{live_app['base']}/api/v1/matches/{match_id}/deals/1/").json()["state_before"]["next_deal"]
    now = api.get(f"{live_app['base']}/api/v1/matches/{match_id}/").json()["state"]["next_deal"]
    assert (first["number"], now["number"]) == (1, 3)
    assert first["contract"] != now["contract"]
    scorer.open(f"/table/matches/{match_id}/")
    wait_until(lambda: scorer.deal_count() == 2, "both deals on the board")
    assert scorer.text("#contract-info").startswith("Contract 3: ")

    scorer.correct(1, "S4 had 10")
    assert scorer.text("#contract-info").startswith("Contract 1: ")
    assert f"({first['cards_dealt']} cards)" in scorer.text("#contract-info")
    melds = scorer.driver.find_elements(By.CSS_SELECTOR, "#deal-fields input[name^=meld_]")
    assert len(melds) == first["contract"].get("sets", 0) + first["contract"].get("runs", 0)
    scorer.type("input[name=penalty_S4]", 10)
    scorer.save_correction(1)
    deal = api.get(f"{live_app['base']}/api/v1/matches/{match_id}/deals/1/").json()
    assert deal["input"]["penalty_points"] == {"S1": 15, "S2": 0, "S3": 40, "S4": 10}
