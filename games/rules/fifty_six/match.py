"""Tables, transfers, shortfall, elimination and the dealer of 56 (shared/rules/fifty_six.md §F.4-§F.6)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from games.rules.errors import RuleViolation
from games.rules.fifty_six import tables as t
from games.rules.fifty_six.auction import Contract, run_auction
from games.rules.fifty_six.deal import FiftySixDeal
from games.rules.fifty_six.referee import card_points_by_team, check_summary, deciding_revoke, referee_tricks
from games.rules.fifty_six.rules import FiftySixRules
from games.rules.tricks import Record


@dataclass(frozen=True, slots=True)
class FiftySixState:
    """Tables per team (in team order), who is out and why, who still sits, the next pack, who deals."""

    tables: tuple[tuple[str, int], ...]
    eliminated: tuple[tuple[str, str], ...] = ()
    active_seats: tuple[str, ...] = ()
    next_deal_cards: tuple[int, int] | None = None
    next_dealer: str | None = None
    match_winner: str | None = None

    @property
    def match_over(self) -> bool:
        return self.match_winner is not None


@dataclass(frozen=True, slots=True)
class Transfer:
    payer: str
    receiver: str
    owed: int
    paid: int

    def as_json(self) -> dict[str, Any]:
        return {"from": self.payer, "to": self.receiver, "owed": self.owed, "tables": self.paid}


def initial_state(rules: FiftySixRules) -> FiftySixState:
    tables = tuple((team, rules.starting_tables) for team in rules.team_names)
    return FiftySixState(tables, (), rules.seats, deal_cards(len(rules.seats), rules), None, None)


def is_over(state: FiftySixState) -> bool:
    return state.match_winner is not None


def winner(state: FiftySixState) -> str | None:
    return state.match_winner


def next_dealer(dealer: str, active_seats: tuple[str, ...], rules: FiftySixRules) -> str:
    """The deal passes to the right (the next seat in order of play), skipping seats that are out."""
    seats = rules.seats
    start = rules.seat_index[dealer]
    count = len(seats)
    active = set(active_seats)
    for step in range(1, count + 1):
        seat = seats[(start + step) % count]
        if seat in active:
            return seat
    return dealer


def deal_cards(player_count: int, rules: FiftySixRules) -> tuple[int, int]:
    """Pack size and hand size for ``player_count`` players at the table (§F.2, §F.5, F-A11)."""
    return t.PACKS[(player_count, rules.four_player_pack)]


def _teams_in_order_from(seat: str, active_seats: tuple[str, ...], rules: FiftySixRules) -> list[str]:
    """The other active teams, in order of play starting after ``seat``."""
    own = rules.team_of[seat]
    k = active_seats.index(seat)
    order: list[str] = []
    for other in active_seats[k + 1:] + active_seats[:k]:
        team = rules.team_of[other]
        if team != own and team not in order:
            order.append(team)
    return order


def check_deal(state: FiftySixState, deal: FiftySixDeal, rules: FiftySixRules) -> tuple[Contract | None, int | None]:
    """Every legality check of §F.7 against the match so far; the contract and the bidding team's card points."""
    contract, points, _ = check_play(state, deal, rules)
    return contract, points


def _referee(
    state: FiftySixState, deal: FiftySixDeal, contract: Contract | None, by_team: dict[str, int] | None,
    rules: FiftySixRules,
) -> tuple[Record, dict[str, int]]:
    """§F.9a: check the entered tricks; the record and the card points of every team at the table."""
    assert deal.tricks is not None
    if contract is None:
        raise RuleViolation(
            "invalid", "Everyone passed and the hand is redealt: no card is played, so send no tricks.", "tricks"
        )
    pack = deal_cards(len(state.active_seats), rules)
    record = referee_tricks(deal.tricks, deal.dealer, state.active_seats, contract, pack)
    active_teams = tuple(team for team in rules.team_names if team not in dict(state.eliminated))
    derived = card_points_by_team(record, active_teams, rules.team_of)
    check_summary(deal.bidding_team_card_points, by_team, derived, contract.team)
    return record, derived


