"""Contract Rummy scoring (shared/rules/contract_rummy.md §R.3): penalties, totals, the dealer to the left and
the winners after the last deal."""

from __future__ import annotations

from games.rules.contract_rummy.checks import check_deal
from games.rules.contract_rummy.deal import ContractRummyDeal
from games.rules.contract_rummy.melds import contract_words
from games.rules.contract_rummy.settings import ContractRummyRules
from games.rules.contract_rummy.state import ContractRummyState, match_winners, next_dealer, schedule
from games.rules.engine import DealOutcome


def deal_penalties(deal: ContractRummyDeal, rules: ContractRummyRules) -> tuple[int, ...]:
    """Penalty per seat: 0 for the player who went out, else the points entered or the value of the cards left."""
    cards = dict(deal.cards_left or ())
    points = dict(deal.penalty_points or ())
    penalties = []
    for seat in rules.seats:
        if seat == deal.went_out:
            penalties.append(0)
        elif seat in points:
            penalties.append(points[seat])
        else:
            penalties.append(rules.hand_value(cards.get(seat, ())))
    return tuple(penalties)


def _fold(state: ContractRummyState, deal: ContractRummyDeal, rules: ContractRummyRules) -> ContractRummyState:
    """Fold a checked deal into the state: totals, dealer to the left, and the winners after the last deal."""
    penalties = deal_penalties(deal, rules)
    totals = tuple(total + penalty for total, penalty in zip(state.totals, penalties, strict=True))
    played = state.deals_played + 1
    over = played >= rules.deals
    return ContractRummyState(
        seats=state.seats,
        totals=totals,
        deals_played=played,
        next_dealer=None if over else next_dealer(deal.dealer, rules),
        last_penalties=penalties,
        next_deal=schedule(rules, played),
        match_over=over,
        winners=match_winners(rules, totals, penalties) if over else (),
    )


def apply_deal(state: ContractRummyState, deal: ContractRummyDeal, rules: ContractRummyRules) -> DealOutcome:
    """Check the deal and fold it in: the state after it and the deal's result."""
    check_deal(state, deal, rules)
    after = _fold(state, deal, rules)
    sets, runs = rules.contracts[state.deals_played]
    seats = rules.seats
    result = {
        "contract": {"sets": sets, "runs": runs},
        "contract_text": contract_words(sets, runs),
        "cards_dealt": rules.cards_dealt[state.deals_played],
        "went_out": deal.went_out,
        "penalties": dict(zip(seats, after.last_penalties or (), strict=True)),
        "totals_after": dict(zip(seats, after.totals, strict=True)),
        "next_dealer": after.next_dealer,
        "match_over": after.match_over,
        "winners": list(after.winners),
    }
    return DealOutcome(state=after, result=result)
