"""The Seep deal record (shared/rules/seep.md §S.3): parsing untrusted JSON and writing it back canonically.

Parsing checks shape, types, card codes and ranges; the rules that relate fields to each other or to the match
(bidder, bid card, throw-in hand, totals, sweep sides, dealer order) are in ``checks``. ``parse_deal`` here reads
the fields of §S.3; ``plays.parse_deal`` adds the starting floor and the 48 plays of §S.7a.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from games.rules.cards import Card, card_codes, parse_card
from games.rules.errors import RuleViolation
from games.rules.messages import msg, msg_template
from games.rules.seep.settings import SeepRules
from games.rules.seep.tables import (
    BID_VALUES,
    MAJORITY_CARD_POINTS,
    MAJORITY_CHOICES,
    POINT_CARDS,
    SEATS,
    TEAM_NAMES,
    seat_right_of,
)
from games.rules.shapes import reject_unknown_keys

HAND_SIZE = 4
SWEEP_KINDS: tuple[str, ...] = ("regular", "first_play", "last_play")
DEAL_KEYS: tuple[str, ...] = (
    "dealer",
    "throw_ins",
    "bid",
    "card_points",
    "scoring_cards_captured",
    "card_majority",
    "sweeps",
    "floor",
    "plays",
)
PLAY_ACTIONS: tuple[str, ...] = ("throw", "capture", "build", "cement", "raise")
BID_KEYS: tuple[str, ...] = ("bidder", "value", "bidder_hand")
THROW_IN_KEYS: tuple[str, ...] = ("bidder", "bidder_hand")


@dataclass(frozen=True, slots=True)
class ThrowIn:
    bidder: str
    hand: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class HouseBid:
    bidder: str
    value: int
    hand: tuple[Card, ...] | None = None


@dataclass(frozen=True, slots=True)
class SweepCounts:
    regular: int = 0
    first_play: int = 0
    last_play: int = 0


NO_SWEEPS = SweepCounts()


@dataclass(frozen=True, slots=True)
class Play:
    """One of the 48 plays (§S.7a.1). ``takes`` (capture) and ``house`` are None when left out; ``with_``
    (build, cement) is None outside those actions."""

    seat: str
    card: Card
    action: str
    takes: tuple[Card, ...] | None = None
    with_: tuple[Card, ...] | None = None
    house: int | None = None

    def as_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"seat": self.seat, "card": self.card.code, "action": self.action}
        if self.takes is not None:
            data["takes"] = card_codes(self.takes)
        if self.with_ is not None:
            data["with"] = card_codes(self.with_)
        if self.house is not None:
            data["house"] = self.house
        return data


@dataclass(frozen=True, slots=True)
class SeepDeal:
    """One deal as reported. At most one of ``card_points`` (A, B) and ``scoring_cards`` (A's, B's) is set, and
    exactly one unless the deal carries its ``plays`` (then ``floor`` holds the four starting floor cards)."""

    dealer: str
    bid: HouseBid
    card_points: tuple[int, int] | None = None
    scoring_cards: tuple[tuple[Card, ...], tuple[Card, ...]] | None = None
    # None only for a deal with plays that sent no sweeps (the plays then give them).
    sweeps: tuple[SweepCounts, SweepCounts] | None = (NO_SWEEPS, NO_SWEEPS)
    throw_ins: tuple[ThrowIn, ...] = ()
    card_majority: str | None = None
    floor: tuple[Card, ...] | None = None
    plays: tuple[Play, ...] | None = None


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


# "invalid" for a part of the deal that is no object, one whole sentence per part: the deal, a throw-in, the bid, a
# team's sweeps, or a field named by its API name (card_points, scoring_cards_captured, sweeps).
NOT_AN_OBJECT: dict[str, str] = {
    "deal": msg_template("A deal must be an object."),
    "throw_in": msg_template("A throw-in must be an object."),
    "bid": msg_template("The house bid must be an object."),
    "sweep_side": msg_template("Team {team}'s sweeps must be an object."),
    "field": msg_template("{name} must be an object."),
}
# "invalid" for a key a part of the deal does not have, one whole sentence per part as above.
NO_SUCH_FIELD: dict[str, str] = {
    "deal": msg_template("A Seep deal has no field {key!r}; its fields are: {allowed}."),
    "throw_in": msg_template("A throw-in has no field {key!r}; its fields are: {allowed}."),
    "bid": msg_template("The house bid has no field {key!r}; its fields are: {allowed}."),
    "sweep_side": msg_template("Team {team}'s sweeps have no field {key!r}; their fields are: {allowed}."),
    "field": msg_template("{name} has no field {key!r}; its fields are: {allowed}."),
}
# wrong_bidder, one whole sentence for the throw-in and one for the house bid.
WRONG_BIDDER_MESSAGES: dict[str, str] = {
    "throw_in": msg_template(
        "With {dealer} dealing, the throw-in is made by {expected} (the dealer's right), not {bidder}."
    ),
    "bid": msg_template(
        "With {dealer} dealing, the house bid is made by {expected} (the dealer's right), not {bidder}."
    ),
}


def _object(value: object, field: str | None, part: str, **values: str) -> Mapping[str, Any]:
    """``value`` as an object, or "invalid" said of ``part`` (a key of NOT_AN_OBJECT, filled with ``values``)."""
    if not isinstance(value, Mapping):
        raise RuleViolation("invalid", msg(NOT_AN_OBJECT[part], **values), field)
    return value


def _only_keys(value: Mapping[str, Any], allowed: tuple[str, ...], field: str | None, part: str, **values: str) -> None:
    reject_unknown_keys(
        value,
        allowed,
        field,
        lambda key: msg(NO_SUCH_FIELD[part], key=key, allowed=", ".join(allowed), **values),
        allowed=list(allowed),
    )


# Parsed card codes of up to four characters (a small, finite set), so replaying long matches stays fast.
_CARD_CACHE: dict[str, Card] = {}


def seep_card(value: object, field: str) -> Card:
    if isinstance(value, str) and value in _CARD_CACHE:
        return _CARD_CACHE[value]
    card = parse_card(value, field)
    if card.is_joker:
        raise RuleViolation("invalid_card", msg("Seep uses one 52-card pack without jokers."), field, card=value)
    if isinstance(value, str) and len(value) <= 4:
        _CARD_CACHE[value] = card
    return card


def card_list(values: object, field: str) -> list[Card]:
    if not isinstance(values, list | tuple):
        raise RuleViolation("invalid", msg('Give the cards as a list of codes such as ["10D", "AS"].'), field)
    return [seep_card(value, f"{field}[{index}]") for index, value in enumerate(values)]


# duplicate_card, one whole sentence per place a card is listed twice.
DUPLICATE_MESSAGES: dict[str, str] = {
    "hand": msg_template("{code} is listed twice in this hand; each card exists once."),
    "floor": msg_template("{code} is listed twice on the floor; each card exists once."),
    "hand_and_floor": msg_template(
        "{code} is listed both in the bidder's hand and on the floor; each card exists once."
    ),
    "team": msg_template("{code} is listed twice for this team; each card exists once."),
    "both_teams": msg_template("{code} is listed for both teams; each card exists once."),
    "play": msg_template("{code} is listed twice in this play; each card exists once."),
    # A card played (plays[k].card) that was on the starting floor or played before, with that place's field.
    "starting_floor": msg_template("{code} is on the starting floor ({where})."),
    "played": msg_template("{code} was already played ({where})."),
}


def refuse_duplicate(card: Card, field: str, place: str, where: str | None = None) -> RuleViolation:
    """duplicate_card: ``place`` picks the whole sentence (DUPLICATE_MESSAGES); ``where`` is the earlier field."""
    places = {} if where is None else {"where": where}
    return RuleViolation(
        "duplicate_card",
        msg(DUPLICATE_MESSAGES[place], code=card.code, **places),
        field,
        card=card.code,
    )


def parse_hand(values: object, field: str) -> tuple[Card, ...]:
    """The bidder's four cards: known codes, no card twice, exactly four."""
    cards = card_list(values, field)
    seen: set[str] = set()
    for index, card in enumerate(cards):
        if card.code in seen:
            raise refuse_duplicate(card, f"{field}[{index}]", "hand")
        seen.add(card.code)
    if len(cards) != HAND_SIZE:
        raise RuleViolation(
            "hand_size_invalid",
            msg(
                "The bidder holds exactly {hand_size} cards at the bid; {cards_count} were given.",
                hand_size=HAND_SIZE,
                cards_count=len(cards),
            ),
            field,
            expected=HAND_SIZE,
            given=len(cards),
        )
    return tuple(cards)


