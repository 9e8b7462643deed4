"""Reading a Seep deal entered play by play (shared/rules/seep.md §S.7a.1, steps 1-3 of §S.7a.3).

``parse_deal`` reads the fields of §S.3 (``deal.parse_deal``), runs the checks of §S.7 that need only the deal,
then reads the starting floor and the 48 plays: their count, and each play's shape, seat and card. Whether a
play is legal on the floor it meets is the referee's (``referee``), which needs every hand, hence every play.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from games.rules.cards import Card
from games.rules.errors import RuleViolation
from games.rules.messages import msg, msg_template
from games.rules.seep import checks
from games.rules.seep.deal import (
    PLAY_ACTIONS,
    Play,
    SeepDeal,
    card_list,
    refuse_duplicate,
    seep_card,
)
from games.rules.seep.deal import parse_deal as parse_deal_fields
from games.rules.seep.settings import SeepRules
from games.rules.seep.tables import seat_right_of
from games.rules.shapes import reject_unknown_keys

PLAY_COUNT = 48
FLOOR_SIZE = 4
PLAY_KEYS: tuple[str, ...] = ("seat", "card", "action", "takes", "with", "house")
# Which of the optional fields each action may carry.
TAKES_ACTIONS: frozenset[str] = frozenset({"capture"})
WITH_ACTIONS: frozenset[str] = frozenset({"build", "cement"})
HOUSE_ACTIONS: frozenset[str] = frozenset({"build", "cement", "raise"})


def parse_deal(payload: object, rules: SeepRules) -> SeepDeal:
    """The whole submitted deal: §S.3's fields and, when it carries them, the floor and the plays."""
    deal = parse_deal_fields(payload, rules)
    assert isinstance(payload, Mapping)
    if payload.get("plays") is None:
        if payload.get("floor") is not None:
            raise RuleViolation(
                "invalid",
                msg(
                    "The floor is only given with the plays (§S.7a); leave it out, or send the 48 plays too.",
                ),
                "floor",
            )
        return deal
    checks.check_deal_fields(deal, rules)
    if deal.bid.hand is None:
        raise RuleViolation(
            "bidder_hand_required",
            msg(
                "With the plays, give the bidder's first four cards: the first play comes from them.",
            ),
            "bid.bidder_hand",
        )
    floor = parse_floor(payload.get("floor"), deal.bid.hand)
    plays = parse_plays(payload["plays"], deal.bid.bidder, deal.bid.hand, floor)
    return dataclasses.replace(deal, floor=floor, plays=plays)


def parse_floor(value: object, hand: tuple[Card, ...]) -> tuple[Card, ...]:
    """The four starting floor cards (size, then each card), then the bidder's four cards against them."""
    if value is not None and not isinstance(value, list | tuple):
        raise RuleViolation(
            "invalid", msg('Give the floor as a list of four cards such as ["AH", "3H", "KS", "7S"].'), "floor"
        )
    given = 0 if value is None else len(value)
    if given != FLOOR_SIZE:
        raise RuleViolation(
            "floor_size_invalid",
            msg(
                "The floor starts with exactly {floor_size} cards, dealt before the bid; {given} were given.",
                floor_size=FLOOR_SIZE,
                given=given,
            ),
            "floor",
            expected=FLOOR_SIZE,
            given=given,
        )
    floor = card_list(value, "floor")
    for index, card in enumerate(floor):
        if card in floor[:index]:
            raise refuse_duplicate(card, f"floor[{index}]", "floor")
    for index, card in enumerate(hand):
        if card in floor:
            raise refuse_duplicate(card, f"bid.bidder_hand[{index}]", "hand_and_floor")
    return tuple(floor)


def parse_plays(value: object, bidder: str, hand: tuple[Card, ...], floor: tuple[Card, ...]) -> tuple[Play, ...]:
    """Every play's shape, seat and card, play 1 to play 48 (step 3 of §S.7a.3)."""
    if not isinstance(value, list | tuple):
        raise RuleViolation("invalid", msg("plays is a list of the 48 plays in the order they were made."), "plays")
    if len(value) != PLAY_COUNT:
        raise RuleViolation(
            "play_count_invalid",
            msg(
                "A deal has exactly {play_count} plays (12 by each player); {value_count} were given.",
                play_count=PLAY_COUNT,
                value_count=len(value),
            ),
            "plays",
            expected=PLAY_COUNT,
            given=len(value),
        )
    reader = PlayReader(bidder, hand, floor)
    return tuple(reader.play(item, k) for k, item in enumerate(value))


