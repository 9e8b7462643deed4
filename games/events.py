"""Match events, announced only once the transaction that caused them has committed.

Live scoreboards (Redis pub/sub, channel ``match:<id>``) and any registered listener hear them (club webhooks
register one). A failure to announce never undoes or fails the change itself: the deal is already safe in the
database. The outer apps may add fields to the live payload (the table adds the new board ETag, so a page that
already shows that board does nothing) and listen to the documented payload; they register both in their
AppConfig.ready(), as games imports none of them.
"""

from __future__ import annotations

import atexit
import json
import logging
import os
import queue
import threading
import time
from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.db import transaction
from django.db.models import QuerySet

from games.models import Match

logger = logging.getLogger(__name__)

DEAL_RECORDED = "deal.recorded"
DEAL_CORRECTED = "deal.corrected"
DEAL_VOIDED = "deal.voided"
MATCH_FINISHED = "match.finished"
STANDINGS_CHANGED = "standings.changed"
# A club night's (nights/services.py announces them through announce_club_event; games knows only their names).
NIGHT_ROUND_STARTED = "night.round_started"
NIGHT_EVENT_FINISHED = "night.event_finished"
# On the club's live channel, not a match's: a member removed. Their open streams on the club's matches end at once
# (each then re-checks access when the browser reconnects), not when the stream would have ended by itself.
MEMBER_REMOVED = "membership.removed"


# name -> how to compute it from the match, after commit: the fields the outer apps add to each live payload.
_live_fields: dict[str, Callable[[Match], Any]] = {}
# name -> what to add to the query that locks a match for a change, so that computing the field after commit needs
# no query of its own (the board ETag's count of answers cost a round trip and 1 ms a deal post: issue 31).
_live_field_reads: dict[str, Callable[[QuerySet[Match]], QuerySet[Match]]] = {}


def add_live_field(
    name: str,
    compute: Callable[[Match], Any],
    read_with_match: Callable[[QuerySet[Match]], QuerySet[Match]] | None = None,
) -> None:
    """``compute`` makes the field from the match after commit; ``read_with_match``, if given, annotates the query
    that reads (and locks) the match for a change with what ``compute`` reads. A change does not move what it reads
    (answers to deals), or moves it in the match's version, which the field then carries."""
    _live_fields[name] = compute
    if read_with_match is not None:
        _live_field_reads[name] = read_with_match
    else:
        _live_field_reads.pop(name, None)


def live_fields_read() -> tuple[str, ...]:
    """The names of the live fields whose reads ``with_live_fields`` adds (a key for a query built once)."""
    return tuple(_live_field_reads)


def with_live_fields(matches: QuerySet[Match]) -> QuerySet[Match]:
    """``matches`` annotated with what the live fields read (see ``add_live_field``)."""
    for read in _live_field_reads.values():
        matches = read(matches)
    return matches


# name -> what to call with each event's documented payload, after commit (the webhooks app registers its deliveries).
_listeners: dict[str, Callable[[dict[str, Any]], None]] = {}


def add_listener(name: str, listen: Callable[[dict[str, Any]], None]) -> None:
    """Call ``listen`` with every event's payload after commit; registering a name again replaces its listener."""
    _listeners[name] = listen


def remove_listener(name: str) -> None:
    _listeners.pop(name, None)


# name -> the other live channel, if any, that also hears a match's live payload (a club night's room hears each of its
# tables: nights registers it in its AppConfig.ready(), as games imports no outer app).
_live_echoes: dict[str, Callable[[int, dict[str, Any]], str | None]] = {}
# Said again by the change that causes them (its payload has the match's status): not echoed a second time.
_NOT_ECHOED = frozenset({MATCH_FINISHED, STANDINGS_CHANGED})


def add_live_echo(name: str, channel_for: Callable[[int, dict[str, Any]], str | None]) -> None:
    """After a match's live payload is published on its channel, publish it also on ``channel_for(match_id,
    payload)`` when that names one; registering a name again replaces it."""
    _live_echoes[name] = channel_for


def live_channel(match_id: int) -> str:
    return f"{settings.LIVE_CHANNEL_PREFIX}match:{match_id}"


def club_channel(club_id: int) -> str:
    """The club's live channel: only events that end streams go there (a member removed)."""
    return f"{settings.LIVE_CHANNEL_PREFIX}club:{club_id}"


def end_key(payload: dict[str, Any]) -> str | None:
    """What a live stream that ends on an event compares: the event's name, and for an event aimed at one account
    (it names it in ``user``) the name and that account, so that only that account's streams end."""
    event = payload.get("event")
    if not isinstance(event, str):
        return None
    return f"{event}:{payload['user']}" if "user" in payload else event


def member_removed_key(user_id: int) -> str:
    return end_key({"event": MEMBER_REMOVED, "user": user_id}) or MEMBER_REMOVED


def announce_member_removed(club_id: int, user_id: int) -> None:
    """After commit, end the removed member's open streams on the club's matches (every web process hears it)."""
    payload = {"event": MEMBER_REMOVED, "club": club_id, "user": user_id}
    transaction.on_commit(lambda: publish_on(club_channel(club_id), payload))


