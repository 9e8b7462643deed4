"""The card orders a page reads from the game facts (``entry.trick_orders``) pick the same trick winner as the
referee, for every contract of 56, Bid Euchre and Twenty-Eight (with its trump shown at any card of the trick): the
page takes the highest of the engine's numbers (``power`` by the suit led, ``power_hidden`` for a card that fell while
the trump was face down), it keeps no order and compares no suit."""

from __future__ import annotations

import random
from typing import Any

import pytest

from games.rules.bid_euchre.deal import LOW_NO_TRUMPS, TRUMP_SUITS
from games.rules.bid_euchre.referee import EuchreCards
from games.rules.cards import Card, parse_card
from games.rules.facts import game_facts
from games.rules.fifty_six import referee as fifty_six_referee
from games.rules.registry import get_engine
from games.rules.tricks import Play, Table, _winner
from games.rules.twenty_eight import referee as twenty_eight_referee


def page_winner(cards: list[str], order: dict[str, Any], shown_from: int = 0) -> int:
    """table/static/table/js/tricks.js trickWinner over the facts: the card of the highest power for the suit the
    first card leads as (``led``), the first of two equal; a card played before the card ``shown_from`` (the trump
    still face down: twenty_eight.js revealOrder) has its ``power_hidden``. No suit, trump or rank is compared."""
    led = order["led"][cards[0]]

    def power(index: int) -> int:
        return int(order["power_hidden" if index < shown_from else "power"][led][cards[index]])

    best = 0
    for index in range(1, len(cards)):
        if power(index) > power(best):
            best = index
    return best


def referee_table(game: str, trump_word: str) -> Table:
    if game == "fifty_six":
        suit_of, strength = fifty_six_referee._suit_of, fifty_six_referee._strength
        trump = fifty_six_referee.SUIT_LETTERS.get(trump_word)
    else:
        cards = EuchreCards(TRUMP_SUITS.get(trump_word), low=trump_word == LOW_NO_TRUMPS)
        suit_of, strength, trump = cards.suit_of, cards.strength, cards.trump_suit
    return Table(("S1", "S2", "S3", "S4"), "S1", "", 6, 24, None, lambda card: 1, suit_of, strength, trump)


@pytest.mark.parametrize("game", ["fifty_six", "bid_euchre"])
def test_every_contracts_order_picks_the_referees_winner(game: str) -> None:
    orders = game_facts(get_engine(game))["entry"]["4"]["trick_orders"]
    generator = random.Random(27)
    for trump_word, order in orders.items():
        table = referee_table(game, trump_word)
        pack = list(order["strength"])
        for _ in range(300):
            cards = generator.sample(pack, 4)
            trick = tuple(Play(seat, parse_card(code)) for seat, code in zip(table.seats, cards, strict=True))
            assert table.seats[page_winner(cards, order)] == _winner(trick, table), (trump_word, cards)


def test_28_orders_pick_the_referees_winner_wherever_the_trump_is_shown() -> None:
    orders = game_facts(get_engine("twenty_eight"))["entry"]["4"]["trick_orders"]
    assert sorted(orders) == ["clubs", "diamonds", "hearts", "spades"]
    generator = random.Random(29)
    for trump_word, order in orders.items():
        ref = twenty_eight_referee
        table = Table(
            ("S1", "S2", "S3", "S4"), "S1", "", 8, 32, None, lambda card: 1, ref._suit_of, ref._strength, order["trump"]
        )
        pack = list(order["strength"])
        for _ in range(300):
            cards = generator.sample(pack, 4)
            shown_from = generator.randint(0, 4)  # 4: the trump is still face down after the trick
            trick = tuple(Play(seat, parse_card(code)) for seat, code in zip(table.seats, cards, strict=True))
            counting = tuple(j >= shown_from for j in range(4))
            assert page_winner(cards, order, shown_from) == table.seats.index(_winner(trick, table, counting)), (
                trump_word,
                cards,
                shown_from,
            )


def test_56_facts_name_the_card_points_and_the_ranks_of_each_pack() -> None:
    entry = game_facts(get_engine("fifty_six"))["entry"]["6"]
    assert entry["card_points"] == {"J": 3, "9": 2, "A": 1, "10": 1}
    assert entry["pack_ranks"] == {
        "32": ["J", "9", "A", "10"],
        "48": ["J", "9", "A", "10", "K", "Q"],
        "64": ["J", "9", "A", "10", "K", "Q", "8", "7"],
    }
    assert (entry["bid_range"], entry["usual_bids"], entry["forced_contract_points"]) == (
        [28, 56],
        [28, 29, 30, 32, 35, 40, 48, 56],
        28,
    )
    assert Card("J", "S").code in entry["trick_orders"]["no_trumps"]["strength"]


def test_28_facts_name_the_card_points_the_pack_and_the_tricks() -> None:
    entry = game_facts(get_engine("twenty_eight"))["entry"]["4"]
    assert entry["card_points"] == {"J": 3, "9": 2, "A": 1, "10": 1}
    assert entry["pack_ranks"] == ["J", "9", "A", "10", "K", "Q", "8", "7"]
    assert entry["trick_count"] == 8
    assert entry["trick_orders"]["hearts"]["trump"] == "H"
    assert entry["trick_orders"]["hearts"]["strength"]["JH"] > entry["trick_orders"]["hearts"]["strength"]["9H"]
