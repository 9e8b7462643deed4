"""What a correction of a long match costs against a plain deal post (issue 28, finding 3): a Seep match of 1,898
deals, through the API (Django's test client in this process, a knox token, the production settings with
``DEBUG=false``).

In one run, turn about: a plain deal post (deal 1,899), and the correction of deal 1, of the middle deal and of the
last deal, each also as a dry run (``?dry_run=true``). Each request runs in a transaction that is then rolled back,
so every correction meets the same match (and changes every deal after it: the corrected card points move every
later running lead). Medians of ``--repeats`` rounds; each figure is also printed as a ratio to the median post.
Targets: a correction of deal 1 under 10 times a post, of the last deal under 2 times.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/scorekeeper .venv/bin/python -m bench.corrections [--repeats 5]
        [--database corrections] [--cold] [--profile 'correct deal 1']

``--cold`` keeps no stored deal parsed (``REPLAY_PARSED_DEALS=0``), so each correction and dry run parses every
later deal, as a process's first correction of a match does (the benchmark's match repeats 20 distinct deals, so
without it even the first request parses only 20 of them).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
import uuid
from collections.abc import Callable
from typing import Any

from bench.deals import SEATS4, seep_deal
from bench.django_env import bench_database, bench_user
from bench.recording import match_with_deals, timed_and_rolled_back

DEALS = 1_898
POST = f"post deal {DEALS + 1:,}"
FIRST_TARGET, LAST_TARGET = 10.0, 2.0


def deal_payload(number: int) -> dict[str, Any]:
    """Deal ``number`` (1-based) of bench.recording's match."""
    return seep_deal(SEATS4[(number - 1) % 4], number - 1)


def corrected_payload(number: int) -> dict[str, Any]:
    """Deal ``number`` with the card points turned round: still legal, and every later running lead moves."""
    payload = deal_payload(number)
    points = payload["card_points"]
    return {**payload, "card_points": {"A": points["B"], "B": points["A"]}}


def requests(client: Any, match_id: int) -> dict[str, Callable[[], Any]]:
    from games.models import Match

    url = f"/api/v1/matches/{match_id}/deals/"

    def post() -> None:
        body = {**deal_payload(DEALS + 1), "client_deal_id": str(uuid.uuid4())}
        answered(client.post(url, body, content_type="application/json", secure=True), 201)

    def correction(number: int, dry_run: bool) -> Callable[[], None]:
        body = {**corrected_payload(number), "reason": "bench"}
        query = "?dry_run=true" if dry_run else ""

        def put() -> None:
            version = Match.objects.values_list("version", flat=True).get(pk=match_id)
            headers = {"If-Match": f'"{version}"'}
            response = client.put(
                f"{url}{number}/{query}", body, content_type="application/json", headers=headers, secure=True
            )
            answered(response, 200)

        return put

    middle = (DEALS + 1) // 2
    measured: dict[str, Callable[[], Any]] = {POST: post}
    for dry_run in (False, True):
        for number in (1, middle, DEALS):
            measured[f"{'dry run' if dry_run else 'correct'} deal {number:,}"] = correction(number, dry_run)
    return measured


