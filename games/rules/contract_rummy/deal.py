"""A Contract Rummy deal as entered at the table: its shape (``parse_deal``), and back to JSON (``deal_json``).

``{"dealer": "S1", "went_out": "S3", "cards_left": {"S1": ["AS", "KD"], ...}, "penalty_points": {"S2": 27},
"melds": [{"type": "set", "cards": [...], "jokers": [...]}]}``: ``cards_left`` and ``penalty_points`` may both be
sent (per seat, they must agree), ``melds`` is optional (the melds of the player who went out).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from games.rules.cards import Card, card_codes
from games.rules.contract_rummy.melds import Meld, meld_json, parse_melds
from games.rules.contract_rummy.settings import ContractRummyRules, parse_hand
from games.rules.errors import RuleViolation
from games.rules.messages import msg
from games.rules.shapes import reject_unknown_keys

DEAL_KEYS: tuple[str, ...] = ("dealer", "went_out", "cards_left", "penalty_points", "melds")


@dataclass(frozen=True)
class ContractRummyDeal:
    """The deal report. Per-seat entries are kept in seat order; ``None`` means the part was not entered."""

    dealer: str
    went_out: str | None
    cards_left: tuple[tuple[str, tuple[Card, ...]], ...] | None = None
    penalty_points: tuple[tuple[str, int], ...] | None = None
    melds: tuple[Meld, ...] | None = None


def _seat(value: object, seats: tuple[str, ...], field: str) -> str:
    if isinstance(value, str) and value.strip().upper() in seats:
        return value.strip().upper()
    raise RuleViolation(
        "unknown_player",
        msg(
            "{value!r} is not a player of this match; choose a seat from {seats_0}-{seats}.",
            value=value,
            seats_0=seats[0],
            seats=seats[-1],
        ),
        field,
        allowed=list(seats),
        seats=list(seats),  # seats: deprecated
    )


def _per_seat(value: object, name: str, seats: tuple[str, ...], parse: Any) -> tuple[tuple[str, Any], ...] | None:
    if value is None:
        return None
    if not isinstance(value, Mapping):
        raise RuleViolation(
            "invalid",
            msg(
                '{name} is an object keyed by seat, such as {{"S1": ...}}.',
                name=name,
            ),
            name,
        )
    entries: dict[str, Any] = {}
    for key, item in value.items():
        seat = _seat(key, seats, f"{name}.{key}")
        if seat in entries:
            raise RuleViolation(
                "invalid",
                msg(
                    "{seat} is entered twice in {name}.",
                    seat=seat,
                    name=name,
                ),
                f"{name}.{key}",
            )
        entries[seat] = parse(item, f"{name}.{seat}")
    return tuple((seat, entries[seat]) for seat in seats if seat in entries)


def _penalty(value: object, field: str) -> int:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise RuleViolation(
            "invalid",
            msg(
                "A penalty is a whole number of points; {value!r} is not.",
                value=value,
            ),
            field,
        )
    if isinstance(value, float):
        if not value.is_integer():
            raise RuleViolation(
                "penalty_impossible",
                msg(
                    "Penalties are whole numbers of points; {value!r} cannot happen.",
                    value=value,
                ),
                field,
            )
        return int(value)
    return value


def parse_deal(payload: object, rules: ContractRummyRules) -> ContractRummyDeal:
    """Shape, seats and card codes; the rules of §R.3 and §R.5 are checked by ``check_deal``."""
    if not isinstance(payload, Mapping):
        raise RuleViolation(
            "invalid",
            msg(
                "A deal is an object with dealer, went_out and cards_left or penalty_points.",
            ),
        )
    reject_unknown_keys(
        payload,
        DEAL_KEYS,
        None,
        lambda key: msg(
            "A Contract Rummy deal has {deal_keys}; {key!r} is not one of them.",
            deal_keys=", ".join(DEAL_KEYS),
            key=key,
        ),
    )
    seats = rules.seats
    if payload.get("dealer") is None:
        raise RuleViolation("invalid", msg("Enter the dealer of this deal."), "dealer")
    dealer = _seat(payload["dealer"], seats, "dealer")
    went_out_value = payload.get("went_out")
    went_out = None if went_out_value is None else _seat(went_out_value, seats, "went_out")
    return ContractRummyDeal(
        dealer=dealer,
        went_out=went_out,
        cards_left=_per_seat(payload.get("cards_left"), "cards_left", seats, parse_hand),
        penalty_points=_per_seat(payload.get("penalty_points"), "penalty_points", seats, _penalty),
        melds=parse_melds(payload.get("melds")),
    )


def deal_json(deal: ContractRummyDeal) -> dict[str, Any]:
    """The deal normalized: canonical cards and seats, every key present (``null`` when not entered)."""
    return {
        "dealer": deal.dealer,
        "went_out": deal.went_out,
        "cards_left": None if deal.cards_left is None else {seat: card_codes(cards) for seat, cards in deal.cards_left},
        "penalty_points": None if deal.penalty_points is None else dict(deal.penalty_points),
        "melds": None if deal.melds is None else [meld_json(meld) for meld in deal.melds],
    }
