"""Profile the slowest hot path, recording a deal over HTTP (in-process, Django's test client), with pyinstrument.

Prints the CPU cost of a deal post against the bare insert endpoint (turn about, unprofiled), then the call tree of
300 deal posts.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/scorekeeper .venv/bin/python -m bench.profile_deal [--html F]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
import uuid
from collections.abc import Callable

from bench.deals import SEATS4, seep_deal
from bench.django_env import bench_database, bench_user

POSTS = 300


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--html", help="also write the profile as HTML to this file")
    parser.add_argument("--label", default="profile", help="the database is bench_LABEL (made, then dropped)")
    args = parser.parse_args()
    os.environ["DJANGO_SETTINGS_MODULE"] = "bench.settings"
    with bench_database(args.label):
        from django.test import Client
        from knox.models import AuthToken
        from pyinstrument import Profiler

        from games.services.matches import match_start

        user = bench_user()
        match = match_start(actor=user, game="seep", players=[{"name": f"Seat {n}"} for n in range(1, 5)])
        client = Client(headers={"Authorization": f"Token {AuthToken.objects.create(user=user)[1]}"})

        def post_deal(number: int) -> None:
            body = {**seep_deal(SEATS4[number % 4], number), "client_deal_id": str(uuid.uuid4())}
            response = client.post(f"/api/v1/matches/{match.pk}/deals/", body, content_type="application/json")
            assert response.status_code == 201, response.content

        def post_bare(number: int) -> None:
            response = client.post("/bench/insert/", {"n": number}, content_type="application/json")
            assert response.status_code == 201, response.content

        for number in range(20):  # warm up: imports, caches, the first connection
            post_deal(number)
            post_bare(number)
        deal_cpu, bare_cpu = cpu_turn_about(post_deal, post_bare)
        profiler = Profiler(interval=0.0005)
        profiler.start()
        for number in range(POSTS):
            post_deal(1000 + number)
        profiler.stop()
        print(profiler.output_text(unicode=False, color=False))
        if args.html:
            with open(args.html, "w") as out:
                out.write(profiler.output_html())
        print(
            f"CPU per request, unprofiled, medians of {BLOCKS} blocks of {BLOCK} taken turn about: "
            f"deal {deal_cpu:.2f} ms, bare insert {bare_cpu:.2f} ms, ratio {deal_cpu / bare_cpu:.2f}"
        )
    return 0


BLOCKS, BLOCK = 12, 40


def cpu_turn_about(*posts: Callable[[int], None]) -> list[float]:
    """Median CPU milliseconds per request of each kind, in blocks taken turn about so both see the same machine.
    CPU time of this process, not wall time: PostgreSQL's share is left out, and so is most of the noise."""
    spent: list[list[float]] = [[] for _ in posts]
    for block in range(BLOCKS):
        for kind, post in enumerate(posts):
            started = time.process_time()
            for number in range(BLOCK):
                post(10_000 + block * BLOCK + number)
            spent[kind].append((time.process_time() - started) / BLOCK * 1000)
    return [statistics.median(times) for times in spent]


if __name__ == "__main__":
    sys.exit(main())
