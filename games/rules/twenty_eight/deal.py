"""The deal report of Twenty-Eight as submitted (shared/rules/twenty_eight.md §T.3, §T.3a, §T.7a): its shape and JSON.

Parsing checks only the shape of the request (an object, known keys, calls and plays as objects). Every value the
rules check in an order of their own (the dealer, the trump, the pair, the card points, the face-down card) is kept
as sent, in a canonical spelling where it has one, and checked in ``checks`` in the order of §T.7.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from games.rules.bid_calls import call_list, call_word, deal_object, sent_auction
from games.rules.cards import Card, card_codes, parse_card
from games.rules.errors import RuleViolation
from games.rules.messages import msg
from games.rules.redeal_record import read_redeal
from games.rules.redeal_record import upper as _upper
from games.rules.shapes import reject_unknown_keys
from games.rules.tricks import Tricks, parse_tricks, tricks_json
from games.rules.twenty_eight import tables as t

CALL_KEYS: tuple[str, ...] = ("seat", "call", "points")
DEAL_KEYS: tuple[str, ...] = (
    "dealer",
    "auction",
    "second_auction",
    "trump",
    "trump_card",
    "pair",
    "bidding_team_card_points",
    "card_points_by_team",
    "tricks",
    "redeal",
)
# The keys a redeal record replaces (§T.3a), in the order the check names them.
PLAY_KEYS: tuple[str, ...] = (
    "auction",
    "second_auction",
    "trump",
    "trump_card",
    "pair",
    "bidding_team_card_points",
    "card_points_by_team",
    "tricks",
)
REDEAL_KEYS: tuple[str, ...] = ("reason", "seat", "hand", "team", "trump", "hands")
PAIR_KEYS: tuple[str, ...] = ("seat",)


@dataclass(frozen=True, slots=True)
class Call:
    """One call: a bid (with its points, kept as sent: the auction checks the range), a pass, a double, a
    redouble."""

    seat: str
    call: str
    points: Any = None

    def as_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"seat": self.seat, "call": self.call}
        if self.call == "bid":
            data["points"] = self.points
        return data


@dataclass(frozen=True, slots=True)
class RedealClaim:
    """A redeal record (§T.3a) as sent; ``redeal.py`` checks it in the file's order. ``stray`` names the deal keys
    sent beside it."""

    reason: Any
    seat: Any = None
    hand: tuple[Card, ...] | None = None
    team: Any = None
    trump: Any = None
    hands: tuple[tuple[str, tuple[Card, ...]], ...] | None = None
    stray: tuple[str, ...] = ()

    def as_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"reason": self.reason}
        if self.reason == "defenders_without_trumps":
            data.update(team=self.team, trump=self.trump)
            data["hands"] = {seat: card_codes(cards) for seat, cards in self.hands or ()}
        else:
            data.update(seat=self.seat, hand=card_codes(self.hand or ()))
        return data


@dataclass(frozen=True, slots=True)
class TwentyEightDeal:
    """One deal: the dealer and the auctions, the trump and the face-down card, a pair, the card points (as a
    summary, or from the tricks), or a redeal record instead of all of it."""

    dealer: Any
    auction: tuple[Call, ...] = ()
    second_auction: tuple[Call, ...] | None = None
    trump: Any = None
    trump_card: Any = None
    pair: Any = None
    bidding_team_card_points: Any = None
    card_points_by_team: Any = None
    tricks: Tricks | None = None
    redeal: RedealClaim | None = None


def canonical_trump(value: Any) -> Any:
    """The suit word for any spelling a phone may send (``H``, ``heart``); anything else as it is."""
    if isinstance(value, str):
        return t.TRUMP_ALIASES.get(value.strip().lower(), value)
    return value


def _card_or_raw(value: Any) -> Any:
    """A card code made canonical when it is one; anything else is kept for the check that names it."""
    try:
        return parse_card(value)
    except RuleViolation:
        return value


def parse_call(payload: Any, where: str) -> Call:
    if not isinstance(payload, Mapping):
        raise RuleViolation(
            "invalid", msg('Each call is an object such as {{"seat": "S2", "call": "bid", "points": 16}}.'), where
        )
    reject_unknown_keys(
        payload, CALL_KEYS, where, lambda key: msg("A call has only seat, call and points; not {key!r}.", key=key)
    )
    seat = _upper(payload.get("seat"))
    if seat not in t.SEATS:
        raise RuleViolation(
            "invalid",
            msg(
                "Name the seat making the call, {seats_0}-{seats}; {seat!r} is not one.",
                seats_0="S1",
                seats="S4",
                seat=payload.get("seat"),
            ),
            f"{where}.seat",
            allowed=list(t.SEATS),
        )
    kind = call_word(payload, where, t.CALLS, ("points",))
    return Call(str(seat), kind, payload.get("points") if kind == "bid" else None)


def parse_calls(value: Any, field: str) -> tuple[Call, ...]:
    return tuple(parse_call(payload, f"{field}[{index}]") for index, payload in enumerate(call_list(value, field)))


def parse_redeal(payload: Mapping[str, Any]) -> RedealClaim:
    """The shape of a redeal record: an object; hands are lists of card codes."""
    record = read_redeal(
        payload,
        REDEAL_KEYS,
        PLAY_KEYS,
        msg(
            'A redeal record is {{"reason": ..., "seat": ..., "hand": [...]}} or {{"reason": ..., "team": '
            '..., "trump": ..., "hands": {{...}}}}.',
        ),
        lambda key: msg(
            "A redeal record has only reason, seat and hand, or team, trump and hands; not {key!r}.", key=key
        ),
    )
    trump = canonical_trump(record.record.get("trump"))
    return RedealClaim(record.reason, record.seat, record.hand, record.team, trump, record.hands, record.stray)


def _pair(value: Any) -> Any:
    """``{seat}`` with the seat in capitals; any other shape is kept for the pair check."""
    if isinstance(value, Mapping) and set(value) <= set(PAIR_KEYS):
        return {"seat": _upper(value.get("seat"))}
    return value


def _by_team(value: Any) -> Any:
    if isinstance(value, Mapping):
        return {_upper(team): points for team, points in value.items()}
    return value


def parse_deal(payload: Any, rules: object = None) -> TwentyEightDeal:
    """The deal's shape; the rules checks come in ``checks`` (they need the match)."""
    payload = deal_object(
        payload,
        DEAL_KEYS,
        lambda key: msg(
            "A Twenty-Eight deal has only dealer, auction, second_auction, trump, trump_card, pair, "
            "bidding_team_card_points, card_points_by_team and tricks (or dealer and redeal); not {key!r}.",
            key=key,
        ),
    )
    dealer = _upper(payload.get("dealer"))
    if payload.get("redeal") is not None:
        return TwentyEightDeal(dealer, redeal=parse_redeal(payload))
    auction = sent_auction(payload)
    second = payload.get("second_auction")
    return TwentyEightDeal(
        dealer,
        parse_calls(auction, "auction"),
        None if second is None else parse_calls(second, "second_auction"),
        canonical_trump(payload.get("trump")),
        _card_or_raw(payload.get("trump_card")),
        _pair(payload.get("pair")),
        payload.get("bidding_team_card_points"),
        _by_team(payload.get("card_points_by_team")),
        parse_tricks(payload.get("tricks"), t.SEATS, calls_for_trump=True),
    )


def deal_json(deal: TwentyEightDeal) -> dict[str, Any]:
    """The deal as recorded: canonical spellings, and the optional keys only when sent."""
    if deal.redeal is not None:
        return {"dealer": deal.dealer, "redeal": deal.redeal.as_json()}
    data: dict[str, Any] = {
        "dealer": deal.dealer,
        "auction": [call.as_json() for call in deal.auction],
        "bidding_team_card_points": deal.bidding_team_card_points,
    }
    optional: dict[str, Any] = {
        "second_auction": None if deal.second_auction is None else [call.as_json() for call in deal.second_auction],
        "trump": deal.trump,
        "trump_card": deal.trump_card.code if isinstance(deal.trump_card, Card) else deal.trump_card,
        "pair": deal.pair,
        "card_points_by_team": deal.card_points_by_team,
        "tricks": None if deal.tricks is None else tricks_json(deal.tricks),
    }
    data.update({key: value for key, value in optional.items() if value is not None})
    return data
