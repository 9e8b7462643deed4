"""Reading export files back, and a local webhook receiver on 127.0.0.1."""

from __future__ import annotations

import csv
import io
import json
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from openpyxl import load_workbook


def csv_rows(data: bytes) -> list[list[str]]:
    return list(csv.reader(io.StringIO(data.decode("utf-8-sig"))))


def xlsx_sheets(data: bytes) -> dict[str, list[list[Any]]]:
    """Each sheet's rows, empty cells (left out of the file) read as "" up to the header's width."""
    book = load_workbook(io.BytesIO(data), read_only=True)
    sheets = {}
    for sheet in book.worksheets:
        rows = [["" if v is None else v for v in row] for row in sheet.iter_rows(values_only=True)]
        width = len(rows[0]) if rows else 0
        sheets[sheet.title] = [row + [""] * (width - len(row)) for row in rows]
    return sheets


def as_text(rows: list[list[Any]]) -> list[list[str]]:
    return [[str(value) for value in row] for row in rows]


@dataclass
class Receiver:
    url: str
    answers: list[int]
    received: list[dict[str, Any]] = field(default_factory=list)


@contextmanager
def webhook_receiver(answers: list[int] | None = None) -> Iterator[Receiver]:
    """An HTTP server on 127.0.0.1 that records each POST and answers the given statuses in turn (then 200)."""
    receiver = Receiver(url="", answers=list(answers or []))

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            body = self.rfile.read(int(self.headers["Content-Length"]))
            receiver.received.append({"headers": dict(self.headers), "body": body, "json": json.loads(body)})
            self.send_response(receiver.answers.pop(0) if receiver.answers else 200)
            self.end_headers()

        def log_message(self, *args: Any) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    receiver.url = f"http://127.0.0.1:{server.server_address[1]}/hook"
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield receiver
    finally:
        server.shutdown()
        server.server_close()


def pdf_text(data: bytes, tmp_path: Any) -> str:
    """The PDF's text as poppler's pdftotext extracts it (in reading order, Persian included)."""
    import subprocess

    path = tmp_path / "extracted.pdf"
    path.write_bytes(data)
    return subprocess.run(
        ["pdftotext", "-enc", "UTF-8", str(path), "-"], check=True, capture_output=True, text=True
    ).stdout
