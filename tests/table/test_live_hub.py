"""The hub: one pub/sub connection per event loop for every stream; a channel is followed from its first viewer to its
last; each viewer has a bounded queue, and one that falls behind gets a single resync instead of holding anyone up.

The queue tests feed the hub's dispatch directly (no Redis); the connection tests use the Redis of REDIS_URL."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest
import redis
import redis.asyncio as aioredis
from django.conf import settings

from table.hub import LiveHub, Signal, Subscription

CHANNEL = "match:7"


def message(data: dict[str, Any], channel: str = CHANNEL) -> dict[str, Any]:
    return {"type": "message", "channel": channel.encode(), "data": json.dumps(data).encode()}


def queued(subscription: Subscription) -> list[Any]:
    items = []
    while not subscription.queue.empty():
        items.append(subscription.queue.get_nowait())
    return items


def hub_with_viewers(*subscriptions: Subscription) -> LiveHub:
    hub = LiveHub("redis://unused", queue_size=3)
    for subscription in subscriptions:
        hub.viewers.setdefault(subscription.channel, set()).add(subscription)
    return hub


def viewer(ends_on: str | None = None, channel: str = CHANNEL) -> Subscription:
    return Subscription(channel, ends_on, asyncio.Queue(3))


def test_a_viewer_whose_queue_is_full_gets_one_resync_and_the_others_every_event() -> None:
    slow, reading = viewer(), viewer()
    hub = hub_with_viewers(slow, reading)
    heard = []
    for version in range(1, 6):
        hub._dispatch(message({"event": "deal.recorded", "version": version}))
        heard += [json.loads(item)["version"] for item in queued(reading)]
    assert heard == [1, 2, 3, 4, 5]
    assert queued(slow) == [Signal.RESYNC, json.dumps({"event": "deal.recorded", "version": 5})]


def test_the_end_event_replaces_what_a_viewer_has_not_read_and_nothing_follows_it() -> None:
    shared, signed_in = viewer(ends_on="share_link.revoked"), viewer()
    hub = hub_with_viewers(shared, signed_in)
    hub._dispatch(message({"event": "deal.recorded", "version": 1}))
    hub._dispatch(message({"event": "share_link.revoked", "version": 1}))
    hub._dispatch(message({"event": "deal.recorded", "version": 2}))
    assert queued(shared) == [Signal.END]
    assert [json.loads(item)["event"] for item in queued(signed_in)] == [
        "deal.recorded",
        "share_link.revoked",
        "deal.recorded",
    ]


def test_a_message_reaches_only_the_viewers_of_its_match() -> None:
    seven, eight = viewer(), viewer(channel="match:8")
    hub_with_viewers(seven, eight)._dispatch(message({"event": "deal.recorded"}, channel="match:8"))
    assert (queued(seven), len(queued(eight))) == ([], 1)


def test_a_lost_connection_ends_every_viewer() -> None:
    first, second = viewer(), viewer(channel="match:8")
    hub = hub_with_viewers(first, second)
    hub._dispatch(message({"event": "deal.recorded"}))
    hub._lose_everyone(OSError("gone"))
    assert (queued(first), queued(second), hub.viewers, hub.connected) == ([Signal.LOST], [Signal.LOST], {}, False)


def channels_on_redis(prefix: str) -> list[str]:
    client = redis.Redis.from_url(settings.REDIS_URL)
    try:
        return sorted(
            channel.decode() if isinstance(channel, bytes) else channel
            for channel in client.pubsub_channels(f"{prefix}*")
        )
    finally:
        client.close()


@pytest.mark.redis
def test_a_channel_is_followed_from_its_first_viewer_to_its_last_on_one_connection() -> None:
    async def scenario() -> list[Any]:
        hub = LiveHub(settings.REDIS_URL, queue_size=4)
        seen: list[Any] = []
        first = await hub.subscribe("hubtest:1")
        second = await hub.subscribe("hubtest:1")
        other = await hub.subscribe("hubtest:2")
        connection = hub._pubsub.connection if hub._pubsub else None
        seen.append(await asyncio.to_thread(channels_on_redis, "hubtest:"))
        publisher = aioredis.Redis.from_url(settings.REDIS_URL)
        await publisher.publish("hubtest:1", json.dumps({"event": "deal.recorded", "version": 1}))
        heard = [await asyncio.wait_for(s.queue.get(), 5) for s in (first, second)]
        seen.append([json.loads(str(item))["version"] for item in heard])
        await hub.unsubscribe(first)
        seen.append(await asyncio.to_thread(channels_on_redis, "hubtest:"))
        await hub.unsubscribe(second)
        await asyncio.sleep(0.1)  # UNSUBSCRIBE is sent, not waited for
        seen.append(await asyncio.to_thread(channels_on_redis, "hubtest:"))
        seen.append(hub._pubsub.connection is connection if hub._pubsub else None)
        await hub.unsubscribe(other)
        seen.append(hub.connected)
        await publisher.aclose()
        return seen

    assert asyncio.run(scenario()) == [
        ["hubtest:1", "hubtest:2"],
        [1, 1],
        ["hubtest:1", "hubtest:2"],
        ["hubtest:2"],
        True,
        False,
    ]


def test_a_hub_that_cannot_reach_redis_raises_and_keeps_nothing() -> None:
    async def scenario() -> tuple[dict[str, Any], bool]:
        hub = LiveHub("redis://127.0.0.1:1/0", queue_size=4)  # nothing listens on port 1
        with pytest.raises((aioredis.RedisError, OSError)):
            await hub.subscribe("hubtest:1")
        return hub.viewers, hub.connected

    assert asyncio.run(scenario()) == ({}, False)
