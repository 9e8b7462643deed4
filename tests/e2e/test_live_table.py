"""A short match of each game played through the phone page in headless Chromium.

Each game: start the match from the page, record deals with taps, see a refused deal's message next to its field,
correct a deal, and watch a second browser (a spectator with the share link) follow the score live. Then a deal
saved while the network is cut arrives exactly once when it is back, and an opponent disputes a deal from their
own phone. Screenshots of the score entry and the scoreboard at 390x844 go to var/screenshots/ (docs/screenshots/
with SCREENSHOT_DIR=docs/screenshots, as `make screenshots` does).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.e2e.table import Table, wait_until
from tests.support.browser import PASSWORD, api_session

pytestmark = pytest.mark.e2e

DASH = "\u2013"  # the scoreboard writes "4 (en dash) 2"
SEEP_NAMES = ["Asha", "Bala", "Ravi", "Meena"]


@pytest.fixture(scope="module")
def scorer(scorer_browser: Any, live_app: dict[str, Any]) -> Table:
    table = Table(scorer_browser, live_app["base"])
    table.sign_in("asha", PASSWORD)
    return table


@pytest.fixture(scope="module")
def spectator(spectator_browser: Any, live_app: dict[str, Any]) -> Table:
    return Table(spectator_browser, live_app["base"])


def watch(spectator: Table, scorer: Table, match_id: int, live_app: dict[str, Any]) -> None:
    """Open the spectators' page from the match's share link; with Redis it listens to server-sent events."""
    link = scorer.share_link(match_id)
    spectator.driver.get(link)
    spectator.find("#headline")
    if live_app["redis"]:
        wait_until(lambda: spectator.find("#board").get_attribute("data-live") == "events", "the event stream")
    scorer.open(f"/table/matches/{match_id}/")
    scorer.find("#deal-fields [data-name=dealer]")


def test_seep_through_the_page(scorer: Table, spectator: Table, live_app: dict[str, Any], screenshots: Path) -> None:
    match_id = scorer.start_match("seep", SEEP_NAMES)
    assert scorer.chosen("dealer") == "S1"
    scorer.pick("bid", 11)
    scorer.type("input[name=bidder_hand]", "JH 4C KS 2C")
    scorer.type("input[name=card_points_A]", 62)
    assert scorer.find("input[name=card_points_B]").get_attribute("value") == "38"
    scorer.save_and_wait()
    assert scorer.headline() == "Asha & Ravi lead by 24"
    assert scorer.chosen("dealer") == "S2"  # the leading dealer's turn passed to the right

    # A refused deal: the message sits next to the bid it names, and nothing is recorded.
    scorer.pick("bid", 12)
    scorer.type("input[name=bidder_hand]", "2H 5C 9D KS")
    scorer.type("input[name=card_points_A]", 50)
    scorer.save()
    assert scorer.refusal("bid.value") == (
        "A bid of 12 needs a queen among the bidder's four cards; this hand allows a bid of 9 or 13."
    )
    assert scorer.deal_count() == 1
    # Refused online, nothing is queued: no outbox, no "Sending" badge, and the form keeps what was typed.
    assert scorer.driver.find_element("id", "outbox").get_attribute("hidden") is not None
    assert scorer.driver.find_element("id", "net").get_attribute("hidden") is not None
    assert scorer.value("input[name=card_points_A]") == "50"
    assert scorer.chosen("bid") == "12"

    watch(spectator, scorer, match_id, live_app)
    scorer.pick("bid", 13)
    scorer.type("input[name=bidder_hand]", "2H 5C 9D KS")
    scorer.type("input[name=card_points_A]", 38)
    scorer.save_and_wait()
    assert scorer.headline() == "Level"
    wait_until(lambda: spectator.headline() == "Level", "the spectator's board to show the second deal")

    scorer.correct(1, "Team B's ten of diamonds was missed")
    scorer.type("input[name=card_points_A]", 56)
    scorer.save_correction(1)
    assert scorer.headline() == "Bala & Meena lead by 12"
    wait_until(lambda: spectator.headline() == "Bala & Meena lead by 12", "the spectator to see the correction")
    scorer.screenshot(screenshots / "seep-entry.png")  # the entry page fits on one screen
    spectator.screenshot(screenshots / "seep-board.png")


def test_fifty_six_through_the_page(
    scorer: Table, spectator: Table, live_app: dict[str, Any], screenshots: Path
) -> None:
    match_id = scorer.start_match("fifty_six", SEEP_NAMES)
    watch(spectator, scorer, match_id, live_app)
    # Only the legal calls are offered: nobody can double before a bid.
    assert scorer.driver.find_elements("css selector", '#auction-controls [data-call="double"]') == []
    scorer.type("input[name=bid_points]", 32)
    scorer.pick("bid_trump", "hearts")
    scorer.call("bid")
    scorer.call("double")  # S3 doubles S2's 32 hearts
    scorer.call("pass")
    scorer.call("pass")
    scorer.call("pass")
    assert scorer.text("#turn-info") == "Contract: 32 hearts by Bala (team B) doubled"
    scorer.type("input[name=bidding_team_card_points]", 60)
    scorer.save()
    assert scorer.refusal("bidding_team_card_points") == "Card points are whole numbers from 0 to 56; 60 is not one."
    scorer.type("input[name=bidding_team_card_points]", 35)
    scorer.save_and_wait()
    assert scorer.headline() == "A 10 · B 14"
    wait_until(lambda: "14" in spectator.text("#scores"), "the spectator's tables")

    assert scorer.chosen("dealer") == "S2"
    scorer.call("pass")
    scorer.type("input[name=bid_points]", 40)
    scorer.pick("bid_trump", "spades")
    scorer.call("bid")  # S4
    scorer.call("pass")
    scorer.call("pass")
    scorer.call("pass")
    scorer.type("input[name=bidding_team_card_points]", 30)
    scorer.save_and_wait()
    assert scorer.headline() == "A 13 · B 11"

    scorer.correct(2, "It was 40 made, not failed")
    scorer.type("input[name=bidding_team_card_points]", 41)
    scorer.save_correction(2)
    assert scorer.headline() == "A 8 · B 16"
    wait_until(lambda: "16" in spectator.text("#scores"), "the spectator to see the correction")
    scorer.screenshot(screenshots / "fifty_six-entry.png")  # the entry page fits on one screen
    spectator.screenshot(screenshots / "fifty_six-board.png")


def test_bid_euchre_through_the_page(
    scorer: Table, spectator: Table, live_app: dict[str, Any], screenshots: Path
) -> None:
    match_id = scorer.start_match("bid_euchre", SEEP_NAMES)
    watch(spectator, scorer, match_id, live_app)
    scorer.pick("dealer", "S4")
    scorer.call("bid-3")  # S1
    scorer.call("pass")
    scorer.call("pass")
    scorer.call("pass")
    scorer.pick("trump", "hearts")
    scorer.type("input[name=tricks_A]", 4)
    scorer.type("input[name=tricks_B]", 3)
    scorer.save()
    assert scorer.refusal("tricks_won") == (
        "Tricks add up to 7; in a 24-card deal the two teams take exactly 6 tricks between them."
    )
    scorer.type("input[name=tricks_B]", 2)
    scorer.save_and_wait()
    assert scorer.headline() == f"4 {DASH} 2"
    assert scorer.chosen("dealer") == "S1"
    wait_until(lambda: spectator.headline() == f"4 {DASH} 2", "the spectator's score")

    scorer.call("pass")  # S2
    scorer.call("partners_best")  # S3
    assert scorer.driver.find_elements("css selector", '#auction-controls [data-call="bid-5"]') == []
    scorer.call("pass")
    scorer.call("pass")
    scorer.pick("trump", "spades")
    scorer.type("input[name=tricks_A]", 6)
    scorer.tap('[data-field="reneges"] button[data-value="S2"]')
    scorer.save_and_wait()
    assert scorer.headline() == f"16 {DASH} 0"

    scorer.correct(1, "Team B took three tricks")
    scorer.type("input[name=tricks_A]", 3)
    scorer.save_correction(1)
    assert scorer.headline() == f"15 {DASH} 1"
    wait_until(lambda: spectator.headline() == f"15 {DASH} 1", "the spectator to see the correction")
    scorer.screenshot(screenshots / "bid_euchre-entry.png")  # the entry page fits on one screen
    spectator.screenshot(screenshots / "bid_euchre-board.png")


def test_contract_rummy_through_the_page(
    scorer: Table, spectator: Table, live_app: dict[str, Any], screenshots: Path
) -> None:
    match_id = scorer.start_match("contract_rummy", SEEP_NAMES)
    watch(spectator, scorer, match_id, live_app)
    assert scorer.text("#contract-info") == "Contract 1: 2 sets (10 cards)"
    scorer.pick("went_out", "S3")
    scorer.type("input[name=penalty_S1]", 32)
    scorer.type("input[name=penalty_S2]", 1)
    scorer.type("input[name=penalty_S4]", 40)
    scorer.save()
    assert "a penalty of 1 cannot happen" in scorer.refusal("penalty_points.S2")
    scorer.type("input[name=penalty_S2]", 27)
    scorer.save_and_wait()
    assert scorer.headline() == "Ravi leads on 0"
    assert scorer.text("#contract-info") == "Contract 2: 1 set + 1 run (10 cards)"
    assert scorer.chosen("dealer") == "S2"

    scorer.pick("went_out", "S1")
    scorer.pick("mode", "cards")
    scorer.type("input[name=cards_S2]", "AS KD 7C")
    scorer.type("input[name=cards_S3]", "5H")
    scorer.type("input[name=cards_S4]", "JKR 2H")
    scorer.save_and_wait()
    assert scorer.text("#scores") == "Ravi\n5\nAsha\n32\nMeena\n57\nBala\n59"
    wait_until(lambda: spectator.headline() == "Ravi leads on 5", "the spectator's board")

    scorer.correct(2, "Meena had no joker")
    scorer.type("input[name=cards_S4]", "2H")
    scorer.save_correction(2)
    assert scorer.text("#scores") == "Ravi\n5\nAsha\n32\nMeena\n42\nBala\n59"
    wait_until(lambda: "42" in spectator.text("#scores"), "the spectator to see the correction")
    scorer.screenshot(screenshots / "contract_rummy-entry.png")  # the entry page fits on one screen
    spectator.screenshot(screenshots / "contract_rummy-board.png")


def test_a_deal_saved_offline_arrives_once_when_the_network_is_back(scorer: Table, live_app: dict[str, Any]) -> None:
    match_id = scorer.start_match("seep", SEEP_NAMES)
    scorer.set_offline(True)
    try:
        scorer.pick("bid", 11)
        scorer.type("input[name=card_points_A]", 62)
        scorer.save()
        wait_until(lambda: "waiting to send" in scorer.text("#outbox"), "the deal to wait in the outbox")
        wait_until(lambda: scorer.text("#net") == "Offline · 1 waiting", "the offline badge")
        assert scorer.deal_count() == 0
        assert scorer.text("#next-dealer") == "Next dealer: known once the 1 deal waiting to be sent is scored"
        assert headline_lines(scorer) == 1  # the long dealer line wraps below the lead, not the lead letter by letter
    finally:
        scorer.set_offline(False)
    wait_until(lambda: scorer.deal_count() == 1, "the queued deal to arrive", seconds=15)
    wait_until(
        lambda: scorer.driver.find_element("id", "outbox").get_attribute("hidden") is not None, "the outbox to empty"
    )
    assert scorer.headline() == "Asha & Ravi lead by 24"
    deals = api_session(live_app, "asha").get(f"{live_app['base']}/api/v1/matches/{match_id}/deals/").json()
    assert [(deal["number"], deal["status"]) for deal in deals["results"]] == [(1, "recorded")]
    assert deals["results"][0]["client_deal_id"] is not None


def headline_lines(table: Table) -> int:
    """How many lines the score strip's headline takes, from its height and its line height."""
    return int(
        table.driver.execute_script(
            "const el = document.getElementById('headline');"
            "return Math.round(el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).lineHeight));"
        )
    )


