"""Deal payloads for tests, game by game, built from a few numbers."""

from __future__ import annotations

from typing import Any

SEATS = ("S1", "S2", "S3", "S4")
BID_CARD = {9: "9C", 10: "10H", 11: "JH", 12: "QD", 13: "KC"}


def no_sweeps() -> dict[str, dict[str, int]]:
    return {team: {"regular": 0, "first_play": 0, "last_play": 0} for team in ("A", "B")}


def seep_deal(dealer: str = "S1", points_a: int = 62, bid: int = 11, **extra: Any) -> dict[str, Any]:
    """A legal Seep deal: the seat after the dealer bids ``bid`` holding a card of that value."""
    bidder = SEATS[(SEATS.index(dealer) + 1) % 4]
    return {
        "dealer": dealer,
        "bid": {"bidder": bidder, "value": bid, "bidder_hand": [BID_CARD[bid], "4C", "2D", "3S"]},
        "card_points": {"A": points_a, "B": 100 - points_a},
        "sweeps": no_sweeps(),
        **extra,
    }
