"""House rules of a 56 match (shared/rules/fifty_six.md §F.9) and the seating they imply (§F.1, F-A1)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from games.rules.bid_bands import (
    PASSED_PLAYER_MAY_BID_AGAIN,
    REVOKE_RULE_WORDS,
    Band,
    bands_by_points,
    parse_bands,
)
from games.rules.errors import RuleViolation
from games.rules.fifty_six import tables as t
from games.rules.messages import msg, phrase
from games.rules.seats import seat_names, teams_sent
from games.rules.settings_spec import Setting, SettingsSpec, derived_teams

MAX_TABLES = 999
MAX_BAND_AMOUNT = 99
DEFAULT_BANDS: tuple[Band, ...] = tuple(Band(*row) for row in t.DEFAULT_BANDS)


def team_layout_teams(players: int, team_layout: str) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """Team names and their seats: A/B with 4 or two sides, T1..Tk (Sk + S(k+n/2)) in pairs of 6 or 8."""
    seats = seat_names(players)
    if team_layout == "two_sides" or players == 4:
        return (("A", seats[0::2]), ("B", seats[1::2]))
    half = players // 2
    return tuple((f"T{k}", (seats[k - 1], seats[k - 1 + half])) for k in range(1, half + 1))


def _layout_message(players: int, team_layout: str) -> str:
    teams = team_layout_teams(players, team_layout)
    listing = ", ".join(f"{name} {'+'.join(members)}" for name, members in teams)
    if team_layout == "two_sides":
        return msg("Seat the two sides alternately: {listing}.", listing=listing)
    return msg("Seat the teams alternately: {listing}.", listing=listing)


def _check_teams(value: Any, players: int, team_layout: str) -> None:
    expected = {name: sorted(members) for name, members in team_layout_teams(players, team_layout)}
    if teams_sent(value) != expected:
        raise RuleViolation(
            "team_layout_invalid",
            _layout_message(players, team_layout),
            "settings.teams",
            teams={name: list(members) for name, members in team_layout_teams(players, team_layout)},
        )


def _parse_bands(value: Any) -> tuple[Band, ...]:
    return parse_bands(value, t.MIN_BID, t.MAX_BID, MAX_BAND_AMOUNT)


def _parse_four_player_pack(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value not in t.FOUR_PLAYER_PACKS:
        raise RuleViolation(
            "invalid",
            msg(
                "four_player_pack is 48 or 32 cards; {value!r} is not.",
                value=value,
            ),
            "settings.four_player_pack",
        )
    return int(value)


def _parse_eight_player_pack(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value not in t.EIGHT_PLAYER_PACKS:
        raise RuleViolation(
            "invalid",
            msg("eight_player_pack is 64 or 48 cards; {value!r} is not.", value=value),
            "settings.eight_player_pack",
        )
    return int(value)


def _parse_redeal_threshold(value: Any) -> int | None:
    """Null (off) or a whole number of card points from 0; the bound by player count is a settings_conflict."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise RuleViolation(
            "invalid",
            msg(
                "redeal_hand_points_at_most is null (off) or a whole number of card points from 0; {value!r} is not.",
                value=value,
            ),
            "settings.redeal_hand_points_at_most",
        )
    return value


