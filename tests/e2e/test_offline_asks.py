"""Offline, the deal forms never guess (issue 27, point 2): where the server's offline forecast does not know who
deals next (Seep, 56: it depends on the waiting deals' results), the form asks for the dealer first and shows nothing
that follows from one; a deal is never kept without a dealer; a dealer picked offline that the rules did not expect
is said when the deal is stored; an offline correction's preview says it needs the network."""

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
ASK = "Pick the dealer: who deals next depends on the deals waiting to be sent."
TRICKS_OFFLINE = (
    "Offline, who leads each trick is not known here: the service works it out. Enter the totals above instead, or "
    "the tricks once the network is back."
)


@pytest.fixture(scope="module")
def phone(live_app: dict[str, Any]) -> Iterator[Table]:
    driver = new_browser()
    table = Table(driver, live_app["base"])
    table.sign_in("asha", PASSWORD)
    yield table
    driver.quit()


def shown(table: Table, css: str) -> bool:
    return any(el.is_displayed() for el in table.driver.find_elements(By.CSS_SELECTOR, css))


def queued(table: Table) -> int:
    return len(table.driver.find_elements(By.CSS_SELECTOR, "#outbox > .queued"))


def test_fifty_six_offline_asks_for_the_dealer_and_keeps_no_deal_without_one(
    phone: Table, live_app: dict[str, Any]
) -> None:
    match_id = phone.start_match("fifty_six", NAMES)
    try:
        go_offline(phone)
        phone.tap('[data-chip="30"]')
        phone.tap('[data-name="bid_trump"] button[data-value="spades"]')
        phone.call("bid")
        phone.call("rest-pass")
        phone.type("input[name=bidding_team_card_points]", 32)
        phone.save()
        wait_until(lambda: phone.text("#toast") == QUEUED, "deal 1 kept on the phone")
        # Who deals next depends on deal 1's result: asked, with no auction (who calls first) and no team shown.
        assert phone.text("#dealer-ask") == ASK
        assert "null" not in phone.text("#deal-fields")
        assert not shown(phone, "#auction-controls") and not shown(phone, "[data-field=bidding_team_card_points]")
        seating = phone.driver.find_element(By.CSS_SELECTOR, "#seating-box svg").get_attribute("aria-label")
        assert "deals" not in seating and "bids" not in seating
        phone.save()  # no dealer: refused on the phone, nothing kept
        assert phone.refusal("dealer") == ASK
        assert queued(phone) == 1
        phone.pick("dealer", "S2")
        wait_until(lambda: shown(phone, "#auction-controls"), "the auction once the dealer is picked")
        assert not shown(phone, "#dealer-ask")
        assert "Bala (B): deals" in phone.driver.find_element(By.CSS_SELECTOR, "#seating-box svg").get_attribute(
            "aria-label"
        )
    finally:
        phone.set_offline(False)
    wait_until(lambda: phone.deal_count() == 1, "deal 1 on the board", seconds=20)
    assert [deal["input"]["dealer"] for deal in api_deals(live_app, match_id)] == ["S1"]


def test_seep_offline_hides_what_the_mode_hides_and_says_an_unexpected_dealer(
    phone: Table, live_app: dict[str, Any]
) -> None:
    match_id = phone.start_match("seep", NAMES)
    try:
        go_offline(phone)
        phone.pick("bid", 10)
        phone.type("input[name=card_points_A]", 62)
        phone.save()
        wait_until(lambda: phone.text("#toast") == QUEUED, "deal 1 kept on the phone")
        assert phone.text("#dealer-ask") == ASK
        # The card-majority row and the play-by-play panel stay hidden as online (they were shown after a save).
        phone.pick("dealer", "S3")  # not who the rules will name (Bala: team A ahead, the deal passes right)
        assert not shown(phone, "[data-field=card_majority]") and not shown(phone, "#card-grid")
        assert shown(phone, "input[name=card_points_A]")
        phone.pick("bid", 10)
        phone.type("input[name=card_points_A]", 62)
        phone.save()
        wait_until(lambda: queued(phone) == 2, "deal 2 kept on the phone")
    finally:
        phone.set_offline(False)
    wait_until(lambda: phone.deal_count() == 2, "both deals on the board", seconds=20)
    assert [deal["input"]["dealer"] for deal in api_deals(live_app, match_id)] == ["S1", "S3"]
    wait_until(
        lambda: (
            phone.text("#toast")
            == "Deal 2 is kept as dealt by Ravi, but the rules had Bala deal it: correct it if that was a slip."
        ),
        "the unexpected dealer said",
    )
    assert phone.find("#undo-deal").text == "Undo deal 2"


def test_an_offline_correction_preview_says_it_needs_the_network(phone: Table) -> None:
    phone.start_match("seep", NAMES)
    phone.pick("bid", 10)
    phone.type("input[name=card_points_A]", 62)
    phone.save_and_wait()
    try:
        go_offline(phone)
        phone.correct(1, "typo")
        phone.type("input[name=card_points_A]", 60)
        wait_until(
            lambda: (
                phone.text("#preview") == "You are offline: a correction needs the network. Try again when it is back."
            ),
            "the offline correction preview",
        )
    finally:
        phone.set_offline(False)


