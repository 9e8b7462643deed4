"""Server-sent events for the live scoreboard: an async view relaying a match's events from the process's hub.

The scoreboard only needs to know *that* the match changed, and to what: each event carries the small payload
games.events publishes after commit, with the new board ETag, so a page that already shows that board does nothing.
The streams of a process share one Redis pub/sub connection (table/hub.py); each waits on its own bounded queue and
is sent ``resync`` when it fell behind. A comment line every HEARTBEAT_SECONDS keeps proxies from closing an idle
stream, and the stream ends by itself after STREAM_SECONDS (the browser's EventSource reconnects), so no connection
lives forever. Without Redis, or while it is down, the view answers 204, which tells EventSource to stop; the page
then polls the board with ETags instead. Served by uvicorn through scorekeeper/asgi.py (WSGI servers cannot hold
these streams open).

A stream is cheap while it waits, and stays so: it checks access on a database connection, closes that
connection, and holds none while it streams (a PostgreSQL connection per viewer would exhaust the server's
``max_connections``), and only a few streams of a process check at once. OpenStreams bounds how many streams one
client address and one process keep open; beyond that the view answers 429 or 503 with Retry-After, and the page
polls until it tries again then (table/static/table/js/stream.js: with jitter, so a balancer's uneven spread is
absorbed by the viewers a full process refused landing on another).
"""

from __future__ import annotations

import asyncio
import logging
import threading
import weakref
from collections import Counter
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass
from typing import Any

import redis.asyncio as aioredis
from asgiref.sync import SyncToAsync, sync_to_async
from django.conf import settings
from django.db import connections
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse, StreamingHttpResponse
from django.http.response import HttpResponseBase
from django.utils.translation import gettext

from games.errors import error_body
from games.events import club_channel, live_channel, member_removed_key
from games.selectors.access import matches_visible_to
from nights.live import night_channel
from nights.selectors import events_visible_to
from scorekeeper.clients import client_address
from table.hub import LiveHub, Signal, Subscription, live_hub
from table.models import EventDisplayLink
from table.public_rate import public_rate_refusal
from table.selectors import match_for_share_token
from table.services import DISPLAY_LINK_REVOKED, SHARE_LINK_REVOKED

logger = logging.getLogger(__name__)

HEARTBEAT_SECONDS = 15.0
STREAM_SECONDS = 300.0
# A refused viewer polls meanwhile. A client at its own limit waits for one of its streams to end (within
# STREAM_SECONDS, so a slot is usually free by then); a full process is often the balancer's unevenness, with room in
# another process: the page tries again soon (plus its own jitter, stream.js) and most likely lands elsewhere.
RETRY_AFTER_SECONDS = 30
PROCESS_FULL_RETRY_AFTER_SECONDS = 5


class OpenStreams:
    """The one place that counts open streams: per client address and in all, in this process.

    The limits are read at each admission, so a changed setting applies to the next stream. A lock guards the
    counts: under the ASGI server they change on its one event loop, but a WSGI server (``make run``) runs each
    request's loop in a thread of its own."""

    def __init__(self) -> None:
        self.per_client: Counter[str] = Counter()
        self.total = 0
        self._lock = threading.Lock()
        self._checks: threading.BoundedSemaphore | None = None

    def admit(self, client: str) -> Callable[[], None] | HttpResponse:
        """Count a stream in and answer its release (which counts it out once, however often it is called), or
        the refusal of a stream beyond a limit."""
        with self._lock:
            if self.per_client[client] >= settings.LIVE_STREAMS_PER_CLIENT:
                return _busy(
                    429,
                    "throttled",
                    gettext("This address has too many live scoreboards open; the page will poll instead."),
                    settings.LIVE_STREAMS_PER_CLIENT,
                )
            if self.total >= settings.LIVE_STREAMS_PER_PROCESS:
                return _busy(
                    503,
                    "live_streams_full",
                    gettext("The server has as many live scoreboards open as it can hold; the page will poll instead."),
                    settings.LIVE_STREAMS_PER_PROCESS,
                    retry_after=PROCESS_FULL_RETRY_AFTER_SECONDS,
                )
            self.per_client[client] += 1
            self.total += 1
        released = False

        def release() -> None:
            nonlocal released
            with self._lock:
                if released:
                    return
                released = True
                self.total -= 1
                self.per_client[client] -= 1
                if not self.per_client[client]:
                    del self.per_client[client]  # no entry left behind per address ever seen

        return release

    def checking(self) -> threading.BoundedSemaphore:
        """Held while a stream checks access, in the request's thread: each check holds a database connection, and
        a burst of openings must not take every connection the database has."""
        with self._lock:
            if self._checks is None:
                self._checks = threading.BoundedSemaphore(settings.LIVE_STREAMS_CHECKING_AT_ONCE)
            return self._checks


