"""Helpers for the Seep referee tests: the rules file's play notation, and deals completed to 48 plays."""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import cache
from typing import Any

import pytest

from games.rules.errors import RuleViolation
from games.rules.registry import get_engine
from games.rules.seep import referee
from games.rules.seep.settings import SeepRules
from tests.examples import examples_for
from tests.support.seep_plays import SimulatedDeal, simulate

ENGINE = get_engine("seep")
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
PACK = tuple(f"{rank}{suit}" for suit in "SHDC" for rank in RANKS)
SEATS = ("S1", "S2", "S3", "S4")


def right_of(seat: str, steps: int = 1) -> str:
    return SEATS[(SEATS.index(seat) + steps) % 4]


def rules(**settings: Any) -> SeepRules:
    return ENGINE.rules_from_settings(settings, 4)  # type: ignore[no-any-return]


def play(text: str) -> dict[str, Any]:
    """One play in the notation of seep.md §S.10: ``9H`` (throw), ``KD x 9H 4D [13]`` (capture; the house taken
    is not listed), ``3D >11 AH 7S`` (build or cement into the house of 11), ``2D ^11`` (raise); ``*`` marks a
    sweep and is ignored here."""
    card, *rest = text.replace("*", "").split()
    if not rest:
        return {"card": card, "action": "throw"}
    sign, cards = rest[0], [token for token in rest[1:] if not token.startswith("[")]
    if sign == "x":
        return {"card": card, "action": "capture", "takes": cards}
    if sign.startswith(">"):
        return {"card": card, "action": "build", "with": cards, "house": int(sign[1:])}
    assert sign.startswith("^"), text
    return {"card": card, "action": "raise", "house": int(sign[1:])}


def plays_of(rounds: list[tuple[str, str, str, str]]) -> list[dict[str, Any]]:
    return [play(text) for round_ in rounds for text in round_]


def complete(
    floor: list[str],
    hand: list[str],
    bid: int,
    prefix: Sequence[str | dict[str, Any]],
    *,
    dealer: str = "S1",
    holds: dict[str, list[str]] | None = None,
    lacks: dict[str, str] | None = None,
    **extra: Any,
) -> dict[str, Any]:
    """A deal of 48 plays: ``prefix`` (notation or JSON), then every other card thrown in turn. The bidder's
    other first cards and the cards in ``holds`` are thrown late by their seats (so they hold them meanwhile);
    a seat is dealt no card of the rank ``lacks`` names for it."""
    bidder = right_of(dealer)
    order = [right_of(bidder, step) for step in range(4)]
    plays = [play(item) if isinstance(item, str) else item for item in prefix]
    used = set(floor) | {item["card"] for item in plays}
    kept: dict[str, list[str]] = {seat: [] for seat in order}
    for seat, cards in [(bidder, hand), *(holds or {}).items()]:
        for card in cards:
            if card not in used:
                kept[seat].append(card)
                used.add(card)
    rest = [card for card in PACK if card not in used]
    for k in range(len(plays), 48):
        seat = order[k % 4]
        turns_left = (47 - k) // 4 + 1
        dealt = [card for card in rest if card[:-1] != (lacks or {}).get(seat)]
        if k == 0 or len(kept[seat]) >= turns_left or not dealt:
            card = kept[seat].pop(0)
        else:
            card = dealt[0]
            rest.remove(card)
        plays.append({"card": card, "action": "throw"})
    assert not any(kept.values()), "more cards kept than turns"
    return {"dealer": dealer, "bid": {"value": bid, "bidder_hand": hand}, "floor": floor, "plays": plays, **extra}


def result_of(payload: dict[str, Any], **settings: Any) -> dict[str, Any]:
    the_rules = rules(**settings)
    return ENGINE.play_deal(ENGINE.initial_state(the_rules), ENGINE.parse_deal(payload, the_rules), the_rules).result


def refusal(payload: Any, **settings: Any) -> RuleViolation:
    the_rules = rules(**settings)
    with pytest.raises(RuleViolation) as raised:
        ENGINE.play_deal(ENGINE.initial_state(the_rules), ENGINE.parse_deal(payload, the_rules), the_rules)
    return raised.value


def floor_after(payload: dict[str, Any], count: int, **settings: Any) -> str:
    """The floor after the first ``count`` plays, in the rules file's notation (each of those plays checked)."""
    the_rules = rules(**settings)
    return referee.floor_after(ENGINE.parse_deal(payload, the_rules), the_rules, count).notation()


def normalized(payload: dict[str, Any], **settings: Any) -> dict[str, Any]:
    return ENGINE.deal_json(ENGINE.parse_deal(payload, rules(**settings)))


