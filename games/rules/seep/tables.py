"""The fixed facts of a Seep table (shared/rules/seep.md §S.1-§S.2): seats, teams, point-card tables, ranges.

The house rules of §S.9 are in ``settings``.
"""

from __future__ import annotations

GAME_NAME = "Seep"
SEATS: tuple[str, ...] = ("S1", "S2", "S3", "S4")
TEAM_NAMES: tuple[str, str] = ("A", "B")
TEAM_SEATS: dict[str, tuple[str, str]] = {"A": ("S1", "S3"), "B": ("S2", "S4")}
TEAM_OF_SEAT: dict[str, str] = {seat: team for team, seats in TEAM_SEATS.items() for seat in seats}
TEAM_SIGN: dict[str, int] = {"A": 1, "B": -1}
PLAYER_COUNT = 4

BID_VALUES: tuple[int, ...] = (9, 10, 11, 12, 13)
THROW_IN_MAX_VALUE = 8
MAX_REGULAR_SWEEPS = 23
CARD_POINTS_TOTAL = 100

# Capture value of a rank (§S.1): ace 1, pip cards at face value, J 11, Q 12, K 13.
CAPTURE_VALUE: dict[str, int] = {
    "A": 1,
    "2": 2,
    "3": 3,
    "4": 4,
    "5": 5,
    "6": 6,
    "7": 7,
    "8": 8,
    "9": 9,
    "10": 10,
    "J": 11,
    "Q": 12,
    "K": 13,
}

DEFAULT_CARD_POINTS = "spades_capture_value_other_aces_1_ten_of_diamonds_6"
MAJORITY_CARD_POINTS = "ten_of_diamonds_2_majority_4"


def _point_table(ten_of_diamonds: int) -> dict[str, int]:
    table = {f"{rank}S": value for rank, value in CAPTURE_VALUE.items()}
    table.update({"AH": 1, "AD": 1, "AC": 1, "10D": ten_of_diamonds})
    return table


# Points of each point card under each preset (§S.2, and family-Sweep for the majority preset).
POINT_CARDS: dict[str, dict[str, int]] = {
    DEFAULT_CARD_POINTS: _point_table(6),
    MAJORITY_CARD_POINTS: _point_table(2),
}
# Bonus for the side that took more cards, and what each side gets on a 26-26 split.
MAJORITY_BONUS: dict[str, tuple[int, int]] = {DEFAULT_CARD_POINTS: (0, 0), MAJORITY_CARD_POINTS: (4, 2)}
MAJORITY_CHOICES: tuple[str, ...] = ("A", "B", "tied")
POINT_CARD_ORDER: tuple[str, ...] = tuple(POINT_CARDS[DEFAULT_CARD_POINTS])

DEALER_BASES: tuple[str, ...] = ("baazi_loser", "raw_difference")
# loose_sets_join_house (S-A20): a loose set worth a house's value may stay beside it, or must join it.
LOOSE_SETS_JOIN: tuple[str, ...] = ("optional", "compulsory")
MATCH_END_TYPES: tuple[str, ...] = ("open", "first_to_baazis", "fixed_baazis")
MAX_MATCH_END_COUNT = 1000


def teams() -> dict[str, list[str]]:
    return {team: list(seats) for team, seats in TEAM_SEATS.items()}


def seat_right_of(seat: str, steps: int = 1) -> str:
    """The seat ``steps`` places to the right (= next in Seep's counter-clockwise order of play)."""
    return SEATS[(SEATS.index(seat) + steps) % PLAYER_COUNT]


def partner_of(seat: str) -> str:
    return seat_right_of(seat, 2)
