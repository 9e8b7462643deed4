"""House rules of a Twenty-Eight match (shared/rules/twenty_eight.md §T.9), each declared once, and the seating."""

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
from games.rules.messages import msg, phrase
from games.rules.seats import teams_sent
from games.rules.settings_spec import Setting, SettingsSpec, derived_teams
from games.rules.twenty_eight import tables as t

DEFAULT_BANDS: tuple[Band, ...] = tuple(Band(*row) for row in t.DEFAULT_BANDS)


def _is_whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _parse_minimum_bid(value: Any) -> int:
    if not _is_whole(value) or value not in t.MIN_BIDS:
        raise RuleViolation(
            "invalid",
            msg("minimum_bid is 14 or 16; {value!r} is not.", value=value),
            "settings.minimum_bid",
            allowed=list(t.MIN_BIDS),
        )
    return int(value)


def _optional_bid_level(name: str) -> Any:
    """A reader of a setting that is null (off) or a bid from 15 to 28."""

    def parse(value: Any) -> int | None:
        if value is None:
            return None
        if not _is_whole(value) or not t.LOWEST_SETTABLE_BID <= value <= t.MAX_BID:
            raise RuleViolation(
                "invalid",
                msg(
                    "{name} is null (off) or a whole number from {minimum} to {maximum}; {value!r} is not.",
                    name=name,
                    minimum=t.LOWEST_SETTABLE_BID,
                    maximum=t.MAX_BID,
                    value=value,
                ),
                f"settings.{name}",
            )
        return int(value)

    return parse


def _parse_bands(value: Any) -> tuple[Band, ...]:
    """§T.4: rows covering 14 to 28 once each, in order, with whole amounts of 0 or more."""
    return parse_bands(value, t.MIN_BIDS[0], t.MAX_BID, t.MAX_BAND_AMOUNT)


def _boolean(name: str, default: bool, label: str, help_line: str) -> Setting:
    return Setting(name, "boolean", default, label, help_line)


SETTINGS = SettingsSpec(
    "Twenty-Eight",
    (
        Setting(
            "minimum_bid",
            "choice",
            14,
            phrase("Lowest bid"),
            phrase("The lowest bid of the auction: 14 or 16 (§T.3)."),
            choices=t.MIN_BIDS,
            parse=_parse_minimum_bid,
        ),
        Setting(
            "partner_overcall_minimum",
            "custom",
            20,
            phrase("Bidding over a partner"),
            phrase("The lowest bid over a partner's standing bid (honours); empty: no limit (§T.3)."),
            parse=_optional_bid_level("partner_overcall_minimum"),
            json_type="integer",
        ),
        PASSED_PLAYER_MAY_BID_AGAIN,
        Setting(
            "second_round_minimum",
            "custom",
            None,
            phrase("Second auction"),
            phrase("The lowest bid of a second auction on all eight cards; empty: no second auction (§T.3)."),
            parse=_optional_bid_level("second_round_minimum"),
            json_type="integer",
        ),
        _boolean(
            "allow_double",
            False,
            phrase("Doubling"),
            phrase("After the bidding the other team may double (x2) and the bidders redouble (x4) (§T.3)."),
        ),
        Setting(
            "bands",
            "custom",
            DEFAULT_BANDS,
            phrase("Game points by bid"),
            phrase("Game points won or lost by the size of the bid: rows {from, to, win, lose} covering 14 to 28."),
            parse=_parse_bands,
            dump=lambda bands: [band.as_json() for band in bands],
            json_type="array",
        ),
        _boolean(
            "half_call_doubles_loss",
            False,
            phrase("Loss doubled below half the bid"),
            phrase("A lost contract whose bidders took less than half the bid loses twice as much."),
        ),
        _boolean(
            "pair_rule",
            False,
            phrase("The pair"),
            phrase("The king and queen of trumps in one hand move the target by 4 (§T.4)."),
        ),
        Setting(
            "target_game_points",
            "integer",
            6,
            phrase("Game points to win"),
            phrase("The game points that win the match (§T.5)."),
            minimum=1,
            maximum=t.MAX_TARGET_GAME_POINTS,
        ),
        _boolean(
            "lose_at_minus_target",
            True,
            phrase("Lose at minus the target"),
            phrase("A team that sinks to minus the target loses the match."),
        ),
        _boolean(
            "redeal_first_speaker_no_points",
            True,
            phrase("Redeal: first speaker without points"),
            phrase("The first speaker whose first four cards hold no point card may ask for a redeal (§T.3a)."),
        ),
        _boolean(
            "redeal_pointless_hand",
            True,
            phrase("Redeal: hand without points"),
            phrase("A whole hand without a point card is thrown in (§T.3a)."),
        ),
        _boolean(
            "redeal_four_jacks",
            True,
            phrase("Redeal: four jacks"),
            phrase("A hand holding all four jacks is thrown in (§T.3a)."),
        ),
        _boolean(
            "redeal_defenders_without_trumps",
            True,
            phrase("Redeal: a team without trumps"),
            phrase("A deal in which one team holds no trump is thrown in (§T.3a)."),
        ),
        Setting(
            "trump_indicator",
            "choice",
            "own_card",
            phrase("The face-down trump card"),
            phrase("Trick entry: the face-down card is one of the bidder's eight (own_card) or a spare (spare_card)."),
            choices=t.TRUMP_INDICATORS,
            words={
                "own_card": phrase("One of the bidder's eight cards"),
                "spare_card": phrase("A spare card outside the pack"),
            },
        ),
        Setting(
            "bidder_concealed_trump_lead",
            "choice",
            "allowed",
            phrase("Bidder leading hidden trumps"),
            phrase("Trick entry: the bidder may lead trumps before they are shown, or not (§T.7a)."),
            choices=t.CONCEALED_TRUMP_LEADS,
            words={
                "allowed": phrase("Allowed"),
                "forbidden": phrase("Forbidden"),
            },
        ),
        Setting(
            "first_lead",
            "choice",
            "first_speaker",
            phrase("First lead"),
            phrase("Trick entry: the first speaker or the bidder leads the first trick."),
            choices=t.FIRST_LEADS,
            words={
                "first_speaker": phrase("The first speaker"),
                "bidder": phrase("The bidder"),
            },
        ),
        Setting(
            "revoke_rule",
            "choice",
            "report",
            phrase("Revokes"),
            phrase("Trick entry: an offence is only reported, or the first one decides the contract (§T.7a)."),
            choices=t.REVOKE_RULES,
            words=REVOKE_RULE_WORDS,
        ),
        _boolean(
            "enforce_dealer_order",
            False,
            phrase("Enforce the dealer order"),
            phrase("On: a deal by anyone but the next dealer is refused (dealer_out_of_turn)."),
        ),
        # Derived: the seating is fixed (partners opposite); accepted when it agrees, never echoed back.
        derived_teams(),
    ),
)


