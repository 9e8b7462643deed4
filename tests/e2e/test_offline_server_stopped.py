"""Offline with the server really stopped (issue 27): the server's process ends, so nothing answers on its port and
neither the page nor its service worker reaches it (browser offline emulation alone does not stop the worker's own
requests). For every registered game: two deals queued, a reload (the page from the service worker, the outbox from
the phone), the next deal's dealer and contract shown only where the board's offline forecast knows them, and once
the server is back the deals are stored once each, in order, with nothing refused, lost or doubled (the database's
rows)."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from typing import Any

import pytest
from selenium.webdriver.common.by import By

from games.rules.registry import game_keys
from tests.e2e.steps import enter_plain_deal, registered_games
from tests.e2e.table import Table, wait_until
from tests.support.browser import PASSWORD, api_session, new_browser

# The module's own server (tests/e2e/conftest.py StoppableApp): stop(), start(), base, database.
StoppableApp = Any

pytestmark = pytest.mark.e2e

NAMES = ["Asha", "Bala", "Ravi", "Meena"]
QUEUED = "Saved on this phone: it is sent when the network is back."
# The dealer the scorer picks where the forecast does not know it (any active seat may deal by default).
PICKED_DEALER = "S2"


@pytest.fixture(scope="module")
def phone(stoppable_app: StoppableApp) -> Iterator[Table]:
    driver = new_browser()  # its own profile: the service worker and its caches start empty
    table = Table(driver, stoppable_app.base)
    table.sign_in("asha", PASSWORD)
    yield table
    driver.quit()


def stored_rows(app: StoppableApp, match_id: int) -> list[tuple[int, str, str, str]]:
    """The match's deal rows as the database holds them: number, status, client_deal_id, dealer."""
    with sqlite3.connect(app.database) as db:
        rows = db.execute(
            "SELECT number, status, client_deal_id, json_extract(input, '$.dealer') FROM games_deal "
            "WHERE match_id = ? ORDER BY number",
            (match_id,),
        ).fetchall()
    return [(int(number), str(status), str(client_id), str(dealer)) for number, status, client_id, dealer in rows]


def under_the_worker(table: Table) -> None:
    """The first visit installs the worker; a reload under its control keeps the page (and its board) for offline."""
    wait_until(
        lambda: table.driver.execute_script("return !!navigator.serviceWorker.controller;") or table.driver.refresh(),
        "the service worker to control the page",
        seconds=30,
    )
    table.driver.refresh()
    table.find("#deal-fields button")


def chosen_dealer(table: Table) -> str | None:
    pressed = table.driver.find_elements(By.CSS_SELECTOR, '[data-name="dealer"] button[aria-pressed="true"]')
    return pressed[0].get_attribute("data-value") if pressed else None


def queued(table: Table) -> int:
    return len(table.driver.find_elements(By.CSS_SELECTOR, "#outbox > .queued"))


def contract_line(forecast_deal: dict[str, Any] | None) -> str:
    """How the form begins the contract the forecast names ("Contract 2:"), or none."""
    return f"Contract {forecast_deal['number']}:" if forecast_deal else ""


def check_next_deal(table: Table, forecast: dict[str, Any], dealers: list[str], waiting: int) -> str:
    """The next deal's form proposes the dealer and the contract only where the forecast knows them; answers the
    dealer to enter (the proposed one, or the scorer's pick)."""
    fields = table.text("#deal-fields")
    known = (forecast["dealer_after"] or {}).get(dealers[-1])
    if known:
        assert chosen_dealer(table) == known
        assert not table.driver.find_elements(By.ID, "dealer-ask")
    else:
        assert chosen_dealer(table) is None  # asked, never guessed
        assert table.find("#dealer-ask").is_displayed()
        assert "null" not in fields
    if forecast["next_deals"] is not None:
        assert contract_line(forecast["next_deals"][waiting - 1]) in fields
    else:
        assert "Contract" not in fields  # no contract proposed for a deal whose contract is the auction's
    return known or PICKED_DEALER


@pytest.mark.parametrize("game", game_keys())
def test_deals_queued_with_the_server_stopped_are_stored_once_each_after_it_is_back(
    phone: Table, stoppable_app: StoppableApp, game: str
) -> None:
    api = api_session(stoppable_app.as_live_app(), "asha")
    assert registered_games(api, stoppable_app.base) == list(game_keys())  # the server's registry, not the test's
    match_id = phone.start_match(game, NAMES)
    under_the_worker(phone)
    forecast = api.get(f"{stoppable_app.base}/api/v1/matches/{match_id}/board/").json()["offline"]
    first_dealer = chosen_dealer(phone)
    assert first_dealer  # online, the first deal's dealer is proposed
    dealers = [first_dealer]
    stoppable_app.stop()
    try:
        enter_plain_deal(phone, game)
        phone.save()
        wait_until(lambda: phone.text("#toast") == QUEUED, "deal 1 kept on the phone", seconds=20)
        dealer = check_next_deal(phone, forecast, dealers, waiting=1)
        if chosen_dealer(phone) != dealer:
            phone.pick("dealer", dealer)
        dealers.append(dealer)
        enter_plain_deal(phone, game)
        phone.save()
        wait_until(lambda: queued(phone) == 2, "deal 2 kept on the phone", seconds=20)

        phone.driver.refresh()  # the page from the service worker, the two deals from the phone's outbox
        phone.find("#deal-fields button")
        assert phone.deal_count() == 0
        assert queued(phone) == 2
        assert [
            row.text.split(" deal dealt by ")[0]
            for row in phone.driver.find_elements(By.CSS_SELECTOR, "#outbox > .queued")
        ] == ["pending", "pending"]
        wait_until(lambda: phone.text("#net").startswith("Offline"), "offline after the reload", seconds=10)
        check_next_deal(phone, forecast, dealers, waiting=2)
        assert stored_rows(stoppable_app, match_id) == []  # nothing reached the server
    finally:
        stoppable_app.start()

    wait_until(lambda: phone.deal_count() == 2, "the two waiting deals on the board", seconds=40)
    wait_until(lambda: queued(phone) == 0, "the outbox emptied", seconds=20)
    rows = stored_rows(stoppable_app, match_id)
    assert [(number, status, dealer) for number, status, _, dealer in rows] == [
        (1, "recorded", dealers[0]),
        (2, "recorded", dealers[1]),
    ]
    assert len({client_id for _, _, client_id, _ in rows}) == 2  # one row per queued deal: none doubled
    assert not phone.driver.find_elements(By.CSS_SELECTOR, "#outbox .refused")  # nothing refused