PLAYS_OFFLINE = (
    "Play by play needs the network: the service works out the floor and the moves that fit each card. Offline, "
    "enter the card points and sweeps instead. Card points"
)


def test_seep_play_by_play_offline_uses_the_moves_fetched_then_says_it_needs_the_network(
    phone: Table, live_app: dict[str, Any]
) -> None:
    """A tap uses the moves the service gave before the network went; after it the page works out nothing itself:
    it says in a whole sentence that play by play needs the network, and one tap turns to the card points."""
    phone.start_match("seep", NAMES)
    try:
        phone.pick("dealer", "S1")
        phone.pick("bid", 11)
        phone.tap("#to-plays")
        for card in ["AH", "3H", "KS", "7S", "JH", "5H", "6D", "3D"]:
            phone.tap(f'#card-grid [data-card="{card}"]')
        wait_until(lambda: not phone.driver.find_elements(By.CSS_SELECTOR, '#card-grid[aria-busy="true"]'), "moves")
        assert not shown(phone, "#plays-offline")
        go_offline(phone)
        phone.tap('#card-grid [data-card="3D"]')
        wait_until(lambda: phone.driver.find_elements(By.CSS_SELECTOR, "#plays-entered li"), "play 1 recorded")
        assert phone.find("#last-play .played").get_attribute("data-move") == "build-11-AH-7S"
        wait_until(lambda: shown(phone, "#plays-offline"), "the sentence")
        assert phone.text("#plays-offline") == PLAYS_OFFLINE
        assert phone.driver.find_elements(By.CSS_SELECTOR, "#card-grid button:not([disabled])") == []
        phone.tap("#plays-to-points")
        wait_until(lambda: shown(phone, "input[name=card_points_A]"), "the card points")
    finally:
        phone.set_offline(False)


def at_the_56_tricks(phone: Table) -> None:
    """A new 56 match whose first deal's auction is closed (S2 bids 28 in hearts, the rest pass), its tricks open."""
    phone.start_match("fifty_six", NAMES)
    phone.tap('[data-chip="28"]')
    phone.tap('[data-name="bid_trump"] button[data-value="hearts"]')
    phone.call("bid")
    phone.call("rest-pass")
    phone.tap('[data-field="tricks"] > summary')


def test_the_56_tricks_are_not_taken_offline_in_a_guessed_order(phone: Table, live_app: dict[str, Any]) -> None:
    """Who leads each trick, who won it and the card points so far are the service's: offline the trick entry is
    held with a whole sentence pointing to the totals (a card taken in table order would be refused once sent), no
    winner or tally is shown; back online the cards are taken again."""
    at_the_56_tricks(phone)
    try:
        phone.says("#trick-1 .trick-head .hint", "S2 leads")  # the service's answer, online
        go_offline(phone)
        phone.enter_tricks([[("S2", "JH"), ("S3", "9H"), ("S4", "JH"), ("S1", "AH")]])  # its leader was named
        wait_until(lambda: shown(phone, "#tricks-offline"), "the sentence")
        assert phone.text("#tricks-offline") == TRICKS_OFFLINE
        assert phone.driver.find_elements(By.CSS_SELECTOR, "#trick-1 .trick-card select[disabled]") == []
        assert phone.driver.find_elements(By.CSS_SELECTOR, "#trick-2 .trick-card select:not([disabled])") == []
        phone.says("#tricks-tally", "")
        assert phone.driver.find_elements(By.CSS_SELECTOR, ".trick-card.won") == []
    finally:
        phone.set_offline(False)
    wait_until(lambda: not shown(phone, "#tricks-offline"), "the entry back")
    assert phone.driver.find_elements(By.CSS_SELECTOR, "#trick-2 .trick-card select[disabled]") == []


def test_a_trick_corrected_offline_leaves_the_leaders_after_it_unknown(phone: Table, live_app: dict[str, Any]) -> None:
    """Trick 2's leader is trick 1's winner: a card of trick 1 corrected offline unsets it (the service is not there
    to say the new one), so trick 2 is held, not taken in the order of a winner that no longer won; back online the
    service names the new leader."""
    at_the_56_tricks(phone)
    try:
        phone.enter_tricks([[("S2", "JH"), ("S3", "9H"), ("S4", "JH"), ("S1", "AH")]])
        phone.says("#trick-2 .trick-head .hint", "S2 leads")  # the first jack of hearts won
        go_offline(phone)
        phone.choose("select[name=trick-1-S2]", "10H")  # now S4's jack wins: S4 leads trick 2
        wait_until(lambda: shown(phone, "#tricks-offline"), "the sentence")
        phone.says("#trick-2 .trick-head .hint", "")
        assert phone.driver.find_elements(By.CSS_SELECTOR, "#trick-2 .trick-card select:not([disabled])") == []
        assert phone.driver.find_elements(By.CSS_SELECTOR, "#trick-1 .trick-card select[disabled]") == []
    finally:
        phone.set_offline(False)
    phone.says("#trick-2 .trick-head .hint", "S4 leads")
    assert phone.driver.find_elements(By.CSS_SELECTOR, "#trick-2 .trick-card select[disabled]") == []
