"""Redis unreachable (pointed at a closed port; the real server is left alone): everything on the request path that
uses the cache keeps answering, throttling goes on from process memory, and the log says why."""

from __future__ import annotations

import logging
import socketserver
import threading
from collections.abc import Iterator
from typing import Any

import pytest

from scorekeeper.cache import _down_until, redis_caches
from tests.api.helpers import assert_error
from tests.factories import PASSWORD
from tests.support.servers import closed_port

pytestmark = pytest.mark.django_db
OUTAGE_WARNING = "Redis cache unreachable"


class NotRedis(socketserver.BaseRequestHandler):
    """Something else listening where Redis should be (a web server, say): it answers every connection with HTTP."""

    def handle(self) -> None:
        self.request.sendall(b"HTTP/1.1 400 Bad Request\r\n\r\n")


@pytest.fixture
def not_redis() -> Iterator[int]:
    with socketserver.ThreadingTCPServer(("127.0.0.1", 0), NotRedis) as server:
        server.daemon_threads = True
        thread = threading.Thread(target=server.serve_forever, daemon=True)
        thread.start()
        try:
            yield server.server_address[1]
        finally:
            server.shutdown()


@pytest.fixture(params=["a closed port", "something else answering"])
def redis_cache_unreachable(request: pytest.FixtureRequest, settings: Any) -> Iterator[str]:
    port = closed_port() if request.param == "a closed port" else request.getfixturevalue("not_redis")
    dead = f"redis://127.0.0.1:{port}/0"
    settings.REDIS_URL = dead
    settings.CACHES = redis_caches(dead, socket_timeout=1.0, retry_seconds=5.0)
    yield dead
    _down_until.pop(dead, None)


def sign_in(client: Any, username: str, password: str) -> Any:
    return client.post(
        "/api/v1/auth/token/", {"username": username, "password": password}, content_type="application/json"
    )


def test_sign_in_answers_a_token_and_logs_a_warning(
    client: Any, user: Any, redis_cache_unreachable: str, caplog: pytest.LogCaptureFixture
) -> None:
    with caplog.at_level(logging.WARNING, logger="scorekeeper.cache"):
        response = sign_in(client, user.username, PASSWORD)
    assert response.status_code == 200, response.content[:300]
    assert response.json()["token"]
    assert [record.levelname for record in caplog.records if OUTAGE_WARNING in record.getMessage()] == ["WARNING"]


def test_sign_in_is_still_throttled_from_process_memory(
    client: Any, user: Any, redis_cache_unreachable: str, settings: Any
) -> None:
    settings.AXES_FAILURE_LIMIT = 100  # the rate throttle (in the cache) is under test, not the lockout (database)
    statuses = [sign_in(client, user.username, "guess").status_code for _ in range(10)]
    assert statuses == [400] * 10
    body = assert_error(sign_in(client, user.username, PASSWORD), 429, "throttled")
    assert body["extra"]["retry_after_seconds"] > 0


def test_idempotent_posts_and_standings_answer(api: Any, redis_cache_unreachable: str) -> None:
    first = api.post("/api/v1/clubs/", {"name": "Thursday"}, format="json", headers={"Idempotency-Key": "k-1"})
    again = api.post("/api/v1/clubs/", {"name": "Thursday"}, format="json", headers={"Idempotency-Key": "k-1"})
    assert (first.status_code, again.status_code) == (201, 201)
    assert again["Idempotent-Replayed"] == "true" and again.json() == first.json()
    league = api.post("/api/v1/leagues/", {"club": first.json()["id"], "name": "Winter", "game": "seep"}, format="json")
    assert league.status_code == 201, league.json()
    standings = api.get(f"/api/v1/leagues/{league.json()['id']}/standings/")
    assert standings.status_code == 200
    assert standings.json()["rows"] == []
