"""Bid Euchre deal checks (§E.5), scoring (§E.2) and match progression (§E.4) as pure functions."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from games.rules.bid_euchre.auction import Contract, run_auction
from games.rules.bid_euchre.deal import NO_TRUMPS, AceNoFaceClaim, BidEuchreDeal
from games.rules.bid_euchre.referee import charged_reneges, check_summary, referee_deal, tricks_won
from games.rules.bid_euchre.rules import NEXT_SEAT, PARTNER_OF, SEATS, TEAM_OF, TEAMS, BidEuchreRules
from games.rules.cards import SUIT_NAMES, Card
from games.rules.errors import RuleViolation
from games.rules.tricks import Record

# §E.2: what a made / set contract is worth, by the name of the quantity it pays (looked up in ``_values``).
MADE_VALUE: dict[str, str] = {
    "number": "tricks_taken", "partners_best": "partners_best_points", "shoot_the_moon": "shoot_the_moon_points",
}
SET_VALUE: dict[str, dict[str, str]] = {
    "bid": {"number": "tricks_bid", "partners_best": "tricks_bid", "shoot_the_moon": "tricks_bid"},
    "contract_value": {
        "number": "tricks_bid", "partners_best": "partners_best_points", "shoot_the_moon": "shoot_the_moon_points",
    },
}
# E-A6: the defenders score their tricks always (default), or never.
DEFENDER_VALUE: dict[bool, str] = {True: "defender_tricks", False: "nothing"}
LONE_KINDS: frozenset[str] = frozenset({"partners_best", "shoot_the_moon"})
FACE_RANKS: frozenset[str] = frozenset({"J", "Q", "K"})
COPY_WORDS: dict[int, str] = {0: "no", 1: "one", 2: "two"}
OUTCOME_PLAYED, OUTCOME_PASSED_OUT, OUTCOME_ACE_NO_FACE = "played", "passed_out", "ace_no_face_redeal"


@dataclass(frozen=True)
class BidEuchreState:
    """The match so far: scores ``(A, B)``; ``next_dealer`` is None before the first deal and once it is over."""

    scores: tuple[int, int] = (0, 0)
    next_dealer: str | None = None
    tiebreak_deal_required: bool = False
    match_winner: str | None = None

    @property
    def match_over(self) -> bool:
        return self.match_winner is not None


@dataclass(frozen=True)
class DealReport:
    """What one deal did: its outcome, contract, points by team ``(A, B)`` and the state after it."""

    outcome: str
    contract: Contract | None
    trump: str | None
    made: bool | None
    deal_points: tuple[int, int]
    renege_penalties: tuple[int, int]
    state_after: BidEuchreState
    record: Record | None = None  # the referee's findings when the tricks were entered (§E.7a)
    tricks_won: tuple[int, int] | None = None


# --- checks --------------------------------------------------------------------------------------------------


def _check_dealer(state: BidEuchreState, deal: BidEuchreDeal, rules: BidEuchreRules) -> None:
    if state.match_over:
        team, score = state.match_winner, state.scores[TEAMS.index(state.match_winner or "A")]
        raise RuleViolation(
            "match_already_finished",
            f"Team {team} reached {score} and won this match; start a new match to record more deals.", None,
            match_winner=team,
        )
    if rules.enforce_dealer_order and state.next_dealer is not None and deal.dealer != state.next_dealer:
        raise RuleViolation(
            "dealer_out_of_turn", f"{state.next_dealer} deals this hand: the deal passes to the left.", "dealer",
            expected_dealer=state.next_dealer,
        )


def _pack_words(rules: BidEuchreRules) -> str:
    return f"The {rules.facts.size}-card pack"


def _card_noun(card: Card) -> str:
    """``9 of clubs`` / ``joker``: the card's words without an article."""
    return "joker" if card.is_joker else card.describe().removeprefix("the ")


