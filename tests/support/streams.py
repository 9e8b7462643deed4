"""Raw event-stream requests on sockets of their own, read until a marker."""

from __future__ import annotations

import contextlib
import socket
import time
from collections.abc import Iterator

READY = b"event: ready"


@contextlib.contextmanager
def open_streams(base_url: str, path: str, count: int) -> Iterator[list[socket.socket]]:
    """``count`` event-stream requests sent at once, each on its own socket, closed afterwards."""
    host, port = base_url.removeprefix("http://").split(":")
    sockets: list[socket.socket] = []
    try:
        for _ in range(count):
            sockets.append(socket.create_connection((host, int(port)), timeout=30))
        for stream in sockets:
            stream.sendall(f"GET {path} HTTP/1.1\r\nHost: {host}\r\nAccept: text/event-stream\r\n\r\n".encode())
        yield sockets
    finally:
        for stream in sockets:
            stream.close()


def read_until(stream: socket.socket, marker: bytes, seconds: float) -> bytes:
    """What the stream sent until ``marker`` (or until it closed or the time ran out)."""
    received = bytearray()
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        stream.settimeout(max(deadline - time.monotonic(), 0.01))
        try:
            chunk = stream.recv(65536)
        except TimeoutError:
            break
        if not chunk:
            break
        received += chunk
        if received.find(marker, max(len(received) - len(chunk) - len(marker), 0)) >= 0:  # only the new bytes
            break
    return bytes(received)
