"""Seep legality checks (shared/rules/seep.md §S.7) that relate a parsed deal to itself and to the match."""

from __future__ import annotations

from games.rules.cards import Card
from games.rules.errors import RuleViolation
from games.rules.messages import and_chain, msg, msg_template, or_list
from games.rules.seep.deal import WRONG_BIDDER_MESSAGES, HouseBid, SeepDeal, ThrowIn
from games.rules.seep.settings import SeepRules
from games.rules.seep.state import (
    AFTER_BAAZI,
    PASSED_RIGHT,
    SAME_DEALER_BEHIND,
    SAME_DEALER_LEVEL,
    SeepState,
    signed_json,
)
from games.rules.seep.tables import (
    BID_VALUES,
    CAPTURE_VALUE,
    CARD_POINTS_TOTAL,
    MAX_REGULAR_SWEEPS,
    POINT_CARD_ORDER,
    TEAM_NAMES,
    TEAM_OF_SEAT,
    THROW_IN_MAX_VALUE,
    partner_of,
    seat_right_of,
)

# The sentences that name the card a house or a bid of each value needs, one whole sentence per value (and, for
# bid_card_not_in_hand, per what the hand allows): each language names the card in the case its sentence wants.
BID_CARD_MESSAGES: dict[tuple[int, bool], str] = {
    (9, True): msg_template(
        "A bid of {value} needs a 9 among the bidder's four cards; this hand allows a bid of {legal}."
    ),
    (9, False): msg_template(
        "A bid of {value} needs a 9 among the bidder's four cards; this hand has no card above 8, so it must "
        "be thrown in and dealt again."
    ),
    (10, True): msg_template(
        "A bid of {value} needs a 10 among the bidder's four cards; this hand allows a bid of {legal}."
    ),
    (10, False): msg_template(
        "A bid of {value} needs a 10 among the bidder's four cards; this hand has no card above 8, so it must "
        "be thrown in and dealt again."
    ),
    (11, True): msg_template(
        "A bid of {value} needs a jack among the bidder's four cards; this hand allows a bid of {legal}."
    ),
    (11, False): msg_template(
        "A bid of {value} needs a jack among the bidder's four cards; this hand has no card above 8, so it must "
        "be thrown in and dealt again."
    ),
    (12, True): msg_template(
        "A bid of {value} needs a queen among the bidder's four cards; this hand allows a bid of {legal}."
    ),
    (12, False): msg_template(
        "A bid of {value} needs a queen among the bidder's four cards; this hand has no card above 8, so it must "
        "be thrown in and dealt again."
    ),
    (13, True): msg_template(
        "A bid of {value} needs a king among the bidder's four cards; this hand allows a bid of {legal}."
    ),
    (13, False): msg_template(
        "A bid of {value} needs a king among the bidder's four cards; this hand has no card above 8, so it must "
        "be thrown in and dealt again."
    ),
}
FIRST_PLAY_MESSAGES: dict[int, str] = {
    9: msg_template(
        "The bid was {bid}: the first play must build a house of {bid}, or capture or throw a 9; {what} is neither."
    ),
    10: msg_template(
        "The bid was {bid}: the first play must build a house of {bid}, or capture or throw a 10; {what} is neither."
    ),
    11: msg_template(
        "The bid was {bid}: the first play must build a house of {bid}, or capture or throw a jack; {what} is neither."
    ),
    12: msg_template(
        "The bid was {bid}: the first play must build a house of {bid}, or capture or throw a queen; {what} is neither."
    ),
    13: msg_template(
        "The bid was {bid}: the first play must build a house of {bid}, or capture or throw a king; {what} is neither."
    ),
}
# first_play_not_bid_value for a build (or cement) of another value, one whole sentence per bid.
FIRST_BUILD_MESSAGES: dict[int, str] = {
    9: msg_template(
        "The bid was {bid}: the first play must build a house of {bid}, or capture or throw a 9; a house of {value} is "
        "neither."
    ),
    10: msg_template(
        "The bid was {bid}: the first play must build a house of {bid}, or capture or throw a 10; a house of {value} "
        "is neither."
    ),
    11: msg_template(
        "The bid was {bid}: the first play must build a house of {bid}, or capture or throw a jack; a house of {value} "
        "is neither."
    ),
    12: msg_template(
        "The bid was {bid}: the first play must build a house of {bid}, or capture or throw a queen; a house of "
        "{value} is neither."
    ),
    13: msg_template(
        "The bid was {bid}: the first play must build a house of {bid}, or capture or throw a king; a house of {value} "
        "is neither."
    ),
}
CARD_KEPT_MESSAGES: dict[int, str] = {
    9: msg_template(
        "{seat} owns the house of {value} and must keep a 9 to capture it; after this play {seat} holds none."
    ),
    10: msg_template(
        "{seat} owns the house of {value} and must keep a 10 to capture it; after this play {seat} holds none."
    ),
    11: msg_template(
        "{seat} owns the house of {value} and must keep a jack to capture it; after this play {seat} holds none."
    ),
    12: msg_template(
        "{seat} owns the house of {value} and must keep a queen to capture it; after this play {seat} holds none."
    ),
    13: msg_template(
        "{seat} owns the house of {value} and must keep a king to capture it; after this play {seat} holds none."
    ),
}
ORDINAL_SUFFIX: dict[int, str] = {1: "st", 2: "nd", 3: "rd"}
# match_already_finished, one whole sentence per English ordinal suffix: each language writes its own ordinal of
# {count} inside its own sentence ("oma {count}. baazi", "a(z) {count}. baazit").
WON_ITS_BAAZI: dict[str, str] = {
    "st": msg_template(
        "This match ended when team {match_winner} won its {count}st baazi; start a new match to record more deals."
    ),
    "nd": msg_template(
        "This match ended when team {match_winner} won its {count}nd baazi; start a new match to record more deals."
    ),
    "rd": msg_template(
        "This match ended when team {match_winner} won its {count}rd baazi; start a new match to record more deals."
    ),
    "th": msg_template(
        "This match ended when team {match_winner} won its {count}th baazi; start a new match to record more deals."
    ),
}

