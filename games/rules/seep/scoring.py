"""Seep scoring and match progression (shared/rules/seep.md §S.4-§S.6): scores, running lead, baazi, dealer.

``apply_deal`` is the whole deal: the checks of §S.7, the referee of §S.7a when the plays were entered, and the
fold into the state (``settle_deal``, which trusts a checked deal).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from games.rules.engine import DealOutcome
from games.rules.seep import referee, tally
from games.rules.seep.checks import check_deal
from games.rules.seep.deal import NO_SWEEPS, SeepDeal, SweepCounts
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
    MAJORITY_BONUS,
    POINT_CARDS,
    TEAM_NAMES,
    TEAM_OF_SEAT,
    TEAM_SIGN,
    partner_of,
    seat_right_of,
)
from games.rules.sides import by_team

LEAD_REACHED = "lead_reached"
BELOW_MINIMUM = "opponent_below_minimum"


@dataclass(frozen=True, slots=True)
class Baazi:
    winner: str
    reason: str


@dataclass(frozen=True, slots=True)
class SeepDealResult:
    throw_ins: int
    card_points: tuple[int, int]
    team_scores: tuple[int, int]
    deal_margin: int
    running_lead: int
    baazi: Baazi | None
    baazis_won: tuple[int, int]
    next_dealer: str | None
    match_over: bool
    match_winner: str | None


def card_points(deal: SeepDeal, rules: SeepRules) -> tuple[int, int]:
    """Each side's card points: as entered, or added up from the point cards it captured."""
    if deal.card_points is not None:
        return deal.card_points
    assert deal.scoring_cards is not None
    table = POINT_CARDS[rules.card_points]
    bonus, split = MAJORITY_BONUS[rules.card_points]
    extra = {"A": (bonus, 0), "B": (0, bonus), "tied": (split, split), None: (0, 0)}[deal.card_majority]
    side_a, side_b = deal.scoring_cards
    return (sum(table[card.code] for card in side_a) + extra[0], sum(table[card.code] for card in side_b) + extra[1])


def sweep_bonus(counts: SweepCounts, rules: SeepRules) -> int:
    return (
        counts.regular * rules.sweep_points
        + counts.first_play * rules.first_play_sweep_points
        + counts.last_play * rules.last_play_sweep_points
    )


def team_scores(deal: SeepDeal, rules: SeepRules) -> tuple[int, int]:
    """§S.4: card points plus sweep bonuses, per side."""
    points = card_points(deal, rules)
    sweeps = deal.sweeps or (NO_SWEEPS, NO_SWEEPS)
    return points[0] + sweep_bonus(sweeps[0], rules), points[1] + sweep_bonus(sweeps[1], rules)


def settle_lead(running_lead: int, scores: tuple[int, int], rules: SeepRules) -> tuple[int, Baazi | None]:
    """§S.5 steps 2-4: the running lead after the deal and the baazi it decides, if any."""
    for side, other in ((0, 1), (1, 0)):
        if scores[side] < rules.minimum_team_score:
            return 0, Baazi(TEAM_NAMES[other], BELOW_MINIMUM)
    raw = running_lead + scores[0] - scores[1]
    target = rules.baazi_lead
    if abs(raw) < target:
        return raw, None
    winner = "A" if raw > 0 else "B"
    excess = raw - TEAM_SIGN[winner] * target
    return (excess if rules.lead_beyond_baazi_carries_over else 0), Baazi(winner, LEAD_REACHED)


def _dealer_side_ahead(dealer: str, lead: int) -> bool:
    return lead * TEAM_SIGN[TEAM_OF_SEAT[dealer]] > 0


