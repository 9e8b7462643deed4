"""Slow clients (slowloris): sockets that send their request head a byte at a time must not hold the server. The
README's production command runs as a private server; twenty sockets dribble header bytes while a normal request
is answered at once. gunicorn's sync workers, the command this replaced, wait on one socket each and froze. And an
idle keep-alive connection is closed after WEB_KEEPALIVE_SECONDS."""

from __future__ import annotations

import contextlib
import socket
import threading
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from tests.reliability.production import serve_production
from tests.support.servers import app_env, database_url

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]  # the server shares the test database

SLOW_SOCKETS = 20
DRIBBLE_SECONDS = 1.0
PROMPT_SECONDS = 2.0


@contextlib.contextmanager
def slow_clients(base_url: str, count: int) -> Iterator[list[socket.socket]]:
    """Sockets that start a request and then send one header byte every DRIBBLE_SECONDS, never finishing it."""
    host, port = base_url.removeprefix("http://").split(":")
    sockets = [socket.create_connection((host, int(port)), timeout=5) for _ in range(count)]
    done = threading.Event()

    def dribble() -> None:
        for client in sockets:
            client.sendall(b"GET /api/v1/health/ HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
        while not done.wait(DRIBBLE_SECONDS):
            for client in sockets:
                with contextlib.suppress(OSError):  # a server may close a slow socket: that is allowed
                    client.sendall(b"a")

    sender = threading.Thread(target=dribble, daemon=True)
    sender.start()
    try:
        yield sockets
    finally:
        done.set()
        sender.join(timeout=10)
        for client in sockets:
            client.close()


def test_slow_clients_dribbling_header_bytes_do_not_hold_the_production_server(workdir: Path) -> None:
    env = app_env(
        workdir,
        DATABASE_URL=database_url(),
        DEBUG="false",
        SECRET_KEY=uuid.uuid4().hex * 2,
        SECURE_SSL_REDIRECT="false",
    )
    with serve_production(workdir, env, workers=2) as app, slow_clients(app.base_url, SLOW_SOCKETS):
        time.sleep(2 * DRIBBLE_SECONDS)  # every slow socket accepted and mid-request
        started = time.monotonic()
        try:
            health = httpx.get(f"{app.base_url}/api/v1/health/", timeout=PROMPT_SECONDS)
        except httpx.TimeoutException:
            pytest.fail(
                f"a normal request got no answer within {PROMPT_SECONDS} s while {SLOW_SOCKETS} slow "
                "clients were connected"
            )
        elapsed = time.monotonic() - started
        assert (health.status_code, health.json()["database"]) == (200, "ok")
        assert elapsed < PROMPT_SECONDS


def test_the_production_server_closes_an_idle_keep_alive_connection_after_web_keepalive_seconds(workdir: Path) -> None:
    env = app_env(workdir, DATABASE_URL=database_url(), WEB_KEEPALIVE_SECONDS="1")
    with serve_production(workdir, env, workers=1) as app:
        host, port = app.base_url.removeprefix("http://").split(":")
        with socket.create_connection((host, int(port)), timeout=5) as client:
            client.sendall(b"GET /api/v1/health/ HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            answer = client.recv(65536)
            assert answer.startswith(b"HTTP/1.1 200 OK"), answer[:200]
            started = time.monotonic()
            while client.recv(65536):  # the rest of the answer, if any; then b"" when the server closes
                pass
            assert 0.8 < time.monotonic() - started < 3