# dealer_out_of_turn, one whole sentence per reason the state gives for its next dealer.
DEALER_ORDER_MESSAGES: dict[str, str] = {
    SAME_DEALER_LEVEL: msg_template(
        "The running lead is level, so {next} deals again: {expected} deals now, not {dealer}."
    ),
    SAME_DEALER_BEHIND: msg_template(
        "Team {team} is behind, so {next} deals again: {expected} deals now, not {dealer}."
    ),
    PASSED_RIGHT: msg_template(
        "Team {leader} leads, so {previous}'s turn to deal passed to the right: {expected} deals now, not {dealer}."
    ),
    AFTER_BAAZI: msg_template(
        "The baazi is over, so the deal went to {next}, the partner of {partner}: {expected} deals now, not {dealer}."
    ),
}


def _ordinal_suffix(number: int) -> str:
    return "th" if 10 <= number % 100 <= 20 else ORDINAL_SUFFIX.get(number % 10, "th")


def _or_list(items: list[str]) -> str:
    return or_list(items)


def finished_message(state: SeepState, rules: SeepRules) -> str:
    won_a, won_b = state.baazis_won
    if rules.match_end.type == "first_to_baazis":
        count = max(won_a, won_b)
        return msg(WON_ITS_BAAZI[_ordinal_suffix(count)], match_winner=state.match_winner, count=count)
    if state.match_drawn:
        return msg(
            "This match of {count} baazis ended level at {won_a}-{won_b}; start a new match to record more deals.",
            count=rules.match_end.count,
            won_a=won_a,
            won_b=won_b,
        )
    best, worst = max(won_a, won_b), min(won_a, won_b)
    return msg(
        "This match of {count} baazis ended with team {match_winner} winning {best}-{worst}; start a new match to "
        "record more deals.",
        count=rules.match_end.count,
        match_winner=state.match_winner,
        best=best,
        worst=worst,
    )


