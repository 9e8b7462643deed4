"""Fixtures for the whole suite.

Tests marked ``postgres`` or ``redis`` need the real service. Locally they are skipped when it is not
configured; with ``CI=true`` they fail instead, so CI can never pass by skipping them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest
from django.conf import settings
from django.db import connection
from django.test import override_settings
from rest_framework.test import APIClient

from tests.factories import UserFactory
from tests.support.auth import client_for
from tests.support.environment import IN_CI, SUITE_RATES


def _require(available: bool, what: str) -> None:
    if available:
        return
    if IN_CI:
        pytest.fail(f"CI=true but {what} is not configured: this test must run against it.")
    pytest.skip(f"{what} is not configured")


@pytest.fixture(autouse=True)
def _real_services(request: pytest.FixtureRequest) -> None:
    if request.node.get_closest_marker("postgres"):
        _require(connection.vendor == "postgresql", "PostgreSQL (DATABASE_URL)")
    if request.node.get_closest_marker("redis"):
        _require(bool(settings.REDIS_URL), "Redis (REDIS_URL)")


@pytest.fixture(autouse=True)
def _fast_passwords() -> Iterator[None]:
    """Real hashing costs a quarter second a user; tests make hundreds. (Not the ``settings`` fixture: rules tests
    use that name for their own parameters.)"""
    with override_settings(PASSWORD_HASHERS=["django.contrib.auth.hashers.MD5PasswordHasher"]):
        yield


@pytest.fixture(autouse=True)
def _english_between_tests() -> Iterator[None]:
    """A request in Persian activates Persian for its thread, and nothing turns it off after the response (the next
    request's LocaleMiddleware chooses again): code a test runs outside a request must not speak the language a
    previous test's request chose."""
    from django.utils import translation

    translation.activate(settings.LANGUAGE_CODE)
    yield
    translation.activate(settings.LANGUAGE_CODE)


@pytest.fixture(autouse=True)
def _rates_out_of_the_way() -> Iterator[None]:
    with override_settings(API_RATES=SUITE_RATES):
        yield


@pytest.fixture(autouse=True)
def _fresh_cache() -> None:
    """Throttle counters and idempotency records live in the cache; no test may see another's."""
    from django.core.cache import cache

    cache.clear()


@pytest.fixture(autouse=True, scope="session")
def _static_files_by_their_plain_names() -> Iterator[None]:
    """With DEBUG off, as tests run, the manifest storage names each static file from collectstatic's manifest,
    which a test run does not make (the work tree stays clean): pages name the plain files instead. The manifest
    storage itself is tested on files collected into a temporary folder (tests/table/test_static_files.py)."""
    plain = {**settings.STORAGES, "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"}}
    with override_settings(STORAGES=plain):
        yield


@pytest.fixture
def user(db: None) -> Any:
    return UserFactory.create()


@pytest.fixture
def api(user: Any) -> APIClient:
    """An API client signed in as ``user``."""
    return client_for(user)


@pytest.fixture
def make_client(db: None) -> Callable[..., APIClient]:
    """A signed-in client for a new user (or the given one)."""

    def make(user: Any = None) -> APIClient:
        return client_for(user or UserFactory.create())

    return make
