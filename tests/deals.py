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


def seep_win(winner: str, dealer: str = "S1") -> dict[str, Any]:
    """A one-deal Seep baazi: the loser scores under 9 points and loses at once."""
    points_a = 100 if winner == "A" else 0
    return {
        "dealer": dealer,
        "bid": {"bidder": SEATS[(SEATS.index(dealer) + 1) % 4], "value": 9},
        "card_points": {"A": points_a, "B": 100 - points_a},
    }


def euchre_partners_best(bidding_team: str) -> dict[str, Any]:
    """The seat after the dealer opens 3 and its partner goes partner's best, making all six tricks (12 points)."""
    dealer = "S4" if bidding_team == "A" else "S1"
    first = SEATS[(SEATS.index(dealer) + 1) % 4]
    calls: list[dict[str, Any]] = [
        {"seat": SEATS[(SEATS.index(dealer) + step) % 4], "call": "pass"} for step in range(1, 5)
    ]
    calls[0] = {"seat": first, "call": "bid", "tricks": 3}
    calls[2] = {"seat": calls[2]["seat"], "call": "partners_best"}
    tricks = {"A": 6, "B": 0} if bidding_team == "A" else {"A": 0, "B": 6}
    return {"dealer": dealer, "auction": calls, "trump": "hearts", "tricks_won": tricks}


def fifty_six_made(dealer: str = "S1", points: int = 32) -> dict[str, Any]:
    """The seat after the dealer bids ``points`` hearts, everyone passes, and the bidding team makes it."""
    order = [SEATS[(SEATS.index(dealer) + step) % 4] for step in range(1, 5)]
    auction = [{"seat": order[0], "call": "bid", "points": points, "trump": "hearts"}]
    auction += [{"seat": seat, "call": "pass"} for seat in order[1:]]
    return {"dealer": dealer, "auction": auction, "bidding_team_card_points": points + 3}


def rummy_deal(penalties: dict[str, int], dealer: str = "S1") -> dict[str, Any]:
    went_out = next(seat for seat, points in penalties.items() if points == 0)
    return {"dealer": dealer, "went_out": went_out, "penalty_points": penalties}
