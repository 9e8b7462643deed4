"""A toy fifth game, for the tests only: each player shows a card, the highest rank wins a point, first to 5.

It is the whole of what a new game writes under games/rules/ (here in one module): house rules declared once, a
deal, checks, a state and its JSON, scoring, and an engine deriving from ``EngineBase``, which answers the rest.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from games.rules.cards import RANKS, parse_card
from games.rules.engine import DealOutcome, EngineBase, GameEngine, TurnDirection
from games.rules.errors import RuleViolation
from games.rules.seats import require_seat, seat_after, seat_names
from games.rules.settings_spec import Setting, SettingsSpec

SETTINGS = SettingsSpec(
    "Toy",
    (
        Setting("target", "integer", 5, "Points to win", "The first player to reach it wins.", minimum=1, maximum=50),
        Setting("players", "integer", 2, "Players", "2 to 4 players.", minimum=2, maximum=4),
    ),
)


@dataclass(frozen=True)
class ToyRules:
    players: int
    target: int

    @property
    def seats(self) -> tuple[str, ...]:
        return seat_names(self.players)


@dataclass(frozen=True)
class ToyDeal:
    dealer: str
    cards: tuple[tuple[str, str], ...]  # (seat, card code) in seat order


@dataclass(frozen=True)
class ToyState:
    points: tuple[int, ...]
    next_dealer: str | None = None
    match_winner: str | None = None


def rules_from_settings(settings: Mapping[str, Any], player_count: int) -> ToyRules:
    SETTINGS.reject_unknown(settings)
    players = SETTINGS["players"].read({"players": player_count})
    return ToyRules(players, SETTINGS["target"].read(settings))


def check_deal(state: ToyState, deal: ToyDeal, rules: ToyRules) -> None:
    if state.match_winner is not None:
        raise RuleViolation("match_already_finished", f"{state.match_winner} has won.", None)
    if state.next_dealer is not None and deal.dealer != state.next_dealer:
        raise RuleViolation(
            "dealer_out_of_turn", f"{state.next_dealer} deals now.", "dealer", expected_dealer=state.next_dealer
        )


def apply_deal(state: ToyState, deal: ToyDeal, rules: ToyRules) -> DealOutcome:
    check_deal(state, deal, rules)
    ranks = [RANKS.index(parse_card(code, "cards").rank) for _, code in deal.cards]
    winner = deal.cards[ranks.index(max(ranks))][0]
    points = tuple(p + (seat == winner) for seat, p in zip(rules.seats, state.points, strict=True))
    champion = next((seat for seat, p in zip(rules.seats, points, strict=True) if p >= rules.target), None)
    after = ToyState(points, None if champion else seat_after(deal.dealer, rules.seats), champion)
    return DealOutcome(after, {"winner": winner, "next_dealer": after.next_dealer, "match_winner": champion})


class ToyEngine(EngineBase[ToyRules, ToyState, ToyDeal]):
    key = "toy"
    rules_file = "toy.md"
    turn_direction: TurnDirection = "clockwise"
    settings_spec = SETTINGS
    rules_reader = staticmethod(rules_from_settings)
    apply_deal = staticmethod(apply_deal)

    def teams(self, rules: ToyRules) -> dict[str, list[str]] | None:
        return None

    def initial_state(self, rules: ToyRules) -> ToyState:
        return ToyState((0,) * rules.players)

    def parse_deal(self, payload: Mapping[str, Any], rules: ToyRules) -> ToyDeal:
        dealer = require_seat(payload.get("dealer"), rules.seats, "dealer")
        cards = payload.get("cards")
        if not isinstance(cards, Mapping) or sorted(cards) != sorted(rules.seats):
            raise RuleViolation("invalid", "Give one card per seat.", "cards")
        return ToyDeal(dealer, tuple((seat, parse_card(cards[seat], f"cards.{seat}").code) for seat in rules.seats))

    def deal_json(self, deal: ToyDeal) -> dict[str, Any]:
        return {"dealer": deal.dealer, "cards": dict(deal.cards)}

    def state_json(self, state: ToyState) -> dict[str, Any]:
        return {
            "points": list(state.points),
            "next_dealer": state.next_dealer,
            "match_over": state.match_winner is not None,
            "match_winner": state.match_winner,
        }

    def state_from_json(self, data: Mapping[str, Any], rules: ToyRules) -> ToyState:
        return ToyState(tuple(data["points"]), data["next_dealer"], data["match_winner"])


ENGINE: GameEngine[ToyRules, ToyState, ToyDeal] = ToyEngine()
