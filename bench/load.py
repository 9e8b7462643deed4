"""The API under load: the production server on PostgreSQL, 16 clients recording deals, against a bare endpoint.

Starts the production server (gunicorn's uvicorn workers on scorekeeper.asgi, scorekeeper/gunicorn_conf.py;
workers = 2 x cores + 1, DEBUG off) on 127.0.0.1 with a fresh database ``bench_load`` made on
the server of ``DATABASE_URL`` (its query string, e.g. ``?conn_max_age=60``, is kept), then runs 16 asyncio/httpx
clients, each with its own account and its own match. Deal recording and the bare authenticated DRF endpoint that
inserts one row (bench/views.py) take turns in short slices, so both see the same machine; each side gets
``--seconds`` in all. Prints throughput, median and p99 latency, errors, and the ratio deals/bare. Only
127.0.0.1 is ever contacted; every loop is bounded in time.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/scorekeeper .venv/bin/python -m bench.load
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import os
import signal
import socket
import statistics
import subprocess
import sys
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import httpx

from bench.deals import SEATS4, seep_deal

REPO = Path(__file__).resolve().parent.parent
BENCH_DB = "bench_load"
TARGET_RATIO, TARGET_P99_MS = 0.5, 100.0


@dataclass
class Side:
    """What one kind of request did: latencies of the good answers, and every error."""

    name: str
    latencies: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    seconds: float = 0.0

    @property
    def throughput(self) -> float:
        return len(self.latencies) / self.seconds

    def percentile_ms(self, fraction: float) -> float:
        ordered = sorted(self.latencies)
        return 1000 * ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]

    def line(self) -> str:
        return (f"{self.name:<8}{len(self.latencies):>9}{self.throughput:>10.1f}/s"
                f"{1000 * statistics.median(self.latencies):>10.1f} ms{self.percentile_ms(0.99):>10.1f} ms"
                f"{len(self.errors):>8}")


def bench_database_url(url: str) -> str:
    parts = urlsplit(url)
    if not parts.scheme.startswith("postgres"):
        sys.exit("bench/load.py needs PostgreSQL: set DATABASE_URL=postgres://...")
    return urlunsplit(parts._replace(path=f"/{BENCH_DB}"))


def recreate_database(url: str) -> None:
    import psycopg

    admin = urlunsplit(urlsplit(url)._replace(path="/postgres", query=""))
    with psycopg.connect(admin, autocommit=True) as connection:
        connection.execute(f"DROP DATABASE IF EXISTS {BENCH_DB} WITH (FORCE)")
        connection.execute(f"CREATE DATABASE {BENCH_DB}")


def prepare(clients: int) -> tuple[list[str], list[int]]:
    """Migrate, then one account, token and Seep match per client."""
    import django

    django.setup()
    from django.core.management import call_command
    from django.db import connections
    from knox.models import AuthToken

    from bench.django_env import bench_user
    from games.services.matches import match_start

    logging.getLogger("httpx").setLevel(logging.WARNING)  # the project's settings log INFO: not every request
    call_command("migrate", verbosity=0)
    tokens, matches = [], []
    for index in range(clients):
        user = bench_user(f"client{index}")
        tokens.append(AuthToken.objects.create(user=user)[1])
        players = [{"name": f"Client {index} seat {seat}"} for seat in range(1, 5)]
        matches.append(match_start(actor=user, game="seep", players=players).pk)
    connections.close_all()
    return tokens, matches


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def start_gunicorn(port: int, workers: int) -> subprocess.Popen[bytes]:
    env = {**os.environ, "DEBUG": "false", "SECRET_KEY": "bench-only-" + uuid.uuid4().hex * 2,
           "ALLOWED_HOSTS": "127.0.0.1", "LOG_LEVEL": "WARNING", "SECURE_SSL_REDIRECT": "false"}  # plain HTTP here
    command = [str(Path(sys.executable).parent / "gunicorn"), "scorekeeper.asgi:application",
               "-c", "python:scorekeeper.gunicorn_conf", "--bind", f"127.0.0.1:{port}", "--workers", str(workers),
               "--log-level", "warning"]
    server = subprocess.Popen(command, cwd=REPO, env=env)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/api/v1/health/", timeout=1).status_code == 200:
                return server
        except httpx.HTTPError:
            pass
        time.sleep(0.2)
    server.terminate()
    sys.exit("gunicorn did not answer /api/v1/health/ within 30 s")


async def client_loop(base: str, token: str, match_id: int, *, sides: dict[str, Side],
                      plan: list[tuple[str, float]], start: float) -> None:
    """Follow the shared plan of (side, end time); record deals to our match or insert rows, as the slice says."""
    headers = {"Authorization": f"Token {token}", "Accept": "application/json"}
    number = 0
    async with httpx.AsyncClient(base_url=base, headers=headers, timeout=10) as client:
        for name, ends in plan:
            while time.perf_counter() - start < ends:
                if name == "deals":
                    path, body = f"/api/v1/matches/{match_id}/deals/", {
                        **seep_deal(SEATS4[number % 4], number), "client_deal_id": str(uuid.uuid4())}
                else:
                    path, body = "/bench/insert/", {"client": token[:8], "n": number}
                sent = time.perf_counter()
                try:
                    response = await client.post(path, json=body)
                except httpx.HTTPError as error:
                    sides[name].errors.append(repr(error))
                    continue
                if response.status_code == 201:
                    sides[name].latencies.append(time.perf_counter() - sent)
                    number += name == "deals"
                else:
                    sides[name].errors.append(f"{response.status_code} {response.text[:200]}")


async def run_load(base: str, tokens: list[str], matches: list[int], seconds: float, slices: int) -> dict[str, Side]:
    sides = {"deals": Side("deals"), "bare": Side("bare")}
    slice_seconds = seconds / slices
    plan, ends = [], 0.0
    for index in range(2 * slices):
        ends += slice_seconds
        name = "deals" if index % 2 == 0 else "bare"
        plan.append((name, ends))
        sides[name].seconds += slice_seconds
    start = time.perf_counter()
    await asyncio.gather(*(client_loop(base, token, match_id, sides=sides, plan=plan, start=start)
                           for token, match_id in zip(tokens, matches, strict=True)))
    return sides


def stored_counts(matches: list[int]) -> tuple[int, int]:
    from django.db import connections

    from games.models import AuditEntry, Deal

    connections.close_all()
    return Deal.objects.filter(match_id__in=matches).count(), AuditEntry.objects.filter(action="bench.insert").count()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--clients", type=int, default=16)
    parser.add_argument("--seconds", type=float, default=30.0, help="per side, over all its slices")
    parser.add_argument("--slices", type=int, default=6, help="turns each side takes")
    parser.add_argument("--workers", type=int, default=2 * (os.cpu_count() or 1) + 1)
    parser.add_argument("--keep-database", action="store_true")
    args = parser.parse_args()

    url = bench_database_url(os.environ.get("DATABASE_URL", ""))
    recreate_database(url)
    os.environ.update(DATABASE_URL=url, DJANGO_SETTINGS_MODULE="bench.settings")
    tokens, matches = prepare(args.clients)
    port = free_port()
    server = start_gunicorn(port, args.workers)
    try:
        sides = asyncio.run(run_load(f"http://127.0.0.1:{port}", tokens, matches, args.seconds, args.slices))
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=30)
    deals_stored, rows_stored = stored_counts(matches)
    report(args, sides, deals_stored, rows_stored)
    if not args.keep_database:
        from django.db import connections

        connections.close_all()
        recreate_database(url)  # leave an empty database behind, not the run's rows
    deals, bare = sides["deals"], sides["bare"]
    ok = (not deals.errors and not bare.errors and deals_stored == len(deals.latencies)
          and deals.throughput / bare.throughput >= TARGET_RATIO and deals.percentile_ms(0.99) < TARGET_P99_MS)
    return 0 if ok else 1


def report(args: argparse.Namespace, sides: dict[str, Side], deals_stored: int, rows_stored: int) -> None:
    deals, bare = sides["deals"], sides["bare"]
    redis = "on" if os.environ.get("REDIS_URL") else "off"
    print(f"gunicorn {args.workers} uvicorn workers, {os.cpu_count()} cores, PostgreSQL, Redis {redis}; {args.clients} "
          f"clients; {args.seconds:.0f} s per side in {args.slices} turns each")
    print(f"{'side':<8}{'answers':>9}{'rate':>12}{'median':>13}{'p99':>13}{'errors':>8}")
    print(deals.line())
    print(bare.line())
    for side in (deals, bare):
        for error in side.errors[:5]:
            print(f"  {side.name} error: {error}")
    print(f"stored: {deals_stored} deals for {len(deals.latencies)} answered 201; {rows_stored} bare rows for "
          f"{len(bare.latencies)}")
    ratio = deals.throughput / bare.throughput
    print(f"ratio deals/bare throughput {ratio:.2f} (target >= {TARGET_RATIO}); deals p99 "
          f"{deals.percentile_ms(0.99):.1f} ms (target < {TARGET_P99_MS:.0f} ms); median ratio bare/deals "
          f"{statistics.median(bare.latencies) / statistics.median(deals.latencies):.2f}")


if __name__ == "__main__":
    sys.exit(main())