def check_match_open(state: SeepState, rules: SeepRules) -> None:
    if state.match_over:
        raise RuleViolation(
            "match_already_finished",
            finished_message(state, rules),
            None,
            match_winner=state.match_winner,
            winners=[] if state.match_winner is None else [state.match_winner],
        )


def check_dealer_order(state: SeepState, deal: SeepDeal, rules: SeepRules) -> None:
    expected = state.next_dealer
    if not rules.enforce_dealer_order or expected is None or deal.dealer == expected:
        return
    lead = signed_json(state.running_lead)
    fallback = msg_template("The computed next dealer is {next}: {expected} deals now, not {dealer}.")
    template = DEALER_ORDER_MESSAGES.get(state.next_dealer_reason or "", fallback)
    detail = msg(
        template,
        next=expected,
        team=TEAM_OF_SEAT[expected],
        leader=lead["team"],
        previous=seat_right_of(expected, 3),
        partner=partner_of(expected),
        expected=expected,
        dealer=deal.dealer,
    )
    raise RuleViolation(
        "dealer_out_of_turn",
        detail,
        "dealer",
        expected_dealer=expected,
        expected=expected,
    )  # expected: deprecated


def check_bidder(dealer: str, bidder: str, field: str, what: str) -> None:
    """``what`` is ``throw_in`` or ``bid``."""
    expected = seat_right_of(dealer)
    if bidder != expected:
        raise RuleViolation(
            "wrong_bidder",
            msg(WRONG_BIDDER_MESSAGES[what], dealer=dealer, expected=expected, bidder=bidder),
            field,
            expected_bidder=expected,
            expected=expected,  # expected: deprecated
        )


def _high_cards(hand: tuple[Card, ...]) -> list[Card]:
    return [card for card in hand if CAPTURE_VALUE[card.rank] > THROW_IN_MAX_VALUE]


def _legal_bids(hand: tuple[Card, ...]) -> list[int]:
    return sorted({CAPTURE_VALUE[card.rank] for card in _high_cards(hand)})


def check_throw_in(dealer: str, throw_in: ThrowIn, index: int) -> None:
    prefix = f"throw_ins[{index}]"
    check_bidder(dealer, throw_in.bidder, f"{prefix}.bidder", "throw_in")
    high = _high_cards(throw_in.hand)
    if high:
        bids = [str(value) for value in _legal_bids(throw_in.hand)]
        held = and_chain(card.symbol for card in high)
        raise RuleViolation(
            "throw_in_not_allowed",
            msg(
                "A throw-in is only allowed when none of the four cards is above 8; this hand holds {held}, so "
                "{bidder} must bid {bids}.",
                held=held,
                bidder=throw_in.bidder,
                bids=_or_list(bids),
            ),
            f"{prefix}.bidder_hand",
            legal_bids=_legal_bids(throw_in.hand),
        )


def check_bid(dealer: str, bid: HouseBid) -> None:
    check_bidder(dealer, bid.bidder, "bid.bidder", "bid")
    if bid.hand is None or any(CAPTURE_VALUE[card.rank] == bid.value for card in bid.hand):
        return
    legal = _legal_bids(bid.hand)
    allowed = {"legal": _or_list([str(value) for value in legal])} if legal else {}
    raise RuleViolation(
        "bid_card_not_in_hand",
        msg(BID_CARD_MESSAGES[bid.value, bool(legal)], value=bid.value, **allowed),
        "bid.value",
        legal_bids=legal,
        allowed=list(BID_VALUES),
    )