def check_claim(claim: AceNoFaceClaim, dealer: str, rules: BidEuchreRules) -> None:
    """E.1 / E-A13: the ace-no-face variant on, a full hand from the pack, an ace and no jack, queen or king."""
    if not rules.ace_no_face:
        raise RuleViolation(
            "variant_not_enabled",
            "Ace-no-face redeals are not enabled for this match; the hand must be bid or passed.", "ace_no_face",
            setting="ace_no_face",
        )
    size = rules.tricks_per_deal + (1 if rules.joker and claim.seat == dealer else 0)
    if len(claim.hand) != size:
        who = "The dealer holds" if size > rules.tricks_per_deal else "Each player holds"
        raise RuleViolation(
            "hand_size_invalid", f"{who} {size} cards in this game; the claimed hand has {len(claim.hand)}.",
            "ace_no_face.hand", expected=size,
        )
    seen: Counter[str] = Counter()
    for index, card in enumerate(claim.hand):
        field = f"ace_no_face.hand[{index}]"
        if card.is_joker and not rules.joker:
            raise RuleViolation(
                "variant_not_enabled", "The joker is not in play in this match (deck 'with_joker_25' is off).", field,
                setting="joker",
            )
        seen[card.code] += 1
        copies = rules.copies_in_pack(card)
        if seen[card.code] > copies:
            raise RuleViolation(
                "card_count_exceeds_pack",
                f"{_pack_words(rules)} has {COPY_WORDS.get(copies, str(copies))} {_card_noun(card)}.", field,
                card=card.code, in_pack=copies,
            )
    faces = [card for card in claim.hand if card.rank in FACE_RANKS]
    if faces or not any(card.rank == "A" for card in claim.hand):
        holds = f"holds {faces[0].describe()}" if faces else "has no ace"
        raise RuleViolation(
            "ace_no_face_not_allowed",
            f"Ace-no-face needs at least one ace and no jack, queen or king; this hand {holds}.", "ace_no_face.hand",
        )


def _check_passed_out(deal: BidEuchreDeal) -> None:
    for key, value in (("trump", deal.trump), ("tricks_won", deal.tricks_won), ("tricks", deal.tricks)):
        if value is not None:
            raise RuleViolation(
                "invalid", f"Everyone passed: the deal is thrown in, so it has no {key}.", key
            )
    if deal.reneges:
        raise RuleViolation(
            "renege_invalid", "Everyone passed and no card was played, so nobody can renege.", "reneges[0]"
        )


def _check_trump(contract: Contract, deal: BidEuchreDeal, rules: BidEuchreRules) -> None:
    if deal.trump is None:
        raise RuleViolation(
            "trump_missing", f"Name the trump suit chosen by {contract.bidder}.", "trump",
            allowed=[*SUIT_NAMES.values(), *([NO_TRUMPS] if rules.allow_no_trump else [])],
        )
    if deal.trump == NO_TRUMPS and not rules.allow_no_trump:
        raise RuleViolation(
            "invalid_trump", f"No-trumps is not allowed in this match; {contract.bidder} names clubs, diamonds, "
            "hearts or spades.", "trump", allowed=list(SUIT_NAMES.values()),
        )


def _check_tricks(deal: BidEuchreDeal, rules: BidEuchreRules) -> tuple[int, int]:
    top = rules.tricks_per_deal
    if deal.tricks_won is None:
        raise RuleViolation(
            "invalid", 'Give the tricks each team took: tricks_won {"A": ..., "B": ...}.', "tricks_won"
        )
    for team, tricks in zip(TEAMS, deal.tricks_won, strict=True):
        if not 0 <= tricks <= top:
            raise RuleViolation(
                "tricks_out_of_range", f"Tricks are whole numbers from 0 to {top}; {tricks} is not.",
                f"tricks_won.{team}", minimum=0, maximum=top,
            )
    total = sum(deal.tricks_won)
    if total != top:
        raise RuleViolation(
            "tricks_total_mismatch",
            f"Tricks add up to {total}; in a {rules.facts.size}-card deal the two teams take exactly {top} tricks "
            "between them.", "tricks_won", expected_total=top,
        )
    return deal.tricks_won


def _check_reneges(contract: Contract, deal: BidEuchreDeal) -> None:
    if contract.kind not in LONE_KINDS:
        return
    sitting_out = PARTNER_OF[contract.bidder]
    for index, seat in enumerate(deal.reneges):
        if seat == sitting_out:
            raise RuleViolation(
                "renege_invalid", f"{seat} sat out this lone hand and cannot renege.", f"reneges[{index}]",
                sitting_out=seat,
            )


