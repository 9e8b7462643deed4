"""Offline-first at the table (issue 17, point 8): the network goes mid-match (Chrome DevTools network emulation, for
the page and for its service worker, a target of its own: issue 27, tests/e2e/table.py ``Table.set_offline``),
the page says so at once, two deals are recorded offline with the dealers the rules require proposed (Bid Euchre:
the deal passes to the left whatever happened) or not proposed at all (Seep: it depends on the result), the page
reloads offline from the service worker, and when the network is back the deals are stored once each, in order."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from selenium.webdriver.common.by import By

from tests.e2e.steps import api_deals, go_offline
from tests.e2e.table import Table, wait_until
from tests.support.browser import PASSWORD, new_browser

pytestmark = pytest.mark.e2e

NAMES = ["Asha", "Bala", "Ravi", "Meena"]
QUEUED = "Saved on this phone: it is sent when the network is back."
EUCHRE_DEAL = [
    '#auction-controls [data-call="bid-3"]',
    '#auction-controls [data-call="rest-pass"]',
    '[data-name="trump"] button[data-value="hearts"]',
    '[data-chip="2"]',
]


@pytest.fixture(scope="module")
def phone(live_app: dict[str, Any]) -> Iterator[Table]:
    driver = new_browser()  # its own profile: the service worker and its caches start empty
    table = Table(driver, live_app["base"])
    table.sign_in("asha", PASSWORD)
    yield table
    driver.quit()


def controlled_by_the_service_worker(table: Table) -> None:
    """The first visit installs the worker; a reload under its control keeps the page for offline use."""
    wait_until(
        lambda: table.driver.execute_script("return !!navigator.serviceWorker.controller;") or table.driver.refresh(),
        "the service worker to control the page",
        seconds=20,
    )
    table.driver.refresh()
    table.find("#headline")


def enter(table: Table, taps: list[str]) -> None:
    for css in taps:
        table.tap(css)


def test_bid_euchre_deals_entered_offline_are_stored_once_each_in_order_with_the_rules_dealers(
    phone: Table, live_app: dict[str, Any]
) -> None:
    match_id = phone.start_match("bid_euchre", NAMES)
    enter(phone, EUCHRE_DEAL)
    phone.tap("#save-deal")
    wait_until(lambda: phone.text("#toast") == "Deal 1 saved.", "deal 1 saved")
    controlled_by_the_service_worker(phone)
    assert phone.chosen("dealer") == "S2"

    try:
        seconds = go_offline(phone)
        print(f"offline shown {seconds:.2f} s after the network went")
        for number, dealer in ((2, "S2"), (3, "S3")):
            assert phone.chosen("dealer") == dealer  # proposed: the deal passes to the left, whatever happened
            assert phone.text("#form-title") == f"Record deal {number}"
            enter(phone, EUCHRE_DEAL)
            phone.tap("#save-deal")
            wait_until(lambda: phone.text("#toast") == QUEUED, f"deal {number} kept on the phone")
        assert [
            row.text.split(" deal dealt by ")[0]
            for row in phone.driver.find_elements(By.CSS_SELECTOR, "#outbox > .queued")
        ] == ["pending", "pending"]
        assert phone.text("#next-dealer") == "Next dealer: Meena (after the 2 deals waiting to be sent)"

        phone.driver.refresh()  # offline: the page opens from the service worker, the outbox from the phone
        phone.find("#headline")
        assert phone.deal_count() == 1
        assert len(phone.driver.find_elements(By.CSS_SELECTOR, "#outbox > .queued")) == 2
        assert phone.chosen("dealer") == "S4"
        wait_until(lambda: phone.text("#net").startswith("Offline"), "offline after the reload", seconds=4)
        assert [deal["number"] for deal in api_deals(live_app, match_id)] == [1]  # nothing reached the server
    finally:
        phone.set_offline(False)

    wait_until(lambda: phone.deal_count() == 3, "the two waiting deals on the board", seconds=20)
    wait_until(
        lambda: (
            not phone.find("#outbox").is_displayed()
            if phone.driver.find_elements(By.CSS_SELECTOR, "#outbox:not([hidden])")
            else True
        ),
        "the outbox emptied",
    )
    stored = api_deals(live_app, match_id)
    assert [(deal["number"], deal["input"]["dealer"]) for deal in stored] == [(1, "S1"), (2, "S2"), (3, "S3")]
    assert len({deal["client_deal_id"] for deal in stored}) == 3
    assert phone.chosen("dealer") == "S4"


def test_seep_offline_proposes_no_dealer_that_depends_on_a_waiting_deal(phone: Table, live_app: dict[str, Any]) -> None:
    match_id = phone.start_match("seep", NAMES)
    controlled_by_the_service_worker(phone)
    # Installable: Chromium finds nothing missing (the manifest, its icons, a worker that answers offline).
    assert phone.driver.execute_cdp_cmd("Page.getInstallabilityErrors", {})["installabilityErrors"] == []
    try:
        go_offline(phone)
        assert phone.chosen("dealer") == "S1"  # the first deal: any seat may deal it
        phone.tap('[data-name="bid"] button[data-value="10"]')
        phone.type("input[name=card_points_A]", 62)
        phone.tap("#save-deal")
        wait_until(lambda: phone.text("#toast") == QUEUED, "the deal kept on the phone")
        # Who deals next depends on who is ahead after it, which only the server works out: nothing proposed.
        assert phone.driver.find_elements(By.CSS_SELECTOR, '[data-name="dealer"] button[aria-pressed="true"]') == []
        assert phone.text("#next-dealer") == "Next dealer: known once the 1 deal waiting to be sent is scored"
        assert phone.text("#dealer-ask") == "Pick the dealer: who deals next depends on the deals waiting to be sent."
    finally:
        phone.set_offline(False)
    wait_until(lambda: phone.deal_count() == 1, "the deal on the board", seconds=20)
    assert [(deal["number"], deal["input"]["dealer"]) for deal in api_deals(live_app, match_id)] == [(1, "S1")]
    assert phone.chosen("dealer") == "S2"  # the server's own answer: team A ahead, the deal passes right


def test_a_queued_deal_the_server_refuses_is_shown_for_fixing_and_the_next_waits(
    phone: Table, live_app: dict[str, Any]
) -> None:
    match_id = phone.start_match("seep", NAMES)
    controlled_by_the_service_worker(phone)
    try:
        go_offline(phone)
        phone.tap('[data-name="bid"] button[data-value="9"]')
        phone.type("input[name=card_points_A]", 120)  # more than the pack holds: the server will refuse it
        phone.tap("#save-deal")
        wait_until(lambda: phone.text("#toast") == QUEUED, "deal 1 kept on the phone")
        phone.tap('[data-name="dealer"] button[data-value="S2"]')  # the scorer's pick (nothing was proposed)
        phone.tap('[data-name="bid"] button[data-value="10"]')
        phone.type("input[name=card_points_A]", 62)
        phone.tap("#save-deal")
        wait_until(lambda: len(phone.driver.find_elements(By.CSS_SELECTOR, "#outbox > .queued")) == 2, "two waiting")
    finally:
        phone.set_offline(False)

    wait_until(lambda: phone.text("#form-title") == "Fix the refused deal", "the refused deal back in the form")
    assert phone.value("input[name=card_points_A]") == "120"
    assert phone.driver.find_elements(By.CSS_SELECTOR, "#deal-form .err")
    states = [
        row.text.split(" deal dealt by ")[0] for row in phone.driver.find_elements(By.CSS_SELECTOR, "#outbox > .queued")
    ]
    assert states[0].startswith("refused") and states[1] == "held back"
    assert api_deals(live_app, match_id) == []  # the deal after it waits: nothing stored out of order

    phone.type("input[name=card_points_A]", 62)
    phone.tap("#save-deal")
    wait_until(lambda: phone.deal_count() == 2, "both deals on the board", seconds=20)
    assert [
        (deal["number"], deal["input"]["dealer"], deal["input"]["card_points"]["A"])
        for deal in api_deals(live_app, match_id)
    ] == [(1, "S1", 62), (2, "S2", 62)]
