"""Export speed and memory: a league of 10,000 and of 100,000 Seep deals to CSV and XLSX.

    .venv/bin/python bench/exports.py                # every count and format, each in a fresh process
    .venv/bin/python bench/exports.py --deals 10000 --format csv   # one measurement, printed as JSON

Each measurement builds its own throw-away database (SQLite in memory, or ``bench_exports`` on the PostgreSQL
server of ``DATABASE_URL``), fills it with matches of 50 deals made by the Seep engine, then writes the export
twice: once timed, once under tracemalloc for the peak of Python memory. ``maxrss`` is the whole process's peak
resident size, which also holds the generated data.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # Django is set up in setup_database(), not when this module loads
    from games.models import League

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
DEALS_PER_MATCH = 50
COUNTS = (10_000, 100_000)
FORMATS = ("csv", "xlsx")


def setup_database() -> tuple[Any, str]:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "scorekeeper.settings")
    import django

    django.setup()
    from django.db import connection

    if connection.vendor == "postgresql":
        connection.settings_dict["TEST"]["NAME"] = "bench_exports"
    original = connection.creation.create_test_db(verbosity=0, autoclobber=True, serialize=False)
    return connection, original


def template_deals() -> list[tuple[dict[str, Any], dict[str, Any], dict[str, Any]]]:
    """50 legal Seep deals in an open match (it never ends): input, result and state after each."""
    from games.rules.registry import get_engine

    engine = get_engine("seep")
    rules = engine.rules_from_settings({}, 4)
    state, seats, deals = engine.initial_state(rules), ("S1", "S2", "S3", "S4"), []
    for number in range(1, DEALS_PER_MATCH + 1):
        dealer = engine.state_json(state)["next_dealer"] or "S1"
        bidder = seats[(seats.index(dealer) + 1) % 4]
        payload = {
            "dealer": dealer,
            "bid": {"bidder": bidder, "value": 11, "bidder_hand": ["JH", "4C", "2D", "3S"]},
            "card_points": {"A": 50 + number % 7, "B": 50 - number % 7},
            "sweeps": {t: {"regular": number % 2, "first_play": 0, "last_play": 0} for t in ("A", "B")},
        }
        parsed = engine.parse_deal(payload, rules)
        outcome = engine.play_deal(state, parsed, rules)
        state = outcome.state
        deals.append((engine.deal_json(parsed), {"deal_number": number, **outcome.result}, engine.state_json(state)))
    return deals


def fill(count: int) -> League:
    from django.contrib.auth import get_user_model

    from games.models import Club, Deal, League, Match, Player, Seat
    from games.rules.registry import get_engine

    engine = get_engine("seep")
    rules = engine.rules_from_settings({}, 4)
    user = get_user_model().objects.create_user(username="bench", password="bench-password-not-secret")
    club = Club.objects.create(name="Bench club")
    league = League.objects.create(club=club, name="Bench league", game="seep")
    players = Player.objects.bulk_create(Player(name=f"Player {n}", club=club) for n in range(40))
    deals = template_deals()
    for first in range(0, count, DEALS_PER_MATCH):
        size = min(DEALS_PER_MATCH, count - first)
        match = Match.objects.create(
            game="seep",
            league=league,
            settings=engine.settings_json(rules),
            teams=engine.teams(rules),
            state=deals[size - 1][2],
            version=size,
            player_count=4,
            deals_count=size,
            last_deal_number=size,
            created_by=user,
        )
        table = [players[(first // DEALS_PER_MATCH + k) % len(players)] for k in range(4)]
        Seat.objects.bulk_create(
            Seat(match=match, seat=f"S{k + 1}", position=k, player=p, team="AB"[k % 2]) for k, p in enumerate(table)
        )
        Deal.objects.bulk_create(
            Deal(match=match, number=n + 1, input=i, result=r, state_after=s, recorded_by=user)
            for n, (i, r, s) in enumerate(deals[:size])
        )
    return league


def measure(count: int, file_format: str) -> dict[str, object]:
    connection, original = setup_database()
    try:
        from exports.selectors import scope_by_id
        from exports.writers import WRITERS
        from exports.writers.common import Progress

        league = fill(count)
        scope = scope_by_id("league", league.pk)
        with tempfile.TemporaryDirectory() as folder:
            path = Path(folder) / f"bench.{file_format}"
            rss_before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
            started = time.perf_counter()
            WRITERS[file_format](scope, path, Progress())
            seconds = time.perf_counter() - started
            size = path.stat().st_size
            tracemalloc.start()
            WRITERS[file_format](scope, path, Progress())
            peak = tracemalloc.get_traced_memory()[1]
            tracemalloc.stop()
        rss_after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        return {
            "deals": count,
            "format": file_format,
            "database": connection.vendor,
            "seconds": round(seconds, 2),
            "python_peak_mib": round(peak / 2**20, 1),
            "maxrss_mib_before": round(rss_before / 1024, 1),
            "maxrss_mib_after": round(rss_after / 1024, 1),
            "file_mib": round(size / 2**20, 1),
        }
    finally:
        connection.creation.destroy_test_db(original, verbosity=0)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--deals", type=int)
    parser.add_argument("--format", choices=FORMATS)
    args = parser.parse_args()
    if args.deals and args.format:
        print(json.dumps(measure(args.deals, args.format)))
        return
    print(
        "| deals | format | database | time (s) | Python peak (MiB) | process maxrss before -> after (MiB) "
        "| file (MiB) |"
    )
    print("|---:|---|---|---:|---:|---:|---:|")
    for count in COUNTS:
        for file_format in FORMATS:
            out = subprocess.run(
                [sys.executable, __file__, "--deals", str(count), "--format", file_format],
                check=True,
                capture_output=True,
                text=True,
            ).stdout
            r = json.loads(out.strip().splitlines()[-1])
            print(
                f"| {r['deals']:,} | {r['format']} | {r['database']} | {r['seconds']} | {r['python_peak_mib']} | "
                f"{r['maxrss_mib_before']} -> {r['maxrss_mib_after']} | {r['file_mib']} |",
                flush=True,
            )


if __name__ == "__main__":
    main()
