"""Profile a cached shared-board read against a health read (issue 19), in-process through Django's test client.

What a live viewer does after a change: ``GET /api/v1/shared/{token}/`` of a 200-deal Seep match with the old ETag
and gzip accepted, answered from the cache. Prints the CPU of this process per request, board against health
(blocks taken turn about, unprofiled; CPU, not wall time, so the database's and Redis's share and most of the
machine's noise stay out), the statements each makes, then the pyinstrument call tree of 300 board reads.

    [REDIS_URL=redis://127.0.0.1:6379/N] .venv/bin/python -m bench.profile_board [--html F]
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from bench.deals import SEATS4, seep_deal
from bench.django_env import bench_database, bench_user
from bench.profile_deal import BLOCK, BLOCKS, cpu_turn_about

READS = 300
FINAL_DEALS = 200


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--html", help="also write the profile as HTML to this file")
    args = parser.parse_args()
    with bench_database("profile_board") as vendor:
        from django.conf import settings
        from django.db import connection
        from django.test import Client
        from django.test.utils import CaptureQueriesContext
        from pyinstrument import Profiler

        from games.services.deals import deal_record
        from games.services.matches import match_start
        from table.services import share_link_get_or_create

        user: Any = bench_user()
        match = match_start(actor=user, game="seep", players=[{"name": f"Seat {n}"} for n in range(1, 5)])
        for number in range(FINAL_DEALS):
            deal_record(match_id=match.pk, actor=user, payload=seep_deal(SEATS4[number % 4], number))
        link, _ = share_link_get_or_create(match_id=match.pk, actor=user)
        client = Client(headers={"Accept-Encoding": "gzip, deflate, br"})
        board_path = f"/api/v1/shared/{link.token}/"
        old_etag = f'"{match.version - 1}.0"'

        def read_board(_: int) -> None:
            response = client.get(board_path, headers={"If-None-Match": old_etag})
            assert response.status_code == 200 and response["Content-Encoding"] == "gzip", response.status_code

        def read_health(_: int) -> None:
            response = client.get("/api/v1/health/")
            assert response.status_code == 200, response.content

        for number in range(20):  # warm up: imports, the first connection, the board's one build
            read_board(number)
            read_health(number)
        counts = []
        for read in (read_board, read_health):
            with CaptureQueriesContext(connection) as queries:
                read(0)
            counts.append(len(queries))
        board_cpu, health_cpu = cpu_turn_about(read_board, read_health)
        profiler = Profiler(interval=0.0002)
        profiler.start()
        for number in range(READS):
            read_board(number)
        profiler.stop()
        print(profiler.output_text(unicode=False, color=False))
        if args.html:
            with open(args.html, "w") as out:
                out.write(profiler.output_html())
        print(
            f"database: {vendor}; cache: {'redis' if settings.REDIS_URL else 'process memory'}; "
            f"a {FINAL_DEALS}-deal Seep match"
        )
        print(f"statements: board {counts[0]}, health {counts[1]}")
        print(
            f"CPU per request, unprofiled, medians of {BLOCKS} blocks of {BLOCK} taken turn about: "
            f"cached board {board_cpu:.2f} ms, health {health_cpu:.2f} ms, ratio {board_cpu / health_cpu:.2f}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
