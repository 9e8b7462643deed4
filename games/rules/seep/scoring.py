"""Seep scoring and match progression (shared/rules/seep.md §S.4-§S.6): scores, running lead, baazi, dealer."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from games.rules.errors import RuleViolation
from games.rules.seep.deal import NO_SWEEPS, SeepDeal, SweepCounts
from games.rules.seep.rules import (
    MAJORITY_BONUS,
    POINT_CARDS,
    SEATS,
    TEAM_NAMES,
    TEAM_OF_SEAT,
    TEAM_SIGN,
    SeepRules,
    partner_of,
    seat_right_of,
)

LEAD_REACHED = "lead_reached"
BELOW_MINIMUM = "opponent_below_minimum"

# Why the next dealer deals (kept in the state so a dealer_out_of_turn message can explain it).
SAME_DEALER_LEVEL = "level"
SAME_DEALER_BEHIND = "dealer_side_behind"
PASSED_RIGHT = "dealer_side_ahead"
AFTER_BAAZI = "after_baazi"
DEALER_REASONS: tuple[str, ...] = (SAME_DEALER_LEVEL, SAME_DEALER_BEHIND, PASSED_RIGHT, AFTER_BAAZI)


@dataclass(frozen=True, slots=True)
class SeepState:
    """The match after some deals. ``running_lead`` is signed: positive when team A leads."""

    running_lead: int = 0
    baazis_won: tuple[int, int] = (0, 0)
    next_dealer: str | None = None
    next_dealer_reason: str | None = None
    deals_played: int = 0
    match_over: bool = False
    match_winner: str | None = None
    match_drawn: bool = False


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
    return (counts.regular * rules.sweep_points + counts.first_play * rules.first_play_sweep_points
            + counts.last_play * rules.last_play_sweep_points)


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


def next_dealer(dealer: str, lead_after: int, raw_lead: int, baazi: Baazi | None,
                rules: SeepRules) -> tuple[str, str]:
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


def fold_deal(state: SeepState, deal: SeepDeal, rules: SeepRules) -> tuple[SeepState, SeepDealResult]:
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
        throw_ins=len(deal.throw_ins), card_points=card_points(deal, rules), team_scores=scores, deal_margin=margin,
        running_lead=lead, baazi=baazi, baazis_won=baazis_won, next_dealer=dealer, match_over=over,
        match_winner=winner,
    )
    return new_state, result


def apply_deal(state: SeepState, deal: SeepDeal, rules: SeepRules) -> SeepState:
    return fold_deal(state, deal, rules)[0]


def is_over(state: SeepState) -> bool:
    return state.match_over


def winner(state: SeepState) -> str | None:
    return state.match_winner


# --- JSON ---------------------------------------------------------------------------------------------------


def signed_json(value: int) -> dict[str, Any]:
    """A signed lead or margin as ``{team, points}``: team A for positive, B for negative, null for 0."""
    team = None if value == 0 else ("A" if value > 0 else "B")
    return {"team": team, "points": abs(value)}


def by_team(values: tuple[int, int]) -> dict[str, int]:
    return {"A": values[0], "B": values[1]}


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


def state_json(state: SeepState) -> dict[str, Any]:
    return {
        "running_lead": signed_json(state.running_lead),
        "baazis_won": by_team(state.baazis_won),
        "next_dealer": state.next_dealer,
        "next_dealer_reason": state.next_dealer_reason,
        "deals_played": state.deals_played,
        "match_over": state.match_over,
        "match_winner": state.match_winner,
        "match_drawn": state.match_drawn,
    }


def _bad_state(field: str) -> RuleViolation:
    return RuleViolation("invalid", f"The stored Seep state has a bad {field!r}.", f"state.{field}")


def _count(value: object, field: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise _bad_state(field)
    return value


def _lead_from_json(value: object) -> int:
    if not isinstance(value, Mapping) or set(value) != {"team", "points"}:
        raise _bad_state("running_lead")
    points = _count(value["points"], "running_lead")
    team = value["team"]
    if (team is None) != (points == 0) or (team is not None and (not isinstance(team, str) or team not in TEAM_SIGN)):
        raise _bad_state("running_lead")
    return 0 if team is None else TEAM_SIGN[team] * points


def _optional_choice(value: object, choices: tuple[str, ...], field: str) -> str | None:
    if value is not None and value not in choices:
        raise _bad_state(field)
    return value if value is None else str(value)


def state_from_json(data: Mapping[str, Any], rules: SeepRules) -> SeepState:
    """The state back from ``state_json``; a damaged record raises ``RuleViolation`` (``invalid``)."""
    if not isinstance(data, Mapping):
        raise _bad_state("state")
    won = data.get("baazis_won")
    if not isinstance(won, Mapping) or set(won) != set(TEAM_NAMES):
        raise _bad_state("baazis_won")
    flags = [data.get(name, False) for name in ("match_over", "match_drawn")]
    if not all(isinstance(flag, bool) for flag in flags):
        raise _bad_state("match_over")
    state = SeepState(
        running_lead=_lead_from_json(data.get("running_lead")),
        baazis_won=(_count(won["A"], "baazis_won"), _count(won["B"], "baazis_won")),
        next_dealer=_optional_choice(data.get("next_dealer"), SEATS, "next_dealer"),
        next_dealer_reason=_optional_choice(data.get("next_dealer_reason"), DEALER_REASONS, "next_dealer_reason"),
        deals_played=_count(data.get("deals_played", 0), "deals_played"),
        match_over=flags[0],
        match_winner=_optional_choice(data.get("match_winner"), TEAM_NAMES, "match_winner"),
        match_drawn=flags[1],
    )
    return state