SETTINGS = SettingsSpec(
    "56",
    (
        Setting(
            "players",
            "choice",
            4,
            phrase("Players"),
            phrase("4, 6 or 8 players; the match's seats decide it."),
            choices=t.PLAYER_COUNTS,
            parse=int,
        ),
        Setting(
            "team_layout",
            "choice",
            "pairs",
            phrase("Teams"),
            phrase("With 6 or 8 players: teams of two (pairs) or two sides playing alternately (two_sides)."),
            choices=t.TEAM_LAYOUTS,
            words={
                "pairs": phrase("Teams of two"),
                "two_sides": phrase("Two sides, alternate seats"),
            },
        ),
        # Derived from players and team_layout: accepted when it agrees, never echoed back.
        derived_teams(),
        Setting(
            "starting_tables",
            "integer",
            12,
            phrase("Starting tables"),
            phrase("Tables each team holds at the start (§F.5)."),
            minimum=1,
            maximum=MAX_TABLES,
        ),
        Setting(
            "double_mode",
            "choice",
            "multiply",
            phrase("Doubling"),
            phrase("A double multiplies the tables by 2 and a redouble by 4 (multiply), or adds 1 and 2 (add)."),
            choices=tuple(t.DOUBLE_MODES),
            words={
                # The sign itself, not a \u escape: xgettext copies an escape into the msgid as it is written.
                "multiply": phrase("Multiply (×2, ×4)"),  # noqa: RUF001
                "add": phrase("Add (+1, +2)"),
            },
        ),
        Setting(
            "all_pass_rule",
            "choice",
            t.ALL_PASS_RULES[0],
            phrase("When everyone passes"),
            phrase("The first speaker's team plays 28 no-trumps, the first speaker must bid, or the hand is redealt."),
            choices=t.ALL_PASS_RULES,
            words={
                "first_speaker_team_plays_28_no_trumps": phrase("First speaker's team plays 28 no-trumps"),
                "first_speaker_must_bid": phrase("First speaker must bid"),
                "redeal": phrase("Redeal"),
            },
        ),
        Setting(
            "elimination",
            "choice",
            "at_zero_tables",
            phrase("Elimination"),
            phrase("A team is out at zero tables, or only when it cannot pay in full (§F.5)."),
            choices=t.ELIMINATIONS,
            words={
                "at_zero_tables": phrase("At zero tables"),
                "when_cannot_pay": phrase("When it cannot pay in full"),
            },
        ),
        Setting(
            "shortfall_distribution",
            "choice",
            t.SHORTFALL_DISTRIBUTIONS[0],
            phrase("Shortfall"),
            phrase("How a team that cannot pay shares what it has: one table at a time from the payer's right."),
            choices=t.SHORTFALL_DISTRIBUTIONS,
            words={
                "round_robin_from_payers_right": phrase("One table at a time from the payer's right"),
            },
        ),
        PASSED_PLAYER_MAY_BID_AGAIN,
        Setting(
            "bands",
            "custom",
            DEFAULT_BANDS,
            phrase("Bands"),
            phrase(
                "Tables won or lost by the size of the contract: rows {from, to, win, lose} covering 28 to 56 (§F.4)."
            ),
            parse=_parse_bands,
            dump=lambda bands: [band.as_json() for band in bands],
            json_type="array",
        ),
        Setting(
            "four_player_pack",
            "choice",
            48,
            phrase("Four-player pack"),
            phrase("Cards in the pack when four play: 48 (12 each) or 32 (8 each: J 9 A 10 only)."),
            choices=t.FOUR_PLAYER_PACKS,
            words={
                48: phrase("48 cards, 12 each"),
                32: phrase("32 cards, 8 each (J 9 A 10 only)"),
            },
            parse=_parse_four_player_pack,
        ),
        Setting(
            "enforce_dealer_order",
            "boolean",
            False,
            phrase("Enforce the dealer order"),
            phrase("On: a deal by anyone but the next active seat is refused (dealer_out_of_turn)."),
        ),
        Setting(
            "revoke_rule",
            "choice",
            "report",
            phrase("Revokes"),
            phrase(
                "Trick entry: a revoke is only reported, or it decides the contract against the revoking side (§F.9a)."
            ),
            choices=t.REVOKE_RULES,
            words=REVOKE_RULE_WORDS,
        ),
        # Issue 20's house rules (§F.9, second table); each default keeps the game above.
        Setting(
            "redouble_out_of_turn",
            "boolean",
            False,
            phrase("Redouble out of turn"),
            phrase("Any member of the doubled team may redouble at any time before the auction ends (§F.3, F-A18)."),
            added_later=True,
        ),
        Setting(
            "calls_limited_by_tables",
            "boolean",
            False,
            phrase("Calls limited by tables"),
            phrase(
                "A team may only bid, double or redouble if its tables cover the most the call could cost it "
                "(§F.3, F-A19)."
            ),
            added_later=True,
        ),
        Setting(
            "redeal_team_without_jack",
            "boolean",
            False,
            phrase("Redeal when a team has no jack"),
            phrase(
                "A team whose players hold no jack may have the deal thrown in; the same dealer deals again (§F.3a)."
            ),
            added_later=True,
        ),
        Setting(
            "redeal_hand_points_at_most",
            "custom",
            None,
            phrase("Redeal a weak hand"),
            phrase(
                "A hand worth this many card points or fewer may be thrown in (empty: off; at most 13 with 4 "
                "players, 8 with 6, 6 with 8) (§F.3a)."
            ),
            parse=_parse_redeal_threshold,
            json_type="integer",
            added_later=True,
        ),
        Setting(
            "eight_player_pack",
            "choice",
            64,
            phrase("Eight-player pack"),
            phrase("Cards in the pack when eight play: 64 (8 each) or 48 (6 each, no 8s or 7s) (§F.2, F-A21)."),
            choices=t.EIGHT_PLAYER_PACKS,
            words={
                64: phrase("64 cards, 8 each"),
                48: phrase("48 cards, 6 each (no 8s or 7s)"),
            },
            parse=_parse_eight_player_pack,
            added_later=True,
        ),
        Setting(
            "trump_lead_rule",
            "choice",
            "any_time",
            phrase("Leading trumps"),
            phrase("Trick entry: trumps may be led any time, or only after a trump has been played (§F.9a, F-A22)."),
            choices=t.TRUMP_LEAD_RULES,
            words={
                "any_time": phrase("Any time"),
                "after_trump_played": phrase("Only after a trump has been played"),
            },
            added_later=True,
        ),
    ),
)