def parse_dealer(payload: Mapping[str, Any]) -> str:
    if "dealer" not in payload or payload["dealer"] is None:
        raise RuleViolation("invalid", msg("Say who dealt: one of S1-S4."), "dealer")
    value = payload["dealer"]
    if isinstance(value, str) and value.strip().upper() in SEATS:
        return value.strip().upper()
    raise RuleViolation(
        "dealer_unknown",
        msg(
            "Choose the dealer from S1-S4; {value!r} is not one of them.",
            value=value,
        ),
        "dealer",
        allowed=list(SEATS),
    )


def _parse_bidder(value: object, dealer: str, field: str, part: str) -> str:
    """The bidder as given (checked against the dealer later), or the dealer's right when left out."""
    if value is None:
        return seat_right_of(dealer)
    if isinstance(value, str) and value.strip().upper() in SEATS:
        return value.strip().upper()
    expected = seat_right_of(dealer)
    raise RuleViolation(
        "wrong_bidder",
        msg(WRONG_BIDDER_MESSAGES[part], dealer=dealer, expected=expected, bidder=repr(value)),
        field,
        expected_bidder=expected,
        expected=expected,  # expected: deprecated
    )


def _parse_throw_in(value: object, dealer: str, index: int) -> ThrowIn:
    prefix = f"throw_ins[{index}]"
    throw_in = _object(value, prefix, "throw_in")
    _only_keys(throw_in, THROW_IN_KEYS, prefix, "throw_in")
    bidder = _parse_bidder(throw_in.get("bidder"), dealer, f"{prefix}.bidder", "throw_in")
    if throw_in.get("bidder_hand") is None:
        raise RuleViolation(
            "invalid",
            msg("A throw-in shows the bidder's four cards; give them as bidder_hand."),
            f"{prefix}.bidder_hand",
        )
    return ThrowIn(bidder, parse_hand(throw_in["bidder_hand"], f"{prefix}.bidder_hand"))


