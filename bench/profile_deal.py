"""Profile the slowest hot path, recording a deal over HTTP (in-process, Django's test client), with pyinstrument.

Prints the CPU cost of a deal post against the bare insert endpoint (turn about, unprofiled), then the call tree of
300 deal posts; with ``--layers`` instead, a post's CPU layer by layer (cProfile on this process's CPU clock, each
layer's share of the profiled post applied to the unprofiled CPU per post), for a deal post and for the bare post.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/scorekeeper .venv/bin/python -m bench.profile_deal [--html F]
    (same) .venv/bin/python -m bench.profile_deal --layers
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
import uuid
from collections.abc import Callable
from typing import Any

from bench.deals import SEATS4, seep_deal
from bench.django_env import bench_database, bench_user

POSTS = 300


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--html", help="also write the profile as HTML to this file")
    parser.add_argument("--label", default="profile", help="the database is bench_LABEL (made, then dropped)")
    parser.add_argument("--layers", action="store_true", help="a post's CPU layer by layer instead of the tree")
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
        if args.layers:
            print_layers("deal post", layer_shares(post_deal, DEAL_LAYERS), deal_cpu)
            print_layers("bare post", layer_shares(post_bare, BARE_LAYERS), bare_cpu)
            print(f"CPU per request, unprofiled: deal {deal_cpu:.2f} ms, bare {bare_cpu:.2f} ms")
            return 0
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


# A layer: (name, a part of the function's file path and its name as pstats keys them, the caller's name or None
# for any).
# Each layer's time is that function's cumulative CPU (as called from that caller); layers do not nest.
Layer = tuple[str, str, str, str | None]
COMMON_LAYERS: list[Layer] = [
    ("token authentication (knox: the token and user read)", "api/authentication.py", "authenticate", None),
    ("rate limits", "rest_framework/views.py", "check_throttles", None),
    ("the body parsed (JSON, the depth and text checks)", "api/parsers.py", "parse", None),
    ("the answer rendered as JSON", "rest_framework/renderers.py", "render", None),
]
DEAL_LAYERS: list[Layer] = [
    *COMMON_LAYERS,
    ("the client_deal_id and deal read", "api/serializers/matches.py", "deal_input", None),
    ("match read: PostgreSQL's cursor (prepared)", "games/services/prepared.py", "execute", "_read_match"),
    ("match read: the Match made from the row", "games/services/deals.py", "_match_from_row", "_read_match"),
    ("access check (who may record)", "games/selectors/access.py", "match_writable_by", None),
    ("rules engine: the deal parsed", "games/rules/", "parse_deal", "_played"),
    ("rules engine: the deal played", "games/rules/", "play_deal", "_played"),
    ("rules engine: the state read", "games/rules/", "state_from_json", "_played"),
    ("rules engine: the state written", "games/rules/", "state_json", "_played"),
    ("rules engine: the deal written", "games/rules/", "deal_json", "_played"),
    ("the deal row made (Deal())", "django/db/models/base.py", "__init__", "_played"),
    ("write: the values prepared", "games/services/prepared.py", "saved_values", "_save_recording_if_unmoved"),
    (
        "write: PostgreSQL's cursor (one statement)",
        "games/services/prepared.py",
        "execute",
        "_save_recording_if_unmoved",
    ),
    ("the live event queued and sent (Redis off here)", "games/services/deals.py", "_announce_recording", None),
    ("the answer built (dict, seats, Response)", "api/views/deals.py", "deal_response", None),
]
BARE_LAYERS: list[Layer] = [
    *COMMON_LAYERS,
    ("INSERT through the ORM (the row made and saved)", "django/db/models/query.py", "create", None),
]


def layer_shares(post: Callable[[int], None], layers: list[Layer]) -> tuple[list[tuple[str, float]], float]:
    """Each layer's cumulative profiled CPU seconds over POSTS posts, and the profiled CPU of the posts in all."""
    import cProfile
    import pstats

    profile = cProfile.Profile(time.process_time)
    started = time.process_time()
    profile.enable()
    for number in range(POSTS):
        post(20_000 + number)
    profile.disable()
    whole = time.process_time() - started
    stats: dict[Any, Any] = pstats.Stats(profile).stats  # type: ignore[attr-defined]
    found = []
    for name, path, function, caller in layers:
        seconds = 0.0
        for (file, _line, called), (_cc, _nc, _tt, cumulative, callers) in stats.items():
            if not (path in file and called == function):
                continue
            if caller is None:
                seconds += cumulative
            else:
                seconds += sum(row[3] for (_f, _l, by), row in callers.items() if by == caller)
        found.append((name, seconds))
    return found, whole


def print_layers(title: str, measured: tuple[list[tuple[str, float]], float], cpu_ms: float) -> None:
    """The layers as CPU ms a post: the share of the profiled whole applied to the unprofiled ``cpu_ms``."""
    layers, whole = measured
    print(f"{title}: {cpu_ms:.2f} ms CPU a post in this process (unprofiled); layers as shares of the profiled post")
    for name, seconds in layers:
        print(f"  {seconds / whole * cpu_ms:6.3f} ms  {seconds / whole:5.1%}  {name}")
    rest = whole - sum(seconds for _, seconds in layers)
    print(f"  {rest / whole * cpu_ms:6.3f} ms  {rest / whole:5.1%}  the rest: Django's and DRF's work, the test client")


if __name__ == "__main__":
    sys.exit(main())
