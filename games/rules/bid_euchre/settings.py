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
    MADE_CONTRACT_SCORES,
    MAX_POINTS,
    PACK_RANKS,
    SIMULTANEOUS_TARGET,
    TEAM_SEATS,
    DeckFacts,
)
from games.rules.cards import Card
from games.rules.errors import RuleViolation
from games.rules.messages import msg, phrase
from games.rules.settings_spec import Setting, SettingsSpec

SINGLE = DECK_FACTS["single_24"]
SETTINGS = SettingsSpec(
    "Bid Euchre",
    (
        Setting(
            "target_score",
            "integer",
            SINGLE.target_score,
            phrase("Target score"),
            phrase("The first team to reach it wins; 52 by default with the double deck (§E.4, E-A10)."),
            minimum=1,
            maximum=MAX_POINTS,
        ),
        Setting(
            "deck",
            "choice",
            "single_24",
            phrase("Deck"),
            phrase("24 cards, 25 with the joker as top trump, or a 48-card double deck (§E.1, E-A11, E-A12)."),
            choices=DECKS,
            words={
                "single_24": phrase("24 cards"),
                "with_joker_25": phrase("25 cards with the joker"),
                "double_48": phrase("48 cards (double deck)"),
            },
        ),
        Setting(
            "tricks_per_deal",
            "choice",
            SINGLE.tricks,
            phrase("Tricks per deal"),
            phrase("Follows from the deck: 6, or 12 with the double deck."),
            choices=(6, 12),
            derived=True,
        ),
        Setting(
            "minimum_bid",
            "integer",
            3,
            phrase("Lowest bid"),
            phrase("The smallest number of tricks one may bid: 1 to 5 (to 6 with plain six; 11 or 12 double deck)."),
            minimum=1,
            maximum=SINGLE.tricks - 1,
        ),
        Setting(
            "allow_plain_six",
            "boolean",
            False,
            phrase("Plain six"),
            phrase("A plain bid of all the tricks (with the partner) is allowed (E-A3)."),
        ),
        Setting(
            "allow_no_trump", "boolean", False, phrase("No-trumps"), phrase("The bidder may name no-trumps (§E.3).")
        ),
        Setting(
            "bidding",
            "choice",
            "single_round",
            phrase("Bidding"),
            phrase("Each player calls once (single_round), or the auction goes round until three pass (continuous)."),
            choices=BIDDING_STYLES,
            words={
                "single_round": phrase("One call each"),
                "continuous": phrase("Round until three pass"),
            },
        ),
        Setting(
            "partners_best_points",
            "integer",
            SINGLE.partners_best_points,
            phrase("Partner's best"),
            phrase("Points for a made partner's best (24 by default with the double deck)."),
            minimum=1,
            maximum=MAX_POINTS,
        ),
        Setting(
            "shoot_the_moon_points",
            "integer",
            SINGLE.shoot_the_moon_points,
            phrase("Shoot the moon"),
            phrase("Points for a made shoot the moon (48 by default with the double deck)."),
            minimum=1,
            maximum=MAX_POINTS,
        ),
        Setting(
            "lone_failure_penalty",
            "choice",
            "bid",
            phrase("A failed lone hand loses"),
            phrase("The tricks bid (bid) or the contract's value (contract_value) (E-A5)."),
            choices=LONE_FAILURE_PENALTIES,
            words={
                "bid": phrase("The tricks bid"),
                "contract_value": phrase("The contract's value"),
            },
        ),
        Setting(
            "defenders_score_tricks",
            "boolean",
            True,
            phrase("Defenders score their tricks"),
            phrase("On: the defenders always score a point per trick; off: they never do (E-A6)."),
        ),
        Setting(
            "renege_penalty",
            "integer",
            2,
            phrase("Renege penalty"),
            phrase("Points a team loses per renege (§E.2, E-A7)."),
            minimum=0,
            maximum=MAX_POINTS,
        ),
        Setting(
            "stick_the_dealer",
            "boolean",
            False,
            phrase("Stick the dealer"),
            phrase("After three passes the dealer must bid (E-A14)."),
        ),
        Setting(
            "ace_no_face",
            "boolean",
            False,
            phrase("Ace no face"),
            phrase("A hand with an ace and no jack, queen or king may be thrown in for a redeal (E-A13)."),
        ),
        Setting(
            "joker",
            "boolean",
            False,
            phrase("Joker"),
            phrase("Follows from the deck: true with the 25-card deck."),
            derived=True,
        ),
        Setting(
            "simultaneous_target",
            "choice",
            "higher_score_wins_equal_replays",
            phrase("Both teams reach the target"),
            phrase("The higher score wins and equal scores play another deal, or the bidders win (E-A8)."),
            choices=SIMULTANEOUS_TARGET,
            words={
                "higher_score_wins_equal_replays": phrase("Higher score wins, a tie plays on"),
                "bidders_win": phrase("The bidders win"),
            },
        ),
        Setting(
            "enforce_dealer_order",
            "boolean",
            False,
            phrase("Enforce the dealer order"),
            phrase("On: a deal by anyone but the player left of the last dealer is refused (dealer_out_of_turn)."),
        ),
        # Issue 20's house rules (§E.7, second table); each default keeps the game above.
        Setting(
            "allow_low_no_trump",
            "boolean",
            False,
            phrase("Low no-trumps"),
            phrase(
                "The bidder may name low no-trumps: no trumps, and in every suit 9 is highest and the ace lowest "
                "(§E.3, E-A15)."
            ),
            added_later=True,
        ),
        Setting(
            "made_contract_scores",
            "choice",
            "tricks_taken",
            phrase("A made bid scores"),
            phrase("The tricks the bidders took (tricks_taken), or only the number bid (tricks_bid) (§E.2, E-A16)."),
            choices=MADE_CONTRACT_SCORES,
            words={
                "tricks_taken": phrase("The tricks taken"),
                "tricks_bid": phrase("The number bid"),
            },
            added_later=True,
        ),
        Setting(
            "extra_moon_calls",
            "boolean",
            False,
            phrase("Triple and quadruple moons"),
            phrase("Two more lone calls over shoot the moon, each only over the one below it (§E.3, E-A17)."),
            added_later=True,
        ),
        Setting(
            "triple_moon_points",
            "integer",
            32,
            phrase("Triple moon"),
            phrase("Points for a made triple moon (and its loss under contract_value)."),
            minimum=1,
            maximum=MAX_POINTS,
            added_later=True,
        ),
        Setting(
            "quadruple_moon_points",
            "integer",
            48,
            phrase("Quadruple moon"),
            phrase("Points for a made quadruple moon (and its loss under contract_value)."),
            minimum=1,
            maximum=MAX_POINTS,
            added_later=True,
        ),
        Setting(
            "renege_award",
            "integer",
            0,
            phrase("Renege award"),
            phrase("Points the other team gains for each renege charged (§E.2, E-A19)."),
            minimum=0,
            maximum=MAX_POINTS,
            added_later=True,
        ),
        Setting(
            "renege_ends_deal",
            "boolean",
            False,
            phrase("A renege ends the hand"),
            phrase(
                "The first renege ends the hand: no deal points, only the renege's penalty and award (§E.2, E-A19)."
            ),
            added_later=True,
        ),
        # Accepted on input when consistent, never written back: the player count is the match's, not a house rule.
        Setting(
            "players",
            "choice",
            4,
            phrase("Players"),
            phrase("Always 4: S1+S3 against S2+S4."),
            choices=(4,),
            echoed=False,
            derived=True,
        ),
    ),
)


