"""56's trick-by-trick entry (shared/rules/fifty_six.md §F.9a) on top of ``games.rules.tricks``.

The seats still in the match play, in order of play from the dealer's right; the pack and the hand size are
those of the players at the table (§F.2, F-A11). Cards rank J 9 A 10 K Q (8 7) in every suit, the trump
suit above the others; of two identical cards the first played wins. Card points J 3, 9 2, A 1, 10 1.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from games.rules.bid_bands import card_points_inconsistent
from games.rules.cards import SUIT_NAMES, Card
from games.rules.errors import RuleViolation
from games.rules.fifty_six import tables as t
from games.rules.fifty_six.auction import Contract, speaking_order
from games.rules.fifty_six.settings import FiftySixRules
from games.rules.messages import msg, msg_template
from games.rules.tricks import (
    Record,
    Renege,
    Table,
    Tricks,
    TrumpLead,
    later_card,
    referee,
    trick_order_json,
)

SUIT_LETTERS: dict[str, str] = {word: letter for letter, word in SUIT_NAMES.items()}
STRENGTH: dict[str, int] = {rank: len(t.RANK_ORDER) - k for k, rank in enumerate(t.RANK_ORDER)}


@dataclass(frozen=True)
class Pack:
    """The pack of one deal: its size and the ranks it holds, two of each card."""

    size: int

    def copies(self, card: Card) -> int:
        # A joker's rank is "", in no pack.
        return t.COPIES_OF_EACH_CARD if card.rank in t.PACK_RANKS[self.size] else 0


def _suit_of(card: Card) -> str:
    return card.suit


def _strength(card: Card) -> int:
    return STRENGTH.get(card.rank, 0)


def trick_orders() -> dict[str, dict[str, Any]]:
    """Each contract's card order as data (``trick_order_json``): by rank, the trump suit above the others (§F.1)."""
    cards = tuple(Card(rank, suit) for suit in SUIT_NAMES for rank in t.RANK_ORDER)
    return {word: trick_order_json(cards, _suit_of, _strength, SUIT_LETTERS.get(word)) for word in t.TRUMPS}


FIRST_LEADER_MESSAGE = msg_template(
    "The leader is wrong: {leader}, the dealer's right, leads the first trick; this trick is led by {seat}."
)


def table_for(tricks_dealer: str, active_seats: tuple[str, ...], contract: Contract, pack: tuple[int, int]) -> Table:
    """The referee's table: ``pack`` is ``(deck size, cards per player)`` for the players at the table."""
    first = speaking_order(active_seats, tricks_dealer)[0]
    deck_size, hand_size = pack
    return Table(
        seats=active_seats,
        first_leader=first,
        first_leader_message=FIRST_LEADER_MESSAGE,
        hand_size=hand_size,
        pack_size=deck_size,
        pack_players=len(active_seats),
        copies=Pack(deck_size).copies,
        suit_of=_suit_of,
        strength=_strength,
        trump=SUIT_LETTERS.get(contract.trump),
    )


def referee_tricks(
    tricks: Tricks, dealer: str, active_seats: tuple[str, ...], contract: Contract, pack: tuple[int, int]
) -> Record:
    return referee(tricks, table_for(dealer, active_seats, contract, pack))


def check_summary(
    sent_points: int | None, sent_by_team: dict[str, int] | None, derived: dict[str, int], bidding_team: str
) -> None:
    """Summary figures sent with the tricks must be those the tricks give (``card_points_inconsistent``)."""
    if sent_by_team is not None and sent_by_team != derived:
        team = next(name for name in derived if sent_by_team.get(name) != derived[name])
        raise card_points_inconsistent(team, sent_by_team.get(team), derived[team], "card_points_by_team", derived)
    if sent_points is not None and sent_points != derived[bidding_team]:
        raise RuleViolation(
            "card_points_inconsistent",
            msg(
                "Team {bidding_team} is entered as {sent_points} and the tricks give it {derived}.",
                bidding_team=bidding_team,
                sent_points=sent_points,
                derived=derived[bidding_team],
            ),
            "bidding_team_card_points",
            team=bidding_team,
            from_tricks=derived,
        )


def find_trump_leads(record: Record, contract: Contract) -> tuple[TrumpLead, ...]:
    """§F.9a ``after_trump_played``: every trump led before a trump fell in an earlier trick by a seat that still
    held another suit (proven by a later card). Never under no-trumps."""
    trump = SUIT_LETTERS.get(contract.trump)
    if trump is None:
        return ()
    found: list[TrumpLead] = []
    trump_played = False
    for i, trick in enumerate(record.tricks):
        lead = trick.plays[0]
        if lead.card.suit == trump and not trump_played:
            held = later_card(record, i, lead.seat, lambda card: card.suit != trump)
            if held is not None:
                found.append(TrumpLead(lead.seat, i + 1, lead.card, held))
        trump_played = trump_played or any(play.card.suit == trump for play in trick.plays)
    return tuple(found)


def deciding_revoke(
    record: Record, rules: FiftySixRules, trump_leads: tuple[TrumpLead, ...] = ()
) -> Renege | TrumpLead | None:
    """Under ``forfeit_deal``, the first offence in the order of play decides the contract: a revoke, or an early
    trump lead (the first card of its trick, so it comes before any revoke in that trick)."""
    if rules.revoke_rule != "forfeit_deal":
        return None
    offences: list[tuple[int, int, Renege | TrumpLead]] = [(lead.trick, 0, lead) for lead in trump_leads]
    offences += [(renege.trick, 1, renege) for renege in record.reneges]
    return min(offences, key=lambda offence: offence[:2])[2] if offences else None
