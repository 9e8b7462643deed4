"""The legality checks of a Bid Euchre deal (shared/rules/bid_euchre.md §E.5, §E.7a): they raise, and change nothing."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from games.rules.bid_euchre.auction import Contract, run_auction
from games.rules.bid_euchre.deal import LOW_NO_TRUMPS, NO_TRUMPS, AceNoFaceClaim, BidEuchreDeal
from games.rules.bid_euchre.referee import check_summary, referee_deal, tricks_won
from games.rules.bid_euchre.settings import BidEuchreRules
from games.rules.bid_euchre.state import BidEuchreState
from games.rules.bid_euchre.tables import LONE_KINDS, PARTNER_OF, TEAMS
from games.rules.cards import SUIT_NAMES
from games.rules.errors import RuleViolation
from games.rules.messages import msg, msg_template, nmsg
from games.rules.tricks import Record

FACE_RANKS: frozenset[str] = frozenset({"J", "Q", "K"})


def _check_dealer(state: BidEuchreState, deal: BidEuchreDeal, rules: BidEuchreRules) -> None:
    if state.match_over:
        team, score = state.match_winner, state.scores[TEAMS.index(state.match_winner or "A")]
        raise RuleViolation(
            "match_already_finished",
            msg(
                "Team {team} reached {score} and won this match; start a new match to record more deals.",
                team=team,
                score=score,
            ),
            None,
            match_winner=team,
            winners=[team],
        )
    if rules.enforce_dealer_order and state.next_dealer is not None and deal.dealer != state.next_dealer:
        raise RuleViolation(
            "dealer_out_of_turn",
            msg(
                "{next_dealer} deals this hand: the deal passes to the left.",
                next_dealer=state.next_dealer,
            ),
            "dealer",
            expected_dealer=state.next_dealer,
        )


def _pack_refusal(size: int, copies: int, card: str) -> str:
    """A card shown more often than the pack holds it: one whole sentence whether it holds none or some."""
    if copies == 0:
        return msg("The {size}-card pack has no {card}.", size=size, card=card)
    return nmsg(
        "The {size}-card pack has only {copies} {card}.",
        "The {size}-card pack has only {copies} {card} cards.",
        "copies",
        size=size,
        copies=copies,
        card=card,
    )


def check_claim(claim: AceNoFaceClaim, dealer: str, rules: BidEuchreRules) -> None:
    """E.1 / E-A13: the ace-no-face variant on, a full hand from the pack, an ace and no jack, queen or king."""
    if not rules.ace_no_face:
        raise RuleViolation(
            "variant_not_enabled",
            msg("Ace-no-face redeals are not enabled for this match; the hand must be bid or passed."),
            "ace_no_face",
            setting="ace_no_face",
        )
    size = rules.tricks_per_deal + (1 if rules.joker and claim.seat == dealer else 0)
    if len(claim.hand) != size:
        template = (
            msg_template("The dealer holds {size} cards in this game; the claimed hand has {hand_count}.")
            if size > rules.tricks_per_deal
            else msg_template("Each player holds {size} cards in this game; the claimed hand has {hand_count}.")
        )
        raise RuleViolation(
            "hand_size_invalid",
            msg(template, size=size, hand_count=len(claim.hand)),
            "ace_no_face.hand",
            expected=size,
        )
    seen: Counter[str] = Counter()
    for index, card in enumerate(claim.hand):
        field = f"ace_no_face.hand[{index}]"
        if card.is_joker and not rules.joker:
            raise RuleViolation(
                "variant_not_enabled",
                msg(
                    "The joker is not in play in this match (deck 'with_joker_25' is off).",
                ),
                field,
                setting="joker",
            )
        seen[card.code] += 1
        copies = rules.copies_in_pack(card)
        if seen[card.code] > copies:
            raise RuleViolation(
                "card_count_exceeds_pack",
                _pack_refusal(rules.facts.size, copies, card.symbol),
                field,
                card=card.code,
                in_pack=copies,
            )
    faces = [card for card in claim.hand if card.rank in FACE_RANKS]
    if faces or not any(card.rank == "A" for card in claim.hand):
        detail = (
            msg(
                "Ace-no-face needs at least one ace and no jack, queen or king; this hand holds {card}.",
                card=faces[0].symbol,
            )
            if faces
            else msg("Ace-no-face needs at least one ace and no jack, queen or king; this hand has no ace.")
        )
        raise RuleViolation(
            "ace_no_face_not_allowed",
            detail,
            "ace_no_face.hand",
        )


def _check_passed_out(deal: BidEuchreDeal) -> None:
    for key, value in (("trump", deal.trump), ("tricks_won", deal.tricks_won), ("tricks", deal.tricks)):
        if value is not None:
            raise RuleViolation(
                "invalid", msg("Everyone passed: the deal is thrown in, so it has no {key}.", key=key), key
            )
    if deal.reneges:
        raise RuleViolation(
            "renege_invalid", msg("Everyone passed and no card was played, so nobody can renege."), "reneges[0]"
        )


# invalid_trump, one whole sentence per trump refused and the other no-trumps allowed or not (the suits are always
# allowed).
REFUSED_TRUMP_TEMPLATES: dict[tuple[str, bool], str] = {
    (NO_TRUMPS, False): msg_template(
        "No-trumps is not allowed in this match; {bidder} names clubs, diamonds, hearts or spades."
    ),
    (NO_TRUMPS, True): msg_template(
        "No-trumps is not allowed in this match; {bidder} names clubs, diamonds, hearts, spades or low no-trumps."
    ),
    (LOW_NO_TRUMPS, False): msg_template(
        "Low no-trumps is not allowed in this match; {bidder} names clubs, diamonds, hearts or spades."
    ),
    (LOW_NO_TRUMPS, True): msg_template(
        "Low no-trumps is not allowed in this match; {bidder} names clubs, diamonds, hearts, spades or no-trumps."
    ),
}


def _trumps_allowed(rules: BidEuchreRules) -> list[str]:
    """The trump words this match allows: the suits, and no-trumps / low no-trumps where their setting is on."""
    extra = [(NO_TRUMPS, rules.allow_no_trump), (LOW_NO_TRUMPS, rules.allow_low_no_trump)]
    return [*SUIT_NAMES.values(), *(word for word, on in extra if on)]


def _check_trump(contract: Contract, deal: BidEuchreDeal, rules: BidEuchreRules) -> None:
    if deal.trump is None:
        raise RuleViolation(
            "trump_missing",
            msg("Name the trump suit chosen by {bidder}.", bidder=contract.bidder),
            "trump",
            allowed=_trumps_allowed(rules),
        )
    allowed_here = {NO_TRUMPS: rules.allow_no_trump, LOW_NO_TRUMPS: rules.allow_low_no_trump}
    if not allowed_here.get(deal.trump, True):
        other = LOW_NO_TRUMPS if deal.trump == NO_TRUMPS else NO_TRUMPS
        raise RuleViolation(
            "invalid_trump",
            msg(REFUSED_TRUMP_TEMPLATES[deal.trump, allowed_here[other]], bidder=contract.bidder),
            "trump",
            allowed=_trumps_allowed(rules),
        )


def _check_tricks(deal: BidEuchreDeal, rules: BidEuchreRules) -> tuple[int, int]:
    top = rules.tricks_per_deal
    if deal.tricks_won is None:
        raise RuleViolation(
            "invalid", msg('Give the tricks each team took: tricks_won {{"A": ..., "B": ...}}.'), "tricks_won"
        )
    for team, tricks in zip(TEAMS, deal.tricks_won, strict=True):
        if not 0 <= tricks <= top:
            raise RuleViolation(
                "tricks_out_of_range",
                msg(
                    "Tricks are whole numbers from 0 to {top}; {tricks} is not.",
                    top=top,
                    tricks=tricks,
                ),
                f"tricks_won.{team}",
                minimum=0,
                maximum=top,
            )
    total = sum(deal.tricks_won)
    if total != top:
        raise RuleViolation(
            "tricks_total_mismatch",
            msg(
                "Tricks add up to {total}; in a {size}-card deal the two teams take exactly {top} tricks between them.",
                total=total,
                size=rules.facts.size,
                top=top,
            ),
            "tricks_won",
            expected_total=top,
        )
    return deal.tricks_won


def _check_reneges(contract: Contract, deal: BidEuchreDeal, rules: BidEuchreRules) -> None:
    sitting_out = PARTNER_OF[contract.bidder] if contract.kind in LONE_KINDS else None
    for index, seat in enumerate(deal.reneges):
        if index == 1 and rules.renege_ends_deal:
            raise RuleViolation(
                "renege_invalid",
                msg(
                    "A renege ends the hand in this match, so only one can be reported: {seat}'s ended it.",
                    seat=deal.reneges[0],
                ),
                f"reneges[{index}]",
                maximum=1,
            )
        if seat == sitting_out:
            raise RuleViolation(
                "renege_invalid",
                msg(
                    "{seat} sat out this lone hand and cannot renege.",
                    seat=seat,
                ),
                f"reneges[{index}]",
                sitting_out=seat,
            )


@dataclass(frozen=True)
class CheckedPlay:
    """What the checks of a deal found: the contract (None for a deal without one) and the referee's record (None
    without tricks)."""

    contract: Contract | None = None
    record: Record | None = None


def check_play(state: BidEuchreState, deal: BidEuchreDeal, rules: BidEuchreRules) -> CheckedPlay:
    """Every check of §E.5 (and §E.7a for entered tricks) in the order of the table, answering what they found."""
    _check_dealer(state, deal, rules)
    if deal.ace_no_face is not None:
        check_claim(deal.ace_no_face, deal.dealer, rules)
        return CheckedPlay()
    contract = run_auction(deal.dealer, deal.auction, rules)
    if contract is None:
        _check_passed_out(deal)
        return CheckedPlay()
    _check_trump(contract, deal, rules)
    record = None
    if deal.tricks is not None:
        record = referee_deal(contract, deal, rules)
        if deal.tricks_won is not None:
            check_summary(_check_tricks(deal, rules), tricks_won(record))
    elif deal.tricks_won is not None or not (rules.renege_ends_deal and deal.reneges):
        _check_tricks(deal, rules)  # §E.2: a hand ended by a renege may leave tricks_won out
    _check_reneges(contract, deal, rules)
    return CheckedPlay(contract, record)


def check_deal(state: BidEuchreState, deal: BidEuchreDeal, rules: BidEuchreRules) -> None:
    """Every check of §E.5 in the order of the table; raises the first ``RuleViolation`` (``check_play`` also
    answers the contract and the referee's record)."""
    check_play(state, deal, rules)
