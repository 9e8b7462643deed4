"""The sign-in, token and cache limits are read from the environment; a value out of range stops the service."""

from __future__ import annotations

import pytest

from tests.support.settings_loader import load_settings

SHOW = (
    "from django.conf import settings; print(settings.TRUSTED_PROXY_COUNT, settings.AXES_FAILURE_LIMIT, "
    "settings.SIGN_IN_LOCKOUT_MINUTES, settings.SIGN_IN_LOCKOUT_MAX_MINUTES, settings.SIGN_IN_ADDRESS_FAILURE_LIMIT, "
    "settings.SIGN_IN_ACCOUNT_FAILURE_LIMIT, settings.SIGN_IN_FAILURES_KEPT_HOURS, settings.AXES_COOLOFF_TIME, "
    "settings.SIGN_IN_DEVICE_COOKIE_DAYS, settings.REST_KNOX['TOKEN_TTL'], settings.AUTH_TOKENS_PER_USER, "
    "settings.CACHES['default']['BACKEND'], settings.CACHES['default'].get('RETRY_SECONDS'))"
)


def test_the_defaults() -> None:
    result = load_settings(SHOW, REDIS_URL="redis://127.0.0.1:1/0")
    assert result.stdout.split() == [
        "0",
        "10",
        "15",
        "1440",
        "30",
        "100",
        "48",
        "2",
        "days,",
        "0:00:00",
        "365",
        "14",
        "days,",
        "0:00:00",
        "20",
        "scorekeeper.cache.FailSoftRedisCache",
        "5.0",
    ]


def test_values_from_the_environment() -> None:
    result = load_settings(
        SHOW,
        TRUSTED_PROXY_COUNT="1",
        SIGN_IN_FAILURE_LIMIT="5",
        SIGN_IN_LOCKOUT_MINUTES="0",
        SIGN_IN_LOCKOUT_MAX_MINUTES="60",
        SIGN_IN_ADDRESS_FAILURE_LIMIT="0",
        SIGN_IN_ACCOUNT_FAILURE_LIMIT="7",
        SIGN_IN_FAILURES_KEPT_HOURS="2",
        SIGN_IN_DEVICE_COOKIE_DAYS="30",
        AUTH_TOKEN_TTL_HOURS="2",
        AUTH_TOKENS_PER_USER="3",
    )
    assert result.stdout.split() == [
        "1",
        "5",
        "0",
        "60",
        "0",
        "7",
        "2",
        "2:00:00",
        "30",
        "2:00:00",
        "3",
        "django.core.cache.backends.locmem.LocMemCache",
        "None",
    ]


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("TRUSTED_PROXY_COUNT", "-1"),
        ("TRUSTED_PROXY_COUNT", "two"),
        ("SIGN_IN_FAILURE_LIMIT", "0"),
        ("SIGN_IN_LOCKOUT_MINUTES", "-5"),
        ("SIGN_IN_LOCKOUT_MAX_MINUTES", "10"),
        ("SIGN_IN_ADDRESS_FAILURE_LIMIT", "-1"),
        ("SIGN_IN_ACCOUNT_FAILURE_LIMIT", "-1"),
        ("SIGN_IN_FAILURES_KEPT_HOURS", "24"),
        ("SIGN_IN_DEVICE_COOKIE_DAYS", "0"),
        ("AUTH_TOKEN_TTL_HOURS", "0"),
        ("AUTH_TOKENS_PER_USER", "0"),
        ("REDIS_SOCKET_TIMEOUT_SECONDS", "0"),
        ("REDIS_RETRY_SECONDS", "soon"),
    ],
)
def test_a_value_out_of_range_stops_the_service(name: str, value: str) -> None:
    result = load_settings(**{name: value})
    assert result.returncode != 0, result.stdout
    assert name in result.stderr or repr(value) in result.stderr, result.stderr[-500:]
