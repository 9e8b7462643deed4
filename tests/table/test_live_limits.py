"""The live streams are bounded: per client address (the peer the server saw) and per process, with a 429 or 503 in
the error shape and a Retry-After beyond; the slot comes back when a stream ends, the client leaves or the answer
is dropped unread; and a stream holds no database connection while it waits.

The requests go through scorekeeper.asgi's application as uvicorn hands them over (scope, receive, send), so the
session, the access check and Django's handling of a disconnect are the real ones."""

from __future__ import annotations

import asyncio
import gc
import json
import threading
import time
from collections.abc import Iterator, Mapping
from typing import Any

import pytest
from django.db import connection, connections
from django.test import Client, override_settings
from rest_framework.test import APIClient

from games.models import Match
from scorekeeper.asgi import application
from table import live
from table.live import OpenStreams
from tests.api.helpers import start_match

pytestmark = pytest.mark.django_db(transaction=True)  # the ASGI handler reads the database from its own threads

PHONE = "10.20.30.40"


@pytest.fixture(autouse=True)
def open_streams(monkeypatch: pytest.MonkeyPatch) -> Iterator[OpenStreams]:
    counter = OpenStreams()
    monkeypatch.setattr(live, "OPEN_STREAMS", counter)
    yield counter


class AsgiRequest:
    """One GET through the ASGI application: its answer's status, headers and body as they arrive, and a way to
    go away as a browser does (http.disconnect)."""

    def __init__(self, path: str, client: str = PHONE, headers: dict[str, str] | None = None) -> None:
        given = [(name.lower().encode(), value.encode()) for name, value in (headers or {}).items()]
        raw_headers = [(b"host", b"testserver"), *given]
        self.scope = {
            "type": "http",
            "asgi": {"version": "3.0", "spec_version": "2.3"},
            "http_version": "1.1",
            "method": "GET",
            "scheme": "http",
            "path": path,
            "raw_path": path.encode(),
            "root_path": "",
            "query_string": b"",
            "headers": raw_headers,
            "client": (client, 50000),
            "server": ("testserver", 80),
        }
        self.sent: asyncio.Queue[Mapping[str, Any]] = asyncio.Queue()
        self.gone = asyncio.Event()
        self.body_read = False
        self.task: asyncio.Task[None] | None = None

    async def receive(self) -> dict[str, Any]:
        if not self.body_read:
            self.body_read = True
            return {"type": "http.request", "body": b"", "more_body": False}
        await self.gone.wait()
        return {"type": "http.disconnect"}

    async def send(self, message: Mapping[str, Any]) -> None:
        await self.sent.put(message)

    async def start(self) -> tuple[int, dict[str, str]]:
        self.task = asyncio.create_task(application(self.scope, self.receive, self.send))
        start = await asyncio.wait_for(self.sent.get(), timeout=10)
        return start["status"], {k.decode().lower(): v.decode() for k, v in start["headers"]}

    async def chunk(self) -> bytes:
        message = await asyncio.wait_for(self.sent.get(), timeout=10)
        value: bytes = message.get("body", b"")
        return value

    async def leave(self) -> None:
        self.gone.set()
        assert self.task is not None
        await asyncio.wait_for(self.task, timeout=10)

    async def finish(self) -> None:
        assert self.task is not None
        await asyncio.wait_for(self.task, timeout=10)


async def answer(path: str, **options: Any) -> tuple[int, dict[str, str], bytes]:
    """A request whose answer is not a stream: status, headers and the whole body."""
    request = AsgiRequest(path, **options)
    status, headers = await request.start()
    body = await request.chunk()
    await request.finish()
    return status, headers, body


@pytest.fixture
def shared_events(api: APIClient) -> str:
    match = start_match(api)
    token = api.post(f"/api/v1/matches/{match['id']}/share/").json()["token"]
    return f"/table/s/{token}/events/"


def assert_refused(
    refused: tuple[int, dict[str, str], bytes], expected_status: int, code: str, limit: int, retry_after: int = 30
) -> None:
    status, headers, body = refused
    assert (status, headers["retry-after"], headers["content-type"]) == (
        expected_status,
        str(retry_after),
        "application/json",
    )
    detail = json.loads(body)
    assert (detail["code"], detail["field"], detail["extra"]) == (
        code,
        None,
        {"retry_after_seconds": retry_after, "limit": limit},
    )
    assert set(detail) == {"code", "detail", "field", "extra", "errors"}


