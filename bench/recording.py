"""Recording cost is flat, and what a correction costs: through the service (games.services), on a real database.

- Recording deal 1,000 of a match against recording deal 10 (target: ratio 1.2 or less; the match keeps its
  state, so a deal folds into the stored state instead of replaying the match).
- Correcting deal 1 of a 500-deal match (every later deal replayed and re-stored) against recording one deal.

Each measured write runs inside a transaction that is rolled back, so the same deal can be recorded again and
again; the two sides of each ratio alternate, so the machine's noise falls on both alike.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/scorekeeper .venv/bin/python -m bench.recording
"""

from __future__ import annotations

import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

from bench.deals import SEATS4, seep_deal
from bench.django_env import bench_database, bench_user

REPEATS = 200
CORRECTION_REPEATS = 10
RECORDING_TARGET = 1.2


class RolledBack(Exception):
    pass


def timed_and_rolled_back(write: Callable[[], Any]) -> float:
    from django.db import transaction

    started = time.perf_counter()
    try:
        with transaction.atomic():
            write()
            elapsed = time.perf_counter() - started
            raise RolledBack
    except RolledBack:
        return elapsed


def match_with_deals(user: Any, count: int) -> int:
    from games.services.deals import deal_record
    from games.services.matches import match_start

    match = match_start(actor=user, game="seep", players=[{"name": f"Bench {n}"} for n in range(1, 5)])
    for number in range(count):
        deal_record(match_id=match.pk, actor=user, payload=seep_deal(SEATS4[number % 4], number))
    return match.pk


def recorder(user: Any, match_id: int, number: int) -> Callable[[], Any]:
    from games.services.deals import deal_record

    payload = seep_deal(SEATS4[number % 4], number)
    return lambda: deal_record(match_id=match_id, actor=user, payload=payload)


def corrector(user: Any, match_id: int) -> Callable[[], Any]:
    from games.models import Match
    from games.services.deals import deal_correct

    payload = {**seep_deal("S1", 0), "card_points": {"A": 20, "B": 80}}

    def correct() -> Any:
        version = Match.objects.values_list("version", flat=True).get(pk=match_id)
        return deal_correct(
            match_id=match_id, number=1, actor=user, payload=payload, reason="bench", expected_version=version
        )

    return correct


def alternate(repeats: int, first: Callable[[], Any], second: Callable[[], Any]) -> tuple[float, float]:
    """Median seconds of each, run turn about."""
    times: tuple[list[float], list[float]] = ([], [])
    for _ in range(repeats):
        times[0].append(timed_and_rolled_back(first))
        times[1].append(timed_and_rolled_back(second))
    return statistics.median(times[0]), statistics.median(times[1])


def main() -> int:
    with bench_database("recording") as vendor:
        user = bench_user()
        short, long = match_with_deals(user, 9), match_with_deals(user, 999)
        tenth, thousandth = alternate(REPEATS, recorder(user, short, 9), recorder(user, long, 999))
        flat = thousandth / tenth
        print(f"database: {vendor}; medians of {REPEATS} recordings each, taken turn about")
        print(f"record deal 10:    {tenth * 1000:8.2f} ms")
        print(f"record deal 1,000: {thousandth * 1000:8.2f} ms   ratio {flat:.2f} (target <= {RECORDING_TARGET})")

        five_hundred = match_with_deals(user, 500)
        correction, one_deal = alternate(
            CORRECTION_REPEATS, corrector(user, five_hundred), recorder(user, five_hundred, 500)
        )
        print(
            f"correct deal 1 of a 500-deal match: {correction * 1000:8.2f} ms; record deal 501: "
            f"{one_deal * 1000:.2f} ms; ratio {correction / one_deal:.1f} (medians of {CORRECTION_REPEATS})"
        )
    return 0 if flat <= RECORDING_TARGET else 1


if __name__ == "__main__":
    sys.exit(main())
