"""One Redis pub/sub connection for all the live streams of a process, fanned out to a bounded queue per stream.

A stream per Redis connection cost a client and about 0.3 MiB each, and a thousand viewers reached Redis's client
limit (issue 19). Here the first viewer of a match subscribes the hub to the match's channel and the last one to
leave unsubscribes it; the hub's one reader hands each message to the queue of every viewer of that match. A queue
is bounded: a viewer that does not read (a phone asleep, a stalled proxy) is not held on to and holds nobody up;
when its queue is full what it missed is dropped for one ``RESYNC``, which tells the page to read the board again
(every event only says "re-read" anyway). A viewer whose end event comes (a revoked share link) gets ``END``
whatever it has not read yet, and every viewer gets ``LOST`` when the connection to Redis fails. A viewer may also
watch a second channel that only ends it and relays nothing (a signed-in member watches the club's, where their
removal is announced): the hub follows it as it follows a match's, once for all its viewers, so ending a removed
member's streams costs no database work per stream.

There is one hub per event loop: a uvicorn worker has one loop, so one hub, made when its first stream opens. The
hub lets its connection go when its last viewer leaves, so a loop that ends (``make run`` runs each request's loop
in a thread of its own) leaves nothing behind.
"""

from __future__ import annotations

import asyncio
import contextlib
import enum
import json
import logging
import weakref
from dataclasses import dataclass, field
from typing import Any

import redis.asyncio as aioredis

from games.events import end_key

logger = logging.getLogger(__name__)

# How long the reader waits for a message before looking again (a dead connection is noticed at the latest then).
READ_SECONDS = 5.0
CONNECT_SECONDS = 2.0


class Signal(enum.Enum):
    RESYNC = "resync"  # messages were dropped: read the board again
    END = "end"  # the viewer's end event came: the stream ends
    LOST = "lost"  # the connection to Redis failed: the stream ends and the page polls


@dataclass(eq=False)
class Subscription:
    """One viewer's place in the hub: its match channel, the event that ends it (its ``end_key``), its bounded
    queue, and the channel it watches for that end only."""

    channel: str
    ends_on: str | None
    queue: asyncio.Queue[str | Signal]
    watch: str | None = None
    closed: bool = field(default=False)

    @property
    def channels(self) -> tuple[str, ...]:
        return (self.channel,) if self.watch is None else (self.channel, self.watch)

    def offer(self, data: str, key: str | None, channel: str | None = None) -> None:
        """Queue a message without ever waiting: a full queue is replaced by one RESYNC. A message on the watched
        channel only ends the viewer, if it is the viewer's end."""
        if self.closed:
            return
        if key is not None and key == self.ends_on:
            self.close(Signal.END)
            return
        if channel not in (None, self.channel):
            return
        try:
            self.queue.put_nowait(data)
        except asyncio.QueueFull:
            self._replace_with(Signal.RESYNC)

    def close(self, signal: Signal) -> None:
        self._replace_with(signal)
        self.closed = True

    def _replace_with(self, signal: Signal) -> None:
        while not self.queue.empty():
            self.queue.get_nowait()
        self.queue.put_nowait(signal)


