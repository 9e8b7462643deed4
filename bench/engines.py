"""Engines: fold 10,000 deals of each game in pure Python (no Django). Target: 20,000 deals per second or more.

Two figures per game: ``fold`` is ``games.rules.replay`` of parsed deals (``play_deal`` alone); ``record`` is the
engine work one recording does through the service (state from JSON, parse the deal, play it, state and deal back
to JSON).

The ``+tricks`` rows fold Bid Euchre and 56 deals entered trick by trick (bench/tricks.py), where the engine referees
every card and proves reneges from the cards (docs/referee.md). They are held to their own target, 500 deals per
second: the bound the timed referee tests held before timing left the test suite (1,000 deals in under 2 s). The
``seep+plays`` row folds Seep deals entered play by play (bench/seep_plays.py: 48 plays each, every house, capture
and sweep refereed) under the same target.

    .venv/bin/python -m bench.engines
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from itertools import cycle, islice
from typing import Any

from bench.deals import WORKLOADS, Workload
from bench.seep_plays import PLAY_WORKLOADS
from bench.tricks import TRICK_WORKLOADS
from games.rules.registry import get_engine
from games.rules.replay import replay

DEALS = 10_000
TARGET_PER_SECOND = 20_000
REFEREED_TARGET_PER_SECOND = 500


def fold(workload: Workload) -> Callable[[], int]:
    engine = get_engine(workload.game)
    rules = engine.rules_from_settings(workload.settings, workload.players)
    parsed = [engine.parse_deal(payload, rules) for payload in workload.deals]

    def run() -> int:
        """``replay`` the cycle of deals; when a match is over, the deal it refused starts the next match."""
        played, matches = 0, 0
        while played < DEALS:
            start = played % len(parsed)
            folded = replay(engine, rules, islice(cycle(parsed), start, start + DEALS - played), parsed=True)
            played, matches = played + len(folded.results), matches + 1
            if folded.refusal is not None and (not folded.results or not engine.state_json(folded.state)["match_over"]):
                raise folded.refusal
        return matches

    return run


def record(workload: Workload) -> Callable[[], int]:
    engine = get_engine(workload.game)
    rules = engine.rules_from_settings(workload.settings, workload.players)
    initial = engine.state_json(engine.initial_state(rules))

    def run() -> int:
        stored, matches = initial, 1
        for number in range(DEALS):
            if stored["match_over"]:
                stored, matches = initial, matches + 1
            deal = engine.parse_deal(workload.deals[number % len(workload.deals)], rules)
            outcome = engine.play_deal(engine.state_from_json(stored, rules), deal, rules)
            engine.deal_json(deal)
            stored = engine.state_json(outcome.state)
        return matches

    return run


def best_of(runs: int, job: Callable[[], Any]) -> float:
    """The fastest of a few runs: the least disturbed by the rest of the machine."""
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        job()
        times.append(time.perf_counter() - started)
    return min(times)


def measure(workloads: dict[str, Callable[[], Workload]], target: int, what: str) -> bool:
    """A row per workload, then whether the slowest fold met ``target``."""
    slowest = float("inf")
    for game, make in workloads.items():
        workload = make()
        fold_rate = DEALS / best_of(3, fold(workload))
        record_rate = DEALS / best_of(3, record(workload))
        slowest = min(slowest, fold_rate)
        print(
            f"{game:<18}{fold_rate:>14,.0f}{fold_rate / target:>10.2f}"
            f"{record_rate:>16,.0f}{record_rate / target:>10.2f}"
        )
    verdict = "met" if slowest >= target else "MISSED"
    print(f"target {target:,} {what}: {verdict} (slowest game {slowest:,.0f} deals/s)")
    return slowest >= target


def main() -> int:
    print(f"{'game':<18}{'fold deals/s':>14}{'x target':>10}{'record deals/s':>16}{'x target':>10}")
    met = measure(WORKLOADS, TARGET_PER_SECOND, "deals/s folded")
    refereed = {**TRICK_WORKLOADS, **PLAY_WORKLOADS}
    met = measure(refereed, REFEREED_TARGET_PER_SECOND, "refereed deals/s folded") and met
    return 0 if met else 1


if __name__ == "__main__":
    sys.exit(main())
