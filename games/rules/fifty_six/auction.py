"""The auction of 56 (shared/rules/fifty_six.md §F.3, checks of §F.7), validated call by call."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from games.rules.errors import RuleViolation
from games.rules.fifty_six import tables as t
from games.rules.fifty_six.deal import Call
from games.rules.fifty_six.settings import FiftySixRules
from games.rules.messages import and_list, msg, msg_template, nmsg, nmsg_template

# A bid in words, one whole phrase per trump ("40 hearts"), so each language says the number and the suit in its
# own order and form; a noes bid (no trump named yet) is its number alone.
BID_TEMPLATES: dict[str, str] = {
    "clubs": msg_template("{points} clubs"),
    "diamonds": msg_template("{points} diamonds"),
    "hearts": msg_template("{points} hearts"),
    "spades": msg_template("{points} spades"),
    "no_trumps": msg_template("{points} no-trumps"),
}

# call_not_affordable, one sentence per call refused (singular, plural by the tables held); ``{may}`` is the whole
# sentence of the calls left to the team (TEAM_MAY_TEMPLATES).
AFFORDABLE_TEMPLATES: dict[str, tuple[str, str]] = {
    "bid": nmsg_template(
        "Team {team} holds {held} table; a bid of {points} could cost it {cost} (band {band}), so {may}",
        "Team {team} holds {held} tables; a bid of {points} could cost it {cost} (band {band}), so {may}",
    ),
    "double": nmsg_template(
        "Team {team} holds {held} table; a double of {points} could cost it {cost} (band {band}), so {may}",
        "Team {team} holds {held} tables; a double of {points} could cost it {cost} (band {band}), so {may}",
    ),
    "redouble": nmsg_template(
        "Team {team} holds {held} table; a redouble of {points} could cost it {cost} (band {band}), so {may}",
        "Team {team} holds {held} tables; a redouble of {points} could cost it {cost} (band {band}), so {may}",
    ),
}

# The calls left to a seat, one whole sentence for each set of them, keyed by (the bids: none, one or a range; pass
# allowed; double or redouble allowed). A pass is refused only to the first speaker under first_speaker_must_bid,
# where nobody has bid yet, so nothing can be doubled.
SEAT_MAY_TEMPLATES: dict[tuple[str | None, bool, str | None], str] = {
    (None, True, None): msg_template("{seat} can only pass."),
    ("one", True, None): msg_template("{seat} may bid {low} or pass."),
    ("range", True, None): msg_template("{seat} may bid {low} to {high} or pass."),
    (None, True, "double"): msg_template("{seat} may pass or double."),
    ("one", True, "double"): msg_template("{seat} may bid {low}, pass, or double."),
    ("range", True, "double"): msg_template("{seat} may bid {low} to {high}, pass, or double."),
    (None, True, "redouble"): msg_template("{seat} may pass or redouble."),
    ("one", True, "redouble"): msg_template("{seat} may bid {low}, pass, or redouble."),
    ("range", True, "redouble"): msg_template("{seat} may bid {low} to {high}, pass, or redouble."),
    ("one", False, None): msg_template("{seat} may only bid {low}."),
    ("range", False, None): msg_template("{seat} may bid {low} to {high}."),
}
# The same said of a team, after "so" in call_not_affordable (never with first_speaker_must_bid: the two settings
# cannot be combined).
TEAM_MAY_TEMPLATES: dict[tuple[str | None, bool, str | None], str] = {
    (None, True, None): msg_template("{team} can only pass."),
    ("one", True, None): msg_template("{team} may bid {low} or pass."),
    ("range", True, None): msg_template("{team} may bid {low} to {high} or pass."),
    (None, True, "double"): msg_template("{team} may pass or double."),
    ("one", True, "double"): msg_template("{team} may bid {low}, pass, or double."),
    ("range", True, "double"): msg_template("{team} may bid {low} to {high}, pass, or double."),
    (None, True, "redouble"): msg_template("{team} may pass or redouble."),
    ("one", True, "redouble"): msg_template("{team} may bid {low}, pass, or redouble."),
    ("range", True, "redouble"): msg_template("{team} may bid {low} to {high}, pass, or redouble."),
}


@dataclass(frozen=True, slots=True)
class CallsLeft:
    """The calls a seat may make now: the bids from ``low`` to ``high`` (none when ``low > high``), a pass, a
    double, a redouble."""

    low: int
    high: int
    can_pass: bool
    double: bool
    redouble: bool

    def api_words(self) -> list[str]:
        """``extra.legal``: API words the pages read ("bid 28 to 39", "pass", "double", "redouble")."""
        words = []
        if self.low < self.high:
            words.append(f"bid {self.low} to {self.high}")
        elif self.low == self.high:
            words.append(f"bid {self.low}")
        words += [
            word for word, on in (("pass", self.can_pass), ("double", self.double), ("redouble", self.redouble)) if on
        ]
        return words

    def api_json(self) -> dict[str, Any]:
        """``extra.calls_left``: the same as data, so a page reads the limits rather than parse the words:
        ``highest_bid`` (0 where no bid is left), ``double``, ``redouble``, ``pass``."""
        return {
            "highest_bid": self.high if self.low <= self.high else 0,
            "pass": self.can_pass,
            "double": self.double,
            "redouble": self.redouble,
        }

    def key(self) -> tuple[str | None, bool, str | None]:
        bids = None if self.low > self.high else "one" if self.low == self.high else "range"
        other = "double" if self.double else "redouble" if self.redouble else None
        return bids, self.can_pass, other

    def sentence(self, seat: str) -> str:
        """The whole sentence saying what ``seat`` may call."""
        return msg(SEAT_MAY_TEMPLATES[self.key()], seat=seat, low=self.low, high=self.high)

    def team_sentence(self, team: str) -> str:
        """The whole sentence saying what ``team`` may call."""
        return msg(TEAM_MAY_TEMPLATES[self.key()], team=team, low=self.low, high=self.high)


@dataclass(frozen=True, slots=True)
class Contract:
    bidder: str
    team: str
    points: int
    trump: str
    doubling: str
    forced: bool

    def as_json(self) -> dict[str, Any]:
        return {
            "bidder": self.bidder,
            "team": self.team,
            "points": self.points,
            "trump": self.trump,
            "doubling": self.doubling,
            "forced": self.forced,
        }


def describe_bid(points: int | None, trump: str | None) -> str:
    """``40 hearts`` as one phrase each language says whole; a noes bid is its number."""
    if trump is None:
        return f"{points}"
    return msg(BID_TEMPLATES[trump], points=points)


def _and_list(items: list[str]) -> str:
    return and_list(items) if items else ""


def speaking_order(active_seats: tuple[str, ...], dealer: str) -> tuple[str, ...]:
    """Active seats in calling order, starting with the dealer's right (the seat after the dealer)."""
    k = active_seats.index(dealer)
    return active_seats[k + 1 :] + active_seats[: k + 1]