def check_play(
    state: BidEuchreState, deal: BidEuchreDeal, rules: BidEuchreRules
) -> tuple[Contract | None, Record | None]:
    """Every check of §E.5 (and §E.7a for entered tricks) in the order of the table: the contract (None for a
    deal without one) and the referee's record (None without tricks)."""
    _check_dealer(state, deal, rules)
    if deal.ace_no_face is not None:
        check_claim(deal.ace_no_face, deal.dealer, rules)
        return None, None
    contract = run_auction(deal.dealer, deal.auction, rules)
    if contract is None:
        _check_passed_out(deal)
        return None, None
    _check_trump(contract, deal, rules)
    record = None
    if deal.tricks is not None:
        record = referee_deal(contract, deal, rules)
        if deal.tricks_won is not None:
            check_summary(_check_tricks(deal, rules), tricks_won(record))
    else:
        _check_tricks(deal, rules)
    _check_reneges(contract, deal)
    return contract, record


def check_deal(state: BidEuchreState, deal: BidEuchreDeal, rules: BidEuchreRules) -> Contract | None:
    """Every check of §E.5 in the order of the table; the contract, or None for a deal without one."""
    return check_play(state, deal, rules)[0]


# --- scoring and progression ---------------------------------------------------------------------------------


def _values(contract: Contract, taken: int, rules: BidEuchreRules) -> dict[str, int]:
    return {
        "tricks_taken": taken,
        "tricks_bid": contract.tricks_bid,
        "partners_best_points": rules.partners_best_points,
        "shoot_the_moon_points": rules.shoot_the_moon_points,
        "defender_tricks": rules.tricks_per_deal - taken,
        "nothing": 0,
    }


def contract_points(contract: Contract, tricks_won: tuple[int, int], rules: BidEuchreRules) -> tuple[bool, tuple]:
    """§E.2: whether the contract is made and the deal points ``(A, B)``."""
    bidders = TEAMS.index(TEAM_OF[contract.bidder])
    taken = tricks_won[bidders]
    made = taken >= contract.tricks_bid
    values = _values(contract, taken, rules)
    bidder_points = (values[MADE_VALUE[contract.kind]] if made
                     else -values[SET_VALUE[rules.lone_failure_penalty][contract.kind]])
    defender_points = values[DEFENDER_VALUE[rules.defenders_score_tricks]]
    points = [defender_points, defender_points]
    points[bidders] = bidder_points
    return made, (points[0], points[1])


def renege_points(reneges: tuple[str, ...], rules: BidEuchreRules) -> tuple[int, int]:
    return (
        -rules.renege_penalty * sum(1 for seat in reneges if TEAM_OF[seat] == "A"),
        -rules.renege_penalty * sum(1 for seat in reneges if TEAM_OF[seat] == "B"),
    )


def match_decision(scores: tuple[int, int], bidding_team: str | None, rules: BidEuchreRules) -> tuple[str | None, bool]:
    """§E.4: ``(winner, tiebreak_deal_required)`` after a deal."""
    over = [team for team, score in zip(TEAMS, scores, strict=True) if score >= rules.target_score]
    if not over:
        return None, False
    if len(over) == 1:
        return over[0], False
    if rules.simultaneous_target == "bidders_win" and bidding_team is not None:
        return bidding_team, False
    if scores[0] == scores[1]:
        return None, True
    return ("A" if scores[0] > scores[1] else "B"), False


def next_dealer(dealer: str) -> str:
    """The deal passes to the left (the next seat clockwise) after every deal (§E.4)."""
    return NEXT_SEAT[dealer]