def next_dealer(dealer: str, lead_after: int, raw_lead: int, baazi: Baazi | None, rules: SeepRules) -> tuple[str, str]:
    """§S.6: who deals next, and why. The deal stays with the side that is behind."""
    if baazi is None:
        if lead_after == 0:
            return dealer, SAME_DEALER_LEVEL
        if _dealer_side_ahead(dealer, lead_after):
            return seat_right_of(dealer), PASSED_RIGHT
        return dealer, SAME_DEALER_BEHIND
    if rules.after_baazi_dealer_basis == "baazi_loser":
        dealer_lost = TEAM_OF_SEAT[dealer] != baazi.winner
        would_deal = dealer if dealer_lost else seat_right_of(dealer)
    else:
        would_deal = seat_right_of(dealer) if _dealer_side_ahead(dealer, raw_lead) else dealer
    return partner_of(would_deal), AFTER_BAAZI


def match_result(baazis_won: tuple[int, int], rules: SeepRules) -> tuple[bool, str | None, bool]:
    """(over, winner, drawn) under the ``match_end`` setting (§S.5 step 6, S-A11)."""
    end = rules.match_end
    if end.type == "first_to_baazis":
        assert end.count is not None
        for team, won in zip(TEAM_NAMES, baazis_won, strict=True):
            if won >= end.count:
                return True, team, False
    elif end.type == "fixed_baazis":
        assert end.count is not None
        if sum(baazis_won) >= end.count:
            if baazis_won[0] == baazis_won[1]:
                return True, None, True
            return True, "A" if baazis_won[0] > baazis_won[1] else "B", False
    return False, None, False


def settle_deal(state: SeepState, deal: SeepDeal, rules: SeepRules) -> tuple[SeepState, SeepDealResult]:
    """Fold one (already checked) deal into the state; also return its result."""
    scores = team_scores(deal, rules)
    margin = scores[0] - scores[1]
    lead, baazi = settle_lead(state.running_lead, scores, rules)
    baazis_won = state.baazis_won
    if baazi is not None:
        baazis_won = (baazis_won[0] + 1, baazis_won[1]) if baazi.winner == "A" else (baazis_won[0], baazis_won[1] + 1)
    over, winner, drawn = match_result(baazis_won, rules)
    dealer: str | None
    reason: str | None
    dealer, reason = next_dealer(deal.dealer, lead, state.running_lead + margin, baazi, rules)
    if over:
        dealer, reason = None, None
    new_state = SeepState(lead, baazis_won, dealer, reason, state.deals_played + 1, over, winner, drawn)
    result = SeepDealResult(
        throw_ins=len(deal.throw_ins),
        card_points=card_points(deal, rules),
        team_scores=scores,
        deal_margin=margin,
        running_lead=lead,
        baazi=baazi,
        baazis_won=baazis_won,
        next_dealer=dealer,
        match_over=over,
        match_winner=winner,
    )
    return new_state, result


def apply_deal(state: SeepState, deal: SeepDeal, rules: SeepRules) -> DealOutcome:
    """Check the deal (and referee its plays, if entered), score it and fold it in: the state after and the result.

    With the plays, the scores come from what the referee found and the result adds the plays' record (§S.7a.4).
    """
    check_deal(state, deal, rules)
    if deal.plays is None:
        after, result = settle_deal(state, deal, rules)
        return DealOutcome(after, result_json(result))
    record, derived = referee.referee_deal(deal, rules)
    after, result = settle_deal(state, tally.scored_deal(deal, derived), rules)
    return DealOutcome(after, {**result_json(result), **tally.record_json(record, derived)})


def result_json(result: SeepDealResult) -> dict[str, Any]:
    baazi = None if result.baazi is None else {"winner": result.baazi.winner, "reason": result.baazi.reason}
    return {
        "throw_ins": result.throw_ins,
        "card_points": by_team(result.card_points),
        "team_scores": by_team(result.team_scores),
        "deal_margin": signed_json(result.deal_margin),
        "running_lead": signed_json(result.running_lead),
        "baazi": baazi,
        "baazis_won": by_team(result.baazis_won),
        "next_dealer": result.next_dealer,
        "match_over": result.match_over,
        "match_winner": result.match_winner,
    }
