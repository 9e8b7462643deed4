"""A request that waits out the database pool (``DATABASE_POOL_TIMEOUT``), or SQLite's write lock
(``SQLITE_BUSY_TIMEOUT_SECONDS``), answers 503 with Retry-After, in the error shape under /api/: an overloaded server,
not a fault of the request (bench/load_open.py saw 500s there; ``make run`` saw "database is locked")."""

from __future__ import annotations

import sqlite3
from typing import Any

import pytest
from django.db import OperationalError
from django.test import Client, override_settings
from psycopg_pool import PoolTimeout

from api.authentication import TokenAuthentication
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def waiting_out_the_pool(*args: Any, **kwargs: Any) -> None:
    """What Django raises when psycopg's pool has no connection for ``DATABASE_POOL_TIMEOUT`` seconds."""
    try:
        raise PoolTimeout("couldn't get a connection after 10.00 sec")
    except PoolTimeout as timeout:
        raise OperationalError(str(timeout)) from timeout


def locked_for_the_whole_busy_timeout(*args: Any, **kwargs: Any) -> None:
    """What Django raises when SQLite's write lock stayed taken for ``SQLITE_BUSY_TIMEOUT_SECONDS``."""
    try:
        raise sqlite3.OperationalError("database is locked")
    except sqlite3.OperationalError as locked:
        raise OperationalError(str(locked)) from locked


def failing_on_sqlite_otherwise(*args: Any, **kwargs: Any) -> None:
    try:
        raise sqlite3.OperationalError("database or disk is full")
    except sqlite3.OperationalError as full:
        raise OperationalError(str(full)) from full


def failing_otherwise(*args: Any, **kwargs: Any) -> None:
    raise OperationalError("server closed the connection unexpectedly")


@pytest.fixture
def client() -> Client:
    return Client(raise_request_exception=False)


@override_settings(DEBUG=False, DATABASE_POOL_TIMEOUT=7.5)
def test_an_api_request_that_waited_out_the_pool_answers_503_with_retry_after(
    client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(TokenAuthentication, "authenticate", waiting_out_the_pool)
    response = client.get("/api/v1/matches/", headers={"Authorization": "Token x"})
    assert (response.status_code, response["Retry-After"]) == (503, "8")
    assert response.json() == {
        "code": "database_busy",
        "detail": "The server is busy: no database connection came free in time. Try again in a few seconds.",
        "field": None,
        "extra": {"retry_after_seconds": 8},
        "errors": [
            {
                "code": "database_busy",
                "field": None,
                "detail": "The server is busy: no database connection came free in time. Try again in a few seconds.",
            }
        ],
    }


@override_settings(DEBUG=False)
def test_a_page_that_waited_out_the_pool_answers_503_in_words(client: Client, monkeypatch: pytest.MonkeyPatch) -> None:
    client.force_login(UserFactory.create())
    monkeypatch.setattr("table.views.match_queryset", waiting_out_the_pool)
    response = client.get("/table/")
    assert (response.status_code, response["Retry-After"]) == (503, "10")
    assert response.content.decode().startswith("The server is busy")


@override_settings(DEBUG=False)
def test_any_other_database_failure_is_still_a_500(client: Client, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(TokenAuthentication, "authenticate", failing_otherwise)
    response = client.get("/api/v1/matches/", headers={"Authorization": "Token x"})
    assert response.status_code == 500
    assert not response.has_header("Retry-After")


LOCKED = "The server is busy: the database stayed locked by other writes. Try again in a few seconds."


@pytest.mark.parametrize("debug", [True, False])  # `make run` runs with DEBUG on
def test_an_api_write_that_waited_out_sqlites_lock_answers_503_with_retry_after(
    client: Client, monkeypatch: pytest.MonkeyPatch, debug: bool
) -> None:
    client.force_login(UserFactory.create())
    monkeypatch.setattr("api.views.clubs.club_create", locked_for_the_whole_busy_timeout)
    with override_settings(DEBUG=debug):
        response = client.post("/api/v1/clubs/", {"name": "Thursday"}, content_type="application/json")
    assert (response.status_code, response["Retry-After"]) == (503, "5")
    assert response.json() == {
        "code": "database_busy",
        "detail": LOCKED,
        "field": None,
        "extra": {"retry_after_seconds": 5},
        "errors": [{"code": "database_busy", "field": None, "detail": LOCKED}],
    }


@override_settings(DEBUG=False)
def test_a_page_that_waited_out_sqlites_lock_answers_503_in_words(
    client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    client.force_login(UserFactory.create())
    monkeypatch.setattr("table.views.match_queryset", locked_for_the_whole_busy_timeout)
    response = client.get("/table/")
    assert (response.status_code, response["Retry-After"]) == (503, "5")
    assert response.content.decode() == LOCKED


@override_settings(DEBUG=False)
def test_any_other_sqlite_failure_is_still_a_500(client: Client, monkeypatch: pytest.MonkeyPatch) -> None:
    client.force_login(UserFactory.create())
    monkeypatch.setattr("api.views.clubs.club_create", failing_on_sqlite_otherwise)
    response = client.post("/api/v1/clubs/", {"name": "Thursday"}, content_type="application/json")
    assert response.status_code == 500
    assert not response.has_header("Retry-After")
