"""Server-sent events for the live scoreboard: an async view streaming a match's Redis pub/sub channel.

The scoreboard only needs to know *that* the match changed; it then fetches the board with If-None-Match. So
each event carries the small payload games.events publishes after commit. A comment line every
HEARTBEAT_SECONDS keeps proxies from closing an idle stream, and the stream ends by itself after
STREAM_SECONDS (the browser's EventSource reconnects), so no connection lives forever. Without Redis the view
answers 204, which tells EventSource to stop; the page then polls the board with ETags instead.
Served by uvicorn through scorekeeper/asgi.py (WSGI servers cannot hold these streams open).
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import AsyncIterator

import redis.asyncio as aioredis
from asgiref.sync import sync_to_async
from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponse, StreamingHttpResponse

from games.events import live_channel
from games.selectors import matches_visible_to
from table.selectors import match_for_share_token
from table.services import SHARE_LINK_REVOKED

logger = logging.getLogger(__name__)

HEARTBEAT_SECONDS = 15.0
STREAM_SECONDS = 300.0
POLL_SECONDS = 1.0


async def match_events(request: HttpRequest, match_id: int) -> HttpResponse:
    user = await request.auser()
    visible = await sync_to_async(matches_visible_to(user).filter(pk=match_id).exists)()
    if not visible:
        raise Http404
    return await _event_stream(match_id)


async def shared_match_events(request: HttpRequest, token: str) -> HttpResponse:
    match = await sync_to_async(match_for_share_token)(token)
    if match is None:
        raise Http404
    return await _event_stream(match.pk, ends_on=SHARE_LINK_REVOKED)


async def _event_stream(match_id: int, ends_on: str | None = None) -> HttpResponse:
    """The match's events; a stream given ``ends_on`` ends when that event comes (a revoked share link)."""
    if not settings.REDIS_URL:
        return HttpResponse(status=204)
    client = aioredis.Redis.from_url(settings.REDIS_URL, socket_connect_timeout=2)
    pubsub = client.pubsub()
    try:
        await pubsub.subscribe(live_channel(match_id))
    except aioredis.RedisError:
        logger.warning("Live updates for match %s unavailable: Redis unreachable", match_id)
        await _close(client, pubsub)
        return HttpResponse(status=204)
    response = StreamingHttpResponse(_relay(client, pubsub, ends_on), content_type="text/event-stream")
    response["Cache-Control"] = "no-cache"
    response["X-Accel-Buffering"] = "no"  # nginx: pass each event on at once
    return response


async def _relay(client: aioredis.Redis, pubsub: aioredis.client.PubSub, ends_on: str | None) -> AsyncIterator[str]:
    loop = asyncio.get_running_loop()
    deadline = loop.time() + STREAM_SECONDS
    next_beat = loop.time() + HEARTBEAT_SECONDS
    try:
        yield "retry: 3000\nevent: ready\ndata: {}\n\n"
        while loop.time() < deadline:
            message = await pubsub.get_message(ignore_subscribe_messages=True, timeout=POLL_SECONDS)
            if message is not None:
                data = message["data"].decode() if isinstance(message["data"], bytes) else str(message["data"])
                if ends_on is not None and _event_name(data) == ends_on:
                    return
                yield f"event: change\ndata: {data}\n\n"
            elif loop.time() >= next_beat:
                yield ": heartbeat\n\n"
                next_beat = loop.time() + HEARTBEAT_SECONDS
    except aioredis.RedisError:
        logger.warning("Live stream ended: Redis connection lost")
    finally:
        await _close(client, pubsub)


def _event_name(data: str) -> str | None:
    try:
        return json.loads(data).get("event")
    except (ValueError, AttributeError):
        return None


async def _close(client: aioredis.Redis, pubsub: aioredis.client.PubSub) -> None:
    """Unsubscribe and hand the connection back, also when the browser went away (the task is cancelled)."""
    try:
        await pubsub.aclose()
        await client.aclose()
    except (aioredis.RedisError, OSError):
        pass