def _check_dealer(state: FiftySixState, deal: FiftySixDeal, rules: FiftySixRules) -> None:
    if state.match_over:
        raise RuleViolation(
            "match_already_finished",
            f"Team {state.match_winner} has won: every other team is out of tables. No more deals can be recorded.",
            None, match_winner=state.match_winner,
        )
    dealer = deal.dealer
    if dealer not in state.active_seats:
        out_team = rules.team_of[dealer]
        suggestion = state.next_dealer or next_dealer(dealer, state.active_seats, rules)
        raise RuleViolation(
            "dealer_not_active", f"{dealer}'s team ({out_team}) is out; {suggestion} deals next.", "dealer",
            next_dealer=suggestion,
        )
    if rules.enforce_dealer_order and state.next_dealer is not None and dealer != state.next_dealer:
        raise RuleViolation(
            "dealer_out_of_turn",
            f"The deal passes to the right: {state.next_dealer} deals next, not {dealer}.", "dealer",
            next_dealer=state.next_dealer,
        )


def _check_points_by_team(state: FiftySixState, deal: FiftySixDeal, rules: FiftySixRules) -> dict[str, int] | None:
    """Every team still playing, and together 56 (§F.7), when ``card_points_by_team`` is sent."""
    by_team = dict(deal.card_points_by_team) if deal.card_points_by_team is not None else None
    if by_team is not None:
        active_teams = [team for team in rules.team_names if team not in dict(state.eliminated)]
        for team in by_team:
            if team not in active_teams:
                raise RuleViolation("invalid", f"Team {team} is out of the match and takes no card points.",
                                    f"card_points_by_team.{team}")
        missing = [team for team in active_teams if team not in by_team]
        if missing:
            raise RuleViolation(
                "invalid", f"Enter the card points of every team still playing: {', '.join(active_teams)} "
                f"({', '.join(missing)} missing), or leave card_points_by_team out.", "card_points_by_team",
                missing=missing,
            )
        total = sum(by_team.values())
        if total != t.TOTAL_CARD_POINTS:
            raise RuleViolation(
                "card_points_total_mismatch",
                f"Card points add up to {total}; all teams together must have exactly {t.TOTAL_CARD_POINTS}.",
                "card_points_by_team", total=total,
            )
    return by_team


def check_play(
    state: FiftySixState, deal: FiftySixDeal, rules: FiftySixRules
) -> tuple[Contract | None, int | None, Record | None]:
    """``check_deal`` plus the referee's record when the tricks were entered (None otherwise)."""
    _check_dealer(state, deal, rules)
    contract = run_auction(deal.auction, deal.dealer, state.active_seats, rules)
    by_team = _check_points_by_team(state, deal, rules)
    if deal.tricks is not None:
        record, derived = _referee(state, deal, contract, by_team, rules)
        return contract, derived[contract.team] if contract is not None else None, record
    if contract is None:
        return None, None, None
    points = deal.bidding_team_card_points
    if by_team is not None:
        team_points = by_team[contract.team]
        if points is not None and points != team_points:
            raise RuleViolation(
                "card_points_inconsistent", f"Team {contract.team} is entered as {points} and as {team_points}.",
                "bidding_team_card_points", team=contract.team,
            )
        points = team_points
    if points is None:
        raise RuleViolation(
            "invalid",
            f"Enter the card points of the bidding team ({contract.team}), a whole number from 0 to "
            f"{t.TOTAL_CARD_POINTS}.",
            "bidding_team_card_points",
        )
    return contract, points, None


def _settle(
    state: FiftySixState, contract: Contract, points: int, rules: FiftySixRules, forced_made: bool | None = None
) -> tuple[bool, str, list[int], list[Transfer], list[tuple[str, str]]]:
    """Made or not (``forced_made``: decided by a revoke), the band, the tables after, the transfers and who is
    out (§F.4, §F.5)."""
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
    return made, band.label, tables, transfers, eliminated


