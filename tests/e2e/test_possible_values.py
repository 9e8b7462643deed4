"""No impossible value is filled in, a refusal is shown once, and 56 at the table reads as the table does (issue 27,
points 6 and 7): the bounds are the engine's (the page config's ``entry`` facts), never the page's own numbers."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from selenium.webdriver.common.by import By

from tests.e2e.phone import NAMES, SIX, phone_browser
from tests.e2e.table import Table, wait_until
from tests.support.browser import PASSWORD

pytestmark = pytest.mark.e2e


@pytest.fixture(scope="module")
def phone(live_app: dict[str, Any]) -> Iterator[Table]:
    with phone_browser(live_app["base"]) as table:
        table.sign_in("asha", PASSWORD)
        yield table


def shown(table: Table, css: str) -> bool:
    return any(el.is_displayed() for el in table.driver.find_elements(By.CSS_SELECTOR, css))


def times_shown(table: Table, text: str) -> int:
    """How many visible boxes of the entry form say ``text`` (a refusal beside its field, the preview)."""
    return int(
        table.driver.execute_script(
            "return [...document.querySelectorAll('#entry .err, #preview, #toast')]"
            ".filter((el) => el.offsetParent && el.textContent.includes(arguments[0])).length;",
            text,
        )
    )


def test_seep_card_points_beyond_the_total_fill_nothing_and_the_refusal_shows_once(phone: Table) -> None:
    phone.start_match("seep", NAMES)
    phone.type("input[name=card_points_A]", 62)
    assert phone.value("input[name=card_points_B]") == "38"
    phone.type("input[name=card_points_B]", "")
    phone.type("input[name=card_points_A]", 120)
    assert phone.value("input[name=card_points_B]") == ""  # not -20
    phone.pick("bid", 10)
    phone.type("input[name=card_points_B]", 0)
    assert phone.value("input[name=card_points_A]") == "100"
    phone.type("input[name=card_points_A]", 120)
    phone.save()
    refusal = phone.text("#deal-form .err")
    assert "100" in refusal
    wait_until(lambda: times_shown(phone, refusal) == 1, "the refusal shown once")


def test_bid_euchre_tricks_beyond_the_deal_fill_nothing(phone: Table) -> None:
    phone.start_match("bid_euchre", NAMES)
    phone.unfold("input[name=tricks_A]")
    phone.type("input[name=tricks_A]", 7)
    assert phone.value("input[name=tricks_B]") == ""  # not -1
    phone.type("input[name=tricks_A]", 2)
    assert phone.value("input[name=tricks_B]") == "4"


def test_fifty_six_bids_stay_in_the_engines_range_and_the_table_reads_by_name(phone: Table) -> None:
    phone.start_match("fifty_six", SIX, 6)
    # The strip names the teams' players, not "T1 12".
    scores = phone.text("#scores")
    assert "Asha & Meena" in scores and "T1" not in scores
    # Before anyone has bid there is no bidding team: its card points are not asked yet.
    assert not shown(phone, "[data-field=bidding_team_card_points]")
    # The red suits are red.
    ink = phone.driver.execute_script("return getComputedStyle(document.body).color;")
    for suit in ("hearts", "diamonds"):
        red = phone.find(f'[data-name="bid_trump"] button[data-value="{suit}"]').value_of_css_property("color")
        assert red != ink and red.startswith("rgba(185, 28, 28"), red
    # The stepper stops at the highest bid; a typed bid beyond it says why.
    phone.type("input[name=bid_points]", 55)
    phone.tap('.bid-row [data-step="1"]')
    phone.tap('.bid-row [data-step="1"]')
    assert phone.value("input[name=bid_points]") == "56"
    phone.tap('[data-name="bid_trump"] button[data-value="spades"]')
    phone.type("input[name=bid_points]", 60)
    assert phone.text("#bid-range") == "Bids run from 28 to 56 points."
    assert not phone.driver.find_element(By.CSS_SELECTOR, '#auction-controls [data-call="bid"]').is_enabled()
    phone.type("input[name=bid_points]", 30)
    assert not shown(phone, "#bid-range")
    phone.call("bid")
    phone.call("rest-pass")
    assert phone.text("[data-field=bidding_team_card_points] .label") == "Card points of team T2 (out of 56)"
