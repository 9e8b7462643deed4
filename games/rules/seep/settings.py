"""Seep house rules (shared/rules/seep.md §S.9): each declared once, the frozen rules object and its JSON form.

The fixed facts of the table (seats, teams, the point-card tables) are in ``tables``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from games.rules.errors import RuleViolation
from games.rules.messages import msg, phrase
from games.rules.seep.tables import (
    DEALER_BASES,
    DEFAULT_CARD_POINTS,
    GAME_NAME,
    LOOSE_SETS_JOIN,
    MATCH_END_TYPES,
    MAX_MATCH_END_COUNT,
    PLAYER_COUNT,
    POINT_CARDS,
)
from games.rules.settings_spec import Setting, SettingsSpec
from games.rules.shapes import reject_unknown_keys

MAX_SWEEP_POINTS = 1000


@dataclass(frozen=True, slots=True)
class MatchEnd:
    """``open`` (never closes), ``first_to_baazis`` (first side to ``count``) or ``fixed_baazis`` (``count`` in all)."""

    type: str = "open"
    count: int | None = None


def parse_match_end(value: object) -> MatchEnd:
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
    reject_unknown_keys(
        value,
        ("type", "count"),
        field_name,
        lambda key: msg("match_end has only 'type' and 'count'; {key!r} is not one.", key=key),
    )
    kind = value.get("type")
    if not isinstance(kind, str) or kind not in MATCH_END_TYPES:
        raise RuleViolation(
            "invalid",
            msg(
                "match_end.type must be one of {match_end_types}; {kind!r} is not.",
                match_end_types=", ".join(MATCH_END_TYPES),
                kind=kind,
            ),
            f"{field_name}.type",
            allowed=list(MATCH_END_TYPES),
        )
    count = value.get("count")
    if kind == "open":
        if count is not None:
            raise RuleViolation(
                "invalid", msg("An open match has no baazi count; leave out match_end.count."), f"{field_name}.count"
            )
        return MatchEnd()
    if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= MAX_MATCH_END_COUNT:
        raise RuleViolation(
            "invalid",
            msg(
                "match_end.count is the number of baazis, a whole number from 1 to {max_match_end_count}; {count!r} "
                "is not.",
                max_match_end_count=MAX_MATCH_END_COUNT,
                count=count,
            ),
            f"{field_name}.count",
        )
    return MatchEnd(kind, count)


def match_end_json(match_end: MatchEnd) -> dict[str, Any]:
    if match_end.count is None:
        return {"type": match_end.type}
    return {"type": match_end.type, "count": match_end.count}


# In the order settings_json writes them (the order of examples.json).
SETTINGS = SettingsSpec(
    GAME_NAME,
    (
        Setting(
            "card_points",
            "choice",
            DEFAULT_CARD_POINTS,
            phrase("Card points"),
            phrase(
                "Spades at capture value, other aces 1, 10 of diamonds 6 (default); or 10 of diamonds 2 and 4 to "
                "the side that took more cards (§S.2, §S.9)."
            ),
            choices=tuple(POINT_CARDS),
            words={
                "spades_capture_value_other_aces_1_ten_of_diamonds_6": phrase(
                    "Spades at their value, other aces 1, ten of diamonds 6"
                ),
                "ten_of_diamonds_2_majority_4": phrase("Ten of diamonds 2, most cards 4"),
            },
        ),
        Setting(
            "sweep_points",
            "integer",
            50,
            phrase("Sweep"),
            phrase("Points for a regular sweep (§S.4)."),
            minimum=0,
            maximum=MAX_SWEEP_POINTS,
        ),
        Setting(
            "first_play_sweep_points",
            "integer",
            25,
            phrase("First-play sweep"),
            phrase("Points for a sweep with the bidder's first play (§S.4)."),
            minimum=0,
            maximum=MAX_SWEEP_POINTS,
        ),
        Setting(
            "last_play_sweep_points",
            "integer",
            0,
            phrase("Last-play sweep"),
            phrase("Points for a sweep with the last card of the deal (§S.4)."),
            minimum=0,
            maximum=MAX_SWEEP_POINTS,
        ),
        Setting(
            "baazi_lead",
            "integer",
            100,
            phrase("Baazi lead"),
            phrase("The running lead that wins a baazi (§S.5)."),
            minimum=1,
            maximum=10000,
        ),
        Setting(
            "minimum_team_score",
            "integer",
            9,
            phrase("Minimum team score"),
            phrase("A side scoring less in a deal loses the baazi at once; 0 turns the rule off (§S.5)."),
            minimum=0,
            maximum=50,
        ),
        Setting(
            "lead_beyond_baazi_carries_over",
            "boolean",
            False,
            phrase("Excess lead carries over"),
            phrase("On: the lead beyond the baazi lead starts the next baazi (S-A2)."),
        ),
        Setting(
            "after_baazi_dealer_basis",
            "choice",
            "baazi_loser",
            phrase("Dealer after a baazi"),
            phrase("Who would deal is read from the baazi's loser, or from the raw lead (S-A4)."),
            choices=DEALER_BASES,
            words={
                "baazi_loser": phrase("The team that lost the baazi deals"),
                "raw_difference": phrase("As the running lead says"),
            },
        ),
        Setting(
            "enforce_dealer_order",
            "boolean",
            False,
            phrase("Enforce the dealer order"),
            phrase("On: a deal by anyone but the computed next dealer is refused (dealer_out_of_turn)."),
        ),
        Setting(
            "match_end",
            "custom",
            MatchEnd(),
            phrase("Match end"),
            phrase(
                'When the match ends: {"type": "open"}, {"type": "first_to_baazis", "count": N} or '
                '{"type": "fixed_baazis", "count": N} (S-A11).'
            ),
            parse=parse_match_end,
            dump=match_end_json,
            json_type="object",
            kinds=MATCH_END_TYPES,
            words={
                "open": phrase("Open: play as long as you like"),
                "first_to_baazis": phrase("First to a number of baazis"),
                "fixed_baazis": phrase("A fixed number of baazis"),
            },
        ),
        Setting(
            "capture_must_take_all_sets",
            "boolean",
            True,
            phrase("A capture takes every set"),
            phrase("On: a capture leaves no loose set worth its card (S-A17; deals entered with their plays)."),
        ),
        Setting(
            "owner_may_throw_loose",
            "boolean",
            True,
            phrase("A house owner may throw loose"),
            phrase(
                "Off: the owner of a standing house may not throw a loose card (S-A19; deals entered with their plays)."
            ),
        ),
        Setting(
            "house_only_sweep_counts",
            "boolean",
            True,
            phrase("A house alone is a sweep"),
            phrase("Off: a capture that takes no loose card is not a sweep (S-A24; deals entered with their plays)."),
        ),
        Setting(
            "loose_sets_join_house",
            "choice",
            "optional",
            phrase("Loose sets join a house"),
            phrase(
                "Loose sets worth a house's value may stay beside it (optional) or must join it (compulsory) "
                "(S-A20; deals entered with their plays)."
            ),
            choices=LOOSE_SETS_JOIN,
            words={
                "optional": phrase("Optional"),
                "compulsory": phrase("Compulsory"),
            },
        ),
        # Accepted on input when it is 4, never written back: the player count is the match's, not a house rule.
        Setting(
            "players",
            "choice",
            PLAYER_COUNT,
            phrase("Players"),
            phrase("Always 4: S1+S3 against S2+S4."),
            choices=(PLAYER_COUNT,),
            echoed=False,
            derived=True,
        ),
    ),
)


@dataclass(frozen=True, slots=True)
class SeepRules:
    """Every house rule of §S.9 with its default."""

    sweep_points: int = SETTINGS["sweep_points"].default
    first_play_sweep_points: int = SETTINGS["first_play_sweep_points"].default
    last_play_sweep_points: int = SETTINGS["last_play_sweep_points"].default
    baazi_lead: int = SETTINGS["baazi_lead"].default
    minimum_team_score: int = SETTINGS["minimum_team_score"].default
    lead_beyond_baazi_carries_over: bool = SETTINGS["lead_beyond_baazi_carries_over"].default
    card_points: str = SETTINGS["card_points"].default
    after_baazi_dealer_basis: str = SETTINGS["after_baazi_dealer_basis"].default
    enforce_dealer_order: bool = SETTINGS["enforce_dealer_order"].default
    match_end: MatchEnd = field(default_factory=MatchEnd)
    # The play-level rules of §S.7a; they only matter for deals entered with their plays.
    capture_must_take_all_sets: bool = SETTINGS["capture_must_take_all_sets"].default
    owner_may_throw_loose: bool = SETTINGS["owner_may_throw_loose"].default
    house_only_sweep_counts: bool = SETTINGS["house_only_sweep_counts"].default
    loose_sets_join_house: str = SETTINGS["loose_sets_join_house"].default


def check_player_count(count: object) -> None:
    if isinstance(count, bool) or not isinstance(count, int) or count != PLAYER_COUNT:
        raise RuleViolation(
            "player_count_invalid",
            msg(
                "Seep is played by exactly four players: S1 and S3 against S2 and S4. {count!r} players were given.",
                count=count,
            ),
            "players",
            allowed=[PLAYER_COUNT],
        )


def rules_from_settings(settings: Mapping[str, Any], player_count: int) -> SeepRules:
    """Validate the house rules of one match (any subset; the rest default) for ``player_count`` players."""
    check_player_count(player_count)
    SETTINGS.reject_unknown(settings)
    if "players" in settings:
        check_player_count(settings["players"])
    return SeepRules(**SETTINGS.read_all(settings, {}))


def settings_json(rules: SeepRules) -> dict[str, Any]:
    """Every setting with its value, spelled as in examples.json."""
    return SETTINGS.settings_json(rules)


__all__ = [
    "SETTINGS",
    "MatchEnd",
    "SeepRules",
    "check_player_count",
    "match_end_json",
    "parse_match_end",
    "rules_from_settings",
    "settings_json",
]
