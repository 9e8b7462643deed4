"""The 56 match state (shared/rules/fifty_six.md §F.5, §F.6): tables, who is out, the next pack and dealer; its JSON."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from games.rules.errors import RuleViolation, bad_state
from games.rules.fifty_six import tables as t
from games.rules.fifty_six.settings import FiftySixRules
from games.rules.fifty_six.shapes import FiftySixStateJson
from games.rules.first_dealer import first_dealer_from_json, first_dealer_json
from games.rules.messages import msg


@dataclass(frozen=True, slots=True)
class FiftySixState:
    """Tables per team (in team order), who is out and why, who still sits, the next pack, who deals."""

    tables: tuple[tuple[str, int], ...]
    eliminated: tuple[tuple[str, str], ...] = ()
    active_seats: tuple[str, ...] = ()
    next_deal_cards: tuple[int, int] | None = None
    next_dealer: str | None = None
    match_winner: str | None = None
    first_dealer: str | None = None  # a drawn first dealer, before the first deal only (games.rules.first_dealer)

    @property
    def match_over(self) -> bool:
        return self.match_winner is not None

    @property
    def active_teams(self) -> tuple[str, ...]:
        """The teams still playing, in team order."""
        out = {team for team, _ in self.eliminated}
        return tuple(team for team, _ in self.tables if team not in out)


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
    """Pack size and hand size for ``player_count`` players at the table (§F.2, §F.5, F-A11, F-A21)."""
    if player_count == 8 and rules.eight_player_pack == 48:
        return t.EIGHT_PLAYERS_WITH_48
    return t.PACKS[(player_count, rules.four_player_pack)]


def state_json(state: FiftySixState) -> dict[str, Any]:
    cards = state.next_deal_cards
    shape: FiftySixStateJson = {
        "tables": dict(state.tables),
        "eliminated": [{"team": team, "reason": reason} for team, reason in state.eliminated],
        "active_seats": list(state.active_seats),
        "next_deal_cards": None if cards is None else {"deck_size": cards[0], "cards_per_player": cards[1]},
        "next_dealer": state.next_dealer,
        "match_over": state.match_over,
        "match_winner": state.match_winner,
    }
    return {**shape, **first_dealer_json(state.first_dealer)}


def _bad_state(key: str, detail: str) -> RuleViolation:
    return bad_state(msg("The stored 56 match state is damaged: {detail}", detail=detail), key)


def state_from_json(data: Mapping[str, Any], rules: FiftySixRules) -> FiftySixState:
    """Rebuild the state from ``state_json``; anything inconsistent is refused (``invalid`` on ``state.<key>``)."""
    if not isinstance(data, Mapping):
        raise RuleViolation("invalid", msg("The stored 56 match state is not an object."), "state")
    raw_tables = data.get("tables")
    if not isinstance(raw_tables, Mapping) or sorted(map(str, raw_tables)) != sorted(rules.team_names):
        raise _bad_state(
            "tables",
            msg(
                "tables must list exactly the teams {team_names}.",
                team_names=", ".join(rules.team_names),
            ),
        )
    counts = tuple(raw_tables[team] for team in rules.team_names)
    if any(isinstance(n, bool) or not isinstance(n, int) or n < 0 for n in counts) or (
        sum(counts) != rules.starting_tables * len(rules.team_names)
    ):
        raise _bad_state("tables", msg("tables are whole numbers that add up to the tables the teams started with."))
    raw_out = data.get("eliminated", [])
    reasons = (t.NO_TABLES_LEFT, t.COULD_NOT_PAY_IN_FULL)
    if not isinstance(raw_out, list) or not all(
        isinstance(item, Mapping) and item.get("team") in rules.team_names and item.get("reason") in reasons
        for item in raw_out
    ):
        raise _bad_state("eliminated", msg("eliminated is a list of {{team, reason}}."))
    eliminated = tuple((str(item["team"]), str(item["reason"])) for item in raw_out)
    gone = {team for team, _ in eliminated}
    if len(gone) != len(eliminated) or len(gone) >= len(rules.team_names):
        raise _bad_state("eliminated", msg("a team is listed twice, or no team is left."))
    active = tuple(seat for seat in rules.seats if rules.team_of[seat] not in gone)
    if data.get("active_seats", list(active)) != list(active):
        raise _bad_state("active_seats", msg("active_seats must be the seats of the teams still playing."))
    teams_left = {rules.team_of[seat] for seat in active}
    match_winner = next(iter(teams_left)) if len(teams_left) == 1 else None
    if data.get("match_winner") != match_winner:
        raise _bad_state("match_winner", msg("match_winner must be the one team left, or null."))
    dealer = data.get("next_dealer")
    if dealer is not None and (match_winner is not None or dealer not in active):
        raise _bad_state("next_dealer", msg("next_dealer must be an active seat, or null."))
    cards = None if match_winner is not None else deal_cards(len(active), rules)
    expected_cards = None if cards is None else {"deck_size": cards[0], "cards_per_player": cards[1]}
    if data.get("next_deal_cards", expected_cards) != expected_cards:
        raise _bad_state("next_deal_cards", msg("next_deal_cards must fit the players still at the table."))
    tables = tuple(zip(rules.team_names, counts, strict=True))
    first = first_dealer_from_json(data, rules.seats)
    return FiftySixState(tables, eliminated, active, cards, dealer, match_winner, first)
