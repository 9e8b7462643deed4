"""Faults that can be made safely on a shared machine: Redis unreachable (pointed at a closed port, the real server
left alone) and the database connection killed between two requests (only our own backend is terminated)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from django.core.wsgi import get_wsgi_application
from django.db import connection, connections
from werkzeug.test import Client

from tests.api.helpers import post_deal, start_match
from tests.deals import seep_deal
from tests.factories import UserFactory
from tests.support.auth import token_for
from tests.support.servers import closed_port


@pytest.fixture
def redis_unreachable(settings: Any) -> str:
    dead = f"redis://127.0.0.1:{closed_port()}/0"
    settings.REDIS_URL = dead
    settings.CACHES = {"default": {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": dead}}
    return dead


@pytest.mark.django_db
def test_with_redis_unreachable_deals_still_record_and_health_says_redis_down(
    api: Any, redis_unreachable: str, client: Any
) -> None:
    match = start_match(api)
    for number, dealer in enumerate(("S1", "S2", "S3"), start=1):
        response = post_deal(api, match["id"], seep_deal(dealer))
        assert response.status_code == 201, response.content
        assert response.json()["number"] == number
    assert api.get(f"/api/v1/matches/{match['id']}/").json()["deals_count"] == 3
    health = client.get("/api/v1/health/")
    assert health.status_code == 200
    assert health.json()["database"] == "ok"
    assert health.json()["redis"] == "down"


@pytest.fixture
def wsgi() -> Client:
    """The WSGI application as gunicorn runs it: Django's request signals open and close connections as in
    production (Django's test client would keep the test's connection instead)."""
    return Client(get_wsgi_application())


@pytest.fixture
def persistent_connections() -> Iterator[None]:
    """As a production DATABASE_URL should say (?conn_max_age=60&conn_health_checks=true)."""
    saved = {key: connection.settings_dict[key] for key in ("CONN_MAX_AGE", "CONN_HEALTH_CHECKS")}
    connection.close()
    connection.settings_dict.update(CONN_MAX_AGE=60, CONN_HEALTH_CHECKS=True)
    yield
    connection.close()
    connection.settings_dict.update(saved)


def kill_our_database_connection() -> int:
    """Terminate the backend serving this thread's connection, from another connection, as a restart would."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        pid: int = cursor.fetchone()[0]
    other = connections.create_connection("default")
    try:
        with other.cursor() as cursor:
            cursor.execute("SELECT pg_terminate_backend(%s)", [pid])
    finally:
        other.close()
    return pid


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("pooling", ["a connection per request", "persistent connections with health checks"])
def test_the_request_after_the_database_connection_is_killed_succeeds(
    wsgi: Client, pooling: str, request: pytest.FixtureRequest
) -> None:
    if pooling.startswith("persistent"):
        request.getfixturevalue("persistent_connections")
    user = UserFactory.create()
    headers = {"Authorization": f"Token {token_for(user)}"}
    body = {"game": "seep", "players": [{"name": f"P{n}"} for n in range(4)]}
    match = wsgi.post("/api/v1/matches/", json=body, headers=headers).get_json()
    assert wsgi.post(f"/api/v1/matches/{match['id']}/deals/", json=seep_deal("S1"), headers=headers).status_code == 201

    killed = kill_our_database_connection()

    response = wsgi.post(f"/api/v1/matches/{match['id']}/deals/", json=seep_deal("S2"), headers=headers)
    assert response.status_code == 201, response.get_data(as_text=True)[:500]
    assert response.get_json()["number"] == 2
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        assert cursor.fetchone()[0] != killed
