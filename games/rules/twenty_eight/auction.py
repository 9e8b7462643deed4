"""The auctions of Twenty-Eight (shared/rules/twenty_eight.md §T.3, checks of §T.7), validated call by call.

The first round opens with the first speaker (the seat after the dealer), who must bid; doubles follow the bidding
when ``allow_double`` is on. With ``second_round_minimum`` a second round on all eight cards opens with the winner of
the first and starts from its contract.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from games.rules.errors import RuleViolation
from games.rules.messages import and_list, msg, msg_template, or_list
from games.rules.seats import seat_after
from games.rules.twenty_eight import tables as t
from games.rules.twenty_eight.deal import Call
from games.rules.twenty_eight.settings import TwentyEightRules


@dataclass(frozen=True, slots=True)
class Contract:
    """What the auctions settled: who bid how much, in which round, doubled or not; ``trump`` is the entered suit."""

    bidder: str
    team: str
    points: int
    doubling: str
    round: int
    trump: str | None = None

    def as_json(self) -> dict[str, Any]:
        return {
            "bidder": self.bidder,
            "team": self.team,
            "points": self.points,
            "trump": self.trump,
            "doubling": self.doubling,
            "round": self.round,
        }


def partner_of(seat: str) -> str:
    return seat_after(seat, t.SEATS, 2)


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


class _Round:
    """One round of bidding: who is to call, the standing bid, the passes since, and how it ended."""

    __slots__ = (
        "bids",
        "closed_how",
        "doubler",
        "doubling",
        "field",
        "minimum",
        "order",
        "passed",
        "passes",
        "position",
        "rules",
        "standing",
        "standing_points",
    )

    def __init__(self, rules: TwentyEightRules, opener: str, field: str, minimum: int) -> None:
        self.rules = rules
        self.bids = 0  # bids made in this round
        self.order = tuple(seat_after(opener, t.SEATS, step) for step in range(len(t.SEATS)))
        self.field = field
        self.minimum = minimum
        self.position = 0
        self.standing: str | None = None
        self.standing_points = 0
        self.passes = 0
        self.passed: set[str] = set()
        self.closed_how: str | None = None
        self.doubling = "none"
        self.doubler: str | None = None

    def next_seat(self) -> str:
        return self.order[self.position % len(self.order)]

    def lowest_bid(self) -> int:
        return max(self.minimum, self.standing_points + 1)

    def _where(self, index: int) -> str:
        return f"{self.field}[{index}]"

    def _refuse(self, code: str, detail: str, index: int, seat: str, **extra: Any) -> RuleViolation:
        return RuleViolation(code, detail, self._where(index), seat=seat, **extra)

    def may_sentence(self, seat: str) -> str:
        """What ``seat`` may call now, in one whole sentence (the same sentences as 56's)."""
        low = self.lowest_bid()
        if low > t.MAX_BID or not self.may_bid(seat):
            return msg("{seat} can only pass.", seat=seat)
        if low == t.MAX_BID:
            return msg("{seat} may bid {low} or pass.", seat=seat, low=low)
        return msg("{seat} may bid {low} to {high} or pass.", seat=seat, low=low, high=t.MAX_BID)

    def may_bid(self, seat: str) -> bool:
        return self.rules.passed_player_may_bid_again or seat not in self.passed

    def legal(self, seat: str) -> list[str]:
        """``extra.legal``: the calls ``seat`` could make now, as API words."""
        low = self.lowest_bid()
        words: list[str] = []
        if self.may_bid(seat) and low <= t.MAX_BID:
            words.append(f"bid {low}" if low == t.MAX_BID else f"bid {low} to {t.MAX_BID}")
        if not (self.field == "auction" and self.position == 0):
            words.append("pass")
        return words

    # -- the end of the bidding ---------------------------------------------------------------------------------
    def closed_message(self) -> str:
        if self.closed_how == "redouble":
            return msg("The auction ended with {seat}'s redouble; no further calls are possible.", seat=self.doubler)
        if self.bids == 0:
            return msg("The second auction ended with four passes; no further calls are possible.")
        if self.closed_how == "top":
            return msg(
                "The bidding ended with {seat}'s {points}; no further bids are possible.",
                seat=self.standing,
                points=self.standing_points,
            )
        return msg(
            "The bidding ended with three passes after {seat}'s {points}; no further bids are possible.",
            seat=self.standing,
            points=self.standing_points,
        )

    def incomplete(self) -> RuleViolation:
        needed = 3 if self.standing is not None else 1  # with no bid yet, the first speaker must bid
        waiting = [self.order[(self.position + k) % len(self.order)] for k in range(needed - self.passes)]
        if self.standing is None:
            detail = msg(
                "The auction is not finished: {seat} speaks first after the dealer and must bid.", seat=self.order[0]
            )
        elif self.bids == 0:
            detail = msg(
                "The second auction is not finished: {waiting} must still pass or bid.", waiting=and_list(waiting)
            )
        else:
            detail = msg(
                "The auction is not finished: after {seat}'s {bid}, {waiting} must still pass or call.",
                seat=self.standing,
                bid=self.standing_points,
                waiting=and_list(waiting),
            )
        return RuleViolation("auction_incomplete", detail, self.field, to_call=waiting, waiting_for=waiting)

    # -- the calls ----------------------------------------------------------------------------------------------
    def take(self, index: int, call: Call) -> None:
        if call.call in ("double", "redouble"):
            self._doubling_call(index, call)
            return
        seat = call.seat
        if self.closed_how is not None:
            raise self._refuse("auction_closed", self.closed_message(), index, seat)
        expected = self.next_seat()
        if seat != expected:
            following = self.order[(self.position + 1) % len(self.order)]
            raise self._refuse(
                "call_out_of_turn",
                msg(
                    "It is {expected}'s turn to call; {following} speaks after {expected}.",
                    expected=expected,
                    following=following,
                ),
                index,
                seat,
                expected_seat=expected,
            )
        if call.call == "pass":
            self._pass(index, call)
        else:
            self._bid(index, call)
        self.position += 1

    def _pass(self, index: int, call: Call) -> None:
        if self.field == "auction" and self.position == 0:
            template = (
                msg_template(
                    "{seat} speaks first after dealer {dealer} and must bid at least {minimum}; with no point card in "
                    "his first four he may ask for a redeal instead."
                )
                if self.rules.redeal_first_speaker_no_points
                else msg_template("{seat} speaks first after dealer {dealer} and must bid at least {minimum}.")
            )
            raise self._refuse(
                "opening_bid_required",
                msg(template, seat=call.seat, dealer=seat_after(call.seat, t.SEATS, -1), minimum=self.minimum),
                index,
                call.seat,
                legal=self.legal(call.seat),
            )
        self.passes += 1
        self.passed.add(call.seat)
        if self.passes >= (3 if self.standing is not None else len(self.order)):
            self.closed_how = "passes"

    def _bid(self, index: int, call: Call) -> None:
        """Range, higher, passed player, partner: the order of §T.3."""
        seat, points = call.seat, call.points
        if not _whole(points) or not self.minimum <= points <= t.MAX_BID:
            raise self._refuse(
                "bid_out_of_range",
                msg(
                    "Bids run from {min_bid} to {max_bid} points; {points} is not possible.",
                    min_bid=self.minimum,
                    max_bid=t.MAX_BID,
                    points=points,
                ),
                index,
                seat,
                minimum=self.minimum,
                maximum=t.MAX_BID,
                legal=self.legal(seat),
            )
        if points <= self.standing_points:
            raise self._refuse(
                "bid_not_higher",
                msg("The standing bid is {points}; {may}", points=self.standing_points, may=self.may_sentence(seat)),
                index,
                seat,
                legal=self.legal(seat),
            )
        if not self.may_bid(seat):
            raise self._refuse(
                "passed_player_may_not_bid",
                msg("{seat} passed earlier in this auction and may only pass now.", seat=seat),
                index,
                seat,
                legal=self.legal(seat),
            )
        honours = self.rules.partner_overcall_minimum
        if honours is not None and self.standing == partner_of(seat) and points < honours:
            raise self._refuse(
                "bid_over_partner_too_low",
                msg(
                    "{seat}'s partner {partner} holds the bid at {standing}; {seat} may go over a partner only with "
                    "{honours} or more (honours), or pass.",
                    seat=seat,
                    partner=self.standing,
                    standing=self.standing_points,
                    honours=honours,
                ),
                index,
                seat,
                minimum=honours,
                legal=self.legal(seat),
            )
        self.standing, self.standing_points, self.passes = seat, int(points), 0
        self.bids += 1
        if points == t.MAX_BID:
            self.closed_how = "top"

    def _doubling_call(self, index: int, call: Call) -> None:
        seat = call.seat
        if not self.rules.allow_double:
            raise RuleViolation(
                "variant_not_enabled",
                msg("Doubling is not played in this match."),
                self._where(index),
                setting="allow_double",
            )
        if self.closed_how == "redouble":
            raise self._refuse("auction_closed", self.closed_message(), index, seat)
        if call.call == "double":
            self._double(index, seat)
        else:
            self._redouble(index, seat)

    def _bidders(self) -> tuple[str, str]:
        assert self.standing is not None
        return self.standing, partner_of(self.standing)

    def _double(self, index: int, seat: str) -> None:
        if self.closed_how is None or self.standing is None:
            detail = msg("{seat} cannot double yet: a contract is doubled once the bidding has ended.", seat=seat)
        elif seat in self._bidders():
            defenders = sorted(set(t.SEATS) - set(self._bidders()))
            detail = msg(
                "{seat} cannot double: the contract ({points}) is {seat}'s own team's; only {defenders} may double.",
                seat=seat,
                points=self.standing_points,
                defenders=or_list(defenders),
            )
        elif self.doubling != "none":
            detail = msg("{seat} cannot double: the contract is already doubled.", seat=seat)
        else:
            self.doubling, self.doubler = "doubled", seat
            return
        raise self._refuse("double_not_allowed", detail, index, seat)

    def _redouble(self, index: int, seat: str) -> None:
        if self.doubling != "doubled" or self.standing is None:
            detail = msg("{seat} cannot redouble: the contract has not been doubled.", seat=seat)
        elif seat not in self._bidders():
            detail = msg(
                "Only {bidders}, whose contract was doubled, may redouble.", bidders=or_list(sorted(self._bidders()))
            )
        else:
            self.doubling, self.doubler, self.closed_how = "redoubled", seat, "redouble"
            return
        raise self._refuse("redouble_not_allowed", detail, index, seat)


def run_first_round(auction: tuple[Call, ...], dealer: str, rules: TwentyEightRules) -> Contract:
    """§T.3's first round (and its doubles): the contract it settles."""
    bidding = _Round(rules, seat_after(dealer, t.SEATS), "auction", rules.minimum_bid)
    for index, call in enumerate(auction):
        bidding.take(index, call)
    if bidding.closed_how is None or bidding.standing is None:
        raise bidding.incomplete()
    bidder = bidding.standing
    return Contract(bidder, t.TEAM_OF[bidder], bidding.standing_points, bidding.doubling, 1)


def run_second_round(second: tuple[Call, ...] | None, first: Contract, rules: TwentyEightRules) -> Contract:
    """§T.3's second round, when the match plays one: opened by the first round's winner, from its contract."""
    minimum = rules.second_round_minimum
    if minimum is None:
        if second is not None:
            raise RuleViolation(
                "variant_not_enabled",
                msg("A second auction is not played in this match."),
                "second_auction",
                setting="second_round_minimum",
            )
        return first
    if first.points == t.MAX_BID:
        if second:
            raise RuleViolation(
                "auction_closed",
                msg("The first auction ended at 28, so there is no second auction."),
                "second_auction[0]",
                seat=second[0].seat,
            )
        return first
    if second is None:
        raise RuleViolation(
            "auction_incomplete",
            msg(
                "The second auction is missing: {seat}, who won the first, opens a second auction on all eight cards.",
                seat=first.bidder,
            ),
            "second_auction",
            to_call=[first.bidder],
            waiting_for=[first.bidder],
        )
    bidding = _Round(rules, first.bidder, "second_auction", minimum)
    # The round starts from the first contract, held by its opener: four passes keep it (the count starts one
    # short), three passes after a new bid end the round.
    bidding.standing, bidding.standing_points, bidding.passes = first.bidder, first.points, -1
    for index, call in enumerate(second):
        bidding.take(index, call)
    if bidding.closed_how is None:
        raise bidding.incomplete()
    if bidding.bids == 0:
        return first
    bidder = str(bidding.standing)
    return Contract(bidder, t.TEAM_OF[bidder], bidding.standing_points, "none", 2)


def _bid_raise(rules: TwentyEightRules, low: int) -> dict[str, Any]:
    bid: dict[str, Any] = {"call": "bid", "field": "points", "low": low, "high": t.MAX_BID}
    if rules.partner_overcall_minimum is not None:
        bid["partner_low"] = rules.partner_overcall_minimum
    return bid


def auction_rules(rules: TwentyEightRules) -> dict[str, Any]:
    """§T.3's auctions as data for a page that follows them knowing no game (the board's ``entry.auction``,
    table/static/table/js/auction_rules.js): from the dealer's right, the first speaker must bid; three passes
    after a bid, or a bid of 28, end it; over one's partner's standing bid the lowest is
    ``partner_overcall_minimum``. With ``allow_double`` the bidding is followed by a double from either defender
    (``after_bidding``: out of turn, once the bidding is over) and a redouble from either bidder, which ends the
    auction. With ``second_round_minimum``, ``second_round`` describes the second auction (``second_auction``):
    opened by the first round's winner from its contract (``from_standing``), which four passes keep; none after a
    first round that ended at 28."""
    return {
        "first_after_dealer": 1,
        "one_round": False,
        "pass_drops_out": False,
        "closes_after_passes": True,
        "top_closes": True,
        "passed_may_raise": rules.passed_player_may_bid_again,
        "pass_barred": ["first_call"],
        "raises": [_bid_raise(rules, rules.minimum_bid)],
        "double": {"resets_passes": False, "after_bidding": True} if rules.allow_double else None,
        "redouble": {"out_of_turn": True, "closes": True} if rules.allow_double else None,
        "second_round": None
        if rules.second_round_minimum is None
        else _second_round(rules, rules.second_round_minimum),
    }


def _second_round(rules: TwentyEightRules, minimum: int) -> dict[str, Any]:
    return {
        "from_standing": True,
        "first_after_dealer": 0,
        "one_round": False,
        "pass_drops_out": False,
        "closes_after_passes": True,
        "top_closes": True,
        "passed_may_raise": rules.passed_player_may_bid_again,
        "pass_barred": [],
        "raises": [_bid_raise(rules, minimum)],
        "double": None,
        "redouble": None,
    }