def announce_match_change(event: str, match: Match, deal_number: int | None = None, finished_now: bool = False) -> None:
    """Queue the events a change to ``match`` causes; they go out after commit, or never if it rolls back."""
    payload = {
        "event": event,
        "match": match.pk,
        "version": match.version,
        "deal_number": deal_number,
        "status": match.status,
        "league": match.league_id,
    }
    events = [(event, payload)]
    if finished_now:
        events.append((MATCH_FINISHED, {**payload, "event": MATCH_FINISHED}))
    if match.league_id is not None:
        events.append((STANDINGS_CHANGED, {"event": STANDINGS_CHANGED, "league": match.league_id, "match": match.pk}))
    transaction.on_commit(lambda: _deliver(match, events))


def announce_club_event(payload: dict[str, Any]) -> None:
    """Queue a club's event that is no match's (a club night's round started, its last round closed): after commit
    its listeners hear ``payload``, which names the ``club``; no live scoreboard shows it."""
    transaction.on_commit(lambda: _tell_listeners(payload))


def _tell_listeners(payload: dict[str, Any]) -> None:
    for listen in list(_listeners.values()):
        listen(payload)


def _deliver(match: Match, events: list[tuple[str, dict[str, Any]]]) -> None:
    live_fields = {name: compute(match) for name, compute in _live_fields.items()}  # once for all the events
    for _event, payload in events:
        publish_live(match.pk, {**payload, **live_fields})
        _tell_listeners(payload)  # listeners get the documented payload only, without the live fields


def _redis(url: str) -> Any:
    """A client on the process's one capped pool (scorekeeper/redis_pool.py): a new client per event opened a
    connection per deal."""
    from scorekeeper.redis_pool import client

    return client(url)


def publish_live(match_id: int, payload: dict[str, Any]) -> None:
    """Tell the match's live scoreboards (and the channels that echo them); a missing Redis never fails the change
    that caused it."""
    if not settings.REDIS_URL:
        return
    publish_on(live_channel(match_id), payload)
    if payload.get("event") in _NOT_ECHOED:
        return
    for channel_for in list(_live_echoes.values()):
        channel = channel_for(match_id, payload)
        if channel is not None:
            publish_on(channel, payload)


def publish_on(channel: str, payload: dict[str, Any]) -> None:
    """Publish on a live channel; without Redis there are no streams (the pages poll, and each read checks access).
    With ``LIVE_PUBLISH_QUEUE`` above 0 the PUBLISH is handed to the process's publisher thread (``_Publisher``), so
    the request thread, which under ASGI serves every request of its process in turn, does not wait for Redis (off by
    default: bench/publish_handoff.py measured no gain in process, issue 31)."""
    if not settings.REDIS_URL:
        return
    if settings.LIVE_PUBLISH_QUEUE > 0:
        _publisher().hand(channel, payload)
    else:
        _publish_now(channel, payload)


def _publish_now(channel: str, payload: dict[str, Any]) -> None:
    import redis

    try:
        _redis(settings.REDIS_URL).publish(channel, json.dumps(payload))
    except redis.RedisError:
        logger.warning("Live update on %s not published: Redis unavailable", channel)


class _Publisher:
    """One thread per process publishing the live events handed to it, one at a time in the order handed (a FIFO
    queue with one consumer): the events of one change go out in the order announced (``deal.recorded`` before
    ``match.finished``), and of two changes in the order their requests handed them, as when each request published
    itself. Bounded: an event that finds the queue full (Redis stuck) is dropped with a warning, as a PUBLISH that
    fails is: a page's stream is told nothing, its next read or poll shows the change. At exit what is queued is
    published (for up to ``LIVE_PUBLISH_DRAIN_SECONDS``)."""

    def __init__(self, size: int) -> None:
        self._events: queue.Queue[tuple[str, dict[str, Any]] | None] = queue.Queue(size)
        self._thread = threading.Thread(target=self._run, name="live-publisher", daemon=True)
        self._thread.start()
        atexit.register(self.drain)

    def hand(self, channel: str, payload: dict[str, Any]) -> None:
        try:
            self._events.put_nowait((channel, payload))
        except queue.Full:
            logger.warning("Live update on %s not published: %s events wait already", channel, self._events.maxsize)

    def _run(self) -> None:
        while (event := self._events.get()) is not None:
            try:
                _publish_now(*event)
            except Exception:  # a live update never fails anything; the thread must go on for the next one
                logger.exception("Live update on %s not published", event[0])
            finally:
                self._events.task_done()
        self._events.task_done()

    def drain(self, timeout: float | None = None) -> None:
        """Wait until every event handed so far is published (tests; at exit, bounded)."""
        deadline = time.monotonic() + (settings.LIVE_PUBLISH_DRAIN_SECONDS if timeout is None else timeout)
        with self._events.all_tasks_done:
            while self._events.unfinished_tasks and (left := deadline - time.monotonic()) > 0:
                self._events.all_tasks_done.wait(left)


_publishers: dict[int, _Publisher] = {}  # by process id: a forked worker starts its own thread
_publishers_lock = threading.Lock()


def _publisher() -> _Publisher:
    pid = os.getpid()
    found = _publishers.get(pid)
    if found is None:
        with _publishers_lock:
            found = _publishers.get(pid)
            if found is None:
                found = _publishers[pid] = _Publisher(settings.LIVE_PUBLISH_QUEUE)
    return found


def published_so_far(timeout: float = 5.0) -> None:
    """Return once the live events handed off by this process so far are published (for tests and scripts that
    read what a change published)."""
    found = _publishers.get(os.getpid())
    if found is not None:
        found.drain(timeout)
