"""The live event's PUBLISH on the request thread against handed to the publisher thread (issue 31).

Deal posts in process (Django's test client, as bench/profile_deal.py), Redis on, in blocks taken turn about:
``LIVE_PUBLISH_QUEUE=0`` (the default: the request's thread publishes) against a queue of 1,000. Prints the median wall
and CPU milliseconds per post of each; the handed-off blocks wait for their queue to empty before their clock stops, so
the publishing is inside the wall time of both (a server's request thread would not wait for it).

    DATABASE_URL=postgres://... REDIS_URL=redis://127.0.0.1:6379/N .venv/bin/python -m bench.publish_handoff
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
import uuid

from bench.deals import SEATS4, seep_deal
from bench.django_env import bench_database, bench_user

BLOCKS, BLOCK = 12, 40


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--label", default="publish", help="the database is bench_LABEL (made, then dropped)")
    args = parser.parse_args()
    if not os.environ.get("REDIS_URL"):
        print("REDIS_URL is needed: the PUBLISH is what this measures")
        return 1
    os.environ["DJANGO_SETTINGS_MODULE"] = "bench.settings"
    with bench_database(args.label):
        from django.test import Client, override_settings
        from knox.models import AuthToken

        from games import events
        from games.services.matches import match_start

        user = bench_user()
        client = Client(headers={"Authorization": f"Token {AuthToken.objects.create(user=user)[1]}"})
        matches = [
            match_start(actor=user, game="seep", players=[{"name": f"Seat {n}"} for n in range(1, 5)]).pk
            for _ in range(2)
        ]

        def post_deal(match_id: int, number: int) -> None:
            body = {**seep_deal(SEATS4[number % 4], number), "client_deal_id": str(uuid.uuid4())}
            response = client.post(f"/api/v1/matches/{match_id}/deals/", body, content_type="application/json")
            assert response.status_code == 201, response.content

        ways = {"on the request thread": 0, "handed off": 1_000}
        wall: dict[str, list[float]] = {name: [] for name in ways}
        cpu: dict[str, list[float]] = {name: [] for name in ways}
        for number in range(20):  # warm up
            for match_id in matches:
                post_deal(match_id, number)
        for block in range(BLOCKS):
            for index, (name, size) in enumerate(ways.items()):
                with override_settings(LIVE_PUBLISH_QUEUE=size):
                    started, started_cpu = time.perf_counter(), time.process_time()
                    for number in range(BLOCK):
                        post_deal(matches[index], 1000 + block * BLOCK + number)
                    events.published_so_far()
                    wall[name].append((time.perf_counter() - started) / BLOCK * 1000)
                    cpu[name].append((time.process_time() - started_cpu) / BLOCK * 1000)
        print(f"deal posts with Redis on, medians of {BLOCKS} blocks of {BLOCK} taken turn about (ms per post):")
        for name in ways:
            median_wall, median_cpu = statistics.median(wall[name]), statistics.median(cpu[name])
            print(f"  PUBLISH {name:22} wall {median_wall:6.2f}  cpu {median_cpu:6.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
