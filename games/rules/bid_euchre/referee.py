"""Bid Euchre's trick-by-trick entry (shared/rules/bid_euchre.md §E.7a) on top of ``games.rules.tricks``.

The card order of §E.1: plain suits 9 10 J Q K A; in trumps 9 10 Q K A, the left bower (the jack of the other
suit of the same colour, a trump), the right bower (the jack of trumps), and above them the joker when the
variant is on. With no-trumps there are no bowers and the joker is a trump suit of its own (it wins any trick
it falls on; led, nobody can follow it). Low no-trumps (§E.3, E-A15) turns every suit over, 9 highest and the
ace lowest, with no bowers; the joker behaves as in no-trumps.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from games.rules.bid_euchre.auction import Contract
from games.rules.bid_euchre.deal import LOW_NO_TRUMPS, NO_TRUMPS, TRUMP_SUITS, BidEuchreDeal
from games.rules.bid_euchre.settings import BidEuchreRules
from games.rules.bid_euchre.tables import LONE_KINDS, PACK_RANKS, PACK_SUITS, PARTNER_OF, SEATS, TEAM_OF, TEAMS
from games.rules.cards import JOKER, JOKER_CARD, Card
from games.rules.errors import RuleViolation
from games.rules.messages import msg, msg_template
from games.rules.tricks import Record, Table, referee, trick_order_json, tricks_by_seat

PLAIN_ORDER: dict[str, int] = {rank: power for power, rank in enumerate(("9", "10", "J", "Q", "K", "A"))}
LOW_ORDER: dict[str, int] = {rank: power for power, rank in enumerate(("A", "K", "Q", "J", "10", "9"))}
LEFT_BOWER_POWER, RIGHT_BOWER_POWER, JOKER_POWER = 10, 11, 12
SAME_COLOUR: dict[str, str] = {"S": "C", "C": "S", "H": "D", "D": "H"}


@dataclass(frozen=True)
class EuchreCards:
    """The order of the cards once trump is named (``trump`` is a suit letter, or None for no-trumps; ``low`` for
    low no-trumps)."""

    trump: str | None
    low: bool = False

    @property
    def trump_suit(self) -> str:
        """The suit that beats the others: the trump, or under no-trumps the joker's suit of one."""
        return self.trump or JOKER

    def is_left_bower(self, card: Card) -> bool:
        return self.trump is not None and card.rank == "J" and card.suit == SAME_COLOUR[self.trump]

    def suit_of(self, card: Card) -> str:
        if card.is_joker or self.is_left_bower(card):
            return self.trump_suit
        return card.suit

    def strength(self, card: Card) -> int:
        if card.is_joker:
            return JOKER_POWER
        if self.trump is not None and card.rank == "J" and card.suit == self.trump:
            return RIGHT_BOWER_POWER
        if self.is_left_bower(card):
            return LEFT_BOWER_POWER
        return (LOW_ORDER if self.low else PLAIN_ORDER).get(card.rank, -1)


def _refuse_joker(rules: BidEuchreRules) -> Callable[[Card, str], None]:
    """E.5: a joker while the variant is off is ``variant_not_enabled`` (as in an ace-no-face claim)."""

    def refuse(card: Card, field: str) -> None:
        if card.is_joker and not rules.joker:
            raise RuleViolation(
                "variant_not_enabled",
                msg("The joker is not in play in this match (deck 'with_joker_25' is off)."),
                field,
                setting="joker",
            )

    return refuse


def trick_orders() -> dict[str, dict[str, Any]]:
    """Each contract's card order as data (``trick_order_json``): the bowers and the joker of §E.1, low no-trumps
    turned over (§E.3)."""
    pack = (*(Card(rank, suit) for suit in PACK_SUITS for rank in PACK_RANKS), JOKER_CARD)
    orders = {}
    for word in (*TRUMP_SUITS, NO_TRUMPS, LOW_NO_TRUMPS):
        cards = EuchreCards(TRUMP_SUITS.get(word), low=word == LOW_NO_TRUMPS)
        orders[word] = trick_order_json(pack, cards.suit_of, cards.strength, cards.trump_suit)
    return orders


def players_of(contract: Contract) -> tuple[str, ...]:
    """The seats that play, clockwise; the partner of a lone bidder sits out."""
    if contract.kind in LONE_KINDS:
        return tuple(seat for seat in SEATS if seat != PARTNER_OF[contract.bidder])
    return SEATS


FIRST_LEADER_MESSAGE = msg_template(
    "The leader is wrong: the winning bidder {leader} leads the first trick; this trick is led by {seat}."
)


def table_for(contract: Contract, trump_word: str, rules: BidEuchreRules) -> Table:
    cards = EuchreCards(TRUMP_SUITS.get(trump_word), low=trump_word == LOW_NO_TRUMPS)
    return Table(
        seats=players_of(contract),
        first_leader=contract.bidder,
        first_leader_message=FIRST_LEADER_MESSAGE,
        hand_size=rules.tricks_per_deal,
        pack_size=rules.facts.size,
        pack_players=None,
        copies=rules.copies_in_pack,
        suit_of=cards.suit_of,
        strength=cards.strength,
        trump=cards.trump_suit,
        refuse_card=_refuse_joker(rules),
    )


def referee_deal(contract: Contract, deal: BidEuchreDeal, rules: BidEuchreRules) -> Record:
    """The checked tricks of a played deal (``deal.tricks`` and ``deal.trump`` are set)."""
    assert deal.tricks is not None and deal.trump is not None
    return referee(deal.tricks, table_for(contract, deal.trump, rules))


def tricks_won(record: Record) -> tuple[int, int]:
    """Tricks per team ``(A, B)``."""
    by_seat = tricks_by_seat(record)
    return tuple(sum(n for seat, n in by_seat.items() if TEAM_OF[seat] == team) for team in TEAMS)  # type: ignore


def charged_reneges(reported: tuple[str, ...], record: Record) -> tuple[str, ...]:
    """The seats charged a renege: each one reported, plus each one found beyond the seat's reported count
    (a seat reported once and found once is charged once)."""
    reported_count = Counter(reported)
    found_count = Counter(renege.seat for renege in record.reneges)
    extra = [seat for seat in SEATS for _ in range(max(0, found_count[seat] - reported_count[seat]))]
    return (*reported, *extra)


def check_summary(sent: tuple[int, int], derived: tuple[int, int]) -> None:
    if sent != derived:
        raise RuleViolation(
            "tricks_inconsistent",
            msg(
                "tricks_won says A {sent_0}, B {sent_1}, but the tricks entered give A {derived_0}, B {derived_1}.",
                sent_0=sent[0],
                sent_1=sent[1],
                derived_0=derived[0],
                derived_1=derived[1],
            ),
            "tricks_won",
            from_tricks={"A": derived[0], "B": derived[1]},
        )