def check_card_points(deal: SeepDeal) -> None:
    if deal.card_points is None and deal.scoring_cards is None:
        return  # a deal with plays that leaves its totals to them
    if deal.card_points is not None:
        total = sum(deal.card_points)
        if total != CARD_POINTS_TOTAL:
            raise RuleViolation(
                "card_points_total_mismatch",
                msg(
                    "Card points add up to {total}; the two teams' card points must total exactly 100 (sweep bonuses "
                    "are entered separately).",
                    total=total,
                ),
                "card_points",
                total=total,
            )
        return
    assert deal.scoring_cards is not None
    listed = {card.code for side in deal.scoring_cards for card in side}
    missing = [code for code in POINT_CARD_ORDER if code not in listed]
    if missing:
        raise RuleViolation(
            "scoring_cards_incomplete",
            msg(
                "The 17 point cards (13 spades, 3 other aces, 10 of diamonds) must each be given to one team; "
                "missing: {missing}.",
                missing=", ".join(missing),
            ),
            "scoring_cards_captured",
            missing=missing,
        )


def check_sweeps(deal: SeepDeal, rules: SeepRules) -> None:
    """First-play sweeps belong to the bidder's side, last-play sweeps to the dealer's; at most one each."""
    if deal.sweeps is None:
        return
    dealer_team = TEAM_OF_SEAT[deal.dealer]
    bidder = seat_right_of(deal.dealer)
    bidder_team = TEAM_OF_SEAT[bidder]
    counts = dict(zip(TEAM_NAMES, deal.sweeps, strict=True))
    if counts[dealer_team].first_play:
        raise RuleViolation(
            "first_play_sweep_wrong_team",
            msg(
                "The first play of a deal is the bidder's ({bidder}, team {bidder_team}), so only team {bidder_team} "
                "can score the {first_play_sweep_points}-point first-play sweep.",
                bidder=bidder,
                bidder_team=bidder_team,
                first_play_sweep_points=rules.first_play_sweep_points,
            ),
            f"sweeps.{dealer_team}.first_play",
            team=bidder_team,
        )
    if counts[bidder_team].last_play:
        raise RuleViolation(
            "last_play_sweep_wrong_team",
            msg(
                "The last (48th) play of a deal is the dealer's ({dealer}, team {dealer_team}), so only team "
                "{dealer_team} can record a last-play sweep.",
                dealer=deal.dealer,
                dealer_team=dealer_team,
            ),
            f"sweeps.{bidder_team}.last_play",
            team=dealer_team,
        )
    for team, kind in ((bidder_team, "first_play"), (dealer_team, "last_play")):
        if getattr(counts[team], kind) > 1:
            raise RuleViolation(
                "too_many_first_or_last_sweeps",
                msg(
                    "There is only one first play and one last play in a deal.",
                ),
                f"sweeps.{team}.{kind}",
                maximum=1,
            )
    regular = sum(side.regular for side in deal.sweeps)
    if regular > MAX_REGULAR_SWEEPS:
        raise RuleViolation(
            "too_many_sweeps",
            msg(
                "At most {max_regular_sweeps} regular sweeps fit in one deal (after a sweep the floor is empty, so "
                "the next play cannot sweep); {regular} were entered.",
                max_regular_sweeps=MAX_REGULAR_SWEEPS,
                regular=regular,
            ),
            "sweeps",
            maximum=MAX_REGULAR_SWEEPS,
        )


def check_deal(state: SeepState, deal: SeepDeal, rules: SeepRules) -> None:
    """Raise the first ``RuleViolation`` the deal breaks, in the order of the deal's fields."""
    check_match_open(state, rules)
    check_dealer_order(state, deal, rules)
    check_deal_fields(deal, rules)


def check_deal_fields(deal: SeepDeal, rules: SeepRules) -> None:
    """The checks of §S.7 that need only the deal itself (the plays are parsed after them, §S.7a.3)."""
    for index, throw_in in enumerate(deal.throw_ins):
        check_throw_in(deal.dealer, throw_in, index)
    check_bid(deal.dealer, deal.bid)
    check_card_points(deal)
    check_sweeps(deal, rules)
