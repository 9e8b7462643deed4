"""What 56 and Twenty-Eight share in reading a redeal record (§F.3a, §T.3a): its reason, who claims it (a seat and
its hand, or a team and its hands) and the deal keys sent beside it. Each game says the record's keys and its own
messages, adds its own parts (Twenty-Eight's trump) and checks the claim against the match in its redeal.py."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from games.rules.cards import Card, parse_card
from games.rules.errors import RuleViolation
from games.rules.messages import msg
from games.rules.shapes import reject_unknown_keys


def upper(value: Any) -> Any:
    """A seat or team as sent, in capitals when it is text; any other value as it is, for the checks to refuse."""
    return value.strip().upper() if isinstance(value, str) else value


def hand_cards(value: Any, field: str) -> tuple[Card, ...]:
    """A hand: the list of its card codes."""
    if not isinstance(value, list):
        raise RuleViolation("invalid", msg('A hand is the list of its cards, such as ["KS", "QH", ...].'), field)
    return tuple(parse_card(card, f"{field}[{index}]") for index, card in enumerate(value))


@dataclass(frozen=True, slots=True)
class RedealRecord:
    """A redeal record's parts as sent (``record`` is the whole object, for a game's own keys)."""

    record: Mapping[str, Any]
    reason: Any
    seat: Any
    hand: tuple[Card, ...] | None
    team: Any
    hands: tuple[tuple[str, tuple[Card, ...]], ...] | None
    stray: tuple[str, ...]


def read_redeal(
    payload: Mapping[str, Any],
    keys: tuple[str, ...],
    play_keys: tuple[str, ...],
    not_a_record: str,
    unknown_key: Callable[[Any], str],
) -> RedealRecord:
    """The deal's ``redeal``: an object of ``keys`` only (else ``not_a_record`` or ``unknown_key``'s message, both
    ``invalid`` on ``redeal``); hands are lists of card codes; ``stray`` names the ``play_keys`` sent beside it."""
    value = payload["redeal"]
    if not isinstance(value, Mapping):
        raise RuleViolation("invalid", not_a_record, "redeal")
    reject_unknown_keys(value, keys, "redeal", unknown_key)
    reason = value.get("reason")
    reason = reason.strip().lower() if isinstance(reason, str) else reason
    hand = None if value.get("hand") is None else hand_cards(value["hand"], "redeal.hand")
    hands = value.get("hands")
    if hands is not None:
        if not isinstance(hands, Mapping):
            raise RuleViolation("invalid", msg("hands is an object of seat and its cards."), "redeal.hands")
        hands = tuple((upper(seat), hand_cards(cards, f"redeal.hands.{upper(seat)}")) for seat, cards in hands.items())
    stray = tuple(key for key in play_keys if payload.get(key) is not None)
    return RedealRecord(value, reason, upper(value.get("seat")), hand, upper(value.get("team")), hands, stray)
