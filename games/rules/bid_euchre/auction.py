"""The Bid Euchre auction of §E.3, checked call by call.

The ladder is ``minimum_bid .. 5 (6 with allow_plain_six) < partner's best < shoot the moon`` (E-A3, E-A4),
with ``< triple moon < quadruple moon`` on top under ``extra_moon_calls`` (E-A17); a plain bid ranks by its trick
count, the lone bids just above the tricks of a deal. The extra moons climb one step at a time: each only over a
standing call one step below it (``moon_call_not_allowed`` otherwise).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from games.rules.bid_euchre.deal import Call
from games.rules.bid_euchre.settings import BidEuchreRules
from games.rules.bid_euchre.tables import NEXT_SEAT, SEATS
from games.rules.errors import RuleViolation
from games.rules.messages import comma_list, msg, msg_template, nmsg, nmsg_template, or_list
from games.rules.seats import seat_after

# Ladder rank of the lone bids, above the number of tricks in a deal.
LONE_RANK_ABOVE_TRICKS: dict[str, int] = {
    "partners_best": 1,
    "shoot_the_moon": 2,
    "triple_moon": 3,
    "quadruple_moon": 4,
}
# extra.legal names the lone calls in these words (API values, the same in every language).
API_CALL_WORDS: dict[str, str] = {
    "partners_best": "partner's best",
    "shoot_the_moon": "shoot the moon",
    "triple_moon": "triple moon",
    "quadruple_moon": "quadruple moon",
}
# bid_not_higher over the top call (a shoot the moon, or a quadruple moon under extra_moon_calls), one sentence each.
HIGHEST_CALL_TEMPLATES: dict[str, str] = {
    "shoot_the_moon": msg_template("Shoot the moon is the highest bid; after it {seat} can only pass."),
    "quadruple_moon": msg_template("Quadruple moon is the highest bid; after it {seat} can only pass."),
}
EXTRA_MOON_OFF_TEMPLATES: dict[str, str] = {
    "triple_moon": msg_template("Triple moon calls are not enabled for this match (extra_moon_calls is off); {may}"),
    "quadruple_moon": msg_template(
        "Quadruple moon calls are not enabled for this match (extra_moon_calls is off); {may}"
    ),
}
# The calls left to a seat, one whole sentence for each set of them (the ladder leaves no other: the numbers from
# the lowest allowed, then the lone calls above the standing one, an extra moon only one step above).
MAY_TEMPLATES: dict[tuple[bool, tuple[str, ...]], str] = {
    (True, ("partners_best", "shoot_the_moon")): msg_template(
        "{seat} may bid {numbers}, partner's best, shoot the moon, or pass."
    ),
    (False, ("partners_best", "shoot_the_moon")): msg_template(
        "{seat} may call partner's best or shoot the moon, or pass."
    ),
    (False, ("shoot_the_moon",)): msg_template("{seat} may shoot the moon or pass."),
    (False, ("triple_moon",)): msg_template("{seat} may call triple moon or pass."),
    (False, ("quadruple_moon",)): msg_template("{seat} may call quadruple moon or pass."),
    (False, ()): msg_template("{seat} can only pass."),
}
# bid_not_higher, one sentence per standing call (a quadruple moon is the top: HIGHEST_CALL_TEMPLATES).
STANDING_TEMPLATES: dict[str, str] = {
    "bid": msg_template("The standing bid is {bidder}'s bid of {tricks}; {may}"),
    "partners_best": msg_template("The standing bid is {bidder}'s partner's best; {may}"),
    "shoot_the_moon": msg_template("The standing bid is {bidder}'s shoot the moon; {may}"),
    "triple_moon": msg_template("The standing bid is {bidder}'s triple moon; {may}"),
}
# bid_out_of_range, below the lowest bid or above the tricks of a deal, with every call a first speaker has.
OUT_OF_RANGE_TEMPLATES: dict[bool, tuple[str, str]] = {
    True: nmsg_template(
        "The lowest bid is {limit} trick; bid {numbers}, partner's best, shoot the moon, or pass.",
        "The lowest bid is {limit} tricks; bid {numbers}, partner's best, shoot the moon, or pass.",
    ),
    False: nmsg_template(
        "A deal has only {limit} trick; bid {numbers}, partner's best, shoot the moon, or pass.",
        "A deal has only {limit} tricks; bid {numbers}, partner's best, shoot the moon, or pass.",
    ),
}
# moon_call_not_allowed, one sentence per extra moon and the call standing under it (none, a bid, or a lone call
# lower than the one it needs).
MOON_CALL_TEMPLATES: dict[tuple[str, str | None], str] = {
    ("triple_moon", None): msg_template("A triple moon can only be called over a shoot the moon; no call stands yet."),
    ("triple_moon", "bid"): msg_template(
        "A triple moon can only be called over a shoot the moon; the standing call is a bid of {tricks}."
    ),
    ("triple_moon", "partners_best"): msg_template(
        "A triple moon can only be called over a shoot the moon; the standing call is a partner's best."
    ),
    ("quadruple_moon", None): msg_template(
        "A quadruple moon can only be called over a triple moon; no call stands yet."
    ),
    ("quadruple_moon", "bid"): msg_template(
        "A quadruple moon can only be called over a triple moon; the standing call is a bid of {tricks}."
    ),
    ("quadruple_moon", "partners_best"): msg_template(
        "A quadruple moon can only be called over a triple moon; the standing call is a partner's best."
    ),
    ("quadruple_moon", "shoot_the_moon"): msg_template(
        "A quadruple moon can only be called over a triple moon; the standing call is a shoot the moon."
    ),
}
# E-A17: each extra moon is called only over the call one step below it.
EXTRA_MOONS: dict[str, str] = {"triple_moon": "shoot_the_moon", "quadruple_moon": "triple_moon"}


@dataclass(frozen=True)
class Contract:
    """The winning call: ``kind`` is ``number``, ``partners_best`` or ``shoot_the_moon``."""

    bidder: str
    kind: str
    tricks_bid: int


def lone_kinds(rules: BidEuchreRules) -> tuple[str, ...]:
    """The all-six calls this match allows, lowest first."""
    return tuple(kind for kind in LONE_RANK_ABOVE_TRICKS if rules.extra_moon_calls or kind not in EXTRA_MOONS)


def rank_of(call: Call, rules: BidEuchreRules) -> int:
    if call.call == "bid":
        return call.tricks or 0
    return rules.tricks_per_deal + LONE_RANK_ABOVE_TRICKS[call.call]


def _may_call(kind: str, standing_rank: int, rules: BidEuchreRules) -> bool:
    rank = rules.tricks_per_deal + LONE_RANK_ABOVE_TRICKS[kind]
    if kind in EXTRA_MOONS:
        return standing_rank == rank - 1
    return rank > standing_rank


def _numbers_above(standing_rank: int, rules: BidEuchreRules) -> list[int]:
    return list(range(max(rules.minimum_bid, standing_rank + 1), rules.max_number_bid + 1))


def _lone_calls_above(standing_rank: int, rules: BidEuchreRules) -> tuple[str, ...]:
    return tuple(kind for kind in lone_kinds(rules) if _may_call(kind, standing_rank, rules))


def legal_bids(standing_rank: int, rules: BidEuchreRules) -> list[str]:
    """``extra.legal``: the calls above ``standing_rank`` as API words ("bid 3 or 4", "partner's best")."""
    numbers = [str(n) for n in _numbers_above(standing_rank, rules)]
    words = [f"bid {or_list(numbers)!s}"] if numbers else []  # "bid 3, 4 or 5", in English
    return words + [API_CALL_WORDS[kind] for kind in _lone_calls_above(standing_rank, rules)]


def may_sentence(seat: str, standing_rank: int, rules: BidEuchreRules) -> str:
    """The whole sentence saying which calls ``seat`` has above ``standing_rank``."""
    numbers = _numbers_above(standing_rank, rules)
    template = MAY_TEMPLATES[bool(numbers), _lone_calls_above(standing_rank, rules)]
    if not numbers:
        return msg(template, seat=seat)
    return msg(template, seat=seat, numbers=or_list(str(n) for n in numbers))


def _check_range(call: Call, field: str, rules: BidEuchreRules) -> None:
    if call.call != "bid" or call.tricks is None:
        return
    tricks, top = call.tricks, rules.tricks_per_deal
    if tricks == top and not rules.allow_plain_six:
        raise RuleViolation(
            "plain_six_not_allowed",
            msg(
                "A bid of {top} must be 'partner's best' ({partners_best_points} points) or 'shoot the moon' "
                "({shoot_the_moon_points} points).",
                top=top,
                partners_best_points=rules.partners_best_points,
                shoot_the_moon_points=rules.shoot_the_moon_points,
            ),
            field,
            allowed=["partners_best", "shoot_the_moon"],
        )
    if not rules.minimum_bid <= tricks <= rules.max_number_bid:
        low = tricks < rules.minimum_bid
        limit = rules.minimum_bid if low else top
        singular, plural = OUT_OF_RANGE_TEMPLATES[low]
        raise RuleViolation(
            "bid_out_of_range",
            nmsg(singular, plural, "limit", limit=limit, numbers=or_list(str(n) for n in _numbers_above(0, rules))),
            field,
            minimum=rules.minimum_bid,
            maximum=rules.max_number_bid,
        )


@dataclass
class _Auction:
    """The auction as it runs: who is to call, who has called or passed, and the standing bid."""

    dealer: str
    rules: BidEuchreRules
    to_call: str
    called: set[str]
    passed: set[str]
    standing: Call | None = None
    standing_rank: int = 0
    over: bool = False

    @property
    def continuous(self) -> bool:
        return self.rules.bidding == "continuous"

    def check_turn(self, call: Call, field: str) -> None:
        if self.over:
            if not self.continuous:
                detail = msg("Everyone has had their one call; the auction is over.")
            elif self.standing is None:
                detail = msg("The auction is over: all four passed.")
            else:
                detail = msg(
                    "The auction is over: everyone but {seat}, the standing bidder, has passed.",
                    seat=self.standing.seat,
                )
            raise RuleViolation("auction_closed", detail, field)
        if call.seat == self.to_call:
            return
        spent = self.passed if self.continuous else self.called
        if call.seat in spent:
            template = (
                msg_template("{seat} has passed and may not come back in; it is {to_call}'s turn.")
                if self.continuous
                else msg_template("{seat} has already had the one call; it is {to_call}'s turn.")
            )
            raise RuleViolation(
                "already_called",
                msg(template, seat=call.seat, to_call=self.to_call),
                field,
                expected_seat=self.to_call,
            )
        template = (
            msg_template("It is {to_call}'s turn (bidding goes clockwise among the players who have not passed).")
            if self.continuous
            else msg_template(
                "It is {to_call}'s turn (bidding goes clockwise from the dealer's left, once round, dealer last)."
            )
        )
        raise RuleViolation("call_out_of_turn", msg(template, to_call=self.to_call), field, expected_seat=self.to_call)

    def check_extra_moon(self, call: Call, field: str) -> None:
        """§E.3: a triple / quadruple moon needs ``extra_moon_calls`` and the call one step below standing."""
        needs = EXTRA_MOONS.get(call.call)
        if needs is None:
            return
        if not self.rules.extra_moon_calls:
            raise RuleViolation(
                "variant_not_enabled",
                msg(EXTRA_MOON_OFF_TEMPLATES[call.call], may=may_sentence(call.seat, self.standing_rank, self.rules)),
                field,
                setting="extra_moon_calls",
            )
        standing = None if self.standing is None else self.standing.call
        if standing == needs or rank_of(call, self.rules) <= self.standing_rank:
            return  # a call not above the standing one is bid_not_higher (check_level)
        raise RuleViolation(
            "moon_call_not_allowed",
            msg(
                MOON_CALL_TEMPLATES[call.call, standing],
                tricks=None if self.standing is None else self.standing.tricks,
            ),
            field,
            needs=needs,
            standing=standing,
            legal=[*legal_bids(self.standing_rank, self.rules), "pass"],
        )

    def check_level(self, call: Call, field: str) -> None:
        _check_range(call, field, self.rules)
        self.check_extra_moon(call, field)
        if call.call == "pass":
            others_passed = self.passed >= set(SEATS) - {self.dealer}
            if self.rules.stick_the_dealer and call.seat == self.dealer and self.standing is None and others_passed:
                raise RuleViolation(
                    "dealer_must_bid",
                    msg(
                        "Stick the dealer is on: the other three passed, so dealer {dealer} must bid at least "
                        "{minimum_bid} and name trump.",
                        dealer=self.dealer,
                        minimum_bid=self.rules.minimum_bid,
                    ),
                    field,
                    legal=legal_bids(0, self.rules),
                    allowed=legal_bids(0, self.rules),  # allowed: deprecated
                )
            return
        if rank_of(call, self.rules) <= self.standing_rank:
            legal = legal_bids(self.standing_rank, self.rules)
            if legal and self.standing is not None:
                detail = msg(
                    STANDING_TEMPLATES[self.standing.call],
                    bidder=self.standing.seat,
                    tricks=self.standing.tricks,
                    may=may_sentence(call.seat, self.standing_rank, self.rules),
                )
            else:
                highest = lone_kinds(self.rules)[-1]
                detail = msg(HIGHEST_CALL_TEMPLATES[highest], seat=call.seat)
            raise RuleViolation(
                "bid_not_higher", detail, field, legal=[*legal, "pass"], allowed=[*legal, "pass"]
            )  # allowed: deprecated

    def take(self, call: Call) -> None:
        self.called.add(call.seat)
        if call.call == "pass":
            self.passed.add(call.seat)
        else:
            self.standing, self.standing_rank = call, rank_of(call, self.rules)
        self._advance(call.seat)

    def _advance(self, seat: str) -> None:
        if not self.continuous:
            self.over = len(self.called) == len(SEATS)
            self.to_call = NEXT_SEAT[seat]
            return
        live = [s for s in SEATS if s not in self.passed]
        self.over = not live or (self.standing is not None and live == [self.standing.seat])
        nxt = NEXT_SEAT[seat]
        while nxt in self.passed and live:
            nxt = NEXT_SEAT[nxt]
        self.to_call = nxt

    def still_to_call(self) -> list[str]:
        if not self.continuous:
            start = len(self.called)
            order = [seat_after(self.dealer, SEATS, step) for step in range(1, len(SEATS) + 1)]
            return order[start:]
        return [self.to_call]


def _still_to_call(waiting: list[str], dealer: str, *, continuous: bool) -> str:
    """auction_incomplete, one whole sentence for each way the seats left are named: the dealer, whose call ends the
    round, is named as the dealer by the sentence itself ("the dealer {dealer}"); the other seats are data."""
    if continuous:
        if waiting[0] == dealer:
            return msg(
                "The auction is not finished: the dealer {dealer} is to call next (it ends when everyone but the "
                "standing bidder has passed).",
                dealer=dealer,
            )
        return msg(
            "The auction is not finished: {names_0} is to call next (it ends when everyone but the standing bidder "
            "has passed).",
            names_0=waiting[0],
        )
    *others, last = waiting
    assert last == dealer, "a round of calls ends with the dealer's"
    if not others:
        return msg("The auction is not finished: the dealer {dealer} still has to call.", dealer=dealer)
    return msg(
        "The auction is not finished: {others} and the dealer {dealer} still have to call.",
        others=comma_list(others),
        dealer=dealer,
    )


def run_auction(dealer: str, calls: tuple[Call, ...], rules: BidEuchreRules) -> Contract | None:
    """The contract the auction ends in, or None when all pass; raises on the first illegal call."""
    auction = _Auction(dealer, rules, NEXT_SEAT[dealer], set(), set())
    for index, call in enumerate(calls):
        field = f"auction[{index}]"
        auction.check_turn(call, field)
        auction.check_level(call, field)
        auction.take(call)
    if not auction.over:
        waiting = auction.still_to_call()
        detail = _still_to_call(waiting, dealer, continuous=auction.continuous)
        raise RuleViolation("auction_incomplete", detail, "auction", to_call=waiting)
    standing = auction.standing
    if standing is None:
        return None
    kind = "number" if standing.call == "bid" else standing.call
    tricks_bid = standing.tricks if standing.tricks is not None else rules.tricks_per_deal
    return Contract(standing.seat, kind, tricks_bid)


def auction_rules(rules: BidEuchreRules) -> dict[str, Any]:
    """The auction of §E.3 as data for a page that follows it knowing no game (the board's ``entry.auction``,
    table/static/table/js/auction_rules.js): from the dealer's left, once round (dealer last) or continuous (a seat
    that passes is out; over when one bidder is left or all passed); a number of tricks, then the lone calls ranked
    above every number (each extra moon only over the call one step below it); stick the dealer bars the dealer's
    pass after three passes. No doubles."""
    lone: list[dict[str, Any]] = []
    for kind in lone_kinds(rules):
        rank = rules.tricks_per_deal + LONE_RANK_ABOVE_TRICKS[kind]
        lone.append({"call": kind, "rank": rank, **({"only_over": rank - 1} if kind in EXTRA_MOONS else {})})
    return {
        "first_after_dealer": 1,
        "one_round": rules.bidding != "continuous",
        "pass_drops_out": rules.bidding == "continuous",
        "closes_after_passes": False,
        "top_closes": False,
        "passed_may_raise": True,
        "pass_barred": ["dealer_after_all_passed"] if rules.stick_the_dealer else [],
        "raises": [
            {"call": "bid", "field": "tricks", "low": rules.minimum_bid, "high": rules.max_number_bid},
            *lone,
        ],
        "double": None,
        "redouble": None,
    }
