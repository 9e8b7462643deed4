"""The fixed facts of a Bid Euchre table (shared/rules/bid_euchre.md §E.1, E-A11, E-A12), as data.

Seats, teams and partners, the setting choices, and what each deck fixes.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.rules.seats import seat_after, seat_names

SEATS: tuple[str, ...] = seat_names(4)
TEAMS: tuple[str, ...] = ("A", "B")
TEAM_SEATS: dict[str, tuple[str, ...]] = {"A": ("S1", "S3"), "B": ("S2", "S4")}
TEAM_OF: dict[str, str] = {seat: team for team, seats in TEAM_SEATS.items() for seat in seats}
PARTNER_OF: dict[str, str] = {"S1": "S3", "S3": "S1", "S2": "S4", "S4": "S2"}
NEXT_SEAT: dict[str, str] = {seat: seat_after(seat, SEATS) for seat in SEATS}  # clockwise: the player's left
DECKS: tuple[str, ...] = ("single_24", "with_joker_25", "double_48")
BIDDING_STYLES: tuple[str, ...] = ("single_round", "continuous")
LONE_FAILURE_PENALTIES: tuple[str, ...] = ("bid", "contract_value")
MADE_CONTRACT_SCORES: tuple[str, ...] = ("tricks_taken", "tricks_bid")
SIMULTANEOUS_TARGET: tuple[str, ...] = ("higher_score_wins_equal_replays", "bidders_win")
# The all-six calls: lone hands, the partner sits out (§E.1, E-A17).
LONE_KINDS: frozenset[str] = frozenset({"partners_best", "shoot_the_moon", "triple_moon", "quadruple_moon"})
PACK_RANKS: tuple[str, ...] = ("9", "10", "J", "Q", "K", "A")
PACK_SUITS: tuple[str, ...] = ("S", "H", "D", "C")


@dataclass(frozen=True)
class DeckFacts:
    """What a deck choice fixes: tricks per deal, copies of each card, joker, size, and its own defaults."""

    tricks: int
    copies: int
    joker: bool
    size: int
    target_score: int
    partners_best_points: int
    shoot_the_moon_points: int


# E-A11: the double-deck defaults (52 / 24 / 48) are ours, not a source's; clubs can edit them.
DECK_FACTS: dict[str, DeckFacts] = {
    "single_24": DeckFacts(6, 1, False, 24, 32, 12, 24),
    "with_joker_25": DeckFacts(6, 1, True, 25, 32, 12, 24),
    "double_48": DeckFacts(12, 2, False, 48, 52, 24, 48),
}
MAX_POINTS = 10_000
