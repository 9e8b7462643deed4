"""The phone page as production serves it (the README's production command, DEBUG off): on a first visit every
static file comes gzipped under its hashed name, on a repeat visit none is fetched again, and the first paint shows
the score even when the board's request never comes back (the board is inline in the page). Prints the page's
weight, first and repeat visit, as Chromium's performance entries count it."""

from __future__ import annotations

import contextlib
import json
import re
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.e2e.table import Table, wait_until
from tests.reliability.production import serve_production
from tests.support.browser import PASSWORD, ROOT, SETUP_USERS, new_browser
from tests.support.servers import app_env
from tests.support.static_files import collected_static_root

pytestmark = pytest.mark.e2e

ENTRIES = """
const nav = performance.getEntriesByType('navigation')[0];
const row = (e) => ({ name: e.name, type: e.initiatorType || 'navigation', transfer: e.transferSize,
                      encoded: e.encodedBodySize, decoded: e.decodedBodySize });
return [row(nav), ...performance.getEntriesByType('resource').map(row)];
"""


@pytest.fixture(scope="module")
def production_app(browser_available: None) -> Iterator[dict[str, Any]]:
    """The production command on a fresh SQLite database with the e2e accounts, the static files collected."""
    workdir = Path(tempfile.mkdtemp(prefix="scorekeeper-weight-"))
    env = app_env(
        workdir,
        DATABASE_URL=f"sqlite:///{workdir / 'db.sqlite3'}",
        DEBUG="false",
        SECRET_KEY=uuid.uuid4().hex * 2,
        SECURE_SSL_REDIRECT="false",
        STATIC_ROOT=str(collected_static_root()),
    )
    manage = [sys.executable, str(ROOT / "manage.py")]
    subprocess.run([*manage, "migrate", "--noinput", "-v", "0"], cwd=ROOT, env=env, check=True)
    subprocess.run(
        [*manage, "shell", "-c", SETUP_USERS.format(password=PASSWORD)],
        cwd=ROOT,
        env=env,
        check=True,
        capture_output=True,
    )
    with contextlib.ExitStack() as stack:
        stack.callback(lambda: subprocess.run(["rm", "-rf", str(workdir)], check=False))
        app = stack.enter_context(serve_production(workdir, env))
        yield {"base": app.base_url}


def seep_match_with_deals(base: str) -> int:
    with httpx.Client(base_url=base, timeout=20) as client:
        token = client.post("/api/v1/auth/token/", json={"username": "asha", "password": PASSWORD}).json()["token"]
        client.headers["Authorization"] = f"Token {token}"
        names = ["Asha", "Bala", "Ravi", "Meena"]
        match = client.post("/api/v1/matches/", json={"game": "seep", "players": [{"name": n} for n in names]})
        match_id = int(match.json()["id"])
        for dealer, bidder in (("S1", "S2"), ("S2", "S3")):
            deal = {
                "client_deal_id": str(uuid.uuid4()),
                "dealer": dealer,
                "bid": {"bidder": bidder, "value": 11, "bidder_hand": ["JH", "4C", "KS", "2C"]},
                "card_points": {"A": 62, "B": 38},
                "sweeps": {team: {"regular": 0, "first_play": 0, "last_play": 0} for team in "AB"},
            }
            assert client.post(f"/api/v1/matches/{match_id}/deals/", json=deal).status_code == 201
        return match_id


def weigh(driver: Any) -> list[dict[str, Any]]:
    time.sleep(1.0)  # the page's own first requests (the board's 304) settle
    return list(driver.execute_script(ENTRIES))


def total(entries: list[dict[str, Any]], key: str) -> int:
    return sum(int(entry[key]) for entry in entries)


def test_first_and_repeat_visit_weight_and_a_first_paint_with_the_score(production_app: dict[str, Any]) -> None:
    base = production_app["base"]
    match_id = seep_match_with_deals(base)
    driver = new_browser()
    try:
        table = Table(driver, base)
        table.sign_in("asha", PASSWORD)
        driver.get("about:blank")
        driver.execute_cdp_cmd("Network.enable", {})
        driver.execute_cdp_cmd("Network.clearBrowserCache", {})
        # A first visit: the sign-in page already installed the service worker and its copies; forget them.
        driver.execute_cdp_cmd(
            "Storage.clearDataForOrigin", {"origin": base, "storageTypes": "service_workers,cache_storage"}
        )
        table.open(f"/table/matches/{match_id}/")
        headline = wait_until(table.headline, "the headline")
        first = weigh(driver)
        statics = [entry for entry in first if "/static/" in entry["name"] and entry["name"].endswith((".js", ".css"))]
        assert statics, first
        for entry in statics:
            assert entry["encoded"] < entry["decoded"], f"{entry['name']} was not sent compressed"
            assert re.search(r"\.[0-9a-f]{12}\.(js|css)$", entry["name"]), f"{entry['name']} has no hashed name"

        driver.get("about:blank")
        table.open(f"/table/matches/{match_id}/")
        wait_until(lambda: table.headline() == headline, "the headline again")
        repeat = weigh(driver)
        # From the HTTP cache (immutable) or the service worker's copies: not a byte over the network.
        fetched_again = [entry["name"] for entry in repeat if "/static/" in entry["name"] and entry["transfer"] > 0]
        assert fetched_again == []

        # The board's requests never answer: the page still opens on the score (the board inline in the page).
        driver.get("about:blank")
        driver.execute_cdp_cmd("Network.setBlockedURLs", {"urls": [f"*/api/v1/matches/{match_id}/board/*"]})
        table.open(f"/table/matches/{match_id}/")
        assert wait_until(table.headline, "the headline without the board request") == headline
        assert table.deal_count() == 2
        driver.execute_cdp_cmd("Network.setBlockedURLs", {"urls": []})

        report: dict[str, Any] = {
            "first visit": {
                "requests": len(first),
                "transferred": total(first, "transfer"),
                "decoded": total(first, "decoded"),
            },
            "repeat visit": {
                "requests": len(repeat),
                "transferred": total(repeat, "transfer"),
                "decoded": total(repeat, "decoded"),
            },
            "files": [{k: entry[k] for k in ("name", "transfer", "encoded", "decoded")} for entry in first],
        }
        print("page weight of the Seep entry page:", json.dumps(report, indent=1))
        assert report["repeat visit"]["transferred"] < report["first visit"]["transferred"] / 2
    finally:
        driver.quit()
