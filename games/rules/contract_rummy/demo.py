"""A made-up Contract Rummy deal for the demo league (``manage.py seed_demo``): one player goes out, the others
hold a few penalty points. Pure: the command records it through the same services as the API."""

from __future__ import annotations

import random
from typing import Any

# The demo league plays the game's defaults.
DEMO_SETTINGS: dict[str, Any] = {}


def demo_deal(rng: random.Random, state: dict[str, Any]) -> dict[str, Any]:
    seats = sorted(state["totals"])
    went_out = rng.choice(seats)
    return {
        "dealer": state["next_dealer"] or "S1",
        "went_out": went_out,
        "penalty_points": {seat: 0 if seat == went_out else rng.randint(3, 60) for seat in seats},
    }
