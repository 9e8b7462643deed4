"""A made-up Twenty-Eight deal for the demo league (``manage.py seed_demo``): the first speaker bids, the others pass,
and the bidders take about their bid. Pure: the command records it through the same services as the API."""

from __future__ import annotations

import random
from typing import Any

from games.rules.seats import seat_after
from games.rules.twenty_eight import tables as t

# The demo league's house rules: a short race so that a few weeks of matches finish.
DEMO_SETTINGS: dict[str, Any] = {"target_game_points": 3}


def demo_deal(rng: random.Random, state: dict[str, Any]) -> dict[str, Any]:
    dealer = state["next_dealer"] or t.SEATS[0]
    first = seat_after(dealer, t.SEATS)
    bid = rng.randint(14, 20)
    auction: list[dict[str, Any]] = [{"seat": first, "call": "bid", "points": bid}]
    auction += [{"seat": seat_after(first, t.SEATS, step), "call": "pass"} for step in (1, 2, 3)]
    points = max(0, min(t.TOTAL_CARD_POINTS, bid + rng.randint(-5, 4)))
    return {"dealer": dealer, "auction": auction, "bidding_team_card_points": points}
