"""Steps the e2e modules share (a test module never imports another: tests/test_test_modules_stand_alone.py)."""

from __future__ import annotations

import time
from typing import Any

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


def go_offline(table: Table) -> float:
    table.set_offline(True)
    went = time.monotonic()
    wait_until(lambda: table.text("#net").startswith("Offline"), "the offline badge", seconds=2)
    return time.monotonic() - went
