"""A made-up Seep deal for the demo league (``manage.py seed_demo``): the player after the dealer bids, the card
points split at random, a sweep now and then. Pure: the command records it through the same services as the API."""

from __future__ import annotations

import random
from typing import Any

from games.rules.seats import seat_after
from games.rules.seep.tables import SEATS

# The demo league's house rules: a short match so that a few weeks of matches finish.
DEMO_SETTINGS: dict[str, Any] = {"match_end": {"type": "first_to_baazis", "count": 2}}


def demo_deal(rng: random.Random, state: dict[str, Any]) -> dict[str, Any]:
    dealer = state["next_dealer"] or SEATS[0]
    sweeps_a = rng.choice([0, 0, 0, 1])
    return {
        "dealer": dealer,
        "bid": {"bidder": seat_after(dealer, SEATS), "value": rng.randint(9, 13)},
        "card_points": (split := {"A": rng.randint(15, 85)}) | {"B": 100 - split["A"]},
        "sweeps": {
            "A": {"regular": sweeps_a, "first_play": 0, "last_play": 0},
            "B": {"regular": 0, "first_play": 0, "last_play": 0},
        },
    }
