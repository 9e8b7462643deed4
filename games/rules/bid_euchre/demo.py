"""A made-up Bid Euchre deal for the demo league (``manage.py seed_demo``): the player after the dealer bids, the
others pass, and the bidders take about their bid. Pure: the command records it through the same services as the
API."""

from __future__ import annotations

import random
from typing import Any

from games.rules.bid_euchre.tables import SEATS
from games.rules.seats import seat_after

# The demo league plays the game's defaults.
DEMO_SETTINGS: dict[str, Any] = {}


def demo_deal(rng: random.Random, state: dict[str, Any]) -> dict[str, Any]:
    dealer = state["next_dealer"] or SEATS[0]
    bidder, bid = seat_after(dealer, SEATS), rng.randint(3, 4)
    auction: list[dict[str, Any]] = [{"seat": bidder, "call": "bid", "tricks": bid}]
    auction += [{"seat": seat_after(dealer, SEATS, step), "call": "pass"} for step in (2, 3, 4)]
    bidders = rng.choice([bid - 1, bid, bid, bid + 1, 6]) if bid < 6 else 6
    team = "A" if bidder in ("S1", "S3") else "B"
    other = "B" if team == "A" else "A"
    return {
        "dealer": dealer,
        "auction": auction,
        "trump": rng.choice(["hearts", "spades", "clubs", "diamonds"]),
        "tricks_won": {team: min(bidders, 6), other: 6 - min(bidders, 6)},
    }