OPEN_STREAMS = OpenStreams()


def _busy(status: int, code: str, detail: str, limit: int, retry_after: int = RETRY_AFTER_SECONDS) -> HttpResponse:
    response = JsonResponse(
        error_body(code, detail, None, {"retry_after_seconds": retry_after, "limit": limit}), status=status
    )
    response["Retry-After"] = str(retry_after)
    return response


@dataclass(frozen=True)
class Followed:
    """What a stream follows: its channel (a match's, or a club night's room), the event that ends it, and the
    channel it watches for that end."""

    channel: str
    ends_on: str | None = None
    watch: str | None = None


async def match_events(request: HttpRequest, match_id: int) -> HttpResponseBase:
    return await _admitted_stream(request, _visible_match, match_id)


async def shared_match_events(request: HttpRequest, token: str) -> HttpResponseBase:
    refused = await sync_to_async(public_rate_refusal)(request)  # the cache is synchronous
    if refused is not None:
        return refused
    return await _admitted_stream(request, _shared_match, token)


def _visible_match(request: HttpRequest, match_id: int) -> Followed | None:
    """A match the user may see; a club's match is followed until the user is removed from the club (the stream
    ends then, and the browser's reconnection checks access again: a seated player may still see it)."""
    user: Any = request.user  # a user or AnonymousUser: matches_visible_to answers nothing for the latter
    found = matches_visible_to(user).filter(pk=match_id).values_list("league__club_id", flat=True)[:1]
    if not found:
        return None
    club_id = found[0]
    if club_id is None:
        return Followed(live_channel(match_id))
    return Followed(live_channel(match_id), ends_on=member_removed_key(user.pk), watch=club_channel(club_id))


def _shared_match(request: HttpRequest, token: str) -> Followed | None:
    match = match_for_share_token(token)
    return None if match is None else Followed(live_channel(match.pk), ends_on=SHARE_LINK_REVOKED)


async def night_events(request: HttpRequest, event_id: int) -> HttpResponseBase:
    """A club night's room channel, for the club's members (the director's room and the members' room display)."""
    return await _admitted_stream(request, _readable_night, event_id)


async def shared_night_events(request: HttpRequest, token: str) -> HttpResponseBase:
    """A club night's room channel through the room display's link, without an account."""
    refused = await sync_to_async(public_rate_refusal)(request)
    if refused is not None:
        return refused
    return await _admitted_stream(request, _shared_night, token)


def _readable_night(request: HttpRequest, event_id: int) -> Followed | None:
    """A night of a club the user is a member of, followed until the user is removed from the club."""
    user: Any = request.user
    club_id = events_visible_to(user).filter(pk=event_id).values_list("club_id", flat=True).first()
    if club_id is None:
        return None
    return Followed(night_channel(event_id), ends_on=member_removed_key(user.pk), watch=club_channel(club_id))


def _shared_night(request: HttpRequest, token: str) -> Followed | None:
    link = EventDisplayLink.objects.filter(token=token).only("event_id").first()
    return None if link is None else Followed(night_channel(link.event_id), ends_on=DISPLAY_LINK_REVOKED)


def _checked_then_closed(
    find_match: Callable[[HttpRequest, Any], Followed | None], request: HttpRequest, key: Any
) -> Followed | None:
    """The access check (session, user, match), a few at once, then this thread's connections closed: the stream
    that follows must hold none while it waits. Runs in the request's thread, where the session and user are read."""
    with OPEN_STREAMS.checking():
        try:
            return find_match(request, key)
        finally:
            connections.close_all()


