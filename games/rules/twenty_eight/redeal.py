"""Twenty-Eight's redeal records (shared/rules/twenty_eight.md §T.3a), checked in the file's order.

A deal thrown in is entered as ``{"dealer", "redeal"}`` with the evidence shown at the table. After the dealer (checked
as for any deal): the reason word, its setting, no other deal key, the seat or team, the first speaker's right, the
trump word, the hands named, each hand's size, each card in the pack, no card shown twice, and last the claim.
"""

from __future__ import annotations

from collections.abc import Callable

from games.rules.cards import Card
from games.rules.errors import RuleViolation
from games.rules.messages import msg, msg_template
from games.rules.redeal_record import check_reason, check_shown_cards, named_hands
from games.rules.seats import seat_after
from games.rules.twenty_eight import tables as t
from games.rules.twenty_eight.deal import RedealClaim
from games.rules.twenty_eight.referee import copies, trump_refusal
from games.rules.twenty_eight.settings import TwentyEightRules

NOT_ENABLED: dict[str, str] = {
    "first_speaker_no_points": msg(
        "Redeals for a first speaker without a point card are not played in this match; enter the auction."
    ),
    "pointless_hand": msg("Redeals for a hand without a point card are not played in this match; enter the auction."),
    "four_jacks": msg("Redeals for a hand with all four jacks are not played in this match; enter the auction."),
    "defenders_without_trumps": msg(
        "Redeals for a team without a trump are not played in this match; enter the auction."
    ),
}
ALL_JACKS: frozenset[Card] = frozenset(Card("J", suit) for suit in t.SUIT_LETTERS.values())


def _check_reason(claim: RedealClaim, rules: TwentyEightRules) -> str:
    return check_reason(
        claim.reason,
        claim.stray,
        reasons=t.REDEAL_REASONS,
        unknown=lambda reason: msg(
            "A redeal's reason is first_speaker_no_points, pointless_hand, four_jacks or "
            "defenders_without_trumps; {reason!r} is not.",
            reason=reason,
        ),
        enabled=rules.redeal_enabled,
        not_enabled=NOT_ENABLED,
        settings=t.REDEAL_SETTINGS,
    )


def _wrong_size(size: int) -> Callable[[int], str]:
    template = (
        msg_template("The first speaker shows his first 4 cards; this claim shows {count}.")
        if size == t.FIRST_HAND_SIZE
        else msg_template("A whole hand has 8 cards; this one has {count}.")
    )
    return lambda count: msg(template, count=count)


def _check_cards(hands: list[tuple[str, tuple[Card, ...]]], size: int, field: str) -> None:
    """Each hand's size, then every card in the pack, then no card shown twice (§T.3a's order)."""
    check_shown_cards(
        hands,
        field,
        hand_size=size,
        copies=copies,
        wrong_size=_wrong_size(size),
        not_in_pack=lambda card: msg("The {size}-card pack has no {card}.", size=t.PACK_SIZE, card=card.symbol),
        shown_too_often=lambda card, count: msg(
            "The pack has one {card}; it is shown {count} times here.", card=card.symbol, count=count
        ),
    )


def _check_seat(claim: RedealClaim) -> str:
    if claim.seat not in t.SEATS:
        raise RuleViolation(
            "invalid",
            msg("The seat that shows its cards is one of S1, S2, S3 and S4; {seat!r} is not.", seat=claim.seat),
            "redeal.seat",
            allowed=list(t.SEATS),
        )
    return str(claim.seat)


def _hand(claim: RedealClaim, size: int) -> tuple[Card, ...]:
    if claim.hand is None:
        raise RuleViolation("invalid", msg("Show {seat}'s cards: redeal.hand.", seat=claim.seat), "redeal.hand")
    _check_cards([("redeal.hand", claim.hand)], size, "redeal.hand")
    return claim.hand


def _point_card(hand: tuple[Card, ...]) -> Card | None:
    return next((card for card in hand if card.rank in t.POINT_RANKS), None)