class LiveHub:
    """The channels this loop's viewers follow, on one pub/sub connection opened with the first of them."""

    def __init__(self, url: str, queue_size: int) -> None:
        self.url, self.queue_size = url, queue_size
        self.viewers: dict[str, set[Subscription]] = {}
        self._lock = asyncio.Lock()  # subscribing, leaving and (re)connecting one at a time
        self._pubsub: aioredis.client.PubSub | None = None
        self._reader: asyncio.Task[None] | None = None
        self._confirmations: dict[str, asyncio.Future[None]] = {}
        self._closing: set[asyncio.Task[None]] = set()

    @property
    def connected(self) -> bool:
        return self._pubsub is not None

    async def subscribe(self, channel: str, ends_on: str | None = None, watch: str | None = None) -> Subscription:
        """A new viewer of ``channel`` (and of ``watch``, for its end only); once this returns, every message
        published there reaches it. Raises RedisError (or TimeoutError) when Redis cannot be reached; nothing is
        left subscribed then."""
        subscription = Subscription(channel, ends_on, asyncio.Queue(self.queue_size), watch)
        async with self._lock:
            first = [name for name in subscription.channels if name not in self.viewers]
            for name in subscription.channels:  # before SUBSCRIBE: no message falls between
                self.viewers.setdefault(name, set()).add(subscription)
            try:
                for name in first:
                    await self._subscribe_channel(name)
            except BaseException:
                await self._forget(subscription)
                raise
        return subscription

    async def unsubscribe(self, subscription: Subscription) -> None:
        """The viewer left; the channel is left with its last viewer, and the connection with the hub's last."""
        async with self._lock:
            await self._forget(subscription)

    async def _subscribe_channel(self, channel: str) -> None:
        confirmed = self._confirmations[channel] = asyncio.get_running_loop().create_future()
        if self._pubsub is None:
            pubsub = self._pubsub = aioredis.Redis.from_url(self.url, socket_connect_timeout=CONNECT_SECONDS).pubsub()
            await pubsub.subscribe(channel)  # connects: the reader starts once there is a connection to read
            self._reader = asyncio.create_task(self._read(pubsub))
        else:
            await self._pubsub.subscribe(channel)
        await asyncio.wait_for(confirmed, timeout=CONNECT_SECONDS)

    async def _forget(self, subscription: Subscription) -> None:
        left = []
        for channel in subscription.channels:
            viewers = self.viewers.get(channel)
            if viewers is None or subscription not in viewers:
                continue  # already forgotten (the connection was lost)
            viewers.discard(subscription)
            if not viewers:
                del self.viewers[channel]
                self._confirmations.pop(channel, None)
                left.append(channel)
        if not left:
            return
        if not self.viewers:
            await self._disconnect()
        elif self._pubsub is not None:
            with contextlib.suppress(aioredis.RedisError, OSError):
                await self._pubsub.unsubscribe(*left)

    async def _read(self, pubsub: aioredis.client.PubSub) -> None:
        try:
            while True:
                message = await pubsub.get_message(timeout=READ_SECONDS)
                if message is not None:
                    self._dispatch(message)
                    await asyncio.sleep(0)  # a burst read at once: let the streams send before the next message
        except (aioredis.RedisError, OSError) as error:
            logger.warning("Live updates lost their Redis connection (%s); %d channels end", error, len(self.viewers))
            self._lose_everyone(error)

    def _dispatch(self, message: dict[str, Any]) -> None:
        channel = _text(message["channel"])
        if message["type"] == "subscribe":
            confirmed = self._confirmations.pop(channel, None)
            if confirmed is not None and not confirmed.done():
                confirmed.set_result(None)
        elif message["type"] == "message":
            data = _text(message["data"])
            key = _end_key(data)  # parsed once for all the channel's viewers
            for subscription in list(self.viewers.get(channel, ())):
                subscription.offer(data, key, channel)

    def _lose_everyone(self, error: Exception) -> None:
        """Every viewer is told, the connection is dropped; the next viewer to come connects afresh."""
        for subscription in {viewer for viewers in self.viewers.values() for viewer in viewers}:
            subscription.close(Signal.LOST)
        self.viewers.clear()
        for confirmed in self._confirmations.values():
            if not confirmed.done():
                confirmed.set_exception(aioredis.ConnectionError(str(error)))
        self._confirmations.clear()
        pubsub, self._pubsub, self._reader = self._pubsub, None, None
        if pubsub is not None:
            closing = asyncio.get_running_loop().create_task(_close(pubsub))
            self._closing.add(closing)  # held until done: the loop keeps only a weak reference to a task
            closing.add_done_callback(self._closing.discard)

    async def _disconnect(self) -> None:
        pubsub, reader, self._pubsub, self._reader = self._pubsub, self._reader, None, None
        if reader is not None:
            reader.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await reader
        if pubsub is not None:
            await _close(pubsub)


async def _close(pubsub: aioredis.client.PubSub) -> None:
    with contextlib.suppress(aioredis.RedisError, OSError):
        await pubsub.aclose()
    with contextlib.suppress(aioredis.RedisError, OSError):
        await pubsub.connection_pool.disconnect()


def _text(value: bytes | str) -> str:
    return value.decode() if isinstance(value, bytes) else str(value)


def _end_key(data: str) -> str | None:
    try:
        payload = json.loads(data)
    except ValueError:
        return None
    return end_key(payload) if isinstance(payload, dict) else None


_hubs: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, LiveHub] = weakref.WeakKeyDictionary()


def live_hub(url: str, queue_size: int) -> LiveHub:
    """This event loop's hub, made on first use (a changed REDIS_URL, as tests do, makes a new one)."""
    loop = asyncio.get_running_loop()
    hub = _hubs.get(loop)
    if hub is None or (hub.url, hub.queue_size) != (url, queue_size):
        hub = _hubs[loop] = LiveHub(url, queue_size)
    return hub
