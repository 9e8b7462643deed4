"""Steps the e2e modules share (a test module never imports another: tests/test_test_modules_stand_alone.py)."""

from __future__ import annotations

import time
from typing import Any

import pytest
import requests

from tests.e2e.table import Table, wait_until
from tests.support.browser import PASSWORD


def record(
    api: Any,
    live_app: dict[str, Any],
    game: str,
    players: int,
    *,
    settings: dict[str, Any],
    deals: list[dict[str, Any]],
) -> int:
    base = live_app["base"]
    match = api.post(
        f"{base}/api/v1/matches/",
        json={
            "game": game,
            "players": [{"name": f"Player {k}"} for k in range(1, players + 1)],
            "settings": settings,
        },
    ).json()
    for deal in deals:
        answer = api.post(f"{base}/api/v1/matches/{match['id']}/deals/", json=deal)
        assert answer.status_code == 201, answer.json()
    return int(match["id"])


def api_deals(live_app: dict[str, Any], match_id: int) -> list[dict[str, Any]]:
    session = requests.Session()
    token = session.post(
        f"{live_app['base']}/api/v1/auth/token/", json={"username": "asha", "password": PASSWORD}, timeout=10
    ).json()["token"]
    session.headers["Authorization"] = f"Token {token}"
    page = session.get(f"{live_app['base']}/api/v1/matches/{match_id}/deals/", timeout=10).json()
    return list(page["results"] if isinstance(page, dict) else page)


# The page's answers from POST .../deals/progress/ come `arguments[0]` ms late (a busy server or a slow network).
SLOW_PROGRESS = """
const late = arguments[0]; const fetchNow = window.fetch;
window.fetch = async (url, options) => {
  const answer = await fetchNow(url, options);
  if (String(url).includes('/deals/progress/')) await new Promise((done) => setTimeout(done, late));
  return answer;
};
"""


def slow_progress_answers(table: Table, milliseconds: int) -> None:
    """Until the page is left, each answer about a deal part way through (trick leaders, Seep's moves) comes late."""
    table.driver.execute_script(SLOW_PROGRESS, milliseconds)


def go_offline(table: Table) -> float:
    table.set_offline(True)
    went = time.monotonic()
    wait_until(lambda: table.text("#net").startswith("Offline"), "the offline badge", seconds=2)
    return time.monotonic() - went


# A plain deal of each game, as a scorer enters it on the form with the dealer already chosen: the e2e checks that
# run over every registered game take their deal from here. A new game adds its own line (the checks fail, saying
# so, until it does). Each step: ("tap", css), ("pick", name, value), ("type", css, text) or ("call", data-call).
PLAIN_DEALS: dict[str, list[tuple[Any, ...]]] = {
    "seep": [("pick", "bid", 10), ("type", "input[name=card_points_A]", 62)],
    "fifty_six": [
        ("tap", '[data-chip="30"]'),
        ("tap", '[data-name="bid_trump"] button[data-value="spades"]'),
        ("call", "bid"),
        ("call", "rest-pass"),
        ("type", "input[name=bidding_team_card_points]", 32),
    ],
    "bid_euchre": [
        ("tap", '#auction-controls [data-call="bid-3"]'),
        ("tap", '#auction-controls [data-call="rest-pass"]'),
        ("tap", '[data-name="trump"] button[data-value="hearts"]'),
        ("tap", '[data-chip="2"]'),
    ],
    "twenty_eight": [
        ("tap", '[data-chip="16"]'),
        ("call", "bid"),
        ("call", "rest-pass"),
        ("type", "input[name=bidding_team_card_points]", 18),
    ],
    "contract_rummy": [
        ("pick", "went_out", "S1"),
        ("type", "input[name=penalty_S2]", 25),
        ("type", "input[name=penalty_S3]", 30),
        ("type", "input[name=penalty_S4]", 12),
    ],
}


def enter_plain_deal(table: Table, game: str) -> None:
    if game not in PLAIN_DEALS:
        pytest.fail(f"{game} has no plain deal in tests/e2e/steps.py PLAIN_DEALS: add the taps of one")
    for action, *arguments in PLAIN_DEALS[game]:
        getattr(table, action)(*arguments)


def registered_games(api: requests.Session, base: str) -> list[str]:
    """The games the server offers, in its registry's order (GET /api/v1/games/), not a list of the test's."""
    answer = api.get(f"{base}/api/v1/games/", timeout=10).json()
    games = answer["results"] if isinstance(answer, dict) else answer
    return [game["key"] for game in games]
