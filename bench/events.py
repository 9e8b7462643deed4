"""Club nights: the time to draw one round of 100 tables in each format, six rounds in (five rounds of history).

400 players at tables of four (progressive, both movements; Contract Rummy tables of 3 to 5 around 4; Swiss of
Contract Rummy players, 4 a table), and 200 teams of two at 100 tables (round robin, Swiss). Pure Python, no Django.
Each history is drawn by the format itself with seeded random scores; the sixth round is then drawn ``REPEATS`` times
with different seeds, and the median and the slowest are printed in milliseconds. A Swiss pairing of 200 teams
through a matching of every pair took seconds: the draw offers each team its nearest fresh opponents first
(nights/formats/swiss.py). ``--with-full-matching`` also times the Swiss draw matching every pair, as it would
without that (one draw: it takes seconds).

    .venv/bin/python -m bench.events [--with-full-matching] [--service] [--room]

``--service`` also draws a round through the service, late in a Swiss night (bench/night_draw.py: the results so
far read from the database, the tables' matches made); it needs a database (SQLite in memory by default).

``--room`` also measures the director's room of 100 live tables against today's single board (bench/room.py: the
bytes of the page and of one update, the time for a deal to reach the room display); it needs a database and Redis.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from collections.abc import Callable
from functools import partial

from nights.formats import progressive, round_robin, rummy_tables, swiss
from nights.formats.base import Draw, DrawRequest, Entrant, PlayedRound

PLAYERS = 400
TEAMS = 200
HISTORY = 5
REPEATS = 7

Drawer = Callable[[DrawRequest], Draw]


def history_of(drawer: Drawer, entrants: tuple[Entrant, ...], rounds: int) -> tuple[PlayedRound, ...]:
    """``rounds`` rounds drawn one after another, every side given a random score (its players carry it)."""
    scores_rng = random.Random(25)
    played: list[PlayedRound] = []
    for number in range(1, rounds + 1):
        drawn = drawer(DrawRequest(entrants, number, tuple(played), seed=number))
        scores: dict[Entrant, float] = {}
        for table in drawn.tables:
            for side in table:
                scores.update(dict.fromkeys(side, scores_rng.randrange(0, 120)))
        played.append(PlayedRound(drawn.tables, drawn.byes, scores))
    return tuple(played)


def time_draws(drawer: Drawer, entrants: tuple[Entrant, ...]) -> tuple[float, float, int]:
    """Median and slowest milliseconds of drawing round ``HISTORY + 1``, and its number of tables."""
    history = history_of(drawer, entrants, HISTORY)
    timings = []
    tables = 0
    for repeat in range(REPEATS):
        started = time.perf_counter()
        drawn = drawer(DrawRequest(entrants, HISTORY + 1, history, seed=1000 + repeat))
        timings.append((time.perf_counter() - started) * 1000)
        tables = len(drawn.tables)
    return statistics.median(timings), max(timings), tables


FORMATS: list[tuple[str, Drawer, int]] = [
    ("progressive, partners rotate", partial(progressive.draw, settings=progressive.ProgressiveSettings()), PLAYERS),
    (
        "progressive, winners move up",
        partial(progressive.draw, settings=progressive.ProgressiveSettings(movement="winners_move_up")),
        PLAYERS,
    ),
    ("Contract Rummy tables 3-5", partial(rummy_tables.draw, settings=rummy_tables.RummyTablesSettings()), PLAYERS),
    ("round robin", partial(round_robin.draw, settings=round_robin.RoundRobinSettings()), TEAMS),
    ("Swiss", partial(swiss.draw, settings=swiss.SwissSettings()), TEAMS),
    ("Swiss, Contract Rummy 4 a table", partial(swiss.draw, settings=swiss.SwissSettings(sides_per_table=4)), PLAYERS),
]


def main() -> None:
    print(f"{'format':32} {'entrants':>8} {'tables':>6} {'median ms':>10} {'slowest ms':>10}")
    for name, drawer, count in FORMATS:
        median, slowest, tables = time_draws(drawer, tuple(range(1, count + 1)))
        print(f"{name:32} {count:>8} {tables:>6} {median:>10.1f} {slowest:>10.1f}")
    if "--with-full-matching" in sys.argv:
        entrants = tuple(range(1, TEAMS + 1))
        drawer = partial(swiss.draw, settings=swiss.SwissSettings())
        history = history_of(drawer, entrants, HISTORY)
        nearest, swiss.NEAREST = swiss.NEAREST, 4 * TEAMS  # no nearest-first pass: every pair is an edge
        started = time.perf_counter()
        drawer(DrawRequest(entrants, HISTORY + 1, history, seed=1000))
        elapsed = (time.perf_counter() - started) * 1000
        swiss.NEAREST = nearest
        print(f"{'Swiss, every pair an edge':32} {TEAMS:>8} {TEAMS // 2:>6} {elapsed:>10.1f} {elapsed:>10.1f}")
    if "--service" in sys.argv:
        from bench import night_draw  # Django and a database: only when asked

        night_draw.main()
    if "--room" in sys.argv:
        from bench import room  # Django and a database: only when asked

        room.main()


if __name__ == "__main__":
    main()
