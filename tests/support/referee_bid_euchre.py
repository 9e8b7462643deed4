"""Bid Euchre deals entered trick by trick that the referee, variant and HTTP tests share: a clean deal, a lone
hand, a renege, and a deal payload carrying them."""

from __future__ import annotations

from typing import Any

from tests.support.bid_euchre import deal
from tests.support.trick_notation import trick

# Dealer S4, S1 bids 3 and names hearts: JH is the right bower, JD the left bower.
CLEAN = [
    trick("S1 AH", "S2 9H", "S3 JD", "S4 10H"),  # the left bower beats the ace of trumps
    trick("S3 KH", "S4 AS", "S1 JH", "S2 QH"),  # the right bower beats everything; S4 has no trump left
    trick("S1 AC", "S2 9C", "S3 KC", "S4 QC"),
    trick("S1 9S", "S2 KS", "S3 10S", "S4 QS"),
    trick("S2 AD", "S3 QD", "S4 KD", "S1 10D"),
    trick("S2 JS", "S3 9D", "S4 10C", "S1 JC"),
]


# The same hands, but at trick 3 S4 plays the king of diamonds on clubs while holding the queen of clubs,
# which it plays at trick 5 (two tricks later).
RENEGE = [
    CLEAN[0],
    CLEAN[1],
    trick("S1 AC", "S2 9C", "S3 KC", "S4 KD"),
    CLEAN[3],
    trick("S2 AD", "S3 QD", "S4 QC", "S1 10D"),
    CLEAN[5],
]
# S1 plays partner's best: S3 sits out, the tricks have three cards (S1, S2, S4 clockwise).
LONE = [
    trick("S1 JH", "S2 9H", "S4 10H"),
    trick("S1 AH", "S2 QH", "S4 AS"),
    trick("S1 AC", "S2 9C", "S4 QC"),
    trick("S1 JC", "S2 KS", "S4 10C"),
    trick("S1 9S", "S2 JS", "S4 QS"),
    trick("S4 KD", "S1 10D", "S2 AD"),
]


def with_tricks(
    tricks: list[Any], said: tuple[Any, ...] = (3, "-", "-", "-"), trump: str = "hearts", **extra: Any
) -> dict[str, Any]:
    """A deal dealt by S4 with the tricks entered and no tricks_won (derived)."""
    return deal("S4", said, trump=trump, tricks=None, **extra) | {"tricks": tricks}
