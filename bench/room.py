"""The director's room of a club night with 100 live tables, against today's single board (issue 25).

A night of 400 players of progressive Bid Euchre is drawn (100 tables) and every table records ``DEALS`` deals, in a
database of its own (bench/django_env.py) and in this process (Django's test client, as the page and its script
would ask). Printed, each with its ratio to one board of the same night:

- the page's bytes as sent (gzipped) and unzipped: the director's room and the room display against a table's board
  page;
- one update: what a viewer reads after a change (the room's document, the display's) against a board re-read, and
  the live event itself (the message on the night's channel against the one on the match's);
- a reader of a cached document: the time of one more viewer's re-read after a change (the room of viewers) against
  one more viewer of a popular board;
- the time for a deal to reach the room display: from posting a deal to the message on the night's channel (Redis
  pub/sub, as the hub hears it) and the display's document read after it, against the same for the board (median
  of ``SAMPLES`` deals at different tables).

``--rounds N`` plays N - 1 rounds first (``DEALS`` deals at each table, then the director closes the round and draws
the next), so the room's standings hold N - 1 closed rounds; and times the build after a deal (a deal recorded at a
table, then the room's and the display's document read: the build a change costs, with whatever the night keeps
between builds) against the board's.

Needs Redis (REDIS_URL) for the event timings; PostgreSQL (DATABASE_URL) for figures like production's.

    .venv/bin/python -m bench.room [--rounds N]
"""

from __future__ import annotations

import gzip
import os
import statistics
import sys
import threading
import time
from typing import Any

from bench.django_env import bench_club, bench_database, bench_user

PLAYERS = 400
DEALS = 3
SAMPLES = 15
SEATS = ("S1", "S2", "S3", "S4")


def euchre_deal(dealer: str, number: int) -> dict[str, Any]:
    """The seat on the dealer's left bids 3 in hearts, the others pass; the bidders take 3 or 4 tricks."""
    first = SEATS[(SEATS.index(dealer) + 1) % 4]
    calls: list[dict[str, Any]] = [
        {"seat": SEATS[(SEATS.index(dealer) + step) % 4], "call": "pass"} for step in (1, 2, 3, 4)
    ]
    calls[0] = {"seat": first, "call": "bid", "tricks": 3}
    bidders = "A" if first in ("S1", "S3") else "B"
    won = 3 + number % 2
    return {
        "dealer": dealer,
        "auction": calls,
        "trump": "hearts",
        "tricks_won": {bidders: won, ("B" if bidders == "A" else "A"): 6 - won},
    }


class Night:
    """The night, its director's clients (the API's and the pages'), and its tables' matches."""

    def __init__(self) -> None:
        from django.test import Client
        from rest_framework.test import APIClient

        from nights.services import entrant_check_in, event_create

        director = bench_user("director")
        club = bench_club(director)
        event = event_create(
            actor=director,
            club=club,
            name="Bench night",
            game="bid_euchre",
            format="progressive",
            rounds_planned=4,
            round_length="deals",
            deals_per_round=8,
            settings={},
            format_settings={},
        )
        for number in range(1, PLAYERS + 1):
            entrant_check_in(actor=director, event_id=event.pk, player={"name": f"Player {number}"})
        self.director = director
        self.event = event.pk
        self.api = APIClient()
        self.api.force_authenticate(director)
        self.pages = Client()
        self.pages.force_login(director)
        self.start_round()

    def start_round(self) -> None:
        from nights.services import round_start

        played = round_start(actor=self.director, event_id=self.event)
        self.round = played.number
        self.tables = [(table.match_id, table.first_dealer) for table in played.tables.order_by("number")]
        self.dealt: dict[int, int] = dict.fromkeys((match for match, _ in self.tables), 0)

    def next_round(self) -> None:
        """The director closes the round being played (its tables count as they stand) and draws the next."""
        from nights.services import round_close

        round_close(actor=self.director, event_id=self.event, number=self.round, reason="Bench: time is up")
        self.start_round()

    def record(self, match: int) -> None:
        state = self.api.get(f"/api/v1/matches/{match}/").json()["state"]
        first = dict(self.tables)[match]
        answer = self.api.post(
            f"/api/v1/matches/{match}/deals/",
            euchre_deal(state.get("next_dealer") or first, self.dealt[match]),
            format="json",
        )
        assert answer.status_code == 201, answer.json()
        self.dealt[match] += 1

    def get(self, path: str) -> Any:
        return self.pages.get(path, HTTP_ACCEPT_ENCODING="gzip")


