"""The API under load: the production server on PostgreSQL, 16 clients recording deals, against a bare endpoint;
then deals arriving at a fixed rate.

Starts the production server (gunicorn's uvicorn workers on scorekeeper.asgi, scorekeeper/gunicorn_conf.py;
workers = 2 x cores + 1, DEBUG off) on 127.0.0.1 with a fresh database ``bench_load`` made on
the server of ``DATABASE_URL`` (its query string, e.g. ``?conn_max_age=60``, is kept), then runs 16 asyncio/httpx
clients, each with its own account and its own match. Deal recording and the bare authenticated DRF endpoint that
inserts one row (bench/views.py) take turns in short slices, so both see the same machine; each side gets
``--seconds`` in all. Prints throughput, median and p99 latency, errors, the CPU per request of the server and of
the PostgreSQL backends serving it (sampled at each turn's end), and the ratios deals/bare: throughput (target 0.8)
and CPU per request (target 1.25 or less; issue 31).

Then the open loop: deals arrive at a fixed rate, half the deal endpoint's throughput just measured (its capacity
here), each sent at its due moment whatever the answers before it, spread over ``OPEN_MATCHES`` matches (a table
posts a deal every minute or so, not back to back). A deal's latency runs from its due moment, so a client that
falls behind counts against the server, not in its favour. Its figures are printed for reference: the open-loop
target (p99 at half the deal capacity <= 4 x the p50 at a tenth) is bench/load_open.py's, whose client (wrk) leaves
the server the CPU this one takes. Only 127.0.0.1 is ever contacted; every loop is bounded in time and in count.

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

import httpx

from bench.cpu import PostgresCpu, server_cpu_seconds
from bench.deals import SEATS4, seep_deal
from bench.django_env import admin_url, drop_server_database, recreate_server_database, server_database_url

REPO = Path(__file__).resolve().parent.parent
BENCH_DB = "bench_load"
TARGET_RATIO, TARGET_CPU_RATIO = 0.8, 1.25  # deals/bare: throughput at least, CPU per request at most
SERVER_START_SECONDS = 120  # five workers importing Django on 2 busy shared cores took over 30 s
OPEN_MATCHES = 128  # at 100 arrivals a second each match gets one every 1.3 s
OPEN_LOAD = 0.5  # the open loop's rate, as a share of the deal endpoint's measured throughput (--open-load)


@dataclass
class Side:
    """What one kind of request did: latencies of the good answers, and every error."""

    name: str
    latencies: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    seconds: float = 0.0
    server_cpu: float = 0.0  # seconds, over this side's turns
    postgres_cpu: float = 0.0

    def cpu_ms(self) -> tuple[float, float]:
        """Server and PostgreSQL CPU per answered request."""
        answered = max(1, len(self.latencies))
        return 1000 * self.server_cpu / answered, 1000 * self.postgres_cpu / answered

    @property
    def throughput(self) -> float:
        return len(self.latencies) / self.seconds

    def percentile_ms(self, fraction: float) -> float:
        ordered = sorted(self.latencies)
        return 1000 * ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]

    def line(self) -> str:
        return (
            f"{self.name:<8}{len(self.latencies):>9}{self.throughput:>10.1f}/s"
            f"{1000 * statistics.median(self.latencies):>10.1f} ms{self.percentile_ms(0.99):>10.1f} ms"
            f"{len(self.errors):>8}"
        )


def prepare(clients: int) -> tuple[list[str], list[int], list[int]]:
    """Migrate, then one account, token and Seep match per client, and the open loop's matches (match ``k`` is
    owned by client ``k % clients``)."""
    import django

    django.setup()
    from django.core.management import call_command
    from django.db import connections
    from knox.models import AuthToken

    from bench.django_env import bench_user
    from games.services.matches import match_start

    logging.getLogger("httpx").setLevel(logging.WARNING)  # the project's settings log INFO: not every request
    call_command("migrate", verbosity=0)
    users = [bench_user(f"client{index}") for index in range(clients)]
    tokens = [AuthToken.objects.create(user=user)[1] for user in users]

    def new_match(owner: int, name: str) -> int:
        players = [{"name": f"{name} seat {seat}"} for seat in range(1, 5)]
        return match_start(actor=users[owner], game="seep", players=players).pk

    matches = [new_match(index, f"Client {index}") for index in range(clients)]
    open_matches = [new_match(index % clients, f"Open {index}") for index in range(OPEN_MATCHES)]
    connections.close_all()
    return tokens, matches, open_matches


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def start_gunicorn(port: int, workers: int) -> subprocess.Popen[bytes]:
    env = {
        **os.environ,
        "DEBUG": "false",
        "SECRET_KEY": "bench-only-" + uuid.uuid4().hex * 2,
        "ALLOWED_HOSTS": "127.0.0.1",
        "LOG_LEVEL": "WARNING",
        "SECURE_SSL_REDIRECT": "false",
    }  # plain HTTP here
    command = [
        str(Path(sys.executable).parent / "gunicorn"),
        "scorekeeper.asgi:application",
        "-c",
        "python:scorekeeper.gunicorn_conf",
        "--bind",
        f"127.0.0.1:{port}",
        "--workers",
        str(workers),
        "--log-level",
        "warning",
    ]
    server = subprocess.Popen(command, cwd=REPO, env=env)
    deadline = time.monotonic() + SERVER_START_SECONDS
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/api/v1/health/", timeout=1).status_code == 200:
                return server
        except httpx.HTTPError:
            pass
        time.sleep(0.2)
    server.terminate()
    sys.exit(f"gunicorn did not answer /api/v1/health/ within {SERVER_START_SECONDS} s")


async def client_loop(
    base: str, token: str, match_id: int, *, sides: dict[str, Side], plan: list[tuple[str, float]], start: float
) -> None:
    """Follow the shared plan of (side, end time); record deals to our match or insert rows, as the slice says."""
    headers = {"Authorization": f"Token {token}", "Accept": "application/json"}
    number = 0
    async with httpx.AsyncClient(base_url=base, headers=headers, timeout=10) as client:
        for name, ends in plan:
            while time.perf_counter() - start < ends:
                if name == "deals":
                    path, body = deal_request(match_id, number)
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


async def sample_cpu(plan: list[tuple[str, float]], start: float, cpu: CpuMeter, sides: dict[str, Side]) -> None:
    """At each turn's end, the CPU spent since the last one goes to that turn's side."""
    before = cpu.sample()
    for name, ends in plan:
        await asyncio.sleep(max(0.0, start + ends - time.perf_counter()))
        after = cpu.sample()
        sides[name].server_cpu += after[0] - before[0]
        sides[name].postgres_cpu += PostgresCpu.spent(before[1], after[1])
        before = after


@dataclass
class CpuMeter:
    master: int
    postgres: PostgresCpu

    def sample(self) -> tuple[float, dict[int, float]]:
        return server_cpu_seconds(self.master), self.postgres.sample()


async def run_load(
    base: str, tokens: list[str], matches: list[int], *, seconds: float, slices: int, cpu: CpuMeter
) -> dict[str, Side]:
    sides = {"deals": Side("deals"), "bare": Side("bare")}
    slice_seconds = seconds / slices
    plan, ends = [], 0.0
    for index in range(2 * slices):
        ends += slice_seconds
        name = "deals" if index % 2 == 0 else "bare"
        plan.append((name, ends))
        sides[name].seconds += slice_seconds
    start = time.perf_counter()
    await asyncio.gather(
        sample_cpu(plan, start, cpu, sides),
        *(
            client_loop(base, token, match_id, sides=sides, plan=plan, start=start)
            for token, match_id in zip(tokens, matches, strict=True)
        ),
    )
    return sides


def deal_request(match_id: int, number: int) -> tuple[str, dict[str, object]]:
    """The next legal deal of a match that has ``number`` deals (the dealer moves on each deal)."""
    return f"/api/v1/matches/{match_id}/deals/", {
        **seep_deal(SEATS4[number % 4], number),
        "client_deal_id": str(uuid.uuid4()),
    }


@dataclass
class OpenMatch:
    """One open-loop match: its owner's client, the deals it has, and a lock so that its deals go in order."""

    match_id: int
    client: httpx.AsyncClient
    deals: int = 0
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)


