"""What one caller gets through the API's rate limits (issue 28): for BENCH_SECONDS (60), as fast as one process
can ask, one token creates players (writes), previews deals (dry runs), and one address without an account reads a
shared board (public reads); the answers counted by status. The rates are the settings' defaults unless the
environment sets them. Counts are kept per calendar minute, so a run of 60 s can see up to twice a rate (the end of
one window, the start of the next).

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/scorekeeper REDIS_URL=redis://127.0.0.1:6379/0 \\
        .venv/bin/python -m bench.rates
"""

from __future__ import annotations

import os
import sys
import time
from collections import Counter
from collections.abc import Callable
from typing import Any

from bench.django_env import bench_database, bench_user

SECONDS = float(os.environ.get("BENCH_SECONDS") or 60)  # the windows are whole minutes: 60 s spans one or two


def hammer(ask: Callable[[], Any]) -> tuple[Counter[int], float]:
    answers: Counter[int] = Counter()
    started = time.perf_counter()
    while time.perf_counter() - started < SECONDS:
        answers[ask().status_code] += 1
    return answers, time.perf_counter() - started


def main() -> int:
    with bench_database("rates") as vendor:  # Django is set up from here on
        from django.conf import settings
        from django.core.cache import cache
        from rest_framework.test import APIClient

        from tests.deals import seep_deal
        from tests.support.auth import client_for

        cache.clear()
        phone = client_for(bench_user())
        players = [{"name": f"P{n}"} for n in range(4)]
        match = phone.post("/api/v1/matches/", {"game": "seep", "players": players}, format="json")
        match_id = match.json()["id"]
        token = phone.post(f"/api/v1/matches/{match_id}/share/").json()["token"]
        spectator = APIClient(REMOTE_ADDR="198.51.100.7")
        kinds = {
            "write": lambda: phone.post("/api/v1/players/", {"name": "Asha"}, format="json"),
            "dry_run": lambda: phone.post(
                f"/api/v1/matches/{match_id}/deals/?dry_run=true", seep_deal(), format="json"
            ),
            "public": lambda: spectator.get(f"/api/v1/shared/{token}/"),
        }
        print(f"database: {vendor}; cache: {settings.CACHES['default']['BACKEND']}; {SECONDS} s each, one caller")
        for kind, ask in kinds.items():
            answers, seconds = hammer(ask)
            passed = sum(count for status, count in answers.items() if status < 400)
            print(
                f"{kind} ({settings.API_RATES[kind]}): {passed} answered ({passed / seconds:.1f}/s), "
                f"{answers[429]} refused with 429, of {sum(answers.values())} asked"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
