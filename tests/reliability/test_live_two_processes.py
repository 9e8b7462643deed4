"""Live scoreboards on two web processes and a Redis of the test's own (the shared one is never touched): the README's
production command twice, one uvicorn worker each, on the test database.

Viewers on both processes hear every change posted through either, in order and with the board's new ETag, across
a correction and a void; each process holds one pub/sub connection whatever the number of its streams (CLIENT
LIST), and none once they are gone; a viewer that stops reading gets a resync when it reads again, and holds up
nobody meanwhile; while Redis is down the streams end and a new one is told to poll (204)."""

from __future__ import annotations

import contextlib
import json
import re
import socket
import threading
import time
import uuid
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx
import pytest
import redis

from games.events import live_channel
from tests.deals import seep_deal
from tests.factories import UserFactory
from tests.reliability.production import serve_production
from tests.support.auth import token_for
from tests.support.servers import PrivateRedis, app_env, database_url, wait_until
from tests.support.streams import READY, open_streams, read_until

pytestmark = [pytest.mark.postgres, pytest.mark.redis, pytest.mark.django_db(transaction=True)]

STREAMS_EACH = 20
FLOOD = 600
CHANGE = re.compile(rb"event: change\ndata: (\{.*?\})\n\n")


def server_env(workdir: Path, redis_url: str, **more: str) -> dict[str, str]:
    return app_env(
        workdir,
        DATABASE_URL=database_url(),
        REDIS_URL=redis_url,
        DEBUG="false",
        SECRET_KEY=uuid.uuid4().hex * 2,
        SECURE_SSL_REDIRECT="false",
        DATABASE_POOL_MAX_SIZE="4",
        LIVE_STREAMS_PER_CLIENT="500",
        LIVE_STREAMS_PER_PROCESS="500",
        **more,
    )


def subscribed_clients(redis_url: str) -> int:
    """Redis's own count of the connections subscribed to at least one channel."""
    client = redis.Redis.from_url(redis_url)
    try:
        return sum(1 for entry in client.client_list() if int(entry.get("sub", 0)) > 0)
    finally:
        client.close()


def changes(received: bytes) -> list[tuple[str, int, str]]:
    """The match's changes a stream sent (not the test's own flood messages)."""
    return [
        (event["event"], event["version"], event["etag"])
        for event in (json.loads(found) for found in CHANGE.findall(received))
        if "etag" in event
    ]


def read_all(streams: list[socket.socket], marker: bytes, seconds: float) -> list[bytes]:
    """What each stream sent until ``marker``, all read at once (one thread each)."""
    with ThreadPoolExecutor(max_workers=len(streams)) as pool:
        return list(pool.map(lambda stream: read_until(stream, marker, seconds), streams))


@contextlib.contextmanager
def slow_stream(base_url: str, path: str) -> Iterator[socket.socket]:
    """A stream whose reader takes little at a time: a small receive buffer, set before connecting (TCP fixes the
    window then), so that what it does not read soon backs up into the server."""
    host, port = base_url.removeprefix("http://").split(":")
    stream = socket.socket()
    try:
        stream.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        stream.settimeout(30)
        stream.connect((host, int(port)))
        stream.sendall(f"GET {path} HTTP/1.1\r\nHost: {host}\r\nAccept: text/event-stream\r\n\r\n".encode())
        yield stream
    finally:
        stream.close()


def new_match(client: httpx.Client) -> tuple[int, str]:
    match = client.post("/api/v1/matches/", json={"game": "seep", "players": [{"name": f"P{n}"} for n in range(4)]})
    assert match.status_code == 201, match.text
    share = client.post(f"/api/v1/matches/{match.json()['id']}/share/")
    assert share.status_code == 201, share.text
    return match.json()["id"], f"/table/s/{share.json()['token']}/events/"


def test_viewers_on_two_processes_hear_every_change_posted_through_either_on_one_subscription_each(
    workdir: Path, private_redis: PrivateRedis
) -> None:
    token = token_for(UserFactory.create())
    env = server_env(workdir, private_redis.url)
    with (
        serve_production(workdir, env) as first,
        serve_production(workdir, env) as second,
        first.client(token) as via_first,
        second.client(token) as via_second,
    ):
        match_id, events = new_match(via_first)
        _, other_events = new_match(via_first)  # a second match followed on both processes: still one connection
        with (
            open_streams(first.base_url, events, STREAMS_EACH) as on_first,
            open_streams(second.base_url, events, STREAMS_EACH) as on_second,
            open_streams(first.base_url, other_events, 5) as others_first,
            open_streams(second.base_url, other_events, 5) as others_second,
        ):
            viewers = on_first + on_second
            openings = read_all(viewers + others_first + others_second, READY, 30)
            assert all(opening.startswith(b"HTTP/1.1 200 OK") and READY in opening for opening in openings)
            assert subscribed_clients(private_redis.url) == 2

            deals = f"/api/v1/matches/{match_id}/deals/"
            dealer = via_first.post(deals, json=seep_deal("S1")).json()["match"]["state"]["next_dealer"]
            assert via_second.post(deals, json=seep_deal(dealer)).status_code == 201
            assert (
                via_second.put(
                    f"{deals}1/",
                    json={**seep_deal("S1", points_a=70), "reason": "miscounted"},
                    headers={"If-Match": '"2"'},
                ).status_code
                == 200
            )
            assert via_first.request("DELETE", f"{deals}2/", json={"reason": "dealt twice"}).status_code == 200
            heard = read_all(viewers, b'"etag": "\\"4.0\\""', 30)
            expected = [
                ("deal.recorded", 1, '"1.0"'),
                ("deal.recorded", 2, '"2.0"'),
                ("deal.corrected", 3, '"3.0"'),
                ("deal.voided", 4, '"4.0"'),
            ]
            assert [changes(received) for received in heard] == [expected] * len(viewers)
            board = via_second.get(f"/api/v1/matches/{match_id}/board/")
            assert (board.status_code, board.headers["ETag"]) == (200, '"4.0"')
        wait_until(lambda: subscribed_clients(private_redis.url) == 0, 15, "the hubs to let their connections go")


