"""The scoring and pack tables of 56 (shared/rules/fifty_six.md §F.2, §F.4), as data."""

from __future__ import annotations

from types import MappingProxyType

from games.rules.messages import msg

MIN_BID = 28
MAX_BID = 56
TOTAL_CARD_POINTS = 56
PLAYER_COUNTS: tuple[int, ...] = (4, 6, 8)

TRUMPS: tuple[str, ...] = ("clubs", "diamonds", "hearts", "spades", "no_trumps")
# Spellings a phone may send for a trump, mapped to the canonical word (lower-cased, spaces/hyphens as "_").
TRUMP_ALIASES: MappingProxyType[str, str] = MappingProxyType(
    {
        **{name: name for name in TRUMPS},
        "c": "clubs",
        "d": "diamonds",
        "h": "hearts",
        "s": "spades",
        "club": "clubs",
        "diamond": "diamonds",
        "heart": "hearts",
        "spade": "spades",
        "nt": "no_trumps",
        "no_trump": "no_trumps",
        "notrumps": "no_trumps",
        "notrump": "no_trumps",
    }
)
TRUMP_WORDS: MappingProxyType[str, str] = MappingProxyType(
    {
        "clubs": msg("clubs"),
        "diamonds": msg("diamonds"),
        "hearts": msg("hearts"),
        "spades": msg("spades"),
        "no_trumps": msg("no-trumps"),
    }
)

CALLS: tuple[str, ...] = ("bid", "pass", "double", "redouble")
CONVENTIONS: tuple[str, ...] = ("plus", "noes")
DOUBLINGS: tuple[str, ...] = ("none", "doubled", "redoubled")

# The bids offered as one-tap picks on the deal form (the band edges of §F.4 and the bids just above the lowest);
# any other bid in range is typed.
USUAL_BIDS: tuple[int, ...] = (28, 29, 30, 32, 35, 40, 48, 56)

# Default band table of §F.4: (from, to, win, lose).
DEFAULT_BANDS: tuple[tuple[int, int, int, int], ...] = (
    (28, 39, 1, 2),
    (40, 47, 2, 3),
    (48, 55, 3, 4),
    (56, 56, 4, 5),
)

# double_mode -> doubling -> (factor, addend): the amount is band amount * factor + addend (§F.4, F-A3).
DOUBLE_MODES: MappingProxyType[str, MappingProxyType[str, tuple[int, int]]] = MappingProxyType(
    {
        "multiply": MappingProxyType({"none": (1, 0), "doubled": (2, 0), "redoubled": (4, 0)}),
        "add": MappingProxyType({"none": (1, 0), "doubled": (1, 1), "redoubled": (1, 2)}),
    }
)

# (active players, four_player_pack) -> (deck size, cards per player) (§F.2, §F.5, F-A11).
PACKS: MappingProxyType[tuple[int, int], tuple[int, int]] = MappingProxyType(
    {
        (4, 48): (48, 12),
        (4, 32): (32, 8),
        (6, 48): (48, 8),
        (6, 32): (48, 8),
        (8, 48): (64, 8),
        (8, 32): (64, 8),
    }
)
FOUR_PLAYER_PACKS: tuple[int, ...] = (48, 32)
# F-A21: eight players keep the 64-card pack (8 each), or the 48-card pack of 4 and 6 players (6 each).
EIGHT_PLAYER_PACKS: tuple[int, ...] = (64, 48)
EIGHT_PLAYERS_WITH_48 = (48, 6)
# F-A22: trick entry may forbid leading a trump before one has been played.
TRUMP_LEAD_RULES: tuple[str, ...] = ("any_time", "after_trump_played")
# §F.3a: the two reasons of a redeal record.
REDEAL_REASONS: tuple[str, ...] = ("hand_at_or_below_threshold", "team_without_jack")

# §F.9a: a revoke is listed only (``report``), or decides the contract against the revoking side.
REVOKE_RULES: tuple[str, ...] = ("report", "forfeit_deal")

# §F.1 / §F.2: the card order high to low, the card points, and the ranks of each pack size (two of each card).
RANK_ORDER: tuple[str, ...] = ("J", "9", "A", "10", "K", "Q", "8", "7")
CARD_POINTS: MappingProxyType[str, int] = MappingProxyType({"J": 3, "9": 2, "A": 1, "10": 1})
PACK_RANKS: MappingProxyType[int, frozenset[str]] = MappingProxyType(
    {32: frozenset(RANK_ORDER[:4]), 48: frozenset(RANK_ORDER[:6]), 64: frozenset(RANK_ORDER)}
)
COPIES_OF_EACH_CARD = 2

TEAM_LAYOUTS: tuple[str, ...] = ("pairs", "two_sides")
ALL_PASS_RULES: tuple[str, ...] = ("first_speaker_team_plays_28_no_trumps", "first_speaker_must_bid", "redeal")
ELIMINATIONS: tuple[str, ...] = ("at_zero_tables", "when_cannot_pay")
SHORTFALL_DISTRIBUTIONS: tuple[str, ...] = ("round_robin_from_payers_right",)

# Elimination reasons (§F.5).
NO_TABLES_LEFT = "no_tables_left"
COULD_NOT_PAY_IN_FULL = "could_not_pay_in_full"
