"""The benchmark's cycles of Bid Euchre and 56 deals entered trick by trick (the table referee, docs/referee.md),
played by the legal-play simulator of tests/support/tricks.py (the referee tests check the engines against it)."""

from __future__ import annotations

import random
from typing import Any

from bench.deals import SEATS4, Workload
from tests.support.tricks import TRUMP_WORDS, bid_euchre_play, fifty_six_play

# --- the benchmark's cycles of refereed deals --------------------------------------------------------------------

CYCLE = 200  # deals per cycle, each dealt and played from one seeded generator


def bid_euchre_tricks() -> Workload:
    """Dealer passing left; one seat bids 3 to 5 (every fifth deal partner's best, played alone) in a trump that
    turns through the suits, everyone else passes; every fourth deal a seat that can reneges, which the referee
    proves."""
    rng, deals, dealer = random.Random(7), [], "S4"
    for number in range(CYCLE):
        step, lone = number % 4, number % 5 == 0
        callers = [SEATS4[(SEATS4.index(dealer) + k) % 4] for k in range(1, 5)]
        bidder, trump = callers[step], TRUMP_WORDS[number % 4]
        auction: list[dict[str, Any]] = [{"seat": seat, "call": "pass"} for seat in callers]
        auction[step] = (
            {"seat": bidder, "call": "partners_best"}
            if lone
            else {"seat": bidder, "call": "bid", "tricks": 3 + number % 3}
        )
        played = bid_euchre_play(
            "single_24", 6, bidder, trump, rng, lone=lone, renege_at=number % 6 if number % 4 == 3 else None
        )
        deals.append({"dealer": dealer, "auction": auction, "trump": trump, "tricks": played.tricks})
        dealer = SEATS4[(SEATS4.index(dealer) + 1) % 4]
    return Workload("bid_euchre", 4, {"deck": "single_24", "target_score": 1000}, deals)


def fifty_six_tricks() -> Workload:
    """Eight players in two sides of four (64 cards, 8 tricks of 8): a team out ends the match, so a cycle of random
    deals can fold for ever. The dealer's right bids 28 to 42 in a trump that turns through the suits and no-trumps,
    everyone else passes; every fourth deal a seat that can revokes, which the referee proves."""
    seats = [f"S{k}" for k in range(1, 9)]
    rng, deals = random.Random(7), []
    for number in range(CYCLE):
        dealer = seats[number % 8]
        order = seats[number % 8 + 1 :] + seats[: number % 8 + 1]
        trump = (*TRUMP_WORDS, "no_trumps")[number % 5]
        auction: list[dict[str, Any]] = [{"seat": order[0], "call": "bid", "points": 28 + number % 15, "trump": trump}]
        auction += [{"seat": seat, "call": "pass"} for seat in order[1:]]
        played = fifty_six_play(8, 48, dealer, trump, rng, renege_at=number % 8 if number % 4 == 3 else None)
        deals.append({"dealer": dealer, "auction": auction, "tricks": played.tricks})
    return Workload("fifty_six", 8, {"team_layout": "two_sides", "starting_tables": 999}, deals)


TRICK_WORKLOADS = {"bid_euchre+tricks": bid_euchre_tricks, "fifty_six+tricks": fifty_six_tricks}
