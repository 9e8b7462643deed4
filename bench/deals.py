"""Long legal matches for the benchmarks: per game, its house rules and a cycle of deal payloads.

Each cycle folds forever (or the benchmark starts a new match when one ends): the deals are the kind a real table
records, not degenerate ones, so the engines do their full checks.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

SEATS4 = ("S1", "S2", "S3", "S4")
SEEP_BID_CARD = {9: "9C", 10: "10H", 11: "JH", 12: "QD", 13: "KC"}


@dataclass(frozen=True)
class Workload:
    game: str
    players: int
    settings: dict[str, Any]
    deals: list[dict[str, Any]]  # folded in a cycle


def seep_deal(dealer: str, number: int) -> dict[str, Any]:
    """The seat after the dealer bids, holding a card of the bid's value; card points swing between teams."""
    bidder = SEATS4[(SEATS4.index(dealer) + 1) % 4]
    bid = 9 + number % 5
    points_a = (30, 62, 45, 70, 55)[number % 5]
    sweeps = {team: {"regular": number % 2, "first_play": 0, "last_play": 0} for team in ("A", "B")}
    return {
        "dealer": dealer,
        "bid": {"bidder": bidder, "value": bid, "bidder_hand": [SEEP_BID_CARD[bid], "4C", "2D", "3S"]},
        "card_points": {"A": points_a, "B": 100 - points_a},
        "sweeps": sweeps,
    }


def seep() -> Workload:
    return Workload("seep", 4, {}, [seep_deal(SEATS4[number % 4], number) for number in range(20)])


def fifty_six() -> Workload:
    """Six players in pairs; each team bids 40 doubled in turn, making it half the time: the tables never drift."""
    seats = [f"S{number}" for number in range(1, 7)]
    deals = []
    for k, dealer in enumerate(seats):
        order = seats[k + 1 :] + seats[: k + 1]
        auction = [
            {"seat": order[0], "call": "bid", "points": 30 + k, "trump": "spades"},
            {"seat": order[1], "call": "bid", "points": 40, "trump": "hearts"},
            {"seat": order[2], "call": "double"},
        ]
        auction += [{"seat": seat, "call": "pass"} for seat in order[3:] + order[:2]]
        deals.append({"dealer": dealer, "auction": auction, "bidding_team_card_points": 45 if k < 3 else 20})
    return Workload("fifty_six", 6, {"starting_tables": 999}, deals)


def bid_euchre() -> Workload:
    deals, dealer = [], "S4"
    for number in range(12):
        auction, seat = [], SEATS4[(SEATS4.index(dealer) + 1) % 4]
        for step in range(4):
            bids = step == number % 4
            auction.append(
                {"seat": seat, "call": "bid", "tricks": 3 + number % 3} if bids else {"seat": seat, "call": "pass"}
            )
            seat = SEATS4[(SEATS4.index(seat) + 1) % 4]
        deals.append(
            {
                "dealer": dealer,
                "auction": auction,
                "trump": "spades",
                "tricks_won": {"A": number % 7, "B": 6 - number % 7},
                "reneges": [{"seat": "S2"}] * (number % 2),
            }
        )
        dealer = SEATS4[(SEATS4.index(dealer) + 1) % 4]
    return Workload("bid_euchre", 4, {"target_score": 1000}, deals)


def contract_rummy() -> Workload:
    deal = {
        "dealer": "S1",
        "went_out": "S3",
        "cards_left": {"S1": ["AS", "KD", "7C"], "S2": ["JKR", "2H", "10S"], "S3": [], "S4": ["QH", "QS", "5D", "AH"]},
    }
    settings = {"deals": 20, "cards_dealt": [10] * 20, "contracts": [{"sets": 2, "runs": 0}] * 20}
    return Workload("contract_rummy", 4, settings, [deal] * 20)


WORKLOADS = {"seep": seep, "fifty_six": fifty_six, "bid_euchre": bid_euchre, "contract_rummy": contract_rummy}