def parse_throw_ins(value: object, dealer: str) -> tuple[ThrowIn, ...]:
    if value is None:
        return ()
    if not isinstance(value, list | tuple):
        raise RuleViolation("invalid", msg("throw_ins is a list of {{bidder, bidder_hand}} objects."), "throw_ins")
    return tuple(_parse_throw_in(item, dealer, index) for index, item in enumerate(value))


def parse_bid(value: object, dealer: str) -> HouseBid:
    if value is None:
        raise RuleViolation("invalid", msg("Give the house bid: {{bidder, value, bidder_hand?}}."), "bid")
    bid = _object(value, "bid", "bid")
    _only_keys(bid, BID_KEYS, "bid", "bid")
    bidder = _parse_bidder(bid.get("bidder"), dealer, "bid.bidder", "bid")
    if bid.get("value") is None:
        raise RuleViolation(
            "invalid",
            msg("Give the value of the house bid: 9, 10, 11, 12 or 13 (king)."),
            "bid.value",
            allowed=list(BID_VALUES),
        )
    amount = bid["value"]
    if not _is_int(amount) or amount not in BID_VALUES:
        raise RuleViolation(
            "bid_out_of_range",
            msg(
                "A house bid must be 9, 10, 11, 12 or 13 (king); {amount!r} is not allowed.",
                amount=amount,
            ),
            "bid.value",
            allowed=list(BID_VALUES),
        )
    hand = bid.get("bidder_hand")
    return HouseBid(bidder, amount, None if hand is None else parse_hand(hand, "bid.bidder_hand"))