def settle_deal(
    state: BidEuchreState, deal: BidEuchreDeal, contract: Contract | None, rules: BidEuchreRules,
    record: Record | None = None,
) -> DealReport:
    """Score a checked deal and move the match on (``record``: the referee's findings, for entered tricks)."""
    made: bool | None = None
    points: tuple[int, int] = (0, 0)
    penalties: tuple[int, int] = (0, 0)
    outcome = OUTCOME_ACE_NO_FACE if deal.ace_no_face is not None else OUTCOME_PASSED_OUT
    if record is None and contract is not None and deal.tricks is not None:  # a caller of check_deal alone
        record = referee_deal(contract, deal, rules)
    taken = tricks_won(record) if record is not None else deal.tricks_won
    if contract is not None and taken is not None:
        outcome = OUTCOME_PLAYED
        made, points = contract_points(contract, taken, rules)
        reneges = charged_reneges(deal.reneges, record) if record is not None else deal.reneges
        penalties = renege_points(reneges, rules)
    scores = (state.scores[0] + points[0] + penalties[0], state.scores[1] + points[1] + penalties[1])
    bidding_team = TEAM_OF[contract.bidder] if contract is not None else None
    winner, tiebreak = match_decision(scores, bidding_team, rules)
    after = BidEuchreState(scores, None if winner else next_dealer(deal.dealer), tiebreak, winner)
    return DealReport(
        outcome, contract, deal.trump if contract else None, made, points, penalties, after, record, taken
    )


def play_deal(state: BidEuchreState, deal: BidEuchreDeal, rules: BidEuchreRules) -> DealReport:
    """Check the deal (with its tricks, if entered) and score it."""
    contract, record = check_play(state, deal, rules)
    return settle_deal(state, deal, contract, rules, record)


def apply_deal(state: BidEuchreState, deal: BidEuchreDeal, rules: BidEuchreRules) -> BidEuchreState:
    """Check the deal and fold it into the state."""
    return play_deal(state, deal, rules).state_after


def is_over(state: BidEuchreState) -> bool:
    return state.match_over


def winner(state: BidEuchreState) -> str | None:
    return state.match_winner


# --- JSON ----------------------------------------------------------------------------------------------------


def by_team(values: tuple[int, int]) -> dict[str, int]:
    return {"A": values[0], "B": values[1]}


def report_json(report: DealReport) -> dict[str, Any]:
    contract = report.contract
    after = report.state_after
    return {
        "outcome": report.outcome,
        "contract": None if contract is None else {
            "bidder": contract.bidder, "team": TEAM_OF[contract.bidder], "kind": contract.kind,
            "trump": report.trump, "tricks_bid": contract.tricks_bid,
        },
        "made": report.made,
        "deal_points": by_team(report.deal_points),
        "renege_penalties": by_team(report.renege_penalties),
        "scores_after": by_team(after.scores),
        "next_dealer": after.next_dealer,
        "match_winner": after.match_winner,
        "tiebreak_deal_required": after.tiebreak_deal_required,
        **_referee_json(report),
    }


def _referee_json(report: DealReport) -> dict[str, Any]:
    """§E.7a: the tricks, the reneges proven and the tricks won, only when the tricks were entered."""
    if report.record is None or report.tricks_won is None:
        return {}
    return {
        "tricks": report.record.tricks_json(),
        "reneges_found": report.record.reneges_json(),
        "tricks_won": by_team(report.tricks_won),
    }


def state_json(state: BidEuchreState) -> dict[str, Any]:
    return {
        "scores": by_team(state.scores),
        "tiebreak_deal_required": state.tiebreak_deal_required,
        "next_dealer": state.next_dealer,
        "match_over": state.match_over,
        "match_winner": state.match_winner,
    }


def _bad_state(field: str) -> RuleViolation:
    return RuleViolation("invalid", f"The stored Bid Euchre match state has a bad {field}.", f"state.{field}")


def state_from_json(data: object) -> BidEuchreState:
    """The state back from ``state_json`` (checked, since it crosses a database)."""
    if not isinstance(data, Mapping):
        raise _bad_state("object")
    scores = data.get("scores")
    if not isinstance(scores, Mapping) or set(scores) != set(TEAMS) or not all(
        isinstance(scores[team], int) and not isinstance(scores[team], bool) for team in TEAMS
    ):
        raise _bad_state("scores")
    dealer, winner_team = data.get("next_dealer"), data.get("match_winner")
    if dealer is not None and dealer not in SEATS:
        raise _bad_state("next_dealer")
    if winner_team is not None and winner_team not in TEAMS:
        raise _bad_state("match_winner")
    tiebreak = data.get("tiebreak_deal_required", False)
    if not isinstance(tiebreak, bool):
        raise _bad_state("tiebreak_deal_required")
    return BidEuchreState((scores["A"], scores["B"]), dealer, tiebreak, winner_team)