class _Auction:
    """The running auction: who is to call, the standing bid and its doubling, the passes since."""

    __slots__ = (
        "closed_how",
        "dealer",
        "doubler",
        "doubling",
        "order",
        "passed",
        "passes",
        "position",
        "rules",
        "standing",
        "standing_index",
        "tables",
    )

    def __init__(
        self, rules: FiftySixRules, order: tuple[str, ...], dealer: str, tables: Mapping[str, int] | None = None
    ) -> None:
        self.rules = rules
        self.tables = tables  # held at the start of the deal, for calls_limited_by_tables (F-A19)
        self.order = order
        self.dealer = dealer
        self.position = 0
        self.standing: Call | None = None
        self.standing_index = -1
        self.doubling = "none"
        self.doubler: str | None = None
        self.passes = 0
        self.passed: set[str] = set()
        self.closed_how: str | None = None

    # -- what is legal now ------------------------------------------------------------------------------
    def next_seat(self) -> str:
        return self.order[self.position % len(self.order)]

    def standing_words(self) -> str:
        assert self.standing is not None
        return describe_bid(self.standing.points, self.standing.trump)

    def may_double(self, seat: str) -> bool:
        team_of = self.rules.team_of
        return self.standing is not None and self.doubling == "none" and team_of[seat] != team_of[self.standing.seat]

    def may_redouble(self, seat: str) -> bool:
        team_of = self.rules.team_of
        return self.standing is not None and self.doubling == "doubled" and team_of[seat] == team_of[self.standing.seat]

    def may_raise(self, seat: str) -> bool:
        return self.rules.passed_player_may_bid_again or seat not in self.passed

    def lowest_bid(self) -> int:
        return t.MIN_BID if self.standing is None else int(self.standing.points or t.MIN_BID) + 1

    def calls_left(self, seat: str) -> CallsLeft:
        """Every call ``seat`` could make now."""
        raise_ok = self.may_raise(seat)
        low, high = self.lowest_bid(), self.highest_affordable_bid(seat)
        return CallsLeft(
            low=low,
            high=high if raise_ok else low - 1,
            can_pass=not (self.position == 0 and self.rules.all_pass_rule == "first_speaker_must_bid"),
            double=raise_ok and self.may_double(seat) and self.affordable(seat, "double"),
            redouble=(raise_ok or self.rules.redouble_out_of_turn)
            and self.may_redouble(seat)
            and self.affordable(seat, "redouble"),
        )

    def legal_calls(self, seat: str) -> list[str]:
        """``extra.legal``: the calls ``seat`` could make now, as API words."""
        return self.calls_left(seat).api_words()

    # -- calls limited by the tables held (§F.3, F-A19) --------------------------------------------------------
    def other_teams(self) -> int:
        """``k``: the other active teams a failed contract pays (1 with two teams)."""
        return len({self.rules.team_of[seat] for seat in self.order}) - 1

    def worst_cost(self, call: str, points: int) -> int:
        """The most ``call`` at ``points`` could cost the caller's team: a bid's and a redouble's loss to every
        other team, a double's win paid by the doubling team alone."""
        band = self.rules.band_by_points[points]
        assert band is not None
        doubling = {"bid": "none", "double": "doubled", "redouble": "redoubled"}[call]
        factor, addend = t.DOUBLE_MODES[self.rules.double_mode][doubling]
        if call == "double":
            return band.win * factor + addend
        return (band.lose * factor + addend) * self.other_teams()

    def affordable(self, seat: str, call: str, points: int | None = None) -> bool:
        if not self.rules.calls_limited_by_tables or self.tables is None:
            return True
        if points is None:
            if self.standing is None:
                return True  # refused for want of a bid, not of tables
            points = int(self.standing.points or t.MIN_BID)
        return self.worst_cost(call, points) <= self.tables[self.rules.team_of[seat]]

    def highest_affordable_bid(self, seat: str) -> int:
        high = t.MAX_BID
        while high >= t.MIN_BID and not self.affordable(seat, "bid", high):
            high -= 1
        return high

    def check_affordable(self, index: int, call: Call, points: int) -> None:
        """``call_not_affordable``, checked after every other check of the call."""
        if self.affordable(call.seat, call.call, points):
            return
        assert self.tables is not None
        team = self.rules.team_of[call.seat]
        held, cost = self.tables[team], self.worst_cost(call.call, points)
        band = self.rules.band_by_points[points]
        assert band is not None
        left = self.calls_left(call.seat)
        singular, plural = AFFORDABLE_TEMPLATES[call.call]
        raise RuleViolation(
            "call_not_affordable",
            nmsg(
                singular,
                plural,
                "held",
                team=team,
                held=held,
                points=points,
                cost=cost,
                band=band.label,
                may=left.team_sentence(team),
            ),
            f"auction[{index}]",
            seat=call.seat,
            legal=left.api_words(),
            calls_left=left.api_json(),
            team=team,
            tables_held=held,
            could_cost=cost,
            band=band.label,
        )

    def _violation(self, code: str, detail: str, index: int, seat: str) -> RuleViolation:
        return RuleViolation(code, detail, f"auction[{index}]", seat=seat, legal=self.legal_calls(seat))

    # -- the calls ----------------------------------------------------------------------------------------
    def closed_message(self) -> str:
        if self.closed_how == "redouble":
            assert self.standing is not None
            return msg(
                "The auction ended with {doubler}'s redouble: the contract is {standing_words} redoubled. No further "
                "calls are possible.",
                doubler=self.doubler,
                standing_words=self.standing_words(),
            )
        if self.standing is None:
            return msg(
                "The auction ended when all {order_count} players passed. No further calls are possible.",
                order_count=len(self.order),
            )
        values = {"passes": len(self.order) - 1, "seat": self.standing.seat, "bid": self.standing_words()}
        if self.doubling == "doubled":
            return nmsg(
                "The auction ended with {passes} pass after {seat}'s {bid} doubled. No further calls are possible.",
                "The auction ended with {passes} passes after {seat}'s {bid} doubled. No further calls are possible.",
                "passes",
                **values,
            )
        return nmsg(
            "The auction ended with {passes} pass after {seat}'s {bid}. No further calls are possible.",
            "The auction ended with {passes} passes after {seat}'s {bid}. No further calls are possible.",
            "passes",
            **values,
        )

    def take(self, index: int, call: Call) -> None:
        seat = call.seat
        if self.closed_how is not None:
            raise RuleViolation("auction_closed", self.closed_message(), f"auction[{index}]", seat=seat)
        expected = self.next_seat()
        if call.call == "redouble" and self.rules.redouble_out_of_turn and seat in self.order:
            self._redouble(index, call)  # F-A18: not bound to the turn; it ends the auction when allowed
            return
        if seat != expected:
            if self.position == 0:
                detail = msg(
                    "{expected} speaks first after dealer {dealer} (bidding goes to the right, counter-clockwise); "
                    "{seat} waits for its turn.",
                    expected=expected,
                    dealer=self.dealer,
                    seat=seat,
                )
            else:
                following = self.order[(self.position + 1) % len(self.order)]
                detail = msg(
                    "It is {expected}'s turn to call (bidding goes to the right, counter-clockwise); {following} "
                    "speaks after {expected}.",
                    expected=expected,
                    following=following,
                )
            raise RuleViolation("call_out_of_turn", detail, f"auction[{index}]", seat=seat, expected_seat=expected)
        getattr(self, f"_{call.call}")(index, call)
        self.position += 1

    def _pass(self, index: int, call: Call) -> None:
        if self.position == 0 and self.rules.all_pass_rule == "first_speaker_must_bid":
            raise self._violation(
                "opening_bid_required",
                msg(
                    "{seat} speaks first after dealer {dealer} and must open with a bid of at least {min_bid}; "
                    "passing is not allowed.",
                    seat=call.seat,
                    dealer=self.dealer,
                    min_bid=t.MIN_BID,
                ),
                index,
                call.seat,
            )
        self.passes += 1
        self.passed.add(call.seat)
        needed = len(self.order) if self.standing is None else len(self.order) - 1
        if self.passes >= needed:
            self.closed_how = "passes"

    def _check_passed(self, index: int, call: Call) -> None:
        if not self.may_raise(call.seat):
            raise self._violation(
                "passed_player_may_not_bid",
                msg("{seat} passed earlier in this auction and may only pass now.", seat=call.seat),
                index,
                call.seat,
            )

    def _bid(self, index: int, call: Call) -> None:
        seat = call.seat
        self._check_passed(index, call)
        points = call.points
        if call.plus is not None:
            points = self._plus_points(index, call)
        if points is None or not t.MIN_BID <= points <= t.MAX_BID:
            raise self._violation(
                "bid_out_of_range",
                msg(
                    "Bids run from {min_bid} to {max_bid} points; {points} is not possible.",
                    min_bid=t.MIN_BID,
                    max_bid=t.MAX_BID,
                    points=points,
                ),
                index,
                seat,
            )
        if self.standing is not None and points <= int(self.standing.points or 0):
            raise self._violation(
                "bid_not_higher",
                msg(
                    "The standing bid is {points}; {may}",
                    points=self.standing.points,
                    may=self.calls_left(seat).sentence(seat),
                ),
                index,
                seat,
            )
        if call.convention == "noes" and self.standing is None:
            # F-A13: a noes bid says its bidder is void in the suit last bid, so it needs a bid to be made over
            raise self._violation(
                "invalid_trump",
                msg(
                    "A noes bid says its bidder is void in the suit last bid, and no bid stands yet: name a trump "
                    "suit or no-trumps for {seat}'s bid of {points}.",
                    seat=seat,
                    points=points,
                ),
                index,
                seat,
            )
        if call.trump is None and call.convention != "noes":
            raise self._violation(
                "invalid_trump",
                msg(
                    "Name a trump suit or no-trumps for {seat}'s bid of {points}: clubs, diamonds, hearts, spades or "
                    "no_trumps.",
                    seat=seat,
                    points=points,
                ),
                index,
                seat,
            )
        self.check_affordable(index, call, points)
        self.standing = Call(seat, "bid", points, call.trump, call.plus, call.convention)
        self.standing_index = index
        self.doubling = "none"
        self.doubler = None
        self.passes = 0

    def _plus_points(self, index: int, call: Call) -> int:
        plus = int(call.plus or 0)
        seat = call.seat
        if self.standing is None:
            raise self._violation(
                "plus_bid_invalid",
                msg(
                    '"Plus {plus}" raises the standing bid, and nobody has bid yet; {seat} may bid {min_bid} to '
                    "{max_bid} or pass.",
                    plus=plus,
                    seat=seat,
                    min_bid=t.MIN_BID,
                    max_bid=t.MAX_BID,
                ),
                index,
                seat,
            )
        base = int(self.standing.points or 0)
        result = base + plus
        if plus < 1:
            raise self._violation(
                "plus_bid_invalid",
                msg(
                    "Plus {plus} on {base} would be {result}, not above the standing bid; plus runs from 1 to "
                    "{max_bid}.",
                    plus=plus,
                    base=base,
                    result=result,
                    max_bid=t.MAX_BID - base,
                ),
                index,
                seat,
            )
        if result > t.MAX_BID:
            raise self._violation(
                "plus_bid_invalid",
                msg(
                    "Plus {plus} on {base} would be {result}; the highest bid is {max_bid}.",
                    plus=plus,
                    base=base,
                    result=result,
                    max_bid=t.MAX_BID,
                ),
                index,
                seat,
            )
        if call.points is not None and call.points != result:
            raise self._violation(
                "plus_bid_invalid",
                msg(
                    "Plus {plus} on the standing {base} is {result}, but the call says {points}.",
                    plus=plus,
                    base=base,
                    result=result,
                    points=call.points,
                ),
                index,
                seat,
            )
        return result

    def _double(self, index: int, call: Call) -> None:
        seat = call.seat
        self._check_passed(index, call)
        if self.standing is None:
            detail = msg(
                "{seat} cannot double: nobody has bid yet; only an opponent's standing bid may be doubled.",
                seat=seat,
            )
        elif self.rules.team_of[seat] == self.rules.team_of[self.standing.seat]:
            detail = msg(
                "{seat} cannot double: the standing bid ({standing_words}) belongs to {seat}'s own team; only an "
                "opponent of the bidder may double.",
                seat=seat,
                standing_words=self.standing_words(),
            )
        elif self.doubling == "doubled":
            detail = msg(
                "{seat} cannot double: the standing bid ({standing_words}) is already doubled; a bid may be "
                "doubled only once.",
                seat=seat,
                standing_words=self.standing_words(),
            )
        elif self.doubling != "none":
            detail = msg(
                "{seat} cannot double: the standing bid ({standing_words}) is already redoubled; a bid may be "
                "doubled only once.",
                seat=seat,
                standing_words=self.standing_words(),
            )
        else:
            self.check_affordable(index, call, int(self.standing.points or t.MIN_BID))
            self.doubling = "doubled"
            self.doubler = seat
            self.passes = 0
            return
        raise self._violation("double_not_allowed", detail, index, seat)

    def _redouble(self, index: int, call: Call) -> None:
        seat = call.seat
        if not self.rules.redouble_out_of_turn:  # F-A18: a seat that passed may still redouble out of turn
            self._check_passed(index, call)
        if self.standing is None:
            detail = msg(
                "{seat} cannot redouble: nobody has bid yet. Only the team that was doubled may redouble.", seat=seat
            )
        elif self.doubling != "doubled":
            detail = msg(
                "{seat} cannot redouble: the standing bid ({standing_words}) has not been doubled. Only the team "
                "that was doubled may redouble.",
                seat=seat,
                standing_words=self.standing_words(),
            )
        elif self.rules.team_of[seat] != self.rules.team_of[self.standing.seat]:
            team = self.rules.team_of[self.standing.seat]
            detail = msg(
                "{seat} cannot redouble: only the team that was doubled may redouble (team {team}, whose "
                "{standing_words} was doubled).",
                seat=seat,
                team=team,
                standing_words=self.standing_words(),
            )
        else:
            self.check_affordable(index, call, int(self.standing.points or t.MIN_BID))
            self.doubling = "redoubled"
            self.doubler = seat
            self.closed_how = "redouble"
            return
        raise self._violation("redouble_not_allowed", detail, index, seat)

    def still_to_call(self) -> list[str]:
        needed = len(self.order) if self.standing is None else len(self.order) - 1
        return [self.order[(self.position + k) % len(self.order)] for k in range(needed - self.passes)]

    def incomplete(self) -> RuleViolation:
        waiting = self.still_to_call()
        if self.standing is None:
            template = (
                msg_template(
                    "The auction is not finished: with no bid yet, {waiting} must still pass or call (the first call "
                    "belongs to {order_0}, after dealer {dealer})."
                )
                if self.position == 0
                else msg_template(
                    "The auction is not finished: with the passes so far, {waiting} must still pass or call (the "
                    "first call belongs to {order_0}, after dealer {dealer})."
                )
            )
            detail = msg(template, waiting=_and_list(waiting), order_0=self.order[0], dealer=self.dealer)
        elif self.doubling == "doubled":
            detail = msg(
                "The auction is not finished: after {doubler}'s double of {seat}'s {bid}, {waiting} must still pass "
                "or call.",
                doubler=self.doubler,
                seat=self.standing.seat,
                bid=self.standing_words(),
                waiting=_and_list(waiting),
            )
        else:
            detail = msg(
                "The auction is not finished: after {seat}'s {bid}, {waiting} must still pass or call.",
                seat=self.standing.seat,
                bid=self.standing_words(),
                waiting=_and_list(waiting),
            )
        return RuleViolation(
            "auction_incomplete", detail, "auction", to_call=waiting, waiting_for=waiting
        )  # waiting_for: deprecated


