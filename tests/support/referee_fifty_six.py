"""56 deals entered trick by trick that the referee tests and the HTTP tests share."""

from __future__ import annotations

from tests.support.trick_notation import trick

# 4 players, dealer S1: S2 (the dealer's right) bids and leads; hearts trump. Every trick follows suit.
FOUR = [
    trick("S2 JH", "S3 9H", "S4 JH", "S1 AH"),  # 9: the first of two jacks wins
    trick("S2 10H", "S3 9H", "S4 KH", "S1 QH"),  # 3
    trick("S3 AH", "S4 10H", "S1 KH", "S2 QH"),  # 2
    trick("S3 JS", "S4 JS", "S1 9S", "S2 9S"),  # 10
    trick("S3 AS", "S4 10S", "S1 AS", "S2 KS"),  # 3
    trick("S3 QS", "S4 KS", "S1 10S", "S2 QS"),  # 1: the ten beats the king and queen
    trick("S1 9D", "S2 JD", "S3 AD", "S4 10D"),  # 7
    trick("S2 9D", "S3 JD", "S4 KD", "S1 QD"),  # 5
    trick("S3 KD", "S4 AD", "S1 10D", "S2 QD"),  # 2
    trick("S4 JC", "S1 JC", "S2 9C", "S3 AC"),  # 9
    trick("S4 9C", "S1 AC", "S2 10C", "S3 KC"),  # 4
    trick("S4 QC", "S1 10C", "S2 KC", "S3 QC"),  # 1
]


# S2 (a bidder) plays the king of clubs on spades at trick 4 while holding KS (trick 5) and 9S (trick 12).
BIDDER_REVOKE = [
    *FOUR[:3],
    trick("S3 JS", "S4 JS", "S1 9S", "S2 KC"),
    *FOUR[4:11],
    trick("S4 QC", "S1 10C", "S2 9S", "S3 QC"),
]