def test_a_viewer_that_stops_reading_holds_up_nobody_and_is_told_to_resync(
    workdir: Path, private_redis: PrivateRedis
) -> None:
    token = token_for(UserFactory.create())
    env = server_env(workdir, private_redis.url, LIVE_STREAM_QUEUE_SIZE="16")
    with serve_production(workdir, env) as app, app.client(token) as client:
        match_id, events = new_match(client)
        with slow_stream(app.base_url, events) as slow, open_streams(app.base_url, events, 4) as readers:
            assert all(READY in opening for opening in read_all([slow, *readers], READY, 30))
            # Far more than the sockets (Linux lets a send buffer grow to 4 MiB) and the server's write buffer hold:
            # the slow viewer's queue overflows.
            with ThreadPoolExecutor(max_workers=1) as reading:  # the readers read while it is published
                flooding = reading.submit(read_all, readers, f'"number": {FLOOD - 1},'.encode(), 60)
                publisher = redis.Redis.from_url(private_redis.url)
                padding = "x" * 16_000
                for number in range(FLOOD):  # at a pace the reading viewers keep up with, about 6 s in all
                    publisher.publish(
                        live_channel(match_id), json.dumps({"event": "flood", "number": number, "padding": padding})
                    )
                    time.sleep(0.01)
                publisher.close()
                flooded = flooding.result()
            assert [received.count(b'"event": "flood"') for received in flooded] == [FLOOD] * 4

            started = time.monotonic()
            assert client.post(f"/api/v1/matches/{match_id}/deals/", json=seep_deal("S1")).status_code == 201
            heard = read_all(readers, b'"etag": "\\"1.0\\""', 10)
            assert [changes(received)[-1] for received in heard] == [("deal.recorded", 1, '"1.0"')] * 4
            assert time.monotonic() - started < 3

            backlog = read_until(slow, b'"etag": "\\"1.0\\""', 60)
            assert b"event: resync\n" in backlog
            assert changes(backlog)[-1] == ("deal.recorded", 1, '"1.0"')
            assert backlog.count(b'"event": "flood"') < FLOOD  # what it missed was dropped, not kept for it


def test_while_redis_is_down_streams_end_and_new_ones_are_told_to_poll(
    workdir: Path, private_redis: PrivateRedis
) -> None:
    token = token_for(UserFactory.create())
    env = server_env(workdir, private_redis.url)
    with serve_production(workdir, env) as app, app.client(token) as client:
        _, events = new_match(client)
        with open_streams(app.base_url, events, 3) as streams:
            assert all(READY in opening for opening in read_all(streams, READY, 30))
            private_redis.stop()
            endings = read_all(streams, b"0\r\n\r\n", 20)  # the chunked body's last chunk: the stream ended
            assert all(ending.endswith(b"0\r\n\r\n") for ending in endings), endings
        assert client.get(events).status_code == 204
        private_redis.start()
        with open_streams(app.base_url, events, 1) as again:
            assert READY in read_until(again[0], READY, 30)


def board_sets(redis_url: str, key_part: str, stop: threading.Event, seen: list[str]) -> None:
    """Every SET of a cache key holding ``key_part``, as Redis's MONITOR shows it, until ``stop``."""
    client = redis.Redis.from_url(redis_url)
    with client.monitor() as monitor:
        for command in monitor.listen():
            if stop.is_set():
                return
            text = str(command.get("command", ""))
            if text.startswith("SET ") and key_part in text.split(" ", 2)[1]:
                seen.append(text.split(" ", 2)[1])


def test_a_new_board_version_read_by_fifty_viewers_on_two_processes_is_built_at_most_once_in_each(
    workdir: Path, private_redis: PrivateRedis
) -> None:
    """The board of a version is built once per process at most (here at most twice in all) for all its readers,
    however many miss the cache together: each build is one SET of its cache key, which MONITOR counts."""
    token = token_for(UserFactory.create())
    env = server_env(workdir, private_redis.url)
    with (
        serve_production(workdir, env) as first,
        serve_production(workdir, env) as second,
        first.client(token) as via_first,
    ):
        match_id, events = new_match(via_first)
        shared = f"/api/v1/shared/{events.split('/')[3]}/"
        assert via_first.post(f"/api/v1/matches/{match_id}/deals/", json=seep_deal("S1")).status_code == 201
        stop, seen = threading.Event(), list[str]()
        with ThreadPoolExecutor(max_workers=51) as pool:
            watching = pool.submit(board_sets, private_redis.url, f"board:{match_id}:1.0:", stop, seen)
            time.sleep(0.5)  # MONITOR is on before the first read
            bases = [first.base_url, second.base_url] * 25
            answers = list(
                pool.map(lambda base: httpx.get(base + shared, headers={"If-None-Match": '"0.0"'}, timeout=30), bases)
            )
            stop.set()
            redis.Redis.from_url(private_redis.url).ping()  # one more command, so the monitor sees the stop
            watching.result(timeout=10)
    assert {(answer.status_code, answer.headers["ETag"]) for answer in answers} == {(200, '"1.0"')}
    assert len({answer.content for answer in answers}) == 1
    assert 1 <= len(seen) <= 2, seen
