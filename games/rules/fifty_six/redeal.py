"""56's automatic redeals (shared/rules/fifty_six.md §F.3a, F-A20): the redeal record's checks, in the file's order.

A deal thrown in straight after the deal is entered as ``{"dealer", "redeal"}`` with the cards shown at the table:
one hand worth at most ``redeal_hand_points_at_most`` card points, or every hand of a team holding no jack. The
dealer is checked first (as for any deal, in ``checks``); then the reason word, its setting, no other deal keys,
the seat or team, the hands named, their sizes, each card in this deal's pack, no card shown more than twice, and
last the claim itself.
"""

from __future__ import annotations

from collections.abc import Callable

from games.rules.cards import Card
from games.rules.errors import RuleViolation
from games.rules.fifty_six import tables as t
from games.rules.fifty_six.deal import RedealClaim
from games.rules.fifty_six.referee import Pack
from games.rules.fifty_six.settings import FiftySixRules
from games.rules.fifty_six.state import FiftySixState, deal_cards
from games.rules.messages import comma_list, msg
from games.rules.redeal_record import check_reason, check_shown_cards, named_hands

REASON_SETTING: dict[str, str] = {
    "hand_at_or_below_threshold": "redeal_hand_points_at_most",
    "team_without_jack": "redeal_team_without_jack",
}
NOT_ENABLED: dict[str, str] = {
    "hand_at_or_below_threshold": msg("Redeals for a weak hand are not enabled for this match; enter the auction."),
    "team_without_jack": msg("Redeals for a team without a jack are not enabled for this match; enter the auction."),
}


def hand_points(hand: tuple[Card, ...]) -> int:
    """J 3, 9 2, A 1, 10 1, the rest 0 (§F.1)."""
    return sum(t.CARD_POINTS.get(card.rank, 0) for card in hand)


def _enabled(reason: str, rules: FiftySixRules) -> bool:
    if reason == "team_without_jack":
        return rules.redeal_team_without_jack
    return rules.redeal_hand_points_at_most is not None


def _check_reason(claim: RedealClaim, rules: FiftySixRules) -> str:
    return check_reason(
        claim.reason,
        claim.stray,
        reasons=t.REDEAL_REASONS,
        unknown=lambda reason: msg(
            "A redeal's reason is hand_at_or_below_threshold or team_without_jack; {reason!r} is not.",
            reason=reason,
        ),
        enabled=lambda reason: _enabled(reason, rules),
        not_enabled=NOT_ENABLED,
        settings=REASON_SETTING,
    )


def _check_cards(
    hands: list[tuple[str, tuple[Card, ...]]], field: str, state: FiftySixState, rules: FiftySixRules
) -> None:
    """§F.3a's order: every hand's size, then every card in this deal's pack, then no card shown too often."""
    players = len(state.active_seats)
    deck_size, hand_size = deal_cards(players, rules)
    check_shown_cards(
        hands,
        field,
        hand_size=hand_size,
        copies=Pack(deck_size).copies,
        wrong_size=lambda count: msg(
            "With {players} players each hand has {hand_size} cards; this one has {count}.",
            players=players,
            hand_size=hand_size,
            count=count,
        ),
        not_in_pack=lambda card: msg(
            "The {size}-card pack of {players} players has no {card}.",
            size=deck_size,
            players=players,
            card=card.symbol,
        ),
        shown_too_often=lambda card, count: msg(
            "The {size}-card pack has two {card} cards; it is shown {count} times here.",
            size=deck_size,
            card=card.symbol,
            count=count,
        ),
    )


def _check_weak_hand(claim: RedealClaim, state: FiftySixState, rules: FiftySixRules) -> dict[str, str]:
    if claim.seat not in state.active_seats:
        raise RuleViolation(
            "invalid",
            msg(
                "The seat that shows its hand is one of {seats}; {seat!r} is not.",
                seats=comma_list(state.active_seats),
                seat=claim.seat,
            ),
            "redeal.seat",
            allowed=list(state.active_seats),
        )
    if claim.hand is None:
        raise RuleViolation("invalid", msg("Show {seat}'s whole hand: redeal.hand.", seat=claim.seat), "redeal.hand")
    _check_cards([("redeal.hand", claim.hand)], "redeal.hand", state, rules)
    worth, limit = hand_points(claim.hand), rules.redeal_hand_points_at_most
    assert limit is not None
    if worth > limit:
        raise RuleViolation(
            "redeal_not_allowed",
            msg(
                "{seat}'s hand is worth {worth} card points; this match redeals only for {limit} or fewer.",
                seat=claim.seat,
                worth=worth,
                limit=limit,
            ),
            "redeal.hand",
            hand_points=worth,
            maximum=limit,
        )
    return {"reason": "hand_at_or_below_threshold", "seat": str(claim.seat)}


def _check_team_hands(claim: RedealClaim, state: FiftySixState, rules: FiftySixRules) -> dict[str, str]:
    playing = state.active_teams
    if claim.team not in playing:
        raise RuleViolation(
            "invalid",
            msg(
                "The team without a jack is one of {teams}; {team!r} is not.",
                teams=comma_list(playing),
                team=claim.team,
            ),
            "redeal.team",
            allowed=playing,
        )
    members = [seat for seat in state.active_seats if rules.team_of[seat] == claim.team]
    hands = named_hands(claim.hands, members)
    if hands is None:
        raise RuleViolation(
            "invalid",
            msg(
                "Show the whole hand of every player of team {team}: {members}.",
                team=claim.team,
                members=comma_list(members),
            ),
            "redeal.hands",
            expected=members,
        )
    _check_cards([(f"redeal.hands.{seat}", hands[seat]) for seat in members], "redeal.hands", state, rules)
    for seat in members:
        jack = next((card for card in hands[seat] if card.rank == "J"), None)
        if jack is not None:
            raise RuleViolation(
                "redeal_not_allowed",
                msg(
                    "{seat} holds {jack}; this match redeals only when no player of team {team} holds a jack.",
                    seat=seat,
                    jack=jack.symbol,
                    team=claim.team,
                ),
                f"redeal.hands.{seat}",
                card=jack.code,
            )
    return {"reason": "team_without_jack", "team": str(claim.team)}


CLAIM_CHECKS: dict[str, Callable[[RedealClaim, FiftySixState, FiftySixRules], dict[str, str]]] = {
    "hand_at_or_below_threshold": _check_weak_hand,
    "team_without_jack": _check_team_hands,
}


def check_redeal(claim: RedealClaim, state: FiftySixState, rules: FiftySixRules) -> dict[str, str]:
    """Every check of a redeal record after the dealer's; the result's ``redeal`` (the claim without its cards)."""
    return CLAIM_CHECKS[_check_reason(claim, rules)](claim, state, rules)
