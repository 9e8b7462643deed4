"""CPU used by the server under test and by the PostgreSQL backends serving it, read from /proc (Linux).

The load benchmarks report CPU per request beside throughput (issue 31): on these shared machines throughput moved
2x between runs of the same code while CPU per request held within about 10 %.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

CLOCK_TICKS = os.sysconf("SC_CLK_TCK")


def process_cpu_seconds(pid: int) -> float | None:
    """User + system CPU of one process so far, or None once it has gone."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (FileNotFoundError, ProcessLookupError):
        return None
    return (int(fields[11]) + int(fields[12])) / CLOCK_TICKS


def children(pid: int) -> list[int]:
    found: list[int] = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        found += [int(child) for child in (task / "children").read_text().split()]
    return found


def server_cpu_seconds(master: int) -> float:
    """CPU the server's master and workers have used so far."""
    return sum(process_cpu_seconds(pid) or 0.0 for pid in [master, *children(master)])


class PostgresCpu:
    """CPU of the PostgreSQL backends connected to one database (the benchmark's own: no other session's work),
    through one connection of ours to the server's ``postgres`` database. ``sample()`` gives each backend's CPU
    so far; ``spent(before, after)`` the CPU between two samples (a backend that started since counts whole, one
    that ended since is lost: the server's pool keeps its connections, so neither happens often)."""

    def __init__(self, admin_url: str, database: str) -> None:
        import psycopg

        self.connection: Any = psycopg.connect(admin_url, autocommit=True)
        self.database = database

    def sample(self) -> dict[int, float]:
        pids = self.connection.execute(
            "SELECT pid FROM pg_stat_activity WHERE datname = %s", [self.database]
        ).fetchall()
        found = {pid: process_cpu_seconds(pid) for (pid,) in pids}
        return {pid: seconds for pid, seconds in found.items() if seconds is not None}

    @staticmethod
    def spent(before: dict[int, float], after: dict[int, float]) -> float:
        return sum(seconds - before.get(pid, 0.0) for pid, seconds in after.items())

    def close(self) -> None:
        self.connection.close()
