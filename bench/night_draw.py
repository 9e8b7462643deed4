"""Drawing a club night's next round through the service (nights.services.round_start), late in the night: a Swiss
night of ``TEAMS`` teams of Bid Euchre (``TEAMS // 2`` tables) with ``HISTORY`` rounds closed by the director (each
table scored by the director), then round ``HISTORY + 1`` drawn ``REPEATS`` times, each in a transaction rolled back.
Swiss pairs by standing, so the draw reads the results of every round so far: this times that read with the draw and
the round's tables and matches made. The median and the slowest in milliseconds are printed.

    .venv/bin/python -m bench.events --service     # or .venv/bin/python -m bench.night_draw
"""

from __future__ import annotations

import random
import statistics
import time

from bench.django_env import bench_club, bench_database, bench_user

TEAMS = 40
HISTORY = 8
REPEATS = 7


class _RolledBack(Exception):
    """Raised inside the timed transaction to undo the round just drawn."""


def main() -> None:
    with bench_database("night_draw") as vendor:
        from django.core.cache import cache
        from django.db import transaction

        from nights.services import event_create, round_close, round_start, team_check_in

        cache.clear()
        director = bench_user("director")
        club = bench_club(director)
        event = event_create(
            actor=director,
            club=club,
            name="Bench Swiss night",
            game="bid_euchre",
            format="swiss",
            rounds_planned=HISTORY + 1,
            round_length="director",
            settings={},
            format_settings={},
        )
        for number in range(1, TEAMS + 1):
            players = [{"name": f"Player {number}a"}, {"name": f"Player {number}b"}]
            team_check_in(actor=director, event_id=event.pk, players=players)
        rng = random.Random(25)
        for number in range(1, HISTORY + 1):
            played = round_start(actor=director, event_id=event.pk)
            scores = {
                str(table.number): {"A": rng.randrange(0, 12), "B": rng.randrange(0, 12)}
                for table in played.tables.all()
            }
            round_close(actor=director, event_id=event.pk, number=number, reason="Bench", director_scores=scores)
        timings = []
        for _ in range(REPEATS):
            started = time.perf_counter()
            try:
                with transaction.atomic():
                    round_start(actor=director, event_id=event.pk)
                    timings.append((time.perf_counter() - started) * 1000)
                    raise _RolledBack
            except _RolledBack:
                pass
        name = f"service: Swiss round {HISTORY + 1} ({vendor})"
        print(f"{name:32} {TEAMS:>8} {TEAMS // 2:>6} {statistics.median(timings):>10.1f} {max(timings):>10.1f}")


if __name__ == "__main__":
    main()