@dataclass(frozen=True)
class FiftySixRules:
    """Every house rule of §F.9 with its default; derived seating is kept alongside (not compared)."""

    players: int = SETTINGS["players"].default
    team_layout: str = SETTINGS["team_layout"].default
    starting_tables: int = SETTINGS["starting_tables"].default
    double_mode: str = SETTINGS["double_mode"].default
    all_pass_rule: str = SETTINGS["all_pass_rule"].default
    elimination: str = SETTINGS["elimination"].default
    shortfall_distribution: str = SETTINGS["shortfall_distribution"].default
    passed_player_may_bid_again: bool = SETTINGS["passed_player_may_bid_again"].default
    bands: tuple[Band, ...] = SETTINGS["bands"].default
    four_player_pack: int = SETTINGS["four_player_pack"].default
    enforce_dealer_order: bool = SETTINGS["enforce_dealer_order"].default
    revoke_rule: str = SETTINGS["revoke_rule"].default
    redouble_out_of_turn: bool = SETTINGS["redouble_out_of_turn"].default
    calls_limited_by_tables: bool = SETTINGS["calls_limited_by_tables"].default
    redeal_team_without_jack: bool = SETTINGS["redeal_team_without_jack"].default
    redeal_hand_points_at_most: int | None = SETTINGS["redeal_hand_points_at_most"].default
    eight_player_pack: int = SETTINGS["eight_player_pack"].default
    trump_lead_rule: str = SETTINGS["trump_lead_rule"].default
    # Derived, filled in __post_init__.
    seats: tuple[str, ...] = field(init=False, compare=False, repr=False)
    teams: tuple[tuple[str, tuple[str, ...]], ...] = field(init=False, compare=False, repr=False)
    team_names: tuple[str, ...] = field(init=False, compare=False, repr=False)
    team_of: dict[str, str] = field(init=False, compare=False, repr=False)
    seat_index: dict[str, int] = field(init=False, compare=False, repr=False)
    band_by_points: tuple[Band | None, ...] = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        teams = team_layout_teams(self.players, self.team_layout)
        seats = seat_names(self.players)
        object.__setattr__(self, "seats", seats)
        object.__setattr__(self, "teams", teams)
        object.__setattr__(self, "team_names", tuple(name for name, _ in teams))
        object.__setattr__(self, "team_of", {seat: name for name, members in teams for seat in members})
        object.__setattr__(self, "seat_index", {seat: index for index, seat in enumerate(seats)})
        object.__setattr__(self, "band_by_points", bands_by_points(self.bands, t.MAX_BID))

    def teams_json(self) -> dict[str, list[str]]:
        return {name: list(members) for name, members in self.teams}


