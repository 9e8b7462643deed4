"""A made-up 56 deal for the demo league (``manage.py seed_demo``): the first speaker bids, the others pass, and the
bidders take about their bid. Pure: the command records it through the same services as the API."""

from __future__ import annotations

import random
from typing import Any

from games.rules.fifty_six import tables as t

# The demo league's house rules: few tables so that a few weeks of matches finish.
DEMO_SETTINGS: dict[str, Any] = {"starting_tables": 4}


def demo_deal(rng: random.Random, state: dict[str, Any]) -> dict[str, Any]:
    active = state["active_seats"]
    dealer = state["next_dealer"] or active[0]
    order = [active[(active.index(dealer) + step) % len(active)] for step in range(1, len(active) + 1)]
    bid = rng.randint(28, 40)
    auction = [{"seat": order[0], "call": "bid", "points": bid, "trump": rng.choice(["hearts", "spades"])}]
    auction += [{"seat": seat, "call": "pass"} for seat in order[1:]]
    points = max(0, min(t.TOTAL_CARD_POINTS, bid + rng.randint(-8, 6)))
    return {"dealer": dealer, "auction": auction, "bidding_team_card_points": points}
