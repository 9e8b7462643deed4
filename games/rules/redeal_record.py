"""What 56 and Twenty-Eight share in reading a redeal record (§F.3a, §T.3a): its reason, who claims it (a seat and
its hand, or a team and its hands) and the deal keys sent beside it; and the checks both make in the same order (the
reason, its setting, no other deal key; the hands' sizes, each card in the pack, no card shown too often). Each game
says the record's keys, its pack and its own messages, adds its own parts (Twenty-Eight's trump) and checks the claim
against the match in its redeal.py."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Collection, Mapping
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


def check_reason(
    reason: Any,
    stray: tuple[str, ...],
    *,
    reasons: tuple[str, ...],
    unknown: Callable[[Any], str],
    enabled: Callable[[str], bool],
    not_enabled: Mapping[str, str],
    settings: Mapping[str, str],
) -> str:
    """In this order: the reason is one of ``reasons`` (``invalid`` on ``redeal.reason``, ``unknown``'s message), its
    setting is on (``variant_not_enabled`` on ``redeal``, naming the setting), and no deal key was sent beside the
    record (``invalid`` on the first of ``stray``). The reason."""
    if reason not in reasons:
        raise RuleViolation("invalid", unknown(reason), "redeal.reason", allowed=list(reasons))
    if not enabled(reason):
        raise RuleViolation("variant_not_enabled", not_enabled[reason], "redeal", setting=settings[reason])
    if stray:
        key = stray[0]
        raise RuleViolation(
            "invalid",
            msg("A redeal record throws the deal in before anyone calls: send no {key} with it.", key=key),
            key,
        )
    return str(reason)


def named_hands(
    hands: tuple[tuple[str, tuple[Card, ...]], ...] | None, members: Collection[str]
) -> dict[str, tuple[Card, ...]] | None:
    """The hands by seat when they name exactly ``members``, each once; None otherwise (the game refuses it)."""
    by_seat = dict(hands or ())
    if hands is None or len(hands) != len(by_seat) or sorted(by_seat) != sorted(members):
        return None
    return by_seat


def check_shown_cards(
    hands: list[tuple[str, tuple[Card, ...]]],
    field: str,
    *,
    hand_size: int,
    copies: Callable[[Card], int],
    wrong_size: Callable[[int], str],
    not_in_pack: Callable[[Card], str],
    shown_too_often: Callable[[Card, int], str],
) -> None:
    """In this order: every hand (its field, its cards) has ``hand_size`` cards (``hand_size_invalid`` on the hand,
    ``wrong_size`` of its count), every card is in the pack (``card_not_in_pack`` on the card), and no card is shown
    more often than the pack holds it (``card_count_exceeds_pack`` on ``field``, ``shown_too_often`` of the card and
    its count). ``copies`` says how often the pack holds a card."""
    for where, hand in hands:
        if len(hand) != hand_size:
            raise RuleViolation("hand_size_invalid", wrong_size(len(hand)), where, expected=hand_size, given=len(hand))
    for where, hand in hands:
        for index, card in enumerate(hand):
            if copies(card) == 0:
                raise RuleViolation(
                    "card_not_in_pack", not_in_pack(card), f"{where}[{index}]", card=card.code, in_pack=0
                )
    seen: Counter[Card] = Counter(card for _, hand in hands for card in hand)
    for card, count in seen.items():
        if count > copies(card):
            raise RuleViolation(
                "card_count_exceeds_pack",
                shown_too_often(card, count),
                field,
                card=card.code,
                in_pack=copies(card),
            )
