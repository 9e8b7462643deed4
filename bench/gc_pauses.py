"""The garbage collector's pauses in a process serving deal posts, its heap frozen once started or not
(scorekeeper/heap.py, issue 31's open-loop tail).

In one process, in-process through Django's test client: the views imported and 50 deal posts as a warm-up, then
``--posts`` deal posts with every collection timed (``gc.callbacks``), first as the process stands, then after
``heap.settle()`` (the views imported, one collection, ``gc.freeze``), as a production worker does once started.
Prints, per generation, the collections, their total per post and the longest. A full (generation 2) collection
examines every object the process holds: a request that meets one waits for all of it. Django's test client leaves
three signal finalizers behind at each request (django/test/client.py connects its receivers per request), so the
heap here grows by some 15 objects a post where a production worker's does not, and the frozen full collections of a
long run examine those too.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/scorekeeper .venv/bin/python -m bench.gc_pauses
"""

from __future__ import annotations

import argparse
import gc
import os
import sys
import time
import uuid
from collections import defaultdict
from typing import Any

from bench.deals import SEATS4, seep_deal
from bench.django_env import bench_database, bench_user


class Pauses:
    """Each collection's duration, by generation, while listening."""

    def __init__(self) -> None:
        self.by_generation: dict[int, list[float]] = defaultdict(list)
        self._started = 0.0

    def __call__(self, phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            self._started = time.perf_counter()
        else:
            self.by_generation[info["generation"]].append(time.perf_counter() - self._started)

    def lines(self, posts: int) -> list[str]:
        return [
            f"  generation {generation}: {len(times)} collections, {sum(times) / posts * 1000:.3f} ms a post, "
            f"longest {max(times) * 1000:.1f} ms"
            for generation, times in sorted(self.by_generation.items())
        ]


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--posts", type=int, default=3000)
    args = parser.parse_args()
    os.environ["DJANGO_SETTINGS_MODULE"] = "bench.settings"  # no rate limits
    with bench_database("gc_pauses"):
        from django.test import Client, override_settings
        from knox.models import AuthToken

        from games.services.matches import match_start
        from scorekeeper import heap

        user = bench_user()
        matches = [
            match_start(actor=user, game="seep", players=[{"name": f"Seat {n}"} for n in range(1, 5)])
            for _ in range(16)
        ]
        client = Client(headers={"Authorization": f"Token {AuthToken.objects.create(user=user)[1]}"})
        numbers = iter(range(10**9))

        def post_deals(count: int) -> None:
            for _ in range(count):
                number = next(numbers)
                body = {**seep_deal(SEATS4[number // 16 % 4], number), "client_deal_id": str(uuid.uuid4())}
                response = client.post(
                    f"/api/v1/matches/{matches[number % 16].pk}/deals/", body, content_type="application/json"
                )
                assert response.status_code == 201, response.content

        post_deals(50)
        for label in ("as started", "frozen (heap.settle)"):
            if label.startswith("frozen"):
                with override_settings(WEB_GC_FREEZE=True):
                    heap.settle()
            pauses = Pauses()
            gc.callbacks.append(pauses)
            started = time.process_time()
            post_deals(args.posts)
            cpu = (time.process_time() - started) / args.posts * 1000
            gc.callbacks.remove(pauses)
            tracked, frozen = len(gc.get_objects()), gc.get_freeze_count()
            print(f"{label}: {tracked} objects tracked, {frozen} frozen; CPU {cpu:.2f} ms a post")
            print("\n".join(pauses.lines(args.posts)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