def parse_card_points(value: object) -> tuple[int, int]:
    totals = _object(value, "card_points", "field", name="card_points")
    _only_keys(totals, TEAM_NAMES, "card_points", "field", name="card_points")
    points: list[int] = []
    for team in TEAM_NAMES:
        if team not in totals:
            raise RuleViolation(
                "invalid",
                msg(
                    "Give the card points of both teams; team {team}'s are missing.",
                    team=team,
                ),
                f"card_points.{team}",
            )
        amount = totals[team]
        if not _is_int(amount) or not 0 <= amount <= 100:
            raise RuleViolation(
                "card_points_out_of_range",
                msg(
                    "Card points per team are whole numbers from 0 to 100; team {team}'s {amount!r} is not.",
                    team=team,
                    amount=amount,
                ),
                f"card_points.{team}",
                minimum=0,
                maximum=100,
            )
        points.append(amount)
    return points[0], points[1]


def parse_scoring_cards(value: object, rules: SeepRules) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    captured = _object(value, "scoring_cards_captured", "field", name="scoring_cards_captured")
    _only_keys(captured, TEAM_NAMES, "scoring_cards_captured", "field", name="scoring_cards_captured")
    point_cards = POINT_CARDS[rules.card_points]
    owner: dict[Card, str] = {}
    sides: list[tuple[Card, ...]] = []
    for team in TEAM_NAMES:
        field = f"scoring_cards_captured.{team}"
        listed = captured.get(team)
        cards = [] if listed is None else card_list(listed, field)
        for index, card in enumerate(cards):
            if card.code not in point_cards:
                raise RuleViolation(
                    "invalid_card",
                    msg(
                        "{code} scores nothing in Seep; list only the 17 point cards (13 spades, the other 3 aces, "
                        "the 10 of diamonds).",
                        code=card.code,
                    ),
                    f"{field}[{index}]",
                    card=card.code,
                )
            if card in owner:
                place = "team" if owner[card] == team else "both_teams"
                raise refuse_duplicate(card, f"{field}[{index}]", place)
            owner[card] = team
        sides.append(tuple(cards))
    return sides[0], sides[1]


def parse_card_majority(
    payload: Mapping[str, Any], rules: SeepRules, cards_listed: bool, has_plays: bool = False
) -> str | None:
    """With the plays the majority is known from them: then it may be sent (and must agree) but is not needed."""
    value = payload.get("card_majority")
    allowed = rules.card_points == MAJORITY_CARD_POINTS and cards_listed
    needed = allowed and not has_plays
    if value is None:
        if needed:
            raise RuleViolation(
                "invalid",
                msg(
                    "With the 'majority 4' card points, say which team took more cards: card_majority is A, B or "
                    "tied (26 each: 2 points each).",
                ),
                "card_majority",
                allowed=list(MAJORITY_CHOICES),
            )
        return None
    if not allowed:
        raise RuleViolation(
            "invalid",
            msg(
                "card_majority is only given with the 'majority 4' card points and listed point cards; with totals, "
                "the majority bonus is already in the card points.",
            ),
            "card_majority",
        )
    if value not in MAJORITY_CHOICES:
        raise RuleViolation(
            "invalid",
            msg(
                "card_majority is A, B or tied; {value!r} is not.",
                value=value,
            ),
            "card_majority",
            allowed=list(MAJORITY_CHOICES),
        )
    return str(value)


# Each team's field, built once: every deal passes here twice (a correction of deal 1 of a long match replays
# thousands, issue 28); the refusals' messages are built only when one is raised.
_SWEEP_PREFIX: dict[str, str] = {team: f"sweeps.{team}" for team in TEAM_NAMES}


def _parse_sweep_side(value: object, team: str) -> SweepCounts:
    if value is None:
        return NO_SWEEPS
    prefix = _SWEEP_PREFIX[team]
    side = _object(value, prefix, "sweep_side", team=team)
    _only_keys(side, SWEEP_KINDS, prefix, "sweep_side", team=team)
    counts: list[int] = []
    for kind in SWEEP_KINDS:
        count = side.get(kind, 0)
        if not _is_int(count) or count < 0:
            raise RuleViolation(
                "sweep_count_invalid",
                msg(
                    "Sweep counts are whole numbers of 0 or more; {count!r} is not.",
                    count=count,
                ),
                f"{prefix}.{kind}",
            )
        counts.append(count)
    return SweepCounts(*counts)


