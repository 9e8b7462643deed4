"""56 deal builders and a fold for the rules tests: bids, passes, doubles, auctions, deals played or refused."""

from __future__ import annotations

from typing import Any

import pytest

from games.rules.errors import RuleViolation
from games.rules.fifty_six.engine import ENGINE
from games.rules.fifty_six.settings import FiftySixRules
from games.rules.fifty_six.state import FiftySixState

SEATS = {n: [f"S{k}" for k in range(1, n + 1)] for n in (4, 6, 8)}


def bid(seat: str, points: int, trump: str = "hearts", **extra: Any) -> dict[str, Any]:
    return {"seat": seat, "call": "bid", "points": points, "trump": trump, **extra}


def pas(*seats: str) -> list[dict[str, Any]]:
    return [{"seat": seat, "call": "pass"} for seat in seats]


def dbl(seat: str) -> dict[str, Any]:
    return {"seat": seat, "call": "double"}


def rdbl(seat: str) -> dict[str, Any]:
    return {"seat": seat, "call": "redouble"}


def rules(count: int = 4, **settings: Any) -> FiftySixRules:
    return ENGINE.rules_from_settings(settings, count)


def after(seat: str, players: int, active: list[str] | None = None) -> list[str]:
    """The other active seats in calling order after ``seat``."""
    active = active or SEATS[players]
    k = active.index(seat)
    return active[k + 1 :] + active[:k]


def won_by(
    bidder: str,
    points: int,
    players: int = 4,
    *,
    trump: str = "hearts",
    active: list[str] | None = None,
    doubling: str = "none",
) -> list[dict[str, Any]]:
    """An auction in which ``bidder`` (the first speaker) bids and everybody else passes (after any doubling)."""
    others = after(bidder, players, active)
    calls: list[dict[str, Any]] = [bid(bidder, points, trump)]
    if doubling == "none":
        return calls + pas(*others)
    calls.append(dbl(others[0]))
    if doubling == "doubled":
        return calls + pas(*others[1:], bidder)
    partner_index = next(
        k for k, seat in enumerate(others) if (SEATS[players].index(seat) - SEATS[players].index(bidder)) % 2 == 0
    )
    return calls + pas(*others[1:partner_index]) + [rdbl(others[partner_index])]


def deal(dealer: str, auction: list[dict[str, Any]], points: int | None = None, **extra: Any) -> dict[str, Any]:
    payload: dict[str, Any] = {"dealer": dealer, "auction": auction, **extra}
    if points is not None:
        payload["bidding_team_card_points"] = points
    return payload


def seat_before(seat: str, players: int, active: list[str] | None = None) -> str:
    active = active or SEATS[players]
    return active[active.index(seat) - 1]


def simple(
    bidder: str,
    points: int,
    card_points: int,
    players: int = 4,
    *,
    doubling: str = "none",
    active: list[str] | None = None,
) -> dict[str, Any]:
    """A deal whose dealer sits just before ``bidder`` so that ``bidder`` speaks first."""
    return deal(
        seat_before(bidder, players, active),
        won_by(bidder, points, players, active=active, doubling=doubling),
        card_points,
    )


def play(
    r: FiftySixRules, deals: list[dict[str, Any]], state: FiftySixState | None = None
) -> tuple[FiftySixState, list[dict[str, Any]]]:
    state = state or ENGINE.initial_state(r)
    results = []
    for payload in deals:
        outcome = ENGINE.play_deal(state, ENGINE.parse_deal(payload, r), r)
        state = outcome.state
        results.append(outcome.result)
    return state, results


def refused(r: FiftySixRules, deals: list[dict[str, Any]]) -> RuleViolation:
    state = ENGINE.initial_state(r)
    for payload in deals[:-1]:
        state = ENGINE.play_deal(state, ENGINE.parse_deal(payload, r), r).state
    with pytest.raises(RuleViolation) as caught:
        ENGINE.play_deal(state, ENGINE.parse_deal(deals[-1], r), r)
    return caught.value


def one(r: FiftySixRules, payload: dict[str, Any]) -> dict[str, Any]:
    return play(r, [payload])[1][0]
