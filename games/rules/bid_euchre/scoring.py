"""Bid Euchre scoring (shared/rules/bid_euchre.md §E.2) and match progression (§E.4); the values as data."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from games.rules.bid_euchre.auction import Contract
from games.rules.bid_euchre.checks import check_play
from games.rules.bid_euchre.deal import BidEuchreDeal
from games.rules.bid_euchre.referee import charged_reneges, referee_deal, tricks_won
from games.rules.bid_euchre.settings import BidEuchreRules
from games.rules.bid_euchre.state import BidEuchreState, next_dealer
from games.rules.bid_euchre.tables import TEAM_OF, TEAMS
from games.rules.engine import DealOutcome
from games.rules.sides import by_team
from games.rules.tricks import Record

# §E.2: what a made / set contract is worth, by the name of the quantity it pays (looked up in ``_values``).
# A made number contract pays as ``made_contract_scores`` says (E-A16); the all-six calls have fixed values.
LONE_VALUE: dict[str, str] = {
    "partners_best": "partners_best_points",
    "shoot_the_moon": "shoot_the_moon_points",
    "triple_moon": "triple_moon_points",
    "quadruple_moon": "quadruple_moon_points",
}
MADE_VALUE: dict[str, dict[str, str]] = {
    "tricks_taken": {"number": "tricks_taken", **LONE_VALUE},
    "tricks_bid": {"number": "tricks_bid", **LONE_VALUE},
}
SET_VALUE: dict[str, dict[str, str]] = {
    "bid": {"number": "tricks_bid", **dict.fromkeys(LONE_VALUE, "tricks_bid")},
    "contract_value": {"number": "tricks_bid", **LONE_VALUE},
}
# E-A6: the defenders score their tricks always (default), or never.
DEFENDER_VALUE: dict[bool, str] = {True: "defender_tricks", False: "nothing"}
OUTCOME_PLAYED, OUTCOME_PASSED_OUT, OUTCOME_ACE_NO_FACE = "played", "passed_out", "ace_no_face_redeal"
OUTCOME_ENDED_BY_RENEGE = "ended_by_renege"


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
    renege_awards: tuple[int, int] | None = None  # None in a match that awards no renege points (the key is absent)


def _values(contract: Contract, taken: int, rules: BidEuchreRules) -> dict[str, int]:
    return {
        "tricks_taken": taken,
        "tricks_bid": contract.tricks_bid,
        "partners_best_points": rules.partners_best_points,
        "shoot_the_moon_points": rules.shoot_the_moon_points,
        "triple_moon_points": rules.triple_moon_points,
        "quadruple_moon_points": rules.quadruple_moon_points,
        "defender_tricks": rules.tricks_per_deal - taken,
        "nothing": 0,
    }


@dataclass(frozen=True)
class ContractPoints:
    """§E.2: whether the contract is made and the deal points ``(A, B)``."""

    made: bool
    points: tuple[int, int]


def contract_points(contract: Contract, tricks_won: tuple[int, int], rules: BidEuchreRules) -> ContractPoints:
    """§E.2: whether the contract is made and the deal points ``(A, B)``."""
    bidders = TEAMS.index(TEAM_OF[contract.bidder])
    taken = tricks_won[bidders]
    made = taken >= contract.tricks_bid
    values = _values(contract, taken, rules)
    bidder_points = (
        values[MADE_VALUE[rules.made_contract_scores][contract.kind]]
        if made
        else -values[SET_VALUE[rules.lone_failure_penalty][contract.kind]]
    )
    defender_points = values[DEFENDER_VALUE[rules.defenders_score_tricks]]
    points = [defender_points, defender_points]
    points[bidders] = bidder_points
    return ContractPoints(made, (points[0], points[1]))


def renege_points(reneges: tuple[str, ...], rules: BidEuchreRules) -> tuple[int, int]:
    return (
        -rules.renege_penalty * sum(1 for seat in reneges if TEAM_OF[seat] == "A"),
        -rules.renege_penalty * sum(1 for seat in reneges if TEAM_OF[seat] == "B"),
    )


def renege_awards(reneges: tuple[str, ...], rules: BidEuchreRules) -> tuple[int, int]:
    """E-A19: for each renege charged, the other team gains ``renege_award``."""
    return (
        rules.renege_award * sum(1 for seat in reneges if TEAM_OF[seat] == "B"),
        rules.renege_award * sum(1 for seat in reneges if TEAM_OF[seat] == "A"),
    )


def charged(deal: BidEuchreDeal, record: Record | None, rules: BidEuchreRules) -> tuple[str, ...]:
    """The seats charged a renege. With ``renege_ends_deal`` only the renege that ended the hand: the first the
    tricks show in the order of play, else the one reported (§E.7a)."""
    if not rules.renege_ends_deal:
        return charged_reneges(deal.reneges, record) if record is not None else deal.reneges
    if record is not None and record.reneges:
        return (record.reneges[0].seat,)
    return deal.reneges[:1]


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


def settle_deal(
    state: BidEuchreState,
    deal: BidEuchreDeal,
    contract: Contract | None,
    rules: BidEuchreRules,
    record: Record | None = None,
) -> DealReport:
    """Score a checked deal and move the match on (``record``: the referee's findings, for entered tricks)."""
    made: bool | None = None
    points: tuple[int, int] = (0, 0)
    reneges: tuple[str, ...] = ()
    outcome = OUTCOME_ACE_NO_FACE if deal.ace_no_face is not None else OUTCOME_PASSED_OUT
    if record is None and contract is not None and deal.tricks is not None:  # a caller without the record
        record = referee_deal(contract, deal, rules)
    taken = tricks_won(record) if record is not None else deal.tricks_won
    if contract is not None:
        reneges = charged(deal, record, rules)
        if rules.renege_ends_deal and reneges:
            outcome = OUTCOME_ENDED_BY_RENEGE  # §E.2: scored for that renege alone
        elif taken is not None:
            outcome = OUTCOME_PLAYED
            scored = contract_points(contract, taken, rules)
            made, points = scored.made, scored.points
    penalties, awards = renege_points(reneges, rules), renege_awards(reneges, rules)
    scores = (
        state.scores[0] + points[0] + penalties[0] + awards[0],
        state.scores[1] + points[1] + penalties[1] + awards[1],
    )
    bidding_team = TEAM_OF[contract.bidder] if contract is not None else None
    winner, tiebreak = match_decision(scores, bidding_team, rules)
    after = BidEuchreState(scores, None if winner else next_dealer(deal.dealer), tiebreak, winner)
    return DealReport(
        outcome,
        contract,
        deal.trump if contract else None,
        made,
        points,
        penalties,
        after,
        record,
        taken,
        awards if rules.renege_award > 0 else None,
    )


def apply_deal(state: BidEuchreState, deal: BidEuchreDeal, rules: BidEuchreRules) -> DealOutcome:
    """Check the deal (with its tricks, if entered), score it and fold it in: the state after and the result."""
    checked = check_play(state, deal, rules)
    report = settle_deal(state, deal, checked.contract, rules, checked.record)
    return DealOutcome(report.state_after, report_json(report))


def report_json(report: DealReport) -> dict[str, Any]:
    contract = report.contract
    after = report.state_after
    return {
        "outcome": report.outcome,
        "contract": None
        if contract is None
        else {
            "bidder": contract.bidder,
            "team": TEAM_OF[contract.bidder],
            "kind": contract.kind,
            "trump": report.trump,
            "tricks_bid": contract.tricks_bid,
        },
        "made": report.made,
        "deal_points": by_team(report.deal_points),
        "renege_penalties": by_team(report.renege_penalties),
        **({} if report.renege_awards is None else {"renege_awards": by_team(report.renege_awards)}),
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