def rules_from_settings(settings: Mapping[str, Any], player_count: Any) -> FiftySixRules:
    """Validate house rules (any subset, the rest default) for ``player_count`` players."""
    if not isinstance(player_count, int) or isinstance(player_count, bool) or player_count not in t.PLAYER_COUNTS:
        raise RuleViolation(
            "player_count_invalid", msg("56 is played by 4, 6 or 8 players."), "players", allowed=list(t.PLAYER_COUNTS)
        )
    if settings is None:
        settings = {}
    SETTINGS.reject_unknown(settings)
    if "players" in settings:
        stated = settings["players"]
        if isinstance(stated, bool) or not isinstance(stated, int):
            raise RuleViolation(
                "invalid",
                msg(
                    "players is a whole number (4, 6 or 8); {stated!r} is not.",
                    stated=stated,
                ),
                "settings.players",
            )
        if stated != player_count:
            raise RuleViolation(
                "player_count_invalid",
                msg(
                    "The settings say {stated} players but {player_count} are seated; 56 is played by 4, 6 or 8 "
                    "players.",
                    stated=stated,
                    player_count=player_count,
                ),
                "settings.players",
                seated=player_count,
            )
    team_layout = SETTINGS["team_layout"].read(settings)
    if "teams" in settings:
        _check_teams(settings["teams"], player_count, team_layout)
    rules = FiftySixRules(**SETTINGS.read_all(settings, {"players": player_count, "team_layout": team_layout}))
    check_combinations(rules)
    return rules


def redeal_threshold_limit(players: int) -> int:
    """§F.3a: the largest N for which some deal of ``players`` hands avoids a redeal (n x (N + 1) <= 56)."""
    return t.TOTAL_CARD_POINTS // players - 1


def check_combinations(rules: FiftySixRules) -> None:
    """``settings_conflict`` for each combination §F.9 refuses, on the setting it names."""
    if rules.calls_limited_by_tables and rules.all_pass_rule == "first_speaker_must_bid":
        raise RuleViolation(
            "settings_conflict",
            msg(
                "calls_limited_by_tables cannot be combined with all_pass_rule first_speaker_must_bid: a first "
                "speaker short of tables could neither pass nor bid.",
            ),
            "settings.calls_limited_by_tables",
            setting="calls_limited_by_tables",
            conflicts_with={"all_pass_rule": "first_speaker_must_bid"},
        )
    threshold, limit = rules.redeal_hand_points_at_most, redeal_threshold_limit(rules.players)
    if threshold is not None and threshold > limit:
        raise RuleViolation(
            "settings_conflict",
            msg(
                "With {players} players redeal_hand_points_at_most is at most {limit}: {players} hands each worth "
                "more than {threshold} would need {needed} card points and the pack has {total}, so every deal would "
                "be thrown in.",
                players=rules.players,
                limit=limit,
                threshold=threshold,
                needed=rules.players * (threshold + 1),
                total=t.TOTAL_CARD_POINTS,
            ),
            "settings.redeal_hand_points_at_most",
            setting="redeal_hand_points_at_most",
            conflicts_with={"players": rules.players},
            maximum=limit,
        )


def settings_json(rules: FiftySixRules) -> dict[str, Any]:
    return SETTINGS.settings_json(rules)
