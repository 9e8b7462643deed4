"""Issue 20's house rules on the phone page, in headless Chromium at 360x640, each page state checked as the
scorer's loop is (axe-core: 0 critical or serious violations, light and dark; no control under 44x44):

- Bid Euchre with extra moons: a quadruple moon skipping a step (a deal waiting on the phone) is refused beside
  its call in the auction, and fixed into a triple moon that is called and scored;
- 56 with calls limited by tables: a redeal record (a weak hand) refused beside the hand, then saved, the same
  dealer dealing again; the bids the team cannot afford not offered, with the server's reason;
- Bid Euchre low no-trumps and one renege that ends the hand, the tricks won left out;
- Contract Rummy with two players, started from the new-match page once its house rule opens the count.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from selenium.webdriver.common.by import By

from tests.e2e.phone import DASH, NAMES, check_page, phone_browser
from tests.e2e.table import Table, wait_until
from tests.support.browser import PASSWORD

pytestmark = pytest.mark.e2e

WEAK_HAND = "KS KS QS QS KH KH QH QH KD QD 10C AC"  # 2 card points (the ten and the ace of clubs)


@pytest.fixture(scope="module")
def phone(live_app: dict[str, Any]) -> Iterator[Table]:
    with phone_browser(live_app["base"]) as table:
        table.sign_in("asha", PASSWORD)
        yield table


def start_with_house_rules(
    table: Table, game: str, names: list[str], rules: dict[str, Any], count: int | None = None
) -> int:
    """The new-match page: the game, the house rules chosen (yes/no taps, numbers typed), the count, the names."""
    table.open("/table/new/")
    table.pick("game", game)
    for name, value in rules.items():
        if isinstance(value, bool):
            table.pick(name, "true" if value else "false")
        else:
            table.type(f"input[name={name}]", value)
    if count is not None:
        table.pick("count", count)
    for index, name in enumerate(names):
        table.type(f"input[name=player-{index}]", name)
    table.tap("#start")
    try:
        wait_until(lambda: "/table/matches/" in table.driver.current_url, "the match page")
    except AssertionError:
        errors = [e.text for e in table.driver.find_elements(By.CSS_SELECTOR, "#new-match-form .err")]
        raise AssertionError(f"the match did not start: {errors}") from None
    table.find("#next-dealer")
    return int(table.driver.current_url.rstrip("/").split("/")[-1])


def offered(table: Table) -> list[str]:
    return [
        button.get_attribute("data-call")
        for button in table.driver.find_elements(By.CSS_SELECTOR, "#auction-controls [data-call]")
    ]


def test_bid_euchre_extra_moons(phone: Table, live_app: dict[str, Any]) -> None:
    match_id = start_with_house_rules(phone, "bid_euchre", NAMES, {"extra_moon_calls": True})
    # A deal waiting on this phone calls a quadruple moon straight over a shoot the moon: refused on that call.
    skipping = {
        "dealer": "S4",
        "auction": [
            {"seat": "S1", "call": "pass"},
            {"seat": "S2", "call": "shoot_the_moon"},
            {"seat": "S3", "call": "quadruple_moon"},
            {"seat": "S4", "call": "pass"},
        ],
        "trump": "clubs",
        "tricks_won": {"A": 6, "B": 0},
        "client_deal_id": "6f1c2a9e-5b1d-4c1e-9a55-2f0b7d1e3c11",
    }
    phone.driver.execute_script(
        "localStorage.setItem(arguments[0], arguments[1]);",
        f"tk-outbox-{match_id}",
        json.dumps([{"deal": skipping, "at": 0}]),
    )
    phone.driver.refresh()
    refusal = wait_until(lambda: phone.refusal("auction[2]"), "the refusal beside the quadruple moon")
    assert refusal.startswith("A quadruple moon can only be called over a triple moon"), refusal
    check_page(phone, "entry bid_euchre refused quadruple moon")
    # The fix: take back the last two calls; a triple moon is what S3 may call over the shoot the moon.
    phone.tap("#undo-call")
    phone.tap("#undo-call")
    assert offered(phone) == ["pass", "rest-pass", "triple_moon"]
    phone.call("triple_moon")
    assert offered(phone) == ["pass", "rest-pass", "quadruple_moon"]
    phone.call("pass")
    wait_until(lambda: phone.text("#preview").startswith("A made it · A +32, B 0"), "the triple moon's preview")
    check_page(phone, "entry bid_euchre triple moon")
    phone.save()
    wait_until(lambda: phone.deal_count() == 1, "the triple moon on the board")
    listed = phone.text("#deal-1")
    assert f"Ravi triple moon clubs · tricks 6{DASH}0 · made · A +32, B 0 → 32{DASH}0" in listed, listed
    assert phone.headline().startswith("Asha & Ravi win the match"), phone.headline()  # 32 reaches the target


def test_fifty_six_call_limits_and_a_redeal_record(phone: Table) -> None:
    start_with_house_rules(
        phone,
        "fifty_six",
        NAMES,
        {"calls_limited_by_tables": True, "starting_tables": 2, "redeal_hand_points_at_most": 2},
    )
    phone.pick("deal_kind", "hand_at_or_below_threshold")
    phone.pick("redeal_seat", "S3")
    # A hand worth 7 points is not weak enough: refused beside the hand as it is saved, the record kept in the form
    # to be fixed and nothing queued (a refusal online never waits in the outbox).
    phone.type("input[name=redeal_hand]", WEAK_HAND.replace("KS KS", "JS 9S"))
    phone.save()
    refusal = wait_until(lambda: phone.refusal("redeal.hand"), "the refusal beside the hand")
    assert refusal == "S3's hand is worth 7 card points; this match redeals only for 2 or fewer."
    assert phone.text("#form-title") == "Record deal 1"
    assert phone.driver.find_element(By.ID, "outbox").get_attribute("hidden") is not None
    assert phone.chosen("redeal_seat") == "S3"
    check_page(phone, "entry fifty_six redeal refused")
    phone.type("input[name=redeal_hand]", WEAK_HAND)
    wait_until(lambda: phone.text("#preview") == "Redeal: Ravi's weak hand · Asha deals again", "the redeal preview")
    check_page(phone, "entry fifty_six redeal record")
    phone.save()
    wait_until(lambda: phone.deal_count() == 1, "the redeal record on the board")
    assert "Redeal: Ravi's weak hand" in phone.text("#deal-1")
    # Deal 2, dealt by Asha again: team B holds 2 tables, so no bid that could cost it more is offered.
    note = wait_until(lambda: phone.text("#not-offered"), "the calls not offered")
    assert note == (
        "Not offered: bids above 39. Team B holds 2 tables; a bid of 56 could cost it 5 (band 56), "
        "so B may bid 28 to 39 or pass."
    )
    chips = [
        chip.get_attribute("data-chip")
        for chip in phone.driver.find_elements(By.CSS_SELECTOR, "#auction-controls [data-chip]")
    ]
    assert chips == ["28", "29", "30", "32", "35"]
    check_page(phone, "entry fifty_six calls not offered")


def test_contract_rummy_two_players_from_the_new_match_page(phone: Table) -> None:
    phone.open("/table/new/")
    phone.pick("game", "contract_rummy")
    counts = [
        b.get_attribute("data-value") for b in phone.driver.find_elements(By.CSS_SELECTOR, '[data-name="count"] button')
    ]
    assert counts == ["3", "4", "5", "6", "7", "8"]  # two only once the house rule is chosen
    # The non-dealer's extra card with four players: settings_conflict, shown beside that house rule.
    phone.pick("non_dealer_extra_card", "true")
    for index, name in enumerate(NAMES):
        phone.type(f"input[name=player-{index}]", name)
    phone.tap("#start")
    refusal = wait_until(lambda: phone.refusal("settings.non_dealer_extra_card"), "the conflict beside the rule")
    assert refusal == "Only a two-player game deals the non-dealer an extra card; this match seats 4."
    check_page(phone, "new match contract_rummy settings conflict")
    start_with_house_rules(phone, "contract_rummy", ["Asha", "Bala"], {"allow_two_players": True}, count=2)
    seats = [
        b.get_attribute("data-value")
        for b in phone.driver.find_elements(By.CSS_SELECTOR, '[data-name="went_out"] button')
    ]
    assert seats == ["S1", "S2"]
    check_page(phone, "entry contract_rummy two players")


def test_bid_euchre_low_no_trumps_and_a_renege_that_ends_the_hand(phone: Table) -> None:
    start_with_house_rules(phone, "bid_euchre", NAMES, {"allow_low_no_trump": True, "renege_ends_deal": True})
    phone.call("bid-3")
    phone.call("rest-pass")
    phone.pick("trump", "low_no_trumps")
    # One renege at most: a second seat tapped takes the place of the first; the tricks won are not asked.
    phone.pick("reneges", "S3")
    phone.pick("reneges", "S4")
    pressed = [
        b.get_attribute("data-value")
        for b in phone.driver.find_elements(By.CSS_SELECTOR, '[data-name="reneges"] button[aria-pressed="true"]')
    ]
    assert pressed == ["S4"]
    assert phone.text("#renege-ends-hint") == "With a renege the tricks won are not needed: the hand ended there."
    wait_until(
        lambda: (
            phone.text("#preview") == "Ended by a renege (Meena) · A 0, B \u22122 → A 0, B \u22122 · Bala deals next"
        ),
        "the preview of the hand the renege ended",
    )
    check_page(phone, "entry bid_euchre renege ends the hand")
    phone.save()
    wait_until(lambda: phone.deal_count() == 1, "the hand on the board")
    listed = phone.text("#deal-1")
    assert "Bala 3 low no trumps · ended by a renege · renege B \u22122" in listed, listed


def test_fifty_six_redouble_out_of_turn(phone: Table) -> None:
    start_with_house_rules(phone, "fifty_six", NAMES, {"redouble_out_of_turn": True})
    phone.tap('#auction-controls [data-chip="30"]')
    phone.pick("bid_trump", "hearts")
    phone.call("bid")
    phone.call("double")
    phone.call("pass")  # Meena (team B) passes; Asha (team A) is to call
    redoublers = [
        b.text for b in phone.driver.find_elements(By.CSS_SELECTOR, '#auction-controls [data-call="redouble"]')
    ]
    assert redoublers == ["Redouble (Bala)", "Redouble (Meena)"]
    phone.tap('#auction-controls [data-call="redouble"][data-seat="S2"]')
    assert phone.text("#turn-info") == "Contract: 30 hearts by Bala (team B) redoubled"
    phone.type("input[name=bidding_team_card_points]", 33)
    wait_until(lambda: phone.text("#preview").startswith("B made 30 hearts · A→B 4 tables"), "the redoubled preview")
    check_page(phone, "entry fifty_six redouble out of turn")
    phone.save()
    wait_until(lambda: phone.deal_count() == 1, "the redoubled deal on the board")
