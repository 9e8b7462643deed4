"""Running calls at the same time, each on a thread (and database connection) of its own."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from django.db import connection


def run_together(calls: list[Callable[[], Any]]) -> list[Any]:
    """Start every call at the same moment on its own thread and connection; return results or exceptions."""
    barrier = threading.Barrier(len(calls))
    results: list[Any] = [None] * len(calls)

    def worker(index: int) -> None:
        barrier.wait()
        try:
            results[index] = calls[index]()
        except Exception as error:  # collected and asserted on by the test
            results[index] = error
        finally:
            connection.close()

    threads = [threading.Thread(target=worker, args=(index,)) for index in range(len(calls))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    return results