class PlayReader:
    """Reads the plays in order, remembering where each card was seen (the floor, or an earlier play)."""

    def __init__(self, bidder: str, hand: tuple[Card, ...], floor: tuple[Card, ...]) -> None:
        self.bidder, self.hand = bidder, hand
        self.seen: dict[Card, str] = {card: f"floor[{index}]" for index, card in enumerate(floor)}

    def play(self, value: object, k: int) -> Play:
        field, seat = f"plays[{k}]", seat_right_of(self.bidder, k)
        if not isinstance(value, Mapping):
            raise RuleViolation(
                "invalid",
                msg(
                    'Each play is an object such as {{"card": "QH", "action": "throw"}}.',
                ),
                field,
            )
        reject_unknown_keys(
            value,
            PLAY_KEYS,
            field,
            lambda key: msg(
                "A play has {play_keys}; {key!r} is not one.",
                play_keys=", ".join(PLAY_KEYS),
                key=key,
            ),
            allowed=list(PLAY_KEYS),
        )
        action = value.get("action")
        if not isinstance(action, str) or action not in PLAY_ACTIONS:
            raise RuleViolation(
                "invalid",
                msg(
                    "action is {play_actions} or {play_actions_2}; {action!r} is not.",
                    play_actions=", ".join(PLAY_ACTIONS[:-1]),
                    play_actions_2=PLAY_ACTIONS[-1],
                    action=action,
                ),
                f"{field}.action",
                allowed=list(PLAY_ACTIONS),
            )
        self._check_seat(value.get("seat"), k, seat)
        card = self._card(value.get("card"), k, seat)
        self.seen[card] = f"{field}.card"
        named = [card]
        takes = _optional_cards(value, "takes", action in TAKES_ACTIONS, field, named)
        with_ = _optional_cards(value, "with", action in WITH_ACTIONS, field, named)
        if action in WITH_ACTIONS and with_ is None:
            with_ = ()
        return Play(seat, card, action, takes, with_, _parse_house(value.get("house"), action, field))

    def _check_seat(self, value: object, k: int, seat: str) -> None:
        if value is None or (isinstance(value, str) and value.strip().upper() == seat):
            return
        raise RuleViolation(
            "play_out_of_turn",
            msg(
                "Play {k} is {seat}'s (play runs counter-clockwise from the bidder {bidder}), not {value}'s.",
                k=k + 1,
                seat=seat,
                bidder=self.bidder,
                value=value,
            ),
            f"plays[{k}].seat",
            expected_seat=seat,
        )

    def _card(self, value: object, k: int, seat: str) -> Card:
        field = f"plays[{k}].card"
        if value is None:
            raise RuleViolation("invalid", msg("Say which card was played."), field)
        card = seep_card(value, field)
        if card in self.seen:
            where = self.seen[card]
            place = "starting_floor" if where.startswith("floor") else "played"
            raise refuse_duplicate(card, field, place, where)
        hand = [held.code for held in self.hand]
        if k == 0 and card not in self.hand:
            raise RuleViolation(
                "bidder_hand_mismatch",
                msg(
                    "The first play comes from the bidder's four cards ({hand}); {code} is not one of them.",
                    hand=" ".join(hand),
                    code=card.code,
                ),
                field,
                bidder_hand=hand,
            )
        if seat != self.bidder and card in self.hand:
            raise RuleViolation(
                "bidder_hand_mismatch",
                msg(
                    "{code} is one of the bidder {bidder}'s four cards ({hand}), so {seat} cannot play it.",
                    code=card.code,
                    bidder=self.bidder,
                    hand=" ".join(hand),
                    seat=seat,
                ),
                field,
                bidder_hand=hand,
            )
        return card


def _optional_cards(
    value: Mapping[str, Any], key: str, allowed: bool, field: str, named: list[Card]
) -> tuple[Card, ...] | None:
    """``takes`` or ``with``: absent (None), or a list of card codes, none named twice in the play."""
    listed = value.get(key)
    if listed is None:
        return None
    path = f"{field}.{key}"
    if not allowed:
        template = (
            msg_template("{key} belongs to a capture; leave it out of a {value_action}.")
            if key == "takes"
            else msg_template("{key} belongs to a build or a cement; leave it out of a {value_action}.")
        )
        raise RuleViolation("invalid", msg(template, key=key, value_action=value["action"]), path)
    cards = card_list(listed, path)
    for index, card in enumerate(cards):
        if card in named:
            raise refuse_duplicate(card, f"{path}[{index}]", "play")
        named.append(card)
    return tuple(cards)


def _parse_house(value: object, action: str, field: str) -> int | None:
    if value is None:
        return None
    path = f"{field}.house"
    if action not in HOUSE_ACTIONS:
        raise RuleViolation(
            "invalid",
            msg(
                "house belongs to a build, cement or raise; leave it out of a {action}.",
                action=action,
            ),
            path,
        )
    if isinstance(value, bool) or not isinstance(value, int):
        raise RuleViolation(
            "invalid",
            msg(
                "house is the value of a house, a whole number from 9 to 13; {value!r} is not.",
                value=value,
            ),
            path,
        )
    return value
