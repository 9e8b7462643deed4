"""Seep house rules (shared/rules/seep.md §S.9), the table, and the point-card tables."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from games.rules.errors import RuleViolation
from games.rules.messages import msg
from games.rules.settings_input import reject_unknown_settings, setting_bool, setting_choice, setting_int
from games.rules.shapes import reject_unknown_keys

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
    "A": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9, "10": 10, "J": 11, "Q": 12, "K": 13,
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


@dataclass(frozen=True, slots=True)
class MatchEnd:
    """``open`` (never closes), ``first_to_baazis`` (first side to ``count``) or ``fixed_baazis`` (``count`` in all)."""

    type: str = "open"
    count: int | None = None


@dataclass(frozen=True, slots=True)
class SeepRules:
    sweep_points: int = 50
    first_play_sweep_points: int = 25
    last_play_sweep_points: int = 0
    baazi_lead: int = 100
    minimum_team_score: int = 9
    lead_beyond_baazi_carries_over: bool = False
    card_points: str = DEFAULT_CARD_POINTS
    after_baazi_dealer_basis: str = "baazi_loser"
    enforce_dealer_order: bool = False
    match_end: MatchEnd = field(default_factory=MatchEnd)
    # The play-level rules of §S.7a; they only matter for deals entered with their plays.
    capture_must_take_all_sets: bool = True
    owner_may_throw_loose: bool = True
    house_only_sweep_counts: bool = True
    loose_sets_join_house: str = "optional"


# name -> (default, minimum, maximum) for the whole-number settings.
INT_SETTINGS: dict[str, tuple[int, int, int]] = {
    "sweep_points": (50, 0, 1000),
    "first_play_sweep_points": (25, 0, 1000),
    "last_play_sweep_points": (0, 0, 1000),
    "baazi_lead": (100, 1, 10000),
    "minimum_team_score": (9, 0, 50),
}
BOOL_SETTINGS: dict[str, bool] = {
    "lead_beyond_baazi_carries_over": False, "enforce_dealer_order": False,
    "capture_must_take_all_sets": True, "owner_may_throw_loose": True, "house_only_sweep_counts": True,
}
CHOICE_SETTINGS: dict[str, tuple[str, tuple[str, ...]]] = {
    "card_points": (DEFAULT_CARD_POINTS, tuple(POINT_CARDS)),
    "after_baazi_dealer_basis": ("baazi_loser", DEALER_BASES),
    "loose_sets_join_house": ("optional", LOOSE_SETS_JOIN),
}
INFORMATIONAL_SETTINGS: tuple[str, ...] = ("players",)
KNOWN_SETTINGS: tuple[str, ...] = (
    *INT_SETTINGS, *BOOL_SETTINGS, *CHOICE_SETTINGS, "match_end", *INFORMATIONAL_SETTINGS,
)


def _refuse_player_count(count: object) -> RuleViolation:
    return RuleViolation(
        "player_count_invalid",
        msg(
            "Seep is played by exactly four players: S1 and S3 against S2 and S4. {count!r} players were given.",
            count=count,
        ),
        "players", allowed=[PLAYER_COUNT],
    )


def _match_end_from_settings(value: object) -> MatchEnd:
    field_name = "settings.match_end"
    if not isinstance(value, Mapping):
        raise RuleViolation(
            "invalid",
            msg(
                'match_end is an object: {{"type": "open"}}, {{"type": "first_to_baazis", "count": N}} or {{"type": '
                '"fixed_baazis", "count": N}}.',
            ),
            field_name,
        )
    reject_unknown_keys(value, ("type", "count"), field_name,
                        lambda key: msg("match_end has only 'type' and 'count'; {key!r} is not one.", key=key))
    kind = value.get("type")
    if not isinstance(kind, str) or kind not in MATCH_END_TYPES:
        raise RuleViolation("invalid", msg(
            "match_end.type must be one of {match_end_types}; {kind!r} is not.",
            match_end_types=', '.join(MATCH_END_TYPES), kind=kind,
        ),
                            f"{field_name}.type", allowed=list(MATCH_END_TYPES))
    count = value.get("count")
    if kind == "open":
        if count is not None:
            raise RuleViolation("invalid", msg("An open match has no baazi count; leave out match_end.count."),
                                f"{field_name}.count")
        return MatchEnd()
    if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= MAX_MATCH_END_COUNT:
        raise RuleViolation(
            "invalid", msg(
                "match_end.count is the number of baazis, a whole number from 1 to {max_match_end_count}; {count!r} "
                "is not.",
                max_match_end_count=MAX_MATCH_END_COUNT, count=count,
            ), f"{field_name}.count",
        )
    return MatchEnd(kind, count)


def rules_from_settings(settings: Mapping[str, Any], player_count: int) -> SeepRules:
    """Validate the house rules of one match (any subset; the rest default) for ``player_count`` players."""
    if isinstance(player_count, bool) or player_count != PLAYER_COUNT:
        raise _refuse_player_count(player_count)
    reject_unknown_settings(settings, KNOWN_SETTINGS, GAME_NAME)
    if "players" in settings:
        declared = settings["players"]
        if isinstance(declared, bool) or not isinstance(declared, int) or declared != PLAYER_COUNT:
            raise _refuse_player_count(declared)
    values: dict[str, Any] = {}
    for name, (default, low, high) in INT_SETTINGS.items():
        values[name] = setting_int(settings, name, default, low, high)
    for name, flag in BOOL_SETTINGS.items():
        values[name] = setting_bool(settings, name, flag)
    for name, (choice, choices) in CHOICE_SETTINGS.items():
        values[name] = setting_choice(settings, name, choice, choices)
    values["match_end"] = _match_end_from_settings(settings.get("match_end", {"type": "open"}))
    return SeepRules(**values)


def match_end_json(match_end: MatchEnd) -> dict[str, Any]:
    if match_end.count is None:
        return {"type": match_end.type}
    return {"type": match_end.type, "count": match_end.count}


def settings_json(rules: SeepRules) -> dict[str, Any]:
    """Every setting with its value, spelled as in examples.json."""
    return {
        "card_points": rules.card_points,
        "sweep_points": rules.sweep_points,
        "first_play_sweep_points": rules.first_play_sweep_points,
        "last_play_sweep_points": rules.last_play_sweep_points,
        "baazi_lead": rules.baazi_lead,
        "minimum_team_score": rules.minimum_team_score,
        "lead_beyond_baazi_carries_over": rules.lead_beyond_baazi_carries_over,
        "after_baazi_dealer_basis": rules.after_baazi_dealer_basis,
        "enforce_dealer_order": rules.enforce_dealer_order,
        "match_end": match_end_json(rules.match_end),
        "capture_must_take_all_sets": rules.capture_must_take_all_sets,
        "owner_may_throw_loose": rules.owner_may_throw_loose,
        "house_only_sweep_counts": rules.house_only_sweep_counts,
        "loose_sets_join_house": rules.loose_sets_join_house,
    }


def teams() -> dict[str, list[str]]:
    return {team: list(seats) for team, seats in TEAM_SEATS.items()}


def seat_right_of(seat: str, steps: int = 1) -> str:
    """The seat ``steps`` places to the right (= next in Seep's counter-clockwise order of play)."""
    return SEATS[(SEATS.index(seat) + steps) % PLAYER_COUNT]


def partner_of(seat: str) -> str:
    return seat_right_of(seat, 2)
