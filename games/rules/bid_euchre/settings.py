"""Bid Euchre house rules (shared/rules/bid_euchre.md §E.7): the frozen rules object and its JSON form.

The fixed facts of the table (seats, teams, partners, the packs) are in ``tables``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from games.rules.bid_euchre.tables import (
    BIDDING_STYLES,
    DECK_FACTS,
    DECKS,
    LONE_FAILURE_PENALTIES,
    MAX_POINTS,
    PACK_RANKS,
    SIMULTANEOUS_TARGET,
    TEAM_SEATS,
    DeckFacts,
)
from games.rules.cards import Card
from games.rules.errors import RuleViolation
from games.rules.settings_input import reject_unknown_settings, setting_bool, setting_choice, setting_int


@dataclass(frozen=True)
class BidEuchreRules:
    """Every house-rule switch of §E.7 with its default (derived ones are properties)."""

    target_score: int = 32
    deck: str = "single_24"
    minimum_bid: int = 3
    allow_plain_six: bool = False
    allow_no_trump: bool = False
    bidding: str = "single_round"
    partners_best_points: int = 12
    shoot_the_moon_points: int = 24
    lone_failure_penalty: str = "bid"
    defenders_score_tricks: bool = True
    renege_penalty: int = 2
    stick_the_dealer: bool = False
    ace_no_face: bool = False
    simultaneous_target: str = "higher_score_wins_equal_replays"
    enforce_dealer_order: bool = False

    @property
    def facts(self) -> DeckFacts:
        return DECK_FACTS[self.deck]

    @property
    def tricks_per_deal(self) -> int:
        return DECK_FACTS[self.deck].tricks

    @property
    def joker(self) -> bool:
        return DECK_FACTS[self.deck].joker

    @property
    def max_number_bid(self) -> int:
        """The highest plain trick count one may bid: 5 (6 with ``allow_plain_six``); 11 / 12 double deck."""
        return self.tricks_per_deal if self.allow_plain_six else self.tricks_per_deal - 1

    def copies_in_pack(self, card: Card) -> int:
        if card.is_joker:
            return 1 if self.joker else 0
        return self.facts.copies if card.rank in PACK_RANKS else 0


SETTING_NAMES: tuple[str, ...] = (
    "target_score", "deck", "tricks_per_deal", "minimum_bid", "allow_plain_six", "allow_no_trump", "bidding",
    "partners_best_points", "shoot_the_moon_points", "lone_failure_penalty", "defenders_score_tricks",
    "renege_penalty", "stick_the_dealer", "ace_no_face", "joker", "simultaneous_target", "enforce_dealer_order",
)
# Accepted on input when consistent, never written back: the player count is the match's, not a house rule.
INFORMATIONAL_SETTINGS: tuple[str, ...] = ("players",)


def check_player_count(player_count: object) -> None:
    if isinstance(player_count, bool) or player_count != 4:
        raise RuleViolation(
            "player_count_invalid", "Bid Euchre is played by four players: S1+S3 against S2+S4.", "players",
            allowed=[4], teams={team: list(seats) for team, seats in TEAM_SEATS.items()},
        )


def _deck_from(settings: Mapping[str, Any]) -> str:
    """The deck: given, or the joker deck when only ``joker: true`` is given; ``joker`` must agree with it."""
    joker = setting_bool(settings, "joker", False) if "joker" in settings else None
    default_deck = "with_joker_25" if joker else "single_24"
    deck = setting_choice(settings, "deck", default_deck, DECKS)
    if joker is not None and joker != DECK_FACTS[deck].joker:
        raise RuleViolation(
            "invalid",
            f"joker is {'true' if DECK_FACTS[deck].joker else 'false'} with deck {deck!r}: the joker variant plays "
            "the 25-card pack (deck 'with_joker_25').",
            "settings.joker", expected=DECK_FACTS[deck].joker,
        )
    if "tricks_per_deal" in settings:
        value = settings["tricks_per_deal"]
        if isinstance(value, bool) or not isinstance(value, int) or value != DECK_FACTS[deck].tricks:
            raise RuleViolation(
                "invalid",
                f"tricks_per_deal follows from the deck: {DECK_FACTS[deck].tricks} with deck {deck!r}; "
                f"{value!r} is not.",
                "settings.tricks_per_deal", expected=DECK_FACTS[deck].tricks,
            )
    return deck


def rules_from_settings(settings: Mapping[str, Any], player_count: int) -> BidEuchreRules:
    """Validate any subset of the §E.7 settings (the rest default) for ``player_count`` players."""
    check_player_count(player_count)
    reject_unknown_settings(settings, SETTING_NAMES + INFORMATIONAL_SETTINGS, "Bid Euchre")
    if "players" in settings:
        check_player_count(settings["players"])
    deck = _deck_from(settings)
    facts = DECK_FACTS[deck]
    allow_plain_six = setting_bool(settings, "allow_plain_six", False)
    top_number = facts.tricks if allow_plain_six else facts.tricks - 1
    return BidEuchreRules(
        target_score=setting_int(settings, "target_score", facts.target_score, 1, MAX_POINTS),
        deck=deck,
        minimum_bid=setting_int(settings, "minimum_bid", 3, 1, top_number),
        allow_plain_six=allow_plain_six,
        allow_no_trump=setting_bool(settings, "allow_no_trump", False),
        bidding=setting_choice(settings, "bidding", "single_round", BIDDING_STYLES),
        partners_best_points=setting_int(settings, "partners_best_points", facts.partners_best_points, 1, MAX_POINTS),
        shoot_the_moon_points=setting_int(
            settings, "shoot_the_moon_points", facts.shoot_the_moon_points, 1, MAX_POINTS
        ),
        lone_failure_penalty=setting_choice(settings, "lone_failure_penalty", "bid", LONE_FAILURE_PENALTIES),
        defenders_score_tricks=setting_bool(settings, "defenders_score_tricks", True),
        renege_penalty=setting_int(settings, "renege_penalty", 2, 0, MAX_POINTS),
        stick_the_dealer=setting_bool(settings, "stick_the_dealer", False),
        ace_no_face=setting_bool(settings, "ace_no_face", False),
        simultaneous_target=setting_choice(
            settings, "simultaneous_target", "higher_score_wins_equal_replays", SIMULTANEOUS_TARGET
        ),
        enforce_dealer_order=setting_bool(settings, "enforce_dealer_order", False),
    )


def settings_json(rules: BidEuchreRules) -> dict[str, Any]:
    """Every setting, defaults filled in, spelled as in examples.json (derived keys included)."""
    return {
        "target_score": rules.target_score,
        "deck": rules.deck,
        "tricks_per_deal": rules.tricks_per_deal,
        "minimum_bid": rules.minimum_bid,
        "allow_plain_six": rules.allow_plain_six,
        "allow_no_trump": rules.allow_no_trump,
        "bidding": rules.bidding,
        "partners_best_points": rules.partners_best_points,
        "shoot_the_moon_points": rules.shoot_the_moon_points,
        "lone_failure_penalty": rules.lone_failure_penalty,
        "defenders_score_tricks": rules.defenders_score_tricks,
        "renege_penalty": rules.renege_penalty,
        "stick_the_dealer": rules.stick_the_dealer,
        "ace_no_face": rules.ace_no_face,
        "joker": rules.joker,
        "simultaneous_target": rules.simultaneous_target,
        "enforce_dealer_order": rules.enforce_dealer_order,
    }


__all__ = ["BidEuchreRules", "check_player_count", "rules_from_settings", "settings_json"]