def body_bytes(response: Any) -> tuple[int, int]:
    """The body as sent (gzipped when the server zipped it) and unzipped."""
    sent = b"".join(response.streaming_content) if response.streaming else response.content
    zipped = response.get("Content-Encoding") == "gzip"
    return len(sent), len(gzip.decompress(sent) if zipped else sent)


def page_figures(night: Night) -> list[tuple[str, int, int, int, int]]:
    match = night.tables[0][0]
    board_page = body_bytes(night.get(f"/table/matches/{match}/board/"))
    board = body_bytes(night.get(f"/api/v1/matches/{match}/board/"))
    rows = []
    for name, path, against in (
        ("room page", f"/table/events/{night.event}/room/", board_page),
        ("room display page", f"/table/events/{night.event}/display/", board_page),
        ("board page (one table)", f"/table/matches/{match}/board/", board_page),
        ("room document (an update)", f"/api/v1/events/{night.event}/room/", board),
        ("display document (an update)", f"/api/v1/events/{night.event}/display/", board),
        ("board (an update)", f"/api/v1/matches/{match}/board/", board),
    ):
        sent, raw = body_bytes(night.get(path))
        rows.append((name, sent, raw, sent * 100 // against[0], raw * 100 // against[1]))
    return rows


def read_ms(night: Night, paths: list[str], repeats: int, cold: bool) -> list[float]:
    """Median ms of a read of each path, interleaved (a shared machine's load falls on all of them alike): ``cold``
    clears the cache first (the one build after a change), else the document is cached (one more viewer)."""
    from django.core.cache import cache

    timings: list[list[float]] = [[] for _ in paths]
    for _ in range(repeats):
        for index, path in enumerate(paths):
            if cold:
                cache.clear()
            else:
                night.get(path)
            started = time.perf_counter()
            night.get(path)
            timings[index].append((time.perf_counter() - started) * 1000)
    return [statistics.median(values) for values in timings]


class Heard:
    """A Redis subscriber in a thread: when each channel last heard a message, and its size."""

    def __init__(self, url: str, channels: list[str]) -> None:
        import redis

        self.pubsub = redis.Redis.from_url(url).pubsub()
        self.pubsub.subscribe(*channels)
        self.at: dict[str, float] = {}
        self.size: dict[str, int] = {}
        self.ready = threading.Event()
        self.stopped = False
        self.thread = threading.Thread(target=self.listen, daemon=True)
        self.thread.start()
        self.ready.wait(5)

    def listen(self) -> None:
        while not self.stopped:
            message = self.pubsub.get_message(timeout=0.01)
            if message is None:
                continue
            if message["type"] == "subscribe":
                self.ready.set()
            elif message["type"] == "message":
                channel = message["channel"].decode()
                self.at.setdefault(channel, time.perf_counter())
                self.size[channel] = len(message["data"])

    def close(self) -> None:
        self.stopped = True
        self.thread.join()
        self.pubsub.close()

    def wait_for(self, channel: str, seconds: float = 5.0) -> float:
        deadline = time.perf_counter() + seconds
        while channel not in self.at and time.perf_counter() < deadline:
            time.sleep(0.0002)
        return self.at[channel]


def reach_figures(night: Night, url: str) -> dict[str, float]:
    """Median ms from posting a deal to its message on the match's and the night's channel, and to the board and the
    display's document read after it; and each message's bytes."""
    from games.events import live_channel
    from nights.live import night_channel

    found: dict[str, list[float]] = {"board message": [], "room message": [], "board read": [], "display read": []}
    sizes = {}
    for index in range(SAMPLES):
        match = night.tables[(index * 7) % len(night.tables)][0]
        heard = Heard(url, [live_channel(match), night_channel(night.event)])
        started = time.perf_counter()
        night.record(match)
        board_heard = heard.wait_for(live_channel(match))
        room_heard = heard.wait_for(night_channel(night.event))
        night.get(f"/api/v1/matches/{match}/board/")
        board_read = time.perf_counter()
        night.get(f"/api/v1/events/{night.event}/display/")
        display_read = time.perf_counter()
        found["board message"].append((board_heard - started) * 1000)
        found["room message"].append((room_heard - started) * 1000)
        found["board read"].append((board_read - started) * 1000)
        found["display read"].append((display_read - board_read + room_heard - started) * 1000)
        sizes = {
            "board message bytes": heard.size[live_channel(match)],
            "room message bytes": heard.size[night_channel(night.event)],
        }
        heard.close()
    return {name: statistics.median(values) for name, values in found.items()} | sizes


def build_after_deal_ms(night: Night, repeats: int) -> list[float]:
    """Median ms of the first read of the board, the display's and the room's document after a deal at a table (each
    its own deal, at a different table each time, interleaved): the build a change costs."""
    timings: list[list[float]] = [[], [], []]
    for index in range(repeats):
        for which in range(3):
            match = night.tables[(index * 3 + which) % len(night.tables)][0]
            night.record(match)
            path = (
                f"/api/v1/matches/{match}/board/",
                f"/api/v1/events/{night.event}/display/",
                f"/api/v1/events/{night.event}/room/",
            )[which]
            started = time.perf_counter()
            night.get(path)
            timings[which].append((time.perf_counter() - started) * 1000)
    return [statistics.median(values) for values in timings]


def rounds_asked() -> int:
    return int(sys.argv[sys.argv.index("--rounds") + 1]) if "--rounds" in sys.argv else 1


def main() -> None:
    # One account posts a whole room's deals in a minute: the API's rates out of the way (as the test suite's).
    for kind in ("READ", "WRITE", "PUBLIC"):
        os.environ.setdefault(f"API_{kind}_RATE", "100000/min")
    with bench_database("room") as vendor:
        from django.conf import settings
        from django.core.cache import cache

        cache.clear()
        started = time.perf_counter()
        night = Night()
        rounds = rounds_asked()
        for number in range(1, rounds + 1):
            for match, _ in night.tables:
                for _ in range(DEALS):
                    night.record(match)
            if number < rounds:
                night.next_round()
        took = time.perf_counter() - started
        print(
            f"{vendor}, {len(night.tables)} tables, {DEALS} deals each, round {night.round} of which "
            f"{night.round - 1} closed (set up in {took:.0f} s)"
        )
        print(f"{'what':32} {'bytes sent':>10} {'unzipped':>10} {'% board':>8} {'% unzipped':>10}")
        for name, sent, raw, ratio, raw_ratio in page_figures(night):
            print(f"{name:32} {sent:>10,} {raw:>10,} {ratio:>7}% {raw_ratio:>9}%")
        match = night.tables[0][0]
        paths = [f"/api/v1/matches/{match}/board/", f"/api/v1/events/{night.event}/display/"]
        paths.append(f"/api/v1/events/{night.event}/room/")
        for what, cold, repeats in (
            ("one more viewer's read (cached)", False, 30),
            ("the build after a change", True, 7),
        ):
            board, display, room = read_ms(night, paths, repeats, cold)
            print(
                f"{what}, median ms: board {board:.1f}, display {display:.1f} (x{display / board:.2f}), "
                f"room {room:.1f} (x{room / board:.2f})"
            )
        board, display, room = build_after_deal_ms(night, 7)
        print(
            f"the build after a deal, median ms: board {board:.1f}, display {display:.1f} (x{display / board:.2f}), "
            f"room {room:.1f} (x{room / board:.2f})"
        )
        if not settings.REDIS_URL:
            print("REDIS_URL is not set: no event timings")
            return
        reach = reach_figures(night, settings.REDIS_URL)
        print(
            f"a deal to its message, median ms: board {reach['board message']:.1f}, room {reach['room message']:.1f}; "
            f"to the board read {reach['board read']:.1f}, to the display's document read {reach['display read']:.1f} "
            f"(x{reach['display read'] / reach['board read']:.2f})"
        )
        print(
            f"the live event's bytes: board {reach['board message bytes']:.0f}, room {reach['room message bytes']:.0f}"
        )


if __name__ == "__main__":
    main()