def run_auction(
    auction: tuple[Call, ...],
    dealer: str,
    active_seats: tuple[str, ...],
    rules: FiftySixRules,
    tables: Mapping[str, int] | None = None,
) -> Contract | None:
    """Validate the auction call by call; the contract it produces, or None for an all-pass redeal. ``tables``
    (held at the start of the deal) limit the calls under ``calls_limited_by_tables``."""
    state = _Auction(rules, speaking_order(active_seats, dealer), dealer, tables)
    for index, call in enumerate(auction):
        state.take(index, call)
    if state.closed_how is None:
        raise state.incomplete()
    standing = state.standing
    if standing is None:
        if rules.all_pass_rule == "redeal":
            return None
        first = state.order[0]
        return Contract(first, rules.team_of[first], t.MIN_BID, "no_trumps", "none", True)
    if standing.trump is None:
        raise RuleViolation(
            "invalid_trump",
            msg(
                "{seat}'s noes bid of {points} won the auction: name the trump suit or no-trumps chosen before play "
                "(trump on that call).",
                seat=standing.seat,
                points=standing.points,
            ),
            f"auction[{state.standing_index}]",
            allowed=list(t.TRUMPS),
        )
    return Contract(
        standing.seat, rules.team_of[standing.seat], int(standing.points or 0), standing.trump, state.doubling, False
    )


