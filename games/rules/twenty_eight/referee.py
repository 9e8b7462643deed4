"""Twenty-Eight's trick-by-trick entry (shared/rules/twenty_eight.md §T.7a) on the shared ``games.rules.tricks``.

The shared referee knows the concealed trump (when it is shown, what counts as a trump, the calls and the face-down
card). This module says what the game tells it (the pack, the order J 9 A 10 K Q 8 7, who leads first) and proves
the offences only this game has: a caller who did not trump (``trump_not_played_found``) and, under
``bidder_concealed_trump_lead = forbidden``, a bidder who led the hidden trump suit (``concealed_trump_leads_found``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from games.rules.cards import SUIT_NAMES, SUIT_SYMBOLS, Card
from games.rules.errors import RuleViolation
from games.rules.messages import msg, msg_template
from games.rules.seats import seat_after
from games.rules.tricks import (
    ConcealedTrump,
    Record,
    Renege,
    Table,
    Tricks,
    TrumpLead,
    card_points_by_team,
    later_card,
    referee,
    trick_order_json,
    wrong_trick_count,
    wrong_trick_size,
)
from games.rules.twenty_eight import tables as t
from games.rules.twenty_eight.settings import TwentyEightRules

STRENGTH: dict[str, int] = {rank: len(t.RANK_ORDER) - k for k, rank in enumerate(t.RANK_ORDER)}
FIRST_SPEAKER_LEADS = msg_template(
    "The leader is wrong: {leader}, the dealer's right, leads the first trick; this trick is led by {seat}."
)
BIDDER_LEADS = msg_template(
    "The leader is wrong: the winning bidder {leader} leads the first trick; this trick is led by {seat}."
)


def in_pack(card: Card) -> bool:
    """J 9 A 10 K Q 8 7 of each suit; no 2-6 and no joker (§T.2)."""
    return card.rank in STRENGTH


def trump_refusal(value: Any, field: str) -> RuleViolation:
    return RuleViolation(
        "invalid_trump",
        msg(
            "The trump is one of clubs, diamonds, hearts or spades; 28 has no no-trumps. {value!r} is not one.",
            value=value,
        ),
        field,
        allowed=list(t.TRUMPS),
    )


def copies(card: Card) -> int:
    """One of each card of the pack, none of any other."""
    return 1 if in_pack(card) else 0


def _suit_of(card: Card) -> str:
    return card.suit


def _strength(card: Card) -> int:
    return STRENGTH.get(card.rank, 0)


def trick_orders() -> dict[str, dict[str, Any]]:
    """Each trump's card order as data (``trick_order_json``) for a page guiding trick entry, with the powers of a
    card that fell while the trump was face down (``power_hidden``: then a trump-suit card is no trump, §T.7a)."""
    cards = tuple(Card(rank, suit) for suit in SUIT_NAMES for rank in t.RANK_ORDER)
    return {
        word: trick_order_json(cards, _suit_of, _strength, t.SUIT_LETTERS[word], concealed=True) for word in t.TRUMPS
    }


@dataclass(frozen=True, slots=True)
class TrumpNotPlayed:
    """At ``trick`` ``seat`` called for the trump and played ``card_played``, not a trump, while it held
    ``held_card``, a trump it plays later."""

    seat: str
    trick: int
    position: int
    card_played: Card
    held_card: Card

    def as_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "trick": self.trick,
            "card_played": self.card_played.code,
            "held_card": self.held_card.code,
        }


@dataclass(frozen=True, slots=True)
class Offence:
    """An offence in the order of play (``trick``, ``position``), by ``seat``: the first decides under
    ``forfeit_deal``."""

    trick: int
    position: int
    seat: str


@dataclass(frozen=True, slots=True)
class TrickReport:
    """What the tricks proved: the shared record, both teams' card points and the game's own offences."""

    record: Record
    card_points_by_team: dict[str, int]
    trump_not_played: tuple[TrumpNotPlayed, ...]
    concealed_leads: tuple[TrumpLead, ...] | None  # None: not looked for (``allowed``)

    def offences(self) -> list[Offence]:
        """Every offence the tricks prove, in the order of play (a concealed lead is the first card of its trick)."""
        found = [Offence(renege.trick, _position(self.record, renege), renege.seat) for renege in self.record.reneges]
        found += [Offence(item.trick, item.position, item.seat) for item in self.trump_not_played]
        found += [Offence(item.trick, 0, item.seat) for item in self.concealed_leads or ()]
        return sorted(found, key=lambda offence: (offence.trick, offence.position))

    def as_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "tricks": self.record.tricks_json(),
            "trump_revealed": None if self.record.reveal is None else self.record.reveal.as_json(),
            "card_points_by_team": dict(self.card_points_by_team),
            "reneges_found": self.record.reneges_json(),
            "trump_not_played_found": [item.as_json() for item in self.trump_not_played],
        }
        if self.concealed_leads is not None:
            data["concealed_trump_leads_found"] = [item.as_json() for item in self.concealed_leads]
        return data


def _position(record: Record, renege: Renege) -> int:
    plays = record.tricks[renege.trick - 1].plays
    return next(j for j, play in enumerate(plays) if play.seat == renege.seat)


def _check_trump_card(trump_card: Any, trump: str, rules: TwentyEightRules) -> Card | None:
    """The face-down card: sent with ``own_card`` and of the trump suit, in the pack; never with ``spare_card``."""
    if rules.trump_indicator == "spare_card":
        if trump_card is not None:
            raise RuleViolation(
                "invalid",
                msg("This match plays a spare card as the trump indicator: send no trump_card."),
                "trump_card",
            )
        return None
    letter = t.SUIT_LETTERS[trump]
    if not isinstance(trump_card, Card) or trump_card.suit != letter:
        shown = trump_card.symbol if isinstance(trump_card, Card) else trump_card
        detail = (
            msg("Name the card the bidder laid face down: trump_card, a card of {trump}.", trump=SUIT_SYMBOLS[letter])
            if trump_card is None
            else msg(
                "The face-down card {card} is not of the trump suit; the trump suit is {trump}.",
                card=shown,
                trump=SUIT_SYMBOLS[letter],
            )
        )
        raise RuleViolation("trump_card_invalid", detail, "trump_card")
    if not in_pack(trump_card):
        raise RuleViolation(
            "card_not_in_pack",
            msg("The {size}-card pack has no {card}.", size=t.PACK_SIZE, card=trump_card.symbol),
            "trump_card",
            card=trump_card.code,
            in_pack=0,
        )
    return trump_card


def _check_counts(tricks: Tricks) -> None:
    """8 tricks of 4 cards, before any card is looked at (§T.7a's order)."""
    if len(tricks) != t.HAND_SIZE:
        raise wrong_trick_count(len(tricks), t.HAND_SIZE)
    for i, trick in enumerate(tricks):
        if len(trick) != len(t.SEATS):
            raise wrong_trick_size(i, len(trick), t.SEATS)


def table_for(dealer: str, bidder: str, trump: str, face_down: Card | None, rules: TwentyEightRules) -> Table:
    first_speaker = seat_after(dealer, t.SEATS)
    by_bidder = rules.first_lead == "bidder"
    return Table(
        seats=t.SEATS,
        first_leader=bidder if by_bidder else first_speaker,
        first_leader_message=BIDDER_LEADS if by_bidder else FIRST_SPEAKER_LEADS,
        hand_size=t.HAND_SIZE,
        pack_size=t.PACK_SIZE,
        pack_players=None,
        copies=copies,
        suit_of=_suit_of,
        strength=_strength,
        trump=t.SUIT_LETTERS[trump],
        concealed=ConcealedTrump(bidder, face_down),
    )


def _trump_not_played(record: Record, trump: str) -> tuple[TrumpNotPlayed, ...]:
    """A seat called for the trump, then played no trump while holding one (a trump it plays in a later trick)."""
    found: list[TrumpNotPlayed] = []
    for i, trick in enumerate(record.tricks):
        for j, play in enumerate(trick.plays):
            if not play.reveals_trump or play.card.suit == trump:
                continue
            held = later_card(record, i, play.seat, lambda card: card.suit == trump)
            if held is not None:
                found.append(TrumpNotPlayed(play.seat, i + 1, j, play.card, held))
    return tuple(found)


def _concealed_leads(record: Record, trump: str, bidder: str) -> tuple[TrumpLead, ...]:
    """Wikipedia-28's rule: the bidder led the trump suit while it was hidden, nobody else had led it before, and he
    still held another suit (a card of it he plays later)."""
    found: list[TrumpLead] = []
    led_by_others = False
    for i, trick in enumerate(record.tricks):
        lead = trick.plays[0]
        hidden = record.reveal is None or not record.reveal.before(i + 1, 0)
        if lead.seat == bidder and lead.card.suit == trump and hidden and not led_by_others:
            held = later_card(record, i, bidder, lambda card: card.suit != trump)
            if held is not None:
                found.append(TrumpLead(bidder, i + 1, lead.card, held))
        led_by_others = led_by_others or (lead.seat != bidder and lead.card.suit == trump)
    return tuple(found)


def check_pair(record: Record, seat: str, trump: str) -> None:
    """§T.7a: the pair's seat plays both the king and the queen of trumps, each at or after the reveal."""
    reveal = record.reveal
    for rank in ("K", "Q"):
        card = Card(rank, trump)
        where = next(
            (
                (i + 1, j, play.seat)
                for i, trick in enumerate(record.tricks)
                for j, play in enumerate(trick.plays)
                if play.card == card
            ),
            None,
        )
        if where is None or where[2] != seat:
            detail = msg("{seat} never holds {card}; no pair.", seat=seat, card=card.symbol)
        elif reveal is None or not reveal.before(where[0], where[1]):
            detail = msg(
                "{seat} played {card} in trick {trick}, before the trump was shown; no pair.",
                seat=seat,
                card=card.symbol,
                trick=where[0],
            )
        else:
            continue
        raise RuleViolation("pair_not_allowed", detail, "pair", seat=seat)


def referee_deal(
    tricks: Tricks, dealer: str, bidder: str, trump: str, *, trump_card: Any, rules: TwentyEightRules
) -> TrickReport:
    """§T.7a's checks in order (the face-down card, the counts, then trick by trick) and what the tricks prove."""
    face_down = _check_trump_card(trump_card, trump, rules)
    _check_counts(tricks)
    record = referee(tricks, table_for(dealer, bidder, trump, face_down, rules))
    letter = t.SUIT_LETTERS[trump]
    points = card_points_by_team(record, t.TEAM_NAMES, t.TEAM_OF, t.CARD_POINTS)
    leads = _concealed_leads(record, letter, bidder) if rules.bidder_concealed_trump_lead == "forbidden" else None
    return TrickReport(record, points, _trump_not_played(record, letter), leads)