def play(state: FiftySixState, deal: FiftySixDeal, rules: FiftySixRules) -> tuple[FiftySixState, dict[str, Any]]:
    """Check the deal and fold it in: the new state and the deal's result (API.md, ``fifty_six``)."""
    contract, points, record = check_play(state, deal, rules)
    revoke = deciding_revoke(record, rules) if record is not None else None
    if contract is None or points is None:  # all pass under ``redeal``: nothing changes but the dealer
        made: bool | None = None
        band: str | None = None
        tables = [count for _, count in state.tables]
        transfers: list[Transfer] = []
        out: list[tuple[str, str]] = []
    else:
        forced = None if revoke is None else rules.team_of[revoke.seat] != contract.team
        made, band, tables, transfers, out = _settle(state, contract, points, rules, forced)
    active = state.active_seats
    if out:
        gone = {team for team, _ in out}
        active = tuple(seat for seat in active if rules.team_of[seat] not in gone)
    teams_left = {rules.team_of[seat] for seat in active}
    match_winner = next(iter(teams_left)) if len(teams_left) == 1 else None
    dealer = None if match_winner is not None else next_dealer(deal.dealer, active, rules)
    cards = None if match_winner is not None else deal_cards(len(active), rules)
    new_state = FiftySixState(
        tuple(zip(rules.team_names, tables, strict=True)), state.eliminated + tuple(out), active, cards, dealer,
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
    return new_state, result


def _referee_json(record: Record, revoke: Any, state: FiftySixState, rules: FiftySixRules) -> dict[str, Any]:
    """§F.9a: the tricks, the revokes proven, every team's card points, and the revoke that decided the deal."""
    active_teams = tuple(team for team in rules.team_names if team not in dict(state.eliminated))
    return {
        "tricks": record.tricks_json(),
        "reneges_found": record.reneges_json(),
        "card_points_by_team": card_points_by_team(record, active_teams, rules.team_of),
        "decided_by_revoke": None if revoke is None else {
            "seat": revoke.seat, "team": rules.team_of[revoke.seat], "trick": revoke.trick,
        },
    }


def apply_deal(state: FiftySixState, deal: FiftySixDeal, rules: FiftySixRules) -> FiftySixState:
    return play(state, deal, rules)[0]


def state_json(state: FiftySixState) -> dict[str, Any]:
    cards = state.next_deal_cards
    return {
        "tables": dict(state.tables),
        "eliminated": [{"team": team, "reason": reason} for team, reason in state.eliminated],
        "active_seats": list(state.active_seats),
        "next_deal_cards": None if cards is None else {"deck_size": cards[0], "cards_per_player": cards[1]},
        "next_dealer": state.next_dealer,
        "match_over": state.match_over,
        "match_winner": state.match_winner,
    }


def _bad_state(key: str, detail: str) -> RuleViolation:
    return RuleViolation("invalid", f"The stored 56 match state is damaged: {detail}", f"state.{key}")


def state_from_json(data: Mapping[str, Any], rules: FiftySixRules) -> FiftySixState:
    """Rebuild the state from ``state_json``; anything inconsistent is refused (``invalid`` on ``state.<key>``)."""
    if not isinstance(data, Mapping):
        raise RuleViolation("invalid", "The stored 56 match state is not an object.", "state")
    raw_tables = data.get("tables")
    if not isinstance(raw_tables, Mapping) or sorted(map(str, raw_tables)) != sorted(rules.team_names):
        raise _bad_state("tables", f"tables must list exactly the teams {', '.join(rules.team_names)}.")
    counts = tuple(raw_tables[team] for team in rules.team_names)
    if any(isinstance(n, bool) or not isinstance(n, int) or n < 0 for n in counts) or (
        sum(counts) != rules.starting_tables * len(rules.team_names)
    ):
        raise _bad_state("tables", "tables are whole numbers that add up to the tables the teams started with.")
    raw_out = data.get("eliminated", [])
    reasons = (t.NO_TABLES_LEFT, t.COULD_NOT_PAY_IN_FULL)
    if not isinstance(raw_out, list) or not all(
        isinstance(item, Mapping) and item.get("team") in rules.team_names and item.get("reason") in reasons
        for item in raw_out
    ):
        raise _bad_state("eliminated", "eliminated is a list of {team, reason}.")
    eliminated = tuple((str(item["team"]), str(item["reason"])) for item in raw_out)
    gone = {team for team, _ in eliminated}
    if len(gone) != len(eliminated) or len(gone) >= len(rules.team_names):
        raise _bad_state("eliminated", "a team is listed twice, or no team is left.")
    active = tuple(seat for seat in rules.seats if rules.team_of[seat] not in gone)
    if data.get("active_seats", list(active)) != list(active):
        raise _bad_state("active_seats", "active_seats must be the seats of the teams still playing.")
    teams_left = {rules.team_of[seat] for seat in active}
    match_winner = next(iter(teams_left)) if len(teams_left) == 1 else None
    if data.get("match_winner") != match_winner:
        raise _bad_state("match_winner", "match_winner must be the one team left, or null.")
    dealer = data.get("next_dealer")
    if dealer is not None and (match_winner is not None or dealer not in active):
        raise _bad_state("next_dealer", "next_dealer must be an active seat, or null.")
    cards = None if match_winner is not None else deal_cards(len(active), rules)
    expected_cards = None if cards is None else {"deck_size": cards[0], "cards_per_player": cards[1]}
    if data.get("next_deal_cards", expected_cards) != expected_cards:
        raise _bad_state("next_deal_cards", "next_deal_cards must fit the players still at the table.")
    tables = tuple(zip(rules.team_names, counts, strict=True))
    return FiftySixState(tables, eliminated, active, cards, dealer, match_winner)