@dataclass(frozen=True)
class TwentyEightRules:
    """Every house rule of §T.9 with its default; the band of each bid is kept alongside (not compared)."""

    minimum_bid: int = SETTINGS["minimum_bid"].default
    partner_overcall_minimum: int | None = SETTINGS["partner_overcall_minimum"].default
    passed_player_may_bid_again: bool = SETTINGS["passed_player_may_bid_again"].default
    second_round_minimum: int | None = SETTINGS["second_round_minimum"].default
    allow_double: bool = SETTINGS["allow_double"].default
    bands: tuple[Band, ...] = SETTINGS["bands"].default
    half_call_doubles_loss: bool = SETTINGS["half_call_doubles_loss"].default
    pair_rule: bool = SETTINGS["pair_rule"].default
    target_game_points: int = SETTINGS["target_game_points"].default
    lose_at_minus_target: bool = SETTINGS["lose_at_minus_target"].default
    redeal_first_speaker_no_points: bool = SETTINGS["redeal_first_speaker_no_points"].default
    redeal_pointless_hand: bool = SETTINGS["redeal_pointless_hand"].default
    redeal_four_jacks: bool = SETTINGS["redeal_four_jacks"].default
    redeal_defenders_without_trumps: bool = SETTINGS["redeal_defenders_without_trumps"].default
    trump_indicator: str = SETTINGS["trump_indicator"].default
    bidder_concealed_trump_lead: str = SETTINGS["bidder_concealed_trump_lead"].default
    first_lead: str = SETTINGS["first_lead"].default
    revoke_rule: str = SETTINGS["revoke_rule"].default
    enforce_dealer_order: bool = SETTINGS["enforce_dealer_order"].default
    band_by_points: tuple[Band | None, ...] = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "band_by_points", bands_by_points(self.bands, t.MAX_BID))

    def redeal_enabled(self, reason: str) -> bool:
        return bool(getattr(self, t.REDEAL_SETTINGS[reason]))


def teams_json() -> dict[str, list[str]]:
    return {name: list(members) for name, members in t.TEAMS}


def _check_teams(value: Any) -> None:
    expected = {name: sorted(members) for name, members in t.TEAMS}
    if teams_sent(value) != expected:
        raise RuleViolation(
            "team_layout_invalid",
            msg("Partners sit opposite: S1 with S3, S2 with S4."),
            "settings.teams",
            teams=teams_json(),
        )


def rules_from_settings(settings: Mapping[str, Any] | None, player_count: Any) -> TwentyEightRules:
    """Validate house rules (any subset, the rest default) for ``player_count`` players (only 4, T-A26)."""
    if not _is_whole(player_count) or player_count != t.PLAYERS:
        raise RuleViolation(
            "player_count_invalid",
            msg("Twenty-Eight is played by four players, two partnerships."),
            "players",
            allowed=list(t.PLAYER_COUNTS),
        )
    if settings is None:
        settings = {}
    SETTINGS.reject_unknown(settings)
    if "teams" in settings:
        _check_teams(settings["teams"])
    rules = TwentyEightRules(**SETTINGS.read_all(settings, {}))
    check_combinations(rules)
    return rules


def check_combinations(rules: TwentyEightRules) -> None:
    """``settings_conflict`` for each combination §T.9 refuses, on the setting it names."""
    second = rules.second_round_minimum
    if rules.allow_double and second is not None:
        raise RuleViolation(
            "settings_conflict",
            msg(
                "allow_double cannot be combined with a second round: doubles are called before the second half of "
                "the deal is dealt."
            ),
            "settings.allow_double",
            setting="allow_double",
            conflicts_with={"second_round_minimum": second},
        )
    if second is not None and second <= rules.minimum_bid:
        raise RuleViolation(
            "settings_conflict",
            msg(
                "second_round_minimum must be above minimum_bid ({minimum_bid}); {second} is not.",
                minimum_bid=rules.minimum_bid,
                second=second,
            ),
            "settings.second_round_minimum",
            setting="second_round_minimum",
            conflicts_with={"minimum_bid": rules.minimum_bid},
        )