@override_settings(LIVE_STREAMS_PER_CLIENT=2, REDIS_URL="")
def test_a_client_with_its_streams_all_open_is_refused_429_before_any_database_work(
    shared_events: str, open_streams: OpenStreams, monkeypatch: pytest.MonkeyPatch
) -> None:
    checks: list[str] = []
    check = live._shared_match

    def recorded_check(request: Any, token: str) -> live.Followed | None:
        checks.append(request.META["REMOTE_ADDR"])
        return check(request, token)

    monkeypatch.setattr(live, "_shared_match", recorded_check)  # the check is what reads the database
    open_streams.admit(PHONE)
    open_streams.admit(PHONE)
    assert_refused(asyncio.run(answer(shared_events)), 429, "throttled", 2)
    other_phone = asyncio.run(answer(shared_events, client="10.20.30.41"))
    assert other_phone[0] == 204  # no Redis here: admitted, and told to poll
    assert checks == ["10.20.30.41"]
    assert (open_streams.total, dict(open_streams.per_client)) == (2, {PHONE: 2})


@override_settings(LIVE_STREAMS_PER_CLIENT=2, REDIS_URL="")
def test_a_forwarded_for_header_does_not_make_a_new_client(shared_events: str, open_streams: OpenStreams) -> None:
    open_streams.admit(PHONE)
    open_streams.admit(PHONE)
    refused = asyncio.run(
        answer(shared_events, headers={"X-Forwarded-For": "198.51.100.7", "X-Real-IP": "198.51.100.8"})
    )
    assert_refused(refused, 429, "throttled", 2)


@override_settings(LIVE_STREAMS_PER_PROCESS=3, REDIS_URL="")
def test_a_process_with_its_streams_all_open_answers_503(shared_events: str, open_streams: OpenStreams) -> None:
    for address in ("10.0.0.1", "10.0.0.2", "10.0.0.3"):
        open_streams.admit(address)
    # Soon: another process likely has room, and the page adds its own jitter (stream.js).
    assert_refused(asyncio.run(answer(shared_events)), 503, "live_streams_full", 3, retry_after=5)


@override_settings(REDIS_URL="")
def test_a_refused_or_answered_request_gives_its_slot_back(
    api: APIClient, shared_events: str, open_streams: OpenStreams
) -> None:
    private = start_match(api)
    assert asyncio.run(answer(f"/table/matches/{private['id']}/events/"))[0] == 404  # signed out: not visible
    assert asyncio.run(answer("/table/s/no-such-token/events/"))[0] == 404
    assert asyncio.run(answer(shared_events))[0] == 204
    assert (open_streams.total, dict(open_streams.per_client)) == (0, {})


