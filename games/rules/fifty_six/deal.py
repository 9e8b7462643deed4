"""The deal report of 56 as submitted (shared/rules/fifty_six.md §F.3, §F.4): the calls and the deal, shape checks
and their JSON. The auction's rules are checked call by call in ``auction``."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from games.rules.bid_bands import card_points
from games.rules.bid_calls import call_list, call_word, deal_object, sent_auction
from games.rules.cards import Card, card_codes
from games.rules.errors import RuleViolation
from games.rules.fifty_six import tables as t
from games.rules.fifty_six.settings import FiftySixRules
from games.rules.messages import msg
from games.rules.redeal_record import read_redeal
from games.rules.shapes import reject_unknown_keys
from games.rules.tricks import Tricks, parse_tricks, tricks_json

CALL_KEYS: tuple[str, ...] = ("seat", "call", "points", "trump", "plus", "convention")
BID_ONLY_KEYS: tuple[str, ...] = ("points", "trump", "plus", "convention")
# ``tricks`` is the trick-by-trick entry of §F.9a, checked by the referee (``referee.py``).
# ``redeal`` is the redeal record of §F.3a, sent instead of everything after the dealer.
DEAL_KEYS: tuple[str, ...] = (
    "dealer",
    "auction",
    "bidding_team_card_points",
    "card_points_by_team",
    "tricks",
    "redeal",
)
PLAY_KEYS: tuple[str, ...] = ("auction", "bidding_team_card_points", "card_points_by_team", "tricks")
REDEAL_KEYS: tuple[str, ...] = ("reason", "seat", "hand", "team", "hands")


@dataclass(frozen=True, slots=True)
class Call:
    """One call. ``points`` is the absolute bid (a "plus N" bid keeps ``plus`` and gets ``points`` resolved)."""

    seat: str
    call: str
    points: int | None = None
    trump: str | None = None
    plus: int | None = None
    convention: str | None = None

    def as_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"seat": self.seat, "call": self.call}
        if self.call == "bid":
            for key in BID_ONLY_KEYS:
                value = getattr(self, key)
                if value is not None:
                    data[key] = value
        return data


def parse_trump(value: Any, field: str) -> str | None:
    if value is None:
        return None
    if isinstance(value, str):
        trump = t.TRUMP_ALIASES.get(value.strip().lower().replace(" ", "_").replace("-", "_"))
        if trump is not None:
            return trump
    raise RuleViolation(
        "invalid_trump",
        msg(
            "Name a trump suit or no-trumps (clubs, diamonds, hearts, spades or no_trumps); {value!r} is not one.",
            value=value,
        ),
        field,
        allowed=list(t.TRUMPS),
    )


def parse_call(payload: Any, index: int, seats: tuple[str, ...], last_bid_points: int | None) -> Call:
    """Shape checks of one call; a "plus N" bid gets its absolute points from the previous bid."""
    where = f"auction[{index}]"
    if not isinstance(payload, Mapping):
        raise RuleViolation(
            "invalid",
            msg(
                'Each call is an object such as {{"seat": "S2", "call": "bid", "points": 32, "trump": "hearts"}}.',
            ),
            where,
        )
    reject_unknown_keys(
        payload,
        CALL_KEYS,
        where,
        lambda key: msg(
            "A call has only seat, call, points, trump, plus and convention; not {key!r}.",
            key=key,
        ),
    )
    seat = payload.get("seat")
    if not isinstance(seat, str) or seat.strip().upper() not in seats:
        raise RuleViolation(
            "invalid",
            msg(
                "Name the seat making the call, {seats_0}-{seats}; {seat!r} is not one.",
                seats_0=seats[0],
                seats=seats[-1],
                seat=seat,
            ),
            f"{where}.seat",
        )
    seat = seat.strip().upper()
    kind = call_word(payload, where, t.CALLS, BID_ONLY_KEYS)
    if kind != "bid":
        return Call(seat, kind)
    return _parse_bid(payload, where, seat, last_bid_points)


def _parse_bid(payload: Mapping[str, Any], where: str, seat: str, last_bid_points: int | None) -> Call:
    points = payload.get("points")
    plus = payload.get("plus")
    convention = payload.get("convention")
    if convention is not None:
        convention = convention.strip().lower() if isinstance(convention, str) else convention
        if convention not in t.CONVENTIONS:
            raise RuleViolation(
                "invalid",
                msg(
                    "convention is plus or noes; {get!r} is not.",
                    get=payload.get("convention"),
                ),
                f"{where}.convention",
                allowed=list(t.CONVENTIONS),
            )
    if plus is not None:
        if isinstance(plus, bool) or not isinstance(plus, int):
            raise RuleViolation(
                "invalid",
                msg(
                    'plus is the whole number N of a "plus N" bid; {plus!r} is not.',
                    plus=plus,
                ),
                f"{where}.plus",
            )
        if convention == "noes":
            raise RuleViolation("invalid", msg('A bid is either "plus N" or "noes", not both.'), f"{where}.convention")
        convention = "plus"
    elif convention == "plus":
        raise RuleViolation(
            "invalid", msg('A "plus" bid says by how much it raises the standing bid: plus: N.'), f"{where}.plus"
        )
    if points is None and plus is None:
        raise RuleViolation(
            "bid_out_of_range",
            msg(
                "A bid names its points, {min_bid} to {max_bid}.",
                min_bid=t.MIN_BID,
                max_bid=t.MAX_BID,
            ),
            where,
            minimum=t.MIN_BID,
            maximum=t.MAX_BID,
        )
    if points is not None and (isinstance(points, bool) or not isinstance(points, int)):
        raise RuleViolation(
            "bid_out_of_range",
            msg(
                "Bids run from {min_bid} to {max_bid} points; {points!r} is not a whole number.",
                min_bid=t.MIN_BID,
                max_bid=t.MAX_BID,
                points=points,
            ),
            where,
            minimum=t.MIN_BID,
            maximum=t.MAX_BID,
        )
    if points is None and plus is not None and plus >= 1 and last_bid_points is not None:
        points = last_bid_points + plus
    trump = parse_trump(payload.get("trump"), where)
    return Call(seat, "bid", points, trump, plus, convention)


def parse_auction(value: Any, seats: tuple[str, ...]) -> tuple[Call, ...]:
    calls: list[Call] = []
    last_bid_points: int | None = None
    for index, payload in enumerate(call_list(value, "auction")):
        call = parse_call(payload, index, seats, last_bid_points)
        if call.call == "bid":
            last_bid_points = call.points
        calls.append(call)
    return tuple(calls)


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
    redeal: RedealClaim | None = None


@dataclass(frozen=True, slots=True)
class RedealClaim:
    """A redeal record (§F.3a) as sent: its claim is checked against the match in ``redeal.py``.

    ``reason`` and the seat / team are kept as sent (the checks have an order that puts the dealer first);
    ``stray`` names the deal keys sent beside the record, refused there with ``invalid``.
    """

    reason: Any
    seat: Any = None
    hand: tuple[Card, ...] | None = None
    team: Any = None
    hands: tuple[tuple[str, tuple[Card, ...]], ...] | None = None
    stray: tuple[str, ...] = ()

    def as_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"reason": self.reason}
        if self.reason == "team_without_jack":
            data["team"] = self.team
            data["hands"] = {seat: card_codes(cards) for seat, cards in self.hands or ()}
        else:
            data["seat"] = self.seat
            data["hand"] = card_codes(self.hand or ())
        return data


def parse_redeal(payload: Mapping[str, Any]) -> RedealClaim:
    """The shape of a redeal record: an object; hands are lists of card codes."""
    record = read_redeal(
        payload,
        REDEAL_KEYS,
        PLAY_KEYS,
        msg(
            'A redeal record is {{"reason": ..., "seat": ..., "hand": [...]}} or {{"reason": ..., "team": '
            '..., "hands": {{...}}}}.',
        ),
        lambda key: msg(
            "A redeal record has only reason, seat and hand, or team and hands; not {key!r}.",
            key=key,
        ),
    )
    return RedealClaim(record.reason, record.seat, record.hand, record.team, record.hands, record.stray)


def parse_deal(payload: Any, rules: FiftySixRules) -> FiftySixDeal:
    payload = deal_object(
        payload,
        DEAL_KEYS,
        lambda key: msg(
            "A 56 deal has only dealer, auction, bidding_team_card_points, card_points_by_team and tricks (or dealer "
            "and redeal); not {key!r}.",
            key=key,
        ),
    )
    seats = rules.seats
    dealer = payload.get("dealer")
    if not isinstance(dealer, str) or dealer.strip().upper() not in seats:
        raise RuleViolation(
            "invalid",
            msg(
                "Name the dealer, {seats_0}-{seats}; {dealer!r} is not a seat.",
                seats_0=seats[0],
                seats=seats[-1],
                dealer=dealer,
            ),
            "dealer",
        )
    if payload.get("redeal") is not None:
        return FiftySixDeal(dealer.strip().upper(), (), redeal=parse_redeal(payload))
    auction = parse_auction(sent_auction(payload), seats)
    points = payload.get("bidding_team_card_points")
    if points is not None:
        points = card_points(points, "bidding_team_card_points", t.TOTAL_CARD_POINTS)
    by_team_raw = payload.get("card_points_by_team")
    by_team: tuple[tuple[str, int], ...] | None = None
    if by_team_raw is not None:
        if not isinstance(by_team_raw, Mapping):
            raise RuleViolation(
                "invalid", msg("card_points_by_team is an object of team and card points."), "card_points_by_team"
            )
        found: dict[str, int] = {}
        for name, value in by_team_raw.items():
            team = name.strip().upper() if isinstance(name, str) else name
            if team not in rules.team_names or team in found:
                raise RuleViolation(
                    "invalid",
                    msg(
                        "The teams are {team_names}; {name!r} is not one of them (or twice).",
                        team_names=", ".join(rules.team_names),
                        name=name,
                    ),
                    f"card_points_by_team.{name}",
                )
            found[team] = card_points(value, f"card_points_by_team.{name}", t.TOTAL_CARD_POINTS)
        by_team = tuple((team, found[team]) for team in rules.team_names if team in found)
    tricks = parse_tricks(payload.get("tricks"), seats)
    return FiftySixDeal(dealer.strip().upper(), auction, points, by_team, tricks)


def deal_json(deal: FiftySixDeal) -> dict[str, Any]:
    if deal.redeal is not None:
        return {"dealer": deal.dealer, "redeal": deal.redeal.as_json()}
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
