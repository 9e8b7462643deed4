"""Card codes shared by every game: rank + suit (``10D``, ``AS``), and ``JKR`` for a joker.

Input is forgiving (lower case, ``T`` for ten, surrounding spaces); output is always canonical.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.rules.errors import RuleViolation
from games.rules.messages import msg

RANKS: tuple[str, ...] = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS: tuple[str, ...] = ("S", "H", "D", "C")
SUIT_SYMBOLS: dict[str, str] = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}
SUIT_NAMES: dict[str, str] = {"S": msg("spades"), "H": msg("hearts"), "D": msg("diamonds"), "C": msg("clubs")}
RANK_NAMES: dict[str, str] = {"A": msg("ace"), "J": msg("jack"), "Q": msg("queen"), "K": msg("king")}
JOKER = "JKR"


@dataclass(frozen=True, slots=True)
class Card:
    """One card; ``rank`` and ``suit`` are empty strings for a joker."""

    rank: str
    suit: str

    @property
    def is_joker(self) -> bool:
        return self.rank == ""

    @property
    def code(self) -> str:
        return JOKER if self.is_joker else f"{self.rank}{self.suit}"

    def __str__(self) -> str:
        return self.code

    @property
    def symbol(self) -> str:
        """The card as a message names it: ``10♠``, ``Q♥``, ``JKR``. Data, the same in every language, so no
        words ("the queen of hearts") are pasted into a translated sentence (issue 26)."""
        return JOKER if self.is_joker else f"{self.rank}{SUIT_SYMBOLS[self.suit]}"


JOKER_CARD = Card("", "")


def parse_card(text: object, field: str | None = None) -> Card:
    """Parse one card code, or raise ``invalid_card`` naming ``field``."""
    if not isinstance(text, str):
        raise RuleViolation(
            "invalid_card",
            msg(
                "{text!r} is not a card; write cards like 10D, AS or JKR.",
                text=text,
            ),
            field,
        )
    code = text.strip().upper()
    if code in (JOKER, "JOKER"):
        return JOKER_CARD
    rank, suit = code[:-1], code[-1:]
    if rank == "T":
        rank = "10"
    if rank not in RANKS or suit not in SUITS:
        raise RuleViolation(
            "invalid_card",
            msg(
                "'{text}' is not a card; write cards like 10D, AS, QH or JKR.",
                text=text,
            ),
            field,
            card=text,
        )
    return Card(rank, suit)


def parse_cards(values: object, field: str) -> tuple[Card, ...]:
    """Parse a list of card codes; each bad element is reported as ``field[i]``."""
    if not isinstance(values, (list, tuple)):
        raise RuleViolation("invalid", msg('Give the cards as a list of codes such as ["10D", "AS"].'), field)
    return tuple(parse_card(value, f"{field}[{index}]") for index, value in enumerate(values))


def card_codes(cards: tuple[Card, ...] | list[Card]) -> list[str]:
    return [card.code for card in cards]
