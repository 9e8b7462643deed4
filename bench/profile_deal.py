"""Profile the slowest hot path, recording a deal over HTTP (in-process, Django's test client), with pyinstrument.

Prints the call tree of 300 deal posts and, for scale, the time of the bare insert endpoint per request.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/scorekeeper .venv/bin/python -m bench.profile_deal [--html F]
"""

from __future__ import annotations

import argparse
import os
import sys
import time
import uuid

from bench.deals import SEATS4, seep_deal
from bench.django_env import bench_database, bench_user

POSTS = 300


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--html", help="also write the profile as HTML to this file")
    args = parser.parse_args()
    os.environ["DJANGO_SETTINGS_MODULE"] = "bench.settings"
    with bench_database("profile"):
        from django.test import Client
        from pyinstrument import Profiler
        from rest_framework.authtoken.models import Token

        from games.services.matches import match_start

        user = bench_user()
        match = match_start(actor=user, game="seep", players=[{"name": f"Seat {n}"} for n in range(1, 5)])
        client = Client(headers={"Authorization": f"Token {Token.objects.create(user=user).key}"})

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
        bare = timed(post_bare, POSTS)
        profiler = Profiler(interval=0.0005)
        profiler.start()
        deals = timed(post_deal, POSTS, offset=20)
        profiler.stop()
        print(profiler.output_text(unicode=False, color=False))
        if args.html:
            with open(args.html, "w") as out:
                out.write(profiler.output_html())
        print(f"per request: deal {deals * 1000:.2f} ms (profiled), bare insert {bare * 1000:.2f} ms")
    return 0


def timed(post: object, count: int, offset: int = 0) -> float:
    started = time.perf_counter()
    for number in range(offset, offset + count):
        post(number)  # type: ignore[operator]
    return (time.perf_counter() - started) / count


if __name__ == "__main__":
    sys.exit(main())
