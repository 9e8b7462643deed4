"""Scoring a 56 deal (shared/rules/fifty_six.md §F.4-§F.6): tables, transfers, shortfall, elimination."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from games.rules.engine import DealOutcome
from games.rules.fifty_six import tables as t
from games.rules.fifty_six.auction import Contract
from games.rules.fifty_six.checks import check_dealer, check_play
from games.rules.fifty_six.deal import FiftySixDeal
from games.rules.fifty_six.redeal import check_redeal
from games.rules.fifty_six.referee import deciding_revoke, find_trump_leads
from games.rules.fifty_six.settings import FiftySixRules
from games.rules.fifty_six.state import FiftySixState, deal_cards, next_dealer
from games.rules.tricks import Record, TrumpLead, card_points_by_team


@dataclass(frozen=True, slots=True)
class Transfer:
    payer: str
    receiver: str
    owed: int
    paid: int

    def as_json(self) -> dict[str, Any]:
        return {"from": self.payer, "to": self.receiver, "owed": self.owed, "tables": self.paid}


def _teams_in_order_from(seat: str, active_seats: tuple[str, ...], rules: FiftySixRules) -> list[str]:
    """The other active teams, in order of play starting after ``seat``."""
    own = rules.team_of[seat]
    k = active_seats.index(seat)
    order: list[str] = []
    for other in active_seats[k + 1 :] + active_seats[:k]:
        team = rules.team_of[other]
        if team != own and team not in order:
            order.append(team)
    return order


@dataclass(frozen=True)
class Settlement:
    """A contract settled (§F.4, §F.5): made or not, its band, the tables after (in team order), the transfers and
    who is out (team, reason)."""

    made: bool
    band: str
    tables: list[int]
    transfers: list[Transfer]
    eliminated: list[tuple[str, str]]


def _settle(
    state: FiftySixState, contract: Contract, points: int, rules: FiftySixRules, forced_made: bool | None = None
) -> Settlement:
    """The contract settled; ``forced_made``: made or not decided by a revoke."""
    band = rules.band_by_points[contract.points]
    assert band is not None
    made = points >= contract.points if forced_made is None else forced_made
    factor, addend = t.DOUBLE_MODES[rules.double_mode][contract.doubling]
    amount = (band.win if made else band.lose) * factor + addend
    index = {team: k for k, team in enumerate(rules.team_names)}
    tables = [count for _, count in state.tables]
    others = _teams_in_order_from(contract.bidder, state.active_seats, rules)
    bidders = contract.team
    transfers: list[Transfer] = []
    if made:
        for team in others:
            share = min(amount, tables[index[team]])
            tables[index[team]] -= share
            tables[index[bidders]] += share
            transfers.append(Transfer(team, bidders, amount, share))
    else:
        held = tables[index[bidders]]
        count = len(others)
        if held >= amount * count:
            shares = [amount] * count
        else:  # round-robin one table at a time from the payer's right (F-A10)
            base, extra = divmod(held, count)
            shares = [base + (1 if k < extra else 0) for k in range(count)]
        for team, share in zip(others, shares, strict=True):
            tables[index[bidders]] -= share
            tables[index[team]] += share
            transfers.append(Transfer(bidders, team, amount, share))
    owed: dict[str, int] = {}
    paid: dict[str, int] = {}
    for transfer in transfers:
        owed[transfer.payer] = owed.get(transfer.payer, 0) + transfer.owed
        paid[transfer.payer] = paid.get(transfer.payer, 0) + transfer.paid
    eliminated: list[tuple[str, str]] = []
    for payer, total in owed.items():
        short = paid[payer] < total
        if short or (tables[index[payer]] == 0 and rules.elimination == "at_zero_tables"):
            eliminated.append((payer, t.COULD_NOT_PAY_IN_FULL if short else t.NO_TABLES_LEFT))
    return Settlement(made, band.label, tables, transfers, eliminated)


def apply_redeal(state: FiftySixState, deal: FiftySixDeal, rules: FiftySixRules) -> DealOutcome:
    """§F.3a: a redeal record changes nothing but the deal count; the same dealer deals again (§F.6)."""
    assert deal.redeal is not None
    check_dealer(state, deal, rules)
    claim = check_redeal(deal.redeal, state, rules)
    tables = dict(state.tables)
    result = {
        "contract": None,
        "made": None,
        "band": None,
        "transfers": [],
        "tables_after": tables,
        "eliminated": [],
        "active_seats_after": list(state.active_seats),
        "next_dealer": deal.dealer,
        "match_winner": None,
        "redeal": claim,
    }
    after = FiftySixState(state.tables, state.eliminated, state.active_seats, state.next_deal_cards, deal.dealer, None)
    return DealOutcome(after, result)


def apply_deal(state: FiftySixState, deal: FiftySixDeal, rules: FiftySixRules) -> DealOutcome:
    """Check the deal and fold it in: the new state and the deal's result (API.md, ``fifty_six``)."""
    if deal.redeal is not None:
        return apply_redeal(state, deal, rules)
    checked = check_play(state, deal, rules)
    contract, points, record = checked.contract, checked.points, checked.record
    trump_leads = _trump_leads(record, contract, rules)
    revoke = deciding_revoke(record, rules, trump_leads or ()) if record is not None else None
    if contract is None or points is None:  # all pass under ``redeal``: nothing changes but the dealer
        made: bool | None = None
        band: str | None = None
        tables = [count for _, count in state.tables]
        transfers: list[Transfer] = []
        out: list[tuple[str, str]] = []
    else:
        forced = None if revoke is None else rules.team_of[revoke.seat] != contract.team
        settled = _settle(state, contract, points, rules, forced)
        made, band, tables = settled.made, settled.band, settled.tables
        transfers, out = settled.transfers, settled.eliminated
    active = state.active_seats
    if out:
        gone = {team for team, _ in out}
        active = tuple(seat for seat in active if rules.team_of[seat] not in gone)
    teams_left = {rules.team_of[seat] for seat in active}
    match_winner = next(iter(teams_left)) if len(teams_left) == 1 else None
    dealer = None if match_winner is not None else next_dealer(deal.dealer, active, rules)
    cards = None if match_winner is not None else deal_cards(len(active), rules)
    new_state = FiftySixState(
        tuple(zip(rules.team_names, tables, strict=True)),
        state.eliminated + tuple(out),
        active,
        cards,
        dealer,
        match_winner,
    )
    result = {
        "contract": contract.as_json() if contract is not None else None,
        "made": made,
        "band": band,
        "transfers": [transfer.as_json() for transfer in transfers],
        "tables_after": dict(zip(rules.team_names, tables, strict=True)),
        "eliminated": [{"team": team, "reason": reason} for team, reason in out],
        "active_seats_after": list(active),
        "next_dealer": dealer,
        "match_winner": match_winner,
    }
    if record is not None:
        result.update(_referee_json(record, revoke, state, rules))
    if trump_leads is not None:
        result["trump_leads_found"] = [lead.as_json() for lead in trump_leads]
    return DealOutcome(new_state, result)


def _trump_leads(
    record: Record | None, contract: Contract | None, rules: FiftySixRules
) -> tuple[TrumpLead, ...] | None:
    """F-A22: the early trump leads under ``after_trump_played`` with the tricks entered; None otherwise (no key)."""
    if record is None or contract is None or rules.trump_lead_rule != "after_trump_played":
        return None
    return find_trump_leads(record, contract)


def _referee_json(record: Record, revoke: Any, state: FiftySixState, rules: FiftySixRules) -> dict[str, Any]:
    """§F.9a: the tricks, the revokes proven, every team's card points, and the revoke that decided the deal."""
    return {
        "tricks": record.tricks_json(),
        "reneges_found": record.reneges_json(),
        "card_points_by_team": card_points_by_team(record, state.active_teams, rules.team_of, t.CARD_POINTS),
        "decided_by_revoke": None
        if revoke is None
        else {
            "seat": revoke.seat,
            "team": rules.team_of[revoke.seat],
            "trick": revoke.trick,
        },
    }