def auction_rules(rules: FiftySixRules) -> dict[str, Any]:
    """The auction of §F.3 as data for a page that follows it knowing no game (the board's ``entry.auction``,
    table/static/table/js/auction_rules.js): the calls go round the active seats from the dealer's right; a bid
    outbids by points, a pass after a bid or a double closes when every other seat has passed (every seat, with no
    bid), an opponent of the bidder may double and the doubled team redouble, which closes. The limits of
    ``calls_limited_by_tables`` depend on the tables held: the dry run answers them."""
    return {
        "first_after_dealer": 1,
        "one_round": False,
        "pass_drops_out": False,
        "closes_after_passes": True,
        "top_closes": False,
        "passed_may_raise": rules.passed_player_may_bid_again,
        "pass_barred": ["first_call"] if rules.all_pass_rule == "first_speaker_must_bid" else [],
        # F-A13: a "noes" bid (no trump of its own, void in the suit last bid) only over a standing bid
        "raises": [
            {
                "call": "bid",
                "field": "points",
                "low": t.MIN_BID,
                "high": t.MAX_BID,
                "conventions": [{"convention": "noes", "over_standing": True}],
            }
        ],
        "double": {"resets_passes": True},
        "redouble": {"out_of_turn": rules.redouble_out_of_turn, "closes": True},
    }