async def _admitted_stream(
    request: HttpRequest, find_match: Callable[[HttpRequest, Any], Followed | None], key: Any
) -> HttpResponseBase:
    """Admit the stream (or refuse it before any database work), check access, then stream until it ends."""
    release = OPEN_STREAMS.admit(client_address(request) or "unknown")
    if isinstance(release, HttpResponse):
        return release
    try:
        followed = await sync_to_async(_checked_then_closed)(find_match, request, key)
        if followed is None:
            raise Http404
        response = await _event_stream(followed.channel, on_end=release, ends_on=followed.ends_on, watch=followed.watch)
    except BaseException:
        release()
        raise
    if not response.streaming:
        release()  # 204: nothing stays open
    else:
        # The stream releases its slot when it ends; this covers a response dropped before its first chunk was read
        # (the browser left at once), whose generator never starts and so never runs its ``finally``.
        weakref.finalize(response, release)
    return response


async def _event_stream(
    channel: str | int,
    on_end: Callable[[], None] = lambda: None,
    ends_on: str | None = None,
    watch: str | None = None,
) -> HttpResponseBase:
    """The channel's events (a number: that match's channel); a stream given ``ends_on`` ends when that event comes,
    on its own channel (a revoked share link) or on ``watch`` (the member's removal, on the club's)."""
    if isinstance(channel, int):
        channel = live_channel(channel)
    if not settings.REDIS_URL:
        return HttpResponse(status=204)
    hub = live_hub(settings.REDIS_URL, settings.LIVE_STREAM_QUEUE_SIZE)
    try:
        subscription = await hub.subscribe(channel, ends_on=ends_on, watch=watch)
    except (aioredis.RedisError, OSError, TimeoutError):
        logger.warning("Live updates for %s unavailable: Redis unreachable", channel)
        return HttpResponse(status=204)
    response = StreamingHttpResponse(_relay(hub, subscription, on_end), content_type="text/event-stream")
    response["Cache-Control"] = "no-cache"
    response["X-Accel-Buffering"] = "no"  # nginx: pass each event on at once
    return response


async def _relay(hub: LiveHub, subscription: Subscription, on_end: Callable[[], None]) -> AsyncIterator[str]:
    """The stream: what the hub queues for this viewer, a heartbeat while nothing comes, the end at STREAM_SECONDS."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + STREAM_SECONDS
    next_beat = loop.time() + HEARTBEAT_SECONDS
    try:
        _let_the_request_thread_go()
        yield "retry: 3000\nevent: ready\ndata: {}\n\n"
        while (now := loop.time()) < deadline:
            try:
                item = await asyncio.wait_for(subscription.queue.get(), timeout=min(next_beat, deadline) - now)
            except TimeoutError:
                if loop.time() >= next_beat:
                    yield ": heartbeat\n\n"
                    next_beat = loop.time() + HEARTBEAT_SECONDS
                continue
            if item is Signal.END or item is Signal.LOST:
                return  # LOST: the browser reconnects (retry above), gets 204 while Redis is down, and polls
            yield "event: resync\ndata: {}\n\n" if item is Signal.RESYNC else f"event: change\ndata: {item}\n\n"
    finally:
        on_end()  # also when the browser went away (the task is cancelled)
        await hub.unsubscribe(subscription)


def _let_the_request_thread_go() -> None:
    """Django runs a request's sync steps (middleware, the access check) on a thread of the request's own (asgiref's
    ThreadSensitiveContext), kept until the request ends: for a stream, minutes of an idle thread, most of a viewer's
    memory (issue 19). Once the stream starts those steps are done, so the thread goes now; a sync step after it (the
    response's close) gets a thread for that moment. Without that context (a WSGI server) there is nothing to do."""
    context = SyncToAsync.thread_sensitive_context.get(None)
    executor = SyncToAsync.context_to_thread_executor.pop(context, None) if context is not None else None
    if executor is not None:
        executor.shutdown(wait=False)
