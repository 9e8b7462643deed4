"""Deals entered trick by trick (the table referee, docs/referee.md): a legal-play simulator, the oracle of the
referee tests, whose seeded deals bench/tricks.py also folds.

The simulator has its own card orders, written from the rules files (shared/rules/bid_euchre.md §E.1,
shared/rules/fifty_six.md §F.1), not taken from the engines, so the referee tests (tests/rules/test_referee_*.py)
can check the engines against it; they import it from here.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

SEATS4 = ("S1", "S2", "S3", "S4")


SUIT_WORDS = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
WORD_SUITS = {word: letter for letter, word in SUIT_WORDS.items()}
TRUMP_WORDS = ("spades", "hearts", "diamonds", "clubs")


def suit_letter(card: str) -> str:
    return card[-1]


def rank_of(card: str) -> str:
    return card[:-1]


# --- Bid Euchre's card order (§E.1) ------------------------------------------------------------------------------

EUCHRE_PLAIN = ("9", "10", "J", "Q", "K", "A")
SAME_COLOUR = {"S": "C", "C": "S", "H": "D", "D": "H"}


def euchre_suit(card: str, trump: str | None) -> str:
    """The effective suit: the left bower is a trump, the joker is a trump (its own suit under no-trumps)."""
    if card == "JKR":
        return trump or "JKR"
    if trump and card == f"J{SAME_COLOUR[trump]}":
        return trump
    return suit_letter(card)


def euchre_strength(card: str, trump: str | None) -> int:
    if card == "JKR":
        return 100
    if trump and card == f"J{trump}":
        return 90
    if trump and card == f"J{SAME_COLOUR[trump]}":
        return 80
    return EUCHRE_PLAIN.index(rank_of(card))


def euchre_pack(deck: str) -> list[str]:
    cards = [f"{rank}{suit}" for suit in "SHDC" for rank in EUCHRE_PLAIN]
    if deck == "double_48":
        return cards * 2
    return cards + (["JKR"] if deck == "with_joker_25" else [])


# --- 56's card order (§F.1) --------------------------------------------------------------------------------------

FIFTY_SIX_ORDER = ("J", "9", "A", "10", "K", "Q", "8", "7")  # high to low


def fifty_six_pack(players: int, four_player_pack: int) -> list[str]:
    """Two packs of J 9 A 10 K Q (with 8 7 for 8 players; J 9 A 10 only for the 32-card pack of 4 players)."""
    order = FIFTY_SIX_ORDER
    ranks = order if players == 8 else order[:4] if four_player_pack == 32 and players == 4 else order[:6]
    return [f"{rank}{suit}" for suit in "SHDC" for rank in ranks] * 2


def fifty_six_strength(card: str) -> int:
    return len(FIFTY_SIX_ORDER) - FIFTY_SIX_ORDER.index(rank_of(card))


# --- a legal (or once illegal) play of a whole deal --------------------------------------------------------------


@dataclass
class Played:
    tricks: list[list[dict[str, str]]]
    winners: list[str]
    renege: dict[str, Any] | None  # the forced renege's proof, as the referee should report it


def play_out(
    hands: dict[str, list[str]],
    seats: list[str],
    leader: str,
    *,
    suit_of: Callable[[str], str],
    strength: Callable[[str], int],
    trump: str | None,
    rng: random.Random,
    renege_at: int | None = None,
) -> Played:
    """Play every card: each seat follows the suit led when it can (a random legal card). At trick
    ``renege_at`` the first seat after the leader that holds the suit led and another suit plays the other
    suit instead, keeping the card it should have played for later."""
    hands = {seat: list(cards) for seat, cards in hands.items()}
    tricks, winners = [], []
    renege: dict[str, Any] | None = None
    for number in range(len(hands[leader])):
        order = seats[seats.index(leader) :] + seats[: seats.index(leader)]
        plays: list[tuple[str, str]] = []
        for seat in order:
            hand = hands[seat]
            led = suit_of(plays[0][1]) if plays else None
            follow = [card for card in hand if suit_of(card) == led]
            off = [card for card in hand if suit_of(card) != led]
            options = follow or hand
            if renege_at == number and renege is None and plays and follow and off:
                options = off
                renege = {"seat": seat, "trick": number + 1, "led_suit": led}
            card = rng.choice(sorted(options))
            hand.remove(card)
            if renege is not None and renege["seat"] == seat and "card_played" not in renege:
                renege["card_played"] = card
            plays.append((seat, card))
        led = suit_of(plays[0][1])

        def power(card: str, led: str = led) -> tuple[int, int]:
            suit = suit_of(card)
            return (2 if suit == trump else 1 if suit == led else 0), strength(card)

        best = plays[0]
        for play in plays[1:]:
            if power(play[1]) > power(best[1]):
                best = play
        tricks.append([{"seat": seat, "card": card} for seat, card in plays])
        winners.append(best[0])
        leader = best[0]
    if renege is not None:
        seat, led = renege["seat"], renege["led_suit"]
        later = [play["card"] for played in tricks[renege["trick"] :] for play in played if play["seat"] == seat]
        renege["held_card"] = next(card for card in later if suit_of(card) == led)
        renege["led_suit"] = SUIT_WORDS.get(led, "joker")
        renege = {key: renege[key] for key in ("seat", "trick", "led_suit", "card_played", "held_card")}
    return Played(tricks, winners, renege)


def deal_hands(pack: list[str], seats: list[str], size: int, rng: random.Random) -> dict[str, list[str]]:
    cards = list(pack)
    rng.shuffle(cards)
    return {seat: cards[k * size : (k + 1) * size] for k, seat in enumerate(seats)}


def bid_euchre_play(
    deck: str,
    hand_size: int,
    bidder: str,
    trump: str,
    rng: random.Random,
    *,
    lone: bool = False,
    renege_at: int | None = None,
) -> Played:
    """A Bid Euchre deal played out: the winning bidder leads; in a lone hand its partner sits out.
    ``trump`` is a suit word or ``no_trumps``."""
    seats = list(SEATS4)
    if lone:
        seats.remove(SEATS4[(SEATS4.index(bidder) + 2) % 4])
    letter = WORD_SUITS.get(trump)
    hands = deal_hands(euchre_pack(deck), seats, hand_size, rng)
    return play_out(
        hands,
        seats,
        bidder,
        suit_of=lambda card: euchre_suit(card, letter),
        strength=lambda card: euchre_strength(card, letter),
        trump=letter or "JKR",
        rng=rng,
        renege_at=renege_at,
    )


def fifty_six_play(
    players: int, four_player_pack: int, dealer: str, trump: str, rng: random.Random, *, renege_at: int | None = None
) -> Played:
    """A 56 deal played out by every seat: the dealer's right leads. ``trump`` is a suit word or ``no_trumps``."""
    seats = [f"S{k}" for k in range(1, players + 1)]
    pack = fifty_six_pack(players, four_player_pack)
    hands = deal_hands(pack, seats, len(pack) // players, rng)
    leader = seats[(seats.index(dealer) + 1) % players]
    return play_out(
        hands,
        seats,
        leader,
        suit_of=suit_letter,
        strength=fifty_six_strength,
        trump=WORD_SUITS.get(trump),
        rng=rng,
        renege_at=renege_at,
    )