# seep-p03 as §S.10 writes it: one row per round, in play order from the bidder S3.
P03_ROUNDS = [
    ("5S >11 6H", "2H >13 7S 4C", "3S", "6C"),
    ("9S x 3S 6C", "KS x [13]", "3D", "AC"),
    ("8D", "5H >9 3D AC", "2S >10 8D", "2D ^10"),
    ("2C ^9", "QC x [12]", "JD x [11] *", "7D"),
    ("4D >11 7D", "3H", "10H", "10C >10 10H"),
    ("JC >11", "JH x [11]", "9C", "10S x [10]"),
    ("AH", "QS x 3H 9C", "8S", "6D"),
    ("9H x AH 8S", "7C", "8H", "4H >12 8H"),
    ("KC >13 6D 7C", "5D", "8C", "QD >12"),
    ("JS", "4S >9 5D", "5C >13 8C", "AS >12 JS"),
    ("10D", "6S", "3C >13 10D", "QH x [12]"),
    ("KH x [13]", "9D x [9]", "AD", "7H x 6S AD *"),
]


P03 = {
    "dealer": "S2",
    "throw_ins": [{"bidder_hand": ["2H", "8H", "4D", "AD"]}],
    "bid": {"value": 11, "bidder_hand": ["5S", "8D", "9H", "JC"]},
    "floor": ["6H", "7S", "KD", "4C"],
    "plays": plays_of(P03_ROUNDS),
}


@cache
def simulated(count: int, seed: int = 21) -> tuple[SimulatedDeal, ...]:
    rng = random.Random(seed)
    return tuple(simulate(rng) for _ in range(count))


def terse(payload: dict[str, Any], keep_houses: tuple[int, ...] = ()) -> dict[str, Any]:
    """The same deal with every seat left out, and every house but those of the plays in ``keep_houses``."""
    plays = []
    for k, item in enumerate(payload["plays"]):
        short = {key: value for key, value in item.items() if key != "seat"}
        if k not in keep_houses:
            short.pop("house", None)
        plays.append(short)
    return {**payload, "plays": plays}


_EXAMPLES = {case["id"]: case for case in examples_for("seep")}
P01 = _EXAMPLES["seep-p01"]["deals"][0]
P02 = _EXAMPLES["seep-p02"]["deals"][0]

# The "floor after the round" column of §S.10 for each worked deal.
FLOORS = {
    "seep-p01": [
        "KS [11: 3D AH 7S / S2] [12=: AC 3H 8D QH / S1]",
        "4S AD [11: 3D AH 7S / S2] [13=: KH KS / S4]",
        "4S 9H [10: AS AD 8S / S4] [13=: KH KS 3D AH 7S 2D / S4,S3]",
        "9H [10=: AS AD 8S 10D / S4,S1] [13=: KH KS 3D AH 7S 2D 9C 4S / S4,S3]",
        "9H 8C QC 5D [13=: KH KS 3D AH 7S 2D 9C 4S / S4,S3]",
        "4C",
        "[9=: 9D 4C 5H / S3]",
        "[11: 2H 3C 6S / S1]",
        "2S",
        "2S KC 5C",
        "KC 4H 6C",
        "KC 4H 6C JH 7C 8H 3S",
    ],
    "seep-p02": [
        "[9=: 9S 5D 4C / S3]",
        "[9=: 9S 5D 4C 9C / S3] [13=: 6C 7S KH / S3]",
        "8S 2S 5S [9=: 9S 5D 4C 9C / S3]",
        "[9=: 9S 5D 4C 9C 4D 5S / S3] [10=: 10S 8S 2S 8H 2C / S4]",
        "[9=: 9S 5D 4C 9C 4D 5S 9H / S3] [10=: 10S 8S 2S 8H 2C 10C / S4]",
        "QC 3D 8C AC [9=: 9S 5D 4C 9C 4D 5S 9H / S3] [10=: 10S 8S 2S 8H 2C 10C / S4]",
        "6S KC [9=: 9S 5D 4C 9C 4D 5S 9H / S3] [10=: 10S 8S 2S 8H 2C 10C / S4] [12=: 3C 8C AC QC / S4]",
        "[9=: 9S 5D 4C 9C 4D 5S 9H / S3]",
        "[9=: 9S 5D 4C 9C 4D 5S 9H 8D AH / S3]",
        "6H [11=: JH JC / S1]",
        "6H QS 3H 7D",
        "QS 7D 2D 10D",
    ],
    "seep-p03": [
        "3S 6C [11: 5S 6H / S3] [13=: 2H 7S 4C KD / S4]",
        "3D AC [11: 5S 6H / S3]",
        "[9: 5H 3D AC / S4] [11: 5S 6H / S3] [12: 2S 8D 2D / S2]",
        "7D",
        "3H [10=: 10C 10H / S2] [11: 4D 7D / S3]",
        "3H 9C",
        "AH 8S 6D",
        "6D 7C [12: 4H 8H / S2]",
        "5D 8C [12=: 4H 8H QD / S2] [13=: KC 6D 7C / S3]",
        "[9: 4S 5D / S4] [12=: 4H 8H QD AS JS / S2] [13=: KC 6D 7C 5C 8C / S3]",
        "6S [9: 4S 5D / S4] [13=: KC 6D 7C 5C 8C 3C 10D / S3]",
        "(empty)",
    ],
}
WORKED = {"seep-p01": P01, "seep-p02": P02, "seep-p03": P03}
