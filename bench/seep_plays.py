"""The benchmark's cycle of Seep deals entered play by play (shared/rules/seep.md §S.7a), played by the seeded
legal-play simulator of tests/support/seep_plays.py (the referee tests check the engine against it)."""

from __future__ import annotations

import random

from bench.deals import SEATS4, Workload
from tests.support.seep_plays import simulate

CYCLE = 200  # deals per benchmark cycle, each played from one seeded generator


def seep_plays() -> Workload:
    rng = random.Random(21)
    return Workload("seep", 4, {}, [simulate(rng, SEATS4[number % 4]).payload for number in range(CYCLE)])


PLAY_WORKLOADS = {"seep+plays": seep_plays}