@dataclass(frozen=True)
class BidEuchreRules:
    """Every house-rule switch of §E.7 with its default (derived ones are properties)."""

    target_score: int = SETTINGS["target_score"].default
    deck: str = SETTINGS["deck"].default
    minimum_bid: int = SETTINGS["minimum_bid"].default
    allow_plain_six: bool = SETTINGS["allow_plain_six"].default
    allow_no_trump: bool = SETTINGS["allow_no_trump"].default
    bidding: str = SETTINGS["bidding"].default
    partners_best_points: int = SETTINGS["partners_best_points"].default
    shoot_the_moon_points: int = SETTINGS["shoot_the_moon_points"].default
    lone_failure_penalty: str = SETTINGS["lone_failure_penalty"].default
    defenders_score_tricks: bool = SETTINGS["defenders_score_tricks"].default
    renege_penalty: int = SETTINGS["renege_penalty"].default
    stick_the_dealer: bool = SETTINGS["stick_the_dealer"].default
    ace_no_face: bool = SETTINGS["ace_no_face"].default
    simultaneous_target: str = SETTINGS["simultaneous_target"].default
    enforce_dealer_order: bool = SETTINGS["enforce_dealer_order"].default
    allow_low_no_trump: bool = SETTINGS["allow_low_no_trump"].default
    made_contract_scores: str = SETTINGS["made_contract_scores"].default
    extra_moon_calls: bool = SETTINGS["extra_moon_calls"].default
    triple_moon_points: int = SETTINGS["triple_moon_points"].default
    quadruple_moon_points: int = SETTINGS["quadruple_moon_points"].default
    renege_award: int = SETTINGS["renege_award"].default
    renege_ends_deal: bool = SETTINGS["renege_ends_deal"].default

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