@override_settings(LIVE_STREAMS_CHECKING_AT_ONCE=2, REDIS_URL="")
def test_streams_opening_together_check_access_a_few_at_a_time(
    shared_events: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each check holds a database connection: six openings at once use two, not six."""
    checking, most, lock = 0, 0, threading.Lock()
    check = live._shared_match

    def counted_check(request: Any, token: str) -> live.Followed | None:
        nonlocal checking, most
        with lock:
            checking += 1
            most = max(most, checking)
        time.sleep(0.05)  # long enough for the others to arrive
        try:
            return check(request, token)
        finally:
            with lock:
                checking -= 1

    monkeypatch.setattr(live, "_shared_match", counted_check)

    async def together() -> list[int]:
        return [status for status, _, _ in await asyncio.gather(*(answer(shared_events) for _ in range(6)))]

    assert (asyncio.run(together()), most) == ([204] * 6, 2)


@pytest.mark.redis
@override_settings(LIVE_STREAMS_PER_CLIENT=1)
def test_the_slot_comes_back_when_the_client_goes_away(shared_events: str, open_streams: OpenStreams) -> None:
    async def scenario() -> list[Any]:
        first = AsgiRequest(shared_events)
        seen = [(await first.start())[0], await first.chunk(), open_streams.total]
        seen.append((await answer(shared_events))[0])  # the one slot is taken
        await first.leave()
        seen.append(open_streams.total)
        again = AsgiRequest(shared_events)
        seen.append((await again.start())[0])
        await again.leave()
        return [*seen, open_streams.total]

    assert asyncio.run(scenario()) == [200, b"retry: 3000\nevent: ready\ndata: {}\n\n", 1, 429, 0, 200, 0]


@pytest.mark.redis
def test_the_slot_comes_back_when_the_stream_ends_by_itself(
    shared_events: str, open_streams: OpenStreams, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(live, "STREAM_SECONDS", 0.2)

    async def scenario() -> tuple[int, int]:
        request = AsgiRequest(shared_events)
        await request.start()
        during = open_streams.total
        while await request.chunk():  # ready, then the closing empty body
            pass
        await request.finish()
        return during, open_streams.total

    assert asyncio.run(scenario()) == (1, 0)


@pytest.mark.redis
def test_a_stream_answered_but_never_read_gives_its_slot_back_when_dropped(
    shared_events: str, open_streams: OpenStreams
) -> None:
    from django.test import AsyncRequestFactory

    token = shared_events.split("/")[3]

    async def scenario() -> tuple[int, int]:
        response = await live.shared_match_events(AsyncRequestFactory().get(shared_events), token)
        during = open_streams.total
        del response
        gc.collect()
        return during, open_streams.total

    assert asyncio.run(scenario()) == (1, 0)


def _other_sessions_on_this_database() -> int:
    """PostgreSQL's count of the other sessions on the test database; this thread's own is closed afterwards, so
    it never counts in a later look."""
    try:
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()"
            )
            value: int = cursor.fetchone()[0]
            return value
    finally:
        connections.close_all()


def _other_sessions_once_settled(seconds: float = 5) -> int:
    """The count once closed sessions are gone: PostgreSQL ends a closed connection's backend a moment after the
    client closed it, and on a busy machine the look can come first. A stream holding a connection keeps it all
    along, so it still counts."""
    deadline = time.monotonic() + seconds
    while (count := _other_sessions_on_this_database()) and time.monotonic() < deadline:
        time.sleep(0.1)
    return count


@pytest.mark.postgres
@pytest.mark.redis
@pytest.mark.parametrize("who", ["signed-in player", "spectator with the share link"])
def test_a_waiting_stream_holds_no_database_connection(who: str, user: Any, api: APIClient, shared_events: str) -> None:
    headers = {}
    path = shared_events
    if who == "signed-in player":
        browser = Client()
        browser.force_login(user)
        headers = {"Cookie": f"sessionid={browser.cookies['sessionid'].value}"}
        path = f"/table/matches/{Match.objects.get().pk}/events/"

    async def scenario() -> tuple[int, bytes, int]:
        request = AsgiRequest(path, headers=headers)
        status = (await request.start())[0]
        ready = await request.chunk()
        open_while_waiting = await asyncio.to_thread(_other_sessions_once_settled)
        await request.leave()
        return status, ready, open_while_waiting

    assert _other_sessions_once_settled() == 0
    assert asyncio.run(scenario()) == (200, b"retry: 3000\nevent: ready\ndata: {}\n\n", 0)


@pytest.mark.redis
def test_a_waiting_stream_holds_no_thread_of_its_own(shared_events: str) -> None:
    """Django gives each request a thread for its sync steps until the request ends; a stream lets it go once it
    starts, or a thousand viewers would be a thousand idle threads (most of their memory, issue 19)."""

    async def scenario() -> tuple[int, int]:
        await answer("/api/v1/health/")  # the threads every request shares exist before counting
        before = set(threading.enumerate())
        requests = [AsgiRequest(shared_events, client=f"10.0.1.{n}") for n in range(6)]
        for request in requests:
            await request.start()
            await request.chunk()  # ready: the stream is open and waiting
        await asyncio.sleep(0.2)  # the threads let go have ended
        during = len(set(threading.enumerate()) - before)  # threads started for the streams and still there
        for request in requests:
            await request.leave()
        return during, live.OPEN_STREAMS.total

    assert asyncio.run(scenario()) == (0, 0)