def _no_point_card(claim: RedealClaim, size: int) -> dict[str, str]:
    seat = _check_seat(claim)
    hand = _hand(claim, size)
    point_card = _point_card(hand)
    if point_card is not None:
        raise RuleViolation(
            "redeal_not_allowed",
            msg("{seat}'s hand holds {card}, a point card; no redeal.", seat=seat, card=point_card.symbol),
            "redeal.hand",
            card=point_card.code,
        )
    return {"reason": str(claim.reason), "seat": seat}


def _first_speaker(claim: RedealClaim, dealer: str) -> dict[str, str]:
    seat = _check_seat(claim)
    first = seat_after(dealer, t.SEATS)
    if seat != first:
        raise RuleViolation(
            "redeal_not_allowed",
            msg(
                "Only the first speaker, {first} after dealer {dealer}, may ask for a redeal for his first four cards; "
                "{seat} may not.",
                first=first,
                dealer=dealer,
                seat=seat,
            ),
            "redeal.seat",
        )
    return _no_point_card(claim, t.FIRST_HAND_SIZE)


def _pointless_hand(claim: RedealClaim, dealer: str) -> dict[str, str]:
    return _no_point_card(claim, t.HAND_SIZE)


def _four_jacks(claim: RedealClaim, dealer: str) -> dict[str, str]:
    seat = _check_seat(claim)
    hand = _hand(claim, t.HAND_SIZE)
    missing = sorted(ALL_JACKS - set(hand), key=lambda card: card.suit)
    if missing:
        raise RuleViolation(
            "redeal_not_allowed",
            msg(
                "{seat}'s hand lacks {card}; a redeal needs all four jacks in one hand.",
                seat=seat,
                card=missing[0].symbol,
            ),
            "redeal.hand",
            card=missing[0].code,
        )
    return {"reason": "four_jacks", "seat": seat}


def _team_without_trumps(claim: RedealClaim, dealer: str) -> dict[str, str]:
    if claim.team not in t.TEAM_NAMES:
        raise RuleViolation(
            "invalid",
            msg("The team is A or B; {team!r} is not.", team=claim.team),
            "redeal.team",
            allowed=list(t.TEAM_NAMES),
        )
    team = str(claim.team)
    if claim.trump not in t.TRUMPS:
        raise trump_refusal(claim.trump, "redeal.trump")
    members = dict(t.TEAMS)[team]
    hands = named_hands(claim.hands, members)
    if hands is None:
        raise RuleViolation(
            "invalid",
            msg(
                "Show both hands of team {team}: {first} and {second}.", team=team, first=members[0], second=members[1]
            ),
            "redeal.hands",
            expected=list(members),
        )
    _check_cards([(f"redeal.hands.{seat}", hands[seat]) for seat in members], t.HAND_SIZE, "redeal.hands")
    letter = t.SUIT_LETTERS[claim.trump]
    for seat in members:
        trump = next((card for card in hands[seat] if card.suit == letter), None)
        if trump is not None:
            raise RuleViolation(
                "redeal_not_allowed",
                msg("{seat} holds {card}, a trump; no redeal.", seat=seat, card=trump.symbol),
                f"redeal.hands.{seat}",
                card=trump.code,
            )
    return {"reason": "defenders_without_trumps", "team": team}


CLAIM_CHECKS: dict[str, Callable[[RedealClaim, str], dict[str, str]]] = {
    "first_speaker_no_points": _first_speaker,
    "pointless_hand": _pointless_hand,
    "four_jacks": _four_jacks,
    "defenders_without_trumps": _team_without_trumps,
}


def check_redeal(claim: RedealClaim, dealer: str, rules: TwentyEightRules) -> dict[str, str]:
    """Every check of a redeal record after the dealer's; the result's ``redeal`` (the claim without its cards)."""
    return CLAIM_CHECKS[_check_reason(claim, rules)](claim, dealer)