def check_player_count(player_count: object) -> None:
    if isinstance(player_count, bool) or player_count != 4:
        raise RuleViolation(
            "player_count_invalid",
            msg("Bid Euchre is played by four players: S1+S3 against S2+S4."),
            "players",
            allowed=[4],
            teams={team: list(seats) for team, seats in TEAM_SEATS.items()},
        )


def _deck_from(settings: Mapping[str, Any]) -> str:
    """The deck: given, or the joker deck when only ``joker: true`` is given; ``joker`` must agree with it."""
    joker = SETTINGS["joker"].read(settings) if "joker" in settings else None
    default_deck = "with_joker_25" if joker else "single_24"
    deck: str = SETTINGS["deck"].read(settings, default=default_deck)
    if joker is not None and joker != DECK_FACTS[deck].joker:
        raise RuleViolation(
            "invalid",
            msg(
                "joker is {value} with deck {deck!r}: the joker variant plays the 25-card pack (deck 'with_joker_25').",
                value="true" if DECK_FACTS[deck].joker else "false",
                deck=deck,
            ),
            "settings.joker",
            expected=DECK_FACTS[deck].joker,
        )
    if "tricks_per_deal" in settings:
        value = settings["tricks_per_deal"]
        if isinstance(value, bool) or not isinstance(value, int) or value != DECK_FACTS[deck].tricks:
            raise RuleViolation(
                "invalid",
                msg(
                    "tricks_per_deal follows from the deck: {tricks} with deck {deck!r}; {value!r} is not.",
                    tricks=DECK_FACTS[deck].tricks,
                    deck=deck,
                    value=value,
                ),
                "settings.tricks_per_deal",
                expected=DECK_FACTS[deck].tricks,
            )
    return deck


def rules_from_settings(settings: Mapping[str, Any], player_count: int) -> BidEuchreRules:
    """Validate any subset of the §E.7 settings (the rest default) for ``player_count`` players."""
    check_player_count(player_count)
    SETTINGS.reject_unknown(settings)
    if "players" in settings:
        check_player_count(settings["players"])
    deck = _deck_from(settings)
    facts = DECK_FACTS[deck]
    allow_plain_six = SETTINGS["allow_plain_six"].read(settings)
    moved_by_deck = {
        "deck": deck,
        "allow_plain_six": allow_plain_six,
        "minimum_bid": SETTINGS["minimum_bid"].read(
            settings, maximum=facts.tricks if allow_plain_six else facts.tricks - 1
        ),
        "target_score": SETTINGS["target_score"].read(settings, default=facts.target_score),
        "partners_best_points": SETTINGS["partners_best_points"].read(settings, default=facts.partners_best_points),
        "shoot_the_moon_points": SETTINGS["shoot_the_moon_points"].read(settings, default=facts.shoot_the_moon_points),
    }
    rules = BidEuchreRules(**SETTINGS.read_all(settings, moved_by_deck))
    check_combinations(rules)
    return rules


# §E.7: the combinations refused at match creation, each on the setting it names. Bicycle calls its moons in one
# round of a 24-card deal; values for 12 tricks would be ours (E-A17).
EXTRA_MOONS_CONFLICTS: tuple[tuple[str, str, str], ...] = (
    (
        "bidding",
        "continuous",
        msg(
            "Triple and quadruple moons are called in a single round of bidding; they cannot be combined with "
            "bidding = continuous."
        ),
    ),
    (
        "deck",
        "double_48",
        msg(
            "Triple and quadruple moons are played with the 24-card pack; they cannot be combined with "
            "deck = double_48."
        ),
    ),
)


def check_combinations(rules: BidEuchreRules) -> None:
    """``settings_conflict`` on ``settings.extra_moon_calls`` for each combination §E.7 refuses."""
    if not rules.extra_moon_calls:
        return
    for name, value, detail in EXTRA_MOONS_CONFLICTS:
        if getattr(rules, name) == value:
            raise RuleViolation(
                "settings_conflict",
                detail,
                "settings.extra_moon_calls",
                setting="extra_moon_calls",
                conflicts_with={name: value},
            )


def settings_json(rules: BidEuchreRules) -> dict[str, Any]:
    """Every setting, defaults filled in, spelled as in examples.json (derived keys included)."""
    return SETTINGS.settings_json(rules)


__all__ = [
    "SETTINGS",
    "BidEuchreRules",
    "check_combinations",
    "check_player_count",
    "rules_from_settings",
    "settings_json",
]
