"""Twenty-Eight deal builders and a fold for the rules tests: calls, deals played or refused, a legal trick model."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import pytest

from games.rules.engine import DealOutcome
from games.rules.errors import RuleViolation
from games.rules.twenty_eight.engine import ENGINE
from games.rules.twenty_eight.settings import TwentyEightRules
from games.rules.twenty_eight.state import TwentyEightState

SEATS = ("S1", "S2", "S3", "S4")
TEAM_OF = {"S1": "A", "S3": "A", "S2": "B", "S4": "B"}
RANKS = ("J", "9", "A", "10", "K", "Q", "8", "7")
SUITS = ("S", "H", "D", "C")
SUIT_WORDS = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
POINTS = {"J": 3, "9": 2, "A": 1, "10": 1}
PACK = tuple(f"{rank}{suit}" for suit in SUITS for rank in RANKS)

# 28-e08's deal: S2 bids 16, hearts, 8H face down; S4 calls for the trump in trick 3.
E08_TRICKS: list[list[tuple[str, str]]] = [
    [("S2", "AS"), ("S3", "8S"), ("S4", "7S"), ("S1", "9S")],
    [("S1", "JD"), ("S2", "QC"), ("S3", "7D"), ("S4", "8D")],
    [("S1", "10C"), ("S2", "KC"), ("S3", "AH"), ("S4", "7H*")],
    [("S4", "JS"), ("S1", "8C"), ("S2", "9H"), ("S3", "10S")],
    [("S2", "JH"), ("S3", "QH"), ("S4", "KH"), ("S1", "10H")],
    [("S2", "JC"), ("S3", "QS"), ("S4", "KS"), ("S1", "7C")],
    [("S2", "9C"), ("S3", "QD"), ("S4", "10D"), ("S1", "AC")],
    [("S2", "8H"), ("S3", "9D"), ("S4", "AD"), ("S1", "KD")],
]


def bid(seat: str, points: Any) -> dict[str, Any]:
    return {"seat": seat, "call": "bid", "points": points}


def pas(*seats: str) -> list[dict[str, Any]]:
    return [{"seat": seat, "call": "pass"} for seat in seats]


def dbl(seat: str) -> dict[str, Any]:
    return {"seat": seat, "call": "double"}


def rdbl(seat: str) -> dict[str, Any]:
    return {"seat": seat, "call": "redouble"}


def rules(**settings: Any) -> TwentyEightRules:
    return ENGINE.rules_from_settings(settings, 4)


def deal(dealer: str, auction: list[dict[str, Any]], points: int | None = None, **extra: Any) -> dict[str, Any]:
    payload: dict[str, Any] = {"dealer": dealer, "auction": auction, **extra}
    if points is not None:
        payload["bidding_team_card_points"] = points
    return payload


def simple(dealer: str, bidder: str, points: int, card_points: int) -> dict[str, Any]:
    """``bidder`` bids ``points`` (he speaks first, or everyone before him passed after the first speaker's 14)."""
    first = SEATS[(SEATS.index(dealer) + 1) % 4]
    if bidder == first:
        others = [SEATS[(SEATS.index(first) + k) % 4] for k in (1, 2, 3)]
        return deal(dealer, [bid(first, points), *pas(*others)], card_points)
    raise ValueError("simple() deals are bid by the first speaker")


def tricks(rows: Sequence[Sequence[tuple[str, str]]]) -> list[list[dict[str, Any]]]:
    """Tricks from ``(seat, card)`` pairs; a card ending in ``*`` carries ``reveals_trump``."""
    out: list[list[dict[str, Any]]] = []
    for row in rows:
        trick: list[dict[str, Any]] = []
        for seat, card in row:
            play: dict[str, Any] = {"seat": seat, "card": card.rstrip("*")}
            if card.endswith("*"):
                play["reveals_trump"] = True
            trick.append(play)
        out.append(trick)
    return out


def e08(**extra: Any) -> dict[str, Any]:
    """28-e08's deal, with keys replaced or added."""
    payload: dict[str, Any] = {
        "dealer": "S1",
        "auction": [bid("S2", 16), *pas("S3", "S4", "S1")],
        "trump": "hearts",
        "trump_card": "8H",
        "tricks": tricks(E08_TRICKS),
    }
    payload.update(extra)
    return payload


def play(payloads: list[dict[str, Any]], **settings: Any) -> tuple[TwentyEightState, list[dict[str, Any]]]:
    """Fold the deals from a fresh match; every deal must be accepted."""
    match_rules = rules(**settings)
    state = ENGINE.initial_state(match_rules)
    results = []
    for payload in payloads:
        outcome: DealOutcome = ENGINE.play_deal(state, ENGINE.parse_deal(payload, match_rules), match_rules)
        state = outcome.state
        results.append(outcome.result)
    return state, results


def play_one(payload: dict[str, Any], **settings: Any) -> dict[str, Any]:
    return play([payload], **settings)[1][0]


def refusal(payloads: list[dict[str, Any]] | dict[str, Any], **settings: Any) -> RuleViolation:
    """The refusal of the last deal (the ones before it must be accepted)."""
    payloads = payloads if isinstance(payloads, list) else [payloads]
    play(payloads[:-1], **settings)
    match_rules = rules(**settings)
    state, _ = play(payloads[:-1], **settings)
    with pytest.raises(RuleViolation) as caught:
        ENGINE.play_deal(state, ENGINE.parse_deal(payloads[-1], match_rules), match_rules)
    return caught.value


def refused(payloads: list[dict[str, Any]] | dict[str, Any], **settings: Any) -> tuple[str, str | None]:
    violation = refusal(payloads, **settings)
    return violation.code, violation.field


# --- a legal deal, played by an independent model of §T.7a ---------------------------------------------------


@dataclass
class ModelDeal:
    """A deal played legally: the tricks as entered, and what the model says they give."""

    dealer: str
    bidder: str
    trump: str  # the suit letter
    face_down: str
    tricks: list[list[tuple[str, str]]] = field(default_factory=list)
    winners: list[str] = field(default_factory=list)
    revealed: dict[str, Any] | None = None
    card_points: dict[str, int] = field(default_factory=lambda: {"A": 0, "B": 0})

    def auction(self) -> list[dict[str, Any]]:
        """The first speaker opens 14; the seats up to the bidder pass and he bids 20; the next three pass."""
        first = SEATS[(SEATS.index(self.dealer) + 1) % 4]
        order = [SEATS[(SEATS.index(first) + k) % 4] for k in range(4)]
        calls = [bid(first, 14)]
        if self.bidder != first:
            calls += pas(*order[1 : order.index(self.bidder)])
            calls.append(bid(self.bidder, 20))
        k = SEATS.index(self.bidder)
        return calls + pas(*[SEATS[(k + step) % 4] for step in (1, 2, 3)])

    def payload(self) -> dict[str, Any]:
        return {
            "dealer": self.dealer,
            "auction": self.auction(),
            "trump": SUIT_WORDS[self.trump],
            "trump_card": self.face_down,
            "tricks": tricks(self.tricks),
        }


def _strength(card: str) -> int:
    return len(RANKS) - RANKS.index(card[:-1])


def play_model(rng: random.Random, call_rate: float = 0.5, caller_skips_trump: bool = False) -> ModelDeal:
    """Shuffle, pick a bidder and trump, and play 8 legal tricks; the model works out the winners itself. With
    ``caller_skips_trump`` a caller plays a card that is no trump whenever he has one (an offence)."""
    cards = list(PACK)
    rng.shuffle(cards)
    hands = {seat: cards[k * 8 : (k + 1) * 8] for k, seat in enumerate(SEATS)}
    dealer = rng.choice(SEATS)
    bidder = rng.choice(SEATS)
    face_down = rng.choice(hands[bidder])
    trump = face_down[-1]
    model = ModelDeal(dealer, bidder, trump, face_down)
    hidden = True
    first = SEATS[(SEATS.index(dealer) + 1) % 4]
    leader = first
    for number in range(1, 9):
        order = [SEATS[(SEATS.index(leader) + k) % 4] for k in range(4)]
        row: list[tuple[str, str]] = []
        counts: list[bool] = []
        for seat in order:
            hand = hands[seat]
            usable = [c for c in hand if not (hidden and seat == bidder and c == face_down)] or hand
            led = row[0][1][-1] if row else None
            following = [c for c in usable if c[-1] == led] if led else usable
            mark = ""
            if led and not following and hidden and rng.random() < call_rate:
                hidden = False
                mark = "*"
                model.revealed = {"trick": number, "seat": seat, "by": "call"}
                usable = hand
                trumps = [c for c in usable if c[-1] == trump]
                others = [c for c in usable if c[-1] != trump]
                choice = rng.choice((others or usable) if caller_skips_trump else (trumps or usable))
            else:
                choice = rng.choice(following or usable)
            if hidden and choice == face_down:
                hidden = False
                model.revealed = {"trick": number, "seat": seat, "by": "last_card"}
            hand.remove(choice)
            row.append((seat, choice + mark))
            counts.append(not hidden)
        led = row[0][1].rstrip("*")[-1]

        def power(
            index: int, card: str, led_suit: str = led, shown: tuple[bool, ...] = tuple(counts)
        ) -> tuple[int, int]:
            suit = card[-1]
            is_trump = suit == trump and (shown[index] or suit == led_suit)
            return (2 if is_trump else 1 if suit == led_suit else 0, _strength(card))

        plain = [card.rstrip("*") for _, card in row]
        best = max(range(4), key=lambda k: (power(k, plain[k]), -k))
        winner = row[best][0]
        model.tricks.append(row)
        model.winners.append(winner)
        model.card_points[TEAM_OF[winner]] += sum(POINTS.get(card[:-1], 0) for card in plain)
        leader = winner
    return model