async def open_arrival(match: OpenMatch, due: float, side: Side) -> None:
    async with match.lock:  # a deal waits for its match's previous one (rare: each gets one every OPEN_MATCHES)
        path, body = deal_request(match.match_id, match.deals)
        try:
            response = await match.client.post(path, json=body)
        except httpx.HTTPError as error:
            side.errors.append(repr(error))
            return
    if response.status_code != 201:
        side.errors.append(f"{response.status_code} {response.text[:200]}")
        return
    match.deals += 1
    side.latencies.append(time.perf_counter() - due)


async def run_open_loop(
    base: str, tokens: list[str], open_matches: list[int], rate: float, seconds: float
) -> tuple[Side, float]:
    """Deals due at ``rate`` a second for ``seconds``, match after match in turn; the latest a deal was sent."""
    side, lag = Side("open", seconds=seconds), 0.0
    clients = [
        httpx.AsyncClient(
            base_url=base,
            timeout=10,
            limits=httpx.Limits(max_connections=64),
            headers={"Authorization": f"Token {token}", "Accept": "application/json"},
        )
        for token in tokens
    ]
    matches = [OpenMatch(pk, clients[index % len(clients)]) for index, pk in enumerate(open_matches)]
    arrivals, start = [], time.perf_counter()
    for index in range(int(rate * seconds)):
        due = start + index / rate
        await asyncio.sleep(max(0.0, due - time.perf_counter()))
        lag = max(lag, time.perf_counter() - due)
        arrivals.append(asyncio.create_task(open_arrival(matches[index % len(matches)], due, side)))
    await asyncio.gather(*arrivals)
    for client in clients:
        await client.aclose()
    return side, lag


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
    parser.add_argument("--open-seconds", type=float, default=20.0, help="the open loop's length")
    parser.add_argument(
        "--open-load",
        type=float,
        default=OPEN_LOAD,
        help="the open loop's rate as a share of the deal endpoint's throughput",
    )
    parser.add_argument("--workers", type=int, default=2 * (os.cpu_count() or 1) + 1)
    parser.add_argument("--database", default=BENCH_DB, help="the database the run makes (and drops after)")
    parser.add_argument("--keep-database", action="store_true")
    args = parser.parse_args()

    url = server_database_url(os.environ.get("DATABASE_URL", ""), args.database)
    recreate_server_database(url, args.database)
    os.environ.update(DATABASE_URL=url, DJANGO_SETTINGS_MODULE="bench.settings")
    tokens, matches, open_matches = prepare(args.clients)
    port = free_port()
    server = start_gunicorn(port, args.workers)
    base = f"http://127.0.0.1:{port}"
    postgres = PostgresCpu(admin_url(url), args.database)
    load = os.getloadavg()
    try:
        sides = asyncio.run(
            run_load(
                base, tokens, matches, seconds=args.seconds, slices=args.slices, cpu=CpuMeter(server.pid, postgres)
            )
        )
        rate = args.open_load * sides["deals"].throughput
        opened, lag = asyncio.run(run_open_loop(base, tokens, open_matches, rate, args.open_seconds))
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=30)
        postgres.close()
    deals_stored, rows_stored = stored_counts(matches)
    open_stored, _ = stored_counts(open_matches)
    report(args, sides, deals_stored, rows_stored, load)
    report_open(opened, args.open_load, rate, lag, open_stored)
    if not args.keep_database:
        from django.db import connections

        connections.close_all()
        drop_server_database(url, args.database)
    deals, bare = sides["deals"], sides["bare"]
    ok = (
        not deals.errors
        and not bare.errors
        and not opened.errors
        and deals_stored == len(deals.latencies)
        and open_stored == len(opened.latencies)
        and deals.throughput / bare.throughput >= TARGET_RATIO
        and cpu_ratio(sides) <= TARGET_CPU_RATIO
    )
    return 0 if ok else 1


