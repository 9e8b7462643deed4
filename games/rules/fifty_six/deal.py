"""The deal report of 56 as submitted (shared/rules/fifty_six.md §F.3, §F.4): shape checks and its JSON."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from games.rules.errors import RuleViolation
from games.rules.fifty_six import tables as t
from games.rules.fifty_six.auction import Call, parse_auction
from games.rules.fifty_six.settings import FiftySixRules
from games.rules.shapes import reject_unknown_keys
from games.rules.tricks import Tricks, parse_tricks, tricks_json

# ``tricks`` is the trick-by-trick entry of §F.9a, checked by the referee (``referee.py``).
DEAL_KEYS: tuple[str, ...] = ("dealer", "auction", "bidding_team_card_points", "card_points_by_team", "tricks")


@dataclass(frozen=True, slots=True)
class FiftySixDeal:
    """One deal: the dealer, the calls, and the card points (the bidding team's, and optionally every team's).

    New optional fields go at the end with a default of None (as the referee's ``tricks`` does), so that every
    deal recorded before them parses to the same object.
    """

    dealer: str
    auction: tuple[Call, ...]
    bidding_team_card_points: int | None = None
    card_points_by_team: tuple[tuple[str, int], ...] | None = None
    tricks: Tricks | None = None


def _card_points(value: Any, field: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= t.TOTAL_CARD_POINTS:
        raise RuleViolation(
            "card_points_out_of_range",
            f"Card points are whole numbers from 0 to {t.TOTAL_CARD_POINTS}; {value!r} is not one.",
            field, minimum=0, maximum=t.TOTAL_CARD_POINTS,
        )
    return value


def parse_deal(payload: Any, rules: FiftySixRules) -> FiftySixDeal:
    if not isinstance(payload, Mapping):
        raise RuleViolation(
            "invalid", "A deal is an object with dealer, auction and bidding_team_card_points.", None
        )
    reject_unknown_keys(payload, DEAL_KEYS, None, lambda key: (
        "A 56 deal has only dealer, auction, bidding_team_card_points, card_points_by_team and tricks; "
        f"not {key!r}."))
    seats = rules.seats
    dealer = payload.get("dealer")
    if not isinstance(dealer, str) or dealer.strip().upper() not in seats:
        raise RuleViolation("invalid", f"Name the dealer, {seats[0]}-{seats[-1]}; {dealer!r} is not a seat.", "dealer")
    if "auction" not in payload:
        raise RuleViolation("invalid", "Give the auction: the list of calls in the order they were made.", "auction")
    auction = parse_auction(payload["auction"], seats)
    points = payload.get("bidding_team_card_points")
    if points is not None:
        points = _card_points(points, "bidding_team_card_points")
    by_team_raw = payload.get("card_points_by_team")
    by_team: tuple[tuple[str, int], ...] | None = None
    if by_team_raw is not None:
        if not isinstance(by_team_raw, Mapping):
            raise RuleViolation("invalid", "card_points_by_team is an object of team and card points.",
                                "card_points_by_team")
        found: dict[str, int] = {}
        for name, value in by_team_raw.items():
            team = name.strip().upper() if isinstance(name, str) else name
            if team not in rules.team_names or team in found:
                raise RuleViolation(
                    "invalid", f"The teams are {', '.join(rules.team_names)}; {name!r} is not one of them (or twice).",
                    f"card_points_by_team.{name}",
                )
            found[team] = _card_points(value, f"card_points_by_team.{name}")
        by_team = tuple((team, found[team]) for team in rules.team_names if team in found)
    tricks = parse_tricks(payload.get("tricks"), seats)
    return FiftySixDeal(dealer.strip().upper(), auction, points, by_team, tricks)


def deal_json(deal: FiftySixDeal) -> dict[str, Any]:
    data: dict[str, Any] = {
        "dealer": deal.dealer,
        "auction": [call.as_json() for call in deal.auction],
        "bidding_team_card_points": deal.bidding_team_card_points,
    }
    if deal.card_points_by_team is not None:
        data["card_points_by_team"] = dict(deal.card_points_by_team)
    if deal.tricks is not None:
        data["tricks"] = tricks_json(deal.tricks)
    return data