def parse_sweeps(value: object) -> tuple[SweepCounts, SweepCounts]:
    if value is None:
        return NO_SWEEPS, NO_SWEEPS
    sweeps = _object(value, "sweeps", "field", name="sweeps")
    _only_keys(sweeps, TEAM_NAMES, "sweeps", "field", name="sweeps")
    return _parse_sweep_side(sweeps.get("A"), "A"), _parse_sweep_side(sweeps.get("B"), "B")


# The deal gives both totals (True) or neither totals nor plays (False): one whole sentence each.
GIVE_EITHER: dict[bool, str] = {
    True: msg_template(
        "Give either card_points {{A, B}} or scoring_cards_captured {{A: [...], B: [...]}}, not both (or the plays, "
        "from which they follow)."
    ),
    False: msg_template(
        "Give either card_points {{A, B}} or scoring_cards_captured {{A: [...], B: [...]}}, one of them (or the "
        "plays, from which they follow)."
    ),
}


def parse_deal(payload: object, rules: SeepRules) -> SeepDeal:
    """The §S.3 fields of the submitted deal as a ``SeepDeal`` (``floor`` and ``plays`` are left to
    ``plays.parse_deal``); raises only ``RuleViolation`` whatever the JSON."""
    deal = _object(payload, None, "deal")
    _only_keys(deal, DEAL_KEYS, None, "deal")
    dealer = parse_dealer(deal)
    throw_ins = parse_throw_ins(deal.get("throw_ins"), dealer)
    bid = parse_bid(deal.get("bid"), dealer)
    has_totals = deal.get("card_points") is not None
    has_cards = deal.get("scoring_cards_captured") is not None
    has_plays = deal.get("plays") is not None
    if (has_totals and has_cards) or not (has_totals or has_cards or has_plays):
        field = "scoring_cards_captured" if has_totals else "card_points"
        raise RuleViolation(
            "invalid",
            msg(GIVE_EITHER[has_totals]),
            field,
        )
    card_points = parse_card_points(deal["card_points"]) if has_totals else None
    scoring_cards = parse_scoring_cards(deal["scoring_cards_captured"], rules) if has_cards else None
    majority = parse_card_majority(deal, rules, has_cards, has_plays)
    sweeps = None if has_plays and deal.get("sweeps") is None else parse_sweeps(deal.get("sweeps"))
    return SeepDeal(dealer, bid, card_points, scoring_cards, sweeps, throw_ins, majority)


def _sweeps_json(counts: SweepCounts) -> dict[str, int]:
    return {"regular": counts.regular, "first_play": counts.first_play, "last_play": counts.last_play}


def deal_json(deal: SeepDeal) -> dict[str, Any]:
    """The deal normalized: canonical cards, bidders and zero sweeps filled in."""
    bid: dict[str, Any] = {"bidder": deal.bid.bidder, "value": deal.bid.value}
    if deal.bid.hand is not None:
        bid["bidder_hand"] = card_codes(deal.bid.hand)
    data: dict[str, Any] = {
        "dealer": deal.dealer,
        "throw_ins": [{"bidder": item.bidder, "bidder_hand": card_codes(item.hand)} for item in deal.throw_ins],
        "bid": bid,
    }
    if deal.card_points is not None:
        data["card_points"] = dict(zip(TEAM_NAMES, deal.card_points, strict=True))
    if deal.scoring_cards is not None:
        data["scoring_cards_captured"] = {
            team: card_codes(cards) for team, cards in zip(TEAM_NAMES, deal.scoring_cards, strict=True)
        }
    if deal.card_majority is not None:
        data["card_majority"] = deal.card_majority
    if deal.sweeps is not None:
        data["sweeps"] = {team: _sweeps_json(counts) for team, counts in zip(TEAM_NAMES, deal.sweeps, strict=True)}
    if deal.plays is not None and deal.floor is not None:
        data["floor"] = card_codes(deal.floor)
        data["plays"] = [play.as_json() for play in deal.plays]
    return data
