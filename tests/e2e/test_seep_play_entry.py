"""A whole Seep deal entered play by play on the phone page at 360 x 640 (issue 21, seep.md §S.7a): the starting
floor and the bidder's four cards from the card grid, then one tap for each card played and one for what it did
(plus the loose cards that go into a house). The stored deal's result is the worked example seep-p01's."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from selenium.webdriver.common.by import By

from tests.e2e.table import Table, wait_until
from tests.examples import examples_for
from tests.support.browser import PASSWORD, api_session

pytestmark = pytest.mark.e2e

EXAMPLE = next(case for case in examples_for("seep") if case["id"] == "seep-p01")
P01 = EXAMPLE["deals"][0]
DASH = "\u2013"
NAMES = [{"name": name} for name in ("Asha", "Bala", "Ravi", "Meena")]


@pytest.fixture
def small_phone(scorer_browser: Any) -> Iterator[None]:
    metrics = {"deviceScaleFactor": 2, "mobile": True}
    scorer_browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": 360, "height": 640, **metrics})
    yield
    scorer_browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": 390, "height": 844, **metrics})


@pytest.fixture
def scorer(scorer_browser: Any, live_app: dict[str, Any], small_phone: None) -> Table:
    table = Table(scorer_browser, live_app["base"])
    table.sign_in("asha", PASSWORD)
    return table


# The moves the page offers for the card of some plays (only those the rules allow on that floor).
OFFERED = {
    2: ["throw"],  # QH: nothing worth 12 on the floor, and no house it can make
    8: ["capture", "build"],  # QS: the house of 12 stands; it could also be cemented with QS
    10: ["throw", "build", "raise-11"],  # 2D: loose AD 4S 8S; S2's plain house of 11 can be raised to 13
}


def offered(table: Table) -> list[str]:
    table.find("#play-actions button")
    return [b.get_attribute("data-move") for b in table.driver.find_elements(By.CSS_SELECTOR, "#play-actions button")]


def enter_play(table: Table, play: dict[str, Any], number: int) -> None:
    """Tap the card, then what it did; a house takes the loose cards tapped and then its value."""
    before = len(table.driver.find_elements(By.CSS_SELECTOR, "#play-list li"))
    table.tap(f'#card-grid [data-card="{play["card"]}"]')
    if number in OFFERED:
        assert offered(table) == OFFERED[number], number
    action = play["action"]
    if action in ("throw", "capture"):
        table.tap(f'#play-actions [data-move="{action}"]')
        if action == "capture" and table.driver.find_elements(By.CSS_SELECTOR, '#play-actions [data-move="take"]'):
            for card in play["takes"]:
                table.tap(f'#seep-floor [data-loose="{card}"]')
            table.tap('#play-actions [data-move="take"]')
    elif action == "raise":
        table.tap(f'#play-actions [data-move="raise-{play["house"]}"]')
    else:
        table.tap('#play-actions [data-move="build"]')
        for card in play["with"]:
            table.tap(f'#seep-floor [data-loose="{card}"]')
        table.tap(f'#play-actions [data-house="{play["house"]}"]')
    wait_until(lambda: "Play" in table.text("#play-step") or "48 plays" in table.text("#play-step"), "the next play")
    assert len(table.driver.find_elements(By.CSS_SELECTOR, "#play-list li")) == min(before + 1, 6)


def test_a_whole_seep_deal_entered_play_by_play_is_stored_with_the_worked_result(
    scorer: Table, live_app: dict[str, Any], screenshots: Path
) -> None:
    api = api_session(live_app, "asha")
    match = api.post(f"{live_app['base']}/api/v1/matches/", json={"game": "seep", "players": NAMES}).json()
    scorer.open(f"/table/matches/{match['id']}/")
    scorer.find("#deal-fields [data-name=dealer]")
    scorer.pick("dealer", "S1")
    scorer.pick("bid", 11)
    scorer.pick("mode", "plays")
    for card in [*P01["floor"], *P01["bid"]["bidder_hand"]]:
        scorer.tap(f'#card-grid [data-card="{card}"]')
    assert scorer.text("#seep-floor") == "AH\n3H\nKS\n7S"
    for number, play in enumerate(P01["plays"], start=1):
        enter_play(scorer, play, number)
        if number == 4:  # the floor the rules file shows after round 1
            assert scorer.text("#seep-floor").split("\n") == ["KS", "[11: 3D AH 7S / S2]", "[12=: AC 3H 8D QH / S1]"]
            scorer.screenshot(screenshots / "seep-plays-entry.png", scroll_to="#seep-floor")
        if number == 23:  # QD x QC empties the floor: B's sweep
            assert scorer.text("#play-list li:last-child").endswith("sweep!")
    assert scorer.text("#play-step") == "All 48 plays entered: save the deal."
    scorer.save_and_wait()
    deal = api.get(f"{live_app['base']}/api/v1/matches/{match['id']}/deals/1/").json()
    want = EXAMPLE["expected"]["deals"][0]
    assert {key: deal["result"][key] for key in want} == want
    assert deal["input"]["plays"] == P01["plays"]
    assert scorer.text("#deal-1 .what") == (
        f"Asha dealt, Bala bid 11 · play by play, sweep B play 23 · 82{DASH}68 · lead A +14"
    )

    # Correcting the deal opens it play by play, the 48 plays and the floor of the end of the deal shown.
    scorer.correct(1, "checking the plays")
    assert scorer.chosen("mode") == "plays"
    assert scorer.text("#play-step") == "All 48 plays entered: save the deal."
    assert scorer.text("#seep-floor").split("\n") == ["KC", "4H", "6C", "JH", "7C", "8H", "3S"]