def cpu_ratio(sides: dict[str, Side]) -> float:
    """CPU per request (server and PostgreSQL), deals over bare."""
    return sum(sides["deals"].cpu_ms()) / max(1e-9, sum(sides["bare"].cpu_ms()))


def report(
    args: argparse.Namespace,
    sides: dict[str, Side],
    deals_stored: int,
    rows_stored: int,
    load: tuple[float, float, float],
) -> None:
    deals, bare = sides["deals"], sides["bare"]
    redis = "on" if os.environ.get("REDIS_URL") else "off"
    print(
        f"gunicorn {args.workers} uvicorn workers, {os.cpu_count()} cores, PostgreSQL, Redis {redis}; {args.clients} "
        f"clients; {args.seconds:.0f} s per side in {args.slices} turns each; load average at the start "
        f"{load[0]:.1f} {load[1]:.1f} {load[2]:.1f}"
    )
    print(f"{'side':<8}{'answers':>9}{'rate':>12}{'median':>13}{'p99':>13}{'errors':>8}")
    print(deals.line())
    print(bare.line())
    for side in (deals, bare):
        for error in side.errors[:5]:
            print(f"  {side.name} error: {error}")
    print(
        f"stored: {deals_stored} deals for {len(deals.latencies)} answered 201; {rows_stored} bare rows for "
        f"{len(bare.latencies)}"
    )
    ratio = deals.throughput / bare.throughput
    print(
        f"ratio deals/bare throughput {ratio:.2f} (target >= {TARGET_RATIO}); median ratio bare/deals "
        f"{statistics.median(bare.latencies) / statistics.median(deals.latencies):.2f}"
    )
    (deal_server, deal_pg), (bare_server, bare_pg) = deals.cpu_ms(), bare.cpu_ms()
    print(
        f"CPU per request: deals {deal_server:.2f} ms server + {deal_pg:.2f} ms PostgreSQL, bare {bare_server:.2f} + "
        f"{bare_pg:.2f} ms; ratio deals/bare {cpu_ratio(sides):.2f} (target <= {TARGET_CPU_RATIO})"
    )


def report_open(side: Side, load: float, rate: float, lag: float, stored: int) -> None:
    print(
        f"open loop: deals due at {rate:.1f}/s ({load:.0%} of the deal throughput) for {side.seconds:.0f} s "
        f"over {OPEN_MATCHES} matches; the latest was sent {1000 * lag:.1f} ms after its due moment"
    )
    print(f"{'side':<8}{'answers':>9}{'rate':>12}{'median':>13}{'p99':>13}{'errors':>8}")
    print(side.line())
    for error in side.errors[:5]:
        print(f"  open error: {error}")
    print(
        f"stored: {stored} deals for {len(side.latencies)} answered 201; deals p99 {side.percentile_ms(0.99):.1f} "
        f"ms, max {1000 * max(side.latencies):.1f} ms (for reference: the open-loop target is bench/load_open.py's)"
    )


if __name__ == "__main__":
    sys.exit(main())
