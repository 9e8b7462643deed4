"""The live events' PUBLISH handed off the request thread (issue 31; ``LIVE_PUBLISH_QUEUE`` above 0, off by default):
the request does not wait for Redis, the events go out in the order handed, a stuck Redis fills a bounded queue and the
rest are dropped with a warning (as a failed PUBLISH is), and ``LIVE_PUBLISH_QUEUE=0`` publishes on the request's
thread."""

from __future__ import annotations

import threading
import time
from typing import Any

import pytest

from games import events
from games.events import live_channel


@pytest.fixture
def slow_redis(monkeypatch: pytest.MonkeyPatch, settings: Any) -> list[tuple[str, dict[str, Any], str]]:
    """Every PUBLISH takes 50 ms; each is noted with the thread that made it."""
    settings.REDIS_URL = "redis://127.0.0.1:1/0"  # never reached: the PUBLISH itself is replaced
    sent: list[tuple[str, dict[str, Any], str]] = []

    def publish(channel: str, payload: dict[str, Any]) -> None:
        time.sleep(0.05)
        sent.append((channel, payload, threading.current_thread().name))

    monkeypatch.setattr(events, "_publish_now", publish)
    return sent


def test_a_change_hands_its_events_off_and_they_go_out_in_order(slow_redis: list[Any], settings: Any) -> None:
    settings.LIVE_PUBLISH_QUEUE = 100
    started = time.monotonic()
    for version in range(1, 11):
        events.publish_live(7, {"event": "deal.recorded", "version": version})
    handed_in = time.monotonic() - started
    assert handed_in < 0.25  # ten PUBLISHes on the caller's thread would take 0.5 s
    events.published_so_far()
    assert [payload["version"] for _channel, payload, _thread in slow_redis] == list(range(1, 11))
    assert {channel for channel, _payload, _thread in slow_redis} == {live_channel(7)}
    assert {thread for _channel, _payload, thread in slow_redis} == {"live-publisher"}


def test_with_no_queue_the_request_thread_publishes(slow_redis: list[Any], settings: Any) -> None:
    settings.LIVE_PUBLISH_QUEUE = 0
    events.publish_live(7, {"event": "deal.recorded", "version": 1})
    assert slow_redis == [(live_channel(7), {"event": "deal.recorded", "version": 1}, threading.current_thread().name)]


def test_a_full_queue_drops_the_event_with_a_warning(slow_redis: list[Any], caplog: pytest.LogCaptureFixture) -> None:
    publisher = events._Publisher(1)
    for version in range(1, 6):  # one waits at most: some find the queue full
        publisher.hand(live_channel(7), {"version": version})
    publisher.drain(5)
    published = [payload["version"] for _channel, payload, _thread in slow_redis]
    assert published[0] == 1 and len(published) < 5
    assert published == sorted(published)
    assert f"Live update on {live_channel(7)} not published: 1 events wait already" in caplog.text