def answered(response: Any, expected: int) -> None:
    if response.status_code != expected:
        raise SystemExit(f"answered {response.status_code}, not {expected}: {response.content[:500]!r}")


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeats", type=int, default=5, help="rounds, each request once a round (default 5)")
    parser.add_argument(
        "--database",
        default="corrections",
        help="the benchmark's PostgreSQL database is bench_<this>, made and dropped (default corrections); two runs "
        "at once need two names",
    )
    parser.add_argument(
        "--cold",
        action="store_true",
        help="keep no deal parsed (REPLAY_PARSED_DEALS=0): every request parses every deal it replays, as a "
        "process's first correction of a match of distinct deals does",
    )
    parser.add_argument(
        "--profile",
        metavar="REQUEST",
        help="instead of timing, profile this request (e.g. 'correct deal 1') --repeats times with pyinstrument",
    )
    args = parser.parse_args()
    os.environ.setdefault("DEBUG", "false")  # as production: no query log kept
    os.environ.setdefault("SECRET_KEY", "bench-only-not-a-secret")
    with bench_database(args.database) as vendor:
        from django.test import Client
        from knox.models import AuthToken

        user = bench_user()
        started = time.perf_counter()
        match_id = match_with_deals(user, DEALS)
        print(f"database: {vendor}; a Seep match of {DEALS:,} deals built in {time.perf_counter() - started:.0f} s")
        client = Client(headers={"Authorization": f"Token {AuthToken.objects.create(user=user)[1]}"})
        measured = requests(client, match_id)
        if args.cold:
            from games.services.deals import PARSED_DEALS

            PARSED_DEALS.size = 0  # and it is empty: no request parses through a deal another parsed
        for request in measured.values():  # warm up: imports, caches, the first answers
            timed_and_rolled_back(request)
        if args.profile:
            return profiled(measured[args.profile], args.repeats)
        times: dict[str, list[tuple[float, float]]] = {name: [] for name in measured}
        post = measured[POST]
        for _ in range(args.repeats):
            for name, request in measured.items():  # a post before each change: turn about
                if request is not post:
                    times[POST].append(timed_with_cpu(post))
                    times[name].append(timed_with_cpu(request))
        return report(times, args.repeats)


class RolledBack(Exception):
    pass


def timed_with_cpu(request: Callable[[], Any]) -> tuple[float, float]:
    """Seconds ``request`` took, and the CPU seconds it took of this process and of its database backend (0 where
    /proc or PostgreSQL is not there): on a shared machine the CPU figures move less than the elapsed ones."""
    from django.db import connection, transaction

    try:
        with transaction.atomic():
            backend = _backend_pid(connection)
            cpu = _cpu_ns(backend)
            started = time.perf_counter()
            request()
            elapsed = time.perf_counter() - started
            used = (_cpu_ns(backend) - cpu) / 1e9
            raise RolledBack
    except RolledBack:
        return elapsed, used


def _backend_pid(connection: Any) -> int | None:
    if connection.vendor != "postgresql":
        return None
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        return int(cursor.fetchone()[0])


def _cpu_ns(backend: int | None) -> int:
    """Nanoseconds on a CPU so far, of this process and of ``backend`` (Linux's schedstat; 0 without it)."""
    total = 0
    for pid in ("self", backend):
        try:
            with open(f"/proc/{pid}/schedstat") as stat:
                total += int(stat.read().split()[0])
        except (OSError, ValueError):
            pass
    return total if backend is not None else 0


def profiled(request: Callable[[], Any], repeats: int) -> int:
    from pyinstrument import Profiler

    profiler = Profiler(interval=0.0005)
    for _ in range(repeats):
        with profiler:
            timed_and_rolled_back(request)
    print(profiler.output_text(unicode=False, color=False, show_all=False))
    return 0


def report(times: dict[str, list[tuple[float, float]]], repeats: int) -> int:
    medians = {name: statistics.median(wall for wall, _ in values) for name, values in times.items()}
    cpus = {name: statistics.median(cpu for _, cpu in values) for name, values in times.items()}
    post, post_cpu = medians[POST], cpus[POST] or 1.0
    print(f"through the API, medians of {repeats} rounds ({len(times[POST])} posts), turn about")
    print(f"{'request':24} {'median ms':>10} {'x post':>8} {'cpu ms':>8} {'x post':>8}")
    for name, seconds in medians.items():
        print(
            f"{name:24} {seconds * 1000:10.1f} {seconds / post:8.1f} {cpus[name] * 1000:8.1f} "
            f"{cpus[name] / post_cpu:8.1f}"
        )
    print("cpu: this process and its PostgreSQL backend (/proc/<pid>/schedstat)")
    first, last = medians["correct deal 1"] / post, medians[f"correct deal {DEALS:,}"] / post
    met = first < FIRST_TARGET and last < LAST_TARGET
    print(
        f"correct deal 1: {first:.1f} x post (target < {FIRST_TARGET:g}); correct the last deal: {last:.1f} x post "
        f"(target < {LAST_TARGET:g}): {'met' if met else 'missed'}"
    )
    return 0 if met else 1


if __name__ == "__main__":
    sys.exit(main())
