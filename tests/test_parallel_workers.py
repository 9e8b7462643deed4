"""The suite's parallel workers each get their own Redis database and live channels (tests/support/parallel.py)."""

from __future__ import annotations

import os
from typing import Any

import pytest
from django.conf import settings as django_settings

from games.events import club_channel, live_channel
from tests.support.parallel import CONFIGURED_REDIS_URL, worker_redis_url


@pytest.mark.parametrize(
    ("url", "worker", "expected"),
    [
        ("redis://127.0.0.1:6379/15", 0, "redis://127.0.0.1:6379/15"),
        ("redis://127.0.0.1:6379/15", 1, "redis://127.0.0.1:6379/14"),
        ("redis://127.0.0.1:6379/0", 1, "redis://127.0.0.1:6379/15"),
        ("redis://127.0.0.1:6379", 2, "redis://127.0.0.1:6379/14"),
        ("redis://:secret@cache:6380/3", 3, "redis://:secret@cache:6380/0"),
    ],
)
def test_each_worker_takes_the_database_below_the_last(url: str, worker: int, expected: str) -> None:
    assert worker_redis_url(url, worker) == expected


def test_live_channels_carry_the_configured_prefix(settings: Any) -> None:
    settings.LIVE_CHANNEL_PREFIX = "site-b:"
    assert (live_channel(7), club_channel(3)) == ("site-b:match:7", "site-b:club:3")


@pytest.mark.skipif(not os.environ.get("PYTEST_XDIST_WORKER"), reason="runs under pytest-xdist only")
def test_this_worker_has_its_own_channels_and_redis_database() -> None:
    worker = os.environ["PYTEST_XDIST_WORKER"]
    configured = os.environ[CONFIGURED_REDIS_URL]
    own_redis = worker_redis_url(configured, int(worker.removeprefix("gw"))) if configured else ""
    expected = (f"{worker}:", own_redis)
    assert expected == (django_settings.LIVE_CHANNEL_PREFIX, django_settings.REDIS_URL)