def seep_match_scored_once(scorer: Table, live_app: dict[str, Any]) -> dict[str, Any]:
    """A Seep match with Bala (the opponent's account) at S2, and deal 1 recorded on the scorer's page."""
    asha = api_session(live_app, "asha")
    match: dict[str, Any] = asha.post(
        f"{live_app['base']}/api/v1/matches/",
        json={
            "game": "seep",
            "players": [{"name": "Asha"}, live_app["opponent_player"], {"name": "Ravi"}, {"name": "Meena"}],
        },
    ).json()
    scorer.open(f"/table/matches/{match['id']}/")
    scorer.pick("bid", 11)
    scorer.type("input[name=card_points_A]", 62)
    scorer.save_and_wait()
    return match


def opponent_at(opponent_browser: Any, live_app: dict[str, Any], match_id: int) -> Table:
    opponent = Table(opponent_browser, live_app["base"])
    opponent.sign_in("bala", PASSWORD)
    opponent.open(f"/table/matches/{match_id}/")
    return opponent


def test_an_opponent_disputes_a_deal_from_their_phone(
    scorer: Table, opponent_browser: Any, live_app: dict[str, Any]
) -> None:
    match = seep_match_scored_once(scorer, live_app)
    opponent = opponent_at(opponent_browser, live_app, match["id"])
    opponent.tap('#deal-1 [data-action="dispute"]')
    opponent.tap('#deal-1 [data-action="send"]')
    assert opponent.refusal("reason") == "Write the reason for the change: it is required."
    opponent.type("#deal-1 input[name=reason]", "Our 10 of diamonds was counted for team A")
    opponent.tap('#deal-1 [data-action="send"]')
    wait_until(lambda: "⚠ disputed" in opponent.text("#deal-1 .marks"), "the dispute mark")

    wait_until(
        lambda: "1 disputed deal" in scorer.text("#dispute-banner"),
        "the scorer's board to show the dispute",
        seconds=25,
    )
    scorer.open("/table/disputes/")
    assert "Bala (S2): Our 10 of diamonds was counted for team A" in scorer.text("#disputes")
    scorer.open(f"/table/matches/{match['id']}/")
    scorer.correct(1, "Bala is right")
    scorer.type("input[name=card_points_A]", 56)
    scorer.save_correction(1)
    assert "dispute resolved" in scorer.text("#deal-1 .marks")
    opponent.open(f"/table/matches/{match['id']}/")
    opponent.tap('#deal-1 [data-action="confirm"]')
    wait_until(lambda: "✓ confirmed Bala (S2)" in opponent.text("#deal-1 .marks"), "the confirmation")


def test_a_reason_being_typed_survives_a_deal_recorded_on_another_phone(
    scorer: Table, opponent_browser: Any, live_app: dict[str, Any]
) -> None:
    """The board re-renders on every change at the table; a half-typed dispute must not vanish with it."""
    match = seep_match_scored_once(scorer, live_app)
    opponent = opponent_at(opponent_browser, live_app, match["id"])
    opponent.tap('#deal-1 [data-action="dispute"]')
    opponent.type("#deal-1 input[name=reason]", "Our 10 of diamonds")

    scorer.pick("bid", 11)
    scorer.type("input[name=card_points_A]", 50)
    scorer.save_and_wait()
    opponent.find("#deal-2")
    assert opponent.value("#deal-1 input[name=reason]") == "Our 10 of diamonds"
    opponent.tap('#deal-1 [data-action="send"]')
    wait_until(lambda: "⚠ disputed" in opponent.text("#deal-1 .marks"), "the dispute mark")
